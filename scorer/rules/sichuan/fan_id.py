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
    # the optional fans (RULINGS S14-S21): each worth what its option says, 0 (off) by default
    HEAVENLY_HAND = "heavenly_hand"
    EARTHLY_HAND = "earthly_hand"
    CONCEALED_HAND = "concealed_hand"
    ALL_SIMPLES = "all_simples"
    MIDDLE_FIVE = "middle_five"
    LAST_COPY = "last_copy"
    LAST_DISCARD = "last_discard"
    SELF_DRAWN = "self_drawn"


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
HEAVENLY_HAND: Final = SichuanFan.HEAVENLY_HAND
EARTHLY_HAND: Final = SichuanFan.EARTHLY_HAND
CONCEALED_HAND: Final = SichuanFan.CONCEALED_HAND
ALL_SIMPLES: Final = SichuanFan.ALL_SIMPLES
MIDDLE_FIVE: Final = SichuanFan.MIDDLE_FIVE
LAST_COPY: Final = SichuanFan.LAST_COPY
LAST_DISCARD: Final = SichuanFan.LAST_DISCARD
SELF_DRAWN: Final = SichuanFan.SELF_DRAWN

# The hand-shape fans: 平胡 shows only when none of these applies.
SHAPES: Final = frozenset({ALL_PUNGS, SEVEN_PAIRS, OUTSIDE_HAND, ALL_258_PUNGS})
