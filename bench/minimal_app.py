"""The baseline for the throughput comparison: a minimal Flask JSON endpoint.

Served by the same gunicorn settings as the real service (``service/gunicorn_conf.py``), it parses the same
request bodies and answers a small JSON object, so the ratio real/minimal is what scoring,
validation and the service's own layers cost on top of Flask + gunicorn + JSON itself.

    gunicorn --config python:service.gunicorn_conf 'bench.minimal_app:create_app()'
"""

from __future__ import annotations

from flask import Flask, Response, jsonify, request


def create_app() -> Flask:
    app = Flask(__name__)

    @app.post("/v1/score")
    def score() -> Response:
        body = request.get_json()
        return jsonify({"ok": True, "keys": len(body)})

    @app.get("/readyz")
    def readyz() -> Response:
        return jsonify({"status": "ready"})

    return app
