"""Request schemas: JSON types and shape only, checked at the edge, derived from the library.

Each request field is declared once, on the library's value types (``scorer.Context``,
``scorer.Hand``; see ``scorer.shape``): ``schema_for`` turns a value type into a marshmallow
schema, and the fast path below reads the same declarations. What a value *means* (a tile code, a
wind, a meld, a contradiction) is the scorer's to judge: it raises ``ScorerError`` with the field
at fault. These schemas only refuse what is the wrong JSON type, too big, or an unknown field, so
no rule is written twice. A new endpoint's body is ``schema_for`` of its library value type (or a
schema composed of such), plus a row in ``tests/test_service_spec_agreement.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from scorer import (
    MELD_FIELDS,
    ROOM_HAND_FIELDS,
    RULESETS,
    SCORE_FIELDS,
    WAIT_CONTEXT_FIELDS,
    WAITS_FIELDS,
    WIN_FIELDS,
    Context,
    Hand,
    Holding,
    Play,
    Player,
    Room,
)
from scorer.hand import MAX_FLOWERS
from scorer.shape import MAX_NOTATION, MAX_TILE_LIST, MAX_TILE_STRING, FieldSpec, Kind, fields_of

MAX_BATCH = 1000  # requests in one POST /v1/score/batch


class StrictBool(fields.Field[bool]):
    """A JSON boolean and nothing else: no ``"true"``, no ``0``/``1``."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError("must be a JSON boolean (true or false)")
        return value


class StrictInt(fields.Field[int]):
    """A JSON integer: no booleans, no ``1.0``, no strings. Ranges are the scorer's to judge."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError("must be a JSON integer")
        return value


class Str(fields.Field[str]):
    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        if not isinstance(value, str):
            raise ValidationError("must be a string")
        if len(value) > MAX_TILE_STRING:
            raise ValidationError(f"longer than {MAX_TILE_STRING} characters")
        return value


class Tiles(fields.Field[str | list[str]]):
    """A tile list: a compact string (``"123m EE"``) or a list of tile-code strings."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str | list[str]:
        if isinstance(value, str):
            if len(value) > MAX_TILE_STRING:
                raise ValidationError(f"longer than {MAX_TILE_STRING} characters")
            return value
        if isinstance(value, list):
            if len(value) > MAX_TILE_LIST:
                raise ValidationError(f"more than {MAX_TILE_LIST} tiles")
            bad = {k: ["must be a tile code string"] for k, v in enumerate(value) if not isinstance(v, str)}
            if bad:
                raise ValidationError(bad)
            return value
        raise ValidationError("must be a compact tile string or a list of tile codes")


def _short_strings(value: list[Any], max_items: int, noun: str, item: str) -> list[str]:
    """A list of at most ``max_items`` short strings (names, seats, flowers); each bad item named."""
    if len(value) > max_items:
        raise ValidationError(f"more than {max_items} {noun}")
    bad = {k: [item] for k, v in enumerate(value) if not isinstance(v, str) or len(v) > MAX_TILE_STRING}
    if bad:
        raise ValidationError(bad)
    return value


