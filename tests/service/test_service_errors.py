"""Every error path answers RFC 9457 problem+json with the right status, type and pointers."""

from __future__ import annotations

import logging
from typing import Any

import pytest

import scorer
from scorer.wire.problems import TYPE_BASE, titles

GOOD = "[222m1][444m2][666m3]88mWW8m"


def problem_of(resp: Any, status: int, code: str) -> dict[str, Any]:
    assert resp.status_code == status, resp.get_data(as_text=True)
    assert resp.mimetype == "application/problem+json"
    body = resp.get_json(force=True)
    assert body["type"] == TYPE_BASE + code
    assert body["title"] == titles()[code]
    assert body["status"] == status
    assert body["detail"]
    return body


def pointers(body: dict[str, Any]) -> set[str]:
    return {e["pointer"] for e in body["errors"]}


# --- transport: JSON, media type, size, routing -----------------------------------------------------
@pytest.mark.parametrize("raw", [
    pytest.param(b"{", id="truncated"),
    pytest.param(b"", id="empty"),
    pytest.param(b"   ", id="blank"),
    pytest.param(b"{'hand': 1}", id="single-quotes"),
    pytest.param(b'{"hand": NaN}', id="nan"),
    pytest.param(b'{"hand": "\\ud800"}', id="lone-surrogate"),
    pytest.param(b"\xff\xfe{}", id="not-utf8"),
    pytest.param(b'{"hand": 1} trailing', id="trailing-garbage"),
    pytest.param(b"[" * 5000, id="deep-nesting"),
])
@pytest.mark.parametrize("path", ["/v1/score", "/v1/score/batch", "/v1/match"])
def test_malformed_json_is_400(client, path, raw):
    body = problem_of(client.post(path, data=raw, content_type="application/json"), 400, "malformed-json")
    assert pointers(body) == {""}


@pytest.mark.parametrize("raw", [b"null", b"0", b"true", b'"x"', b"[]"])
def test_json_that_is_not_an_object_is_422(client, raw):
    body = problem_of(client.post("/v1/score", data=raw, content_type="application/json"), 422, "validation-error")
    assert pointers(body) == {""}


@pytest.mark.parametrize("content_type", [
    pytest.param(None, id="none"),
    pytest.param("text/plain", id="text"),
    pytest.param("application/x-www-form-urlencoded", id="form"),
    pytest.param("application/xml", id="xml"),
    pytest.param("multipart/form-data; boundary=x", id="multipart"),
])
@pytest.mark.parametrize("path", ["/v1/score", "/v1/score/batch", "/v1/match"])
def test_wrong_content_type_is_415(client, path, content_type):
    problem_of(client.post(path, data=b'{"hand": "x"}', content_type=content_type), 415, "unsupported-media-type")


def test_json_with_charset_and_plus_json_are_accepted(client):
    for ct in ("application/json; charset=utf-8", "application/vnd.mcr+json"):
        resp = client.post("/v1/score", data=f'{{"hand": "{GOOD}"}}', content_type=ct)
        assert resp.status_code == 200, ct


@pytest.mark.parametrize("path", ["/v1/score", "/v1/score/batch", "/v1/match"])
def test_body_over_the_limit_is_413(client, path):
    raw = b'{"hand": "' + b" " * (1024 * 1024) + b'"}'
    body = problem_of(client.post(path, data=raw, content_type="application/json"), 413, "payload-too-large")
    assert "1048576" in body["detail"]


def test_the_limit_comes_from_the_environment(make_client):
    client = make_client(MAX_CONTENT_LENGTH="60")
    problem_of(client.post("/v1/score", json={"hand": GOOD, "context": {"discarder": "S", "seat_wind": "E"}}),
               413, "payload-too-large")
    assert client.post("/v1/score", json={"hand": GOOD}).status_code == 200


@pytest.mark.parametrize("path", ["/v1", "/v1/", "/v1/score/", "/v2/score", "/v1/fans/1", "//v1/score",
                                  "/problem", "/problems/x/y"])
def test_unknown_path_is_404(client, path):
    problem_of(client.get(path), 404, "not-found")


