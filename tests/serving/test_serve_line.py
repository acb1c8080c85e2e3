"""``mahjong-scorer serve`` on a terminal says where to open the page, in one plain line on stderr,
once gunicorn has bound its socket; the log lines stay JSON, and a stderr that is no terminal (a
container's log) gets no plain line."""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from service.serve import announce, page_url
from testkit import ROOT
from testkit.server import free_port, terminate
from testkit.serving import EXE


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("listener", "url"), [
    ("http://127.0.0.1:8000", "http://127.0.0.1:8000/"),
    ("http://0.0.0.0:8000", "http://127.0.0.1:8000/"),  # every interface: this machine's browser asks the loopback
    ("http://[::]:9000", "http://[::1]:9000/"),
    ("http://[::1]:9000", "http://[::1]:9000/"),
    ("unix:/run/scorer.sock", "unix:/run/scorer.sock"),
])
def test_the_page_is_where_a_browser_here_finds_it(listener: str, url: str) -> None:
    assert page_url(listener) == url


def test_one_plain_line_on_a_terminal_and_none_elsewhere() -> None:
    arbiter = SimpleNamespace(LISTENERS=["http://0.0.0.0:8123"])
    shown = Terminal()
    announce(arbiter, shown)
    assert shown.getvalue() == ("mahjong-scorer serve: serving on http://127.0.0.1:8123/ (open it in a browser; "
                                "Ctrl-C stops)\n")
    logged = io.StringIO()
    announce(arbiter, logged)
    assert logged.getvalue() == ""


def _read_until(fd: int, needle: bytes, timeout: float) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while needle not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the other end closed
                break
            if not chunk:
                break
            seen += chunk
    return seen


def test_serve_on_a_terminal_prints_where_to_open_the_page(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PROMETHEUS_MULTIPROC_DIR")}
    leader, follower = pty.openpty()
    with (tmp_path / "stdout").open("wb") as log:
        proc = subprocess.Popen([str(EXE), "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "1"],
                                cwd=ROOT, env=env, stdout=log, stderr=follower, stdin=subprocess.DEVNULL,
                                start_new_session=True)
    os.close(follower)
    try:
        seen = _read_until(leader, b"Ctrl-C stops", 60)
    finally:
        terminate(proc, timeout=30)
        os.close(leader)
    lines = [ln for ln in seen.decode(errors="replace").splitlines() if not ln.startswith("{")]
    assert lines == [f"mahjong-scorer serve: serving on http://127.0.0.1:{port}/ (open it in a browser; "
                     "Ctrl-C stops)"], seen[-2000:]
