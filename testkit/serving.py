"""Helpers for the serving tests: the service as the README runs it — ``mahjong-scorer serve``, the
console script of this interpreter's venv, started in the checkout — on 127.0.0.1 and a free port,
started by the test and stopped by its own PID; plus small HTTP clients of the standard library.

Under the README's test command that is the editable install; in CI's compiled venv (``.ci/run``)
the compiled wheel: either way the installed build under the server that ships, never the app
in-process.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from testkit.server import children, free_port, terminate

ROOT = Path(__file__).resolve().parent.parent
SCORE_BODY = json.dumps({"hand": "[222m1][444m2][666m3]88mWW8m", "context": {"discarder": "S"}}).encode()
SCORE_PAYOUTS = {"E": 36, "S": -20, "W": -8, "N": -8}
EXE = Path(sys.executable).parent / "mahjong-scorer"
HEAD = b"POST /v1/score HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
STATUS = re.compile(rb"HTTP/1\.[01] (\d{3}) ")


def chunked(body: bytes, size: int = 7) -> bytes:
    """``body`` in chunks of ``size`` bytes, then the last chunk."""
    out = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + size]), body[i:i + size]) for i in range(0, len(body), size))
    return out + b"0\r\n\r\n"


def exchange(port: int, *pieces: bytes, pause: float = 0.0, timeout: float = 5.0,
             tolerate_reset: bool = False) -> bytes:
    """Send ``pieces`` (``pause`` apart) on one connection and read until the server closes it (a
    hang fails). ``tolerate_reset``: the server may answer and close before it has read everything,
    so a send that fails or a reset ends the exchange with what was read."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        try:
            for p in pieces:
                s.sendall(p)
                time.sleep(pause)
        except OSError:
            if not tolerate_reset:
                raise
        out = b""
        try:
            while chunk := s.recv(65536):
                out += chunk
        except ConnectionResetError:
            if not tolerate_reset:
                raise
        return out


def statuses(raw: bytes) -> list[int]:
    """The status codes of the responses in ``raw``, in order."""
    return [int(m.group(1)) for m in STATUS.finditer(raw)]


class Served:
    """``mahjong-scorer serve --host 127.0.0.1 --port <free>`` with these environment settings."""

    def __init__(self, log_path: Path, env: dict[str, str] | None = None, workers: int = 2) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.cmd = [str(EXE), "serve", "--host", "127.0.0.1", "--port", str(self.port), "--workers", str(workers)]
        drop = ("PYTHONPATH", "PROMETHEUS_MULTIPROC_DIR", "SCORER_API_KEYS")
        self.env = {k: v for k, v in os.environ.items() if k not in drop} | (env or {})
        self.log_path = log_path
        self._log: IO[bytes] | None = None
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30.0) -> Served:
        assert EXE.exists(), f"{EXE}: install the package first (the README's test command does)"
        self._log = self.log_path.open("wb")
        # a session of its own: nothing sent to our terminal's group reaches it by accident
        self.proc = subprocess.Popen(self.cmd, cwd=ROOT, env=self.env, stdout=self._log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                rc = self.proc.returncode
                self.stop()
                raise RuntimeError(f"mahjong-scorer serve exited with {rc}: {self.log_path.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + "/readyz", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"mahjong-scorer serve not ready at {self.url} within {timeout:.0f} s")
            time.sleep(0.1)
        self._settle(deadline)
        return self

    def _settle(self, deadline: float) -> None:
        """Ready means one worker answered: wait until the set of workers holds still for 0.5 s."""
        assert self.proc is not None
        seen, since = children(self.proc.pid), time.monotonic()
        while time.monotonic() < deadline and time.monotonic() - since < 0.5:
            time.sleep(0.05)
            now = children(self.proc.pid)
            if now != seen:
                seen, since = now, time.monotonic()

    def stop(self) -> int | None:
        """SIGTERM (a graceful drain); SIGKILL its session if it lingers. The exit code."""
        proc, self.proc = self.proc, None
        rc = None if proc is None else terminate(proc, timeout=30)
        if self._log is not None:
            self._log.close()
            self._log = None
        return rc

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def __enter__(self) -> Served:
        return self.start()

    def __exit__(self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()


def server(tmp_path: Path, env: dict[str, str] | None = None, workers: int = 2) -> Served:
    """The README's run command, logging to ``tmp_path/gunicorn.log``."""
    return Served(tmp_path / "gunicorn.log", env, workers)


def request(port: int, method: str, path: str, body: bytes | None = None,
            timeout: float = 5.0) -> tuple[int, bytes, float]:
    """One request on a new connection: (status, body, seconds taken)."""
    t0 = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
        r = conn.getresponse()
        return r.status, r.read(), time.monotonic() - t0
    finally:
        conn.close()


def worker_pids(master: int) -> set[int]:
    """The master's workers (its children), from /proc."""
    return children(master)


def log_records(path: Path) -> list[dict[str, Any]]:
    out = []
    for line in path.read_text(errors="replace").splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            pass
    return out
