"""Where a /v1/score request's time goes, in-process, set up as under gunicorn.

    python -m bench.profile_service [--n 3000] [--top 30] [--sort tottime|cumtime]

Calls the WSGI app directly (no sockets) with distinct bodies from ``testkit.hands.load``, once with
cProfile and once timed without it, next to ``bench/minimal_app.py`` on the same bodies. As under
``service/gunicorn_conf.py``, ``PROMETHEUS_MULTIPROC_DIR`` is set (a temporary directory) before the app is
imported, so the metrics take their multiprocess path. Prints the per-request time of both as a
ratio, then the profile's top functions.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from typing import Any


def _environ(body: bytes) -> dict[str, Any]:
    return {
        "REQUEST_METHOD": "POST", "PATH_INFO": "/v1/score", "SCRIPT_NAME": "", "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_HOST": "127.0.0.1:8000",
        "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(body)), "REMOTE_ADDR": "127.0.0.1",
        "wsgi.version": (1, 0), "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr, "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False,
    }


def drive(app: Callable[..., Iterable[bytes]], bodies: list[bytes]) -> float:
    """Seconds to answer every body once."""
    statuses: list[str] = []

    def start_response(status: str, headers: Any, exc_info: Any = None) -> None:
        statuses.append(status)

    t0 = time.perf_counter()
    for b in bodies:
        for _ in app(_environ(b), start_response):
            pass
    elapsed = time.perf_counter() - t0
    bad = [s for s in statuses if not s.startswith("200")]
    if bad:
        raise SystemExit(f"unexpected answers: {bad[:5]}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.profile_service", description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=3000, help="distinct bodies (default 3000)")
    p.add_argument("--top", type=int, default=30)
    p.add_argument("--sort", default="tottime", choices=["tottime", "cumtime"])
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args(argv)

    metrics_dir = tempfile.mkdtemp(prefix="mcr-profile-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir  # before prometheus_client is imported
    try:
        import logging

        import orjson

        from bench.minimal_app import create_app as minimal_app
        from service import create_app
        from testkit.hands.load import request_pool

        logging.disable(logging.INFO)  # the access log is gunicorn's, not the app's; keep stdout quiet
        pool = [orjson.dumps(b) for b in request_pool(3 * args.n, args.seed)]
        warm, timed, profiled = pool[: args.n], pool[args.n: 2 * args.n], pool[2 * args.n:]
        real, minimal = create_app(), minimal_app()
        drive(real, warm)
        drive(minimal, warm)
        t_real = drive(real, timed)
        t_min = drive(minimal, timed)
        print(f"{args.n} distinct bodies, in-process WSGI calls (no sockets, no gunicorn):")
        print(f"  real / minimal time per request: {t_real / t_min:.2f}x "
              f"(real {1e6 * t_real / args.n:.0f} µs, minimal {1e6 * t_min / args.n:.0f} µs; µs only show the scale)")
        prof = cProfile.Profile()
        prof.enable()
        drive(real, profiled)
        prof.disable()
        buf = io.StringIO()
        pstats.Stats(prof, stream=buf).sort_stats(args.sort).print_stats(args.top)
        print(f"\ncProfile of the real app over {args.n} more distinct bodies, by {args.sort}:")
        print(buf.getvalue())
    finally:
        shutil.rmtree(metrics_dir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
