"""The 广东推倒胡 book's item ids, in its table's order."""

from __future__ import annotations

from enum import StrEnum, unique


@unique
class GuangdongFan(StrEnum):
    SELF_DRAWN = "self_drawn"
    CONCEALED = "concealed"
    ALL_PUNGS = "all_pungs"
    HALF_FLUSH = "half_flush"
    ROBBING_KONG = "robbing_kong"
    LAST_TILE = "last_tile"
    KONG_FLOWER = "kong_flower"
    SEVEN_PAIRS = "seven_pairs"
    FULL_FLUSH = "full_flush"
    TERMINALS_AND_HONORS = "terminals_and_honors"
    SMALL_THREE_DRAGONS = "small_three_dragons"
    SMALL_FOUR_WINDS = "small_four_winds"
    HEAVENLY_HAND = "heavenly_hand"
    EARTHLY_HAND = "earthly_hand"
    FOUR_GHOSTS = "four_ghosts"
    NINE_GATES = "nine_gates"
    BIG_THREE_DRAGONS = "big_three_dragons"
    BIG_FOUR_WINDS = "big_four_winds"
    THIRTEEN_ORPHANS = "thirteen_orphans"
