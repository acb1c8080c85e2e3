"""Request schemas: JSON types and shape only, checked at the edge, derived from the library.

Each request field is declared once, on the library's value types (``scorer.Context``,
``scorer.Hand``; see ``scorer.shape``): ``schema_for`` turns a value type into a marshmallow schema,
and the fast path (``fastbody``, re-exported here) reads the same declarations. What a
value *means* (a tile code, a wind, a meld, a contradiction) is the scorer's to judge: it raises
``ScorerError`` with the field at fault. These schemas only refuse what is the wrong JSON type, too
big, or an unknown field, so no rule is written twice. A new endpoint's body is ``schema_for`` of
its library value type (or a schema composed of such), plus a row in
``tests/service/test_service_spec_agreement.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate, validates_schema

from .. import (
    MELD_FIELDS,
    RULESETS,
    SCORE_FIELDS,
    WAIT_CONTEXT_FIELDS,
    WAITS_FIELDS,
    Context,
    Hand,
    Holding,
    Record,
    RecordAction,
    Tournament,
)
from ..context_field import DECLARED
from ..hand import MAX_FLOWERS
from ..records.record import ACTIONS, CLAIMS, MAX_WALL, WALL_RULES
from ..rules import DEFAULT, version
from ..rules.book import FAN_VALUES, PRESET, RuleBook
from ..shape import MAX_NOTATION, MAX_TILE_LIST, MAX_TILE_STRING, FieldSpec, Kind, fields_of
from .fastbody import MAX_BATCH
from .fastbody import fast_load as fast_load  # the common body without marshmallow: a strict subset of this schema


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
    """A closed object: each field it does not declare is an error, listed in the order of the
    body's keys. (marshmallow's own check, ``unknown = RAISE``, walks a set of the keys, whose order
    changes with the process's hash seed: two replicas would answer one body with different bytes.)"""

    class Meta:
        unknown = EXCLUDE  # refused below instead, in a stable order

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _no_unknown_fields(self, data: Any, original_data: Any, **kwargs: Any) -> None:
        if not isinstance(original_data, Mapping):
            return  # not an object: marshmallow has said so
        known = {f.data_key or name for name, f in self.load_fields.items()}
        unknown = {key: ["Unknown field."] for key in original_data if key not in known}
        if unknown:
            raise ValidationError(unknown)


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


# the shared fields, then those the registered books declare as their own (``scorer.context_field``)
ContextSchema = schema_for((*fields_of(Context), *(f.spec for f in DECLARED.values())), "ContextSchema")
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
            f: fields.Field[Any] = (StrictBool() if isinstance(o.default, bool) else Choice(o.choices) if o.choices
                                    else StrictInt())
            known = out.get(o.name)
            assert known is None or type(known) is type(f), f"option {o.name} has two kinds"
            if isinstance(f, Choice) and isinstance(known, Choice):
                f = Choice(dict.fromkeys((*known.choices, *f.choices)))
            out[o.name] = f
    out[PRESET] = Choice(dict.fromkeys(p.name for book in RULESETS.values() for p in book.presets))
    out[FAN_VALUES] = fields.Nested(FanValuesSchema)
    return out


def _fan_values_schema() -> type[Schema]:
    """``options.fan_values``: a fan id of any book whose values vary by house, each a whole number
    (which fans the book asked for has, and their range, are the book's to judge)."""
    return StrictSchema.from_dict(
        {r.id: StrictInt() for book in RULESETS.values() if book.fan_values is not None for r in book.fan_table},
        name="FanValuesSchema")


FanValuesSchema = _fan_values_schema()
OptionsSchema = StrictSchema.from_dict(_option_fields(), name="OptionsSchema")
_LIVE: dict[int, type[Schema]] = {version(): OptionsSchema}


def options_schema() -> type[Schema]:
    """The house rules as the registry has them now (a book registered after this module was
    loaded brings its options): rebuilt when the registry changes, read not copied."""
    at = version()
    known = _LIVE.get(at)
    if known is None:
        global FanValuesSchema
        FanValuesSchema = _fan_values_schema()
        _LIVE.clear()
        known = _LIVE[at] = StrictSchema.from_dict(_option_fields(), name="OptionsSchema")
    return known


