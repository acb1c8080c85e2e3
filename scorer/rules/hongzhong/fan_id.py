"""The 红中 book's fan ids, in its table's order (the 红中 rule document, §5)."""

from __future__ import annotations

from enum import StrEnum, unique


@unique
class HongzhongFan(StrEnum):
    PLAIN_WIN = "plain_win"
    NO_RED = "no_red"
    ALL_PUNGS = "all_pungs"
    PURE_STRAIGHT = "pure_straight"
    KONG_REPLACEMENT = "kong_replacement"
    SEVEN_PAIRS = "seven_pairs"
    FULL_FLUSH = "full_flush"
    LONG_SEVEN_PAIRS = "long_seven_pairs"
    FOUR_RED = "four_red"