@pytest.mark.parametrize(("method", "path", "allow"), [
    pytest.param("GET", "/v1/score", {"POST", "OPTIONS"}, id="get-score"),
    pytest.param("PUT", "/v1/score", {"POST", "OPTIONS"}, id="put-score"),
    pytest.param("DELETE", "/v1/score/batch", {"POST", "OPTIONS"}, id="delete-batch"),
    pytest.param("POST", "/v1/fans", {"GET", "HEAD", "OPTIONS"}, id="post-fans"),
    pytest.param("POST", "/healthz", {"GET", "HEAD", "OPTIONS"}, id="post-healthz"),
    pytest.param("PATCH", "/metrics", {"GET", "HEAD", "OPTIONS"}, id="patch-metrics"),
    pytest.param("BREW", "/openapi.yaml", {"GET", "HEAD", "OPTIONS"}, id="brew-openapi"),
])
def test_wrong_method_is_405_and_keeps_allow(client, method, path, allow):
    resp = client.open(path, method=method)
    problem_of(resp, 405, "method-not-allowed")
    assert {m.strip() for m in resp.headers["Allow"].split(",")} == allow


# --- shape: the schema at the edge (422 validation-error) --------------------------------------------
def H(**fields):  # noqa: N802 - a hand object with placeholder tiles plus ``fields``
    return {"hand": {"concealed": "1m", "winning_tile": "1m", **fields}}


SHAPE_CASES = [
    pytest.param([], {""}, id="body-list"),
    pytest.param("hand", {""}, id="body-string"),
    pytest.param({}, {"/hand"}, id="no-hand"),
    pytest.param({"hand": GOOD, "extra": 1}, {"/extra"}, id="unknown-top-field"),
    pytest.param({"hand": 5}, {"/hand"}, id="hand-number"),
    pytest.param({"hand": None}, {"/hand"}, id="hand-null"),
    pytest.param({"hand": ["1m"]}, {"/hand"}, id="hand-list"),
    pytest.param(H(flower=1), {"/hand/flower"}, id="unknown-hand-field"),
    pytest.param({"hand": {"winning_tile": "1m"}}, {"/hand/concealed"}, id="no-concealed"),
    pytest.param({"hand": {"concealed": "1m"}}, {"/hand/winning_tile"}, id="no-winning-tile"),
    pytest.param({"hand": {"concealed": 11, "winning_tile": "1m"}}, {"/hand/concealed"}, id="concealed-number"),
    pytest.param({"hand": {"concealed": ["1m", 2], "winning_tile": "1m"}}, {"/hand/concealed/1"}, id="tile-number"),
    pytest.param({"hand": {"concealed": "1m", "winning_tile": ["1m"]}}, {"/hand/winning_tile"}, id="winning-list"),
    pytest.param(H(melds="222m"), {"/hand/melds"}, id="melds-string"),
    pytest.param(H(melds=[1]), {"/hand/melds/0"}, id="meld-number"),
    pytest.param(H(melds=[{}]), {"/hand/melds/0/tiles"}, id="meld-no-tiles"),
    pytest.param(H(melds=[{"tiles": "222m", "kind": "pung"}]),
                 {"/hand/melds/0/kind"}, id="meld-unknown-field"),
    pytest.param(H(melds=[{"tiles": "2222m", "concealed": "yes"}]),
                 {"/hand/melds/0/concealed"}, id="meld-concealed-string"),
    pytest.param(H(flowers=True), {"/hand/flowers"}, id="flowers-bool"),
    pytest.param(H(flowers=1.5), {"/hand/flowers"}, id="flowers-float"),
    pytest.param(H(flowers="2"), {"/hand/flowers"}, id="flowers-string"),
    pytest.param({"hand": GOOD, "context": []}, {"/context"}, id="context-list"),
    pytest.param({"hand": GOOD, "context": None}, {"/context"}, id="context-null"),
    pytest.param({"hand": GOOD, "context": {"selfdrawn": True}}, {"/context/selfdrawn"}, id="context-typo"),
    pytest.param({"hand": GOOD, "context": {"self_drawn": "true"}}, {"/context/self_drawn"}, id="bool-as-string"),
    pytest.param({"hand": GOOD, "context": {"self_drawn": 1}}, {"/context/self_drawn"}, id="bool-as-int"),
    pytest.param({"hand": GOOD, "context": {"last_copy": None}}, {"/context/last_copy"}, id="bool-null"),
    pytest.param({"hand": GOOD, "context": {"seat_wind": 1}}, {"/context/seat_wind"}, id="wind-number"),
    pytest.param({"hand": GOOD, "context": {"base_points": "2"}}, {"/context/base_points"}, id="base-string"),
    pytest.param({"hand": GOOD, "context": {"base_points": 2.0}}, {"/context/base_points"}, id="base-float"),
    pytest.param({"hand": GOOD, "context": {"base_points": True}}, {"/context/base_points"}, id="base-bool"),
    pytest.param({"hand": GOOD, "context": {"base_points": 1e30}}, {"/context/base_points"}, id="base-huge"),
    pytest.param({"hand": GOOD, "context": {"a/b~c": 1}}, {"/context/a~1b~0c"}, id="pointer-escaping"),
    pytest.param({"hand": 1, "context": {"self_drawn": 0, "zzz": 1}, "x": 1},
                 {"/hand", "/context/self_drawn", "/context/zzz", "/x"}, id="all-errors-reported"),
]