class Names(fields.Field[str | list[str]]):
    """A player's name, or a list of names (several claimants of one discard)."""

    def __init__(self, max_items: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_items = max_items

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str | list[str]:
        if isinstance(value, str):
            if len(value) > MAX_TILE_STRING:
                raise ValidationError(f"longer than {MAX_TILE_STRING} characters")
            return value
        if isinstance(value, list):
            return _short_strings(value, self.max_items, "names",
                                  f"must be a name string of at most {MAX_TILE_STRING} characters")
        raise ValidationError("must be a name or a list of names")


class Winds(fields.Field[list[str]]):
    """A short list of seat winds (Sichuan's ``out``); which winds, and repeats, the scorer judges."""

    def __init__(self, max_items: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_items = max_items

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> list[str]:
        if not isinstance(value, list):
            raise ValidationError("must be a list of seat winds")
        return _short_strings(value, self.max_items, "seats", "must be a seat wind string")


class Flowers(fields.Field[int | list[str]]):
    """Flowers: a JSON integer (how many), or a list of flower names (which: Hong Kong scores them)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int | list[str]:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, list):
            return _short_strings(value, MAX_FLOWERS, "flowers", "must be a flower name string")
        raise ValidationError("must be a JSON integer (how many) or a list of flower names")


class Choice(fields.Field[str]):
    """A short string naming one of a few things (a rule book, a house rule's setting); whether
    the name is known is the scorer's to judge, with the field it belongs to."""

    def __init__(self, choices: Iterable[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.choices = tuple(choices)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        if not isinstance(value, str):
            raise ValidationError(f"must be a string, one of {', '.join(self.choices)}")
        if len(value) > MAX_TILE_STRING:
            raise ValidationError(f"longer than {MAX_TILE_STRING} characters")
        return value


class BoundedList(fields.List[Any]):
    """A list whose length is checked before its items are (a long list costs nothing)."""

    def __init__(self, inner: fields.Field[Any], max_items: int, **kwargs: Any) -> None:
        super().__init__(inner, **kwargs)
        self.max_items = max_items

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> list[Any]:
        if isinstance(value, list) and len(value) > self.max_items:
            raise ValidationError(f"more than {self.max_items} items")
        return super()._deserialize(value, attr, data, **kwargs)


class StrictSchema(Schema):
    class Meta:
        unknown = RAISE


def field_for(spec: FieldSpec) -> fields.Field[Any]:
    """The marshmallow field for one declared request field (the spec rides along as metadata)."""
    kw: dict[str, Any] = {"required": spec.required, "allow_none": spec.nullable, "metadata": {"spec": spec}}
    if spec.kind is Kind.BOOL:
        return StrictBool(**kw)
    if spec.kind is Kind.INT:
        return StrictInt(**kw)
    if spec.kind is Kind.TILES:
        return Tiles(**kw)
    if spec.kind is Kind.OBJECTS:
        assert spec.max_items is not None, f"{spec.name}: a list needs max_items"
        return BoundedList(fields.Nested(schema_for(spec.items)), max_items=spec.max_items, **kw)
    if spec.kind is Kind.OBJECT:
        return fields.Nested(schema_for(spec.items), **kw)
    if spec.kind is Kind.NAMES:
        assert spec.max_items is not None, f"{spec.name}: a list of names needs max_items"
        return Names(spec.max_items, **kw)
    if spec.kind is Kind.WINDS:
        assert spec.max_items is not None, f"{spec.name}: a list of winds needs max_items"
        return Winds(spec.max_items, **kw)
    if spec.kind is Kind.FLOWERS:
        return Flowers(**kw)
    if spec.kind is Kind.HAND:  # the object's fields are Hand's unless the spec names others (items)
        return HandField(schema_for(spec.items, f"{spec.name.title()}Schema") if spec.items else None, **kw)
    return Str(**kw)  # WIND, TILE, NAME, SUIT: a short string whose meaning the scorer judges


def schema_for(value_type: type | Iterable[FieldSpec], name: str | None = None) -> type[StrictSchema]:
    """A strict marshmallow schema with one field per declared request field of ``value_type``
    (a dataclass whose fields carry ``scorer.shape.spec``), or of the given field specs."""
    specs = fields_of(value_type) if isinstance(value_type, type) else tuple(value_type)
    if name is None:
        name = f"{value_type.__name__}Schema" if isinstance(value_type, type) else "Schema"
    generated = StrictSchema.from_dict({s.name: field_for(s) for s in specs}, name=name)
    assert issubclass(generated, StrictSchema)  # from_dict subclasses the class it is called on
    return generated


ContextSchema = schema_for(Context)
HandSchema = schema_for(Hand)
MeldSchema = schema_for(MELD_FIELDS, "MeldSchema")  # as HandSchema nests it


class HandField(fields.Field[str | dict[str, Any]]):
    """The hand: an object of parts (``HandSchema`` unless told another), or one string in the
    reference notation."""

    def __init__(self, schema: type[Schema] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._schema = (schema or HandSchema)()

    @property
    def object_schema(self) -> Schema:
        """The schema of the hand as an object."""
        return self._schema

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str | dict[str, Any]:
        if isinstance(value, str):
            if len(value) > MAX_NOTATION:
                raise ValidationError(f"longer than {MAX_NOTATION} characters")
            return value
        if isinstance(value, dict):
            loaded: dict[str, Any] = self._schema.load(value)
            return loaded
        raise ValidationError("must be an object or a string in the reference notation")


# --- the rule book and its house rules: every book's options, each checked by its own book ----------
def _option_fields() -> dict[str, fields.Field[Any]]:
    """One field per house rule of any rule book: an unknown option is an unknown field; whether a
    value is in range for the book asked for is the book's to judge (``RuleBook.parse_options``)."""
    out: dict[str, fields.Field[Any]] = {}
    for book in RULESETS.values():
        for o in book.options:
            f: fields.Field[Any] = Choice(o.choices) if o.choices else StrictInt()
            known = out.get(o.name)
            assert known is None or type(known) is type(f), f"option {o.name} has two kinds"
            if isinstance(f, Choice) and isinstance(known, Choice):
                f = Choice(dict.fromkeys((*known.choices, *f.choices)))
            out[o.name] = f
    return out


OptionsSchema = StrictSchema.from_dict(_option_fields(), name="OptionsSchema")


def rulebook_fields() -> dict[str, fields.Field[Any]]:
    """``ruleset`` and ``options``, as every scoring request may give them."""
    return {"ruleset": Choice(RULESETS), "options": fields.Nested(OptionsSchema)}


ScoreRequestSchema = StrictSchema.from_dict(
    {"hand": HandField(required=True), "context": fields.Nested(ContextSchema), **rulebook_fields(),
     **{s.name: field_for(s) for s in SCORE_FIELDS}},  # explain
    name="ScoreRequestSchema")


class BatchRequestSchema(StrictSchema):
    # Items are checked one by one, so that one bad item fails only its own slot (null included:
    # its slot says it is not an object).
    requests = fields.List(
        fields.Raw(allow_none=True),
        required=True,
        validate=validate.Length(min=1, max=MAX_BATCH, error=f"must hold 1 to {MAX_BATCH} requests"),
    )


# --- a whole room (POST /v1/match): schemas of the library's declarations ---------------------------
MatchPlayerSchema = schema_for(Player, "MatchPlayerSchema")
MatchWinSchema = schema_for(WIN_FIELDS, "MatchWinSchema")
MatchHandSchema = schema_for(ROOM_HAND_FIELDS, "MatchHandSchema")
MatchRequestSchema = schema_for(Room, "MatchRequestSchema")


# --- a Sichuan hand of play (POST /v1/sichuan/settle): the library's declarations ----------------------
SichuanSettleRequestSchema = schema_for(Play, "SichuanSettleRequestSchema")


# --- waits and discard advice (POST /v1/waits): schemas of the library's declarations --------------
HoldingSchema = schema_for(Holding)
WaitContextSchema = schema_for(WAIT_CONTEXT_FIELDS, "WaitContextSchema")
WaitsRequestSchema = StrictSchema.from_dict(
    {**{s.name: field_for(s) for s in WAITS_FIELDS}, **rulebook_fields()}, name="WaitsRequestSchema")


# --- the common case, fast ------------------------------------------------------------------------
# marshmallow costs ~60 us on a full body. ``fast_load`` accepts only bodies that are exactly of the
# schema's shape with exact JSON types and returns them as ``ScoreRequestSchema().load`` would;
# anything else returns None, and the schema then runs and names every error. So the schema stays
# the one judge: this is a strict subset of it (tests/test_service_schemas.py checks that property).
# Both read the same declarations (``scorer.shape``).
_PY_TYPES: dict[Kind, type] = {Kind.BOOL: bool, Kind.INT: int, Kind.WIND: str, Kind.TILE: str, Kind.NAME: str,
                               Kind.SUIT: str, Kind.FLOWERS: int}  # flowers by name take the schema's path


class _Shape:
    """One object's declared fields, arranged for quick checks."""

    def __init__(self, specs: Iterable[FieldSpec]) -> None:
        specs = tuple(specs)
        self.required = tuple(s.name for s in specs if s.required)
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


_CONTEXT = _Shape(fields_of(Context))
_HAND = _Shape(fields_of(Hand))
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
    if "context" in data and not _CONTEXT.accepts(data["context"]):
        return None
    hand = data["hand"]
    if type(hand) is str:
        return data if len(hand) <= MAX_NOTATION else None
    return data if _HAND.accepts(hand) else None


def _tiles(value: Any) -> bool:
    if type(value) is str:
        return len(value) <= MAX_TILE_STRING
    return type(value) is list and len(value) <= MAX_TILE_LIST and all(type(v) is str for v in value)


def error_pointers(messages: Any, prefix: str = "") -> list[dict[str, str]]:
    """Flatten marshmallow's nested error messages into ``{"pointer", "detail"}`` items."""
    out: list[dict[str, str]] = []
    if isinstance(messages, dict):
        for key, sub in messages.items():
            here = prefix if key == "_schema" else f"{prefix}/{escape(str(key))}"
            out.extend(error_pointers(sub, here))
    elif isinstance(messages, list | tuple):
        for m in messages:
            out.extend(error_pointers(m, prefix))
    else:
        out.append({"pointer": prefix, "detail": _detail(str(messages))})
    return out


def escape(token: str) -> str:
    """One RFC 6901 reference token."""
    return token.replace("~", "~0").replace("/", "~1")


def _detail(message: str) -> str:
    if message == "Unknown field.":
        return "unknown field"
    if message == "Missing data for required field.":
        return "required field is missing"
    if message == "Invalid input type.":
        return "must be a JSON object"
    if message == "Field may not be null.":
        return "may not be null"
    if message == "Not a valid list.":
        return "must be a list"
    return message
