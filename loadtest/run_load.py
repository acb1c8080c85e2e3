"""Headless locust run against a gunicorn this script starts and stops, with pass/fail thresholds.

    python -m loadtest.run_load [--duration 20] [--users 8] [--rate 60] [--p99-ms 250] [--out DIR]

1. starts gunicorn with the project's ``service/gunicorn_conf.py`` on 127.0.0.1:<free port> (``--workers``,
   ``--worker-class``, ``--threads`` override it) and waits for ``/readyz``;
2. runs ``loadtest/locustfile.py`` headless for ``--duration`` seconds: ``--users`` users that
   together send ``--rate`` requests/s (a fixed rate: on 2 cores a locust process spends about as
   much CPU per request as the server, so flat out it would measure locust; ``--rate 0`` = flat out);
3. stops gunicorn (always: finally), then reads locust's CSV stats and the status counts and fails
   (exit 1) on: any 5xx, any unexpected status or failed check, a connection error, no requests at
   all, a worker timeout in the server log, or a p99 over its bound (``--p99-ms`` for each request
   name, ``--batch-p99-ms`` for the 10-hand batch).

The report prints every latency next to the server's and locust's CPU per request, so that a run on
a busy machine can be read for what it is. Exit 0 = pass, 1 = a threshold failed, 2 = the run
itself could not happen (gunicorn or locust did not start).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from testkit.server import ROOT, Gunicorn, cpu_seconds, scrape_cache

LOCUSTFILE = ROOT / "loadtest" / "locustfile.py"


def parse_stats(path: Path) -> dict[str, dict[str, Any]]:
    """locust's ``*_stats.csv`` -> {name: {count, failures, rps, p50, p95, p99, max, avg}} (ms)."""
    rows: dict[str, dict[str, Any]] = {}
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            def num(key: str, r: dict[str, str] = r) -> float:
                v = r.get(key, "")
                return float(v) if v not in ("", "N/A", None) else 0.0
            rows[r["Name"]] = {
                "type": r.get("Type", ""), "count": int(num("Request Count")), "failures": int(num("Failure Count")),
                "rps": num("Requests/s"), "avg": num("Average Response Time"), "p50": num("50%"),
                "p95": num("95%"), "p99": num("99%"), "max": num("Max Response Time"),
            }
    return rows


def parse_failures(path: Path) -> list[dict[str, str]]:
    if not path.exists():
        return []
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _children_cpu() -> float:
    """CPU seconds of this process's finished children (here: the locust run)."""
    t = os.times()
    return t.children_user + t.children_system


