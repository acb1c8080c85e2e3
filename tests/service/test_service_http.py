"""HTTP for clients and caches: CORS (off unless configured), ETag and Cache-Control with 304 on the
answers that change only with a deploy, and compression of large answers (service/http.py)."""

from __future__ import annotations

import gzip
import json

import brotli
import pytest
from backports import zstd

from service import create_app
from service.http import CACHE_CONTROL, COMPRESS_MIN_SIZE

GOOD = "[222m1][444m2][666m3]88mWW8m"
ORIGIN = "https://game.example"


# --- CORS --------------------------------------------------------------------------------------------------
def preflight(client, path="/v1/score", origin=ORIGIN):
    return client.options(path, headers={"Origin": origin, "Access-Control-Request-Method": "POST",
                                         "Access-Control-Request-Headers": "content-type, authorization"})


def test_no_cors_headers_unless_origins_are_configured(client):
    pre = preflight(client)
    assert pre.status_code == 204 and not [h for h in pre.headers.keys() if h.startswith("Access-Control-")]
    resp = client.post("/v1/score", json={"hand": GOOD}, headers={"Origin": ORIGIN})
    assert "Access-Control-Allow-Origin" not in resp.headers


def test_a_configured_origin_gets_preflight_and_answers(make_client):
    client = make_client(SCORER_CORS_ORIGINS=f"{ORIGIN}, https://other.example")
    pre = preflight(client)
    assert pre.status_code == 204 and not pre.data
    assert pre.headers["Access-Control-Allow-Origin"] == ORIGIN
    assert "POST" in pre.headers["Access-Control-Allow-Methods"]
    assert {"content-type", "authorization"} <= {h.strip().lower() for h in
                                                  pre.headers["Access-Control-Allow-Headers"].split(",")}
    assert pre.headers["Access-Control-Max-Age"] == "600"
    resp = client.post("/v1/score", json={"hand": GOOD}, headers={"Origin": ORIGIN})
    assert resp.status_code == 200 and resp.headers["Access-Control-Allow-Origin"] == ORIGIN
    exposed = {h.strip().lower() for h in resp.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"x-request-id", "etag"} <= exposed
    assert "Origin" in ", ".join(resp.headers.getlist("Vary"))