class BookOptions(fields.Nested):
    """``options``: nested in the house rules of the registry as it is at each load."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(OptionsSchema, **kwargs)
        self._at = version()

    @property
    def schema(self) -> Schema:
        if self._at != version():
            self._at = version()
            self.nested = options_schema()
            self._schema = None
        return super().schema


def rulebook_fields() -> dict[str, fields.Field[Any]]:
    """``ruleset`` and ``options``, as every scoring request may give them."""
    return {"ruleset": Choice(RULESETS), "options": BookOptions()}


class _ScoreRequest(StrictSchema):
    """A scoring request: a hand object without its winning tile (a win by the flowers alone) only
    under a book that has such wins (``RuleBook.score_held``); under any other it is missing, as
    it was when every hand had one."""

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _winning_tile(self, data: Any, original: Any, **kwargs: Any) -> None:
        hand = original.get("hand") if isinstance(original, dict) else None
        if not isinstance(hand, dict) or "winning_tile" in hand:
            return
        name = original.get("ruleset", DEFAULT)
        book = RULESETS.get(name) if isinstance(name, str) else None
        if book is None or book.score_held is None:
            raise ValidationError({"hand": {"winning_tile": ["Missing data for required field."]}})


ScoreRequestSchema = _ScoreRequest.from_dict(
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


# --- a book's settlement (POST /v1/{ruleset}/settle): each book's declared fields ---------------------
def settle_schema(book: RuleBook) -> type[StrictSchema]:
    """The request body of a book's settlement: one field per ``settlement.fields``. An ``options``
    object that declares no fields of its own (MCR's room) is the house rules as the scoring
    requests take them (``OptionsSchema``); one that declares them (Sichuan's) is read by those."""
    assert book.settlement is not None, book.name
    out: dict[str, fields.Field[Any]] = {}
    for s in book.settlement.fields:
        if s.name == "options" and s.kind is Kind.OBJECT and not s.items:
            out[s.name] = fields.Nested(OptionsSchema, metadata={"spec": s})
        else:
            out[s.name] = field_for(s)
    generated = StrictSchema.from_dict(out, name=f"{book.name.title()}SettleRequestSchema")
    assert issubclass(generated, StrictSchema)
    return generated


def settle_schemas() -> Mapping[str, type[StrictSchema]]:
    """Each book that settles more than one win: its name -> its settlement's request schema, for
    the registry as it is now (made again when a book is registered or taken out)."""
    at = version()
    known = _SETTLE_AT.get(at)
    if known is None:
        _SETTLE_AT.clear()
        known = _SETTLE_AT[at] = MappingProxyType(
            {name: settle_schema(book) for name, book in RULESETS.items() if book.settlement is not None})
    return known


_SETTLE_AT: dict[int, Mapping[str, type[StrictSchema]]] = {}


# --- waits and discard advice (POST /v1/waits): schemas of the library's declarations --------------
HoldingSchema = schema_for(Holding)
WaitContextSchema = schema_for(WAIT_CONTEXT_FIELDS, "WaitContextSchema")
WaitsRequestSchema = StrictSchema.from_dict(
    {**{s.name: field_for(s) for s in WAITS_FIELDS}, **rulebook_fields()}, name="WaitsRequestSchema")


# --- a tournament's standings (POST /v1/standings): the library's declarations ----------------------
StandingsRequestSchema = schema_for(Tournament, "StandingsRequestSchema")


# --- a game record (POST /v1/replay): the library's declarations --------------------------------------
class TileList(fields.Field[str | list[str]]):
    """A long tile list (a whole wall): a compact string or a list of tile codes."""

    def __init__(self, max_items: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_items = max_items

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str | list[str]:
        if isinstance(value, str):
            if len(value) > 2 * self.max_items:
                raise ValidationError(f"longer than {2 * self.max_items} characters")
            return value
        if isinstance(value, list):
            if len(value) > self.max_items:
                raise ValidationError(f"more than {self.max_items} tiles")
            bad = {k: ["must be a tile code string"] for k, v in enumerate(value) if not isinstance(v, str)}
            if bad:
                raise ValidationError(bad)
            return value
        raise ValidationError("must be a compact tile string or a list of tile codes")


def _record_fields() -> dict[str, fields.Field[Any]]:
    out: dict[str, fields.Field[Any]] = {}
    for s in fields_of(Record):
        if s.name == "wall":
            out[s.name] = TileList(MAX_WALL, allow_none=True, metadata={"spec": s})
        elif s.name == "options":
            out[s.name] = fields.Nested(OptionsSchema)
        elif s.name == "ruleset":
            out[s.name] = Choice(RULESETS)
        elif s.name == "walls":
            out[s.name] = Choice(WALL_RULES)
        elif s.name == "actions":
            out[s.name] = BoundedList(fields.Nested(RecordActionSchema), max_items=s.max_items or 0, required=True,
                                      metadata={"spec": s})
        else:
            out[s.name] = field_for(s)
    return out


def _action_fields() -> dict[str, fields.Field[Any]]:
    out: dict[str, fields.Field[Any]] = {}
    for s in fields_of(RecordAction):
        if s.name == "action":
            out[s.name] = Choice(ACTIONS, required=True, metadata={"spec": s})
        elif s.name == "outranked":
            outranked = StrictSchema.from_dict(
                {"seat": field_for(s.items[0]), "action": Choice(CLAIMS, required=True, metadata={"spec": s.items[1]})},
                name="OutrankedSchema")
            out[s.name] = BoundedList(fields.Nested(outranked), max_items=s.max_items or 3, metadata={"spec": s})
        else:
            out[s.name] = field_for(s)
    return out


RecordActionSchema = StrictSchema.from_dict(_action_fields(), name="RecordActionSchema")
ReplayRequestSchema = StrictSchema.from_dict(_record_fields(), name="ReplayRequestSchema")
