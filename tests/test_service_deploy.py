"""Running it for real: the Docker image's exact command, its health check, and the k8s manifests.

There is no Docker engine here, so the test reads CMD and HEALTHCHECK from the Dockerfile and runs
them as the image would (from an empty directory, the installed package's ``mcr-scorer`` on the
PATH), on 127.0.0.1 and a free port, then stops the server by its own PID with SIGTERM, as an
orchestrator does.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from tests.conftest import ROOT

DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")
MANIFESTS = sorted((ROOT / "deploy").glob("*.yaml"))


def dockerfile_exec_form(instruction: str) -> list[str]:
    """The JSON array of the last ``CMD`` (or ``HEALTHCHECK ... CMD``), line continuations joined."""
    text = DOCKERFILE.replace("\\\n", " ")
    lines = [ln.strip() for ln in text.splitlines() if ln.strip().startswith(instruction + " ")]
    assert lines, f"no {instruction} in the Dockerfile"
    array = lines[-1][lines[-1].index("CMD") + 3:].strip()
    assert array.startswith("["), f"{instruction} must be exec form (a JSON array), got {array!r}"
    return json.loads(array)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, data: bytes | None = None) -> tuple[int, dict[str, str], bytes]:
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


# --- the image -------------------------------------------------------------------------------------------
def test_dockerfile_follows_the_conventions():
    assert re.search(r"^FROM python:3\.\d+-slim", DOCKERFILE, re.M)
    user = re.findall(r"^USER (\S+)", DOCKERFILE, re.M)
    assert user and user[-1].split(":")[0] not in ("root", "0")
    cmd = dockerfile_exec_form("CMD")
    assert cmd == ["mcr-scorer", "serve"]  # the packaged settings: nothing but the wheel is needed
    assert "/healthz" in " ".join(dockerfile_exec_form("HEALTHCHECK"))
    copied = re.findall(r"^COPY (?!--from)(\S+)", DOCKERFILE, re.M)
    assert {"pyproject.toml", "scorer", "service"} <= set(copied)
    assert "gunicorn.conf.py" not in copied


@pytest.mark.slow
def test_the_image_command_serves_and_shuts_down_gracefully(tmp_path):
    cmd = dockerfile_exec_form("CMD")
    port = free_port()
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "PORT": str(port),
        "HOST": "127.0.0.1",
        "WEB_CONCURRENCY": "2",
    }
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    workdir = tmp_path / "app"  # the image's WORKDIR is empty
    workdir.mkdir()
    with (tmp_path / "stdout").open("wb") as log:
        proc = subprocess.Popen(cmd, cwd=workdir, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if get(base + "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            assert proc.poll() is None, "gunicorn exited early"
            assert time.monotonic() < deadline, "gunicorn did not come up within 30 s"
            time.sleep(0.2)

        body = json.dumps({"hand": "[222m1][444m2][666m3]88mWW8m", "context": {"discarder": "S"}}).encode()
        for _ in range(6):  # spread over both workers
            status, headers, raw = get(base + "/v1/score", body)
            assert status == 200 and json.loads(raw)["payouts"] == {"E": 36, "S": -20, "W": -8, "N": -8}
            assert headers["X-Request-ID"]
        status, headers, raw = get(base + "/v1/nothing")
        assert status == 404 and headers["Content-Type"] == "application/problem+json"
        assert get(base + "/readyz")[0] == 200

        # one /metrics view over both workers (prometheus multiprocess mode)
        metrics = get(base + "/metrics")[2].decode()
        line = next(ln for ln in metrics.splitlines()
                    if ln.startswith("http_requests_total{") and 'route="/v1/score"' in ln and 'status="200"' in ln)
        assert float(line.rsplit(" ", 1)[1]) == 6

        # the image's HEALTHCHECK, run the same way
        hc = subprocess.run(dockerfile_exec_form("HEALTHCHECK"), env=env, cwd=workdir, timeout=10)
        assert hc.returncode == 0
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            rc = proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise
    assert rc == 0
    lines = [ln for ln in (tmp_path / "stdout").read_text().splitlines() if ln.strip()]
    records = [json.loads(ln) for ln in lines]  # every line is JSON
    access = [r for r in records if r["logger"] == "gunicorn.access"]
    assert any(r["path"] == "/v1/score" and r["status"] == 200 and r["request_id"] for r in access)
    assert any("Shutting down" in r["message"] for r in records)


def test_the_spec_ships_as_package_data():
    """The app reads ``openapi.yaml`` with importlib.resources, so it must be package data of ``service``
    (checked on pyproject.toml: this machine builds no wheels offline)."""
    import fnmatch
    import tomllib

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = pyproject["tool"]["setuptools"]["package-data"]["service"]
    assert any(fnmatch.fnmatch("openapi.yaml", p) for p in patterns)
    assert "service*" in pyproject["tool"]["setuptools"]["packages"]["find"]["include"]


def packaged_settings() -> dict:
    """service/gunicorn_conf.py read afresh, as gunicorn reads it, through the checkout's shim."""
    conf: dict = {"__file__": str(ROOT / "gunicorn.conf.py")}
    exec(compile((ROOT / "gunicorn.conf.py").read_text(), "gunicorn.conf.py", "exec"), conf)
    return conf


