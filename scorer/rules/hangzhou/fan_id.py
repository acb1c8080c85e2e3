"""The 杭州 items as a typed vocabulary (``HangzhouFan``), in the table's order (the Hangzhou rule
document, §5)."""

from __future__ import annotations

from enum import StrEnum, unique


@unique
class HangzhouFan(StrEnum):
    """The Hangzhou hand items, in the table's order."""

    PLAIN = "plain"
    BAOTOU = "baotou"
    CAI_PIAO = "cai_piao"
    KONG_REPLACEMENT = "kong_replacement"
    SEVEN_PAIRS = "seven_pairs"
    LUXURY_SEVEN_PAIRS = "luxury_seven_pairs"
    TEN_WINDS = "ten_winds"
    NO_JOKER = "no_joker"
    FOUR_JOKERS = "four_jokers"
