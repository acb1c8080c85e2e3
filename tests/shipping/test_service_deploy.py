"""Running it for real: the Docker image's exact command, its health check, and the k8s manifests.

There is no Docker engine here, so the test reads CMD and HEALTHCHECK from the Dockerfile and runs
them as the image would (from an empty directory, the installed package's ``mahjong-scorer`` on the
PATH), on 127.0.0.1 and a free port, then stops the server by its own PID with SIGTERM, as an
orchestrator does.
"""

from __future__ import annotations

import json
import os
import re
import shutil
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

from testkit import ROOT

DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")
DEPLOY = ROOT / "deploy"


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
    # the runtime base is a build argument whose default is the official slim image (CI passes a
    # stand-in built from Debian's packages: deploy/ci_image.sh builds and runs the image for real)
    assert re.search(r"^ARG BASE=python:3\.\d+-slim-bookworm$", DOCKERFILE, re.M)
    assert re.findall(r"^FROM (\S+)", DOCKERFILE, re.M)[-1] == "${BASE}"
    user = re.findall(r"^USER (\S+)", DOCKERFILE, re.M)
    assert user and user[-1].split(":")[0] not in ("root", "0")
    cmd = dockerfile_exec_form("CMD")
    assert cmd == ["mahjong-scorer", "serve"]  # the packaged settings: nothing but the wheel is needed
    assert dockerfile_exec_form("HEALTHCHECK") == ["mahjong-scorer", "healthcheck"]  # the address serve binds
    copied = [src for line in re.findall(r"^COPY (?!--from)(.+)$", DOCKERFILE, re.M) for src in line.split()[:-1]]
    assert {"pyproject.toml", "LICENSE", "scorer", "service"} <= set(copied)  # LICENSE: the wheel carries it
    assert "gunicorn.conf.py" not in copied
    # the wheels reach the runtime stage only through a bind mount for the step that installs them:
    # a COPY --from=build would keep them in a layer of the image though the next step deletes them
    assert "COPY --from" not in DOCKERFILE
    assert re.search(r"^RUN --mount=type=bind,from=build,source=/wheels,target=/wheels", DOCKERFILE, re.M)


def dockerignore_regex(pattern: str) -> re.Pattern[str]:
    """A .dockerignore pattern as Docker reads it: anchored at the context's root, ``*`` and ``?``
    within one path element, ``**`` across elements."""
    out = ""
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        else:
            out += {"*": "[^/]*", "?": "[^/]"}.get(pattern[i], re.escape(pattern[i]))
            i += 1
    return re.compile(out)


def dockerignored(path: str) -> bool:
    """Whether .dockerignore keeps ``path`` out of the build context: a pattern that matches the path
    or a directory above it excludes it; the last matching pattern wins (``!`` takes back)."""
    parts = path.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    ignored = False
    for line in (ROOT / ".dockerignore").read_text().splitlines():
        pattern = line.strip()
        if not pattern or pattern.startswith("#"):
            continue
        negate = pattern.startswith("!")
        regex = dockerignore_regex(pattern.lstrip("!").strip("/"))
        if any(regex.fullmatch(p) for p in prefixes):
            ignored = not negate
    return ignored


@pytest.mark.parametrize("path", [".venv/bin/python", ".venv-serve/lib/x.py", ".git/HEAD",
                                  "scorer/__pycache__/hand.cpython-311.pyc", "tests/cli/test_cli.py",
                                  "testkit/oracle.py"])
def test_the_build_context_leaves_out(path):
    assert dockerignored(path)


@pytest.mark.parametrize("path", ["pyproject.toml", "setup.py", "scorer/hand.py", "scorer/waits/tables.bin",
                                  "service/openapi.yaml", "service/static/index.html"])
