"""Start gunicorn on 127.0.0.1 with the project's settings (``service/gunicorn_conf.py``), wait until it is ready,
and always stop it again (by its own PID; its workers are its children).

    with Gunicorn("service:create_app()", workers=2, log_path=Path("/tmp/g.log")) as g:
        ...  # g.url is http://127.0.0.1:<free port>
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
CONFIG = "python:service.gunicorn_conf"  # the one configuration module
# LOADTEST_SCORER=installed serves the scorer and service installed in this interpreter's venv (the
# compiled wheel of a serving venv) instead of the checkout's source tree: gunicorn then runs from a
# directory that holds only a link to bench/ (for the minimal baseline app and the variants).
INSTALLED = os.environ.get("LOADTEST_SCORER") == "installed"


def _import_root() -> Path:
    if not INSTALLED:
        return ROOT
    d = Path(tempfile.mkdtemp(prefix="mcr-loadtest-"))
    (d / "bench").symlink_to(ROOT / "bench")
    return d


def terminate(proc: subprocess.Popen[bytes], timeout: float) -> int | None:
    """SIGTERM (a graceful drain), then SIGKILL to the session we started for it if it lingers
    past ``timeout`` seconds: its exit code, or None when it had to be killed."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the session we started for it, and nothing else
        proc.wait(timeout=5)
        return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Gunicorn:
    """One gunicorn master (and its workers), started by us, on a free loopback port."""

    def __init__(self, app: str, *, workers: int | None = None, worker_class: str | None = None,
                 threads: int | None = None, log_path: Path | None = None, access_log: bool = True,
                 ready_path: str = "/readyz", env: dict[str, str] | None = None,
                 extra_args: list[str] | None = None) -> None:
        self.app, self.ready_path = app, ready_path
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.cmd = [sys.executable, "-m", "gunicorn", "--config", CONFIG, "--bind", f"127.0.0.1:{self.port}"]
        if workers:
            self.cmd += ["--workers", str(workers)]
        if worker_class:
            self.cmd += ["--worker-class", worker_class]
        if threads:
            self.cmd += ["--threads", str(threads)]
        if not access_log:
            self.cmd += ["--access-logfile", "/dev/null"]
        self.cmd += extra_args or []
        self.cmd.append(app)
        self.root = _import_root()
        self.env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(self.port), "PYTHONPATH": str(self.root),
                    **(env or {})}
        self.log_path = log_path
        self._log: IO[bytes] | None = None
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30.0) -> Gunicorn:
        self._log = open(self.log_path, "wb") if self.log_path else open(os.devnull, "wb")  # noqa: SIM115
        # A session of its own: nothing we send to our terminal's group reaches it by accident.
        self.proc = subprocess.Popen(self.cmd, cwd=self.root, env=self.env, stdout=self._log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                tail = ""
                if self.log_path and self.log_path.exists():
                    tail = "\n  " + "\n  ".join(self.log_path.read_text(errors="replace").splitlines()[-5:])
                rc = self.proc.returncode
                self.stop()  # closes the log
                raise RuntimeError(f"gunicorn exited with {rc} before it was ready "
                                   f"({' '.join(self.cmd[:3])}); see {self.log_path}{tail}")
            try:
                with urllib.request.urlopen(self.url + self.ready_path, timeout=2) as r:
                    if r.status == 200:
                        self._settle(deadline)
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"gunicorn not ready at {self.url}{self.ready_path} within {timeout:.0f} s")

    def _settle(self, deadline: float) -> None:
        """Ready means one worker answered; wait until no more workers are being forked (the set
        of workers unchanged for half a second), so callers see them all."""
        assert self.proc is not None
        seen, since = children(self.proc.pid), time.monotonic()
        while time.monotonic() < min(deadline, since + 10) and time.monotonic() - since < 0.5:
            time.sleep(0.05)
            now = children(self.proc.pid)
            if now != seen:
                seen, since = now, time.monotonic()

    def pids(self) -> list[int]:
        """The master, whose tree ``cpu_seconds`` adds up (workers come and go)."""
        return [] if self.proc is None else [self.proc.pid]

    def worker_pids(self) -> frozenset[int]:
        """The live workers now (gunicorn replaces one after ``max_requests``)."""
        try:
            import psutil

            return frozenset(c.pid for c in psutil.Process(self.proc.pid).children()) if self.proc else frozenset()
        except Exception:
            return frozenset()

    def stop(self) -> None:
        """SIGTERM the master (it stops its workers gracefully); SIGKILL its session if it lingers."""
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            terminate(proc, timeout=25)
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self) -> Gunicorn:
        return self.start()

    def __exit__(self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()


def cpu_seconds(pids: list[int]) -> float:
    """user + system CPU seconds so far of the process trees rooted at ``pids``: each process, its
    live descendants, and the children it has reaped (gunicorn replaces workers now and then, by
    ``max_requests``: a replaced worker's time stays counted in its master). 0 without psutil."""
    try:
        import psutil
    except ImportError:
        return 0.0
    total = 0.0
    seen: set[int] = set()
    for pid in pids:
        try:
            root = psutil.Process(pid)
            procs = [root, *root.children(recursive=True)]
        except psutil.Error:
            continue
        for p in procs:
            if p.pid in seen:
                continue
            seen.add(p.pid)
            try:
                t = p.cpu_times()
                total += t.user + t.system + t.children_user + t.children_system
            except psutil.Error:
                pass
    return total


def children(pid: int) -> set[int]:
    """The live children of ``pid`` (a gunicorn master's workers), read from /proc: no psutil needed."""
    out = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            out.add(int(entry))
    return out


def rss_kib(pid: int) -> int:
    """Resident memory of ``pid`` in KiB (0 once it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def connections_per_worker(master: int, port: int) -> list[int]:
    """Established connections on ``port`` held by each worker (from /proc/<pid>/fd and /proc/net/tcp)."""
    inodes: dict[str, bool] = {}
    try:
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            f = line.split()
            if int(f[1].split(":")[1], 16) == port and f[3] == "01":  # local port, ESTABLISHED
                inodes[f[9]] = True
    except OSError:
        return []
    out = []
    for pid in sorted(children(master)):
        n = 0
        try:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                target = fd.readlink().as_posix() if fd.is_symlink() else ""
                if target.startswith("socket:[") and target[8:-1] in inodes:
                    n += 1
        except OSError:
            pass
        out.append(n)
    return sorted(out)


def scrape_cache(url: str) -> dict[str, float]:
    """The service's scorer cache counters from /metrics (empty if it has none)."""
    out: dict[str, float] = {}
    try:
        with urllib.request.urlopen(url + "/metrics", timeout=5) as r:
            text = r.read().decode()
    except Exception:
        return out
    for line in text.splitlines():
        if line.startswith(("scorer_cache_hits_total{", "scorer_cache_misses_total{")):
            key, _, value = line.rpartition(" ")
            out[key] = float(value)
    return out
