"""Malformed request framing, fuzzed against the served build: a few thousand requests whose head
or body is broken in the ways peers break them (signs, prefixes and spaces in chunk sizes, bare
LFs, truncation, conflicting lengths, odd trailers, stray bytes), each on its own connection.
None may be answered 5xx, none may hang past the server's bounds, and no worker may be lost. The
one 5xx allowed is the 501 RFC 9112 (section 6.1) asks for a transfer coding the server does not
implement (``Transfer-Encoding: gzip, chunked``, or a name garbled by the fuzzer): that answer is
gunicorn's, and it is the standard one.
Seeded, so a failure names a case that can be sent again; bounded in count and in time.
"""

from __future__ import annotations

import random
import re
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from testkit.serving import SCORE_BODY, request, server, statuses, worker_pids

CASES = 3000
BUDGET = 120.0  # seconds for all of them; past it the test fails rather than runs on
HANG = 6.0  # a connection still open this long after the last byte sent is a hang (bounds: 1 s, 2 s)

SIZES = [b"-6", b"0x28", b"+5", b" 5", b"5 ", b"1_0", b"ffffffffffffffffffff", b"", b"g", b"5;x", b"5;=",
         b"5;x=\"y\"", b"\xef\xbc\x95", b"00000000000000000005", b"5\t", b"-0", b"0", b"A", b"a;", b"7fffffff"]
HEADS = [b"Content-Length: 5", b"Content-Length: -1", b"Content-Length: 5, 5", b"Content-Length: +5",
         b"Content-Length: 0x5", b"Transfer-Encoding: gzip, chunked", b"Transfer-Encoding: chunked, gzip",
         b"Transfer-Encoding: chunked\r\nContent-Length: 5", b"Transfer-Encoding: identity",
         b"Transfer-Encoding:  chunked", b"Transfer-Encoding: CHUNKED", b"X-Folded: a\r\n b",
         b"X-Null: a\x00b", b"Bad Header: 1", b": empty", b"X-Long: " + b"x" * 9000, b"Expect: 100-continue",
         b"Expect: nothing-known", b"Host: a\r\nHost: b", b"Connection: close, keep-alive"]
LINES = [b"POST /v1/score HTTP/1.1", b"POST /v1/score HTTP/1.0", b"POST /v1/score HTTP/2.0",
         b"POST  /v1/score HTTP/1.1",
         b"POST /v1/score", b"PO\x00ST /v1/score HTTP/1.1", b"POST /v1/%zz HTTP/1.1", b"POST /v1/score/batch HTTP/1.1",
         b"GET /healthz HTTP/1.1", b"POST http://x/v1/score HTTP/1.1"]


def case(rng: random.Random) -> bytes:
    line = rng.choice(LINES) if rng.random() < 0.3 else LINES[0]
    heads = [b"Host: t", b"Content-Type: application/json"]
    if rng.random() < 0.5:
        heads.append(b"Connection: close")
    body = SCORE_BODY if rng.random() < 0.7 else rng.randbytes(rng.randrange(1, 200))
    if rng.random() < 0.6:  # chunked, with something broken in it
        heads.append(b"Transfer-Encoding: chunked")
        pieces = []
        rest = body
        while rest:
            n = rng.randrange(1, 40)
            size = b"%x" % len(rest[:n]) if rng.random() < 0.85 else rng.choice(SIZES)
            end = b"\r\n" if rng.random() < 0.9 else rng.choice([b"\n", b"", b"\r", b"XX"])
            pieces.append(size + end + rest[:n] + (b"\r\n" if rng.random() < 0.9 else rng.choice([b"\n", b""])))
            rest = rest[n:]
        last = b"0\r\n" + rng.choice([b"\r\n", b"X-T: 1\r\n\r\n", b"no colon\r\n\r\n", b"\n", b"X-T: 1\n\n", b""])
        payload = b"".join(pieces) + last
    else:
        heads.append(b"Content-Length: %d" % len(body))
        payload = body
    if rng.random() < 0.4:
        heads.append(rng.choice(HEADS))
    rng.shuffle(heads)
    sep = b"\r\n" if rng.random() < 0.9 else b"\n"
    data = line + sep + sep.join(heads) + sep + sep + payload
    if rng.random() < 0.2:  # truncated anywhere, or a stray byte put in
        cut = rng.randrange(len(data))
        data = data[:cut] if rng.random() < 0.5 else data[:cut] + bytes([rng.randrange(256)]) + data[cut + 1:]
    return data


def unknown_coding(data: bytes) -> bool:
    """Whether the head names a transfer coding other than chunked alone."""
    head = data.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
    codings = re.findall(rb"(?im)^transfer-encoding:([^\r\n]*)", head)
    return any(c.strip().lower() != b"chunked" for c in codings)


def send(port: int, data: bytes) -> tuple[list[int], float]:
    """The statuses answered and how long after the last byte sent the server closed."""
    with socket.create_connection(("127.0.0.1", port), timeout=HANG) as s:
        try:
            s.sendall(data)
        except OSError:
            pass
        sent = time.monotonic()
        out = b""
        try:
            while chunk := s.recv(65536):
                out += chunk
        except ConnectionResetError:
            pass
        except TimeoutError:
            return statuses(out), float("inf")
        return statuses(out), time.monotonic() - sent


@pytest.mark.slow
def test_malformed_framing_is_never_a_5xx_a_hang_or_a_lost_worker(tmp_path: Path) -> None:
    rng = random.Random(2026)
    cases = [case(rng) for _ in range(CASES)]
    env = {"GUNICORN_READ_TIMEOUT": "1", "GUNICORN_HEAD_TIMEOUT": "2", "GUNICORN_KEEPALIVE": "2"}
    with server(tmp_path, env) as g:
        assert g.proc is not None
        before = worker_pids(g.proc.pid)
        started = time.monotonic()
        with ThreadPoolExecutor(max_workers=24) as pool:
            results = list(pool.map(lambda d: send(g.port, d), cases))
        took = time.monotonic() - started
        status, _, _ = request(g.port, "GET", "/healthz")
        after = worker_pids(g.proc.pid)
        log = g.log()
    assert took < BUDGET, f"{CASES} cases took {took:.0f} s"
    bad = [(i, r) for i, r in enumerate(results)
           if any(s >= 500 and not (s == 501 and unknown_coding(cases[i])) for s in r[0])]
    assert not bad, f"5xx for cases {[(i, cases[i][:120]) for i, _ in bad[:5]]}"
    hung = [i for i, r in enumerate(results) if r[1] == float("inf")]
    assert not hung, f"{len(hung)} hung, e.g. {cases[hung[0]][:200]!r}"
    assert status == 200 and after == before, "a worker was lost"
    assert "Traceback" not in log and "WORKER TIMEOUT" not in log, log[-3000:]
    answered = sum(1 for r in results if r[0])
    assert answered > CASES // 2  # most are answered (400, 413, 422, ...), not just dropped
