"""A digest of thousands of answers, to show a speed change left every answer byte-identical.

    python -m bench.digest [--scores 4000] [--waits 600] [--taiwan 1500] [--taiwan-waits 100]

Scores generated hands (``testkit/hands/themed.py`` and ``testkit/hands/load.py``, object and notation
bodies, the three books of ``BOOKS``), analyses waits (13 tiles ready and not, 14 tiles) and scores
Taiwanese 16-tile hands (``testkit/hands/books.py``, under the defaults, a preset and house rules,
some explained) and analyses Taiwanese waits (16 and 17 tiles, with and without 嚦咕嚦咕),
serialises each answer (or its error) as JSON, and prints one SHA-256 per kind.
Run it with each build's interpreter before and after a change: the digests must not move.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

if not __package__:
    sys.path.append(str(Path(__file__).resolve().parents[1]))

import scorer  # noqa: E402
from testkit.hands.books import TAIWAN_TILES, taiwan_request  # noqa: E402
from testkit.hands.load import generate  # noqa: E402
from testkit.hands.themed import CODES, generate_many  # noqa: E402

# The books the score digest has always covered, named rather than read from ``scorer.RULESETS``: a
# book added to the registry would move the digest by construction, and the digests stay comparable
# across such a change only if the set of books is fixed. A new book's answers get their own digest.
BOOKS = ("mcr", "hk", "sichuan")


def _answer(fn: Any, *args: Any, **kwargs: Any) -> bytes:
    try:
        out = fn(*args, **kwargs).to_dict()
    except scorer.ScorerError as e:
        out = {"error": e.code, "message": e.message, "field": list(e.field)}
    return json.dumps(out, sort_keys=True, ensure_ascii=False).encode()


def score_digest(n: int) -> str:
    h = hashlib.sha256()
    bodies = [g.request_body() for g in generate_many(n // 2, 11)]
    bodies += [g.body("notation" if k % 3 == 0 else "object") for k, g in enumerate(generate(n - n // 2, 12))]
    for k, body in enumerate(bodies):
        hand = body["hand"]
        try:
            hd = scorer.Hand.parse(hand) if isinstance(hand, str) else scorer.Hand.build(**hand)
            ctx = scorer.Context.build(**body.get("context", {}))
        except scorer.ScorerError as e:
            h.update(f"{e.code}{e.field}".encode())
            continue
        for book in BOOKS if k % 5 == 0 else BOOKS[:1]:
            h.update(_answer(scorer.score, hd, ctx, ruleset=book))
    return h.hexdigest()


def waits_digest(n: int) -> str:
    h = hashlib.sha256()
    rng = random.Random(5)
    for g in generate_many(n, 13):
        hk = g.hand_kwargs()
        ready = {"concealed": hk["concealed"], "melds": hk["melds"], "flowers": hk["flowers"]}
        ctx = {"seat_wind": g.context["seat_wind"], "prevalent_wind": g.context["prevalent_wind"]}
        swapped = list(hk["concealed"])
        swapped[rng.randrange(len(swapped))] = rng.choice(CODES)
        fourteen = [*hk["concealed"], rng.choice(CODES)]
        for concealed in (hk["concealed"], swapped, fourteen):
            h.update(_answer(scorer.analyze, {**ready, "concealed": concealed}, ctx))
    return h.hexdigest()


# Each Taiwanese hand under one of these, in turn: the defaults, a preset, house rules that switch
# items on and value one otherwise.
TAIWAN_OPTIONS: tuple[dict[str, Any] | None, ...] = (
    None, {"preset": "open-mahjong"}, {"flower_scoring": "any", "wind_scoring": "any", "fan_values": {"self_drawn": 2}})


def taiwan_digest(n: int) -> str:
    h = hashlib.sha256()
    rng = random.Random(17)
    for k in range(n):
        body = taiwan_request(rng)
        try:
            hd = scorer.Hand.build(**body["hand"])
            ctx = scorer.Context.build(**body["context"])
        except scorer.ScorerError as e:
            h.update(f"{e.code}{e.field}".encode())
            continue
        h.update(_answer(scorer.score, hd, ctx, ruleset="taiwan", options=TAIWAN_OPTIONS[k % 3], explain=k % 4 == 0))
    return h.hexdigest()


TAIWAN_WAITS_OPTIONS: tuple[dict[str, Any], ...] = ({}, {"eight_and_a_half_pairs": 8})


def taiwan_waits_digest(n: int) -> str:
    """Taiwanese waits: a complete hand less its winning tile (16 tiles), the whole hand (17, every
    discard's outlook) and 16 or 17 tiles at random, by turns under the defaults and with 嚦咕嚦咕."""
    h = hashlib.sha256()
    rng = random.Random(19)
    wall = [t for t in TAIWAN_TILES for _ in range(4)]
    for k in range(n):
        hand = taiwan_request(rng)["hand"]
        melds, flowers = hand["melds"], hand["flowers"]
        for body in ({"concealed": hand["concealed"], "melds": melds, "flowers": flowers},
                     {"concealed": hand["concealed"] + hand["winning_tile"], "melds": melds, "flowers": flowers},
                     {"concealed": "".join(rng.sample(wall, 16 + k % 2))}):
            h.update(_answer(scorer.analyze, body, ruleset="taiwan", options=TAIWAN_WAITS_OPTIONS[k % 2]))
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--scores", type=int, default=4000)
    p.add_argument("--waits", type=int, default=600)
    p.add_argument("--taiwan", type=int, default=1500)
    p.add_argument("--taiwan-waits", type=int, default=100)
    args = p.parse_args(argv)
    print(f"build {'compiled' if scorer.COMPILED else 'pure'}")
    print(f"scores {args.scores}: {score_digest(args.scores)}")
    print(f"waits {args.waits}x3: {waits_digest(args.waits)}")
    print(f"taiwan {args.taiwan}: {taiwan_digest(args.taiwan)}")
    print(f"taiwan waits {args.taiwan_waits}x3: {taiwan_waits_digest(args.taiwan_waits)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
