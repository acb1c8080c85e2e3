"""gunicorn's settings and server hooks for the scorer service, from the environment: the one
configuration module, shipped inside the package so the installed build serves with it from any
directory (and from a checkout alike):

    mahjong-scorer serve --port 8000                     # service/serve.py
    gunicorn --config python:service.gunicorn_conf 'service:create_app()'

Every setting here is one of gunicorn's documented ones, every function one of its documented
server hooks; what the hooks do is in ``service/worker.py``.

PORT (8000) and HOST (127.0.0.1: a service started by hand answers only this machine; the image
sets 0.0.0.0) make the bind address; WEB_CONCURRENCY sets the worker count
(default: the CPUs this process may use, counting a cgroup CPU limit: scoring is CPU-bound and the
GIL lets one process use one core). Logs are JSON lines on stdout, access log included.
"""

import os
import resource
import shutil
import tempfile
from typing import Any  # gunicorn is untyped: its server and worker objects are Any here

from service import internals as _internals
from service import worker as _serving
from service.config import ConfigError, env_int  # a bad number names its variable: "PORT must be an integer, got 'abc'"


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


def _open_files(wanted: int) -> int:
    """Raise this process's open-file limit (its soft limit, up to the hard one) to ``wanted``
    descriptors if it can; the limit it has then. The workers inherit it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return wanted if soft == resource.RLIM_INFINITY else soft


bind = f"{os.environ.get('HOST') or '127.0.0.1'}:{env_int('PORT', 8000, minimum=0)}"
workers = env_int("WEB_CONCURRENCY", 0, minimum=0) or _cpus()
# gunicorn's gevent worker (service/worker.py adds, through the hooks below, fair turns and accept, a
# head timeout, an honest heartbeat and a quick drain): an event loop per process reads every
# connection with gunicorn's parser, so slow and idle clients cost a greenlet each, never the worker;
# the app scores on one thread beside it (service/lane.py), so probes and pages are answered while it
# computes. Bounds: GUNICORN_HEAD_TIMEOUT for a connection's first request head, GUNICORN_KEEPALIVE
# between requests, GUNICORN_READ_TIMEOUT (10 s) for a body;
# see docs/serving.md, "The serving stack".
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "service.worker.Worker")
# The few private names of gunicorn's and gevent's the worker needs (service/internals.py): an
# upgrade that changed one stops the server here, naming it, instead of serving without a guarantee.
if worker_class == "service.worker.Worker" and (_changed := _internals.problems()):
    raise ConfigError("the installed gunicorn or gevent changed what service/worker.py relies on: "
                      + "; ".join(_changed))
# Open connections per worker (idle, reading, computing); past it a worker stops accepting until one
# closes, and new connections wait in the listen backlog. An idle connection costs a worker about
# 9 KB and no CPU, so the bound is set where idle sockets cost memory (10,000: about 90 MB), not
# service: at 1,000, 2,000 connections that sent nothing locked fresh clients out for 75 s. A
# connection's first request head must arrive within GUNICORN_HEAD_TIMEOUT (10 s; service/worker.py).
worker_connections = env_int("GUNICORN_WORKER_CONNECTIONS", 10000, minimum=1)
head_timeout = _serving.head_timeout()  # read here too, so that a bad value stops `serve` before gunicorn starts
# each connection is a descriptor: the limit is raised to fit them (and the worker's own files), or
# the bound lowered to what the limit allows
worker_connections = min(worker_connections, _open_files(worker_connections + 256) - 256)
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
# request's CPU in-process (bench/gc_thresholds.py, compiled build; 100,000 no better).
_gc_young = env_int("GUNICORN_GC_YOUNG", 50000)


def post_worker_init(worker: Any) -> None:
    # The app, its tables and the imported modules live as long as the worker: move them out of
    # the garbage collector's sight so full collections walk only what requests create.
    import gc

    gc.freeze()
    gc.set_threshold(_gc_young, 10, 10)
    _serving.post_worker_init(worker)  # the worker's pool, its answers to refused requests, its watch


def pre_fork(server: Any, worker: Any) -> None:
    _serving.pre_fork(worker)  # its row in the fair-accept table


def pre_request(worker: Any, req: Any) -> None:
    _serving.pre_request(worker, req)


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    _serving.post_request(worker)


def child_exit(server: Any, worker: Any) -> None:
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]  # prometheus_client leaves it untyped
    _serving.child_exit(worker)  # its row in the fair-accept table


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
