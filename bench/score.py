"""Build + score a complete hand, against ``MahjongGB.MahjongFanCalculator`` on the same hand.

    python -m bench.score [--n 2000] [--seed 1] [--rounds 3] [--mix easy|hard|both] [--json out.json]

Per hand, from JSON-shaped fields as a parser gives them: ``Hand.build`` + ``Context.build``
(``build``), then ``scorer.score`` (``score``), beside the reference's call (``ref``, not verbose).
The easy mix is ``testkit/hands/themed.py``'s (the stream's); the hard one ``testkit/hands/hard.py``'s.
Figures: ``stream`` (build + score) and ``score`` alone over the reference, wall and CPU.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from bench.common import Clock, run

PAIRS = {"stream": (("build", "score"), "ref"), "score": (("score",), "ref"), "build": (("build",), "ref")}


def hands(mix: str, n: int, seed: int) -> list[Any]:
    if mix == "easy":
        from testkit.hands.themed import generate_many

        return generate_many(n, seed)
    from testkit.hands.hard import complete

    return complete(n, seed)


def child(mix: str, n: int, seed: int) -> dict[str, Any]:
    import MahjongGB

    import scorer

    gen = hands(mix, n, seed)
    bodies = [json.loads(json.dumps(g.request_body())) for g in gen]
    refs = [g.reference_args()[:-1] for g in gen]
    calc, build_hand, build_ctx, score = (MahjongGB.MahjongFanCalculator, scorer.Hand.build, scorer.Context.build,
                                          scorer.score)
    clock = Clock()
    for body, args in zip(bodies, refs, strict=True):
        clock.time("ref", calc, *args)
        built = clock.time("build", lambda b=body: (build_hand(**b["hand"]), build_ctx(**b["context"])))
        clock.time("score", score, *built)
    structures: dict[str, int] = {}
    for g in gen:
        structures[g.structure] = structures.get(g.structure, 0) + 1
    return {"means": clock.means(), "structures": structures, "compiled": scorer.COMPILED}


def main(argv: list[str] | None = None) -> int:
    run("score", (__doc__ or "").split("\n")[0], PAIRS, argv, n=2000)
    return 0


if __name__ == "__main__":
    sys.exit(main())
