"""Tail latency of the serving designs, side by side: the same load on each, in alternating rounds.

    python -m bench.serving [--config conf --config gthread:2:1 --config gevent:2 ...]
        [--duration 5] [--rounds 4] [--connections 32] [--hands 60000] [--json out.json] [--install-wrk]

Each setting (``conf`` = ``service/gunicorn_conf.py`` as it is: gunicorn's gevent worker as
``service/worker.py`` extends it, with the compute lane; ``CLASS:WORKERS[:THREADS]`` over it, e.g.
``gthread:2:1``) gets its own gunicorn on 127.0.0.1, all started before the first round. wrk then drives
them in turn, round after round (order reversed every other round, so that drifts of the shared
machine fall on all of them alike): ``--connections`` keep-alive connections for ``--duration``
seconds, POSTing distinct ``/v1/score`` bodies (``--hands`` of them, at least 20,000; each server
walks the list from where its last round stopped, so no body repeats to a server while the list
lasts and the result cache cannot flatter anyone).

Reported per setting: the median over the rounds of p50, p99 and requests/s, the p99 ratio to the
first setting (the check: the shipped worker's p99 no worse than the other designs'), errors, and
how the connections were spread over the workers (the imbalance that drives the tail). Exit 0 =
measured, 1 = errors, 3 = wrk missing (``--install-wrk`` installs Debian's wrk).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.throughput import Setting, ensure_wrk, wrk
from testkit.hands.load import write_bodies
from testkit.server import Gunicorn, connections_per_worker

REAL = "service:create_app()"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.serving", description=__doc__.split("\n\n")[0])
    p.add_argument("--config", action="append", metavar="SETTING",
                   help="conf or CLASS:WORKERS[:THREADS] (repeatable; default: conf and gthread:2:1)")
    p.add_argument("--duration", type=float, default=5.0)
    p.add_argument("--rounds", type=int, default=4)
    p.add_argument("--connections", type=int, default=32)
    p.add_argument("--wrk-threads", type=int, default=2)
    p.add_argument("--hands", type=int, default=60000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", metavar="PATH")
    p.add_argument("--out", help="directory for the bodies file and server logs (default: temporary)")
    p.add_argument("--install-wrk", action="store_true")
    args = p.parse_args(argv)
    if args.hands < 20000:
        p.error("--hands must be at least 20000")
    exe = ensure_wrk(args.install_wrk)
    if exe is None:
        print("SKIPPED: wrk is not installed (apt-get install -y wrk, or --install-wrk)", file=sys.stderr)
        return 3
    specs = args.config or ["conf", "gthread:2:1"]
    out_dir = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="mcr-serving-"))
    out_dir.mkdir(parents=True, exist_ok=True)
    bodies = out_dir / "bodies.jsonl"
    n = write_bodies(bodies, args.hands, args.seed)
    print(f"{n} distinct bodies; {args.connections} connections, {args.rounds} rounds x {args.duration:g} s "
          f"per setting: {', '.join(specs)}", flush=True)
    servers: dict[str, Gunicorn] = {}
    rows: dict[str, list[dict[str, Any]]] = {s: [] for s in specs}
    offsets = dict.fromkeys(specs, 0)
    try:
        for k, spec in enumerate(specs):
            st = Setting.parse(spec)
            servers[spec] = Gunicorn(REAL, workers=st.workers, worker_class=st.worker_class, threads=st.threads,
                                     extra_args=st.extra_args, env=st.env, access_log=False,
                                     log_path=out_dir / f"server{k}.log").start()
        for spec, g in servers.items():  # warm-up: imports, first requests
            offsets[spec] = wrk(exe, g.url, bodies, args, 1, 0, g.pids()).requests
        for r in range(args.rounds):
            for spec in specs if r % 2 == 0 else specs[::-1]:
                g = servers[spec]
                assert g.proc is not None
                split: list[int] = []
                master, port = g.proc.pid, g.port

                def sample(master: int = master, port: int = port, split: list[int] = split) -> None:
                    time.sleep(args.duration / 2)
                    split.extend(connections_per_worker(master, port))

                t = threading.Thread(target=sample)
                t.start()
                run = wrk(exe, g.url, bodies, args, args.duration, offsets[spec], g.pids())
                t.join()
                offsets[spec] += run.requests
                rows[spec].append({**vars(run), "split": split})
                print(f"  round {r + 1} {spec:16} {run.rps:6.0f} req/s  p50 {run.p50_ms:6.1f} ms  "
                      f"p99 {run.p99_ms:6.1f} ms  errors {run.errors}  connections per worker {split}", flush=True)
    except (RuntimeError, subprocess.SubprocessError) as e:
        print(f"FAIL: {e}", file=sys.stderr)
        return 1
    finally:
        for g in servers.values():
            g.stop()
    med = statistics.median
    base = med(x["p99_ms"] for x in rows[specs[0]])
    summary = []
    print(f"\n{'setting':16} {'p50 ms':>7} {'p99 ms':>7} {'p99 / ' + specs[0]:>14} {'req/s':>7} {'errors':>6}  "
          "p99 per round")
    for spec in specs:
        xs = rows[spec]
        s = {"setting": spec, "p50_ms": med(x["p50_ms"] for x in xs), "p99_ms": med(x["p99_ms"] for x in xs),
             "rps": med(x["rps"] for x in xs), "errors": sum(x["errors"] for x in xs), "rounds": xs}
        s["p99_ratio"] = s["p99_ms"] / base if base else 0.0
        summary.append(s)
        per_round = " ".join(f"{x['p99_ms']:.0f}" for x in xs)
        print(f"{spec:16} {s['p50_ms']:7.1f} {s['p99_ms']:7.1f} {s['p99_ratio']:14.2f} {s['rps']:7.0f} "
              f"{s['errors']:6d}  {per_round}")
    print("medians over the rounds; requests/s on a shared machine are not figures, the ratios are.")
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2))
    return 1 if any(s["errors"] for s in summary) else 0


if __name__ == "__main__":
    sys.exit(main())
