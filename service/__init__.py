"""The HTTP front of the scorer: ``flask --app service run`` or ``gunicorn 'service:create_app()'``.

Importing the package loads nothing of the web stack; ``create_app`` loads it. What a body is read
and answered with (JSON, the fast check, the schemas, the problem objects) is the library's
``scorer.wire``, which ``python -m scorer bulk`` runs a line through too.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


@lru_cache(maxsize=1)
def _spec_as_json(spec: bytes) -> bytes:
    """openapi.yaml as JSON (GET /openapi.json): parsed once a process, however many apps are made
    (the YAML parse is most of ``create_app``'s time; the test suite makes an app per test)."""
    import orjson
    import yaml  # type: ignore[import-untyped]  # PyYAML ships no types

    return orjson.dumps(yaml.load(spec, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))


@lru_cache(maxsize=4)
def _rendered(spec: bytes, registry: int) -> bytes:
    """openapi.yaml with its generated parts written for the registry (``scorer.wire.contract``),
    once a process for each state of the registry (``registry``: its version)."""
    from scorer.wire.contract import render

    text = spec.decode("utf-8")
    new = render(text)
    return spec if new == text else new.encode("utf-8")


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    from importlib import resources

    import orjson

    import scorer

    from . import chain, config, errors, http, lane, log, metrics, pages, views
    from .app import App as _App

    app = _App(__name__)
    app.config.from_mapping(config.from_env())
    if test_config:
        app.config.from_mapping(test_config)
    app.url_map.merge_slashes = False  # "//v1/score" is a 404, not a redirect

    log.init_app(app)
    metrics.init_app(app)
    errors.register_error_handlers(app)
    app.register_blueprint(views.api)
    app.register_blueprint(views.ops)
    pages.init_app(app)  # the calculator (/) and the API docs (/docs)
    http.init_app(app)  # CORS when configured; compression of large answers (its after-request hook runs first)
    # the parts that list the books written for the registry as it is now (a book registered
    # before the app is made is served in its own contract); the same bytes when nothing was added
    spec = _rendered(resources.files(__name__).joinpath("openapi.yaml").read_bytes(), scorer.rules.version())
    app.extensions["scorer"] = {
        "ready": False,
        "openapi": spec,
        "openapi_json": _spec_as_json(spec),
        # each rule book's fan table, serialised once (GET /v1/fans?ruleset=...)
        "fans": {name: orjson.dumps({"ruleset": name, "fans": [f.to_dict() for f in book.fan_table]})
                 for name, book in scorer.RULESETS.items()},
        "rulesets": orjson.dumps({"rulesets": [book.to_dict() for book in scorer.RULESETS.values()]}),
    }
    # a request's whole path, in front of Flask (service/chain.py): the edge, the route, the key, the
    # body, then the route's plain answer or Flask's, on the lane's thread under the gevent worker
    app.extensions["lane"] = lane.Lane(
        read_timeout=app.config["READ_TIMEOUT"], max_queue_wait=app.config["MAX_QUEUE_WAIT"],
        max_queued=app.config["MAX_QUEUED"], retry_after=app.config["RETRY_AFTER"],
        max_buffered=app.config["MAX_BUFFERED"])
    app.wsgi_app = app.extensions["chain"] = chain.Chain(  # type: ignore[method-assign]
        app, app.extensions["lane"], app.extensions["metrics"])
    return app
