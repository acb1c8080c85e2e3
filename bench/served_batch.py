"""Served ``POST /v1/score/batch`` of 1,000 hands against the library's own loop on the same hands,
hands per CPU second (per core), same run.

    python -m bench.served_batch [--batches 8] [--rounds 4] [--size 1000]

Run it with the interpreter of the build to measure (``LOADTEST_SCORER=installed`` and the compiled
wheel's venv serve the wheel). One gunicorn of one worker (``service/gunicorn_conf.py`` as it is,
the gevent worker and its lane) is started on 127.0.0.1; each round then, interleaved:

    served   ``--batches`` batches of ``--size`` distinct hands, one after another on one keep-alive
             connection; the server's CPU time (master and worker, ``testkit.server.cpu_seconds``)
             over them: parsing, the chain, the schema's fast check, scoring, serialising, the lane
    loop     a process of its own over the same hands: ``orjson.loads``, ``Hand.build``/``Hand.parse``,
             ``Context.build``, ``scorer.score(...).to_dict()``, ``orjson.dumps`` (``bench.bulk``'s
             loop), its CPU time over the loop alone (imports excluded)

Each round's hands are new to both (the result cache cannot flatter either), and both met the same
hands before (a first batch, untimed, then the earlier rounds'), so their caches are alike.
Reported: hands per CPU second of each, and served / loop (median of the rounds' ratios, and their
range). Exit 0 = measured, 1 = the server answered an error.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from testkit.hands.load import generate
from testkit.server import Gunicorn, cpu_seconds

LOOP = """
import sys, time, orjson, scorer
for path in sys.stdin:
    lines = open(path.strip(), "rb").read().splitlines()
    t0 = time.process_time()
    out = []
    for line in lines:
        body = orjson.loads(line)
        h = body["hand"]
        hand = scorer.Hand.parse(h) if isinstance(h, str) else scorer.Hand.build(**h)
        ctx = scorer.Context.build(**body.get("context", {}))
        r = scorer.score(hand, ctx, ruleset=body.get("ruleset", "mcr"), options=body.get("options"))
        out.append(orjson.dumps(r.to_dict()))
    print(len(out) / (time.process_time() - t0), flush=True)
"""


def bodies(n: int, seed: int) -> list[dict[str, object]]:
    return [g.body("notation" if k % 4 == 3 else "object") for k, g in enumerate(generate(n, seed))]


def served(port: int, pid: int, batches: list[list[dict[str, object]]]) -> float:
    """Hands per server CPU second over ``batches``, sent one after another on one connection."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    payloads = [json.dumps({"requests": b}).encode() for b in batches]
    cpu0 = cpu_seconds([pid])
    for payload in payloads:
        conn.request("POST", "/v1/score/batch", payload, {"Content-Type": "application/json"})
        resp = conn.getresponse()
        answer = resp.read()
        if resp.status != 200:
            raise SystemExit(f"the server answered {resp.status}: {answer[:300]!r}")
    cpu = cpu_seconds([pid]) - cpu0
    conn.close()
    return sum(len(b) for b in batches) / cpu


class Loop:
    """The library's loop in a process of its own that lives as long as the server: it meets the
    same hands in the same order (the warm-up batch, then each round's), so that its caches are
    as warm as the worker's."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-P", "-c", LOOP], cwd="/", stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def __call__(self, hands: list[dict[str, object]]) -> float:
        """Hands per CPU second of the loop over ``hands``."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
            f.write("\n".join(json.dumps(h) for h in hands) + "\n")
        try:
            self.proc.stdin.write(f.name + "\n")
            self.proc.stdin.flush()
            return float(self.proc.stdout.readline())
        finally:
            os.unlink(f.name)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--batches", type=int, default=8, help="batches a round (default 8)")
    p.add_argument("--size", type=int, default=1000, help="hands a batch (default 1000)")
    p.add_argument("--rounds", type=int, default=4)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    args = p.parse_args(argv)

    per_round = args.batches * args.size
    hands = bodies(per_round * (args.rounds + 1), args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        g = Gunicorn("service:create_app()", workers=1, log_path=Path(tmp) / "server.log").start()
        loop = Loop()
        try:
            assert g.proc is not None
            warm = hands[:args.size]  # the first batch of each (imports, first allocations): not timed
            served(g.port, g.proc.pid, [warm])
            loop(warm)
            rows = []
            for r in range(args.rounds):
                chunk = hands[per_round * (r + 1):per_round * (r + 2)]
                batches = [chunk[i:i + args.size] for i in range(0, per_round, args.size)]
                if r % 2 == 0:  # which goes first alternates, so that drifts of the machine fall on both
                    s, lo = served(g.port, g.proc.pid, batches), loop(chunk)
                else:
                    lo = loop(chunk)
                    s = served(g.port, g.proc.pid, batches)
                rows.append((s, lo))
                print(f"  round {r + 1}: served {s:7.0f} hands/CPU s | loop {lo:7.0f} hands/CPU s | "
                      f"ratio {s / lo:.2f}", flush=True)
        finally:
            loop.close()
            g.stop()
    ratios = [s / lo for s, lo in rows]
    report = {"bench": "served_batch", "size": args.size, "batches": args.batches, "rounds": args.rounds,
              "served": statistics.median(s for s, _ in rows), "loop": statistics.median(lo for _, lo in rows),
              "ratio": statistics.median(ratios), "range": [min(ratios), max(ratios)]}
    print(f"served /v1/score/batch of {args.size}: {report['served']:.0f} hands/CPU s; the library's loop "
          f"{report['loop']:.0f}; served / loop {report['ratio']:.2f} (rounds {min(ratios):.2f}-{max(ratios):.2f})")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
