"""Set kinds as one typed vocabulary: melds, the decomposition's sets and the groups a result shows.

Each member is its own JSON string (``SetKind.PUNG == "pung"``). ``MeldKind`` (the public name of
a declared meld's kind) is this same enum; a meld takes only ``MELD_KINDS``.

Kinds order as the reference calculator sorts sets, not alphabetically: a pung before a chow at the
same tile. The decomposition sorts its sets and divisions by (first tile, kind), and which of two
equal-scoring divisions is shown depends on that order. Each member is also a module constant of
the same name, which the hot loops read (cheaper than an enum class attribute).
"""

from __future__ import annotations

from enum import StrEnum, unique
from typing import Final


@unique
class SetKind(StrEnum):
    """In the reference's sort order; the last four are the whole-hand groups of special forms."""

    PUNG = "pung"
    CHOW = "chow"
    KONG = "kong"
    PAIR = "pair"
    KNITTED_STRAIGHT = "knitted_straight"  # the 9 tiles of 组合龙
    KNITTED = "knitted"  # the 14 singles of 全不靠 / 七星不靠
    THIRTEEN_ORPHANS = "thirteen_orphans"
    NINE_GATES = "nine_gates"

    # Compared by declaration order (a str's own order would put chow before pung). Equality and
    # hashing stay a str's, so a kind still equals and keys like its JSON string.
    def __lt__(self, other: object) -> bool:
        if isinstance(other, SetKind):
            return _ORDER[self] < _ORDER[other]
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, SetKind):
            return _ORDER[self] <= _ORDER[other]
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, SetKind):
            return _ORDER[self] > _ORDER[other]
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, SetKind):
            return _ORDER[self] >= _ORDER[other]
        return NotImplemented


_ORDER: Final[dict[SetKind, int]] = {k: n for n, k in enumerate(SetKind)}

MeldKind = SetKind  # the public name for a meld's kind; a meld takes only these three
MELD_KINDS: Final = frozenset({SetKind.CHOW, SetKind.PUNG, SetKind.KONG})

PUNG: Final = SetKind.PUNG
CHOW: Final = SetKind.CHOW
KONG: Final = SetKind.KONG
PAIR: Final = SetKind.PAIR
KNITTED_STRAIGHT: Final = SetKind.KNITTED_STRAIGHT
KNITTED: Final = SetKind.KNITTED
THIRTEEN_ORPHANS: Final = SetKind.THIRTEEN_ORPHANS
NINE_GATES: Final = SetKind.NINE_GATES