def run(args: argparse.Namespace) -> int:
    out_dir = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="mcr-load-"))
    out_dir.mkdir(parents=True, exist_ok=True)
    prefix = out_dir / "locust"
    status_path = out_dir / "status.json"
    server_log = out_dir / "gunicorn.log"
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "MCR_LOCUST_RATE": str(args.rate / args.users if args.rate > 0 else 0),
        "MCR_LOCUST_HANDS": str(args.hands),
        "MCR_LOCUST_SEED": str(args.seed),
        "MCR_LOCUST_STATUS_OUT": str(status_path),
    }
    cmd = [
        sys.executable, "-m", "locust", "-f", str(LOCUSTFILE), "--headless", "--only-summary",
        "-u", str(args.users), "-r", str(args.users), "-t", f"{args.duration}s", "--stop-timeout", "5",
        "--csv", str(prefix), "--exit-code-on-error", "0", "--loglevel", "WARNING",
    ]
    server = Gunicorn(args.app, workers=args.workers, worker_class=args.worker_class,
                      threads=args.threads, log_path=server_log)
    locust_rc = None
    try:
        try:
            server.start()
        except RuntimeError as e:
            print(f"FAIL: {e}", file=sys.stderr)
            return 2
        print(f"gunicorn ready at {server.url}; locust: {args.users} users, "
              f"{f'{args.rate:g} req/s' if args.rate > 0 else 'flat out'}, {args.duration} s, "
              f"{args.hands} distinct hands; output in {out_dir}", flush=True)
        pids = server.pids()
        cache0, workers0 = scrape_cache(server.url), server.worker_pids()
        cpu0, t0 = cpu_seconds(pids), time.monotonic()
        children0 = _children_cpu()
        with open(out_dir / "locust.log", "wb") as log:
            proc = subprocess.Popen([*cmd, "-H", server.url], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL)
            try:
                locust_rc = proc.wait(timeout=args.duration + 60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
                print("FAIL: locust did not finish in time", file=sys.stderr)
                return 2
            locust_cpu = _children_cpu() - children0
        server_cpu, wall = cpu_seconds(pids) - cpu0, time.monotonic() - t0
        cache1 = scrape_cache(server.url) if server.worker_pids() == workers0 else {}  # live workers only
    finally:
        server.stop()

    stats_path = prefix.with_name(prefix.name + "_stats.csv")
    if not stats_path.exists():
        print(f"FAIL: locust wrote no stats (exit {locust_rc}); see {out_dir / 'locust.log'}", file=sys.stderr)
        return 2
    stats = parse_stats(stats_path)
    failures = parse_failures(prefix.with_name(prefix.name + "_failures.csv"))
    statuses = json.loads(status_path.read_text()) if status_path.exists() else []
    return judge(args, stats, failures, statuses, server_log, server_cpu, locust_cpu, wall, cache0, cache1)


def judge(args: argparse.Namespace, stats: dict[str, dict[str, Any]], failures: list[dict[str, str]],
          statuses: list[dict[str, Any]], server_log: Path, server_cpu: float, locust_cpu: float, wall: float,
          cache0: dict[str, float], cache1: dict[str, float]) -> int:
    problems: list[str] = []
    total = stats.get("Aggregated", {})
    n = total.get("count", 0)
    print(f"\n{'request':36} {'count':>6} {'fail':>5} {'req/s':>7} {'p50':>5} {'p95':>5} {'p99':>5} {'max':>6}  ms")
    for name, s in stats.items():
        print(f"{name:36} {s['count']:6} {s['failures']:5} {s['rps']:7.1f} {s['p50']:5.0f} {s['p95']:5.0f} "
              f"{s['p99']:5.0f} {s['max']:6.0f}")
        if name == "Aggregated" or not s["count"]:
            continue
        bound = args.batch_p99_ms if "batch" in name else args.p99_ms
        if s["p99"] > bound:
            problems.append(f"p99 of {name} is {s['p99']:.0f} ms, over the bound of {bound:g} ms")
    by_status: dict[int, int] = {}
    for row in statuses:
        by_status[row["status"]] = by_status.get(row["status"], 0) + row["count"]
    print("\nstatuses:", ", ".join(f"{k}: {v}" for k, v in sorted(by_status.items())) or "none recorded")
    if n and wall > 0:
        print(f"CPU per request: server {1000 * server_cpu / n:.2f} ms, locust {1000 * locust_cpu / n:.2f} ms "
              f"(ratio locust/server {locust_cpu / server_cpu if server_cpu else float('nan'):.2f}); "
              f"server used {server_cpu / wall:.2f} of 2 cores")
    key = 'scorer_cache_{}{{cache="result"}}'
    hits = cache1.get(key.format("hits"), 0) - cache0.get(key.format("hits"), 0)
    misses = cache1.get(key.format("misses"), 0) - cache0.get(key.format("misses"), 0)
    if hits + misses:
        print(f"result cache during the run: {hits:.0f} hits, {misses:.0f} misses "
              f"({100 * hits / (hits + misses):.0f}% hits; live workers only)")

    if not n:
        problems.append("no requests were made")
    fives = {k: v for k, v in by_status.items() if k >= 500}
    if fives:
        problems.append(f"5xx responses: {fives}")
    if by_status.get(0):
        problems.append(f"{by_status[0]} requests got no response (connection errors)")
    for f in failures:
        problems.append(
            f"{f.get('Occurrences', '?')} x {f.get('Method', '')} {f.get('Name', '')}: {f.get('Error', '')}"
        )
    if server_log.exists():
        timeouts = sum("WORKER TIMEOUT" in line for line in server_log.read_text(errors="replace").splitlines())
        if timeouts:
            problems.append(f"{timeouts} worker timeouts in {server_log}")
    if problems:
        print("\nFAIL:")
        for p in problems:
            print(f"  {p}")
        return 1
    print(f"\nPASS: {n} requests, no 5xx, no unexpected status, every p99 within its bound "
          f"({args.p99_ms:g} ms; batch {args.batch_p99_ms:g} ms)")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m loadtest.run_load", description=__doc__.split("\n\n")[0])
    p.add_argument("--duration", type=int, default=20, help="seconds of load (default 20)")
    p.add_argument("--users", type=int, default=8, help="concurrent locust users (default 8)")
    p.add_argument("--rate", type=float, default=60.0, help="total requests/s, fixed; 0 = flat out (default 60)")
    p.add_argument("--hands", type=int, default=5000, help="distinct hands in the mix (default 5000, at least 1000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--p99-ms", type=float, default=250.0, help="p99 bound per request name (default 250)")
    p.add_argument("--batch-p99-ms", type=float, default=1000.0, help="p99 bound for the batch (default 1000)")
    p.add_argument("--workers", type=int, help="gunicorn workers (default: service/gunicorn_conf.py's)")
    p.add_argument("--worker-class", help="gunicorn worker class (default: service/gunicorn_conf.py's)")
    p.add_argument("--threads", type=int, help="threads per gthread worker")
    p.add_argument("--app", default="service:create_app()",
                   help="the WSGI app to load (default service:create_app(); see bench/variants.py)")
    p.add_argument("--out", help="directory for the CSVs and logs (default: a new temporary one)")
    args = p.parse_args(argv)
    if args.hands < 1000:
        p.error("--hands must be at least 1000, or the result cache fakes the figure")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
