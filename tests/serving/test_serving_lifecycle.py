"""Crashes, shutdowns and the heaviest request, against gunicorn as the README runs it.

* a worker SIGKILLed mid-load: only requests in flight on its connections fail (a connection
  error, never a wrong answer or a 5xx), the master replaces it and the new worker answers within
  2 s, and ``/metrics`` still adds up;
* SIGTERM: requests in flight finish, the listener closes, the master exits 0 within the graceful
  timeout;
* the slowest batch we can build (1,000 of the slowest hands, ``bench.worst_batch``) is
  answered well inside the worker timeout.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import threading
import time
from collections import Counter
from typing import Self

import pytest

from testkit import ROOT
from testkit.hands.load import generate
from testkit.hands.worst import slowest_bodies
from testkit.serving import log_records, request, server, worker_pids


class Load:
    """``n`` clients, each on its own keep-alive connection, posting distinct hands in turn; a
    failed request (no response) is recorded and the client reconnects."""

    def __init__(self, port: int, n: int, bodies: list[bytes]) -> None:
        self.port, self.bodies = port, bodies
        self.stop = threading.Event()
        self.ok: Counter[int] = Counter()  # status -> count
        self.failures: list[tuple[int, float, str]] = []  # (client, when, what)
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.client, args=(k, n)) for k in range(n)]

    def client(self, k: int, n: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        i = k
        while not self.stop.is_set():
            body = self.bodies[i % len(self.bodies)]
            i += n
            try:
                conn.request("POST", "/v1/score", body=body, headers={"Content-Type": "application/json"})
                r = conn.getresponse()
                r.read()
                with self.lock:
                    self.ok[r.status] += 1
            except (OSError, http.client.HTTPException) as e:
                with self.lock:
                    self.failures.append((k, time.monotonic(), type(e).__name__))
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        conn.close()

    def __enter__(self) -> Self:
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(15)


def metric(text: str, name: str, **labels: str) -> float:
    total = 0.0
    for line in text.splitlines():
        if line.startswith(name + "{") and all(f'{k}="{v}"' in line for k, v in labels.items()):
            total += float(line.rsplit(" ", 1)[1])
    return total


@pytest.mark.slow
def test_a_killed_worker_fails_only_its_requests_and_is_replaced_within_2s(tmp_path):
    bodies = [json.dumps(h.body()).encode() for h in generate(3000, seed=11)]
    with server(tmp_path) as g:
        master = g.proc.pid
        deadline = time.monotonic() + 10
        while len(workers := worker_pids(master)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)  # ready when the first worker answers; the second may still be forking
        assert len(workers) == 2
        with Load(g.port, 8, bodies) as load:
            time.sleep(1.5)
            victim = min(workers)
            killed_at = time.monotonic()
            os.kill(victim, signal.SIGKILL)
            replacement: set[int] = set()
            while time.monotonic() < killed_at + 2:
                replacement = worker_pids(master) - workers
                if replacement:
                    break
                time.sleep(0.02)
            assert replacement, "no new worker within 2 s of the kill"
            [new] = replacement
            # fresh connections until the new worker has answered one (the survivor is busy with the load)
            answered_by_new = False
            while not answered_by_new and time.monotonic() < killed_at + 2:
                assert request(g.port, "GET", "/readyz")[0] == 200
                answered_by_new = any(r.get("pid") == new and r.get("path") == "/readyz"
                                      for r in log_records(tmp_path / "gunicorn.log"))
            assert answered_by_new, "the new worker did not answer within 2 s of the kill"
            time.sleep(1.0)
        assert set(load.ok) == {200}, f"only 200s, got {dict(load.ok)}"
        assert load.ok[200] > 100
        # only what was in flight on the killed worker's connections failed: at most one request
        # per client, all at the moment of the kill
        per_client = Counter(k for k, _, _ in load.failures)
        assert all(n == 1 for n in per_client.values()), load.failures
        assert all(killed_at - 0.05 <= t <= killed_at + 1.0 for _, t, _ in load.failures), load.failures
        status, raw, _ = request(g.port, "GET", "/metrics")
        assert status == 200
        counted = metric(raw.decode(), "http_requests_total", route="/v1/score", status="200")
        # the dead worker's counts stay (multiprocess files); a request it finished but could not send counts too
        assert load.ok[200] <= counted <= load.ok[200] + len(load.failures), (counted, load.ok[200])
    assert sum("WORKER TIMEOUT" in ln for ln in (tmp_path / "gunicorn.log").read_text().splitlines()) == 0


@pytest.mark.slow
def test_sigterm_finishes_requests_in_flight_closes_the_listener_and_exits_in_time(tmp_path):
    graceful = 10
    # two batches that take a while to score, on connections opened before the signal
    batches = [json.dumps({"requests": [h.body() for h in generate(1000, seed=s)]}).encode() for s in (21, 22)]
    results: list[tuple[int, int] | str] = []

    def post(body: bytes) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", g.port, timeout=30)
        try:
            conn.request("POST", "/v1/score/batch", body=body, headers={"Content-Type": "application/json"})
            r = conn.getresponse()
            results.append((r.status, len(json.loads(r.read())["results"])))
        except (OSError, http.client.HTTPException) as e:
            results.append(repr(e))
        finally:
            conn.close()

    g = server(tmp_path, {"GUNICORN_GRACEFUL_TIMEOUT": str(graceful)}).start()
    try:
        assert request(g.port, "GET", "/readyz")[0] == 200
        senders = [threading.Thread(target=post, args=(b,)) for b in batches]
        for t in senders:
            t.start()
        time.sleep(0.3)  # both batches sent and being scored
        assert g.proc is not None
        proc = g.proc
        signalled = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        refused_after = None
        while time.monotonic() < signalled + 5:
            try:
                socket.create_connection(("127.0.0.1", g.port), timeout=1).close()
            except (ConnectionRefusedError, ConnectionResetError):  # a reset: queued as the listener closed
                refused_after = time.monotonic() - signalled
                break
            time.sleep(0.02)
        rc = proc.wait(timeout=graceful + 5)
        exited_after = time.monotonic() - signalled
        for t in senders:
            t.join(10)
    finally:
        g.stop()
    assert results == [(200, 1000), (200, 1000)], results
    assert refused_after is not None and refused_after < 2, "the listener did not close"
    assert rc == 0 and exited_after < graceful + 1
    log = (tmp_path / "gunicorn.log").read_text()
    assert "Shutting down" in log and "WORKER TIMEOUT" not in log


@pytest.mark.slow
def test_the_slowest_batch_finishes_well_inside_the_worker_timeout(tmp_path):
    bodies, _ = slowest_bodies(pool=2000, size=1000, seed=7)
    raw = json.dumps({"requests": bodies}).encode()
    match = re.search(r'GUNICORN_TIMEOUT", "?(\d+)', (ROOT / "service" / "gunicorn_conf.py").read_text())
    assert match, "service/gunicorn_conf.py names its default worker timeout"
    timeout = int(match.group(1))
    with server(tmp_path) as g:  # fresh workers: every cache cold
        status, body, took = request(g.port, "POST", "/v1/score/batch", raw, timeout=timeout)
    assert status == 200
    assert len(json.loads(body)["results"]) == 1000
    assert took < timeout / 5, f"the slowest batch took {took:.1f} s against a {timeout} s worker timeout"
