"""The Sichuan fan ids as a typed vocabulary (``SichuanFan``); each member is also a module constant
of the same name, which the detectors read (cheaper than an enum class attribute, compiled)."""

from __future__ import annotations

from enum import StrEnum, unique
from typing import Final


@unique
class SichuanFan(StrEnum):
    """The Sichuan fans, in the table's order: hand shapes, then what adds to any shape."""

    BASIC = "basic"
    ALL_PUNGS = "all_pungs"
    SEVEN_PAIRS = "seven_pairs"
    OUTSIDE_HAND = "outside_hand"
    ALL_258_PUNGS = "all_258_pungs"
    FULL_FLUSH = "full_flush"
    GOLDEN_HOOK = "golden_hook"
    ROOT = "root"
    KONG_REPLACEMENT = "kong_replacement"
    ROBBING_KONG = "robbing_kong"
    LAST_TILE = "last_tile"


BASIC: Final = SichuanFan.BASIC
ALL_PUNGS: Final = SichuanFan.ALL_PUNGS
SEVEN_PAIRS: Final = SichuanFan.SEVEN_PAIRS
OUTSIDE_HAND: Final = SichuanFan.OUTSIDE_HAND
ALL_258_PUNGS: Final = SichuanFan.ALL_258_PUNGS
FULL_FLUSH: Final = SichuanFan.FULL_FLUSH
GOLDEN_HOOK: Final = SichuanFan.GOLDEN_HOOK
ROOT: Final = SichuanFan.ROOT
KONG_REPLACEMENT: Final = SichuanFan.KONG_REPLACEMENT
ROBBING_KONG: Final = SichuanFan.ROBBING_KONG
LAST_TILE: Final = SichuanFan.LAST_TILE

# The hand-shape fans: 平胡 shows only when none of these applies.
SHAPES: Final = frozenset({ALL_PUNGS, SEVEN_PAIRS, OUTSIDE_HAND, ALL_258_PUNGS})
