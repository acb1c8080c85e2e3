"""Health, readiness, metrics, request ids, JSON logs, API keys, configuration."""

from __future__ import annotations

import io
import json
import logging
import os
import re
import subprocess
import sys
import time
import uuid

import pytest

import scorer
from scorer.wire.problems import TYPE_BASE
from service import create_app
from service.log import GunicornLogger, JsonFormatter
from testkit import ROOT

GOOD = "[222m1][444m2][666m3]88mWW8m"
TRACE = "4bf92f3577b34da6a3ce929d0e0e4736"  # W3C Trace Context's own example ids
SPAN = "00f067aa0ba902b7"


def test_healthz(client):
    resp = client.get("/healthz")
    assert (resp.status_code, resp.get_json()) == (200, {"status": "ok"})


def test_readyz(client):
    resp = client.get("/readyz")
    assert (resp.status_code, resp.get_json()) == (200, {"status": "ready", "compiled": scorer.COMPILED})


def test_metrics_say_which_build_serves(client):
    text = client.get("/metrics").get_data(as_text=True)
    flavour = "true" if scorer.COMPILED else "false"
    assert f'scorer_build_info{{compiled="{flavour}"}} 1.0' in text


def test_readyz_is_503_when_the_scorer_fails(client, monkeypatch):
    monkeypatch.setattr(scorer, "score", lambda *a, **k: 1 / 0)
    resp = client.get("/readyz")
    assert resp.status_code == 503
    assert resp.get_json()["type"] == TYPE_BASE + "not-ready"


def test_head_works_on_get_endpoints(client):
    assert client.head("/healthz").status_code == 200


# --- metrics -----------------------------------------------------------------------------------------
def _sample(text: str, name: str, **labels: str) -> float:
    for line in text.splitlines():
        if line.startswith(name + "{") or line.startswith(name + " "):
            got = dict(re.findall(r'(\w+)="([^"]*)"', line.split("}")[0]))
            if all(got.get(k) == v for k, v in labels.items()):
                return float(line.rsplit(" ", 1)[1])
    raise KeyError((name, labels))


def test_metrics_count_requests_by_route_and_status(client):
    client.post("/v1/score", json={"hand": GOOD})
    client.post("/v1/score", json={"hand": GOOD})
    client.post("/v1/score", json={"hand": "nonsense"})
    client.get("/nowhere")
    resp = client.get("/metrics")
    assert resp.status_code == 200
    assert resp.mimetype == "text/plain"
    text = resp.get_data(as_text=True)
    assert _sample(text, "http_requests_total", route="/v1/score", method="POST", status="200") == 2
    assert _sample(text, "http_requests_total", route="/v1/score", method="POST", status="422") == 1
    assert _sample(text, "http_requests_total", route="unmatched", method="GET", status="404") == 1
    assert _sample(text, "http_request_duration_seconds_count", route="/v1/score") == 3
    assert _sample(text, "http_request_duration_seconds_bucket", route="/v1/score", le="+Inf") == 3


@pytest.mark.parametrize(("method", "path", "status", "route"), [
    pytest.param("HEAD", "/v1/score", 405, "/v1/score", id="head-on-a-post-route"),
    pytest.param("GET", "/v1/score/batch", 405, "/v1/score/batch", id="get-on-a-post-route"),
    pytest.param("DELETE", "/v1/mcr/settle", 405, "/v1/<ruleset>/settle", id="delete-on-a-template"),
    pytest.param("POST", "//v1/score", 404, "unmatched", id="empty-segment"),
    pytest.param("GET", "//v1/fans", 404, "unmatched", id="empty-segment-get"),
])
def test_a_request_is_counted_under_the_route_its_path_names(app, method, path, status, route):
    """A 405 is an answer of the route its path names (counted there, not as unmatched); a path the
    edge refuses as written (an empty segment) names no route, though werkzeug matches it without
    the segment."""
    client = app.test_client()  # unchecked: a HEAD's 405 has no body to check against the spec
    # the path as sent (the test client would read "//v1" as a host)
    assert client.open("/", method=method, json={"hand": GOOD}, environ_overrides={"PATH_INFO": path}).status_code \
        == status
    text = client.get("/metrics").get_data(as_text=True)
    assert _sample(text, "http_requests_total", route=route, method=method, status=str(status)) == 1


def test_metrics_expose_the_scorer_cache(client):
    scorer.clear_caches()
    client.post("/v1/score", json={"hand": GOOD})
    client.post("/v1/score", json={"hand": GOOD})
    text = client.get("/metrics").get_data(as_text=True)
    info = scorer.api.cache_info()
    for cache in info:
        assert _sample(text, "scorer_cache_hits_total", cache=cache) == info[cache]["hits"]
        assert _sample(text, "scorer_cache_misses_total", cache=cache) == info[cache]["misses"]
    assert set(info) == {"result", "decomposition"}  # both exposed, though off by default (scorer/caches.py)


