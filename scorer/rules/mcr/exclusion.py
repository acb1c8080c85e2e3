"""The non-repeat principle (不重复) as one mechanism over the fan table.

A fan that is scored takes away every fan it implies (and one count of each fan it implies
once). Fans are visited in table order (points descending), so a fan that was itself taken
away implies nothing: 四暗刻 removes 不求人, and 不求人's own exclusion of 自摸 then no longer
applies — a four-concealed-pungs self-draw still scores 自摸, as the reference calculator has it.

Fans are handled by their place in the table: what each implies is a bitmask over those places,
so a reading's exclusion is a sort of small ints and a few integer operations (every reading of
every hand goes through here). An edition (``editions.py``, ``options.edition``) values some fans
otherwise or drops some of their 不计: ``Rules`` is the table read with its differences, made once
per edition, so the table itself is never copied.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Final

from .detect import chicken_hand_fan
from .editions import EDITIONS, Edition
from .fan_id import FanId
from .fans import FANS, ORDER

_PLACE: Final[dict[FanId, int]] = {f.id: k for k, f in enumerate(FANS)}
_ID: Final[tuple[FanId, ...]] = tuple(f.id for f in FANS)
# each fan with each count a hand can score it, made once: a breakdown entry is then no allocation
_ENTRY: Final[tuple[tuple[tuple[FanId, int], ...], ...]] = tuple(tuple((f.id, n) for n in range(9)) for f in FANS)


_SPLIT: Final = 60
_LOW_MASK: Final = (1 << _SPLIT) - 1


class Rules:
    """The table's values and 不计 lists as exclusion reads them, under one edition: the table's
    own (the reference's) or with an edition's differences applied (``editions.Edition``)."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        values = dict(edition.points)
        kept = {fan: set(fans) for fan, fans in edition.keeps}
        self.points: tuple[int, ...] = tuple(values.get(f.id, f.points) for f in FANS)
        self.implies: tuple[int, ...] = tuple(sum(1 << ORDER[i] for i in set(f.implies) - kept.get(f.id, set()))
                                              for f in FANS)
        # the same masks in two halves, places below ``_SPLIT`` and from it: each half fits a
        # machine word, so the compiled loop ORs and shifts native ints (81 places in one int
        # make every step a big-int operation that allocates)
        self.implies_low: tuple[int, ...] = tuple(m & _LOW_MASK for m in self.implies)
        self.implies_high: tuple[int, ...] = tuple(m >> _SPLIT for m in self.implies)
        self.implies_one: tuple[tuple[int, ...], ...] = tuple(tuple(ORDER[i] for i in f.implies_one) for f in FANS)
        self.values: dict[FanId, int] = values  # the fans the edition values otherwise

    def implied(self, fan: FanId) -> frozenset[FanId]:
        """What ``fan`` takes away under this edition, all of it or one count."""
        k = _PLACE[fan]
        return frozenset(_ID[j] for j in range(len(FANS)) if self.implies[k] >> j & 1) | frozenset(
            _ID[j] for j in self.implies_one[k])


REFERENCE_RULES: Final = Rules(EDITIONS["reference"])


@cache
def rules_for(edition: str) -> Rules:
    """The exclusion rules of an edition by name (one of ``editions.EDITIONS``), made once."""
    return REFERENCE_RULES if edition == REFERENCE_RULES.edition.name else Rules(EDITIONS[edition])


def exclude(raw: Mapping[FanId, int], rules: Rules = REFERENCE_RULES) -> tuple[tuple[FanId, int], ...]:
    """The fans that stand after exclusion, in table order, with their counts."""
    return exclude_scored(dict(raw), rules)[0]


def exclude_scored(raw: dict[FanId, int], rules: Rules = REFERENCE_RULES) -> tuple[tuple[tuple[FanId, int], ...], int]:
    """``exclude``, and the points the standing fans add up to. (A ``dict``, not any mapping: the
    compiled build then walks it natively, with no item tuples.)"""
    low, high, implies_one, values = rules.implies_low, rules.implies_high, rules.implies_one, rules.points
    packed: list[int] = []  # place << 8 | count (a fan scores a few times at most): one int a fan
    for fan_id, n in raw.items():
        if n > 0:
            packed.append(_PLACE[fan_id] << 8 | n)
    packed.sort()
    removed_low = removed_high = 0  # the places taken away, in two halves (``Rules.implies_low``)
    fewer: dict[int, int] | None = None
    kept: list[tuple[FanId, int]] = []
    points = 0
    for p in packed:
        k = p >> 8
        if (removed_low >> k if k < _SPLIT else removed_high >> (k - _SPLIT)) & 1:
            continue
        n = p & 255
        if fewer is not None:
            n -= fewer.get(k, 0)
        if n > 0:
            kept.append(_ENTRY[k][n] if n < 9 else (_ID[k], n))
            points += values[k] * n
            removed_low |= low[k]
            removed_high |= high[k]
            once = implies_one[k]
            if once:
                if fewer is None:
                    fewer = {}
                for j in once:
                    fewer[j] = fewer.get(j, 0) + 1
    if not kept:
        chicken_hand_fan(kept)
        points = values[_PLACE[kept[0][0]]] * kept[0][1]
    return tuple(kept), points
