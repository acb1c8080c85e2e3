"""The Taiwanese items (台) as a typed vocabulary (``TaiwanFan``), in the table's order: the most 台
first, so an item that takes the place of others comes before them."""

from __future__ import annotations

from enum import StrEnum, unique


@unique
class TaiwanFan(StrEnum):
    """The Taiwanese hand items, in the table's order."""

    HEAVENLY_HAND = "heavenly_hand"
    EARTHLY_HAND = "earthly_hand"
    HUMAN_HAND = "human_hand"
    BIG_FOUR_WINDS = "big_four_winds"
    ALL_HONORS = "all_honors"
    FIVE_KONGS = "five_kongs"
    HEAVENLY_READY = "heavenly_ready"
    EIGHT_FLOWERS = "eight_flowers"
    SEVEN_ROB_ONE = "seven_rob_one"
    FIVE_CONCEALED_PUNGS = "five_concealed_pungs"
    BIG_THREE_DRAGONS = "big_three_dragons"
    LITTLE_FOUR_WINDS = "little_four_winds"
    FULL_FLUSH = "full_flush"
    FOUR_KONGS = "four_kongs"
    EIGHT_AND_A_HALF_PAIRS = "eight_and_a_half_pairs"
    FOUR_CONCEALED_PUNGS = "four_concealed_pungs"
    EARTHLY_READY = "earthly_ready"
    ALL_PUNGS = "all_pungs"
    HALF_FLUSH = "half_flush"
    LITTLE_THREE_DRAGONS = "little_three_dragons"
    CONCEALED_SELF_DRAWN = "concealed_self_drawn"
    ALL_CHOWS = "all_chows"
    ALL_BEGGING = "all_begging"
    THREE_CONCEALED_PUNGS = "three_concealed_pungs"
    FLOWER_KONG = "flower_kong"
    CONCEALED = "concealed"
    SELF_DRAWN = "self_drawn"
    HALF_BEGGING = "half_begging"
    SINGLE_WAIT = "single_wait"
    SEAT_WIND = "seat_wind"
    PREVALENT_WIND = "prevalent_wind"
    WIND_PUNG = "wind_pung"
    DRAGON_PUNG = "dragon_pung"
    SEAT_FLOWER = "seat_flower"
    FLOWER = "flower"
    NO_FLOWERS = "no_flowers"
    LAST_TILE = "last_tile"
    LAST_DISCARD = "last_discard"
    KONG_REPLACEMENT = "kong_replacement"
    ROBBING_KONG = "robbing_kong"
