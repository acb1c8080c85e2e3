"""What every micro-benchmark shares: fresh processes, the same arguments, ranges, JSON.

Each ``bench/<name>.py`` has a ``child(mix, n, seed) -> dict`` that runs in a fresh interpreter
(the one running the benchmark, so the build installed in its venv: run it with the compiled
wheel's interpreter to measure the wheel). The child makes hands it has never seen, then times
each hand's reference call and the scorer's answer side by side (interleaved: the machine is
shared, so only ratios measured together mean anything), and returns sums of wall and thread-CPU
nanoseconds. ``main`` runs ``--rounds`` such processes per mix, alternating the mixes, and reports
each figure's mean per hand and ratio to the reference per round, and their range over rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MIXES = ("easy", "hard")
SEED_BASE = 9_000  # never the unit tests' seeds, nor the stream's


class Clock:
    """Sums of wall and CPU nanoseconds per named part, timed by ``with clock.part(name):``."""

    def __init__(self) -> None:
        self.wall: dict[str, int] = {}
        self.cpu: dict[str, int] = {}
        self.count: dict[str, int] = {}

    def add(self, name: str, wall: int, cpu: int) -> None:
        self.wall[name] = self.wall.get(name, 0) + wall
        self.cpu[name] = self.cpu.get(name, 0) + cpu
        self.count[name] = self.count.get(name, 0) + 1

    def time(self, name: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Call ``fn``; its time counts to ``name``. An exception (the reference refusing a hand
        with no fan) still did the work: it counts, and None is returned."""
        u0 = time.thread_time_ns()
        t0 = time.perf_counter_ns()
        try:
            return fn(*args, **kwargs)
        except Exception:  # noqa: BLE001
            return None
        finally:
            self.add(name, time.perf_counter_ns() - t0, time.thread_time_ns() - u0)

    def means(self) -> dict[str, Any]:
        """Mean µs per call of each part, wall and CPU."""
        return {name: {"n": self.count[name], "wall_us": self.wall[name] / self.count[name] / 1e3,
                       "cpu_us": self.cpu[name] / self.count[name] / 1e3} for name in self.wall}


def child_code(module: str, mix: str, n: int, seed: int) -> str:
    return (f"import sys, json; sys.path.append({str(ROOT)!r}); from bench.{module} import child; "
            f"print(json.dumps(child({mix!r}, {n}, {seed})))")


def one(module: str, mix: str, n: int, seed: int, python: str = sys.executable) -> dict[str, Any]:
    """One fresh process: ``bench.<module>.child(mix, n, seed)``'s figures."""
    env = {**os.environ, "PYTHONHASHSEED": os.environ.get("PYTHONHASHSEED", "random")}
    # -P, cwd /: the installed build, never this checkout's source ahead of it (appended last)
    out = subprocess.run([python, "-P", "-c", child_code(module, mix, n, seed)], capture_output=True, text=True,
                         cwd="/", env=env)
    if out.returncode:
        raise SystemExit(f"bench.{module} child failed:\n{out.stderr}")
    r: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return r


def ratios(means: dict[str, Any], pairs: Mapping[str, tuple[tuple[str, ...], str]]) -> dict[str, float]:
    """``{figure: (our parts, reference part)}`` to wall and CPU ratios of the means."""
    out = {}
    for figure, (ours, ref) in pairs.items():
        out[figure] = sum(means[p]["wall_us"] for p in ours) / means[ref]["wall_us"]
        out[f"cpu {figure}"] = sum(means[p]["cpu_us"] for p in ours) / means[ref]["cpu_us"]
    return out


def arguments(description: str, n: int, rounds: int = 3) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--n", type=int, default=n, help=f"hands per process (default {n})")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rounds", type=int, default=rounds, help=f"fresh processes per mix (default {rounds})")
    p.add_argument("--mix", choices=(*MIXES, "both"), default="both")
    p.add_argument("--json", help="write the figures here (compare two with python -m bench.compare)")
    return p


def seeds(args: argparse.Namespace) -> Iterator[tuple[int, str, int]]:
    """(round, mix, seed): the mixes alternate within each round, each round a new seed."""
    mixes = MIXES if args.mix == "both" else (args.mix,)
    for k in range(args.rounds):
        for mix in (mixes if k % 2 == 0 else mixes[::-1]):
            yield k, mix, SEED_BASE + args.seed * 100 + k


def commit() -> str:
    try:
        return subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def run(module: str, description: str, pairs: Mapping[str, tuple[tuple[str, ...], str]], argv: list[str] | None,
        n: int, rounds: int = 3) -> dict[str, Any]:
    """The whole benchmark: rounds of fresh processes, printed and (``--json``) written."""
    args = arguments(description, n, rounds).parse_args(argv)
    print(f"bench.{module}: {args.rounds} rounds x {args.mix} mix, {args.n} never-seen hands a process, "
          f"load {os.getloadavg()[0]:.2f}", flush=True)
    rounds_out: dict[str, list[dict[str, Any]]] = {}
    compiled = None
    for k, mix, seed in seeds(args):
        r = one(module, mix, args.n, seed)
        compiled = r.pop("compiled")
        r["ratios"] = ratios(r["means"], pairs)
        rounds_out.setdefault(mix, []).append(r)
        print(f"  round {k + 1} {mix:4}: " + "  ".join(f"{f} {v:.2f}x" for f, v in r["ratios"].items())
              + "   (" + ", ".join(f"{p} {m['cpu_us']:.1f}" for p, m in r["means"].items()) + " µs CPU)", flush=True)
    summary = {mix: {f: [min(r["ratios"][f] for r in rs), max(r["ratios"][f] for r in rs)]
                     for f in rs[0]["ratios"]} for mix, rs in rounds_out.items()}
    print(f"build: {'compiled (mypyc)' if compiled else 'pure Python'}; ratios to the reference, range over rounds:")
    for mix, figs in summary.items():
        print(f"  {mix}: " + "  ".join(f"{f} {lo:.2f}-{hi:.2f}x" for f, (lo, hi) in figs.items()))
    result = {"bench": module, "commit": commit(), "compiled": compiled, "n": args.n, "seed": args.seed,
              "rounds": rounds_out, "ranges": summary, "load": os.getloadavg(), "python": platform.python_version(),
              "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return result