def test_cache_counters_are_counters_that_never_go_down(client, monkeypatch):
    counts = {"result": {"hits": 5, "misses": 2, "size": 2}, "decomposition": {"hits": 0, "misses": 1, "size": 1}}
    monkeypatch.setattr("service.metrics.cache_info", lambda: counts)
    text = client.get("/metrics").get_data(as_text=True)
    assert "# TYPE scorer_cache_hits_total counter" in text and "# TYPE scorer_cache_misses_total counter" in text
    assert _sample(text, "scorer_cache_hits_total", cache="result") == 5
    counts["result"] = {"hits": 7, "misses": 2, "size": 2}  # grew by 2
    assert _sample(client.get("/metrics").get_data(as_text=True), "scorer_cache_hits_total", cache="result") == 7
    counts["result"] = {"hits": 1, "misses": 0, "size": 0}  # the cache was cleared, then hit once
    text = client.get("/metrics").get_data(as_text=True)
    assert _sample(text, "scorer_cache_hits_total", cache="result") == 8
    assert _sample(text, "scorer_cache_misses_total", cache="result") == 2
    assert _sample(text, "scorer_cache_size", cache="result") == 0  # a gauge: what is held now


def test_process_metrics_cover_the_master_and_each_worker():
    """In multiprocess mode the scraped worker reports the master (its parent) and all its workers."""
    from prometheus_client import CollectorRegistry, generate_latest

    from service.metrics import GunicornProcesses

    # Each child says it has started before it is read: a process caught between exec and its first
    # page faults can read 0 resident bytes (Linux counts them per CPU and folds them in batches).
    kids = [subprocess.Popen([sys.executable, "-c", "import time; print(flush=True); time.sleep(30)"],
                             stdout=subprocess.PIPE) for _ in range(2)]
    try:
        for k in kids:
            assert k.stdout is not None and k.stdout.readline() == b"\n"
        registry = CollectorRegistry()
        registry.register(GunicornProcesses(master=os.getpid()))
        text = generate_latest(registry).decode()
    finally:
        for k in kids:
            k.kill()
            k.wait()
            if k.stdout is not None:
                k.stdout.close()
    assert "# TYPE process_cpu_seconds_total counter" in text
    for pid, role in [(os.getpid(), "master"), *((k.pid, "worker") for k in kids)]:
        assert _sample(text, "process_resident_memory_bytes", pid=str(pid), role=role) > 0
        assert _sample(text, "process_cpu_seconds_total", pid=str(pid), role=role) >= 0
        assert _sample(text, "process_open_fds", pid=str(pid), role=role) >= 3
        started = _sample(text, "process_start_time_seconds", pid=str(pid), role=role)
        assert time.time() - 86400 * 365 < started <= time.time() + 1


def test_two_apps_do_not_share_or_clash_on_metrics(client):
    client.get("/healthz")
    other = create_app().test_client()
    text = other.get("/metrics").get_data(as_text=True)
    with pytest.raises(KeyError):
        _sample(text, "http_requests_total", route="/healthz")


def test_unknown_methods_do_not_grow_label_values(client):
    client.open("/healthz", method="FOOBAR")
    text = client.get("/metrics").get_data(as_text=True)
    assert "FOOBAR" not in text
    assert _sample(text, "http_requests_total", method="other", status="405") == 1


# --- request ids and logs -------------------------------------------------------------------------------
def test_request_id_is_generated_and_echoed(client):
    a, b = client.get("/healthz"), client.get("/healthz")
    assert re.fullmatch(r"[0-9a-f]{32}", a.headers["X-Request-ID"])
    assert a.headers["X-Request-ID"] != b.headers["X-Request-ID"]
    made = uuid.UUID(hex=a.headers["X-Request-ID"])  # a random UUID, as uuid.uuid4().hex gives
    assert made.version == 4 and made.variant == uuid.RFC_4122


@pytest.mark.parametrize("rid", ["abc-123", "req_1.2:3@x/y=z+", "a" * 128])
def test_sane_request_id_is_honoured(client, rid):
    assert client.get("/healthz", headers={"X-Request-ID": rid}).headers["X-Request-ID"] == rid


@pytest.mark.parametrize("rid", ["", "a" * 129, "has space", "quote\"", "<script>", "é"])
def test_odd_request_id_is_replaced(client, rid):
    got = client.get("/healthz", headers={"X-Request-ID": rid}).headers["X-Request-ID"]
    assert got != rid and re.fullmatch(r"[0-9a-f]{32}", got)


