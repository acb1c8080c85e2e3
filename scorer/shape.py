"""The JSON shape of the library's request values, declared once, on the value types themselves.

A request field is a dataclass field whose metadata says its JSON kind, whether a request must
give it, its limits and a line of help (``spec``); ``fields_of`` reads them back. Everything else
that describes a request derives from that: the service's marshmallow schemas and its fast path,
the CLI's options, and (held by a test) the request schemas of ``openapi.yaml``. What a value
*means* stays the value type's to judge (``Context.build``, ``Hand.build``); the shape only says
which JSON types arrive and how big they may be.

Size limits live here too: far above any real hand (18 tiles), they only stop a huge string or
list from costing seconds of parser time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import MISSING, dataclass, fields, replace
from enum import StrEnum
from typing import Any, Final, TypeVar

from .errors import BAD_VALUE, Path, ScorerError

MAX_NOTATION: Final = 256  # a hand in the reference notation: at most 18 tiles and 4 melds
MAX_TILE_STRING: Final = 128  # a compact tile string (or any short string field)
MAX_TILE_LIST: Final = 32  # a list of tile codes

_SPEC = "scorer.shape"  # the metadata key


class Kind(StrEnum):
    """The JSON kinds a request field can take."""

    BOOL = "boolean"
    INT = "integer"
    WIND = "wind"  # one of E S W N
    TILE = "tile"  # one tile code
    TILES = "tiles"  # a compact tile string or a list of tile codes
    OBJECTS = "objects"  # a list of objects, each of the shape ``FieldSpec.items``
    OBJECT = "object"  # one object of the shape ``FieldSpec.items``
    NAME = "name"  # a player's name: a short string
    NAMES = "names"  # a player's name, or a list of at most ``FieldSpec.max_items`` names
    SUIT = "suit"  # one of m p s
    WINDS = "winds"  # a list of at most ``FieldSpec.max_items`` seat winds
    FLOWERS = "flowers"  # a count (0-8) or a list of flower names (plum ... winter, 梅 ... 冬)
    HAND = "hand"  # a hand as POST /v1/score takes it: an object of ``Hand``'s fields or the reference notation


@dataclass(frozen=True)
class FieldSpec:
    """One request field: its name, JSON kind, limits and help."""

    name: str
    kind: Kind
    help: str
    required: bool = False
    nullable: bool = False
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    max_items: int | None = None
    items: tuple[FieldSpec, ...] = ()
    # Declared for the contract (openapi.yaml), judged by the value type like minimum and maximum:
    min_items: int | None = None  # a list (or a list form) holds at least this many
    choices: tuple[int, ...] | None = None  # the only values an integer may take


def spec(kind: Kind, help: str, *, required: bool = False, nullable: bool = False, minimum: int | None = None,
         maximum: int | None = None, max_items: int | None = None,
         items: tuple[FieldSpec, ...] = (), min_items: int | None = None,
         choices: tuple[int, ...] | None = None) -> Mapping[str, Any]:
    """The metadata that makes a dataclass field a request field: ``field(metadata=spec(...))``."""
    return {_SPEC: (kind, help, required, nullable, minimum, maximum, max_items, items, min_items, choices)}


def fields_of(value_type: type) -> tuple[FieldSpec, ...]:
    """The request fields of a dataclass, in declaration order (fields without ``spec`` are not
    part of a request)."""
    out = []
    for f in fields(value_type):
        meta = f.metadata.get(_SPEC)
        if meta is None:
            continue
        kind, help, required, nullable, minimum, maximum, max_items, items, min_items, choices = meta
        default = None if f.default is MISSING else f.default
        out.append(FieldSpec(f.name, kind, help, required, nullable, default, minimum, maximum, max_items, items,
                             min_items, choices))
    return tuple(out)


def requiring(specs: tuple[FieldSpec, ...], *names: str) -> tuple[FieldSpec, ...]:
    """``specs`` with the fields ``names`` required: a hand's winning tile where every win has one
    (a room's hands, a hand of play), as only a single scoring request may leave it out."""
    return tuple(replace(s, required=True) if s.name in names else s for s in specs)


def field_spec(name: str, kind: Kind, help: str, **limits: Any) -> FieldSpec:
    """A request field that is not a dataclass field (a meld as a request gives it: its tiles)."""
    return FieldSpec(name, kind, help, **limits)


# --- reading a request object (a room, a hand of play): one reader for every book --------------
@dataclass(frozen=True)
class Declared:
    """One object's declared request fields, read once."""

    names: frozenset[str]
    required: tuple[str, ...]

    @classmethod
    def of(cls, declared: Sequence[FieldSpec]) -> Declared:
        return cls(frozenset(s.name for s in declared), tuple(s.name for s in declared if s.required))


def read_object(value: object, at: Path, declared: Declared) -> Mapping[str, Any]:
    """A JSON object with only the declared fields and every required one; a ``ScorerError`` at
    ``at`` (or at the field) if not."""
    if not isinstance(value, Mapping):
        raise ScorerError(BAD_VALUE, "must be an object", at)
    for k in value:
        if k not in declared.names:
            raise ScorerError(BAD_VALUE, f"unknown field {k!r}", (*at, str(k)))
    for name in declared.required:
        if name not in value:
            raise ScorerError(BAD_VALUE, f"{name} is required", (*at, name))
    return value


T = TypeVar("T")


def listed(value: object, at: Path, one: Callable[[object, Path], T]) -> tuple[T, ...]:
    """A JSON list read item by item with ``one(item, path)``."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Sequence):
        raise ScorerError(BAD_VALUE, f"{at[-1]} must be a list", at)
    return tuple(one(v, (*at, i)) for i, v in enumerate(value))


@contextmanager
def within(prefix: Path) -> Iterator[None]:
    """Errors raised inside point below ``prefix`` (a hand's errors point at ``/hand/...``)."""
    try:
        yield
    except ScorerError as e:
        raise ScorerError(e.code, e.message, (*prefix, *e.field), ruleset=e.ruleset) from None
