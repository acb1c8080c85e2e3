"""``python -m bench all``: every figure docs/performance.md quotes, each by the command its table
names, one after another, with this interpreter (so the build installed in its venv: run it with
the compiled wheel's interpreter to measure the wheel).

    python -m bench list                 the figures and their commands
    python -m bench all [--only NAME ...] [--quick]
    python -m bench NAME [ARGS ...]      one benchmark module, as python -m bench.NAME ARGS

``--quick`` runs each command on a few hands, to check the tools run, not to measure. A command
whose outside tool is missing (valgrind, wrk) says so and the others go on; the exit status is
non-zero if any failed or was missing a tool.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Figure:
    """One figure of the docs: its name, the command that measures it (a module of this package and
    its arguments, as the docs quote them), arguments that make it a quick check, and the outside
    tool it needs."""

    name: str
    args: tuple[str, ...]
    what: str
    quick: tuple[str, ...] = ()
    needs: str | None = None

    @property
    def command(self) -> str:
        """As the docs quote it."""
        return " ".join(("python -m", f"bench.{self.args[0]}", *self.args[1:]))


# The figures table of docs/performance.md, row by row (tests/bench/test_bench.py holds the two to
# the same commands), then the replay table and the micro-benchmarks of its last section.
FIGURES: tuple[Figure, ...] = (
    Figure("stream", ("stream",), "a stream of never-seen MCR hands, build + score, against the reference",
           ("--n", "200", "--runs", "1")),
    Figure("instructions", ("instructions",), "instructions a hand, build + score with collections (callgrind)",
           needs="valgrind"),
    Figure("books", ("stream", "--what", "books"), "the four books in one stream", ("--n", "200", "--runs", "1")),
    Figure("waits-stream", ("stream", "--what", "waits"), "a stream of waits, 13 tiles not ready and ready",
           ("--n", "100", "--runs", "1")),
    Figure("worst-waits", ("waits_best", "--worst"), "the costliest waits request of each book, against 5 ms",
           ("--worst-n", "10", "--reps", "1")),
    Figure("worst-median", ("worst_median", "--procs", "5", "--n", "1500", "--reps", "5"),
           "worst cold hand / median cold hand", ("--procs", "1", "--n", "100", "--reps", "1")),
    Figure("batch", ("batch",), "POST /v1/score/batch, compiled / pure", ("--rounds", "1", "--n", "100")),
    Figure("throughput", ("throughput",), "/v1/score at 32 connections against a minimal endpoint (wrk)",
           ("--rounds", "1", "--duration", "1"), needs="wrk"),
    Figure("served-batch", ("served_batch",), "served POST /v1/score/batch of 1,000 hands against the library's loop",
           ("--batches", "1", "--size", "100", "--rounds", "1")),
    Figure("service", ("service",), "the same request in-process, real / minimal", ("--n", "200", "--rounds", "1")),
    Figure("bulk", ("bulk",), "bulk against a one-process loop over score", ("--lines", "600", "--rounds", "1")),
    Figure("worst-batch", ("worst_batch",), "the slowest 1,000-hand batch that could be built",
           ("--pool", "200", "--size", "50")),
    Figure("replay", ("replay", "--games", "300", "--repeat", "5"), "a game record replayed, per book",
           ("--games", "10", "--repeat", "1")),
    Figure("score", ("score",), "build + score on the easy and hard mixes", ("--n", "200", "--rounds", "1")),
    Figure("waits", ("waits",), "waits on the easy and hard mixes", ("--n", "40", "--rounds", "1")),
    Figure("wild", ("wild",), "jokers (scorer.wild) against the engine's decomposition, waits and shanten without",
           ("--n", "20", "--rounds", "1")),
    Figure("hongzhong", ("hongzhong",), "红中 hands with 0-4 中 against MCR on the same tiles: score, waits",
           ("--n", "20", "--rounds", "1")),
)
BY_NAME = {f.name: f for f in FIGURES}


def _argv(figure: Figure, quick: bool) -> list[str]:
    args = list(figure.args)
    if quick:  # a quick option replaces the same option given in full
        given = dict(zip(args[1::2], args[2::2], strict=False)) if len(args) % 2 else {}
        for key, value in zip(figure.quick[::2], figure.quick[1::2], strict=True):
            if key in given:
                args[args.index(key) + 1] = value
            else:
                args += [key, value]
    if figure.args[0] == "instructions":
        args.append(sys.executable)  # the build to count: this interpreter's
    return [sys.executable, "-m", f"bench.{args[0]}", *args[1:]]


def run_all(only: list[str], quick: bool) -> int:
    failed = []
    for figure in FIGURES:
        if only and figure.name not in only:
            continue
        print(f"\n== {figure.name}: {figure.what}\n$ {figure.command}", flush=True)
        if figure.needs and shutil.which(figure.needs) is None:
            print(f"not run: {figure.needs} is not installed")
            failed.append(figure.name)
            continue
        if subprocess.run(_argv(figure, quick), cwd=ROOT, check=False).returncode:
            failed.append(figure.name)
    if failed:
        print(f"\nnot measured: {', '.join(failed)}")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] not in ("all", "list", "-h", "--help"):  # one module: python -m bench NAME ARGS
        module = importlib.import_module(f"bench.{argv[0]}")
        sys.argv = [f"bench.{argv[0]}", *argv[1:]]
        return int(module.main() or 0)
    p = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="the figures and their commands")
    every = sub.add_parser("all", help="run every figure's command")
    every.add_argument("--only", action="append", default=[], choices=list(BY_NAME), help="this figure only")
    every.add_argument("--quick", action="store_true", help="a few hands each: check the tools run")
    a = p.parse_args(argv)
    if a.cmd == "list":
        for f in FIGURES:
            print(f"{f.name:<14} {f.command:<62} {f.what}")
        return 0
    return run_all(a.only, a.quick)


if __name__ == "__main__":
    sys.exit(main())
