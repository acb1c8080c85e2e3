"""What a replay costs: a fresh process, the mean over generated records (testkit/records.py), as a
ratio to scoring the same wins directly with ``scorer.score``.

    python -m bench.replay [--games 300] [--ruleset mcr] [--repeat 5]

The records are generated first (not timed), as JSON bodies. Then, each timed over all records,
best of ``--repeat`` passes, the caches cleared before each pass: ``scorer.replay(body)``
(reading the body, every action checked, every win scored and settled), and ``scorer.score`` of
each win's hand and context. Prints the build, the mean per record and per action, the longest
record, and the ratio.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import scorer  # noqa: E402
from testkit.records import game  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--ruleset", default="mcr", choices=("mcr", "hk", "sichuan"))
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args()
    games = [game(seed, args.ruleset) for seed in range(args.games)]
    bodies = [g.record for g in games]
    wins = [(w.hand, w.context) for g in games for w in g.wins]
    actions = sum(len(b["actions"]) for b in bodies)
    longest = max(bodies, key=lambda b: len(b["actions"]))

    def replay_all() -> None:
        for b in bodies:
            scorer.replay(b)

    def score_all() -> None:
        for hand, ctx in wins:
            scorer.score(hand, ruleset=args.ruleset, **ctx)

    def best(fn: object, n: int) -> float:
        out = []
        for _ in range(n):
            scorer.clear_caches()
            t = time.perf_counter()
            fn()  # type: ignore[operator]
            out.append(time.perf_counter() - t)
        return min(out)

    r = best(replay_all, args.repeat)
    s = best(score_all, args.repeat)
    one = best(lambda: scorer.replay(longest), args.repeat * 4)
    print(f"build {'compiled' if scorer.COMPILED else 'pure'}; {args.ruleset}: {len(bodies)} records, "
          f"{actions} actions ({actions / len(bodies):.0f} a record), {len(wins)} wins")
    print(f"replay: {r / len(bodies) * 1e6:.0f} us a record, {r / actions * 1e6:.1f} us an action "
          f"(1,000 actions: {r / actions * 1e6:.1f} ms); the longest record ({len(longest['actions'])} actions) "
          f"{one * 1e6:.0f} us")
    print(f"scoring the same wins directly: {s / max(1, len(wins)) * 1e6:.0f} us a win; "
          f"replay / direct = {r / s:.1f}")


if __name__ == "__main__":
    main()
