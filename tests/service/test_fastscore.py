"""``POST /v1/score`` without Flask (its plain answer, service/chain.py) answers exactly what Flask answers: the
same status, headers and bytes for every kind of body, and the same metrics; Flask still answers
whatever the fast path leaves to it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask

from service import create_app
from testkit.hands.load import request_pool

RID = {"X-Request-ID": "parity-1"}
GOOD = "[222m1][444m2][666m3]88mWW8m"


def _apps(monkeypatch: pytest.MonkeyPatch, **config: Any) -> tuple[Flask, Flask]:
    for var in ("SCORER_API_KEYS", "MAX_CONTENT_LENGTH", "LOG_LEVEL", "SCORER_CORS_ORIGINS"):
        monkeypatch.delenv(var, raising=False)
    return create_app({"TESTING": True, **config}), create_app({"TESTING": True, "FAST_SCORE": False, **config})


def _flask_calls(app: Flask) -> list[str]:
    """Count the requests that reach Flask behind the chain."""
    chain = app.extensions["chain"]
    inner, calls = chain.flask, []

    def counted(environ: dict[str, Any], start_response: Any) -> Any:
        calls.append(environ["PATH_INFO"])
        return inner(environ, start_response)

    chain.flask = counted
    return calls


def _answer(app: Flask, data: bytes, content_type: str = "application/json", path: str = "/v1/score",
            ) -> tuple[int, list[tuple[str, str]], bytes]:
    resp = app.test_client().post(path, data=data, headers={**RID, "Content-Type": content_type})
    return resp.status_code, sorted(resp.headers.items()), resp.get_data()


BODIES = [
    *(json.dumps(b).encode() for b in request_pool(300, seed=9)[-300:]),
    json.dumps({"hand": GOOD, "explain": True}).encode(),
    json.dumps({"hand": GOOD, "ruleset": "hk", "options": {"preset": "common"}}).encode(),
    json.dumps({"hand": "123456789m1235p5p", "ruleset": "sichuan", "context": {"missing_suit": "s"}}).encode(),
    json.dumps({"hand": "[888m1][444m2][666m3]88mWW8m"}).encode(),  # a sixth 8m: 422
    json.dumps({"hand": GOOD, "ruleset": "nope"}).encode(),
    json.dumps({"hand": GOOD, "context": {"seat_wind": "Q"}}).encode(),
    json.dumps({"hand": GOOD, "extra": 1}).encode(),
    json.dumps({"hand": "123m"}).encode(),  # not a complete hand: an answer
    b'{"hand": ',  # malformed
    b"[]",
    b'{"hand": "' + b"1m" * 200 + b'"}',
]


def test_every_kind_of_body_gets_flasks_answer_byte_for_byte(monkeypatch):
    fast, flask = _apps(monkeypatch)
    calls = _flask_calls(fast)
    answered = 0
    for body in BODIES:
        got, want = _answer(fast, body), _answer(flask, body)
        assert got == want, body[:120]
        answered += got[0] == 200
    assert answered > 300
    assert len(calls) < len(BODIES) - 300  # the usual scores never reached Flask; the rest did


@pytest.mark.parametrize(("content_type", "path"), [
    ("application/json; charset=utf-8", "/v1/score"),
    ("text/plain", "/v1/score"),
    ("application/json", "/v1/score?x=1"),
    ("application/json", "//v1/score"),
    ("application/json", "/v1/score/"),
])
def test_what_it_leaves_to_flask_is_answered_as_before(monkeypatch, content_type, path):
    fast, flask = _apps(monkeypatch)
    calls = _flask_calls(fast)
    body = json.dumps({"hand": GOOD}).encode()
    assert _answer(fast, body, content_type, path) == _answer(flask, body, content_type, path)
    assert calls  # Flask answered it


def test_a_large_answer_goes_to_flask_for_compression(monkeypatch):
    fast, flask = _apps(monkeypatch, COMPRESS_MIN_SIZE=200)
    calls = _flask_calls(fast)
    body = json.dumps({"hand": GOOD}).encode()
    for app in (fast, flask):
        resp = app.test_client().post("/v1/score", data=body, headers={
            **RID, "Content-Type": "application/json", "Accept-Encoding": "gzip"})
        assert resp.headers["Content-Encoding"] == "gzip"
    assert calls == ["/v1/score"]


@pytest.mark.parametrize("config", [{"CORS_ORIGINS": ["https://a.example"]}])
def test_it_stands_aside_where_a_flask_hook_has_a_say(monkeypatch, config):
    fast, _ = _apps(monkeypatch, **config)
    calls = _flask_calls(fast)
    fast.test_client().post("/v1/score", json={"hand": GOOD}, headers={"Authorization": "Bearer k1"})
    assert calls == ["/v1/score"]


@pytest.mark.parametrize(("key", "status", "by_flask"), [
    pytest.param("Bearer k1", 200, [], id="key"),
    pytest.param("Bearer k2", 401, ["/v1/score"], id="wrong-key"),
    pytest.param(None, 401, ["/v1/score"], id="no-key"),
])
def test_the_key_is_the_chains_so_a_keyed_score_is_answered_plain(monkeypatch, key, status, by_flask):
    """API keys are a step of the chain, not a Flask hook: with a valid key the score is answered
    without Flask, byte for byte as Flask answers it; without one, Flask answers the chain's 401."""
    fast, flask = _apps(monkeypatch, API_KEYS=(b"k1",))
    calls = _flask_calls(fast)
    headers = {**RID, **({"Authorization": key} if key else {})}
    got, want = (app.test_client().post("/v1/score", json={"hand": GOOD}, headers=headers) for app in (fast, flask))
    assert (got.status_code, sorted(got.headers.items()), got.get_data()) == \
        (want.status_code, sorted(want.headers.items()), want.get_data())
    assert got.status_code == status and calls == by_flask