@pytest.mark.parametrize(("body", "expected"), SHAPE_CASES)
def test_wrong_shape_is_422_naming_every_field(client, body, expected):
    resp = client.post("/v1/score", json=body)
    assert pointers(problem_of(resp, 422, "validation-error")) == expected


# --- meaning: the scorer's errors (422, one type per ScorerError code) ----------------------------
DOMAIN_CASES = [
    pytest.param({"hand": "[222m1][444m2][666m3]88mWW8mX"}, "bad-notation", "/hand", id="notation-bad-letter"),
    pytest.param({"hand": "[222m1][444m2][666m3]88mWW"}, "tile-count", "/hand", id="notation-short"),
    pytest.param({"hand": "[222m1[444m2]"}, "bad-notation", "/hand", id="notation-unclosed"),
    pytest.param({"hand": ""}, "tile-count", "/hand", id="notation-empty"),
    pytest.param({"hand": "[888m1][444m2][666m3]88mWW8m"}, "too-many-copies", "/hand", id="fifth-copy"),
    pytest.param({"hand": {"concealed": "88m WW", "winning_tile": "8m", "melds": [{"tiles": "222m"}, {"tiles": "444m"},
                  {"tiles": "568m"}]}}, "bad-meld", "/hand/melds/2/tiles", id="meld-not-a-set"),
    pytest.param({"hand": {"concealed": "88m WW", "winning_tile": "8m", "melds": [{"tiles": "222m"}, {"tiles": "444m"},
                  {"tiles": "666m", "concealed": True}]}}, "concealed-not-kong", "/hand/melds/2/concealed",
                 id="concealed-pung"),
    pytest.param({"hand": {"concealed": "88m WWX", "winning_tile": "8m"}}, "bad-notation", "/hand/concealed",
                 id="compact-bad-letter"),
    pytest.param({"hand": {"concealed": ["8m", "8m", "0m"], "winning_tile": "8m"}}, "unknown-tile",
                 "/hand/concealed/2", id="list-unknown-code"),
    pytest.param({"hand": {"concealed": "88m WW", "winning_tile": "8m"}}, "tile-count", "/hand/concealed",
                 id="too-few-tiles"),
    pytest.param({"hand": {"concealed": "88m WW", "winning_tile": "88m", "melds": [{"tiles": "222m"}, {"tiles": "444m"},
                  {"tiles": "666m"}]}}, "tile-count", "/hand/winning_tile", id="two-winning-tiles"),
    pytest.param({"hand": {"concealed": "88m WW", "winning_tile": "8m", "flowers": 9, "melds": [{"tiles": "222m"},
                  {"tiles": "444m"}, {"tiles": "666m"}]}}, "bad-flowers", "/hand/flowers", id="nine-flowers"),
    pytest.param({"hand": {"concealed": "88m WW", "winning_tile": "8m", "flowers": -1, "melds": [{"tiles": "222m"},
                  {"tiles": "444m"}, {"tiles": "666m"}]}}, "bad-flowers", "/hand/flowers", id="negative-flowers"),
    pytest.param({"hand": GOOD, "context": {"seat_wind": "X"}}, "bad-wind", "/context/seat_wind", id="bad-seat-wind"),
    pytest.param({"hand": GOOD, "context": {"prevalent_wind": "e"}}, "bad-wind", "/context/prevalent_wind",
                 id="lowercase-wind"),
    pytest.param({"hand": GOOD, "context": {"discarder": "C"}}, "bad-wind", "/context/discarder", id="bad-discarder"),
    pytest.param({"hand": GOOD, "context": {"base_points": 0}}, "bad-base-points", "/context/base_points",
                 id="zero-base"),
    pytest.param({"hand": GOOD, "context": {"base_points": 1_000_001}}, "bad-base-points", "/context/base_points",
                 id="base-over-max"),
    pytest.param({"hand": GOOD, "context": {"self_drawn": True, "discarder": "S"}}, "contradictory-context",
                 "/context/discarder", id="self-drawn-with-discarder"),
    pytest.param({"hand": GOOD, "context": {"discarder": "E"}}, "contradictory-context", "/context/discarder",
                 id="discarder-is-winner"),
    pytest.param({"hand": GOOD, "context": {"kong_replacement": True}}, "contradictory-context",
                 "/context/kong_replacement", id="kong-replacement-on-discard"),
    pytest.param({"hand": GOOD, "context": {"self_drawn": True, "kong_replacement": True}}, "contradictory-context",
                 "/context/kong_replacement", id="kong-replacement-without-kong"),
    pytest.param({"hand": GOOD, "context": {"robbing_kong": True, "self_drawn": True}}, "contradictory-context",
                 "/context/robbing_kong", id="robbing-kong-self-drawn"),
    pytest.param({"hand": GOOD, "context": {"robbing_kong": True}}, "contradictory-context", "/context/robbing_kong",
                 id="robbing-kong-tile-in-hand"),
]


