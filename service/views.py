"""Thin views: read the body, check its shape, call the scorer, dump. No rule lives here."""

from __future__ import annotations

import hmac
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from flask import Blueprint, Flask, Response, current_app, request
from marshmallow import Schema
from werkzeug.datastructures import MIMEAccept
from werkzeug.http import parse_options_header

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

from . import edge
from .errors import ApiError
from .http import cached, vary
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


def require_api_keys(app: Flask) -> None:
    """With ``API_KEYS`` set, every ``/v1`` request must bring one of them. Without, no check is
    registered at all: a hook that returns at once still costs each request Flask's hook dispatch."""
    if app.config["API_KEYS"]:
        app.before_request(_require_api_key)


def _require_api_key() -> None:
    if request.blueprint != api.name or request.method == "OPTIONS":  # a CORS preflight carries no key
        return
    if not has_api_key(request.environ, current_app.config["API_KEYS"]):
        raise ApiError(401, "unauthorized", "send a valid API key as 'Authorization: Bearer <key>'",
                       headers={"WWW-Authenticate": 'Bearer realm="mahjong-scorer"'})


def media_type_refusal(environ: dict[str, Any]) -> ApiError | None:
    """The 415 a body earns by its ``Content-Type`` alone: every body the API reads is JSON."""
    sent = environ.get("CONTENT_TYPE")
    if sent == JSON:  # the usual header as sent; any other is parsed
        return None
    mt = parse_options_header(sent)[0].lower()
    if mt == JSON or (mt.startswith("application/") and mt.endswith("+json")):
        return None
    return ApiError(415, "unsupported-media-type", f"send the body as {JSON} (got Content-Type: {sent or 'none'})")


def has_api_key(environ: dict[str, Any], keys: tuple[bytes, ...]) -> bool:
    """Whether the request's ``Authorization`` is ``Bearer`` and one of ``keys``."""
    scheme, _, token = environ.get("HTTP_AUTHORIZATION", "").partition(" ")
    given = token.strip().encode()
    return scheme.lower() == "bearer" and bool(given) and any(hmac.compare_digest(given, k) for k in keys)


def refused_by_head(app: Flask) -> Callable[[dict[str, Any]], bool]:
    """Whether the app answers a POST without reading its body (the compute lane then leaves it
    unread, and the worker sends no ``100 Continue``): one its head refuses (``service/edge.py``),
    a ``/v1`` request whose body is not JSON (every ``/v1`` POST reads JSON, or is a 404), or, with
    API keys on, a ``/v1`` request without a valid one."""
    keys: tuple[bytes, ...] = app.config["API_KEYS"]
    prefix = (api.url_prefix or "") + "/"

    def refused(environ: dict[str, Any]) -> bool:
        if edge.refusal(environ) is not None:
            return True
        if not environ.get("PATH_INFO", "").startswith(prefix):
            return False
        return media_type_refusal(environ) is not None or bool(keys) and not has_api_key(environ, keys)

    return refused


@api.post("/score")
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
EARLY_KEY = "scorer.early"  # the WSGI environ key of what the fast answer learnt of a body it handed on


@dataclass(frozen=True, slots=True)
class Early:
    """What ``service/fastscore.py`` learnt of a ``POST /v1/score`` before handing it to Flask, so
    that the body is read, parsed and scored once: its JSON value, or why it is not JSON (the 400's
    detail); and the score's answer (one large enough to compress) or what scoring raised (its
    traceback dropped: it held the fast answer's frame, and so the body)."""

    data: Any = None
    malformed: str | None = None
    result: dict[str, Any] | None = None
    error: BaseException | None = None


def _scored() -> dict[str, Any] | None:
    """The fast answer's score of this request, if it scored it (its error raised again), else None."""
    early: Early | None = request.environ.get(EARLY_KEY)
    if early is None or (early.result is None and early.error is None):
        return None
    del request.environ[EARLY_KEY]
    if early.error is None:
        return early.result
    error = early.error
    try:
        raise error
    finally:  # the traceback holds this frame: left in it, these would hold the traceback in a cycle
        del early, error


def _query(*takes: str) -> None:
    """A query parameter the operation does not take is refused, never ignored (``?book=`` for
    ``?ruleset=`` would answer the default book). One environ lookup when there is none."""
    if not request.environ.get("QUERY_STRING"):
        return
    unknown = sorted(k for k in request.args if k not in takes)
    if unknown:
        known = f"it takes {', '.join(takes)}" if takes else "it takes no query parameters"
        raise ApiError(400, "unknown-parameter", f"unknown query parameter {unknown[0]!r} on {request.path}: {known}")


def _body(schema: Schema, fast: Callable[[Any], Any] | None = None) -> Any:
    _query()
    refused = media_type_refusal(request.environ)
    if refused is not None:
        raise refused
    early: Early | None = request.environ.pop(EARLY_KEY, None)  # the body as the fast answer read it
    if early is None:
        raw = request.get_data(cache=False)  # past MAX_CONTENT_LENGTH this raises 413
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
