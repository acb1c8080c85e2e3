"""Experimental variants of the service, to measure what a hot-path cost is worth before anyone
changes ``service/``. Each is the real ``service.create_app()`` with one layer switched off by
patching from the outside; none is fit to deploy (a variant without the schema answers a wrongly
typed body with a 500, not a 422).

    python -m bench.throughput --app 'service:create_app()' --app 'bench.variants:no_schema()'

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


def no_schema() -> Flask:
    """Without the marshmallow request schemas (the scorer still judges every value)."""
    from service import create_app

    _no_schema()
    return create_app()


def faulty() -> Flask:
    """Answers one /v1/score request in 50 with a 500: the smoke run must fail on it."""
    import itertools

    from service import create_app, views

    original = views.score_one
    counter = itertools.count()

    def score_one(body: Any) -> Any:
        if next(counter) % 50 == 49:
            raise RuntimeError("injected failure (bench.variants:faulty)")
        return original(body)

    views.score_one = score_one
    return create_app()
