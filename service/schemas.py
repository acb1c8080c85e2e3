"""Request schemas: JSON types and shape only, checked at the edge.

What a value *means* (a tile code, a wind, a meld, a contradiction) is the scorer's to judge: it
raises ``ScorerError`` with the field at fault. These schemas only refuse what is the wrong JSON
type or an unknown field, so no rule is written twice.
"""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate

MAX_BATCH = 1000
# Size limits, not rules: far above any real hand (18 tiles), they only stop a 1 MiB string or list
# from costing seconds of CPU in the parser. Whether a size is legal stays the scorer's question.
MAX_NOTATION = 256
MAX_TILE_STRING = 128
MAX_TILE_LIST = 32
MAX_MELDS = 8


class StrictBool(fields.Field):
    """A JSON boolean and nothing else: no ``"true"``, no ``0``/``1``."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError("must be a JSON boolean (true or false)")
        return value


class StrictInt(fields.Field):
    """A JSON integer: no booleans, no ``1.0``, no strings. Ranges are the scorer's to judge."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError("must be a JSON integer")
        return value


class Str(fields.Field):
    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        if not isinstance(value, str):
            raise ValidationError("must be a string")
        if len(value) > MAX_TILE_STRING:
            raise ValidationError(f"longer than {MAX_TILE_STRING} characters")
        return value


class Tiles(fields.Field):
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


class BoundedList(fields.List):
    """A list whose length is checked before its items are (a long list costs nothing)."""

    def __init__(self, inner: fields.Field, max_items: int, **kwargs: Any) -> None:
        super().__init__(inner, **kwargs)
        self.max_items = max_items

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> list[Any]:
        if isinstance(value, list) and len(value) > self.max_items:
            raise ValidationError(f"more than {self.max_items} items")
        return super()._deserialize(value, attr, data, **kwargs)


class StrictSchema(Schema):
    class Meta:
        unknown = RAISE


class MeldSchema(StrictSchema):
    tiles = Tiles(required=True)
    concealed = StrictBool()


class HandSchema(StrictSchema):
    concealed = Tiles(required=True)
    melds = BoundedList(fields.Nested(MeldSchema), max_items=MAX_MELDS)
    winning_tile = Str(required=True)
    flowers = StrictInt()


class HandField(fields.Field):
    """The hand: an object of parts, or one string in the reference notation."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._schema = HandSchema()

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str | dict[str, Any]:
        if isinstance(value, str):
            if len(value) > MAX_NOTATION:
                raise ValidationError(f"longer than {MAX_NOTATION} characters")
            return value
        if isinstance(value, dict):
            return self._schema.load(value)
        raise ValidationError("must be an object or a string in the reference notation")


class ContextSchema(StrictSchema):
    self_drawn = StrictBool()
    seat_wind = Str()
    prevalent_wind = Str()
    last_copy = StrictBool()
    last_wall_tile = StrictBool()
    kong_replacement = StrictBool()
    robbing_kong = StrictBool()
    discarder = Str(allow_none=True)
    base_points = StrictInt()


class ScoreRequestSchema(StrictSchema):
    hand = HandField(required=True)
    context = fields.Nested(ContextSchema)


class BatchRequestSchema(StrictSchema):
    # Items are checked one by one, so that one bad item fails only its own slot.
    requests = fields.List(
        fields.Raw(),
        required=True,
        validate=validate.Length(min=1, max=MAX_BATCH, error=f"must hold 1 to {MAX_BATCH} requests"),
    )


# --- the common case, fast ------------------------------------------------------------------------
# marshmallow costs ~60 us on a full body. ``fast_load`` accepts only bodies that are exactly of the
# schema's shape with exact JSON types and returns them as ``ScoreRequestSchema().load`` would;
# anything else returns None, and the schema then runs and names every error. So the schema stays
# the one judge: this is a strict subset of it (tests/test_service_schemas.py checks that property).
_CONTEXT_TYPES: dict[str, type] = {
    "self_drawn": bool, "seat_wind": str, "prevalent_wind": str, "last_copy": bool, "last_wall_tile": bool,
    "kong_replacement": bool, "robbing_kong": bool, "discarder": str, "base_points": int,
}
_HAND_KEYS = frozenset({"concealed", "melds", "winning_tile", "flowers"})
_MELD_KEYS = frozenset({"tiles", "concealed"})
_BODY_KEYS = frozenset({"hand", "context"})


def fast_load(data: Any) -> dict[str, Any] | None:
    if type(data) is not dict or "hand" not in data or not data.keys() <= _BODY_KEYS:
        return None
    context = data.get("context")
    if context is not None or "context" in data:
        if type(context) is not dict:
            return None
        for k, v in context.items():
            t = _CONTEXT_TYPES.get(k)
            if t is None or (type(v) is not t and not (v is None and k == "discarder")):
                return None
            if type(v) is str and len(v) > MAX_TILE_STRING:
                return None
    hand = data["hand"]
    if type(hand) is str:
        return data if len(hand) <= MAX_NOTATION else None
    if (type(hand) is not dict or not hand.keys() <= _HAND_KEYS or "concealed" not in hand
            or "winning_tile" not in hand or type(hand["winning_tile"]) is not str
            or len(hand["winning_tile"]) > MAX_TILE_STRING
            or not _tiles(hand["concealed"]) or ("flowers" in hand and type(hand["flowers"]) is not int)):
        return None
    melds = hand.get("melds", ())
    if "melds" in hand and (type(melds) is not list or len(melds) > MAX_MELDS):
        return None
    for m in melds:
        if (type(m) is not dict or "tiles" not in m or not m.keys() <= _MELD_KEYS or not _tiles(m["tiles"])
                or ("concealed" in m and type(m["concealed"]) is not bool)):
            return None
    return data


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
