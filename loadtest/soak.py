"""A bounded soak: many distinct hands at a steady rate against gunicorn; memory flat, no 5xx.

    python -m loadtest.soak [--requests 300000] [--rate 400] [--connections 8] [--hands 100000]
        [--warmup 0.1] [--max-growth-mib 8] [--json out.json]

Starts gunicorn with the project's ``service/gunicorn_conf.py`` on 127.0.0.1:<free port> (stopped by its
PID at the end, always), then ``--connections`` keep-alive clients POST ``/v1/score`` bodies from
``testkit.hands.load`` (``--hands`` distinct ones, taken in turn) at ``--rate`` requests/s in all, on a
fixed schedule, until ``--requests`` have been sent. The workers' resident memory (RSS, from /proc)
is sampled throughout; the figure is RSS at the end of the warm-up against RSS at the end. The
warm-up is the first pass over the distinct bodies (at least a tenth of the run; ``--warmup`` sets
the share): the scorer's caches are bounded, but fill as they meet new hands, so memory grows until
every body has been seen once.

Fails (exit 1) on any 5xx, any connection error or unanswered request, a worker replaced during the
run, or a worker's RSS growing by more than ``--max-growth-mib`` after the warm-up. The clients
are plain sockets in threads: at a few hundred requests/s they use a fraction of a core.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from testkit.hands.load import generate
from testkit.server import Gunicorn, children, rss_kib


def request_bytes(body: dict[str, Any]) -> bytes:
    raw = json.dumps(body, separators=(",", ":")).encode()
    return (b"POST /v1/score HTTP/1.1\r\nHost: soak\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n%s" % (len(raw), raw))


class Client(threading.Thread):
    """One keep-alive connection sending its share of the requests on schedule."""

    def __init__(self, port: int, requests: list[bytes], start: float, interval: float, index: int, step: int,
                 count: int) -> None:
        super().__init__(daemon=True)
        self.port, self.requests = port, requests
        self.start_at, self.interval, self.index, self.step, self.count = start, interval, index, step, count
        self.statuses: Counter[int] = Counter()
        self.errors: Counter[str] = Counter()
        self.latencies: list[float] = []
        self.sent = 0

    def connect(self) -> tuple[socket.socket, bytearray]:
        s = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return s, bytearray()

    def response(self, s: socket.socket, buf: bytearray) -> int:
        while (end := buf.find(b"\r\n\r\n")) < 0:
            chunk = s.recv(65536)
            if not chunk:
                raise ConnectionError("closed by the server")
            buf += chunk
        head = bytes(buf[:end]).decode("latin-1").split("\r\n")
        status = int(head[0].split()[1])
        length = next(int(h.split(":", 1)[1]) for h in head[1:] if h.lower().startswith("content-length:"))
        while len(buf) < end + 4 + length:
            chunk = s.recv(65536)
            if not chunk:
                raise ConnectionError("closed by the server")
            buf += chunk
        del buf[:end + 4 + length]
        return status

    def run(self) -> None:
        s, buf = self.connect()
        n = len(self.requests)
        for k in range(self.count):
            due = self.start_at + k * self.interval
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            req = self.requests[(self.index + k * self.step) % n]
            t0 = time.monotonic()
            try:
                s.sendall(req)
                self.statuses[self.response(s, buf)] += 1
                self.latencies.append(time.monotonic() - t0)
            except (OSError, ValueError, StopIteration) as e:
                self.errors[type(e).__name__] += 1
                s.close()
                s, buf = self.connect()
            self.sent += 1
        s.close()


def run(args: argparse.Namespace) -> dict[str, Any]:
    t0 = time.monotonic()
    hands = generate(args.hands, seed=args.seed)
    requests = [request_bytes(h.body()) for h in hands]
    del hands
    minutes = args.requests / args.rate / 60
    print(f"{len(requests)} distinct bodies in {time.monotonic() - t0:.0f} s; {args.requests} requests at "
          f"{args.rate:g}/s over {args.connections} connections (~{minutes:.1f} min)", flush=True)
    log = Path(args.log) if args.log else None
    with Gunicorn("service:create_app()", log_path=log, access_log=False) as g:
        assert g.proc is not None
        master = g.proc.pid
        workers0 = children(master)
        samples: list[tuple[float, int, dict[int, int]]] = []  # (seconds, requests done, rss per worker)
        per_client = args.requests // args.connections
        interval = args.connections / args.rate
        start = time.monotonic() + 0.5
        clients = [Client(g.port, requests, start + k * interval / args.connections, interval, k,
                          args.connections, per_client) for k in range(args.connections)]
        samples.append((0.0, 0, {p: rss_kib(p) for p in workers0}))
        print(f"  warm-up: the first {int(args.warmup * args.requests)} requests", flush=True)
        for c in clients:
            c.start()
        warm_at = int(args.warmup * per_client * args.connections)
        warm_sample: tuple[float, int, dict[int, int]] | None = None
        next_print = time.monotonic() + 30
        while any(c.is_alive() for c in clients):
            time.sleep(1)
            done = sum(c.sent for c in clients)
            sample = (time.monotonic() - start, done, {p: rss_kib(p) for p in children(master)})
            samples.append(sample)
            if warm_sample is None and done >= warm_at:
                warm_sample = sample
            if time.monotonic() >= next_print:
                next_print += 30
                print(f"  {sample[0]:5.0f} s  {done:7d} requests  RSS MiB "
                      f"{' '.join(f'{v / 1024:.1f}' for v in sample[2].values())}", flush=True)
        end_sample = (time.monotonic() - start, sum(c.sent for c in clients),
                      {p: rss_kib(p) for p in children(master)})
        workers1 = children(master)
    statuses: Counter[int] = Counter()
    errors: Counter[str] = Counter()
    latencies: list[float] = []
    for c in clients:
        statuses.update(c.statuses)
        errors.update(c.errors)
        latencies.extend(c.latencies)
    latencies.sort()
    warm = warm_sample or samples[0]
    growth = {p: (end_sample[2].get(p, 0) - warm[2].get(p, 0)) / 1024 for p in workers0}
    return {
        "requests": sum(statuses.values()) + sum(errors.values()), "seconds": end_sample[0],
        "rate": (sum(statuses.values()) / end_sample[0]) if end_sample[0] else 0.0,
        "statuses": dict(statuses), "errors": dict(errors),
        "p50_ms": 1000 * statistics.median(latencies) if latencies else 0.0,
        "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))] if latencies else 0.0,
        "rss_mib_start": {p: v / 1024 for p, v in samples[0][2].items()},
        "rss_mib_after_warmup": {p: warm[2].get(p, 0) / 1024 for p in workers0},
        "rss_mib_end": {p: end_sample[2].get(p, 0) / 1024 for p in workers0},
        "growth_mib_after_warmup": growth, "warmup_requests": warm[1],
        "workers_replaced": workers0 != workers1,
        "timeline": [{"seconds": round(t, 1), "requests": n, "rss_mib": {p: v / 1024 for p, v in r.items()}}
                     for t, n, r in samples[::10]],
    }


def judge(r: dict[str, Any], max_growth_mib: float) -> list[str]:
    problems = []
    fives = {k: v for k, v in r["statuses"].items() if int(k) >= 500}
    if fives:
        problems.append(f"5xx responses: {fives}")
    if r["errors"]:
        problems.append(f"connection errors: {r['errors']}")
    if r["workers_replaced"]:
        problems.append("a worker was replaced during the soak")
    for pid, g in r["growth_mib_after_warmup"].items():
        if g > max_growth_mib:
            problems.append(f"worker {pid} grew {g:.1f} MiB after the warm-up (bound {max_growth_mib:g} MiB)")
    return problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m loadtest.soak", description=__doc__.split("\n\n")[0])
    p.add_argument("--requests", type=int, default=300000)
    p.add_argument("--rate", type=float, default=400.0, help="requests/s in all (default 400)")
    p.add_argument("--connections", type=int, default=8)
    p.add_argument("--hands", type=int, default=100000, help="distinct bodies, taken in turn (default 100000)")
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--warmup", type=float,
                   help="share of the requests that is warm-up (default: one pass over the bodies, at least 0.1)")
    p.add_argument("--max-growth-mib", type=float, default=8.0)
    p.add_argument("--log", help="gunicorn's log file (default: none)")
    p.add_argument("--json", metavar="PATH", help="also write the summary as JSON")
    args = p.parse_args(argv)
    if args.warmup is None:
        args.warmup = min(1.0, max(0.1, args.hands / args.requests))
    r = run(args)
    print(f"\n{r['requests']} requests in {r['seconds']:.0f} s ({r['rate']:.0f}/s); statuses {r['statuses']}; "
          f"errors {r['errors'] or 'none'}; latency p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms")
    for pid in r["rss_mib_end"]:
        print(f"worker {pid}: RSS {r['rss_mib_start'].get(pid, 0):.1f} MiB at start, "
              f"{r['rss_mib_after_warmup'][pid]:.1f} MiB after the warm-up ({r['warmup_requests']} requests), "
              f"{r['rss_mib_end'][pid]:.1f} MiB at the end ({r['growth_mib_after_warmup'][pid]:+.1f} MiB)")
    if args.json:
        Path(args.json).write_text(json.dumps(r, indent=2, default=str))
    problems = judge(r, args.max_growth_mib)
    if problems:
        print("FAIL:\n  " + "\n  ".join(problems))
        return 1
    print("PASS: no 5xx, no connection error, memory flat after the warm-up")
    return 0


if __name__ == "__main__":
    sys.exit(main())
