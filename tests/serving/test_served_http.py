"""HTTP as the shipped server speaks it: the README's ``mahjong-scorer serve`` (gunicorn's gevent
worker, ``service/worker.py``, with the compute lane of ``service/lane.py``) on 127.0.0.1, asked
over raw sockets. Every case a hostile or careless client can make is answered as a client error,
the worker unharmed; the page's files arrive whole; probes are answered while the lane computes.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest

from testkit import serving
from testkit.hands.load import generate
from testkit.server import rss_kib
from testkit.serving import HEAD, SCORE_BODY, SCORE_PAYOUTS, Served, chunked, request, server, statuses, worker_pids

TE = HEAD + b"Transfer-Encoding: chunked\r\n\r\n"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with server(tmp_path_factory.mktemp("served")) as g:
        yield g
    log = g.log()
    assert "Traceback" not in log and "WORKER TIMEOUT" not in log, log[-3000:]


def exchange(port: int, data: bytes, timeout: float = 5.0) -> bytes:
    """``data`` sent on a new connection, read until the server closes it: a hostile request may be
    answered and closed before it is all sent."""
    return serving.exchange(port, data, timeout=timeout, tolerate_reset=True)


def head_of(raw: bytes) -> str:
    return raw.split(b"\r\n\r\n", 1)[0].decode("latin-1").lower()


def problem_of(raw: bytes) -> dict[str, object]:
    body = raw.split(b"\r\n\r\n", 1)[1]
    assert "content-type: application/problem+json" in head_of(raw)
    out: dict[str, object] = json.loads(body[:int(re.search(rb"(?i)content-length: (\d+)", raw).group(1))])
    return out


# --- the page and its files ------------------------------------------------------------------------
ASSET = re.compile(r"""(?:src|href)="([^"#?]+)""")


@pytest.mark.parametrize("page", ["/", "/docs"])
def test_every_file_a_page_names_arrives_whole(served: Served, page: str) -> None:
    status, body, _ = request(served.port, "GET", page)
    assert status == 200
    assets = sorted({urljoin(page, a) for a in ASSET.findall(body.decode())} - {page})
    assert sum(a.endswith((".js", ".css")) for a in assets) >= 2, assets
    for path in assets:
        conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=5)
        try:
            conn.request("GET", path)
            r = conn.getresponse()
            data = r.read()
            assert r.status == 200, path
            assert int(r.headers["Content-Length"]) == len(data) > 0, path
        finally:
            conn.close()


# --- framing the server's parser refuses -----------------------------------------------------------
@pytest.mark.parametrize("data", [
    pytest.param(TE + b"-6\r\nabcdef\r\n0\r\n\r\n", id="negative-size"),
    pytest.param(TE + b"0x28\r\n" + b"x" * 40 + b"\r\n0\r\n\r\n", id="0x-prefix"),
    pytest.param(TE + b"zz\r\n", id="not-hex"),
    pytest.param(TE + b"1_0\r\n" + b"x" * 16 + b"\r\n0\r\n\r\n", id="underscore"),
    pytest.param(TE + b"+28\r\n" + b"x" * 40 + b"\r\n0\r\n\r\n", id="plus-sign"),
    pytest.param(TE + b" 28\r\n" + b"x" * 40 + b"\r\n0\r\n\r\n", id="leading-space"),
    pytest.param(TE + b"%x\r\n" % len(SCORE_BODY) + SCORE_BODY + b"XX0\r\n\r\n", id="no-crlf-after-data"),
    pytest.param(TE + b"%x\r\n" % len(SCORE_BODY) + SCORE_BODY + b"\r\n0\r\nno colon\r\n\r\n", id="bad-trailer"),
])
def test_a_malformed_chunked_body_is_a_400_problem_and_the_connection_closes(served: Served, data: bytes) -> None:
    before = worker_pids(served.proc.pid)  # type: ignore[union-attr]
    raw = exchange(served.port, data)
    assert statuses(raw) == [400], raw[:300]
    assert "connection: close" in head_of(raw)
    p = problem_of(raw)
    assert p["type"] == "/problems/bad-request" and "malformed" in str(p["detail"])
    status, _, took = request(served.port, "GET", "/healthz")
    assert status == 200 and took < 1.0
    assert worker_pids(served.proc.pid) == before  # type: ignore[union-attr]