@pytest.mark.parametrize(("body", "code", "pointer"), DOMAIN_CASES)
def test_impossible_hand_or_context_is_422(client, body, code, pointer):
    got = problem_of(client.post("/v1/score", json=body), 422, code)
    assert pointers(got) == {pointer}


def test_every_scorer_error_code_has_a_problem_type():
    from scorer import errors

    codes = {v for k, v in vars(errors).items() if k.isupper() and isinstance(v, str)}
    assert codes and all(c.replace("_", "-") in titles() for c in codes)


# --- unexpected failures ------------------------------------------------------------------------------
def test_unexpected_exception_is_a_bare_500_logged_with_the_request_id(client, monkeypatch, caplog):
    def boom(*a, **k):
        raise RuntimeError("secret internals /etc/passwd")

    monkeypatch.setattr(scorer, "score", boom)
    with caplog.at_level(logging.ERROR, logger="service"):
        resp = client.post("/v1/score", json={"hand": GOOD}, headers={"X-Request-ID": "trace-me-42"})
    body = problem_of(resp, 500, "internal-error")
    text = resp.get_data(as_text=True)
    assert "secret" not in text and "Traceback" not in text and "RuntimeError" not in text
    assert "trace-me-42" in body["detail"]
    assert resp.headers["X-Request-ID"] == "trace-me-42"
    [rec] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert rec.request_id == "trace-me-42" and rec.exc_info


def test_unexpected_exception_in_one_batch_item_fails_only_that_item(client, monkeypatch):
    real = scorer.score

    def flaky(hand, context=None, **kw):
        if str(hand).startswith("[111m"):
            raise RuntimeError("boom")
        return real(hand, context, **kw)

    monkeypatch.setattr(scorer, "score", flaky)
    resp = client.post("/v1/score/batch", json={"requests": [{"hand": GOOD}, {"hand": "[222m2][111m1][666m3]88mWW8m"}]})
    assert resp.status_code == 200
    first, second = resp.get_json()["results"]
    assert first["points"] == 12
    assert second["status"] == 500 and second["type"] == TYPE_BASE + "internal-error"
    assert "boom" not in resp.get_data(as_text=True)