def test_an_origin_not_configured_gets_no_cors_headers(make_client):
    client = make_client(SCORER_CORS_ORIGINS=ORIGIN)
    assert "Access-Control-Allow-Origin" not in preflight(client, origin="https://evil.example").headers
    resp = client.post("/v1/score", json={"hand": GOOD}, headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in resp.headers
    # the pages and operations outside the API carry none either
    assert "Access-Control-Allow-Origin" not in client.get("/healthz", headers={"Origin": ORIGIN}).headers


def test_a_preflight_needs_no_api_key(make_client):
    client = make_client(SCORER_CORS_ORIGINS=ORIGIN, SCORER_API_KEYS="k1")
    pre = preflight(client)
    assert pre.status_code == 204 and pre.headers["Access-Control-Allow-Origin"] == ORIGIN
    refused = client.post("/v1/score", json={"hand": GOOD}, headers={"Origin": ORIGIN})
    assert refused.status_code == 401  # the request itself still needs one
    assert refused.headers["Access-Control-Allow-Origin"] == ORIGIN  # and the page can read why


def test_any_origin_with_a_star(make_client):
    client = make_client(SCORER_CORS_ORIGINS="*")
    resp = client.get("/v1/fans", headers={"Origin": "https://anyone.example"})
    assert resp.headers["Access-Control-Allow-Origin"] == "*"


# --- ETag, Cache-Control, 304 -----------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/v1/fans", "/v1/fans?ruleset=hk", "/v1/rulesets", "/openapi.yaml", "/openapi.json"])
def test_fixed_answers_have_validators_and_304(client, path):
    first = client.get(path)
    assert first.status_code == 200 and first.data
    etag = first.headers["ETag"]
    assert etag.startswith('"') and etag.endswith('"') and len(etag) > 10  # strong
    assert first.headers["Cache-Control"] == CACHE_CONTROL
    again = client.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == etag and again.headers["Cache-Control"] == CACHE_CONTROL
    assert client.get(path, headers={"If-None-Match": '"something-else"'}).status_code == 200
    assert client.get(path, headers={"If-None-Match": f'"x", {etag}'}).status_code == 304


def test_each_rule_book_has_its_own_etag(client):
    tags = {client.get(f"/v1/fans?ruleset={book}").headers["ETag"] for book in ("mcr", "hk", "sichuan")}
    assert len(tags) == 3


def test_a_score_is_not_marked_cacheable(client):
    resp = client.post("/v1/score", json={"hand": GOOD})
    assert "ETag" not in resp.headers and "Cache-Control" not in resp.headers


# --- compression ----------------------------------------------------------------------------------------------
DECODE = {"gzip": gzip.decompress, "br": brotli.decompress, "zstd": zstd.decompress}


@pytest.fixture
def plain(app):
    return app.test_client()  # not the spec-checking client: it would read the compressed bytes as JSON


def big_batch() -> dict:
    return {"requests": [{"hand": GOOD, "context": {"discarder": "S", "base_points": i + 1}} for i in range(200)]}


@pytest.mark.parametrize("encoding", ["gzip", "br", "zstd"])
def test_a_large_answer_is_compressed_as_the_client_accepts(plain, encoding):
    identity = plain.post("/v1/score/batch", json=big_batch())
    assert identity.status_code == 200 and "Content-Encoding" not in identity.headers
    assert len(identity.data) > COMPRESS_MIN_SIZE
    resp = plain.post("/v1/score/batch", json=big_batch(), headers={"Accept-Encoding": encoding})
    assert resp.headers["Content-Encoding"] == encoding
    assert int(resp.headers["Content-Length"]) == len(resp.data) < len(identity.data) / 5
    assert json.loads(DECODE[encoding](resp.data)) == json.loads(identity.data)
    assert "Accept-Encoding" in resp.headers["Vary"]


def test_the_preferred_encoding_wins(plain):
    resp = plain.post("/v1/score/batch", json=big_batch(), headers={"Accept-Encoding": "gzip;q=0.5, br;q=0.9"})
    assert resp.headers["Content-Encoding"] == "br"


def test_a_small_answer_is_sent_as_it_is(plain):
    resp = plain.post("/v1/score", json={"hand": GOOD}, headers={"Accept-Encoding": "gzip, br, zstd"})
    assert resp.status_code == 200 and "Content-Encoding" not in resp.headers
    assert len(resp.data) < COMPRESS_MIN_SIZE and resp.get_json()["total"] > 0


def test_a_compressed_fixed_answer_still_revalidates(plain):
    first = plain.get("/v1/fans", headers={"Accept-Encoding": "gzip"})
    assert first.headers["Content-Encoding"] == "gzip"
    again = plain.get("/v1/fans", headers={"Accept-Encoding": "gzip", "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


def test_the_pages_files_are_sent_whole_and_uncompressed(plain):
    html = plain.get("/").get_data(as_text=True)
    src = next(part.split('"')[1] for part in html.split("<script")[1:] if 'src="' in part)
    with plain.get(src, headers={"Accept-Encoding": "gzip, br, zstd"}) as resp:
        assert resp.status_code == 200 and "Content-Encoding" not in resp.headers
        assert int(resp.headers["Content-Length"]) == len(resp.data) > 0


def test_cors_origins_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("SCORER_CORS_ORIGINS", " https://a.example ,, https://b.example ")
    assert create_app().config["CORS_ORIGINS"] == ("https://a.example", "https://b.example")
    monkeypatch.delenv("SCORER_CORS_ORIGINS")
    assert create_app().config["CORS_ORIGINS"] == ()
