"""JSON responses, serialised with orjson."""

from __future__ import annotations

from typing import Any

from flask import Response
from werkzeug.datastructures import Headers

from scorer.wire import jsonbody

JSON = "application/json"
PROBLEM_JSON = "application/problem+json"


def json_response(
    obj: Any, status: int = 200, headers: Headers | None = None, mimetype: str = JSON
) -> Response:
    # content_type, not mimetype: a JSON type takes no charset parameter, so there is nothing to add
    resp = Response(jsonbody.dumps(obj), status=status, content_type=mimetype)
    if headers is not None:
        for k, v in headers.items():
            if k.lower() not in ("content-type", "content-length"):
                resp.headers.add(k, v)
    return resp