def test_a_trailer_section_is_bounded(served: Served) -> None:
    """Endless trailer lines after the last chunk: refused past gunicorn's bound, not buffered."""
    pids = worker_pids(served.proc.pid)  # type: ignore[union-attr]
    rss = {p: rss_kib(p) for p in pids}
    with socket.create_connection(("127.0.0.1", served.port), timeout=5) as s:
        s.sendall(TE + b"%x\r\n" % len(SCORE_BODY) + SCORE_BODY + b"\r\n0\r\n")
        sent = 0
        try:
            while sent < 8 * 1024 * 1024:
                s.sendall(b"X-Trailer: " + b"y" * 1000 + b"\r\n")
                sent += 1013
        except OSError:
            pass  # refused and closed
        raw = b""
        try:
            while chunk := s.recv(65536):
                raw += chunk
        except ConnectionResetError:
            pass
    assert sent < 8 * 1024 * 1024, "the server read 8 MiB of trailers"
    assert statuses(raw) in ([400], []), raw[:200]
    for p in pids:
        assert rss_kib(p) - rss[p] < 16 * 1024, "a worker grew by more than 16 MiB"


def test_tiny_chunks_are_read_in_linear_time_and_stall_no_one(served: Served) -> None:
    body = json.dumps({"hand": "[222m1][444m2][666m3]88mWW8m", "context": {"discarder": "S"},
                       "pad": "x" * 150_000}).encode()
    data = TE.replace(b"Host: t", b"Host: t\r\nConnection: close") + chunked(body, 1)
    probes: list[float] = []
    done = threading.Event()

    def probe() -> None:
        while not done.is_set():
            probes.append(request(served.port, "GET", "/healthz")[2])
            time.sleep(0.05)

    t = threading.Thread(target=probe)
    t.start()
    t0 = time.monotonic()
    try:
        raw = exchange(served.port, data, timeout=20)
    finally:
        done.set()
        t.join(10)
    took = time.monotonic() - t0
    assert statuses(raw) == [422]  # read whole: the unknown field "pad" is what is refused
    assert took < 10, f"{len(body):,} one-byte chunks took {took:.1f} s"
    assert probes and max(probes) < 1.0, f"/healthz took up to {max(probes):.2f} s beside them"


# --- keep-alive, pipelining, 100-continue ---------------------------------------------------------
def test_after_a_413_the_connection_stays_usable(served: Served) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    try:
        for _ in range(3):
            too_long = b"x" * (1024 * 1024 + 1)
            conn.request("POST", "/v1/score", body=too_long, headers={"Content-Type": "application/json"})
            r = conn.getresponse()
            assert r.status == 413 and json.loads(r.read())["type"].endswith("/payload-too-large")
            assert r.headers["Connection"] == "keep-alive"
            conn.request("POST", "/v1/score", body=SCORE_BODY, headers={"Content-Type": "application/json"})
            r = conn.getresponse()
            assert r.status == 200 and json.loads(r.read())["payouts"] == SCORE_PAYOUTS
    finally:
        conn.close()


def test_a_chunked_body_over_the_limit_is_a_413(served: Served) -> None:
    body = b"x" * (1024 * 1024 + 10)
    raw = exchange(served.port, TE.replace(b"Host: t", b"Host: t\r\nConnection: close") + chunked(body, 65536))
    assert statuses(raw) == [413]


@pytest.mark.parametrize(("method", "path", "body", "status"), [
    ("POST", "/v1/score", b'{"hand": "1m"}', 422),
    ("POST", "/v1/score", b"{", 400),
    ("GET", "/nowhere", None, 404),
    ("DELETE", "/v1/score", None, 405),
])
def test_after_a_4xx_the_connection_stays_usable(served: Served, method: str, path: str, body: bytes | None,
                                                 status: int) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    try:
        conn.request(method, path, body=body, headers={"Content-Type": "application/json"})
        r = conn.getresponse()
        assert r.status == status and r.headers["Connection"] == "keep-alive"
        r.read()
        conn.request("POST", "/v1/score", body=SCORE_BODY, headers={"Content-Type": "application/json"})
        r = conn.getresponse()
        assert r.status == 200 and json.loads(r.read())["payouts"] == SCORE_PAYOUTS
    finally:
        conn.close()


