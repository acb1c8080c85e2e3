"""The buffering worker (service/worker.py) speaks HTTP/1.x as gthread did: framing of whole
requests, pipelining, chunked bodies, ``Expect: 100-continue``, and the parser's own errors."""

from __future__ import annotations

import socket
import time

import pytest

from service.worker import HEAD_MAX, Framing, frame
from tests.serving import SCORE_BODY, server

HEAD = b"POST /v1/score HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"


def chunked(body: bytes, size: int = 7) -> bytes:
    out = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + size]), body[i:i + size]) for i in range(0, len(body), size))
    return out + b"0\r\n\r\n"


FULL = HEAD + b"Content-Length: %d\r\n\r\n" % len(SCORE_BODY) + SCORE_BODY
CHUNKED = HEAD + b"Transfer-Encoding: chunked\r\n\r\n" + chunked(SCORE_BODY)


@pytest.mark.parametrize(("buf", "expected"), [
    pytest.param(b"GET / HTTP/1.1\r\nHost: t\r\n", None, id="head-incomplete"),
    pytest.param(b"GET / HTTP/1.1\r\nHost: t\r\n\r\nGET", Framing(len(b"GET / HTTP/1.1\r\nHost: t\r\n\r\n")),
                 id="no-body-then-next"),
    pytest.param(FULL, Framing(len(FULL)), id="content-length"),
    pytest.param(FULL[:-1], Framing(-1), id="body-incomplete"),
    pytest.param(FULL + FULL, Framing(len(FULL)), id="pipelined"),
    pytest.param(CHUNKED, Framing(len(CHUNKED)), id="chunked"),
    pytest.param(CHUNKED[:-2], Framing(-1), id="chunked-incomplete"),
    pytest.param(HEAD + b"Transfer-Encoding: chunked\r\n\r\n0\r\nX-T: 1\r\n\r\nGET",
                 Framing(len(HEAD + b"Transfer-Encoding: chunked\r\n\r\n0\r\nX-T: 1\r\n\r\n")), id="trailer"),
    pytest.param(HEAD + b"Expect: 100-continue\r\nContent-Length: 5\r\n\r\n", Framing(-1, expects_continue=True),
                 id="expect-continue"),
    # handed on as they are, for the app's 413 or the parser's 400, and the connection closes after
    pytest.param(HEAD + b"Content-Length: 2000000\r\n\r\nxx", Framing(len(HEAD) + 29, close=True), id="too-long"),
    pytest.param(HEAD + b"Content-Length: x\r\n\r\n", Framing(len(HEAD) + 21, close=True), id="bad-length"),
    pytest.param(HEAD + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n", Framing(len(HEAD) + 34, close=True),
                 id="bad-chunk-size"),
    pytest.param(b"G" * (HEAD_MAX + 1), Framing(HEAD_MAX + 1, close=True), id="head-too-long"),
])
def test_frame(buf, expected):
    assert frame(buf, 1024 * 1024) == expected


def exchange(port: int, *pieces: bytes, pause: float = 0.0) -> bytes:
    """Send ``pieces`` (``pause`` apart) on one connection and read until the server closes it."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        for p in pieces:
            s.sendall(p)
            time.sleep(pause)
        s.settimeout(5)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
        return out


def statuses(raw: bytes) -> list[int]:
    return [int(raw[i + 9:i + 12]) for i in range(len(raw)) if raw.startswith(b"HTTP/1.", i) and raw[i + 8] == 32]


CLOSE = b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"


@pytest.mark.slow
def test_the_worker_speaks_http_as_before(tmp_path):
    with server(tmp_path) as g:
        p = g.port
        assert statuses(exchange(p, FULL + FULL + CLOSE)) == [200, 200, 200]  # pipelined, answered in order
        assert statuses(exchange(p, CHUNKED, CLOSE)) == [200, 200]
        assert statuses(exchange(p, FULL[:40], FULL[40:90], FULL[90:], CLOSE, pause=0.2)) == [200, 200]
        assert statuses(exchange(p, b"GET /healthz HTTP/1.0\r\n\r\n")) == [200]
        assert statuses(exchange(p, HEAD + b"Content-Length: 2000000\r\n\r\n" + b"x" * 5000)) == [413]
        assert statuses(exchange(p, b"HELLO\r\n\r\n")) == [400]
        assert statuses(exchange(p, b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n")) == [414]
        # a truncated chunk the client never finishes: an answer, not a hang
        assert statuses(exchange(p, HEAD + b"Transfer-Encoding: chunked\r\n\r\n200000\r\n" + b"x" * 10)) == [400]
        with socket.create_connection(("127.0.0.1", p), timeout=5) as s:  # the client waits for 100 Continue
            s.sendall(HEAD + b"Expect: 100-continue\r\nContent-Length: %d\r\n\r\n" % len(SCORE_BODY))
            assert s.recv(100) == b"HTTP/1.1 100 Continue\r\n\r\n"
            s.sendall(SCORE_BODY + CLOSE)
            out = b""
            while chunk := s.recv(65536):
                out += chunk
            assert statuses(out) == [200, 200]  # no second 100 Continue


@pytest.mark.slow
def test_a_burst_of_connections_is_spread_over_the_workers(tmp_path):
    """Fair accept: 40 keep-alive connections opened at once end up split about evenly, where
    gthread's greedy accept could leave one worker holding nearly all of them and the other idle."""
    from loadtest.compare_serving import connections_per_worker

    with server(tmp_path) as g:
        assert g.proc is not None
        deadline = time.monotonic() + 10
        while len(connections_per_worker(g.proc.pid, g.port)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)  # both workers forked
        socks = [socket.create_connection(("127.0.0.1", g.port), timeout=5) for _ in range(40)]
        try:
            for s in socks:
                s.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            for s in socks:
                assert s.recv(4096).startswith(b"HTTP/1.1 200")
            split = connections_per_worker(g.proc.pid, g.port)
        finally:
            for s in socks:
                s.close()
    assert sum(split) == 40 and len(split) == 2
    assert split[0] >= 16, f"connections per worker: {split}"
