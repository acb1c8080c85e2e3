"""A worker's memory under bodies at the size limit, against the README's ``mahjong-scorer serve``.

A request refused by its head (a wrong API key) or shed (the lane behind, or the bodies a worker
holds at ``SCORER_MAX_BUFFERED``) is answered before its body is read, so it costs no memory.

What a client sends must not stay in a worker once it is answered: one keep-alive connection
posting 2,000 bodies of 1 MiB (one valid batch item, then spaces), answered 200 or, with API keys
on and a wrong key, 401, and 600 such bodies sent 300 at a time, each leave every worker's RSS
within ``BOUND`` of where it started. (Before: a reference cycle between the Flask request and the
environ kept every body until a collection that, at the young-generation threshold the workers run
with, came every few thousand requests: a worker grew by 1 MiB a request, to 1.3 GB.)
"""

from __future__ import annotations

import json
import socket
import threading
import time
from pathlib import Path
from typing import BinaryIO

import pytest

from testkit.server import children, rss_kib
from testkit.serving import SCORE_BODY, Served, server

MIB = 1024 * 1024
BOUND = 100 * 1024  # KiB: how far above its start a worker may be after the requests
SEQUENTIAL, CONCURRENT, ROUNDS = 2000, 300, 2


def big_body(size: int = MIB - 16) -> bytes:
    """A batch of one valid item padded with spaces to ``size`` bytes (just under the 1 MiB limit)."""
    body = json.dumps({"requests": [json.loads(SCORE_BODY)]}).encode()
    return body[:-1] + b" " * (size - len(body)) + b"}"


def post_head(length: int, extra: bytes = b"") -> bytes:
    return (b"POST /v1/score/batch HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n%s\r\n" % (length, extra))


def read_response(f: BinaryIO) -> int:
    """One response off a buffered reader: its status (the body read past)."""
    line = f.readline()
    status, length = int(line.split()[1]), 0
    while (h := f.readline()) not in (b"\r\n", b""):
        name, _, value = h.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    f.read(length)
    return status


def rss(g: Served) -> dict[int, int]:
    assert g.proc is not None
    return {pid: rss_kib(pid) for pid in children(g.proc.pid)}


def grown(before: dict[int, int], after: dict[int, int]) -> dict[int, int]:
    """Each worker's growth in KiB (the same workers throughout: none was lost or replaced)."""
    assert set(after) == set(before), "a worker was replaced"
    return {pid: after[pid] - before[pid] for pid in before}


def sequential(g: Served, n: int, extra: bytes = b"") -> dict[int, int]:
    """``n`` 1 MiB bodies on one keep-alive connection: how many answers of each status. A connection
    the server ends early fails with the answers so far and the end of the server's log."""
    body = big_body()
    data = post_head(len(body), extra) + body
    counts: dict[int, int] = {}
    with socket.create_connection(("127.0.0.1", g.port), timeout=30) as s, s.makefile("rb") as f:
        for i in range(n):
            try:
                s.sendall(data)
                status = read_response(f)
            except (OSError, ValueError, IndexError) as e:  # a reset, or no status line (the connection closed)
                pytest.fail(f"request {i + 1} of {n} on one connection: {e!r} after {counts}; "
                            f"the server's log ends:\n{g.log()[-3000:]}")
            counts[status] = counts.get(status, 0) + 1
    return counts


def concurrent(port: int, n: int) -> dict[int | str, int]:
    """``n`` 1 MiB bodies sent at once, each on its own connection."""
    body = big_body()
    data = post_head(len(body), b"Connection: close\r\n") + body
    counts: dict[int | str, int] = {}
    lock, go = threading.Lock(), threading.Event()

    def one() -> None:
        go.wait()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
                s.sendall(data)
                out = b""
                while chunk := s.recv(65536):
                    out += chunk
            status: int | str = int(out.split()[1]) if out else "no answer"
        except OSError as e:
            status = type(e).__name__
        with lock:
            counts[status] = counts.get(status, 0) + 1

    threads = [threading.Thread(target=one) for _ in range(n)]
    for t in threads:
        t.start()
    go.set()
    for t in threads:
        t.join(120)
    return counts


def settled(g: Served, before: dict[int, int], within: float = 5.0) -> dict[int, int]:
    """Each worker's growth once it has had ``within`` seconds to give memory back (or is back
    within the bound sooner)."""
    deadline = time.monotonic() + within
    while True:
        growth = grown(before, rss(g))
        if max(growth.values()) <= BOUND or time.monotonic() > deadline:
            return growth
        time.sleep(0.2)


