"""``python -m scorer bulk`` throughput against a one-process loop over ``score``, same lines, same run.

    python -m bench.bulk [--lines 12000] [--rounds 3] [--jobs 1 2]

Run it with the interpreter of the build to measure (the compiled wheel's venv, or the editable
one). Lines are distinct ``/v1/score`` bodies (``testkit.hands.load``, object and notation forms). Each
round times, interleaved:

    loop     a new process reading the same file: for each line, ``orjson.loads``,
             ``Hand.build``/``Hand.parse``, ``Context.build``, ``scorer.score(...).to_dict()``,
             ``orjson.dumps``, written out (no schema check, no problem objects)
    jobs=N   ``python -m scorer bulk IN -o OUT --jobs N`` as a new process

both with their start-up (imports, and for bulk the service's schemas and Flask) included. It
reports hands per second and the ratio to ``loop`` (median over rounds) in wall time and per
CPU second (on a shared machine the wall figure of N processes shows the cores others left free;
the CPU figure shows what the processes cost), plus the peak memory (proportional set size) of a
bulk process and its workers together for the given lines and for four times as many (the input
is read through a bounded window; what grows is the scorer's caches, up to their bounds).
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

import scorer  # noqa: E402
from testkit.hands.load import generate  # noqa: E402


def write_lines(path: Path, n: int, seed: int) -> list[bytes]:
    lines = [json.dumps(g.body("notation" if k % 4 == 3 else "object")).encode()
             for k, g in enumerate(generate(n, seed))]
    path.write_bytes(b"\n".join(lines) + b"\n")
    return lines


LOOP = """
import sys, orjson, scorer
with open(sys.argv[1], "rb") as src, open(sys.argv[2], "wb") as out:
    for line in src:
        body = orjson.loads(line)
        h = body["hand"]
        hand = scorer.Hand.parse(h) if isinstance(h, str) else scorer.Hand.build(**h)
        ctx = scorer.Context.build(**body.get("context", {}))
        r = scorer.score(hand, ctx, ruleset=body.get("ruleset", "mcr"), options=body.get("options"))
        out.write(orjson.dumps(r.to_dict()) + b"\\n")
"""


def _tree_rss_kb(pid: int) -> int:
    """Memory of a process and its children (the pool's workers), from /proc: proportional set
    sizes, so that the pages the forked workers share with their parent count once."""
    total = 0
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/smaps_rollup") as f:
                total += next((int(line.split()[1]) for line in f if line.startswith("Pss:")), 0)
            with open(f"/proc/{p}/task/{p}/children") as f:
                todo.extend(int(c) for c in f.read().split())
        except (OSError, ValueError):
            continue
    return total


def bulk(src: Path, jobs: int) -> tuple[float, float, int]:
    """Hands per second of a bulk process (start-up included), of wall time and per CPU second (its
    workers' included), and the peak memory (kB, proportional set size) of the process and its workers.
    ``jobs`` 0: the one-process library loop (``LOOP``) instead, a fresh process as well."""
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as out:
        t0 = time.perf_counter()
        command = [sys.executable, "-P", "-c", LOOP, str(src), out.name] if jobs == 0 else \
            [sys.executable, "-P", "-m", "scorer", "bulk", str(src), "-o", out.name, "--jobs", str(jobs)]
        proc = subprocess.Popen(command, cwd="/")
        peak = 0
        while proc.poll() is None:
            peak = max(peak, _tree_rss_kb(proc.pid))
            time.sleep(0.05)
        seconds = time.perf_counter() - t0
        if proc.returncode != 0:
            raise SystemExit(f"bulk --jobs {jobs} failed ({proc.returncode})")
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)  # cumulative: the caller takes differences
        n = sum(1 for _ in open(out.name, "rb"))
    return n / seconds, usage.ru_utime + usage.ru_stime, peak


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
        cpu_rates: dict[str, list[float]] = {name: [] for name in rates}
        peaks: dict[str, int] = {}
        for _ in range(args.rounds):
            for j in (0, *args.jobs):
                name = "loop" if j == 0 else f"jobs={j}"
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                rate, cpu_after, peak = bulk(src, j)
                rates[name].append(rate)
                cpu_rates[name].append(len(lines) / (cpu_after - before.ru_utime - before.ru_stime))
                peaks[name] = max(peaks.get(name, 0), peak)
        big = Path(d) / "big.jsonl"
        write_lines(big, 4 * args.lines, args.seed + 1)
        peaks_big = {j: bulk(big, j)[2] for j in args.jobs}
    loop_rate, loop_cpu = statistics.median(rates["loop"]), statistics.median(cpu_rates["loop"])
    report: dict[str, Any] = {"lines": args.lines, "rounds": args.rounds, "compiled": scorer.COMPILED,
                              "cpus": os.cpu_count(), "load": os.getloadavg()[0], "hands_per_s": {}, "ratio": {},
                              "hands_per_cpu_s": {}, "cpu_ratio": {}}
    print(f"{args.lines} lines, {args.rounds} rounds, {'compiled' if scorer.COMPILED else 'pure'} build, "
          f"load {os.getloadavg()[0]:.1f}")
    print("  (wall: hands/s as the machine gave them; cpu: hands per CPU second, workers included)")
    for name, rs in rates.items():
        med, cpu = statistics.median(rs), statistics.median(cpu_rates[name])
        report["hands_per_s"][name], report["ratio"][name] = med, med / loop_rate
        report["hands_per_cpu_s"][name], report["cpu_ratio"][name] = cpu, cpu / loop_cpu
        print(f"  {name:8} wall {med:7.0f} hands/s  x loop {med / loop_rate:5.2f} "
              f"(rounds {', '.join(f'{r / loop_rate:.2f}' for r in rs)})   "
              f"cpu {cpu:7.0f} hands/s  x loop {cpu / loop_cpu:5.2f}"
              + (f"   peak PSS {peaks[name] / 1024:.0f} MB" if name in peaks else ""))
    for j, kb in peaks_big.items():
        print(f"  peak PSS with {4 * args.lines} lines, jobs={j}: {kb / 1024:.0f} MB")
    report["peak_rss_kb"] = {**peaks, **{f"{4 * args.lines} lines, jobs={j}": kb for j, kb in peaks_big.items()}}
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