def test_the_metrics_count_a_fast_answer_under_its_route(monkeypatch):
    fast, flask = _apps(monkeypatch)
    counts = []
    for app in (fast, flask):
        client = app.test_client()
        for _ in range(3):
            assert client.post("/v1/score", json={"hand": GOOD}).status_code == 200
        text = client.get("/metrics").get_data(as_text=True)
        counts.append(re.findall(r'^\w+_requests_total\{[^}]*route="/v1/score"[^}]*\} (\S+)$', text, re.M))
    assert counts[0] == counts[1] and counts[0]


def test_a_body_the_lane_refused_is_flasks_problem_answer(monkeypatch):
    """Under the gevent worker the lane refuses a body it cannot take (overloaded, a malformed body):
    the plain answer leaves it to Flask, which answers the problem."""
    from werkzeug.test import EnvironBuilder

    fast, _ = _apps(monkeypatch)
    chain = fast.extensions["chain"]
    monkeypatch.setattr(chain.lane, "shed", lambda reserved: chain.lane.overloaded())
    environ = EnvironBuilder(path="/v1/score", method="POST", data=json.dumps({"hand": GOOD}),
                             content_type="application/json").get_environ()
    got: list[Any] = []
    body = b"".join(chain(environ, lambda status, headers, exc=None: got.append(status)))
    assert got == ["503 SERVICE UNAVAILABLE"] and json.loads(body)["type"].endswith("overloaded")


@pytest.mark.parametrize("length", ["²", "-1", "0", " 12", "99999999999999999999"])
def test_a_content_length_it_cannot_read_is_left_to_flask(monkeypatch, length):
    from werkzeug.test import EnvironBuilder

    fast, _ = _apps(monkeypatch)
    calls = _flask_calls(fast)
    environ = EnvironBuilder(path="/v1/score", method="POST", data=json.dumps({"hand": GOOD}),
                             content_type="application/json").get_environ()
    environ["CONTENT_LENGTH"] = length
    got: list[str] = []
    b"".join(fast.extensions["chain"](environ, lambda status, headers, exc=None: got.append(status)))
    assert calls == ["/v1/score"] and got and not got[0].startswith("5")


def _counting(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many times a body is parsed (``jsonbody.loads``) and scored (``score_one``), wherever."""
    from scorer.wire import jsonbody
    from service import views

    counts = {"parsed": 0, "scored": 0}
    loads, score_one = jsonbody.loads, views.score_one

    def counted_loads(raw: bytes) -> Any:
        counts["parsed"] += 1
        return loads(raw)

    def counted_score(body: dict[str, Any]) -> Any:
        counts["scored"] += 1
        return score_one(body)

    monkeypatch.setattr(jsonbody, "loads", counted_loads)
    monkeypatch.setattr(views, "score_one", counted_score)
    return counts


@pytest.mark.parametrize(("body", "status", "scored"), [
    pytest.param(json.dumps({"hand": GOOD, "pad": [1234567890123456789] * 1000}).encode(), 422, 0,
                 id="unknown-field"),
    pytest.param(b'{"hand": ' + b" " * 1000, 400, 0, id="not-json"),
    pytest.param(json.dumps({"hand": "[888m1][444m2][666m3]88mWW8m"}).encode(), 422, 1, id="score-error"),
    pytest.param(json.dumps({"hand": GOOD, "explain": True}).encode(), 200, 1, id="answer-to-compress"),
])
def test_a_body_handed_to_flask_is_parsed_and_scored_once(monkeypatch, body, status, scored):
    """What the fast path hands to Flask comes with what it learnt (the JSON value, why it is not
    JSON, the score or its error): Flask neither parses nor scores it again, and answers the same."""
    fast, flask = _apps(monkeypatch, COMPRESS_MIN_SIZE=200)
    want = _answer(flask, body)
    counts = _counting(monkeypatch)
    got = _answer(fast, body)
    assert got == want and got[0] == status
    assert counts == {"parsed": 1, "scored": scored}


@pytest.mark.parametrize("where", ["app", "blueprint"])
def test_a_before_request_hook_registered_later_runs_for_a_score(monkeypatch, where):
    """The fast answer does not know the app's hooks by name: a hook registered after ``create_app``
    (on the app, or on the ``api`` blueprint's key) runs for ``/v1/score``, whose answer is unchanged."""
    from flask import request

    fast, flask = _apps(monkeypatch)
    ran: list[str] = []

    def hook() -> None:
        ran.append(request.path)

    if where == "app":
        fast.before_request(hook)
    else:
        fast.before_request_funcs.setdefault("api", []).append(hook)
    body = json.dumps({"hand": GOOD}).encode()
    assert _answer(fast, body) == _answer(flask, body)
    assert ran == ["/v1/score"]
