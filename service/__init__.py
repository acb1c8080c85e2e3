"""The HTTP front of the scorer: ``flask --app service run`` or ``gunicorn 'service:create_app()'``.

Importing the package loads nothing of the web stack; ``create_app`` loads it. What a body is read
and answered with (JSON, the fast check, the schemas, the problem objects) is the library's
``scorer.wire``, which ``python -m scorer bulk`` runs a line through too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    from importlib import resources

    import orjson

    import scorer

    from . import config, errors, log, metrics, pages, views
    from .app import App as _App

    app = _App(__name__)
    app.config.from_mapping(config.from_env())
    if test_config:
        app.config.from_mapping(test_config)
    app.url_map.merge_slashes = False  # "//v1/score" is a 404, not a redirect

    log.init_app(app)  # first: the request id exists before anything can fail
    metrics.init_app(app)
    errors.register_error_handlers(app)
    views.require_api_keys(app)
    app.register_blueprint(views.api)
    app.register_blueprint(views.ops)
    pages.init_app(app)  # the calculator (/) and the API docs (/docs)
    app.extensions["mcr"] = {
        "ready": False,
        "openapi": resources.files(__name__).joinpath("openapi.yaml").read_bytes(),
        # each rule book's fan table, serialised once (GET /v1/fans?ruleset=...)
        "fans": {name: orjson.dumps({"ruleset": name, "fans": [f.to_dict() for f in book.fan_table]})
                 for name, book in scorer.RULESETS.items()},
        "rulesets": orjson.dumps({"rulesets": [book.to_dict() for book in scorer.RULESETS.values()]}),
    }
    return app
