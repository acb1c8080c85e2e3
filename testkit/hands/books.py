"""Hong Kong and Sichuan requests for the books' digests (``tests/explain_off_hash.py``) and their
benchmarks: ``(scorer.Hand, context, options)`` triples, the generated hands first, then every
scoring seed of the book. Hong Kong's hands are ``themed``'s MCR hands with named flowers; Sichuan's
are drawn here, in two suits."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import scorer
from testkit import ROOT
from testkit.hands.themed import GenHand, generate_many

FLOWERS = ["plum", "orchid", "chrysanthemum", "bamboo", "spring", "summer", "autumn", "winter"]


def hk_request(g: GenHand, flowers: list[str], max_fan: int, min_fan: int,
               ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """A generated MCR hand as a Hong Kong request: its hand's fields with these named flowers, its
    context without last_copy (no Hong Kong fan reads it), and the fan limits as options."""
    return {**g.hand_kwargs(), "flowers": flowers}, {**g.context, "last_copy": False}, {
        "max_fan": max_fan, "min_fan": min_fan}


def hk_requests(n: int = 4000, seed: int = 41) -> Iterator[tuple[scorer.Hand, dict[str, Any], dict[str, Any]]]:
    """The digest's and the benchmarks' stream (``testkit.strategies.hk_hands`` draws the same requests
    for hypothesis)."""
    rnd = random.Random(seed)
    for g in generate_many(n, seed=seed):
        flowers = rnd.sample(FLOWERS, rnd.randint(0, 8))
        hi = rnd.randint(3, 13)
        hand, context, options = hk_request(g, flowers, hi, rnd.randint(0, hi))
        yield scorer.Hand.build(**hand), context, options
    for p in sorted((ROOT / "seeds" / "hk").glob("*.json")):
        req = json.loads(p.read_text(encoding="utf-8"))["request"]
        yield scorer.Hand.build(**req["hand"]), req.get("context", {}), req.get("options", {})


def sichuan_hand(rnd: random.Random) -> tuple[scorer.Hand, str]:
    """A complete hand in two suits: four sets (pungs, kongs, chows; some declared) and a pair, or
    seven pairs."""
    missing = rnd.choice("mps")
    kept = [f"{r}{s}" for s in "mps" if s != missing for r in range(1, 10)]
    while True:
        counts = dict.fromkeys(kept, 0)
        if rnd.random() < 0.25:
            pairs = [rnd.choice(kept) for _ in range(7)]
            tiles = []
            for t in pairs:
                counts[t] += 2
                tiles += [t, t]
            if max(counts.values()) <= 4:
                rnd.shuffle(tiles)
                return scorer.Hand(tuple(scorer.Tile(t) for t in tiles[:-1]), (), scorer.Tile(tiles[-1])), missing
            continue
        melds: list[scorer.Meld] = []
        concealed: list[str] = []
        for _ in range(4):
            t = rnd.choice(kept)
            if rnd.random() < 0.5 and int(t[0]) <= 7:
                run = [f"{int(t[0]) + k}{t[1]}" for k in range(3)]
                for x in run:
                    counts[x] += 1
                concealed += run
            else:
                size = rnd.choice((3, 3, 4))
                counts[t] += size
                if size == 4:
                    melds.append(scorer.Meld(scorer.MeldKind.KONG, scorer.Tile(t), concealed=rnd.random() < 0.5))
                elif rnd.random() < 0.4:
                    melds.append(scorer.Meld(scorer.MeldKind.PUNG, scorer.Tile(t)))
                else:
                    concealed += [t] * 3
        pair = rnd.choice(kept)
        counts[pair] += 2
        concealed += [pair, pair]
        if max(counts.values()) > 4:
            continue
        rnd.shuffle(concealed)
        hand = scorer.Hand(tuple(scorer.Tile(t) for t in concealed[:-1]), tuple(melds), scorer.Tile(concealed[-1]))
        return hand, missing


def sichuan_requests(n: int = 4000, seed: int = 43) -> Iterator[tuple[scorer.Hand, dict[str, Any], dict[str, Any]]]:
    rnd = random.Random(seed)
    for _ in range(n):
        hand, missing = sichuan_hand(rnd)
        self_drawn = rnd.random() < 0.4
        seat = rnd.choice("ESWN")
        ctx: dict[str, Any] = {"missing_suit": missing, "seat_wind": seat, "self_drawn": self_drawn,
                               "discarder": None if self_drawn else rnd.choice([w for w in "ESWN" if w != seat]),
                               "last_wall_tile": rnd.random() < 0.1}
        if self_drawn and hand.melds and any(m.kind is scorer.MeldKind.KONG for m in hand.melds):
            ctx["kong_replacement"] = rnd.random() < 0.3
        yield hand, ctx, {"max_fan": rnd.randint(1, 13)}
    for p in sorted((ROOT / "seeds" / "sichuan").glob("*.json")):
        s = json.loads(p.read_text(encoding="utf-8"))
        if s["kind"] != "score":
            continue
        req = s["request"]
        given = req["hand"]
        hand = scorer.Hand.parse(given) if isinstance(given, str) else scorer.Hand.build(**given)
        yield hand, req["context"], req.get("options", {})


TAIWAN_TILES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWNCFP")


def taiwan_request(rnd: random.Random) -> dict[str, Any]:
    """A complete Taiwanese 16-tile hand as a request body's fields: five sets (chows, pungs and
    kongs, up to two declared) and a pair, the winning tile among the concealed ones, named flowers,
    a seat, a prevalent wind and how it was won. Complete, not always winning: the book says."""
    while True:
        counts = dict.fromkeys(TAIWAN_TILES, 0)
        melds: list[dict[str, Any]] = []
        concealed: list[str] = []
        for _ in range(5):
            t = rnd.choice(TAIWAN_TILES)
            if rnd.random() < 0.6 and t[0].isdigit() and int(t[0]) <= 7:
                run = [f"{int(t[0]) + k}{t[1]}" for k in range(3)]
                for x in run:
                    counts[x] += 1
                if len(melds) < 2 and rnd.random() < 0.2:
                    melds.append({"tiles": run})
                else:
                    concealed += run
            else:
                size = rnd.choice((3, 3, 3, 4))
                counts[t] += size
                if size == 4 or (len(melds) < 2 and rnd.random() < 0.3):
                    melds.append({"tiles": [t] * size, "concealed": size == 4 and rnd.random() < 0.5})
                else:
                    concealed += [t] * 3
        pair = rnd.choice(TAIWAN_TILES)
        counts[pair] += 2
        concealed += [pair, pair]
        if max(counts.values()) > 4:
            continue
        rnd.shuffle(concealed)
        self_drawn = rnd.random() < 0.4
        seat = rnd.choice("ESWN")
        context: dict[str, Any] = {"seat_wind": seat, "prevalent_wind": rnd.choice("ESWN"), "self_drawn": self_drawn}
        if not self_drawn:
            context["discarder"] = rnd.choice([w for w in "ESWN" if w != seat])
        return {"hand": {"concealed": "".join(concealed[:-1]), "melds": melds, "winning_tile": concealed[-1],
                         "flowers": rnd.sample(FLOWERS, rnd.randint(0, 3))},
                "context": context}
