"""Helpers for the serving tests: gunicorn as the README runs it, on 127.0.0.1 and a free port,
started by the test and stopped by its own PID (``loadtest.server.Gunicorn``), plus small HTTP
clients that need nothing but the standard library."""

from __future__ import annotations

import http.client
import json
import time
from pathlib import Path
from typing import Any

from loadtest.server import Gunicorn, children

SCORE_BODY = json.dumps({"hand": "[222m1][444m2][666m3]88mWW8m", "context": {"discarder": "S"}}).encode()
SCORE_PAYOUTS = {"E": 36, "S": -20, "W": -8, "N": -8}


def server(tmp_path: Path, env: dict[str, str] | None = None, workers: int = 2) -> Gunicorn:
    """The project's gunicorn.conf.py as it is (its worker class), with these environment settings."""
    return Gunicorn("service:create_app()", workers=workers, log_path=tmp_path / "gunicorn.log",
                    env={"PROMETHEUS_MULTIPROC_DIR": "", **(env or {})})


def request(port: int, method: str, path: str, body: bytes | None = None,
            timeout: float = 5.0) -> tuple[int, bytes, float]:
    """One request on a new connection: (status, body, seconds taken)."""
    t0 = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
        r = conn.getresponse()
        return r.status, r.read(), time.monotonic() - t0
    finally:
        conn.close()


def worker_pids(master: int) -> set[int]:
    """The master's workers (its children), from /proc."""
    return children(master)


def log_records(path: Path) -> list[dict[str, Any]]:
    out = []
    for line in path.read_text(errors="replace").splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            pass
    return out
