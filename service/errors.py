"""One place for errors: every failure leaves as an RFC 9457 ``application/problem+json`` body.

The problem objects themselves (codes, titles, bounded error lists) are ``scorer.wire.problems``'s;
here they become responses, for HTTP errors, schema errors, scorer errors and the unexpected.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from flask import Flask, Response, current_app, request
from marshmallow import ValidationError
from werkzeug.datastructures import Headers
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as WerkzeugResponse

from scorer import ScorerError
from scorer.wire.problems import problem, scorer_problem, validation_problem

from .log import PROBLEM_KEY
from .record import record_of
from .responses import PROBLEM_JSON, json_response

_BY_STATUS = {
    400: "bad-request",
    401: "unauthorized",
    404: "not-found",
    405: "method-not-allowed",
    413: "payload-too-large",
    415: "unsupported-media-type",
    422: "validation-error",
    500: "internal-error",
    503: "not-ready",
}

log = logging.getLogger("service")


class ApiError(HTTPException):
    """An HTTP error that knows its problem code and the fields at fault."""

    def __init__(
        self, status: int, code: str, detail: str, errors: list[dict[str, str]] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(detail)
        self.code = status
        self.problem_code = code
        self.errors = errors or []
        self.extra_headers = headers or {}

    def get_headers(self, environ: Any = None, scope: Any = None) -> list[tuple[str, str]]:
        return [("Content-Type", PROBLEM_JSON), *self.extra_headers.items()]


def register_error_handlers(app: Flask) -> None:
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(ValidationError, lambda e: _respond(validation_problem(e)))
    app.register_error_handler(ScorerError, lambda e: _respond(scorer_problem(e)))
    app.register_error_handler(Exception, _unexpected)


def _http_error(e: HTTPException) -> Response:
    resp = e.get_response()  # keeps headers such as Allow and WWW-Authenticate
    status = resp.status_code
    if isinstance(e, ApiError):
        body = problem(status, e.problem_code, e.description or "", e.errors)
    else:
        code = _BY_STATUS.get(status) or _slug(e.name)
        body = problem(status, code, _detail(status, resp) or e.description or e.name)
    return _respond(body, resp.headers)


def _detail(status: int, resp: WerkzeugResponse) -> str | None:
    if status == 404:
        return f"no resource at {request.path}; see /openapi.yaml"
    if status == 405:
        return f"{request.method} is not allowed on {request.path}; allowed: {resp.headers.get('Allow', 'none')}"
    if status == 413:
        return f"the body is over the limit of {current_app.config['MAX_CONTENT_LENGTH']} bytes"
    return None


def _unexpected(e: Exception) -> Response:
    rec = record_of(request.environ)
    rid = rec.id if rec is not None else "-"
    log.exception("unhandled exception", extra={"request_id": rid})
    detail = f"an unexpected error occurred; quote request id {rid} when reporting it"
    return _respond(problem(500, "internal-error", detail))


def _respond(body: dict[str, Any], headers: Headers | None = None) -> Response:
    request.environ[PROBLEM_KEY] = body["type"]  # for the access log line (service/log.py)
    return json_response(body, body["status"], headers=headers, mimetype=PROBLEM_JSON)


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