def test_gunicorn_settings(monkeypatch):
    monkeypatch.setenv("PORT", "9123")
    monkeypatch.setenv("WEB_CONCURRENCY", "3")
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "/tmp/unused-by-this-test")
    conf = packaged_settings()
    assert conf["bind"] == "127.0.0.1:9123"  # loopback unless HOST says otherwise (the image sets 0.0.0.0)
    assert conf["workers"] == 3
    # gunicorn's gevent worker with an honest heartbeat and a quick drain (service/worker.py)
    assert conf["worker_class"] == "service.worker.Worker" and "threads" not in conf
    assert conf["timeout"] > 0 and conf["graceful_timeout"] > 0
    assert conf["accesslog"] == "-"
    monkeypatch.delenv("WEB_CONCURRENCY")
    conf = packaged_settings()
    assert 1 <= conf["workers"] <= (os.cpu_count() or 1)


# --- Kubernetes -----------------------------------------------------------------------------------------
def resources() -> list[dict]:
    return [doc for path in MANIFESTS for doc in yaml.safe_load_all(path.read_text()) if doc]


@pytest.mark.parametrize("path", MANIFESTS, ids=[p.name for p in MANIFESTS])
def test_manifest_is_valid_kubernetes(path):
    for doc in yaml.safe_load_all(path.read_text()):
        if doc:
            kubernetes_validate.validate(doc, kubernetes_validate.latest_version(), strict=True)


def test_the_pod_runs_the_image_command():
    dep = next(r for r in resources() if r["kind"] == "Deployment")
    [c] = dep["spec"]["template"]["spec"]["containers"]
    assert c["command"] == dockerfile_exec_form("CMD") == ["mcr-scorer", "serve"]


def test_the_checkout_shim_reads_the_packaged_settings(monkeypatch):
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "/tmp/unused-by-this-test")
    packaged: dict = {}
    path = ROOT / "service" / "gunicorn_conf.py"
    exec(compile(path.read_text(), str(path), "exec"), packaged)
    shim = packaged_settings()
    names = [k for k in packaged if not k.startswith("_")]
    assert names and all(shim[k] == packaged[k] or callable(packaged[k]) for k in names)


def test_manifests_fit_together():
    by_kind = {r["kind"]: r for r in resources()}
    assert {"Deployment", "Service", "HorizontalPodAutoscaler"} <= set(by_kind)
    dep, svc, hpa = by_kind["Deployment"], by_kind["Service"], by_kind["HorizontalPodAutoscaler"]
    labels = dep["spec"]["template"]["metadata"]["labels"]
    assert all(labels.get(k) == v for k, v in svc["spec"]["selector"].items())
    assert hpa["spec"]["scaleTargetRef"]["name"] == dep["metadata"]["name"]
    [c] = dep["spec"]["template"]["spec"]["containers"]
    assert c["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert c["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert c["resources"]["requests"]["cpu"] and c["resources"]["requests"]["memory"]
    port = c["ports"][0]["containerPort"]
    assert {"name": "PORT", "value": str(port)} in c["env"]
    assert dep["spec"]["template"]["spec"]["securityContext"]["runAsNonRoot"] is True


def test_the_pod_drains_before_it_stops(monkeypatch):
    """Termination: the endpoint is removed while preStop sleeps (traffic stops reaching the pod),
    then SIGTERM lets gunicorn finish requests in flight within its graceful timeout, all inside
    the grace period, so a rolling update or a node drain loses no request."""
    dep = next(r for r in resources() if r["kind"] == "Deployment")
    pod = dep["spec"]["template"]["spec"]
    [c] = pod["containers"]
    sleep = c["lifecycle"]["preStop"]["sleep"]["seconds"]
    env = {e["name"]: e.get("value") for e in c["env"]}
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "/tmp/unused-by-this-test")  # or the config makes one
    conf = packaged_settings()
    graceful = int(env.get("GUNICORN_GRACEFUL_TIMEOUT") or conf["graceful_timeout"])
    assert sleep >= 5, "endpoint removal needs a few seconds to reach every proxy"
    # a pod that stops being ready is taken out of the Service by the readiness probe anyway
    probe = c["readinessProbe"]
    assert sleep >= probe["periodSeconds"]
    assert sleep + graceful + 5 <= pod["terminationGracePeriodSeconds"]
    assert dep["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0
