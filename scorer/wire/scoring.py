"""A /v1/score body to its answer, as a plain dict: the result, or the problem it would answer.

The views use it for ``/v1/score`` and for each slot of ``/v1/score/batch``; ``python -m scorer
bulk`` uses it for each line (``answer_json``). It imports neither Flask nor marshmallow: a good body passes the
fast check (``fastbody``) and is scored; only a body the fast check leaves to the
schema loads marshmallow and the schemas (once, on first use), so a bulk run of good lines never
pays for the web stack's import.
"""

from __future__ import annotations

import logging
from functools import cache
from typing import TYPE_CHECKING, Any

import scorer
from scorer.api import read_hand

from . import jsonbody
from .fastbody import fast_load
from .problems import problem, scorer_problem, validation_problem

if TYPE_CHECKING:
    from marshmallow import Schema

log = logging.getLogger("service")


def answer_json(raw: bytes | str) -> bytes:
    """What ``/v1/score`` answers to the body ``raw``, as JSON (a problem carries its status):
    read as the service reads a body (``jsonbody``), never raising."""
    if isinstance(raw, str):  # a line from a text source (a Dask bag); orjson judges what it holds
        raw = raw.encode("utf-8", "surrogatepass")
    try:
        data = jsonbody.loads(raw)
    except jsonbody.Malformed as e:
        detail = "the body is empty" if not raw.strip() else f"the body is not valid JSON: {e}"
        return jsonbody.dumps(problem(400, "malformed-json", detail, [{"pointer": "", "detail": detail}]))
    return jsonbody.dumps(score_item(data))


def score_one(body: dict[str, Any]) -> dict[str, Any]:
    """A body that passed the schema -> the scorer's result, as JSON. Raises ``ScorerError``."""
    hand = body["hand"]
    hand = scorer.Hand.parse(hand) if isinstance(hand, str) else read_hand(hand)
    ruleset = body.get("ruleset", scorer.rules.DEFAULT)
    fields = body.get("context", {})
    book = scorer.rules.RULESETS.get(ruleset) if type(ruleset) is str else None
    context = scorer.Context.build(**(fields if book is None else book.context_of(fields)))
    return scorer.score(hand, context, ruleset=ruleset,
                        options=body.get("options"), explain=body.get("explain", False)).to_dict()


def score_item(item: Any) -> dict[str, Any]:
    """One batch slot or bulk line (its JSON value): a result, or the problem it would have been
    as a ``/v1/score`` request of its own. Never raises."""
    try:
        body = fast_load(item)
        return score_one(body) if body is not None else _score_checked(item)
    except scorer.ScorerError as e:
        return scorer_problem(e)
    except Exception:
        log.exception("unhandled exception in a batch item")
        return problem(500, "internal-error", "an unexpected error occurred while scoring this item")


def _score_checked(item: Any) -> dict[str, Any]:
    """A body the fast check left to the schema: checked by it (which names every bad field),
    then scored."""
    from marshmallow import ValidationError

    try:
        body = score_schema().load(item)
    except ValidationError as e:
        return validation_problem(e)
    return score_one(body)


@cache
def score_schema() -> Schema:
    """The ``/v1/score`` body's schema, built on first use (schemas are stateless once built)."""
    from .schemas import ScoreRequestSchema

    return ScoreRequestSchema()
