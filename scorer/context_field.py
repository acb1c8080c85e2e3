"""A context field a rule book declares as its own, as it declares its options.

The shared ``Context`` holds what every book asks of a win (self-drawn, the seats, the events
of the wall's end and of a kong, the base points); anything else a book needs to know — the
birds turned after the win, the kongs of the hand, the dealer's streak — is the book's to
declare: name, JSON kind, help, where the rule comes from, its default and how a value is read.
A ``Context`` carries such values as ``own`` fields, checked by their declaration when the
context is built (the errors name ``/context/<field>``), and a book reads them with
``ctx.get(name)``. This module imports no rule book: books declare into it when they are built.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from .errors import BAD_VALUE, BAD_WIND, ScorerError
from .shape import FieldSpec, Kind
from .tiles import WINDS, parse_tiles

Reader = Callable[[object], object]
# A check of a field's value against the rest of the context (``Context`` itself, typed loosely
# here since ``scorer.context`` imports this module): it raises a ``ScorerError`` at
# ``/context/<name>`` when they contradict each other.
Agreement = Callable[[Any], None]


@dataclass(frozen=True)
class ContextField:
    """One context field of a book's: its request shape (``spec``: name, kind, help, default and
    limits, as the service's schemas and the contract read it), the ``source`` of its rule (a
    RULINGS.md row or the rule document's section), and ``read``, which turns a value as JSON
    gives it into the value the book reads and refuses anything else with a ``ScorerError`` at
    ``/context/<name>``. Without ``read`` the value is read by its kind (``read_by_kind``).

    ``agree``, where given, checks a value other than the default against the rest of the context
    when it is built (the seats out are neither the winner nor the discarder), raising at
    ``/context/<name>``; ``waits`` says the field holds for every wait of a hand (the missing
    suit), where most describe one win (the liable seat); ``flag`` is its command-line option
    where the one derived from its name would mislead (``--out`` reads as ``--output``)."""

    spec: FieldSpec
    source: str
    read: Reader | None = field(default=None, compare=False)
    agree: Agreement | None = field(default=None, compare=False)
    waits: bool = False
    flag: str | None = None

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def default(self) -> object:
        return self.spec.default

    def check(self, value: object) -> object:
        """The value the book reads, from one a caller gave (already read values pass unchanged)."""
        if self.read is not None:
            return self.read(value)
        return read_by_kind(self.spec, value)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": str(self.spec.kind), "help": self.spec.help,
                               "default": _json(self.default), "source": self.source}
        for key in ("minimum", "maximum", "max_items"):
            v = getattr(self.spec, key)
            if v is not None:
                out[key] = v
        if self.spec.nullable:
            out["nullable"] = True
        return out


def context_field(name: str, kind: Kind, help: str, source: str, *, default: object = None,
                  read: Reader | None = None, nullable: bool = False, minimum: int | None = None,
                  maximum: int | None = None, max_items: int | None = None,
                  items: tuple[FieldSpec, ...] = (), agree: Agreement | None = None, waits: bool = False,
                  flag: str | None = None) -> ContextField:
    """A ``ContextField`` from its parts: what a book's ``context.py`` writes for each field."""
    return ContextField(FieldSpec(name, kind, help, nullable=nullable, default=default, minimum=minimum,
                                  maximum=maximum, max_items=max_items, items=items), source, read, agree, waits,
                        flag)


def _json(value: object) -> object:
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _json(v) for k, v in value.items()}
    return value if value is None or isinstance(value, (bool, int, str)) else str(value)


def _fail(spec: FieldSpec, message: str, code: str = BAD_VALUE, *at: str | int) -> ScorerError:
    return ScorerError(code, f"{spec.name} {message}", ("context", spec.name, *at))


def read_by_kind(spec: FieldSpec, value: object) -> object:
    """A value of one of the plain kinds: a flag, a whole number within the limits, a seat wind,
    a list of distinct seat winds, a suit, or tiles (a compact string or a list of codes, read as
    a tuple of codes in the order given). ``None`` passes where the field is nullable."""
    if value is None and spec.nullable:
        return None
    kind = spec.kind
    if kind is Kind.BOOL:
        if value is not True and value is not False:
            raise _fail(spec, f"must be true or false, got {value!r}")
        return value
    if kind is Kind.INT:
        lo = spec.minimum if spec.minimum is not None else -(2 ** 63)
        hi = spec.maximum if spec.maximum is not None else 2 ** 63
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise _fail(spec, f"must be a whole number from {lo} to {hi}, got {value!r}")
        return value
    if kind is Kind.WIND:
        if not isinstance(value, str) or len(value) != 1 or value not in WINDS:
            raise _fail(spec, f"must be one of E S W N, got {value!r}", BAD_WIND)
        return value
    if kind is Kind.WINDS:
        if not isinstance(value, (list, tuple)):
            raise _fail(spec, "must be a list of seat winds")
        seen: list[str] = []
        for k, v in enumerate(value):
            if not isinstance(v, str) or len(v) != 1 or v not in WINDS:
                raise _fail(spec, f"lists seat winds (E S W N), got {v!r}", BAD_WIND, k)
            if v in seen:
                raise _fail(spec, f"lists {v} twice", BAD_VALUE, k)
            seen.append(v)
        if spec.max_items is not None and len(seen) > spec.max_items:
            raise _fail(spec, f"holds at most {spec.max_items} seats")
        return tuple(sorted(seen, key=WINDS.index))
    if kind is Kind.SUIT:
        if value not in ("m", "p", "s"):
            raise _fail(spec, f"must be one of m, p, s, got {value!r}")
        return value
    if kind is Kind.TILES:
        if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
            value = list(value)
        tiles = tuple(t.value for t in parse_tiles(value, ("context", spec.name)))
        if spec.max_items is not None and len(tiles) > spec.max_items:
            raise _fail(spec, f"holds at most {spec.max_items} tiles, got {len(tiles)}")
        return tiles
    raise AssertionError(f"{spec.name}: a field of kind {kind} declares its own read")


# Every declared field, by name: what ``Context`` checks an own field by. Two books may declare a
# field of one name (the birds of two joker books) only with one declaration.
DECLARED: Final[dict[str, ContextField]] = {}
# Each declared field's default, by name: what ``Context.get`` answers for a field not given, read
# for every hand a book scores (a declaration's ``spec.default`` is two attribute reads more).
DEFAULTS: Final[dict[str, Any]] = {}


def declare(fields: tuple[ContextField, ...], by: str) -> None:
    """Make ``fields`` known to ``Context`` (a book does, when it is built); a name declared
    already must come with an equal declaration."""
    for f in fields:
        known = DECLARED.get(f.name)
        if known is not None and (known != f or known.read is not f.read or known.agree is not f.agree):
            raise ValueError(f"the context field {f.name!r} of {by!r} is declared already, differently")
        DECLARED[f.name] = f
        DEFAULTS[f.name] = f.spec.default


def declared(name: str) -> ContextField | None:
    return DECLARED.get(name)
