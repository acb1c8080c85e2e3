"""The non-repeat principle (不重复) as one mechanism over the fan table.

A fan that is scored takes away every fan it implies. Fans are visited in table order (points
descending), so a fan that was itself taken away implies nothing: 四暗刻 removes 不求人, and
不求人's own exclusion of 自摸 then no longer applies — a four-concealed-pungs self-draw still
scores 自摸, as the reference calculator has it.
"""

from __future__ import annotations

from collections.abc import Mapping

from .fans import FANS, ORDER

_IMPLIES: dict[str, frozenset[str]] = {f.id: frozenset(f.implies) for f in FANS}


def exclude(raw: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    """The fans that stand after exclusion, in table order, with their counts.

    A hand left with no fan at all is a chicken hand (无番和).
    """
    removed: set[str] = set()
    kept: list[tuple[str, int]] = []
    for fan_id in sorted(raw, key=ORDER.__getitem__):
        n = raw[fan_id]
        if n > 0 and fan_id not in removed:
            kept.append((fan_id, n))
            removed |= _IMPLIES[fan_id]
    if not kept:
        kept.append(("chicken_hand", 1))
    return tuple(kept)
