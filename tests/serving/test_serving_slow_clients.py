"""Slow and idle clients cannot stall the service, and are dropped after a bounded time.

The service runs as the README runs it (``mahjong-scorer serve``, 2 workers) with short bounds, so
that the test sees them expire: a connection's first request head must arrive within
GUNICORN_HEAD_TIMEOUT (5 s here; service/worker.py), so a silent connection lasts as long; a body
must arrive whole within GUNICORN_READ_TIMEOUT (3 s here) of its head, else it is answered 400 and
closed.
"""

from __future__ import annotations

import errno
import json
import selectors
import socket
import threading
import time

import pytest

from testkit.server import connections_per_worker
from testkit.serving import SCORE_BODY, SCORE_PAYOUTS, request, server

READ_TIMEOUT, HEAD_TIMEOUT = 3, 5
SLACK = 1.5  # deadlines are swept every 0.1 s; the rest is a busy shared machine


def connect(port: int) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.setblocking(False)
    return s


def closed_by_peer(s: socket.socket) -> bool:
    try:
        return s.recv(4096) == b""
    except BlockingIOError:
        return False
    except OSError as e:
        return e.errno in (errno.ECONNRESET, errno.EPIPE)


def send_quietly(s: socket.socket, data: bytes) -> None:
    try:
        s.send(data)
    except OSError:
        pass  # closed by the server: the watcher notes when


class Clients:
    """Misbehaving connections and when the server closed each (seconds after it opened)."""

    def __init__(self) -> None:
        self.opened: dict[socket.socket, tuple[str, float]] = {}
        self.closed: dict[str, list[float]] = {}
        self.stop = threading.Event()

    def add(self, kind: str, s: socket.socket) -> None:
        self.opened[s] = (kind, time.monotonic())

    def trickle(self, kinds: dict[str, bytes], every: float) -> None:
        """Send one more piece of each unfinished request every ``every`` seconds, and watch for
        the server closing connections."""
        sel = selectors.DefaultSelector()
        for s in self.opened:
            sel.register(s, selectors.EVENT_READ)
        next_send = time.monotonic() + every
        while not self.stop.is_set() and sel.get_map():
            for key, _ in sel.select(0.05):
                s = key.fileobj
                assert isinstance(s, socket.socket)
                if closed_by_peer(s):
                    kind, t0 = self.opened[s]
                    self.closed.setdefault(kind, []).append(time.monotonic() - t0)
                    sel.unregister(s)
            if time.monotonic() >= next_send:
                next_send += every
                for key in list(sel.get_map().values()):
                    s = key.fileobj
                    assert isinstance(s, socket.socket)
                    piece = kinds.get(self.opened[s][0])
                    if piece:
                        send_quietly(s, piece)
        sel.close()

    def close(self) -> None:
        for s in self.opened:
            s.close()


@pytest.mark.slow
def test_slow_and_idle_clients_do_not_stall_the_service_and_are_dropped(tmp_path):
    env = {"GUNICORN_READ_TIMEOUT": str(READ_TIMEOUT), "GUNICORN_HEAD_TIMEOUT": str(HEAD_TIMEOUT)}
    clients = Clients()
    with server(tmp_path, env) as g:
        assert g.proc is not None
        try:
            for _ in range(200):  # a partial request line, then a header every 0.5 s, never finished
                s = connect(g.port)
                s.send(b"POST /v1/score HTTP/1.1\r\nHost: slow\r\n")
                clients.add("trickle", s)
            for _ in range(200):  # connect and send nothing
                clients.add("idle", connect(g.port))
            for _ in range(5):  # a whole head, then the body one byte every 0.5 s
                s = connect(g.port)
                s.send(b"POST /v1/score HTTP/1.1\r\nHost: slow\r\nContent-Type: application/json\r\n"
                       b"Content-Length: %d\r\n\r\n" % len(SCORE_BODY))
                clients.add("slow body", s)
            watcher = threading.Thread(target=clients.trickle,
                                       kwargs={"kinds": {"trickle": b"X-Slow: 1\r\n", "slow body": b" "},
                                               "every": 0.5})
            watcher.start()
            try:
                # Every slow connection accepted and held by a worker before the service is timed: a
                # request that came while hundreds still waited in the listen backlog would be timing
                # their accept (it took 1.04-1.19 s now and then on a busy machine), not the service
                # beside them, which is what is promised.
                held, deadline = 0, time.monotonic() + 10
                while held < 405 and time.monotonic() < deadline:
                    time.sleep(0.05)
                    held = sum(connections_per_worker(g.proc.pid, g.port))
                assert held >= 405, f"the workers hold {held} of the 405 slow connections after 10 s"
                for _ in range(5):
                    status, body, took = request(g.port, "POST", "/v1/score", SCORE_BODY, timeout=5)
                    assert status == 200 and json.loads(body)["payouts"] == SCORE_PAYOUTS
                    assert took < 1.0, f"/v1/score took {took:.2f} s beside 405 slow connections"
                    status, _, took = request(g.port, "GET", "/healthz", timeout=5)
                    assert status == 200
                    assert took < 1.0, f"/healthz took {took:.2f} s beside 405 slow connections"
                    time.sleep(0.2)
                deadline = time.monotonic() + HEAD_TIMEOUT + 2 * SLACK
                while time.monotonic() < deadline and sum(map(len, clients.closed.values())) < 405:
                    time.sleep(0.1)
            finally:
                clients.stop.set()
                watcher.join(10)
            closed = clients.closed
            assert len(closed.get("trickle", [])) == 200 and len(closed.get("slow body", [])) == 5, \
                "every unfinished request is dropped"
            for kind, bound in (("trickle", HEAD_TIMEOUT), ("slow body", READ_TIMEOUT)):
                assert bound - 0.5 <= min(closed[kind]) and max(closed[kind]) <= bound + SLACK, \
                    f"{kind}: closed after {min(closed[kind]):.1f}-{max(closed[kind]):.1f} s"
            assert len(closed.get("idle", [])) == 200, "every idle connection is dropped"
            assert HEAD_TIMEOUT - 0.5 <= min(closed["idle"]) and max(closed["idle"]) <= HEAD_TIMEOUT + SLACK
            # and the service still answers as before
            status, body, _ = request(g.port, "POST", "/v1/score", SCORE_BODY)
            assert status == 200 and json.loads(body)["payouts"] == SCORE_PAYOUTS
        finally:
            clients.close()
    assert "WORKER TIMEOUT" not in (tmp_path / "gunicorn.log").read_text()
