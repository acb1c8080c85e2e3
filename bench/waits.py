"""What a hand can win on (``scorer.analyze(...).to_dict()``), against ``MahjongGB``'s calls for the same answer.

    python -m bench.waits [--n 400] [--seed 1] [--rounds 3] [--mix easy|hard|both] [--json out.json]

Three kinds of hand, each timed beside its reference answer:

    not_ready   13 tiles of shanten 1 or more, against ``MahjongShanten``
    ready       13 tiles ready, every wait scored on a discard and self-drawn, against
                ``MahjongShanten`` plus two ``MahjongFanCalculator`` calls per wait
    fourteen    14 tiles: every discard's outlook (and the win, if they win), against
                ``MahjongShanten`` for every distinct discard plus two calls per wait of a
                discard that leaves the hand ready

The easy mix is the waits stream's (``testkit/hands/waiting.py``: hands of ``testkit/hands/themed.py``,
ready with the winning tile taken away, not ready with two tiles swapped; 14 tiles: those hands
complete); the hard one
``testkit/hands/hard.py``'s (shanten 1-6 from random draws, swaps and knitted shapes; ready hands
of the harder complete mix; 14 random, knitted or nearly complete tiles).
"""

from __future__ import annotations

import sys
from typing import Any

from bench.common import Clock, run

PAIRS = {"not_ready": (("not_ready",), "ref_not_ready"), "ready": (("ready",), "ref_ready"),
         "fourteen": (("fourteen",), "ref_fourteen")}


def _fourteen_reference(packs: Any, standing: tuple[str, ...]) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Per distinct discard, the 13 standing tiles left and their waits (worked out before timing)."""
    from testkit.hands.waiting import ref_waits

    out = []
    for t in sorted(set(standing)):
        rest = list(standing)
        rest.remove(t)
        out.append((tuple(rest), ref_waits(packs, tuple(rest))))
    return out


def hands(mix: str, n: int, seed: int) -> dict[str, list[Any]]:
    """Each kind's hands as ``(body, reference arguments)``; the scorer is never called here."""
    if mix == "easy":
        from testkit.hands.themed import generate_many
        from testkit.hands.waiting import waits_hands

        ready, not_ready = waits_hands(n, seed)
        from testkit.hands.hard import _waiting

        full = [_waiting([*g.concealed, g.winning_tile], g.melds, {"seat_wind": g.context["seat_wind"],
                         "prevalent_wind": g.context["prevalent_wind"]}, g.flowers)
                for g in generate_many(n // 2, seed + 1)]
    else:
        from testkit.hands.hard import complete, fourteen, ready_from
        from testkit.hands.hard import not_ready as far

        ready = [(w[0], (w[1], w[2], waits, flowers, seat, prevalent))
                 for w, waits, flowers, seat, prevalent in ready_from(complete(n, seed))]
        not_ready = [(w[0], (w[1], w[2])) for w in far(n, seed)]
        full = fourteen(n // 2, seed)
    ctx_of = [(b["context"]["seat_wind"], b["context"]["prevalent_wind"]) for b, _, _ in full]
    fourteen_hands = [(b, (p, _fourteen_reference(p, s), b["hand"].get("flowers", 0), "ESWN".index(w[0]),
                           "ESWN".index(w[1]))) for (b, p, s), w in zip(full, ctx_of, strict=True)]
    return {"ready": ready, "not_ready": not_ready, "fourteen": fourteen_hands}


def child(mix: str, n: int, seed: int) -> dict[str, Any]:
    import MahjongGB

    import scorer

    shanten, calc = MahjongGB.MahjongShanten, MahjongGB.MahjongFanCalculator
    kinds = hands(mix, n, seed)
    analyze = scorer.analyze
    clock = Clock()

    def answer(body: dict[str, Any]) -> dict[str, Any]:
        return analyze(body["hand"], body["context"]).to_dict()

    def ref_ready(packs: Any, standing: Any, waits: Any, flowers: int, seat: int, prevalent: int) -> None:
        shanten(packs, standing)
        for w in waits:
            for self_drawn in (False, True):
                try:
                    calc(packs, standing, w, flowers, self_drawn, False, False, False, seat, prevalent)
                except Exception:  # noqa: BLE001 - no fan / not a win: the reference did the work
                    pass

    def ref_fourteen(packs: Any, discards: Any, flowers: int, seat: int, prevalent: int) -> None:
        for rest, waits in discards:
            try:
                shanten(packs, rest)
            except Exception:  # noqa: BLE001
                pass
            for w in waits:
                for self_drawn in (False, True):
                    try:
                        calc(packs, rest, w, flowers, self_drawn, False, False, False, seat, prevalent)
                    except Exception:  # noqa: BLE001
                        pass

    for body, (packs, standing) in kinds["not_ready"]:
        clock.time("ref_not_ready", shanten, packs, standing)
        clock.time("not_ready", answer, body)
    for body, args in kinds["ready"]:
        clock.time("ref_ready", ref_ready, *args)
        clock.time("ready", answer, body)
    for body, args in kinds["fourteen"]:
        clock.time("ref_fourteen", ref_fourteen, *args)
        clock.time("fourteen", answer, body)
    return {"means": clock.means(), "compiled": scorer.COMPILED,
            "hands": {k: len(v) for k, v in kinds.items()}}


def main(argv: list[str] | None = None) -> int:
    run("waits", (__doc__ or "").split("\n")[0], PAIRS, argv, n=400)
    return 0


if __name__ == "__main__":
    sys.exit(main())
