"""Idle connections cost memory, not service, against the README's ``mahjong-scorer serve``.

Each worker holds up to ``GUNICORN_WORKER_CONNECTIONS`` connections (10,000), and a connection
must send its first request head within ``GUNICORN_HEAD_TIMEOUT`` (10 s); a kept-alive one waits
``GUNICORN_KEEPALIVE`` (75 s) for its next. (Before: 1,000 a worker and 75 s for every head, so 2,000
sockets that sent nothing kept a fresh ``/healthz`` waiting in the backlog for 65-75 s.)
"""

from __future__ import annotations

import re
import resource
import socket
import time
from pathlib import Path

from testkit.serving import request, server

IDLE = 2000


def open_files(n: int) -> None:
    """This process may open ``n`` more sockets (its soft limit raised within the hard one)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = n + 256
    if soft != resource.RLIM_INFINITY and soft < want:
        assert hard == resource.RLIM_INFINITY or hard >= want, f"the open-file limit ({hard}) is under {want}"
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


def test_idle_connections_do_not_lock_fresh_clients_out(tmp_path: Path) -> None:
    open_files(IDLE)
    with server(tmp_path) as g:
        idle = [socket.create_connection(("127.0.0.1", g.port), timeout=5) for _ in range(IDLE)]
        try:
            time.sleep(1.0)  # every one accepted (or waiting to be), none has sent a byte
            status, _, took = request(g.port, "GET", "/healthz", timeout=10)
            assert status == 200 and took < 2.0, f"/healthz took {took:.2f} s beside {IDLE} idle connections"
            status, _, took = request(g.port, "POST", "/v1/score", b'{"hand": "[222m1][444m2][666m3]88mWW8m"}',
                                      timeout=10)
            assert status == 200 and took < 2.0, f"/v1/score took {took:.2f} s beside {IDLE} idle connections"
        finally:
            for s in idle:
                s.close()


def closed_at(s: socket.socket, limit: float) -> float:
    """When (``time.monotonic()``) the server closed ``s``, having sent nothing more on it; waits
    ``limit`` seconds at most."""
    s.settimeout(limit)
    try:
        data = s.recv(65536)
        assert data == b"", data[:200]
    except ConnectionResetError:
        pass
    return time.monotonic()


def whole_answer(s: socket.socket) -> bytes:
    """One answer read whole, its head and its Content-Length's bytes (they may come in two reads)."""
    out = b""
    while b"\r\n\r\n" not in out:
        out += s.recv(65536)
    head, _, body = out.partition(b"\r\n\r\n")
    length = int(re.search(rb"(?i)\r\ncontent-length: *(\d+)", head).group(1))
    while len(body) < length:
        body += s.recv(65536)
    return head + b"\r\n\r\n" + body


def test_a_first_head_has_the_head_timeout_and_a_next_one_the_keepalive(tmp_path: Path) -> None:
    env = {"GUNICORN_HEAD_TIMEOUT": "1", "GUNICORN_KEEPALIVE": "4"}
    with server(tmp_path, env, workers=1) as g:
        t0 = time.monotonic()
        silent = socket.create_connection(("127.0.0.1", g.port), timeout=5)
        partial = socket.create_connection(("127.0.0.1", g.port), timeout=5)
        partial.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n")  # a head never finished
        kept = socket.create_connection(("127.0.0.1", g.port), timeout=5)
        kept.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        assert whole_answer(kept).startswith(b"HTTP/1.1 200 ")
        answered = time.monotonic()
        try:
            took = [closed_at(silent, 6) - t0, closed_at(partial, 6) - t0]
            assert all(0.8 < t < 2.5 for t in took), f"closed after {took} s, not the 1 s head timeout"
            kept_for = closed_at(kept, 8) - answered
            assert 3.5 < kept_for < 5.5, f"a kept-alive connection was closed after {kept_for:.1f} s, not 4"
        finally:
            for s in (silent, partial, kept):
                s.close()