def test_the_build_context_keeps_what_the_dockerfile_copies(path):
    assert not dockerignored(path)


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
        traced = urllib.request.Request(base + "/v1/score", data=b'{"hand": "nonsense"}', headers={
            "Content-Type": "application/json", "traceparent": f"00-{'ab' * 16}-{'cd' * 8}-01"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(traced, timeout=5)
        assert refused.value.code == 422
        refused_type = json.loads(refused.value.read())["type"]
        assert get(base + "/readyz")[0] == 200

        # one /metrics view over both workers (prometheus multiprocess mode)
        metrics = get(base + "/metrics")[2].decode()
        line = next(ln for ln in metrics.splitlines()
                    if ln.startswith("http_requests_total{") and 'route="/v1/score"' in ln and 'status="200"' in ln)
        assert float(line.rsplit(" ", 1)[1]) == 6
        # process metrics for the master and both workers, whichever worker answers the scrape
        roles = sorted(re.search(r'role="(\w+)"', ln).group(1) for ln in metrics.splitlines()
                       if ln.startswith("process_resident_memory_bytes{"))
        assert roles == ["master", "worker", "worker"], roles

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
    # a 4xx access line says which problem; a traceparent puts the caller's trace on the line
    assert any(r["path"] == "/v1/nothing" and r["status"] == 404
               and r["problem"] == "/problems/not-found" for r in access)
    [traced_line] = [r for r in access if r["status"] == 422]
    assert traced_line["problem"] == refused_type
    assert (traced_line["trace_id"], traced_line["span_id"]) == ("ab" * 16, "cd" * 8)
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
    """service/gunicorn_conf.py run afresh (the environment as it is now), as gunicorn loads it."""
    import runpy

    return runpy.run_module("service.gunicorn_conf")


def test_the_gunicorn_configuration_is_one_module():
    """No settings file at the checkout's root for gunicorn to pick up beside the packaged one, and
    the packaged one reads nothing in at run time: what gunicorn is given is what the module says."""
    assert not (ROOT / "gunicorn.conf.py").exists()
    source = (ROOT / "service" / "gunicorn_conf.py").read_text()
    assert "exec(" not in source and "compile(" not in source and "import_module" not in source


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
# What is applied is deploy/ as its kustomization renders it (`kubectl apply -k deploy/`), rendered here
# by kubectl's own kustomize, and validated with kubernetes-validate --strict (unknown fields rejected)
# for every Kubernetes version the manual (docs/serving.md) supports.
MIN_KUBERNETES = (1, 30)  # the manual's minimum: lifecycle.preStop.sleep (beta, on by default, from 1.30)
KUSTOMIZATION = yaml.safe_load((DEPLOY / "kustomization.yaml").read_text())


def supported_versions() -> list[str]:
    latest = kubernetes_validate.latest_version()
    major, newest = (int(x) for x in latest.split(".")[:2])
    return [f"{major}.{minor}.0" for minor in range(MIN_KUBERNETES[1], newest + 1)]


def rendered() -> list[dict]:
    kubectl = shutil.which("kubectl")
    assert kubectl, "kubectl (its built-in kustomize) renders deploy/: install it"
    out = subprocess.run([kubectl, "kustomize", str(DEPLOY)], capture_output=True, text=True, timeout=60, check=True)
    return [doc for doc in yaml.safe_load_all(out.stdout) if doc]


RENDERED = rendered()


def resources() -> list[dict]:
    return RENDERED


def one(kind: str) -> dict:
    [r] = [r for r in RENDERED if r["kind"] == kind]
    return r


def test_every_manifest_is_in_the_kustomization():
    files = {p.name for p in DEPLOY.glob("*.yaml")} - {"kustomization.yaml"}
    assert files == set(KUSTOMIZATION["resources"])


@pytest.mark.parametrize("version", supported_versions())
def test_the_manifests_are_valid_kubernetes(version):
    assert len(RENDERED) == len(KUSTOMIZATION["resources"])
    for doc in RENDERED:
        kubernetes_validate.validate(doc, version, strict=True)


def test_the_version_before_the_minimum_rejects_them():
    """1.28's schema has no preStop sleep: the minimum the manual states is not lower than it must be."""
    with pytest.raises(kubernetes_validate.ValidationError, match="sleep"):
        kubernetes_validate.validate(one("Deployment"), "1.28.0", strict=True)
    readme = (ROOT / "docs" / "serving.md").read_text()
    assert f"Kubernetes {MIN_KUBERNETES[0]}.{MIN_KUBERNETES[1]} or later" in readme


def test_one_image_name_and_tag_everywhere():
    """The Deployment runs the image docs/serving.md and the Dockerfile build: REGISTRY/mahjong-scorer:VERSION."""
    import tomllib

    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    [image] = KUSTOMIZATION["images"]
    assert image["newTag"] == version and image["newName"] == "registry.example.com/mahjong-scorer"
    [c] = one("Deployment")["spec"]["template"]["spec"]["containers"]
    assert c["image"] == f"registry.example.com/mahjong-scorer:{version}"
    build = f'docker build -t "$REGISTRY/mahjong-scorer:{version}" .'
    assert build in (ROOT / "docs" / "serving.md").read_text()
    assert f"docker build -t REGISTRY/mahjong-scorer:{version} ." in DOCKERFILE
    assert "REGISTRY=registry.example.com" in (ROOT / "docs" / "serving.md").read_text()


def test_the_hpa_alone_sets_the_pod_count():
    hpa, dep = one("HorizontalPodAutoscaler"), one("Deployment")
    assert hpa["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment",
                                             "name": dep["metadata"]["name"]}
    assert "replicas" not in dep["spec"]  # an apply would reset the HPA's count to it


def pods_a_drain_may_take(pdb: dict, pods: int) -> int:
    """Evictions the budget allows with ``pods`` healthy pods (percentages round up, as Kubernetes does)."""
    import math

    def count(v: int | str) -> int:
        return math.ceil(pods * int(v[:-1]) / 100) if isinstance(v, str) else v

    spec = pdb["spec"]
    if "maxUnavailable" in spec:
        return max(0, count(spec["maxUnavailable"]))
    return max(0, pods - count(spec["minAvailable"]))


def test_a_drain_keeps_most_pods():
    pdb, hpa = one("PodDisruptionBudget"), one("HorizontalPodAutoscaler")
    labels = one("Deployment")["spec"]["template"]["metadata"]["labels"]
    assert all(labels.get(k) == v for k, v in pdb["spec"]["selector"]["matchLabels"].items())
    for pods in range(hpa["spec"]["minReplicas"], hpa["spec"]["maxReplicas"] + 1):
        taken = pods_a_drain_may_take(pdb, pods)
        assert 1 <= taken <= pods // 2, (pods, taken)  # a drain can proceed, and most pods stay
    assert pdb["spec"]["unhealthyPodEvictionPolicy"] == "AlwaysAllow"  # a crash-looping pod never blocks it


def test_the_pod_mounts_no_service_account_token():
    assert one("Deployment")["spec"]["template"]["spec"]["automountServiceAccountToken"] is False


def test_the_network_policy_lets_in_only_the_http_port_and_nothing_out():
    policy, dep = one("NetworkPolicy"), one("Deployment")
    labels = dep["spec"]["template"]["metadata"]["labels"]
    assert all(labels.get(k) == v for k, v in policy["spec"]["podSelector"]["matchLabels"].items())
    assert sorted(policy["spec"]["policyTypes"]) == ["Egress", "Ingress"]
    [c] = dep["spec"]["template"]["spec"]["containers"]
    port_names = {p["name"] for p in c["ports"]}
    [rule] = policy["spec"]["ingress"]
    assert "from" not in rule and [p["port"] for p in rule["ports"]] == ["http"] and "http" in port_names
    assert policy["spec"]["egress"] == []


def test_everything_lands_in_the_namespace_the_kustomization_creates():
    ns = one("Namespace")
    assert ns["metadata"]["name"] == KUSTOMIZATION["namespace"]
    assert ns["metadata"]["labels"]["pod-security.kubernetes.io/enforce"] == "restricted"
    for r in RENDERED:
        if r["kind"] != "Namespace":
            assert r["metadata"]["namespace"] == ns["metadata"]["name"], r["kind"]


def test_the_pod_runs_the_image_command():
    dep = one("Deployment")
    [c] = dep["spec"]["template"]["spec"]["containers"]
    assert c["command"] == dockerfile_exec_form("CMD") == ["mahjong-scorer", "serve"]


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


# --- the worker count, the health probe's address, settings that cannot be used --------------------------
def gunicorn_conf_module():
    from service import gunicorn_conf

    return gunicorn_conf


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


@pytest.mark.parametrize(("files", "limit"), [
    ({"cpu.max": "max 100000\n"}, None),                                   # cgroup v2, no limit
    ({"cpu.max": "150000 100000\n"}, 1.5),                                 # cgroup v2, --cpus=1.5
    ({"cpu/cpu.cfs_quota_us": "100000\n", "cpu/cpu.cfs_period_us": "100000\n"}, 1.0),  # cgroup v1, --cpus=1
    ({"cpu,cpuacct/cpu.cfs_quota_us": "50000\n", "cpu,cpuacct/cpu.cfs_period_us": "100000\n"}, 0.5),
    ({"cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n"}, None),  # cgroup v1, no limit
    ({}, None),                                                            # no cgroup CPU controller
])
def test_the_cgroup_cpu_limit_is_read_on_v1_and_v2(tmp_path, files, limit, monkeypatch):
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path / "metrics"))
    conf = gunicorn_conf_module()
    root = write(tmp_path / "cgroup", files)
    root.mkdir(exist_ok=True)
    assert conf._cgroup_cpu_limit(str(root)) == limit
    cpus = len(os.sched_getaffinity(0))
    assert conf._cpus(str(root)) == (cpus if limit is None else max(1, min(cpus, int(limit))))


