"""The slowest batch we can build: 1,000 distinct hands, each among the slowest to score cold.

    python -m bench.worst_batch [--pool 4000] [--size 1000] [--seed 7] [--out batch.json] [--post URL]

Draws ``--pool`` hands from ``testkit.hands.load`` over every structure (the many-division full
flushes and seven-pairs-that-read-as-regular are over-represented there), scores each cold (caches
cleared, best of three, so machine noise does not pick the hand) and keeps the ``--size`` slowest,
in a ``POST /v1/score/batch`` body. ``--post`` sends it to a running service and prints how long
the answer took: the README's worst case per request, against gunicorn's worker timeout.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.request
from typing import Any

from testkit.hands.worst import slowest_bodies


def post(url: str, body: bytes, timeout: float = 120.0) -> tuple[int, float, dict[str, Any]]:
    req = urllib.request.Request(url.rstrip("/") + "/v1/score/batch", data=body,
                                 headers={"Content-Type": "application/json"})
    t0 = time.monotonic()
    with urllib.request.urlopen(req, timeout=timeout) as r:
        data = json.loads(r.read())
        return r.status, time.monotonic() - t0, data


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.worst_batch", description=__doc__.split("\n\n")[0])
    p.add_argument("--pool", type=int, default=4000)
    p.add_argument("--size", type=int, default=1000)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--out", help="write the batch body here")
    p.add_argument("--post", metavar="URL", help="POST it to this service and time the answer")
    args = p.parse_args(argv)
    bodies, seconds = slowest_bodies(args.pool, args.size, args.seed)
    raw = json.dumps({"requests": bodies}).encode()
    print(f"{len(bodies)} slowest of {args.pool} hands: {1000 * seconds:.0f} ms to score cold in-process "
          f"(slowest {1e6 * seconds / max(1, len(bodies)):.0f} us per hand on average); body {len(raw)} bytes")
    if args.out:
        with open(args.out, "wb") as f:
            f.write(raw)
    if args.post:
        status, took, data = post(args.post, raw)
        print(f"POST /v1/score/batch: {status} in {took:.2f} s, {len(data.get('results', []))} results")
    return 0


if __name__ == "__main__":
    sys.exit(main())
