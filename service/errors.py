"""One place for errors: every failure leaves as an RFC 9457 ``application/problem+json`` body.

A problem's ``type`` is ``TYPE_BASE + code``; codes are stable (clients may switch on them). Each
``ScorerError.code`` maps one-to-one (``unknown_tile`` -> ``.../unknown-tile``); the HTTP-level
codes are listed in ``TITLES``. ``errors`` lists ``{"pointer", "detail"}`` per bad field (RFC 6901
pointers into the request body); it is empty when no field is to blame. A problem lists at most
``MAX_LISTED`` of them (in ``errors`` and in ``detail``) and counts the rest in ``more_errors``, and
a pointer longer than ``MAX_POINTER`` is cut back to the deepest enclosing field that fits: what a
problem echoes stays small whatever the body held (90,000 unknown keys once made a 7 MB answer).
"""

from __future__ import annotations

import logging
import re
from typing import Any

from flask import Flask, Response, current_app, g, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as WerkzeugResponse

from scorer import ScorerError

from .responses import PROBLEM_JSON, json_response
from .schemas import error_pointers

TYPE_BASE = "https://mcr-scorer.dev/problems/"
MAX_LISTED = 50  # problems listed per response; the rest are counted in ``more_errors``
MAX_POINTER = 256  # characters of a pointer echoed back

# code -> title. Titles are fixed per type (RFC 9457 §3.1.3); ``detail`` says what happened.
TITLES: dict[str, str] = {
    # HTTP level
    "malformed-json": "Malformed JSON",
    "bad-request": "Bad request",
    "unauthorized": "Unauthorized",
    "not-found": "Not found",
    "method-not-allowed": "Method not allowed",
    "payload-too-large": "Payload too large",
    "unsupported-media-type": "Unsupported media type",
    "validation-error": "Invalid request",
    "internal-error": "Internal server error",
    "not-ready": "Not ready",
    # scorer.ScorerError codes, hyphenated
    "unknown-tile": "Unknown tile",
    "bad-notation": "Unreadable notation",
    "tile-count": "Wrong number of tiles",
    "too-many-copies": "More than four copies of a tile",
    "bad-meld": "Not a chow, pung or kong",
    "concealed-not-kong": "Only a kong can be concealed",
    "bad-flowers": "Bad flowers",
    "bad-wind": "Unknown wind",
    "bad-base-points": "Bad base points",
    "contradictory-context": "Contradictory context",
    "bad-value": "Bad value",
    # the rule-book layer
    "bad-ruleset": "Unknown rule book",
    "bad-option": "Bad house rule",
    "not-in-ruleset": "Not part of this rule book",
    # Sichuan (a hand, and a whole hand of play: POST /v1/sichuan/settle)
    "honour-in-sichuan": "No honour tiles in Sichuan",
    "chow-in-sichuan": "No chows in Sichuan",
    "missing-suit-required": "Missing suit required",
    "missing-suit-held": "The missing suit is still held",
    "player-out": "A player who has already won",
    "too-many-winners": "More than three winners",
    "bad-robbing": "Impossible robbing of a kong",
    "bad-kong": "Impossible kong",
    "bad-exhausted": "Bad exhausted wall",
    "hand-over": "The hand of play is over",
    # a room (POST /v1/match)
    "unknown-player": "Unknown player",
    "duplicate-player": "Duplicate player name",
    "bad-beans": "Bad beans",
    "bad-room-length": "Bad room length",
    "too-many-hands": "More hands than the room has",
    "hand-after-leave": "A hand after a player left",
    "bad-claim": "Impossible claim",
    "not-winning": "Not a complete hand",
    "under-minimum": "Under the 8-point minimum",
    "bad-points": "Bad points",
}

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


def problem(status: int, code: str, detail: str, errors: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """The problem object; also what a failing batch item becomes. Lists at most ``MAX_LISTED``
    errors; ``more_errors`` counts the rest."""
    errors = errors or []
    body: dict[str, Any] = {
        "type": TYPE_BASE + code,
        "title": TITLES.get(code, code.replace("-", " ").capitalize()),
        "status": status,
        "detail": detail,
        "errors": [_bounded(e) for e in errors[:MAX_LISTED]],
    }
    if len(errors) > MAX_LISTED:
        body["more_errors"] = len(errors) - MAX_LISTED
    return body


def _bounded(error: dict[str, str]) -> dict[str, str]:
    """An error whose pointer fits ``MAX_POINTER``: else it points at the deepest enclosing field
    that fits, and says so (a field name of a megabyte is not echoed back)."""
    pointer = error["pointer"]
    if len(pointer) <= MAX_POINTER:
        return error
    parent = pointer[:MAX_POINTER + 1].rsplit("/", 1)[0]
    return {"pointer": parent, "detail": f"in a field whose name is too long to repeat: {error['detail']}"}


def scorer_problem(e: ScorerError) -> dict[str, Any]:
    return problem(422, e.code.replace("_", "-"), e.message, [{"pointer": e.pointer, "detail": e.message}])


def validation_problem(e: ValidationError, prefix: str = "") -> dict[str, Any]:
    errors = error_pointers(e.messages, prefix)
    listed = "; ".join(f"{x['pointer'] or '(body)'}: {x['detail']}" for x in map(_bounded, errors[:MAX_LISTED]))
    more = f"; and {len(errors) - MAX_LISTED} more" if len(errors) > MAX_LISTED else ""
    return problem(422, "validation-error", f"the request does not match the schema: {listed}{more}", errors)


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
    return json_response(body, status, headers=resp.headers, mimetype=PROBLEM_JSON)


def _detail(status: int, resp: WerkzeugResponse) -> str | None:
    if status == 404:
        return f"no resource at {request.path}; see /openapi.yaml"
    if status == 405:
        return f"{request.method} is not allowed on {request.path}; allowed: {resp.headers.get('Allow', 'none')}"
    if status == 413:
        return f"the body is over the limit of {current_app.config['MAX_CONTENT_LENGTH']} bytes"
    return None


def _unexpected(e: Exception) -> Response:
    rid = g.get("request_id", "-")
    log.exception("unhandled exception", extra={"request_id": rid})
    detail = f"an unexpected error occurred; quote request id {rid} when reporting it"
    return _respond(problem(500, "internal-error", detail))


def _respond(body: dict[str, Any]) -> Response:
    return json_response(body, body["status"], mimetype=PROBLEM_JSON)


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
