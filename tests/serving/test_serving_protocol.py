"""The served build speaks HTTP/1.x as before the change of worker: pipelining, chunked bodies,
``Expect: 100-continue``, the parser's own errors, and connections spread over the workers. (The
hostile cases are in ``test_served_http.py``.)"""

from __future__ import annotations

import socket
import time

import pytest

from testkit.serving import HEAD, SCORE_BODY, chunked, exchange, server, statuses

FULL = HEAD + b"Content-Length: %d\r\n\r\n" % len(SCORE_BODY) + SCORE_BODY
CHUNKED = HEAD + b"Transfer-Encoding: chunked\r\n\r\n" + chunked(SCORE_BODY)


CLOSE = b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"


@pytest.mark.slow
def test_the_worker_speaks_http_as_before(tmp_path):
    with server(tmp_path) as g:
        p = g.port
        assert statuses(exchange(p, FULL + FULL + CLOSE)) == [200, 200, 200]  # pipelined, answered in order
        assert statuses(exchange(p, CHUNKED, CLOSE)) == [200, 200]
        assert statuses(exchange(p, FULL[:40], FULL[40:90], FULL[90:], CLOSE, pause=0.2)) == [200, 200]
        assert statuses(exchange(p, b"GET /healthz HTTP/1.0\r\n\r\n")) == [200]
        too_long = HEAD + b"Connection: close\r\nContent-Length: 2000000\r\n\r\n" + b"x" * 5000
        assert statuses(exchange(p, too_long)) == [413]
        assert statuses(exchange(p, b"HELLO\r\n\r\n")) == [400]
        # gunicorn answers 414 once it has read past its limit and closes with the rest unread: the
        # client, still sending, may see the reset before the answer
        too_long = b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n"
        assert statuses(exchange(p, too_long, tolerate_reset=True)) in ([414], [])
        # (a truncated chunk the client never finishes is a 400 after the read timeout: test_served_http.py)
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
    """Fair accept: a worker that holds more connections than its sibling lets the next ones go to
    it, so 40 keep-alive connections opened at once end up split evenly, where a greedy accept could
    leave one worker holding nearly all of them and the other idle.

    How long a worker defers is bounded (GUNICORN_ACCEPT_DEFER_MAX, 50 ms by default, so that a
    stuck sibling cannot leave a connection waiting), and on a busy machine a sibling may not be
    scheduled within it: then the split is left to chance (it was 15/25 in one run of nine). Here
    the bound is 10 s, so what is asserted is the rule itself, whatever the scheduling: each worker
    ends within a few connections of the other (the counts are published as each connection's
    greenlet starts, a little after its accept)."""
    from testkit.server import connections_per_worker

    with server(tmp_path, {"GUNICORN_ACCEPT_DEFER_MAX": "10"}) as g:
        assert g.proc is not None
        deadline = time.monotonic() + 10
        while len(connections_per_worker(g.proc.pid, g.port)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)  # both workers forked
        socks = [socket.create_connection(("127.0.0.1", g.port), timeout=15) for _ in range(40)]
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
    assert split[0] >= 17, f"connections per worker: {split}"
