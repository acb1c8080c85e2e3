"""A body the server will not read costs a worker a bounded time, against the README's
``mahjong-scorer serve`` (one worker, so the probes ask the worker being flooded).

One connection sends a body that never ends, as fast as it can: 1-byte chunks to ``POST /v1/score``
(read to the body limit, then refused 413), the same with API keys on and a wrong key (refused 401
unread), chunks on ``GET /openapi.json`` (answered without reading them), and ``Content-Length:
10^12`` (413 unread, with a wrong key 401). Each is answered with ``Connection: close``, the server
stops reading it within a bound and closes it, and meanwhile ``/healthz`` on the same worker answers
within a second every time, and the worker keeps its heartbeat (the master, told here to replace a
worker silent for 5 s, does not). (Before: the worker's loop read the body past without end, 1 KiB
at a time or in a drain whose timer could not fire while data kept coming; every probe waited past
2 s, and the master killed the worker with every connection it held.)
"""

from __future__ import annotations

import socket
import statistics
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from testkit.serving import Served, request, server, statuses, worker_pids

PROBE_BOUND = 1.0  # seconds each /healthz may take during a flood
CLOSE_BOUND = 9.0  # seconds from the flood's first byte until the server no longer takes it (read timeout, linger)
FLOOD_FOR = 12.0  # the longest a flood is kept up (a server that never closes it fails)
# the master replaces a worker silent for 5 s; the body limit low (64 KiB) and the read timeout short, so
# that a body read to the limit is refused quickly even on a busy machine
ENV = {"GUNICORN_TIMEOUT": "5", "MAX_CONTENT_LENGTH": "65536", "GUNICORN_READ_TIMEOUT": "4"}
KEYS = ENV | {"SCORER_API_KEYS": "the-right-key"}

ONE_BYTE_CHUNKS = b"1\r\nx\r\n" * 4096
BYTES = b"x" * 65536
POST = b"POST /v1/score HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
CHUNKED = b"Transfer-Encoding: chunked\r\n\r\n"
HUGE = b"Content-Length: 1000000000000\r\n\r\n"
WRONG_KEY = b"Authorization: Bearer wrong\r\n"


@dataclass
class Flood:
    """What one flooding connection saw, and the probes beside it."""

    answer: bytes = b""
    closed_after: float | None = None  # seconds from the first byte until a send failed (the server closed)
    sent: int = 0
    probes: list[float] = field(default_factory=list)


def flood(port: int, head: bytes, piece: bytes) -> Flood:
    """``head``, then ``piece`` over and over on one connection until the server closes it (or
    ``FLOOD_FOR`` passes), while a second client asks ``/healthz`` every 0.1 s on new connections."""
    out = Flood()
    done = threading.Event()

    def probe() -> None:
        while not done.is_set():
            try:
                out.probes.append(request(port, "GET", "/healthz", timeout=3 * PROBE_BOUND)[2])
            except OSError:
                out.probes.append(float("inf"))
            time.sleep(0.1)

    def read(s: socket.socket) -> None:
        while True:  # until the server closes, or the flood's end shuts the socket down
            try:
                chunk = s.recv(65536)
            except TimeoutError:  # the answer may take a while: the body is read to the limit first
                continue
            except OSError:
                return
            if not chunk:
                return
            out.answer += chunk

    prober = threading.Thread(target=probe)
    with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
        reader = threading.Thread(target=read, args=(s,))
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        s.sendall(head)
        t0 = time.monotonic()
        reader.start()
        prober.start()
        try:
            data, at = piece, 0
            while time.monotonic() - t0 < FLOOD_FOR:
                try:
                    n = s.send(data[at:])
                except TimeoutError:  # the server is not reading: go on trying
                    continue
                except OSError:  # reset or broken pipe: the server closed it
                    out.closed_after = time.monotonic() - t0
                    break
                out.sent += n
                at = (at + n) % len(data)
        finally:
            done.set()
            prober.join(10)
            try:
                s.shutdown(socket.SHUT_RDWR)  # ends the reader's recv, whoever closed first
            except OSError:
                pass
            reader.join(10)
    return out


@pytest.fixture(scope="module")
def open_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with server(tmp_path_factory.mktemp("floods"), ENV, workers=1) as g:
        yield g


@pytest.fixture(scope="module")
def keyed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with server(tmp_path_factory.mktemp("floods-keys"), KEYS, workers=1) as g:
        yield g


CASES = [
    pytest.param("open", POST + CHUNKED, ONE_BYTE_CHUNKS, 413, id="chunked-endless"),
    pytest.param("keys", POST + WRONG_KEY + CHUNKED, ONE_BYTE_CHUNKS, 401, id="wrong-key-chunked"),
    pytest.param("open", b"GET /openapi.json HTTP/1.1\r\nHost: t\r\n" + CHUNKED, ONE_BYTE_CHUNKS, 200,
                 id="chunked-get-openapi"),
    pytest.param("open", POST + HUGE, BYTES, 413, id="content-length-1e12"),
    pytest.param("keys", POST + WRONG_KEY + HUGE, BYTES, 401, id="wrong-key-content-length-1e12"),
]


@pytest.mark.parametrize(("which", "head", "piece", "status"), CASES)
def test_a_body_never_read_costs_the_worker_a_bounded_time(
        request: pytest.FixtureRequest, which: str, head: bytes, piece: bytes, status: int) -> None:
    g: Served = request.getfixturevalue("keyed_server" if which == "keys" else "open_server")
    assert g.proc is not None
    pids = worker_pids(g.proc.pid)
    out = flood(g.port, head, piece)
    time.sleep(0.5)  # a worker the master replaced would be gone by now
    after = worker_pids(g.proc.pid)
    log = g.log()
    figures = (f"probes: {len(out.probes)}, median {statistics.median(out.probes or [0]):.3f} s, "
               f"max {max(out.probes or [0]):.3f} s; closed after {out.closed_after} s; {out.sent:,} bytes sent")
    print(figures)
    assert statuses(out.answer)[:1] == [status], (out.answer[:300], figures)
    assert b"\r\nconnection: close\r\n" in out.answer.split(b"\r\n\r\n", 1)[0].lower() + b"\r\n", out.answer[:300]
    assert out.closed_after is not None and out.closed_after < CLOSE_BOUND, figures
    assert out.probes and max(out.probes) < PROBE_BOUND, figures
    assert "WORKER TIMEOUT" not in log, log[-3000:]
    assert after == pids, f"the worker was replaced: {figures}; {log[-2000:]}"


def test_a_body_under_the_limit_answered_unread_keeps_the_connection(tmp_path: Path) -> None:
    """What a client may well send (a body within the limit, a wrong key) is read past, and the
    connection stays usable: closing is for bodies the server will not read."""
    body = b'{"hand": "' + b"1" * 200_000 + b'"}'
    one = POST + WRONG_KEY + b"Content-Length: %d\r\n\r\n" % len(body) + body
    with server(tmp_path, KEYS, workers=1) as g, socket.create_connection(("127.0.0.1", g.port), timeout=5) as s:
        s.sendall(one + one + POST + WRONG_KEY + b"Connection: close\r\nContent-Length: 0\r\n\r\n")
        raw = b""
        while chunk := s.recv(65536):
            raw += chunk
    assert statuses(raw) == [401, 401, 401]
