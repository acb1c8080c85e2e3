"""Thin views: read the body, check its shape, call the scorer, dump. No rule lives here."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from flask import Blueprint, Response, current_app, request
from marshmallow import Schema
from werkzeug.datastructures import MIMEAccept

import scorer
from scorer.records.record import MAX_ACTIONS, MAX_WALL
from scorer.shape import MAX_TILE_STRING
from scorer.wire import jsonbody
from scorer.wire.fastbody import fast_batch, fast_load
from scorer.wire.schemas import (
    BatchRequestSchema,
    ReplayRequestSchema,
    StandingsRequestSchema,
    WaitsRequestSchema,
    settle_schemas,
)
from scorer.wire.scoring import score_item, score_one, score_schema

from .chain import answers_without_flask
from .errors import ApiError
from .http import cached, vary
from .record import record_of
from .responses import JSON, json_response

api = Blueprint("api", __name__, url_prefix="/v1")
ops = Blueprint("ops", __name__)
log = logging.getLogger("service")

# Schemas are stateless once built: build them once, not per request.
SCORE = score_schema()
BATCH = BatchRequestSchema()
WAITS = WaitsRequestSchema()
_SETTLE: dict[type[Schema], Schema] = {}  # each settlement schema's one instance


def _settle_schema(ruleset: str) -> Schema | None:
    """The request schema of a book that settles more than one win, as the registry is now."""
    made = settle_schemas().get(ruleset)
    if made is None:
        return None
    schema = _SETTLE.get(made)
    if schema is None:
        if len(_SETTLE) >= 64:  # the registry moved many times (tests): the old books' schemas go
            _SETTLE.clear()
        schema = _SETTLE[made] = made()
    return schema
STANDINGS = StandingsRequestSchema()
REPLAY = ReplayRequestSchema()
CSV = "text/csv"
YAML_TYPES = ("application/yaml", "text/yaml")
CANARY = "[222m1][444m2][666m3]88mWW8m"


def score_plain(raw: bytes, fits: Callable[[bytes], bool]) -> bytes | Early:
    """``POST /v1/score`` without Flask (``service/chain.py``): the answer's bytes, or what the view
    is to answer from, so that a body is parsed and scored once whoever answers (a malformed or
    unusual body, a ``ScorerError``, an answer a hook wants Flask to make: Flask's answer)."""
    try:
        data = jsonbody.loads(raw)
    except jsonbody.Malformed as e:
        return Early(malformed=malformed(raw, e))
    try:
        body = fast_load(data)
        if body is None:
            return Early(data)  # the schema names what is wrong, or reads what the fast check passes on
        result = score_one(body)
    except Exception as e:  # noqa: BLE001  # a ScorerError, anything: Flask answers it as it would
        return Early(data, error=e.with_traceback(None))
    answer = jsonbody.dumps(result)
    return answer if fits(answer) else Early(data, result=result)


@api.post("/score")
@answers_without_flask(score_plain)
def score() -> Response:
    return json_response(_scored() or score_one(_body(SCORE, fast_load)))


@api.post("/score/batch")
def score_batch() -> Response:
    return json_response({"results": [score_item(item) for item in _body(BATCH, fast_batch)["requests"]]})


@api.post("/<ruleset>/settle")
def settle(ruleset: str) -> Response:
    book, schema = scorer.RULESETS.get(ruleset), _settle_schema(ruleset)
    if book is None or book.settlement is None or schema is None:
        raise ApiError(404, "not-found", _settles_nothing(ruleset))
    return json_response(book.settlement.of_body(_body(schema)).to_dict())


# Each book's older settlement paths (``Settlement.aliases``: POST /v1/match, ...), the same view for
# that book; an endpoint of their own, so that werkzeug does not redirect the one route to them.
for _name, _book in scorer.RULESETS.items():
    for _k, _alias in enumerate(_book.settlement.aliases if _book.settlement is not None else ()):
        api.add_url_rule(f"/{_alias}", f"settle_{_name}_{_k}", settle, methods=["POST"], defaults={"ruleset": _name})


def _settles_nothing(name: str) -> str:
    settling = ", ".join(settle_schemas())
    if name in scorer.RULESETS:
        return f"the rule book {name!r} settles no more than one win; books that settle: {settling}"
    return f"no rule book {name!r}; books that settle: {settling}"


@api.post("/replay")
def replay() -> Response:
    body = _body(REPLAY, _record)
    record = body if isinstance(body, scorer.Record) else scorer.Record.build(**body)
    return json_response(scorer.replay(record).to_dict())


def _record(data: Any) -> scorer.Record | None:
    """A plain record the library reads whole is taken as it is: ``Record.build`` checks every field
    the schema declares but the schema's bounds on strings and lists, which ``_plain`` checks here.
    Any other body goes through the schema, which names every field at fault."""
    if not isinstance(data, dict) or not _plain(data, MAX_LIST) or not all(
            type(a) is dict and all(type(v) is str or k == "outranked" for k, v in a.items())
            for a in data.get("actions") or ()):
        return None
    try:
        return scorer.Record.build(**data)
    except (scorer.ScorerError, TypeError):
        return None


MAX_LIST: Final = 32  # the schema's longest list but actions' and a wall's (scorer.shape.MAX_TILE_LIST)


def _plain(value: Any, most: int, key: str = "") -> bool:
    """Strings of at most 128 characters (a wall's 288) and lists within the schema's bounds, all the
    way down."""
    if type(value) is str:
        return len(value) <= (2 * MAX_WALL if key == "wall" else MAX_TILE_STRING)
    if type(value) is list:
        bound = MAX_ACTIONS if key == "actions" else MAX_WALL if key == "wall" else most
        return len(value) <= bound and all(_plain(v, most, key if key == "wall" else "") for v in value)
    if type(value) is dict:
        return all(_plain(v, most, k) for k, v in value.items())
    return True


@api.post("/standings")
def standings() -> Response:
    result = scorer.standings(scorer.Tournament.build(**_body(STANDINGS)))
    # by media type, whatever parameters the client adds (werkzeug matches "text/csv; charset=utf-8" to no offer)
    accept = MIMEAccept([(value.partition(";")[0].strip(), q) for value, q in request.accept_mimetypes])
    if accept.best_match([JSON, CSV]) == CSV:
        resp = Response(result.to_csv(), mimetype=CSV,
                        headers={"Content-Disposition": "inline; filename=standings.csv"})
    else:
        resp = json_response(result.to_dict())
    return vary(resp, "Accept")


@api.post("/waits")
def waits() -> Response:
    body = _body(WAITS)
    return json_response(scorer.analyze(body["hand"], body.get("context"), visible=body.get("visible", ()),
                                        ruleset=body.get("ruleset", scorer.rules.DEFAULT),
                                        options=body.get("options")).to_dict())


@api.get("/rulesets")
def rulesets() -> Response:
    _query()
    return cached(current_app.extensions["scorer"]["rulesets"], JSON)


@api.get("/fans")
def fans() -> Response:
    _query("ruleset")
    name = request.args.get("ruleset", scorer.rules.DEFAULT)
    table = current_app.extensions["scorer"]["fans"].get(name)
    if table is None:
        scorer.rulebook(name)  # raises: an unknown rule book is a 422 pointing at /ruleset
    return cached(table, JSON)


@ops.get("/healthz")
def healthz() -> Response:
    return json_response({"status": "ok"})


@ops.get("/readyz")
def readyz() -> Response:
    state = current_app.extensions["scorer"]
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
    """``application/yaml`` unless ``text/yaml`` is preferred (generated clients model no YAML type)."""
    best = request.accept_mimetypes.best_match(YAML_TYPES) if "HTTP_ACCEPT" in request.environ else None
    return cached(current_app.extensions["scorer"]["openapi"], best or YAML_TYPES[0])


@ops.get("/openapi.json")
def openapi_json() -> Response:
    """The same document as JSON, for tools that read no YAML (client generators among them)."""
    return cached(current_app.extensions["scorer"]["openapi_json"], JSON)


# --- the request ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Early:
    """What the plain answer of ``POST /v1/score`` learnt of a body before handing it to Flask, so
    that it is parsed and scored once: its JSON value, or why it is not JSON (the 400's detail); and
    the score's answer (one a hook wants made by Flask: large enough to compress) or what scoring
    raised (its traceback dropped: it held the plain handler's frame, and so the body)."""

    data: Any = None
    malformed: str | None = None
    result: dict[str, Any] | None = None
    error: BaseException | None = None


def _early() -> Early | None:
    """What the plain handler learnt of this request's body, taken from its record (None: nothing)."""
    rec = record_of(request.environ)
    early: Early | None = None
    if rec is not None:
        early, rec.early = rec.early, None
    return early


def _scored() -> dict[str, Any] | None:
    """The plain handler's score of this request, if it scored it (its error raised again), else None."""
    rec = record_of(request.environ)
    early: Early | None = rec.early if rec is not None else None
    if early is None or (early.result is None and early.error is None):
        return None
    _early()
    if early.error is None:
        return early.result
    error = early.error
    try:
        raise error
    finally:  # the traceback holds this frame: left in it, these would hold the traceback in a cycle
        del early, error


def _query(*takes: str) -> None:
    """A query parameter the operation does not take is refused, never ignored (``?book=`` for
    ``?ruleset=`` would answer the default book). One environ lookup when there is none. (A POST
    route takes none: the chain refuses one before the body is read.)"""
    if not request.environ.get("QUERY_STRING"):
        return
    unknown = sorted(k for k in request.args if k not in takes)
    if unknown:
        known = f"it takes {', '.join(takes)}" if takes else "it takes no query parameters"
        raise ApiError(400, "unknown-parameter", f"unknown query parameter {unknown[0]!r} on {request.path}: {known}")


def _body(schema: Schema, fast: Callable[[Any], Any] | None = None) -> Any:
    """The request's JSON value, checked: the body as the chain read it (its query, media type and
    length already held to the route's terms there), or as the plain handler parsed it."""
    early = _early()
    if early is None:
        rec = record_of(request.environ)
        raw = rec.body if rec is not None else None
        if raw is None:
            raise RuntimeError("a POST route's body was not read by the chain (service/chain.py)")
        try:
            data = jsonbody.loads(raw)
        except jsonbody.Malformed as e:
            early = Early(malformed=malformed(raw, e))
    if early is not None:
        if early.malformed is not None:
            raise ApiError(400, "malformed-json", early.malformed, [{"pointer": "", "detail": early.malformed}])
        data = early.data
    return (fast and fast(data)) or schema.load(data)


def malformed(raw: bytes, e: jsonbody.Malformed) -> str:
    """Why a body is not JSON (the 400's detail)."""
    return "the body is empty" if not raw.strip() else f"the body is not valid JSON: {e}"
