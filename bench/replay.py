"""What a replay costs: a fresh process, the mean over generated records (testkit/records.py), as a
ratio to scoring the same wins directly with ``scorer.score``; and what the referee costs
(``--referee``): stepping whole hands through ``scorer.Referee`` with ``legal()`` at every
decision, and ``POST /v1/replay`` answering ``next`` for a record that stops.

    python -m bench.replay [--games 300] [--ruleset mcr] [--repeat 5]
    python -m bench.replay --referee [--games 2000] [--walls one|four] [--ruleset mcr]

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

# testkit from the checkout; the scorer is the interpreter's installed build (compiled or pure)
sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import scorer  # noqa: E402
from testkit.records import game  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--ruleset", default="mcr", choices=("mcr", "hk", "sichuan", "taiwan"))
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--referee", action="store_true", help="measure the referee instead (see the docstring)")
    p.add_argument("--walls", default="one", choices=("one", "four"), help="--referee: the record's walls")
    p.add_argument("--cut", type=int, default=100, help="--referee: the actions of the records POST /v1/replay "
                   "answers next for")
    args = p.parse_args()
    if args.referee:
        referee(args.games, args.ruleset, args.walls, args.repeat, args.cut)
        return
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


def referee(n: int, ruleset: str, walls: str, repeat: int, cut: int) -> None:
    """Whole generated hands (testkit/refereeing.py, every action chosen from ``legal()``; two in
    three with a seat playing for a win, the rest at random to the wall's end) stepped
    again, timed: the deal read and every action parsed first (not timed); then, for each hand, a
    ``Referee`` of the deal and, at every step, ``legal()`` and ``apply(action)``. The mean over
    every step of every hand, best of ``repeat`` passes, the caches cleared before each pass. Then
    ``POST /v1/replay`` through the service's WSGI app in process (Flask's test client) for each
    hand cut to ``cut`` actions (unfinished: the answer carries ``next``): the process CPU time a
    request, mean and 99th percentile over the hands, best of ``repeat``."""
    from scorer.records.record import Record, read_action
    from testkit.refereeing import play

    hands = [play(seed, ruleset, walls, keeper=seed % 3 != 0) for seed in range(n)]  # a third played out at random
    book = scorer.rulebook(ruleset)
    prepared = []
    for h in hands:
        body = h.record().to_dict()
        deal = Record.build(**{**body, "actions": []})
        prepared.append((deal, [read_action(a, book, i) for i, a in enumerate(body["actions"])]))
    steps = sum(len(acts) for _, acts in prepared)

    def step_all() -> None:
        for deal, acts in prepared:
            ref = scorer.Referee(deal)
            for a in acts:
                ref.legal()
                ref.apply(a)

    passes = []
    for _ in range(repeat):
        scorer.clear_caches()
        t, c = time.perf_counter(), time.process_time()
        step_all()
        passes.append((time.process_time() - c, time.perf_counter() - t))
    cpu, wall = min(passes)
    wins = sum(len(h.result().wins) for h in hands)
    where = f"{ruleset} ({walls} wall{'s' if walls == 'four' else ''})"
    print(f"build {'compiled' if scorer.COMPILED else 'pure'}; {where}: {n} hands, {steps} steps "
          f"({steps / n:.0f} a hand), {wins} wins")
    print(f"stepping with legal() at every decision: {cpu / steps * 1e6:.1f} us CPU a step (mean; wall clock "
          f"{wall / steps * 1e6:.1f} us), {cpu / n * 1e3:.2f} ms a hand")
    try:
        from service import create_app
    except ImportError:  # the library alone: no service to ask
        print("POST /v1/replay: the service is not installed (the server extra)")
        return
    client = create_app({"TESTING": True}).test_client()
    bodies = []
    for h in hands:
        body = h.record().to_dict()
        if len(body["actions"]) > cut:
            bodies.append({**body, "actions": body["actions"][:cut]})
    cpus: list[float] = []
    for _ in range(repeat):
        times = []
        for body in bodies:
            c = time.process_time()
            resp = client.post("/v1/replay", json=body)
            times.append(time.process_time() - c)
            assert resp.status_code == 200 and resp.get_json()["next"] is not None, resp.get_json()
        if not cpus or sum(times) < sum(cpus):
            cpus = times
    cpus.sort()
    mean = sum(cpus) / max(1, len(cpus))
    p99 = cpus[int(0.99 * (len(cpus) - 1))] if cpus else 0.0
    print(f"POST /v1/replay with next, {len(bodies)} records of {cut} actions: {mean * 1e3:.2f} ms CPU a request "
          f"(mean), p99 {p99 * 1e3:.2f} ms (in process: the test client's own work counted in)")


if __name__ == "__main__":
    main()
