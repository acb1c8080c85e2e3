"""Thin views: read the body, check its shape, call the scorer, dump. No rule lives here."""

from __future__ import annotations

import hmac
import logging
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Flask, Response, current_app, request
from marshmallow import Schema

import scorer
from scorer.wire import jsonbody
from scorer.wire.fastbody import fast_batch, fast_load
from scorer.wire.schemas import (
    BatchRequestSchema,
    MatchRequestSchema,
    ReplayRequestSchema,
    SichuanSettleRequestSchema,
    StandingsRequestSchema,
    WaitsRequestSchema,
)
from scorer.wire.scoring import score_item, score_one, score_schema

from .errors import ApiError
from .http import cached
from .responses import JSON, json_response

api = Blueprint("api", __name__, url_prefix="/v1")
ops = Blueprint("ops", __name__)
log = logging.getLogger("service")

# Schemas are stateless once built: build them once, not per request.
SCORE = score_schema()
BATCH = BatchRequestSchema()
MATCH = MatchRequestSchema()
WAITS = WaitsRequestSchema()
SICHUAN_SETTLE = SichuanSettleRequestSchema()
STANDINGS = StandingsRequestSchema()
REPLAY = ReplayRequestSchema()
CSV = "text/csv"
CANARY = "[222m1][444m2][666m3]88mWW8m"


def require_api_keys(app: Flask) -> None:
    """With ``API_KEYS`` set, every ``/v1`` request must bring one of them. Without, no check is
    registered at all: a hook that returns at once still costs each request Flask's hook dispatch."""
    if app.config["API_KEYS"]:
        app.before_request(_require_api_key)


def _require_api_key() -> None:
    if request.blueprint != api.name or request.method == "OPTIONS":  # a CORS preflight carries no key
        return
    keys: tuple[bytes, ...] = current_app.config["API_KEYS"]
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
    return json_response({"results": [score_item(item) for item in _body(BATCH, fast_batch)["requests"]]})


@api.post("/match")
def match() -> Response:
    return json_response(scorer.mcr.settle(scorer.mcr.Room.build(**_body(MATCH))).to_dict())


@api.post("/sichuan/settle")
def sichuan_settle() -> Response:
    return json_response(scorer.sichuan.settle(scorer.sichuan.Play.build(**_body(SICHUAN_SETTLE))).to_dict())


@api.post("/replay")
def replay() -> Response:
    return json_response(scorer.replay(scorer.Record.build(**_body(REPLAY))).to_dict())


@api.post("/standings")
def standings() -> Response:
    result = scorer.standings(scorer.Tournament.build(**_body(STANDINGS)))
    if request.accept_mimetypes.best_match([JSON, CSV]) == CSV:
        return Response(result.to_csv(), mimetype=CSV,
                        headers={"Content-Disposition": "inline; filename=standings.csv"})
    return json_response(result.to_dict())


@api.post("/waits")
def waits() -> Response:
    body = _body(WAITS)
    return json_response(scorer.analyze(body["hand"], body.get("context"), visible=body.get("visible", ()),
                                        ruleset=body.get("ruleset", scorer.rules.DEFAULT),
                                        options=body.get("options")).to_dict())


@api.get("/rulesets")
def rulesets() -> Response:
    return cached(current_app.extensions["mcr"]["rulesets"], JSON)


@api.get("/fans")
def fans() -> Response:
    name = request.args.get("ruleset", scorer.rules.DEFAULT)
    table = current_app.extensions["mcr"]["fans"].get(name)
    if table is None:
        scorer.rulebook(name)  # raises: an unknown rule book is a 422 pointing at /ruleset
    return cached(table, JSON)


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
    return cached(current_app.extensions["mcr"]["openapi"], "application/yaml")


@ops.get("/openapi.json")
def openapi_json() -> Response:
    """The same document as JSON, for tools that read no YAML (client generators among them)."""
    return cached(current_app.extensions["mcr"]["openapi_json"], JSON)


# --- the request body ------------------------------------------------------------------------------
def _body(schema: Schema, fast: Callable[[Any], Any] | None = None) -> Any:
    if request.environ.get("CONTENT_TYPE") != JSON:  # the usual header as sent; any other is parsed
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
