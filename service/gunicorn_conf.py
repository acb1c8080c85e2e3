"""gunicorn settings for the scorer service, from the environment; shipped inside the package so
the installed build serves with them from any directory:

    mahjong-scorer serve --port 8000                     # service/serve.py
    gunicorn --config python:service.gunicorn_conf 'service:create_app()'

(From a checkout, the top-level ``gunicorn.conf.py`` reads this file.)

PORT (8000) and HOST (127.0.0.1: a service started by hand answers only this machine; the image
sets 0.0.0.0) make the bind address; WEB_CONCURRENCY sets the worker count
(default: the CPUs this process may use, counting a cgroup CPU limit: scoring is CPU-bound and the
GIL lets one process use one core). Logs are JSON lines on stdout, access log included.
"""

import os
import shutil
import tempfile
from typing import Any  # gunicorn is untyped: its server and worker objects are Any here

from service.config import env_int  # a bad number says which variable: "PORT must be an integer, got 'abc'"


def _cgroup_cpu_limit(root: str = "/sys/fs/cgroup") -> float | None:
    """The CPU limit a container runtime set, in CPUs, or None: cgroup v2's ``cpu.max`` ("max
    100000" or "200000 100000"), else cgroup v1's ``cpu.cfs_quota_us`` / ``cpu.cfs_period_us``
    (quota -1: no limit), under ``cpu/`` or ``cpu,cpuacct/`` as runtimes mount them."""
    try:
        with open(os.path.join(root, "cpu.max")) as f:
            quota, period = f.read().split()[:2]
        return None if quota == "max" else int(quota) / int(period)
    except (OSError, ValueError):
        pass
    for sub in ("cpu", "cpu,cpuacct", "cpuacct,cpu"):
        try:
            with open(os.path.join(root, sub, "cpu.cfs_quota_us")) as f:
                quota_us = int(f.read())
            with open(os.path.join(root, sub, "cpu.cfs_period_us")) as f:
                period_us = int(f.read())
        except (OSError, ValueError):
            continue
        return None if quota_us <= 0 or period_us <= 0 else quota_us / period_us
    return None


def _cpus(root: str = "/sys/fs/cgroup") -> int:
    """The CPUs this process may use: its affinity, capped by a cgroup CPU limit (rounded down, at least 1)."""
    n = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    limit = _cgroup_cpu_limit(root)
    if limit is not None:
        n = min(n, int(limit))
    return max(1, n)


bind = f"{os.environ.get('HOST') or '127.0.0.1'}:{env_int('PORT', 8000, minimum=0)}"
workers = env_int("WEB_CONCURRENCY", 0, minimum=0) or _cpus()
# gunicorn's gevent worker (service/worker.py adds fair turns and accept, an honest heartbeat and a
# quick drain): an event loop per process reads every connection with gunicorn's parser, so slow and
# idle clients cost a greenlet each, never the worker; the app scores on one thread beside it
# (service/lane.py), so probes and pages are answered while it computes. Bounds: GUNICORN_KEEPALIVE
# for a request's head to arrive (and between requests), GUNICORN_READ_TIMEOUT (10 s) for its body;
# see docs/serving.md, "The serving stack".
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "service.worker.Worker")
# Open connections per worker (idle, reading, computing); past it a worker stops accepting until one
# closes, and new connections wait in the listen backlog.
worker_connections = env_int("GUNICORN_WORKER_CONNECTIONS", 1000)
backlog = 2048
timeout = env_int("GUNICORN_TIMEOUT", 30)  # a worker silent this long is killed and replaced
graceful_timeout = env_int("GUNICORN_GRACEFUL_TIMEOUT", 20)  # SIGTERM: finish in-flight requests
keepalive = env_int("GUNICORN_KEEPALIVE", 75)  # longer than a load balancer's idle timeout (60 s)
# Worker recycling is off by default: the app keeps no state but bounded caches, and a restart
# (import, warm-up, empty caches) is a latency spike under load. GUNICORN_MAX_REQUESTS turns it on.
max_requests = env_int("GUNICORN_MAX_REQUESTS", 0)
max_requests_jitter = max_requests // 10
# The app is imported once, in the master, before the workers fork: a worker that dies (OOM kill,
# crash, timeout) is replaced by a fork that serves at once, instead of one that spends a second or
# more of CPU importing the scorer while its share of connections waits.
preload_app = True
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None  # heartbeat files off the (maybe slow) disk
limit_request_line = 8190
limit_request_fields = 100
control_socket_disable = True  # no runtime control socket in a container
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")

accesslog = "-"  # stdout
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
logger_class = "service.log.GunicornLogger"  # both logs as JSON lines on stdout

# Several workers share one /metrics view through prometheus_client's multiprocess mode. The
# directory must be set before any worker imports prometheus_client, hence here, at config load.
_own_metrics_dir: str | None = None
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    _own_metrics_dir = tempfile.mkdtemp(prefix="mcr-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = _own_metrics_dir


def _clear_stale(d: str) -> None:
    """Files of an earlier run would add its counts. Cleared when the settings load, which is before
    the app is imported (``preload_app``): what the master records at import (the build) stays."""
    os.makedirs(d, exist_ok=True)
    for name in os.listdir(d):
        if name.endswith(".db"):
            os.remove(os.path.join(d, name))


_clear_stale(os.environ["PROMETHEUS_MULTIPROC_DIR"])


# Young collections every GUNICORN_GC_YOUNG allocations in a worker (CPython's default: 700; 0 turns
# automatic collection off): a request allocates a few thousand objects and keeps almost none, so at
# 700 the collector runs several times a request for nothing. 50,000 took 12-14% off a /v1/score
# request's CPU in-process (loadtest/gc_thresholds.py, compiled build; 100,000 no better).
_gc_young = env_int("GUNICORN_GC_YOUNG", 50000)


def post_worker_init(worker: Any) -> None:
    # The app, its tables and the imported modules live as long as the worker: move them out of
    # the garbage collector's sight so full collections walk only what requests create.
    import gc

    gc.freeze()
    gc.set_threshold(_gc_young, 10, 10)


def child_exit(server: Any, worker: Any) -> None:
    from prometheus_client import multiprocess

    from service.worker import forget

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]  # prometheus_client leaves it untyped
    forget(worker)  # its row in the fair-accept table


def worker_exit(server: Any, worker: Any) -> None:
    """Called in a worker when gunicorn is done with it: it leaves at once, with the exit code
    gunicorn chose. The interpreter's own teardown would run logging's clean-up under gevent's
    patched lock after gevent's modules are torn down, and print a spurious traceback each time."""
    import sys

    exc = sys.exc_info()[1]  # the SystemExit (or error) on its way out
    code = exc.code if isinstance(exc, SystemExit) else (1 if exc is not None else 0)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code if isinstance(code, int) else 1)


def on_exit(server: Any) -> None:
    if _own_metrics_dir:
        shutil.rmtree(_own_metrics_dir, ignore_errors=True)
