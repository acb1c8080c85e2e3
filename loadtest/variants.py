"""Experimental variants of the service, to measure what a hot-path cost is worth before anyone
changes ``service/``. Each is the real ``service.create_app()`` with one layer switched off by
patching from the outside; none is fit to deploy (a variant without the schema answers a wrongly
typed body with a 500, not a 422).

    python -m loadtest.compare_throughput --app 'service:create_app()' \
        --app 'loadtest.variants:gc_freeze()' --app 'loadtest.variants:lean()' \
        --app 'loadtest.variants:tuned()'

``faulty()`` answers some requests with a 500, to check that the load runs fail on it.
"""

from __future__ import annotations

from typing import Any

from flask import Flask


class _PassThrough:
    """Stands in for a marshmallow schema: returns the body unchecked."""

    def load(self, data: Any) -> Any:
        return data


def _no_schema() -> None:
    from service import views

    views.SCORE = _PassThrough()  # type: ignore[assignment]
    views.BATCH = _PassThrough()  # type: ignore[assignment]
    if hasattr(views, "fast_load"):  # the schemas' fast path for well-formed bodies
        views.fast_load = lambda data: data  # type: ignore[attr-defined]


def _no_cache_gauges() -> None:
    from service import metrics

    metrics.Metrics.refresh_cache = lambda self: None  # type: ignore[method-assign]


def no_schema() -> Flask:
    """Without the marshmallow request schemas (the scorer still judges every value)."""
    from service import create_app

    _no_schema()
    return create_app()


def no_cache_gauges() -> Flask:
    """Without refreshing the scorer cache gauges after every scoring request."""
    from service import create_app

    _no_cache_gauges()
    return create_app()


def lean() -> Flask:
    """Both of the above."""
    from service import create_app

    _no_schema()
    _no_cache_gauges()
    return create_app()


def gc_freeze(every: int = 2000) -> Flask:
    """Moves everything alive into gc's permanent generation every ``every`` requests, so that the
    full collections stop rescanning the result cache (gc.freeze; objects are still freed by
    reference counting)."""
    import gc
    import itertools

    from service import create_app

    app = create_app()
    counter = itertools.count(1)

    @app.after_request
    def _freeze(resp: Any) -> Any:
        if next(counter) % every == 0:
            gc.freeze()
        return resp

    return app


def tuned() -> Flask:
    """gc_freeze() and lean() together: what the three hot-path changes are worth at once."""
    _no_schema()
    _no_cache_gauges()
    return gc_freeze()


def faulty() -> Flask:
    """Answers one /v1/score request in 50 with a 500: the smoke run must fail on it."""
    import itertools

    from service import create_app, views

    original = views.score_one
    counter = itertools.count()

    def score_one(body: Any) -> Any:
        if next(counter) % 50 == 49:
            raise RuntimeError("injected failure (loadtest.variants:faulty)")
        return original(body)

    views.score_one = score_one
    return create_app()