# --- size limits: a huge string or list is refused before it costs parser time --------------------------
@pytest.mark.parametrize(("body", "pointer"), [
    pytest.param({"hand": "1m" * 200}, "/hand", id="long-notation"),
    pytest.param({"hand": {"concealed": "1m" * 100, "winning_tile": "1m"}}, "/hand/concealed", id="long-compact"),
    pytest.param({"hand": {"concealed": ["1m"] * 33, "winning_tile": "1m"}}, "/hand/concealed", id="long-list"),
    pytest.param({"hand": {"concealed": "1m", "winning_tile": "1m" * 100}}, "/hand/winning_tile", id="long-winning"),
    pytest.param({"hand": {"concealed": "1m", "winning_tile": "1m", "melds": [{"tiles": "111m"}] * 9}},
                 "/hand/melds", id="many-melds"),
    pytest.param({"hand": GOOD, "context": {"seat_wind": "E" * 200}}, "/context/seat_wind", id="long-wind"),
])
def test_oversized_fields_are_422_and_cheap(client, body, pointer):
    assert pointers(problem_of(client.post("/v1/score", json=body), 422, "validation-error")) == {pointer}


def test_more_melds_than_a_hand_can_hold_are_refused_by_the_schema(client):
    """The schema's limit is the hand's own (``scorer.hand.MAX_MELDS``), as openapi.yaml says."""
    body = {"hand": {"concealed": "", "winning_tile": "1m", "melds": [{"tiles": "111m"}] * 6}}
    problem = problem_of(client.post("/v1/score", json=body), 422, "validation-error")
    assert pointers(problem) == {"/hand/melds"}
    assert "more than 5 items" in problem["errors"][0]["detail"]


# --- what a problem echoes stays small ----------------------------------------------------------------
@pytest.mark.parametrize("path", ["/v1/score", "/v1/waits", "/v1/match"])
def test_a_problem_lists_at_most_fifty_errors_and_counts_the_rest(client, path):
    """A body just under the 1 MiB limit with 90,000 unknown keys in its hand: the answer lists
    the first 50 (in errors and in detail) and counts the others, instead of all of them (7 MB)."""
    import orjson

    from scorer.wire.problems import MAX_LISTED

    hand = {f"k{i}": 0 for i in range(90_000)}
    raw = orjson.dumps({"hand": hand} if path != "/v1/match" else {"players": [], "length": 1, "hands": [
        {"win": {"winner": "a", "discarder": None, "hand": hand}}]})
    assert len(raw) < 1024 * 1024
    resp = client.post(path, data=raw, content_type="application/json")
    body = problem_of(resp, 422, "validation-error")
    assert len(resp.get_data()) < 16 * 1024
    assert len(body["errors"]) == MAX_LISTED
    listed = len(body["errors"]) + body["more_errors"]
    assert listed >= 90_000
    assert all(f"{e['pointer']}: {e['detail']}" in body["detail"] for e in body["errors"])
    assert body["detail"].count("; ") == MAX_LISTED
    assert body["detail"].endswith(f"; and {body['more_errors']} more")


def test_a_problem_under_the_limit_has_no_count_of_more(client):
    body = problem_of(client.post("/v1/score", json={"hand": {"a": 1, "b": 2}}), 422, "validation-error")
    assert "more_errors" not in body and len(body["errors"]) == 4  # a, b, the missing concealed and winning_tile


def test_a_batch_item_lists_at_most_fifty_errors(client):
    from scorer.wire.problems import MAX_LISTED

    resp = client.post("/v1/score/batch", json={"requests": [{"hand": {f"k{i}": 0 for i in range(200)}}]})
    assert resp.status_code == 200
    [item] = resp.get_json()["results"]
    assert len(item["errors"]) == MAX_LISTED and item["more_errors"] == 202 - MAX_LISTED  # and 2 missing fields


def test_a_field_name_too_long_to_repeat_is_not_echoed(client):
    """An unknown key of 500,000 characters: the error points at the object holding it."""
    resp = client.post("/v1/score", json={"hand": {"k" * 500_000: 0, "concealed": "1m"}})
    body = problem_of(resp, 422, "validation-error")
    assert len(resp.get_data()) < 4096
    cut = {"pointer": "/hand", "detail": "in a field whose name is too long to repeat: unknown field"}
    assert cut in body["errors"]


