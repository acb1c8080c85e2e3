"""A ``POST /v1/score`` request's CPU in-process, against a minimal Flask endpoint on the same bodies.

    python -m bench.service [--n 2000] [--seed 1] [--rounds 3] [--mix easy|hard|both] [--json out.json]

The WSGI apps are called directly (no sockets, no gunicorn), set up as a gunicorn worker has them
(``PROMETHEUS_MULTIPROC_DIR`` set before the app is imported, the heap frozen and the young
collections every ``GUNICORN_GC_YOUNG`` allocations, as ``service/gunicorn_conf.py`` does), request
by request in turn: the minimal endpoint (``bench/minimal_app.py``: it parses the same body and
answers a small object), then the real service on the same bytes. The figure is ``real / minimal``
(the target, the minimal endpoint's CPU a request at least 0.8 of the real one's, is 1.25 or less). The served
figure, through gunicorn's gevent worker and the compute lane, is ``bench.throughput``'s.
The easy bodies are ``testkit/hands/load.py``'s request pool; the hard ones ``testkit/hands/hard.py``'s
complete hands.
"""

from __future__ import annotations

import sys
from typing import Any

from bench.common import Clock, run

PAIRS = {"real/minimal": (("real",), "minimal")}


def bodies(mix: str, n: int, seed: int) -> list[bytes]:
    import orjson

    if mix == "easy":
        from testkit.hands.load import request_pool

        return [orjson.dumps(b) for b in request_pool(n, seed)[-n:]]
    from testkit.hands.hard import complete

    return [orjson.dumps(g.request_body()) for g in complete(n, seed)]


def child(mix: str, n: int, seed: int) -> dict[str, Any]:
    import gc
    import logging
    import os
    import shutil
    import tempfile

    metrics = tempfile.mkdtemp(prefix="mcr-bench-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics
    try:
        import scorer
        from bench.minimal_app import create_app as minimal_app
        from bench.profile_service import _environ
        from service import create_app

        logging.disable(logging.INFO)
        real, minimal = create_app(), minimal_app()
        warm = bodies("easy", 50, seed + 77)  # imports and first-request set-up, not the figure
        todo = bodies(mix, n, seed)
        statuses: list[str] = []

        def start_response(status: str, headers: Any, exc_info: Any = None) -> None:
            statuses.append(status)

        def call(app: Any, body: bytes) -> None:
            for _ in app(_environ(body), start_response):
                pass

        for b in warm:
            call(minimal, b)
            call(real, b)
        gc.collect()
        gc.freeze()
        gc.set_threshold(int(os.environ.get("GUNICORN_GC_YOUNG", "50000")), 10, 10)
        statuses.clear()
        clock = Clock()
        for b in todo:
            clock.time("minimal", call, minimal, b)
            clock.time("real", call, real, b)
        bad = [s for s in statuses if not s.startswith("200")]
        if bad:
            raise SystemExit(f"unexpected answers: {bad[:5]}")
        return {"means": clock.means(), "compiled": scorer.COMPILED}
    finally:
        shutil.rmtree(metrics, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    run("service", (__doc__ or "").split("\n")[0], PAIRS, argv, n=2000)
    return 0


if __name__ == "__main__":
    sys.exit(main())