def test_pipelined_requests_are_answered_in_order(served: Served) -> None:
    one = HEAD + b"Content-Length: %d\r\n\r\n" % len(SCORE_BODY) + SCORE_BODY
    bad = HEAD + b"Content-Length: 1\r\n\r\n{"
    last = b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
    raw = exchange(served.port, one + bad + TE + chunked(SCORE_BODY) + one + last)
    assert statuses(raw) == [200, 400, 200, 200, 200]


def test_expect_100_continue(served: Served) -> None:
    with socket.create_connection(("127.0.0.1", served.port), timeout=5) as s:
        s.sendall(HEAD + b"Expect: 100-continue\r\nConnection: close\r\nContent-Length: %d\r\n\r\n" % len(SCORE_BODY))
        assert s.recv(64).startswith(b"HTTP/1.1 100 Continue\r\n\r\n")
        s.sendall(SCORE_BODY)
        raw = b""
        while chunk := s.recv(65536):
            raw += chunk
    assert statuses(raw) == [200] and json.loads(raw.split(b"\r\n\r\n", 1)[1])["payouts"] == SCORE_PAYOUTS


@pytest.mark.parametrize("data", [
    pytest.param(HEAD + b"Content-Length: %d\r\n\r\n" % len(SCORE_BODY) + SCORE_BODY[:10], id="short-body"),
    pytest.param(TE + b"ffffffffffffffffffff\r\nxx", id="huge-chunk-size"),
    pytest.param(TE + b"5\r\nabcde\r\n", id="no-last-chunk"),
])
def test_a_body_that_stalls_is_a_400_after_the_read_timeout(tmp_path: Path, data: bytes) -> None:
    with server(tmp_path, {"GUNICORN_READ_TIMEOUT": "1"}, workers=1) as g:
        with socket.create_connection(("127.0.0.1", g.port), timeout=5) as s:
            s.sendall(data)
            t0 = time.monotonic()
            raw = s.recv(65536)
            took = time.monotonic() - t0
            while chunk := s.recv(65536):  # a hang here fails: the connection closes after
                raw += chunk
        assert statuses(raw) == [400] and "did not arrive in time" in raw.decode()
        assert 0.8 < took < 3.0
        assert "connection: close" in head_of(raw)


# --- what the operators see -----------------------------------------------------------------------
def test_the_build_info_metric_reads_1_under_the_server(served: Served) -> None:
    _, text, _ = request(served.port, "GET", "/metrics")
    lines = [ln for ln in text.decode().splitlines() if ln.startswith("scorer_build_info{")]
    assert len(lines) == 1 and lines[0].endswith(" 1.0"), lines
    _, ready, _ = request(served.port, "GET", "/readyz")
    assert f'compiled="{str(json.loads(ready)["compiled"]).lower()}"' in lines[0]


def batches(n: int, hands: int = 1000, explain: bool = False) -> list[bytes]:
    """``n`` batches of distinct hands; ``explain`` asks each hand's explanation too, about five times
    the work (75 ms a batch in-process, compiled, against 14 ms), for the tests that need the lane
    busy for a while whatever the scorer's speed."""
    extra = {"explain": True} if explain else {}
    return [json.dumps({"requests": [{**h.body(), **extra} for h in generate(hands, seed=100 + s)]}).encode()
            for s in range(n)]


def post_all(port: int, bodies: list[bytes], path: str = "/v1/score/batch",
             every: float = 0.0) -> list[tuple[int, dict[str, str], bytes]]:
    out: list[tuple[int, dict[str, str], bytes]] = []

    def post(body: bytes) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        try:
            conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
            r = conn.getresponse()
            out.append((r.status, dict(r.headers), r.read()))
        finally:
            conn.close()

    threads = [threading.Thread(target=post, args=(b,)) for b in bodies]
    for t in threads:
        t.start()
        time.sleep(every)
    for t in threads:
        t.join(180)
    return out