# --- numbers past 64 bits: valid JSON, a value out of range ---------------------------------------------
PLAYERS = [{"name": n, "beans": 100} for n in ("Ann", "Bo", "Cy", "Di")]


def _room_raw(field: str, number: str) -> bytes:
    """A room body whose ``field`` (length, base_points, or the first player's beans) is ``number``,
    written as it stands (so no serializer rounds it)."""
    players = [dict(p) for p in PLAYERS]
    body: dict[str, Any] = {"players": players, "length": 1, "hands": [], "base_points": 1}
    target, key = (players[0], "beans") if field == "beans" else (body, field)
    target[key] = "@NUMBER@"
    import json

    return json.dumps(body).replace('"@NUMBER@"', number).encode()


@pytest.mark.parametrize(("field", "code", "pointer"), [
    ("length", "bad-room-length", "/length"),
    ("base_points", "bad-base-points", "/base_points"),
    ("beans", "bad-beans", "/players/0/beans"),
])
@pytest.mark.parametrize("number", [
    pytest.param(str(2**64), id="2**64"),
    pytest.param(str(-(2**63) - 1), id="-2**63-1"),
    pytest.param("1" + "0" * 309, id="past-a-double"),
])
def test_an_integer_past_64_bits_is_out_of_range_not_malformed(client, field, code, pointer, number):
    resp = client.post("/v1/match", data=_room_raw(field, number), content_type="application/json")
    body = problem_of(resp, 422, code)
    assert pointers(body) == {pointer}
    assert body["detail"].endswith(f"got {number}")


def test_an_integer_too_long_to_convert_says_how_long_it_is(client):
    resp = client.post("/v1/match", data=_room_raw("length", "1" + "0" * 9000), content_type="application/json")
    body = problem_of(resp, 422, "bad-room-length")
    assert pointers(body) == {"/length"} and body["detail"].endswith("got an integer of 9001 digits")
    assert len(resp.get_data()) < 2048


def test_a_huge_base_points_in_a_score_context_is_out_of_range(client):
    raw = f'{{"hand": "{GOOD}", "context": {{"discarder": "S", "base_points": {2**64}}}}}'.encode()
    body = problem_of(client.post("/v1/score", data=raw, content_type="application/json"), 422, "bad-base-points")
    assert pointers(body) == {"/context/base_points"}


@pytest.mark.parametrize(("raw", "status"), [
    pytest.param(b'{"hand": 1%s, "x": NaN}' % (b"0" * 400), 400, id="nan-after-a-long-number"),
    pytest.param(b'{"x": 1%s, "hand": "\\ud800"}' % (b"0" * 400), 400, id="lone-surrogate-after-a-long-number"),
    pytest.param(b'{"x": 1%s, "hand": [' % (b"0" * 400) + b"[" * 3000, 400, id="deep-after-a-long-number"),
    pytest.param(b'{"hand": "%s", "context": {"base_points": 1e400}}' % GOOD.encode(), 422, id="a-float-past-a-double"),
])
def test_the_exact_reading_refuses_what_orjson_refuses(client, raw, status):
    code = "malformed-json" if status == 400 else "validation-error"
    body = problem_of(client.post("/v1/score", data=raw, content_type="application/json"), status, code)
    assert pointers(body) == ({""} if status == 400 else {"/context/base_points"})


def test_a_long_run_of_digits_in_a_string_changes_nothing(client):
    players = [{**p, "name": f"{p['name']}12345678901234567890"} for p in PLAYERS]
    resp = client.post("/v1/match", json={"players": players, "length": 1, "hands": []})
    assert resp.status_code == 200
    assert [p["name"] for p in resp.get_json()["players"]] == [p["name"] for p in players]


def test_a_first_users_mistakes_are_explained(client):
    p = problem_of(client.post("/v1/score", json={"hand": "123m456p789s1122m"}), 422, "tile-count")
    assert "counted 13 concealed tiles" in p["detail"] and "POST /v1/waits" in p["detail"]
    p = problem_of(client.post("/v1/score", json={"hand": "123m456p789s1122z2m"}), 422, "bad-notation")
    assert "z-honours are not this notation" in p["detail"] and pointers(p) == {"/hand"}
