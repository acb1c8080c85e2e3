"""The common /v1/score and /v1/score/batch bodies, checked fast and without marshmallow.

marshmallow costs ~60 us on a full body. ``fast_load`` accepts only bodies that are exactly of the
schema's shape with exact JSON types and returns them as ``ScoreRequestSchema().load`` would;
anything else returns None, and the schema (``schemas``) then runs and names every
error. So the schema stays the one judge: this is a strict subset of it
(tests/service/test_service_schemas.py checks that property). Both read the same declarations
(``scorer.shape``). This module imports neither Flask nor marshmallow, so that a caller whose
bodies are nearly all good (``python -m scorer bulk``) loads the schemas only for a bad one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import SCORE_FIELDS, Context, Hand
from ..context_field import DECLARED
from ..rules import version
from ..shape import MAX_NOTATION, MAX_TILE_LIST, MAX_TILE_STRING, FieldSpec, Kind, fields_of

MAX_BATCH = 1000  # requests in one POST /v1/score/batch

_PY_TYPES: dict[Kind, type] = {Kind.BOOL: bool, Kind.INT: int, Kind.WIND: str, Kind.TILE: str, Kind.NAME: str,
                               Kind.SUIT: str, Kind.FLOWERS: int}  # flowers by name take the schema's path


class _Shape:
    """One object's declared fields, arranged for quick checks."""

    def __init__(self, specs: Iterable[FieldSpec], also_required: tuple[str, ...] = ()) -> None:
        specs = tuple(specs)
        self.required = tuple(s.name for s in specs if s.required) + also_required
        self.scalars = {s.name: _PY_TYPES[s.kind] for s in specs if s.kind in _PY_TYPES}  # name -> exact type
        self.nullable = frozenset(s.name for s in specs if s.nullable)
        self.tiles = frozenset(s.name for s in specs if s.kind is Kind.TILES)
        self.lists = {s.name: (s.max_items or 0, _Shape(s.items)) for s in specs if s.kind is Kind.OBJECTS}
        self.objects = {s.name: _Shape(s.items) for s in specs if s.kind is Kind.OBJECT}

    def accepts(self, value: Any) -> bool:
        if type(value) is not dict:
            return False
        for name in self.required:
            if name not in value:
                return False
        for k, v in value.items():
            t = self.scalars.get(k)
            if t is not None:
                if type(v) is not t:
                    if v is None and k in self.nullable:
                        continue
                    return False
                if type(v) is str and len(v) > MAX_TILE_STRING:
                    return False
            elif k in self.tiles:
                if not _tiles(v):
                    return False
            elif k in self.objects:
                if not self.objects[k].accepts(v):
                    return False
            else:
                items = self.lists.get(k)
                if items is None:
                    return False  # an unknown field or a kind the fast path leaves to the schema
                limit, item = items
                if type(v) is not list or len(v) > limit:
                    return False
                for x in v:
                    if not item.accepts(x):
                        return False
        return True


def _context_shape() -> _Shape:
    """The shared context fields and the registered books' own (``scorer.context_field``): a
    field of a plain kind (flag, number, wind, suit, name, tiles) is checked here as the shared
    ones are; any other kind takes the schema's path."""
    return _Shape((*fields_of(Context), *(f.spec for f in DECLARED.values())))


_CONTEXT = [_context_shape()]  # rebuilt when the registry changes (``version``)
_CONTEXT_AT = [version()]
# a hand without its winning tile (a win by the flowers alone) takes the schema's path, where its book judges it
_HAND = _Shape(fields_of(Hand), ("winning_tile",))
_SCORE = _Shape(SCORE_FIELDS)  # explain
_BODY_KEYS = frozenset({"hand", "context", "ruleset", *_SCORE.scalars})  # options take the schema's path


def fast_load(data: Any) -> dict[str, Any] | None:
    if type(data) is not dict or "hand" not in data or not data.keys() <= _BODY_KEYS:
        return None
    if "ruleset" in data and (type(data["ruleset"]) is not str or len(data["ruleset"]) > MAX_TILE_STRING):
        return None
    for name, t in _SCORE.scalars.items():
        if name in data and type(data[name]) is not t:
            return None
    if "context" in data:
        if _CONTEXT_AT[0] != version():
            _CONTEXT[0] = _context_shape()
            _CONTEXT_AT[0] = version()
        if not _CONTEXT[0].accepts(data["context"]):
            return None
    hand = data["hand"]
    if type(hand) is str:
        return data if len(hand) <= MAX_NOTATION else None
    return data if _HAND.accepts(hand) else None


def _tiles(value: Any) -> bool:
    if type(value) is str:
        return len(value) <= MAX_TILE_STRING
    if type(value) is not list or len(value) > MAX_TILE_LIST:
        return False
    for v in value:  # a plain loop: all() over a generator costs twice as much, on every tile list
        if type(v) is not str:
            return False
    return True


def fast_batch(data: Any) -> dict[str, Any] | None:
    """A batch body of the schema's shape (``{"requests": [1..MAX_BATCH items]}``), as
    ``BatchRequestSchema().load`` returns it; None leaves it to the schema. The items are each
    checked on their own, by ``fast_load`` or their own schema, when scored: marshmallow's pass
    over a thousand raw items here would only copy the list."""
    if type(data) is not dict or len(data) != 1:
        return None
    requests = data.get("requests")
    return data if type(requests) is list and 1 <= len(requests) <= MAX_BATCH else None
