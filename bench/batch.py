"""``POST /v1/score/batch`` of 1,000 distinct hands, one build against another, side by side.

    python -m bench.batch --python .venv/bin/python --python .venv-serve/bin/python [--rounds 5]

Each ``--python`` is a venv's interpreter with the project installed (the editable test venv runs
the pure-Python source, the serving venv the compiled wheel). The script runs itself in each, in
turn, ``--rounds`` times (interleaved, so both share the machine's noise); every run builds the app,
clears the scorer's caches and times the whole request through Flask's test client (routing, JSON,
schemas, scoring, serialisation; no socket). The figure is the ratio of the best times; beside it
the range of the per-round ratios (each round's builds ran back to back, so they shared its noise),
and the same best and range in the process's CPU time.

The timed request is the process's first: it also pays for the memory the process first takes
from the system (~2,500 page faults for 1,000 results), the same in both builds. ``--warm`` first
answers a batch of 1,000 other hands, then clears the caches and times the request: a long-lived
worker's figure.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

if not __package__:  # run as a script: the interpreter's installed scorer, this checkout's bench
    sys.path.append(str(Path(__file__).resolve().parents[1]))

SCRIPT = Path(__file__).resolve()


def measure(n: int, seed: int, reps: int, warm: bool = False) -> dict[str, Any]:
    """In this interpreter: the best of ``reps`` cold batch requests, in seconds (``warm``: after
    a batch of other hands, in the same process)."""
    import scorer
    from service import create_app
    from testkit.hands.load import generate

    bodies = [g.body("notation" if k % 4 == 3 else "object") for k, g in enumerate(generate(n, seed))]
    raw = json.dumps({"requests": bodies}).encode()  # encoded once: the client's cost is not the server's
    client = create_app().test_client()
    gc.collect()
    gc.freeze()  # as service/gunicorn_conf.py's post_worker_init does: the import-time tables leave the GC's sight
    gc.set_threshold(int(os.environ.get("GUNICORN_GC_YOUNG", "50000")), 10, 10)  # and its young threshold
    if warm:
        other = [g.body("object") for g in generate(n, seed + 1000)]
        client.post("/v1/score/batch", data=json.dumps({"requests": other}).encode(), content_type="application/json")
    best = best_cpu = float("inf")
    for _ in range(reps):
        scorer.clear_caches()
        c0 = time.process_time()
        t0 = time.perf_counter()
        resp = client.post("/v1/score/batch", data=raw, content_type="application/json")
        best = min(best, time.perf_counter() - t0)
        best_cpu = min(best_cpu, time.process_time() - c0)
        assert resp.status_code == 200, resp.status_code
    results = resp.get_json()["results"]
    return {"compiled": scorer.COMPILED, "seconds": best, "cpu_seconds": best_cpu, "hands": len(results),
            "scored": sum(1 for r in results if "points" in r)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--python", action="append", default=[], help="a venv's interpreter (give two or more)")
    p.add_argument("--rounds", type=int, default=5, help="runs per interpreter, interleaved")
    p.add_argument("--n", type=int, default=1000)
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--warm", action="store_true", help="time the request after a batch of other hands")
    p.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)  # one run, JSON on stdout
    args = p.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(args.n, args.seed, 1, args.warm)))
        return 0
    pythons = args.python or [sys.executable]
    best: dict[str, dict[str, Any]] = {}
    rounds: list[dict[str, dict[str, Any]]] = []
    for _ in range(args.rounds):
        this: dict[str, dict[str, Any]] = {}
        for py in pythons:
            out = subprocess.run([py, "-P", str(SCRIPT), "--measure", "--n", str(args.n), "--seed", str(args.seed),
                                  *(["--warm"] if args.warm else [])],
                                 capture_output=True, text=True, check=True, timeout=600).stdout
            r = json.loads(out)
            this[py] = r
            if py not in best or r["seconds"] < best[py]["seconds"]:
                best[py] = r
        rounds.append(this)
    base = max(float(r["seconds"]) for r in best.values())  # the slowest build is 1.0x
    base_cpu = max(float(r["cpu_seconds"]) for r in best.values())
    warmed = ", after a warm-up batch" if args.warm else ""
    print(f"POST /v1/score/batch, {args.n} distinct hands, caches cleared{warmed}, best of {args.rounds} "
          f"interleaved runs (load {os.getloadavg()[0]:.2f}):")
    for py, r in best.items():
        build = "compiled" if r["compiled"] else "pure Python"
        secs, cpu = float(r["seconds"]), float(r["cpu_seconds"])
        per_round = [max(float(x[p]["seconds"]) for p in x) / float(x[py]["seconds"]) for x in rounds]
        per_cpu = [max(float(x[p]["cpu_seconds"]) for p in x) / float(x[py]["cpu_seconds"]) for x in rounds]
        print(f"  {build:12} {secs * 1000:8.1f} ms  {base / secs:5.2f}x (rounds {min(per_round):.2f}–"
              f"{max(per_round):.2f}x)   CPU {cpu * 1000:8.1f} ms  {base_cpu / cpu:5.2f}x (rounds "
              f"{min(per_cpu):.2f}–{max(per_cpu):.2f}x)   ({r['scored']}/{r['hands']} scored; {py})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