def test_request_id_is_on_error_responses_too(client):
    for resp in (client.get("/nope", headers={"X-Request-ID": "r1"}),
                 client.post("/v1/score", data="{", content_type="application/json", headers={"X-Request-ID": "r1"})):
        assert resp.headers["X-Request-ID"] == "r1"


def test_app_logs_are_json_lines_with_the_request_id(client, monkeypatch, capsys):
    monkeypatch.setattr(scorer, "score", lambda *a, **k: 1 / 0)
    client.post("/v1/score", json={"hand": GOOD}, headers={"X-Request-ID": "log-me"})
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines() if x.startswith("{")]
    [rec] = [r for r in lines if r["level"] == "ERROR"]
    assert rec["request_id"] == "log-me"
    assert rec["logger"] == "service"
    assert "ZeroDivisionError" in rec["exc"]  # the trace goes to the log, never to the client


def test_gunicorn_access_log_is_json_with_the_request_id():
    from gunicorn.config import Config

    cfg = Config()
    cfg.set("accesslog", "-")
    logger = GunicornLogger(cfg)
    stream = io.StringIO()
    for h in logger.access_log.handlers:
        h.setStream(stream)

    class Resp:
        status = "200 OK"
        headers = [("Content-Type", "application/json"), ("X-Request-ID", "rid-7")]
        sent = 42

    import datetime

    logger.access(Resp(), None, {"REQUEST_METHOD": "POST", "RAW_URI": "/v1/score", "PATH_INFO": "/v1/score",
                                 "REMOTE_ADDR": "10.0.0.1", "SERVER_PROTOCOL": "HTTP/1.1"},
                  datetime.timedelta(milliseconds=3))
    rec = json.loads(stream.getvalue())
    assert rec["request_id"] == "rid-7" and rec["status"] == 200 and rec["path"] == "/v1/score"
    assert rec["duration_ms"] == 3.0 and rec["logger"] == "gunicorn.access"
    assert "problem" not in rec and "trace_id" not in rec

    # an error answer: its problem type (left in the environ by the app) and the caller's trace
    from service.log import PROBLEM_KEY

    class Refused(Resp):
        status = "422 UNPROCESSABLE ENTITY"

    stream.seek(0)
    stream.truncate()
    logger.access(Refused(), None, {"REQUEST_METHOD": "POST", "RAW_URI": "/v1/score", "PATH_INFO": "/v1/score",
                                    "REMOTE_ADDR": "10.0.0.1", "SERVER_PROTOCOL": "HTTP/1.1",
                                    "HTTP_TRACEPARENT": f"00-{TRACE}-{SPAN}-01",
                                    PROBLEM_KEY: TYPE_BASE + "validation-error"},
                  datetime.timedelta(milliseconds=3))
    rec = json.loads(stream.getvalue())
    assert rec["status"] == 422 and rec["problem"] == TYPE_BASE + "validation-error"
    assert (rec["trace_id"], rec["span_id"]) == (TRACE, SPAN)


@pytest.mark.parametrize(("header", "want"), [
    (f"00-{TRACE}-{SPAN}-01", {"trace_id": TRACE, "span_id": SPAN}),
    (f"00-{TRACE.upper()}-{SPAN}-00", {"trace_id": TRACE, "span_id": SPAN}),
    (f"01-{TRACE}-{SPAN}-01-later-version-field", {"trace_id": TRACE, "span_id": SPAN}),  # read as 00
    (f"00-{TRACE}-{SPAN}-01-extra", {}),     # version 00 has exactly four fields
    (f"ff-{TRACE}-{SPAN}-01", {}),           # version ff is invalid
    (f"00-{'0' * 32}-{SPAN}-01", {}),        # all-zero trace id
    (f"00-{TRACE}-{'0' * 16}-01", {}),       # all-zero parent id
    (f"00-{TRACE[:-1]}-{SPAN}-01", {}),
    ("garbage", {}),
    (None, {}),
])
def test_traceparent_is_read_as_w3c_trace_context_says(header, want):
    from service.log import trace_context

    assert trace_context(header) == want


def test_app_log_lines_carry_the_callers_trace(client, monkeypatch, capsys):
    monkeypatch.setattr(scorer, "score", lambda *a, **k: 1 / 0)
    client.post("/v1/score", json={"hand": GOOD}, headers={"traceparent": f"00-{TRACE}-{SPAN}-01"})
    [rec] = [json.loads(x) for x in capsys.readouterr().out.splitlines() if x.startswith("{") and "ERROR" in x]
    assert (rec["trace_id"], rec["span_id"]) == (TRACE, SPAN)