def test_one_cpu_on_cgroup_v1_means_one_worker(tmp_path, monkeypatch):
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path / "metrics"))
    root = write(tmp_path, {"cpu/cpu.cfs_quota_us": "100000\n", "cpu/cpu.cfs_period_us": "100000\n"})
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3})
    assert gunicorn_conf_module()._cpus(str(root)) == 1


@pytest.mark.parametrize(("env", "url"), [
    ({}, "http://127.0.0.1:8000/healthz"),
    ({"HOST": "0.0.0.0", "PORT": "9000"}, "http://127.0.0.1:9000/healthz"),
    ({"HOST": "::"}, "http://[::1]:8000/healthz"),
    ({"HOST": "[::]", "PORT": "81"}, "http://[::1]:81/healthz"),
    ({"HOST": "10.1.2.3"}, "http://10.1.2.3:8000/healthz"),  # bound to one address: probed there
    ({"HOST": "fd00::5"}, "http://[fd00::5]:8000/healthz"),
])
def test_the_health_probe_asks_the_address_serve_binds(env, url):
    from service.serve import probe_url

    assert probe_url(env) == url


def run_command(args: list[str], env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, **env, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics"),
            "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "scorer", *args], env=full, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)


def test_the_health_probe_fails_where_nothing_answers(tmp_path):
    r = run_command(["healthcheck"], {"HOST": "127.0.0.1", "PORT": str(free_port())}, tmp_path)
    assert r.returncode == 1 and "Connection refused" in r.stderr


@pytest.mark.parametrize(("name", "value", "message"), [
    ("PORT", "abc", "PORT must be an integer, got 'abc'"),
    ("WEB_CONCURRENCY", "two", "WEB_CONCURRENCY must be an integer, got 'two'"),
    ("GUNICORN_TIMEOUT", "30s", "GUNICORN_TIMEOUT must be an integer, got '30s'"),
    ("MAX_CONTENT_LENGTH", "1MiB", "MAX_CONTENT_LENGTH must be an integer, got '1MiB'"),
    ("MAX_CONTENT_LENGTH", "0", "MAX_CONTENT_LENGTH must be at least 1, got 0"),
])
def test_a_setting_that_cannot_be_used_is_named_and_nothing_starts(tmp_path, name, value, message):
    r = run_command(["serve"], {"HOST": "127.0.0.1", "PORT": str(free_port()), name: value}, tmp_path)
    assert r.returncode == 2
    assert r.stderr.strip() == f"mahjong-scorer: {message}"  # one line, no traceback
