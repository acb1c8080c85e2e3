"""``python -m scorer bulk`` throughput against a one-process loop over ``score``, same lines, same run.

    python loadtest/bench_bulk.py [--lines 12000] [--rounds 3] [--jobs 1 2]

Run it with the interpreter of the build to measure (the compiled wheel's venv, or the editable
one). Lines are distinct ``/v1/score`` bodies (``loadtest.hands``, object and notation forms). Each
round times, interleaved:

    loop     in this process: for each line, ``orjson.loads``, ``Hand.build``/``Hand.parse``,
             ``Context.build``, ``scorer.score(...).to_dict()``, ``orjson.dumps`` (a fresh
             interpreter's caches: ``clear_caches()`` first)
    jobs=N   ``python -m scorer bulk IN -o OUT --jobs N`` as a new process, start-up included

and reports hands per second and the ratio to ``loop`` (median over rounds), plus the largest
resident set of any bulk process for the given lines and for four times as many (flat memory: the
two should be close).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if not __package__:
    sys.path.append(str(Path(__file__).resolve().parents[1]))

import orjson  # noqa: E402

import scorer  # noqa: E402
from loadtest.hands import generate  # noqa: E402


def write_lines(path: Path, n: int, seed: int) -> list[bytes]:
    lines = [orjson.dumps(g.body("notation" if k % 4 == 3 else "object")) for k, g in enumerate(generate(n, seed))]
    path.write_bytes(b"\n".join(lines) + b"\n")
    return lines


def loop(lines: list[bytes]) -> float:
    scorer.clear_caches()
    t0 = time.perf_counter()
    for line in lines:
        body = orjson.loads(line)
        h = body["hand"]
        hand = scorer.Hand.parse(h) if isinstance(h, str) else scorer.Hand.build(**h)
        ctx = scorer.Context.build(**body.get("context", {}))
        orjson.dumps(scorer.score(hand, ctx, ruleset=body.get("ruleset", "mcr"), options=body.get("options")).to_dict())
    return len(lines) / (time.perf_counter() - t0)


def bulk(src: Path, jobs: int) -> tuple[float, int]:
    """Hands per second of a bulk process (start-up included) and the peak RSS (kB) of its processes."""
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as out:
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-P", "-m", "scorer", "bulk", str(src), "-o", out.name,
                                 "--jobs", str(jobs)], cwd="/")
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - t0
        if status != 0:
            raise SystemExit(f"bulk --jobs {jobs} failed ({status})")
        n = sum(1 for _ in open(out.name, "rb"))
    # ru_maxrss of the waited process itself; its pool workers are reaped by it, and show in ours
    peak = max(usage.ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    return n / seconds, peak


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--lines", type=int, default=12000)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--json", help="also write the figures here")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / "in.jsonl"
        lines = write_lines(src, args.lines, args.seed)
        rates: dict[str, list[float]] = {"loop": [], **{f"jobs={j}": [] for j in args.jobs}}
        peaks: dict[str, int] = {}
        for _ in range(args.rounds):
            rates["loop"].append(loop(lines))
            for j in args.jobs:
                rate, peak = bulk(src, j)
                rates[f"jobs={j}"].append(rate)
                peaks[f"jobs={j}"] = max(peaks.get(f"jobs={j}", 0), peak)
        big = Path(d) / "big.jsonl"
        write_lines(big, 4 * args.lines, args.seed + 1)
        _, peak_big = bulk(big, max(args.jobs))
    loop_rate = statistics.median(rates["loop"])
    report: dict[str, Any] = {"lines": args.lines, "rounds": args.rounds, "compiled": scorer.COMPILED,
                              "cpus": os.cpu_count(), "load": os.getloadavg()[0], "hands_per_s": {}, "ratio": {}}
    print(f"{args.lines} lines, {args.rounds} rounds, {'compiled' if scorer.COMPILED else 'pure'} build, "
          f"load {os.getloadavg()[0]:.1f}")
    for name, rs in rates.items():
        med = statistics.median(rs)
        report["hands_per_s"][name] = med
        report["ratio"][name] = med / loop_rate
        print(f"  {name:8} {med:8.0f} hands/s   x loop {med / loop_rate:5.2f}   "
              f"(rounds {', '.join(f'{r / loop_rate:.2f}' for r in rs)})"
              + (f"   peak RSS {peaks[name] / 1024:.0f} MB" if name in peaks else ""))
    print(f"  peak RSS with {4 * args.lines} lines, jobs={max(args.jobs)}: {peak_big / 1024:.0f} MB")
    report["peak_rss_kb"] = {**peaks, f"{4 * args.lines} lines": peak_big}
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