@pytest.mark.parametrize("keys", [pytest.param(False, id="open"), pytest.param(True, id="wrong-key")])
def test_a_worker_keeps_no_body_it_has_answered(tmp_path: Path, keys: bool) -> None:
    env = {"SCORER_API_KEYS": "the-right-key"} if keys else {}
    with server(tmp_path, env) as g:
        before = rss(g)
        counts = sequential(g, SEQUENTIAL, b"Authorization: Bearer wrong\r\n" if keys else b"")
        growth = settled(g, before)
    assert counts == {401 if keys else 200: SEQUENTIAL}, counts
    assert max(growth.values()) <= BOUND, f"workers grew by {growth} KiB over {SEQUENTIAL} 1 MiB requests"


def test_memory_comes_back_after_concurrent_bodies(tmp_path: Path) -> None:
    with server(tmp_path) as g:
        before = rss(g)
        answers: dict[int | str, int] = {}
        for _ in range(ROUNDS):
            for status, n in concurrent(g.port, CONCURRENT).items():
                answers[status] = answers.get(status, 0) + n
        growth = settled(g, before)
    assert set(answers) <= {200, 503}, answers  # scored, or shed before the body was read
    assert max(growth.values()) <= BOUND, \
        f"workers grew by {growth} KiB after {ROUNDS} x {CONCURRENT} concurrent 1 MiB requests ({answers})"


def answer_before_the_body(port: int, body: bytes, extra: bytes = b"") -> tuple[socket.socket, int, bytes]:
    """A head and the first kilobyte of ``body``, then nothing: the open socket, the status and the head
    of the answer (a read timeout fails: the server waited for the rest)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=3)
    s.sendall(post_head(len(body), extra) + body[:1024])
    raw = s.recv(65536)
    return s, int(raw.split()[1]), raw.split(b"\r\n\r\n", 1)[0].lower()


def test_a_wrong_api_key_is_refused_before_the_body_is_read(tmp_path: Path) -> None:
    with server(tmp_path, {"SCORER_API_KEYS": "the-right-key"}, workers=1) as g:
        s, status, head = answer_before_the_body(g.port, big_body(), b"Authorization: Bearer wrong\r\n")
        s.close()
    assert status == 401 and b"application/problem+json" in head


def test_bodies_past_the_buffered_bound_are_shed_before_they_are_read(tmp_path: Path) -> None:
    """With room for one 100 kB body in the worker, a second one is shed at once while the first is
    still arriving; the first, sent whole, is scored."""
    body = big_body(100_000)
    with server(tmp_path, {"SCORER_MAX_BUFFERED": "150000", "SCORER_RETRY_AFTER": "2"}, workers=1) as g:
        with socket.create_connection(("127.0.0.1", g.port), timeout=10) as first:
            first.sendall(post_head(len(body)) + body[:1024])
            time.sleep(0.3)  # its head read and its body's room reserved
            second, status, head = answer_before_the_body(g.port, body)
            second.close()
            first.sendall(body[1024:])
            with first.makefile("rb") as f:
                assert read_response(f) == 200
    assert status == 503 and b"retry-after: 2" in head and b"application/problem+json" in head


def test_bodies_answered_unread_cost_the_worker_little_time(tmp_path: Path) -> None:
    """Forty 1 MiB bodies with a wrong key, sent back to back on one connection so that each lies
    received whole before it is read past: every one is answered 401 on the same connection and
    the worker keeps its heartbeat (the master replaces a worker silent for ``GUNICORN_TIMEOUT``,
    here 3 s). Read past by gunicorn, 1 KiB at a time with a copy of all it held each time, a body
    received whole held the loop for about a second: in a CI run, 37 in a row on one connection
    stopped the heartbeat and the master killed the worker with its connection. (How much arrives
    before the read depends on the kernel's buffers: here this test passed on that code too;
    ``tests/service/test_service_lane.py`` holds the large reads themselves.)"""
    n, body = 40, big_body()
    data = post_head(len(body), b"Authorization: Bearer wrong\r\n") + body
    env = {"SCORER_API_KEYS": "the-right-key", "GUNICORN_TIMEOUT": "3"}
    with server(tmp_path, env, workers=1) as g:
        before = set(rss(g))
        with socket.create_connection(("127.0.0.1", g.port), timeout=30) as s, s.makefile("rb") as f:
            sender = threading.Thread(target=lambda: s.sendall(data * n), daemon=True)
            sender.start()
            try:
                answers = [read_response(f) for _ in range(n)]
            except (OSError, ValueError, IndexError) as e:
                pytest.fail(f"{e!r}; the server's log ends:\n{g.log()[-3000:]}")
            sender.join(30)
        after = set(rss(g))
    assert answers == [401] * n
    assert after == before, f"the worker was replaced: {g.log()[-2000:]}"
