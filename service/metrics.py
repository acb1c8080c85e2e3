"""Prometheus metrics: requests by route and status, latency, and the scorer's cache counters.

Under gunicorn with several workers, ``PROMETHEUS_MULTIPROC_DIR`` (set by ``gunicorn.conf.py``)
switches prometheus_client to its multiprocess mode and a scrape sums all live workers. Otherwise
each app has its own registry, so creating many apps (tests) never clashes.

Counters end in ``_total`` (``scorer_cache_hits_total``): the scorer counts its cache hits and
misses itself (``result``: every rule book's result cache added up; ``decomposition``: the shared
one), and each worker adds what its counts grew by since it last published them, so a worker's
restart or a cache cleared never makes a counter go down. In multiprocess mode, where
prometheus_client's own process collector sees only the scraped worker, ``process_*`` metrics are
read from /proc for the gunicorn master and each of its workers, labelled ``pid`` and ``role``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from flask import Blueprint, Flask, Response, current_app
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest, values
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector
from werkzeug.routing import Rule

import scorer
from scorer.api import cache_info

bp = Blueprint("metrics", __name__)
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
_SCORING = frozenset({"api.score", "api.score_batch"})


class Metrics:
    def __init__(self) -> None:
        self.multiprocess = values.ValueClass is not values.MutexValue
        self.registry = None if self.multiprocess else CollectorRegistry()
        reg = self.registry
        self.requests = Counter(
            "http_requests", "HTTP requests by route, method and status.", ["route", "method", "status"], registry=reg
        )
        self.latency = Histogram(
            "http_request_duration_seconds", "Time to answer a request, by route.", ["route"],
            buckets=_BUCKETS, registry=reg,
        )
        self.cache_hits = Counter("scorer_cache_hits", "Scorer cache hits.", ["cache"], registry=reg)
        self.cache_misses = Counter("scorer_cache_misses", "Scorer cache misses.", ["cache"], registry=reg)
        self.cache_size = Gauge("scorer_cache_size", "Entries held in the scorer's caches.", ["cache"], registry=reg,
                                multiprocess_mode="livesum")
        self.published: dict[tuple[str, str], int] = {}  # what this worker has added to each counter
        self.build_info = Gauge(
            "scorer_build_info", "Always 1; the label says which scorer build serves (compiled or pure Python).",
            ["compiled"], registry=reg, multiprocess_mode="max",
        )
        self.build_info.labels("true" if scorer.COMPILED else "false").set(1)
        self.next_refresh = 0.0

    @lru_cache(maxsize=1024)  # noqa: B019 - one Metrics per app, living as long as it
    def counter(self, route: str, method: str, status: int) -> Any:
        """The labelled child, looked up once: ``labels()`` costs more than the increment."""
        return self.requests.labels(route, method, str(status))

    @lru_cache(maxsize=256)  # noqa: B019
    def histogram(self, route: str) -> Any:
        return self.latency.labels(route)

    def refresh_cache(self) -> None:
        self.next_refresh = time.monotonic() + 1.0
        for name, info in cache_info().items():
            for counter, key in ((self.cache_hits, "hits"), (self.cache_misses, "misses")):
                now = info.get(key, 0)
                before = self.published.get((name, key), 0)
                grown = now - before if now >= before else now  # counted afresh (a cache cleared): all of it
                counter.labels(name).inc(grown)  # 0 too: the series exists from the first scrape
                self.published[(name, key)] = now
            self.cache_size.labels(name).set(info.get("size", 0))

    def record(self, rule: Rule | None, method: str, status: str, started: float) -> None:
        """Count a request answered ``status``, time it from ``started`` (``perf_counter``), and
        (multiprocess) publish the caches. Called by the chain (``service/chain.py``) once a handler
        has answered: the route is the rule the chain matched (for a 405, the rule the path names),
        else ``unmatched``."""
        route = rule.rule if rule is not None else "unmatched"
        if method not in _METHODS:
            method = "other"
        self.counter(route, method, int(status[:3]) if status else 500).inc()
        self.histogram(route).observe(time.perf_counter() - started)
        if self.multiprocess and rule is not None and rule.endpoint in _SCORING \
                and time.monotonic() >= self.next_refresh:
            self.refresh_cache()  # the scraping worker cannot see the others' caches: publish, at most 1/s

    def exposition(self) -> bytes:
        self.refresh_cache()
        if self.registry is not None:
            return generate_latest(self.registry)
        registry = CollectorRegistry()
        MultiProcessCollector(registry)  # type: ignore[no-untyped-call]  # prometheus_client leaves it untyped
        registry.register(GunicornProcesses())
        return generate_latest(registry)


class GunicornProcesses(Collector):
    """``process_*`` for the gunicorn master (this worker's parent) and every worker it has, from
    /proc (Linux), as prometheus_client's ProcessCollector gives them for one process."""

    def __init__(self, master: int | None = None) -> None:
        self.master = os.getppid() if master is None else master

    def collect(self) -> Iterable[Metric]:
        labels = ["pid", "role"]
        cpu = CounterMetricFamily("process_cpu_seconds", "User and system CPU time spent, in seconds.", labels=labels)
        rss = GaugeMetricFamily("process_resident_memory_bytes", "Resident memory size in bytes.", labels=labels)
        vms = GaugeMetricFamily("process_virtual_memory_bytes", "Virtual memory size in bytes.", labels=labels)
        start = GaugeMetricFamily("process_start_time_seconds", "Start time since the epoch, in seconds.",
                                  labels=labels)
        fds = GaugeMetricFamily("process_open_fds", "Open file descriptors.", labels=labels)
        for pid, role in [(self.master, "master"), *((w, "worker") for w in sorted(_children(self.master)))]:
            stat = _proc_stat(pid)
            if stat is None:
                continue
            values = [str(pid), role]
            cpu.add_metric(values, (int(stat[11]) + int(stat[12])) / _TICKS)
            vms.add_metric(values, float(stat[20]))
            rss.add_metric(values, float(int(stat[21]) * _PAGE))
            start.add_metric(values, _boot_time() + int(stat[19]) / _TICKS)
            try:
                fds.add_metric(values, float(len(os.listdir(f"/proc/{pid}/fd"))))
            except OSError:
                pass
        return [cpu, rss, vms, start, fds]


_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _proc_stat(pid: int) -> list[str] | None:
    """/proc/PID/stat's fields after the command name (field 3, the state, is index 0), or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else ():
        if entry.isdigit():
            stat = _proc_stat(int(entry))
            if stat is not None and int(stat[1]) == pid:
                out.append(int(entry))
    return out


@lru_cache(maxsize=1)
def _boot_time() -> float:
    with open("/proc/stat") as f:
        for line in f:
            if line.startswith("btime "):
                return float(line.split()[1])
    return 0.0


def init_app(app: Flask) -> None:
    """The metrics and their endpoint; requests are counted by the chain (``service/chain.py``)."""
    app.extensions["metrics"] = Metrics()
    app.register_blueprint(bp)


@bp.get("/metrics")
def metrics() -> Response:
    return Response(current_app.extensions["metrics"].exposition(), content_type=CONTENT_TYPE_LATEST)
