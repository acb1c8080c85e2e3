"""JSON responses, serialised with orjson."""

from __future__ import annotations

import json
from typing import Any

import orjson
from flask import Response
from werkzeug.datastructures import Headers

JSON = "application/json"
PROBLEM_JSON = "application/problem+json"


def json_response(
    obj: Any, status: int = 200, headers: Headers | None = None, mimetype: str = JSON
) -> Response:
    try:
        body = orjson.dumps(obj)
    except (TypeError, orjson.JSONEncodeError):  # e.g. a lone surrogate echoed in a message: never a crash
        body = json.dumps(obj, default=str).encode()
    resp = Response(body, status=status, mimetype=mimetype)
    if headers is not None:
        for k, v in headers.items():
            if k.lower() not in ("content-type", "content-length"):
                resp.headers.add(k, v)
    return resp
