"""Thin views: read the body, check its shape, call the scorer, dump. No rule lives here."""

from __future__ import annotations

import hmac
import logging
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app, request
from marshmallow import Schema, ValidationError

import scorer

from . import jsonbody
from .errors import ApiError, problem, scorer_problem, validation_problem
from .responses import JSON, json_response
from .schemas import BatchRequestSchema, MatchRequestSchema, ScoreRequestSchema, WaitsRequestSchema, fast_load

api = Blueprint("api", __name__, url_prefix="/v1")
ops = Blueprint("ops", __name__)
log = logging.getLogger("service")

# Schemas are stateless once built: build them once, not per request.
SCORE = ScoreRequestSchema()
BATCH = BatchRequestSchema()
MATCH = MatchRequestSchema()
WAITS = WaitsRequestSchema()
CANARY = "[222m1][444m2][666m3]88mWW8m"


@api.before_request
def require_api_key() -> None:
    keys: tuple[bytes, ...] = current_app.config["API_KEYS"]
    if not keys:
        return
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    given = token.strip().encode()
    if scheme.lower() == "bearer" and given and any(hmac.compare_digest(given, k) for k in keys):
        return
    raise ApiError(401, "unauthorized", "send a valid API key as 'Authorization: Bearer <key>'",
                   headers={"WWW-Authenticate": 'Bearer realm="mcr-scorer"'})


@api.post("/score")
def score() -> Response:
    return json_response(score_one(_body(SCORE, fast_load)))


@api.post("/score/batch")
def score_batch() -> Response:
    return json_response({"results": [score_item(item) for item in _body(BATCH)["requests"]]})


@api.post("/match")
def match() -> Response:
    return json_response(scorer.settle(scorer.Room.build(**_body(MATCH))).to_dict())


@api.post("/waits")
def waits() -> Response:
    body = _body(WAITS)
    return json_response(scorer.analyze(body["hand"], body.get("context"), visible=body.get("visible", ()),
                                        ruleset=body.get("ruleset", scorer.rules.DEFAULT),
                                        options=body.get("options")).to_dict())


@api.get("/rulesets")
def rulesets() -> Response:
    return Response(current_app.extensions["mcr"]["rulesets"], mimetype=JSON)


@api.get("/fans")
def fans() -> Response:
    name = request.args.get("ruleset", scorer.rules.DEFAULT)
    table = current_app.extensions["mcr"]["fans"].get(name)
    if table is None:
        scorer.rulebook(name)  # raises: an unknown rule book is a 422 pointing at /ruleset
    return Response(table, mimetype=JSON)


@ops.get("/healthz")
def healthz() -> Response:
    return json_response({"status": "ok"})


@ops.get("/readyz")
def readyz() -> Response:
    state = current_app.extensions["mcr"]
    if not state["ready"]:
        try:
            scorer.score(CANARY, discarder="S")  # the engine loads and answers
        except Exception:
            log.exception("readiness check failed")
            raise ApiError(503, "not-ready", "the scorer failed its readiness check") from None
        state["ready"] = True
    return json_response({"status": "ready", "compiled": scorer.COMPILED})


@ops.get("/openapi.yaml")
def openapi() -> Response:
    return Response(current_app.extensions["mcr"]["openapi"], mimetype="application/yaml")


# --- translation between the JSON body and the scorer ---------------------------------------------
def score_one(body: dict[str, Any]) -> dict[str, Any]:
    """A body that passed the schema -> the scorer's result, as JSON. Raises ``ScorerError``."""
    hand = body["hand"]
    hand = scorer.Hand.parse(hand) if isinstance(hand, str) else scorer.Hand.build(**hand)
    context = scorer.Context.build(**body.get("context", {}))
    return scorer.score(hand, context, ruleset=body.get("ruleset", scorer.rules.DEFAULT),
                        options=body.get("options")).to_dict()


def score_item(item: Any) -> dict[str, Any]:
    """One batch slot: a result, or the problem it would have been on its own."""
    try:
        return score_one(fast_load(item) or SCORE.load(item))
    except ValidationError as e:
        return validation_problem(e)
    except scorer.ScorerError as e:
        return scorer_problem(e)
    except Exception:
        log.exception("unhandled exception in a batch item")
        return problem(500, "internal-error", "an unexpected error occurred while scoring this item")


def _body(schema: Schema, fast: Callable[[Any], Any] | None = None) -> Any:
    mt = request.mimetype
    if mt != JSON and not (mt.startswith("application/") and mt.endswith("+json")):
        got = request.headers.get("Content-Type") or "none"
        raise ApiError(415, "unsupported-media-type", f"send the body as {JSON} (got Content-Type: {got})")
    raw = request.get_data(cache=False)  # past MAX_CONTENT_LENGTH this raises 413
    try:
        data = jsonbody.loads(raw)
    except jsonbody.Malformed as e:
        detail = "the body is empty" if not raw.strip() else f"the body is not valid JSON: {e}"
        raise ApiError(400, "malformed-json", detail, [{"pointer": "", "detail": detail}]) from None
    return (fast and fast(data)) or schema.load(data)