@pytest.mark.parametrize(("method", "path", "body", "code"), [
    ("POST", "/v1/score", {"hand": GOOD, "unknown": 1}, "validation-error"),
    ("POST", "/v1/score", {"hand": "nonsense"}, "bad-notation"),  # a scorer error: its own code
    ("GET", "/nowhere", None, "not-found"),
    ("DELETE", "/v1/score", None, "method-not-allowed"),
])
def test_an_error_answer_leaves_its_problem_type_for_the_access_log(method, path, body, code):
    from service.log import PROBLEM_KEY

    app = create_app()
    seen: list[dict] = []
    inner = app.wsgi_app

    def keep_environ(environ, start_response):  # the environ gunicorn's access log is given
        seen.append(environ)
        return inner(environ, start_response)

    app.wsgi_app = keep_environ  # type: ignore[method-assign]
    resp = app.test_client().open(path, method=method, json=body)
    assert resp.status_code >= 400
    assert seen[0][PROBLEM_KEY] == resp.get_json()["type"]
    if code:
        assert resp.get_json()["type"] == TYPE_BASE + code


def test_json_formatter_outside_a_request():
    rec = logging.LogRecord("x", logging.INFO, __file__, 1, "hello %s", ("world",), None)
    out = json.loads(JsonFormatter().format(rec))
    assert out["message"] == "hello world" and "request_id" not in out


# --- API keys ---------------------------------------------------------------------------------------------
@pytest.fixture
def keyed(make_client):
    return make_client(SCORER_API_KEYS="k1, k2-long-secret")


@pytest.mark.parametrize("auth", [None, "", "Bearer", "Bearer ", "Bearer wrong", "Basic k1", "k1", "Bearer k1x",
                                  "Bearer ké"])
def test_api_keys_required_on_v1(keyed, auth):
    headers = {"Authorization": auth} if auth is not None else {}
    for resp in (keyed.post("/v1/score", json={"hand": GOOD}, headers=headers),
                 keyed.post("/v1/score/batch", json={"requests": [{"hand": GOOD}]}, headers=headers),
                 keyed.get("/v1/fans", headers=headers)):
        assert resp.status_code == 401
        assert resp.get_json()["type"] == TYPE_BASE + "unauthorized"
        assert resp.headers["WWW-Authenticate"].startswith("Bearer")


@pytest.mark.parametrize("auth", ["Bearer k1", "bearer k2-long-secret", "Bearer  k1 "])
def test_valid_api_key_passes(keyed, auth):
    assert keyed.post("/v1/score", json={"hand": GOOD}, headers={"Authorization": auth}).status_code == 200
    assert keyed.get("/v1/fans", headers={"Authorization": auth}).status_code == 200


@pytest.mark.parametrize("path", ["/healthz", "/readyz", "/metrics", "/openapi.yaml"])
def test_operations_stay_open_with_api_keys(keyed, path):
    assert keyed.get(path).status_code == 200


def test_no_keys_no_auth(make_client):
    client = make_client(SCORER_API_KEYS=" , ")
    assert client.post("/v1/score", json={"hand": GOOD}).status_code == 200


def test_the_realm_is_the_products_name(keyed):
    assert keyed.get("/v1/fans").headers["WWW-Authenticate"] == 'Bearer realm="mahjong-scorer"'


def test_the_service_names_nothing_after_the_projects_first_name():
    """Environ keys, temporary directories, the auth realm: the product's names (``scorer.``,
    ``mahjong-scorer``), not the ``mcr`` of the project's first days."""
    found = [f"{path.name}:{n}: {line.strip()}" for path in sorted((ROOT / "service").glob("*.py"))
             for n, line in enumerate(path.read_text().splitlines(), 1) if re.search(r"\bmcr[.-]", line)]
    assert found == []


def test_auth_is_checked_before_the_body(keyed):
    resp = keyed.post("/v1/score", data="{", content_type="application/json")
    assert resp.status_code == 401


# --- the factory -----------------------------------------------------------------------------------------
def test_nothing_happens_at_import():
    """Importing the package builds no app, registers no metric and loads no scorer."""
    code = ("import sys, service; "
            "assert not [m for m in ('service.views', 'prometheus_client', 'scorer') if m in sys.modules]; "
            "assert not hasattr(service, 'app')")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=60)


def test_flask_cli_finds_the_factory():
    from flask.cli import ScriptInfo

    app = ScriptInfo(app_import_path="service").load_app()
    assert app.name == "service"


def test_json_response_survives_what_orjson_refuses():
    from service.responses import json_response

    resp = json_response({"detail": "lone \ud800 surrogate", "n": 2**70})
    assert json.loads(resp.get_data()) == {"detail": "lone \ud800 surrogate", "n": 2**70}
