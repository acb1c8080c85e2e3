"""The chain (``service/chain.py``): each step once, in order, for both handlers; where the key is
asked; Flask's hooks honoured on the route answered without Flask; one record per request."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask, Response

from service import create_app

GOOD = "[222m1][444m2][666m3]88mWW8m"


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Flask:
    for var in ("SCORER_API_KEYS", "MAX_CONTENT_LENGTH", "LOG_LEVEL", "SCORER_CORS_ORIGINS"):
        monkeypatch.delenv(var, raising=False)
    return create_app({"TESTING": True, "API_KEYS": (b"k1",)})


def _flask_calls(app: Flask) -> list[str]:
    chain = app.extensions["chain"]
    inner, calls = chain.flask, []

    def counted(environ: dict[str, Any], start_response: Any) -> Any:
        calls.append(environ["PATH_INFO"])
        return inner(environ, start_response)

    chain.flask = counted
    return calls


# --- the key is asked of matched routes only ---------------------------------------------------------
@pytest.mark.parametrize(("method", "path", "status"), [
    pytest.param("POST", "/v1/nothing", 404, id="unknown-v1-path"),
    pytest.param("GET", "/v1/nothing/at/all", 404, id="unknown-v1-path-get"),
    pytest.param("GET", "/v1/score", 405, id="known-path-wrong-method"),
    pytest.param("PUT", "/v1/fans", 405, id="known-get-path-put"),
    pytest.param("POST", "/v1/score", 401, id="matched-route"),
    pytest.param("GET", "/v1/fans", 401, id="matched-get-route"),
])
def test_without_a_key_an_unknown_path_is_404_and_a_wrong_method_405(app, method, path, status):
    """A key is asked of a route that exists: a path that names none is a 404, a method the path does
    not take a 405, key or no key (an unknown path answering 401 would hide that it is unknown)."""
    resp = app.test_client().open(path, method=method, json={"hand": GOOD} if method != "GET" else None)
    assert resp.status_code == status
    assert ("WWW-Authenticate" in resp.headers) is (status == 401)


def test_a_preflight_needs_no_key(app):
    assert app.test_client().options("/v1/score").status_code == 204


@pytest.mark.parametrize(("headers", "status"), [
    pytest.param({"Content-Type": "text/plain"}, 401, id="key-before-media-type"),
    pytest.param({"Content-Type": "application/json"}, 401, id="key-before-limit"),
    pytest.param({"Content-Type": "application/json", "Authorization": "Bearer k1"}, 413, id="limit-after-key"),
])
def test_the_key_comes_before_the_body(app, headers, status):
    resp = app.test_client().post("/v1/score", data=b" " * (2 * 1024 * 1024), headers=headers)
    assert resp.status_code == status


def test_the_edge_comes_before_the_route_and_the_key(app):
    resp = app.test_client().post("//v1/score", json={"hand": GOOD})
    assert resp.status_code == 404 and resp.get_json()["type"].endswith("not-found")


# --- Flask's hooks on the route answered without Flask ---------------------------------------------------
@pytest.mark.parametrize("kind", ["before_app", "before_blueprint", "after_app", "after_blueprint", "teardown",
                                  "url_value_preprocessor"])
def test_a_hook_registered_after_create_app_runs_for_a_score(app, kind):
    """The plain answer knows no hook by name: any hook Flask would run for ``/v1/score`` that does not
    say what it does to a plain answer sends the route to Flask, where it runs."""
    ran: list[str] = []
    calls = _flask_calls(app)

    def hook(*args: Any) -> Any:
        ran.append(kind)
        return args[0] if kind.startswith("after") else None

    key = "api" if kind.endswith("blueprint") else None
    target = {"before_app": app.before_request_funcs, "before_blueprint": app.before_request_funcs,
              "after_app": app.after_request_funcs, "after_blueprint": app.after_request_funcs,
              "teardown": app.teardown_request_funcs, "url_value_preprocessor": app.url_value_preprocessors}[kind]
    target.setdefault(key, []).append(hook)
    resp = app.test_client().post("/v1/score", json={"hand": GOOD}, headers={"Authorization": "Bearer k1"})
    assert resp.status_code == 200 and resp.get_json()["winning"] is True
    assert ran == [kind] and calls == ["/v1/score"]


def test_a_hook_that_says_what_it_does_without_flask_keeps_the_plain_answer(app):
    from service.chain import without_flask

    calls = _flask_calls(app)

    def stamp(resp: Response) -> Response:
        resp.headers["X-Stamp"] = "1"
        return resp

    def stamp_plain(headers: list[tuple[str, str]], body: bytes) -> bool:
        headers.append(("X-Stamp", "1"))
        return True

    without_flask(stamp, stamp_plain)
    app.after_request(stamp)
    client = app.test_client()
    plain = client.post("/v1/score", json={"hand": GOOD}, headers={"Authorization": "Bearer k1"})
    batch = client.post("/v1/score/batch", json={"requests": [{"hand": GOOD}]}, headers={"Authorization": "Bearer k1"})
    assert plain.headers["X-Stamp"] == batch.headers["X-Stamp"] == "1"
    assert calls == ["/v1/score/batch"]  # the score answered without Flask, the batch by Flask


def test_a_request_signal_sends_the_route_to_flask(app):
    from flask import request_started

    calls, seen = _flask_calls(app), []

    def started(sender: Any, **extra: Any) -> None:
        seen.append(1)

    request_started.connect(started, app)
    try:
        app.test_client().post("/v1/score", json={"hand": GOOD}, headers={"Authorization": "Bearer k1"})
    finally:
        request_started.disconnect(started, app)
    assert seen == [1] and calls == ["/v1/score"]


# --- one record, read once --------------------------------------------------------------------------------
def test_a_body_is_read_once_whoever_answers(app, monkeypatch):
    """The chain reads the body; neither handler reads ``wsgi.input`` again."""
    from werkzeug.test import EnvironBuilder

    reads: list[int] = []
    environ = EnvironBuilder(path="/v1/score/batch", method="POST", data=json.dumps({"requests": [{"hand": GOOD}]}),
                             content_type="application/json", headers={"Authorization": "Bearer k1"}).get_environ()
    stream = environ["wsgi.input"]

    class Counted:
        def read(self, *args: Any) -> bytes:
            reads.append(1)
            return bytes(stream.read(*args))

    environ["wsgi.input"] = Counted()
    got: list[str] = []
    body = b"".join(app.extensions["chain"](environ, lambda status, headers, exc=None: got.append(status)))
    assert got == ["200 OK"] and json.loads(body)["results"][0]["winning"] is True
    assert reads == [1]


def test_the_request_id_and_the_route_come_from_one_record(app):
    client = app.test_client()
    resp = client.post("/v1/score", json={"hand": GOOD}, headers={"Authorization": "Bearer k1",
                                                                 "X-Request-ID": "chain-1"})
    assert resp.headers["X-Request-ID"] == "chain-1"
    text = client.get("/metrics").get_data(as_text=True)
    assert 'http_requests_total{method="POST",route="/v1/score",status="200"} 1.0' in text


# --- the worker asks the same steps before inviting a body ------------------------------------------------
@pytest.mark.parametrize(("path", "refused"), [
    pytest.param("/v1/score", False, id="score"),
    pytest.param("/v1/mcr/settle", False, id="a-route-with-an-argument"),
    pytest.param("/v1/%zz", True, id="a-path-that-names-no-route"),
    pytest.param("//v1/score", True, id="an-empty-segment"),
    pytest.param("/healthz", True, id="a-route-that-takes-no-post"),
])
def test_the_workers_head_check_is_the_chains(monkeypatch, path, refused):
    """``Expect: 100-continue``: the worker asks the chain's own steps of the head alone (no body is
    invited for a request answered unread), and a path no route takes is refused, never a 500."""
    from service.worker import head_environ

    for var in ("SCORER_API_KEYS", "MAX_CONTENT_LENGTH", "SCORER_CORS_ORIGINS"):
        monkeypatch.delenv(var, raising=False)
    app = create_app({"TESTING": True})

    class Req:  # what gunicorn's parser gives the pre_request hook
        method, query, version, scheme = "POST", "", (1, 1), "http"
        headers = [("HOST", "t"), ("CONTENT-TYPE", "application/json"), ("TRANSFER-ENCODING", "chunked"),
                   ("EXPECT", "100-continue")]

    Req.path = path  # type: ignore[attr-defined]
    assert app.extensions["chain"].refuses_head(head_environ(Req())) is refused
