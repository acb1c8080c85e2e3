"""A /v1/score request's CPU under several garbage-collector thresholds, in-process, side by side.

    python -m bench.gc_thresholds [--procs 3] [--rounds 8] [--chunk 600] [--young 700 --young 20000 ...]

Each of ``--procs`` fresh processes of this interpreter (the build installed in its venv; run it with
the compiled wheel's interpreter to measure the wheel) builds the app as a gunicorn worker has it
(``PROMETHEUS_MULTIPROC_DIR`` set before the import, ``gc.freeze()`` after it, as
``post_worker_init`` does), then answers distinct ``testkit.hands.load`` bodies by direct WSGI calls
(``bench/profile_service.py``'s driver, no sockets) in rounds: each round gives every setting
``--chunk`` new bodies, in an order rotated from round to round (so no setting always runs first
or last), with the young-generation threshold set to that setting's value (older generations at
CPython's 10, 10). Per setting: the thread's CPU per request, median over rounds, and its ratio to
the first setting's (the default 700) in each process.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve()
ROOT = SCRIPT.parents[1]


def one_process(youngs: list[int], rounds: int, chunk: int, seed: int) -> dict[str, Any]:
    os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", tempfile.mkdtemp(prefix="mcr-gc-"))
    sys.path.append(str(ROOT))
    import gc

    import orjson

    import scorer
    from bench.profile_service import drive
    from service import create_app
    from testkit.hands.load import generate

    app = create_app()
    bodies = [orjson.dumps(g.body()) for g in generate(rounds * len(youngs) * chunk, seed)]
    gc.collect()
    gc.freeze()
    saved = gc.get_threshold()
    per: dict[int, list[float]] = {y: [] for y in youngs}
    k = 0
    try:
        for r in range(rounds):
            order = youngs[r % len(youngs):] + youngs[:r % len(youngs)]
            for y in order:
                gc.set_threshold(y, 10, 10)
                part = bodies[k:k + chunk]
                k += chunk
                c0 = time.thread_time()
                drive(app, part)
                per[y].append((time.thread_time() - c0) / chunk * 1e6)
    finally:
        gc.set_threshold(*saved)
    return {"compiled": scorer.COMPILED, "us": {str(y): statistics.median(v) for y, v in per.items()},
            "rounds": {str(y): v for y, v in per.items()}}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--procs", type=int, default=3)
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--chunk", type=int, default=600, help="requests per setting and round")
    p.add_argument("--young", type=int, action="append", help="young-generation thresholds (first: the baseline)")
    p.add_argument("--seed", type=int, default=31)
    p.add_argument("--json", help="also write the figures here")
    p.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    youngs = args.young or [700, 20000, 50000]
    if args.one:
        print(json.dumps(one_process(youngs, args.rounds, args.chunk, args.seed)))
        return 0
    print(f"/v1/score in-process, CPU per request by young-generation threshold: {args.procs} fresh processes, "
          f"{args.rounds} rounds of {args.chunk} new bodies per setting; load {os.getloadavg()[0]:.2f}")
    runs = []
    for k in range(args.procs):
        cmd = [sys.executable, "-P", str(SCRIPT), "--one", "--rounds", str(args.rounds), "--chunk", str(args.chunk),
               "--seed", str(args.seed + k)] + [a for y in youngs for a in ("--young", str(y))]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd="/").stdout
        r = json.loads(out.strip().splitlines()[-1])
        runs.append(r)
        base = r["us"][str(youngs[0])]
        print(f"  process {k + 1} ({'compiled' if r['compiled'] else 'pure Python'}): "
              + "  ".join(f"{y}: {r['us'][str(y)]:.0f} µs ({r['us'][str(y)] / base:.3f}x)" for y in youngs))
    for y in youngs[1:]:
        ratios = [r["us"][str(y)] / r["us"][str(youngs[0])] for r in runs]
        print(f"  {y} / {youngs[0]}: {min(ratios):.3f}x – {max(ratios):.3f}x")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"youngs": youngs, "runs": runs, "load": os.getloadavg()}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