@pytest.mark.slow
def test_liveness_does_not_wait_behind_scoring(served: Served) -> None:
    """Sixteen 1,000-hand batches at once: every /healthz probe beside them is answered at once."""
    bodies = batches(16, explain=True)
    probes: list[float] = []
    done = threading.Event()

    def probe() -> None:
        while not done.is_set():
            status, _, took = request(served.port, "GET", "/healthz")
            assert status == 200
            probes.append(took)
            time.sleep(0.05)

    t = threading.Thread(target=probe)
    t.start()
    try:
        answers = post_all(served.port, bodies)
    finally:
        done.set()
        t.join(10)
    assert sorted(a[0] for a in answers) == [200] * 16
    assert len(probes) >= 5  # while the batches were scored (about a second compiled, several pure)
    assert statistics.median(probes) < 0.1 and max(probes) < 0.5, (statistics.median(probes), max(probes))


def shed(answers: list[tuple[int, dict[str, str], bytes]], retry_after: str) -> int:
    """How many were shed; each shed answer is the overloaded problem with its Retry-After."""
    n = 0
    for status, headers, body in answers:
        assert status in (200, 503), status
        if status == 503:
            n += 1
            assert headers["Retry-After"] == retry_after and headers["Content-Type"] == "application/problem+json"
            assert json.loads(body)["type"] == "/problems/overloaded"
    return n


@pytest.mark.slow
def test_a_lane_with_too_many_waiting_sheds_load_with_a_503_and_retry_after(tmp_path: Path) -> None:
    with server(tmp_path, {"SCORER_MAX_QUEUED": "2", "SCORER_RETRY_AFTER": "3"}, workers=1) as g:
        # all at once: two wait (or compute), the rest are shed; explained, so that the lane is still busy
        # when the last arrive on a loaded machine (plain batches were answered before the next came)
        answers = post_all(g.port, batches(12, explain=True))
        status, _, took = request(g.port, "GET", "/healthz")
        assert status == 200 and took < 1.0
        after = post_all(g.port, batches(1))  # and once the lane has caught up, it takes work again
    assert 1 <= shed(answers, "3") <= 10 and shed(after, "3") == 0


@pytest.mark.slow
def test_a_lane_whose_queue_ages_sheds_load(tmp_path: Path) -> None:
    """Sixteen batches at once are taken while the queue is young (the first ones at least). The
    ones that come from 0.3 s on, one every 20 ms, each more work than 20 ms, find the next in line
    waiting past SCORER_MAX_QUEUE_WAIT (0.1 s) and some are shed: if the burst is still queued, at
    once; if it is done (a fast moment: few of it were taken), because they arrive faster than the
    lane scores them, so their own queue ages. (Four plain batches sent together at 0.3 s were
    all taken when the burst had finished by then.)"""
    with server(tmp_path, {"SCORER_MAX_QUEUE_WAIT": "0.1"}, workers=1) as g:
        burst, late = batches(16, explain=True), batches(10, explain=True)
        results: dict[str, list[tuple[int, dict[str, str], bytes]]] = {}
        first = threading.Thread(target=lambda: results.setdefault("burst", post_all(g.port, burst)))
        first.start()
        time.sleep(0.3)
        results["late"] = post_all(g.port, late, every=0.02)
        first.join(180)
    assert shed(results["burst"], "1") < 16
    assert shed(results["late"], "1") >= 1


@pytest.mark.slow
def test_sigterm_with_idle_keepalive_connections_drains_in_about_a_second(tmp_path: Path) -> None:
    g = server(tmp_path, {"GUNICORN_GRACEFUL_TIMEOUT": "20"}).start()
    idle = []
    try:
        for _ in range(20):  # each has had one answer and now waits for a next request
            c = http.client.HTTPConnection("127.0.0.1", g.port, timeout=10)
            c.request("GET", "/healthz")
            c.getresponse().read()
            idle.append(c)
        t0 = time.monotonic()
        rc = g.stop()
        took = time.monotonic() - t0
    finally:
        for c in idle:
            c.close()
        g.stop()
    assert rc == 0 and took < 5, f"exit {rc} after {took:.1f} s"
    assert "Worker graceful timeout" not in (tmp_path / "gunicorn.log").read_text()
