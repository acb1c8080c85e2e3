"""Prometheus metrics: requests by route and status, latency, and the scorer's cache counters.

Under gunicorn with several workers, ``PROMETHEUS_MULTIPROC_DIR`` (set by ``gunicorn.conf.py``)
switches prometheus_client to its multiprocess mode and a scrape sums all live workers. Otherwise
each app has its own registry, so creating many apps (tests) never clashes.
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any

from flask import Blueprint, Flask, Response, current_app, g, request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest, values
from prometheus_client.multiprocess import MultiProcessCollector

import scorer

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
        def cache_gauge(name: str, documentation: str) -> Gauge:
            return Gauge(name, documentation, ["cache"], registry=reg, multiprocess_mode="livesum")

        self.cache_hits = cache_gauge("scorer_cache_hits", "Scorer cache hits since each worker started.")
        self.cache_misses = cache_gauge("scorer_cache_misses", "Scorer cache misses since each worker started.")
        self.cache_size = cache_gauge("scorer_cache_size", "Entries held in the scorer's caches.")
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
        for name, info in scorer.mcr.cache_info().items():
            self.cache_hits.labels(name).set(info.get("hits", 0))
            self.cache_misses.labels(name).set(info.get("misses", 0))
            self.cache_size.labels(name).set(info.get("size", 0))

    def record(self, resp: Response) -> Response:
        """The after-request hook: count the request, time it, and (multiprocess) publish the caches."""
        rule = request.url_rule
        route = rule.rule if rule is not None else "unmatched"
        method = request.method
        if method not in _METHODS:
            method = "other"
        self.counter(route, method, resp.status_code).inc()
        started = g.get("started")
        if started is not None:
            self.histogram(route).observe(time.perf_counter() - started)
        if self.multiprocess and request.endpoint in _SCORING and time.monotonic() >= self.next_refresh:
            self.refresh_cache()  # the scraping worker cannot see the others' caches: publish, at most 1/s
        return resp

    def exposition(self) -> bytes:
        self.refresh_cache()
        if self.registry is not None:
            return generate_latest(self.registry)
        registry = CollectorRegistry()
        MultiProcessCollector(registry)  # type: ignore[no-untyped-call]  # prometheus_client leaves it untyped
        return generate_latest(registry)


def init_app(app: Flask) -> None:
    m = app.extensions["metrics"] = Metrics()
    app.before_request(_start_timer)
    app.after_request(m.record)  # bound to this app's metrics: no current_app lookup per request
    app.register_blueprint(bp)


def _start_timer() -> None:
    g.started = time.perf_counter()


@bp.get("/metrics")
def metrics() -> Response:
    return Response(current_app.extensions["metrics"].exposition(), content_type=CONTENT_TYPE_LATEST)
