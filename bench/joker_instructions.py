"""The joker benchmarks' calls in instructions, counted by callgrind (``bench.hongzhong``,
``bench.hangzhou``, ``bench.guangdong``): figures the machine's load cannot move, to compare builds.

    python -m bench.joker_instructions [--book hongzhong|hangzhou|guangdong ...] [--n 150] [--seed 1]
                                       [--python PYTHON]

Those benchmarks time each hand's calls side by side in one process, and on a shared machine two
runs of the same build can differ by a third: fine for a figure over many rounds, too coarse to
tell a change of a few percent. Here a child process makes the same hands and the same calls (for
``bench.hongzhong`` and ``bench.hangzhou`` their own ``child``, with a clock that records each
call instead of making it; for ``bench.guangdong`` its hands and ghosts), then makes the calls of
one part only — MCR's parse and score, the book's with k jokers, MCR's waits, the book's waits
with two jokers — under valgrind, after a full collection. The same child making no call is
subtracted, so a figure is the instructions one call costs in a fresh process on hands it has
never seen, parsing and the collections the calls cause included.

What it is for: comparing two builds (``--python`` each venv's interpreter). One build reads the
same figure run after run; two builds differ by up to 1% on paths neither changed, so a change
smaller than that is not seen. Its ratios are not the timed ones: an instruction of one path
costs more time than one of another (a 红中 hand without 中 takes 1.07 times MCR's instructions
and 0.6-0.67 times its time), so the issue's figures stay the timed benchmarks'. Needs Debian's
``valgrind``.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bench.common import Clock
from bench.instructions import callgrind

ROOT = Path(__file__).resolve().parents[1]
BOOKS = ("hongzhong", "hangzhou", "guangdong")
PARTS = ("mcr", "score_0", "score_1", "score_2", "score_3", "score_4", "mcr_waits", "waits_2")
Call = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]


class _Anything:
    """What a recorded call returns: every attribute is there and true (``bench.hongzhong`` counts
    the winning hands it scored)."""

    def __getattr__(self, name: str) -> Any:
        return True


class _Recorder(Clock):
    """A clock that keeps each call by its part instead of making it."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: dict[str, list[Call]] = {}

    def time(self, name: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        self.calls.setdefault(name, []).append((fn, args, kwargs))
        return _Anything()


def calls(book: str, n: int, seed: int) -> dict[str, list[Call]]:
    """The calls of each part for ``n`` hands of the book's benchmark, made with ``seed``."""
    if book == "guangdong":
        return _guangdong(n, seed)
    module = importlib.import_module(f"bench.{book}")
    recorder = _Recorder()
    module.Clock = lambda: recorder  # the child makes its clock by this name
    module.child("easy", n, seed)
    return recorder.calls


def _guangdong(n: int, seed: int) -> dict[str, list[Call]]:
    """``bench.guangdong``'s calls, round one: its hands, ghosts turned by the same rng."""
    import scorer
    from bench.guangdong import _ghosted, _hands
    from scorer.hand import Hand
    from scorer.holding import Holding

    def score(book: str, fields: dict[str, Any]) -> Any:
        return scorer.score(Hand.build(**fields), ruleset=book, self_drawn=True)

    def waits(book: str, text: str) -> Any:
        return scorer.analyze(Holding.parse(text), ruleset=book)

    rng = random.Random(seed * 1000)
    hands = _hands(n, seed * 1000)
    out: dict[str, list[Call]] = {"mcr": [(score, ("mcr", f), {}) for f, _ in hands]}
    for k in range(5):
        out[f"score_{k}"] = [(score, ("guangdong", _ghosted(f, c, k, rng)), {}) for f, c in hands]
    waiting = [(f, c) for f, c in hands if not f["melds"]]
    out["mcr_waits"] = [(waits, ("mcr", " ".join(c)), {}) for _, c in waiting]
    out["waits_2"] = [(waits, ("guangdong", _ghosted(f, c, 2, rng)["concealed"]), {}) for f, c in waiting]
    return out


CHILD = f"""
import sys
sys.path.append({str(ROOT)!r})  # the bench and testkit only: the scorer is the interpreter's installed build
from bench.joker_instructions import calls
book, part, n, seed, run = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] == "run"
todo = calls(book, n, seed)[part]
import gc
gc.collect()  # the making of the hands leaves no collection due to land in the calls
if run:
    for fn, args, kwargs in todo:
        fn(*args, **kwargs)
print(len(todo))
"""


def count(python: str, book: str, part: str, n: int, seed: int, run: bool) -> tuple[int, int]:
    """(instructions of one child, how many calls it had) under callgrind."""
    total, printed = callgrind(python, CHILD, [book, part, str(n), str(seed), "run" if run else "none"],
                               {"PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1", "PATH": "/usr/bin:/bin"})
    return total, int(printed.split()[-1])


def per_call(python: str, book: str, n: int, seed: int) -> dict[str, float]:
    """Instructions per call of each part (two children at a time: the machine has two cores)."""
    with ThreadPoolExecutor(2) as pool:
        base = pool.submit(count, python, book, "mcr", n, seed, False)
        runs = {part: pool.submit(count, python, book, part, n, seed, True) for part in PARTS}
        none, _ = base.result()
        out = {}
        for part, fut in runs.items():
            total, calls_made = fut.result()
            out[part] = (total - none) / calls_made
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--book", choices=BOOKS, action="append")
    p.add_argument("--n", type=int, default=150)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--python", default=sys.executable)
    a = p.parse_args(argv)
    for book in a.book or BOOKS:
        got = per_call(a.python, book, a.n, a.seed)
        ratios = [f"{part} {got[part] / got['mcr']:.2f}x" for part in PARTS if part.startswith("score_")]
        ratios.append(f"waits_2 {got['waits_2'] / got['mcr_waits']:.2f}x")
        print(f"{book}: " + "  ".join(ratios) + "   (" +
              ", ".join(f"{part} {v:,.0f}" for part, v in got.items()) + " instructions a call)")


if __name__ == "__main__":
    main()
