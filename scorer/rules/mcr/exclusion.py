"""The non-repeat principle (不重复) as one mechanism over the fan table.

A fan that is scored takes away every fan it implies (and one count of each fan it implies
once). Fans are visited in table order (points descending), so a fan that was itself taken
away implies nothing: 四暗刻 removes 不求人, and 不求人's own exclusion of 自摸 then no longer
applies — a four-concealed-pungs self-draw still scores 自摸, as the reference calculator has it.
"""

from __future__ import annotations

from collections.abc import Mapping

from .detect import chicken_hand_fan
from .fan_id import FanId
from .fans import FANS, ORDER

_IMPLIES: dict[FanId, frozenset[FanId]] = {f.id: frozenset(f.implies) for f in FANS}
_IMPLIES_ONE: dict[FanId, tuple[FanId, ...]] = {f.id: f.implies_one for f in FANS if f.implies_one}
_ORDER: dict[str, int] = dict(ORDER)  # a plain dict: its bound __getitem__ is the cheapest sort key


def exclude(raw: Mapping[FanId, int]) -> tuple[tuple[FanId, int], ...]:
    """The fans that stand after exclusion, in table order, with their counts."""
    removed: set[FanId] = set()
    fewer: dict[FanId, int] = {}
    kept: list[tuple[FanId, int]] = []
    for fan_id in sorted(raw, key=_ORDER.__getitem__):
        n = raw[fan_id]
        if fewer:
            n -= fewer.get(fan_id, 0)
        if n > 0 and fan_id not in removed:
            kept.append((fan_id, n))
            removed |= _IMPLIES[fan_id]
            if fan_id in _IMPLIES_ONE:
                for once in _IMPLIES_ONE[fan_id]:
                    fewer[once] = fewer.get(once, 0) + 1
    if not kept:
        chicken_hand_fan(kept)
    return tuple(kept)
