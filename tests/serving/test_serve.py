"""``mahjong-scorer serve``: the installed package serves itself with its packaged settings, from any
directory, the checkout included (where gunicorn alone would import the source tree first).

CI runs this module twice: in the README's test venv (an editable, pure-Python install) and in the
compiled build's throwaway venv with ``SCORER_EXPECT_COMPILED=1`` (see ``.ci/run``), where
``/readyz`` must say ``compiled: true`` although the command runs from the checkout.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

import pytest

import service
from service import serve
from testkit import ROOT

EXPECT_COMPILED = os.environ.get("SCORER_EXPECT_COMPILED", "0") == "1"


def test_the_command_is_a_console_script_of_the_package() -> None:
    """One command, the library's; serve and healthcheck are the service's, added through the library
    command's entry-point group (tests/cli/test_cli.py holds what they do)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["scripts"] == {"mahjong-scorer": "scorer.cli:main"}
    assert project["entry-points"]["mahjong_scorer.commands"] == {
        "serve": "service.serve:serve_main", "healthcheck": "service.serve:healthcheck_main"}


def test_serve_uses_the_packaged_settings_and_the_installed_packages_directory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(os, "environ", {})  # what serve sets stays inside this test
    argv = serve.gunicorn_argv(argparse.Namespace(host="127.0.0.1", port=9001, workers=3))
    assert argv[1:] == ["--config", "python:service.gunicorn_conf", "service:create_app()"]
    assert (os.environ["HOST"], os.environ["PORT"], os.environ["WEB_CONCURRENCY"]) == ("127.0.0.1", "9001", "3")


def test_gunicorn_changes_to_the_installed_packages_directory(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    """gunicorn puts its directory first on the import path, before its settings are read, so that
    directory is always the installed package's, never where the command was started."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    server = serve._server_class().__new__(serve._server_class())
    server.chdir()
    root = str(Path(service.__file__).resolve().parent.parent)
    assert os.getcwd() == root and str(tmp_path) not in sys.path and root in sys.path


def test_serve_leaves_the_environment_alone_without_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "environ", {"PORT": "9002"})
    serve.gunicorn_argv(argparse.Namespace(host=None, port=None, workers=None))
    assert os.environ["PORT"] == "9002" and "HOST" not in os.environ


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_serve_from_the_checkout_serves_the_installed_build(tmp_path: Path) -> None:
    """As a newcomer runs it: ``mahjong-scorer serve`` from the checkout directory, the port from PORT
    (GUNICORN_* and the other variables keep working), stopped by its PID with SIGTERM."""
    exe = Path(sys.executable).parent / "mahjong-scorer"
    assert exe.exists(), f"{exe}: install the package (pip install -e . or pip install .)"
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PROMETHEUS_MULTIPROC_DIR")}
    env |= {"PORT": str(port), "HOST": "127.0.0.1", "WEB_CONCURRENCY": "1", "GUNICORN_GRACEFUL_TIMEOUT": "5"}
    with (tmp_path / "serve.log").open("wb") as log:
        proc = subprocess.Popen([str(exe), "serve"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, (tmp_path / "serve.log").read_text()[-2000:]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as r:
                    ready = json.loads(r.read())
                break
            except OSError:
                assert time.monotonic() < deadline, "mahjong-scorer serve did not come up within 30 s"
                time.sleep(0.2)
        assert ready == {"status": "ready", "compiled": EXPECT_COMPILED}
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            rc = proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # the session started for it, and nothing else
            proc.wait()
            raise
    assert rc == 0
    records = [json.loads(x) for x in (tmp_path / "serve.log").read_text().splitlines() if x.startswith("{")]
    assert any(r.get("message") == "Using worker: service.worker.Worker" for r in records)
