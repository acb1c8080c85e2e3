"""Room settlement speed as a ratio to scoring the same hands one by one, in the same run.

    python -m bench.room [--number 200] [--repeat 5]

Three timings, each the best of ``--repeat`` rounds of ``--number`` calls (the machine is shared
and noisy, so the figure that matters is the ratio; microseconds only show the scale):

    ref      16 x scorer.score(hand, context) + to_dict() of the Green Book introduction's
             worked example (result cache warm): what the hands cost without a room
    full     settle(build_room(...)).to_dict() of a 16-hand room whose hands are that full hand
    points   the same room with known points instead of hands (the room's own cost)
"""

from __future__ import annotations

import argparse
import timeit
from collections.abc import Callable
from typing import Any

import scorer

HAND = "[222m1][444m2][666m3]88mWW8m"
NAMES = ("Ann", "Bo", "Cy", "Di")


def _room(win: Callable[[int], dict[str, Any]]) -> dict[str, Any]:
    return {"players": [{"name": n, "beans": 10**6} for n in NAMES], "length": 16, "base_points": 10,
            "hands": [{"win": {"winner": NAMES[i % 4], "discarder": NAMES[(i + 1) % 4], **win(i)}} for i in range(16)]}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--number", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)

    full, points = _room(lambda i: {"hand": HAND}), _room(lambda i: {"points": 12})
    context = scorer.Context(seat_wind="E", discarder="S", base_points=10)

    def ref() -> None:
        for _ in range(16):
            scorer.score(scorer.Hand.parse(HAND), context).to_dict()

    cases: dict[str, Callable[[], object]] = {
        "ref": ref,
        "full": lambda: scorer.mcr.settle(scorer.mcr.build_room(**full)).to_dict(),
        "points": lambda: scorer.mcr.settle(scorer.mcr.build_room(**points)).to_dict(),
    }
    for f in cases.values():
        f()  # warm the caches
    best = {k: min(timeit.repeat(f, number=args.number, repeat=args.repeat)) / args.number for k, f in cases.items()}
    for k, t in best.items():
        print(f"{k:7s} {t * 1e6:9.1f} us   {t / best['ref']:5.2f}x ref")


if __name__ == "__main__":
    main()
