"""A rule book's fan table: rows of one type for every book.

A row is a fan's id (a member of the book's own ``StrEnum``), its value in the book's unit, its
English and Chinese names, the detector that decides it (where the rule lives), what it implies
(不计: not counted beside it), what it implies once (counted once fewer), what it replaces (takes
the place of), whether it is a limit hand (worth the cap), what one count is for a fan that
repeats, and its explanation group: whether the fan rests on some of the reading's sets, on the
whole hand, or on no set at all (how the hand was won, concealment, flowers). The explanations
read the groups from the table; the registry serves each row as a ``FanRow``.

Plain Python (not compiled): the rows are made once at import, and a compiled module may not
define a generic dataclass.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Generic, TypeVar


class Group(StrEnum):
    """What a fan's occurrences point at in an explanation."""

    SETS = "sets"  # some of the reading's sets and pair (the book's explanation says which)
    WHOLE_HAND = "whole_hand"  # every set and the pair
    NO_SET = "no_set"  # none: how it was won, its concealment, its flowers


@dataclass(frozen=True)
class FanRow:
    """One fan of a book's table, as ``GET /v1/fans`` serves it. ``points`` is its value in the
    book's unit (points in MCR, fan in Hong Kong and Sichuan); ``implies``: fans not counted
    beside it (不计), ``implies_one``: counted once fewer; ``replaces``: fans whose place it takes
    (Hong Kong's 小三元 takes the dragon pungs'); ``limit``: a limit hand, worth the cap;
    ``per``: what one count is, for a fan that repeats."""

    id: str
    name: str
    name_zh: str
    points: int
    implies: tuple[str, ...] = ()
    implies_one: tuple[str, ...] = ()
    replaces: tuple[str, ...] = ()
    limit: bool = False
    per: str | None = None
    option: str | None = None  # the house rule that switches it on and sets its value

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "name": self.name, "name_zh": self.name_zh, "points": self.points,
                               "implies": list(self.implies), "implies_one": list(self.implies_one)}
        if self.replaces:
            out["replaces"] = list(self.replaces)
        if self.limit:
            out["limit"] = True
        if self.per is not None:
            out["per"] = self.per
        if self.option is not None:
            out["option"] = self.option
        return out


IdT = TypeVar("IdT", bound=StrEnum)


# eq=False: a row is itself (hashed by identity), so a cache keyed by rows costs no field hashing.
@dataclass(frozen=True, eq=False)
class Fan(Generic[IdT]):
    id: IdT
    points: int  # in the book's unit; a limit hand's is the default cap
    name: str
    name_zh: str
    detector: Callable[..., object] = field(repr=False)  # where the rule lives
    group: Group = Group.SETS
    implies: tuple[IdT, ...] = ()  # 不计: not counted when this fan scores
    implies_one: tuple[IdT, ...] = ()  # counted once fewer when this fan scores
    replaces: tuple[IdT, ...] = ()  # fans whose place it takes
    limit: bool = False  # a limit hand: worth the cap and nothing else
    per: str | None = None  # what one count is, for a fan that repeats
    # an optional fan: the option (of the book's options) that switches it on and sets its value;
    # ``points`` is then its value under the default options (0: off)
    option: str | None = None

    def row(self) -> FanRow:
        """The row as ``GET /v1/fans`` serves it."""
        return FanRow(self.id.value, self.name, self.name_zh, self.points, tuple(i.value for i in self.implies),
                      tuple(i.value for i in self.implies_one), tuple(i.value for i in self.replaces), self.limit,
                      self.per, self.option)


class FanTable(Generic[IdT]):
    """A book's rows in the table's order, with the lookups every book needs made once."""

    def __init__(self, fans: Iterable[Fan[IdT]]) -> None:
        self.fans: tuple[Fan[IdT], ...] = tuple(fans)
        self.by_id: MappingProxyType[str, Fan[IdT]] = MappingProxyType({f.id: f for f in self.fans})
        self.order: MappingProxyType[str, int] = MappingProxyType({f.id: k for k, f in enumerate(self.fans)})
        self.rows: tuple[FanRow, ...] = tuple(f.row() for f in self.fans)
        # each fan's value by id, as a plain dict: what a reading's sum reads (a row is a plain-Python
        # object, slower to read from compiled code than a dict of ints)
        self.points: dict[str, int] = {f.id.value: f.points for f in self.fans}

    def group(self, group: Group) -> frozenset[IdT]:
        """The ids of the fans of one explanation group."""
        return frozenset(f.id for f in self.fans if f.group is group)

    @property
    def limits(self) -> tuple[IdT, ...]:
        return tuple(f.id for f in self.fans if f.limit)
