"""Fan ids as a typed vocabulary: a misspelt id fails at import or type-check, not silently.

Each member is its own JSON string (``FanId.ALL_PUNGS == "all_pungs"``); the fan table
(``fans.py``) gives each its points, names, 不计 list and the detector that finds it. Each member
is also a module constant of the same name (``fan_id.ALL_PUNGS is FanId.ALL_PUNGS``), which the
detectors use: reading a module constant is several times cheaper than an enum class attribute,
and the detectors read them on every arrangement of every hand.
"""

from __future__ import annotations

from enum import StrEnum, unique
from typing import Final


@unique
class FanId(StrEnum):
    """The 81 fans of Mahjong Competition Rules, in the table's order (points descending)."""

    BIG_FOUR_WINDS = "big_four_winds"
    BIG_THREE_DRAGONS = "big_three_dragons"
    ALL_GREEN = "all_green"
    NINE_GATES = "nine_gates"
    FOUR_KONGS = "four_kongs"
    SEVEN_SHIFTED_PAIRS = "seven_shifted_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    ALL_TERMINALS = "all_terminals"
    LITTLE_FOUR_WINDS = "little_four_winds"
    LITTLE_THREE_DRAGONS = "little_three_dragons"
    ALL_HONORS = "all_honors"
    FOUR_CONCEALED_PUNGS = "four_concealed_pungs"
    PURE_TERMINAL_CHOWS = "pure_terminal_chows"
    QUADRUPLE_CHOW = "quadruple_chow"
    FOUR_PURE_SHIFTED_PUNGS = "four_pure_shifted_pungs"
    FOUR_PURE_SHIFTED_CHOWS = "four_pure_shifted_chows"
    THREE_KONGS = "three_kongs"
    ALL_TERMINALS_AND_HONORS = "all_terminals_and_honors"
    SEVEN_PAIRS = "seven_pairs"
    GREATER_HONORS_AND_KNITTED_TILES = "greater_honors_and_knitted_tiles"
    ALL_EVEN_PUNGS = "all_even_pungs"
    FULL_FLUSH = "full_flush"
    PURE_TRIPLE_CHOW = "pure_triple_chow"
    PURE_SHIFTED_PUNGS = "pure_shifted_pungs"
    UPPER_TILES = "upper_tiles"
    MIDDLE_TILES = "middle_tiles"
    LOWER_TILES = "lower_tiles"
    PURE_STRAIGHT = "pure_straight"
    THREE_SUITED_TERMINAL_CHOWS = "three_suited_terminal_chows"
    PURE_SHIFTED_CHOWS = "pure_shifted_chows"
    ALL_FIVES = "all_fives"
    TRIPLE_PUNG = "triple_pung"
    THREE_CONCEALED_PUNGS = "three_concealed_pungs"
    LESSER_HONORS_AND_KNITTED_TILES = "lesser_honors_and_knitted_tiles"
    KNITTED_STRAIGHT = "knitted_straight"
    UPPER_FOUR = "upper_four"
    LOWER_FOUR = "lower_four"
    BIG_THREE_WINDS = "big_three_winds"
    MIXED_STRAIGHT = "mixed_straight"
    REVERSIBLE_TILES = "reversible_tiles"
    MIXED_TRIPLE_CHOW = "mixed_triple_chow"
    MIXED_SHIFTED_PUNGS = "mixed_shifted_pungs"
    CHICKEN_HAND = "chicken_hand"
    LAST_TILE_DRAW = "last_tile_draw"
    LAST_TILE_CLAIM = "last_tile_claim"
    OUT_WITH_REPLACEMENT_TILE = "out_with_replacement_tile"
    ROBBING_THE_KONG = "robbing_the_kong"
    ALL_PUNGS = "all_pungs"
    HALF_FLUSH = "half_flush"
    MIXED_SHIFTED_CHOWS = "mixed_shifted_chows"
    ALL_TYPES = "all_types"
    MELDED_HAND = "melded_hand"
    TWO_CONCEALED_KONGS = "two_concealed_kongs"
    TWO_DRAGON_PUNGS = "two_dragon_pungs"
    OUTSIDE_HAND = "outside_hand"
    FULLY_CONCEALED_HAND = "fully_concealed_hand"
    TWO_MELDED_KONGS = "two_melded_kongs"
    LAST_TILE = "last_tile"
    DRAGON_PUNG = "dragon_pung"
    PREVALENT_WIND = "prevalent_wind"
    SEAT_WIND = "seat_wind"
    CONCEALED_HAND = "concealed_hand"
    ALL_CHOWS = "all_chows"
    TILE_HOG = "tile_hog"
    DOUBLE_PUNG = "double_pung"
    TWO_CONCEALED_PUNGS = "two_concealed_pungs"
    CONCEALED_KONG = "concealed_kong"
    ALL_SIMPLES = "all_simples"
    PURE_DOUBLE_CHOW = "pure_double_chow"
    MIXED_DOUBLE_CHOW = "mixed_double_chow"
    SHORT_STRAIGHT = "short_straight"
    TWO_TERMINAL_CHOWS = "two_terminal_chows"
    PUNG_OF_TERMINALS_OR_HONORS = "pung_of_terminals_or_honors"
    MELDED_KONG = "melded_kong"
    ONE_VOIDED_SUIT = "one_voided_suit"
    NO_HONORS = "no_honors"
    EDGE_WAIT = "edge_wait"
    CLOSED_WAIT = "closed_wait"
    SINGLE_WAIT = "single_wait"
    SELF_DRAWN = "self_drawn"
    FLOWER_TILES = "flower_tiles"


@unique
class OptionFanId(StrEnum):
    """Fans outside the 81 that only an option scores (RULINGS.md ED9): the breakdown names them,
    the book's table (``GET /v1/fans``) does not."""

    CONCEALED_KONG_AND_MELDED_KONG = "concealed_kong_and_melded_kong"


BIG_FOUR_WINDS: Final = FanId.BIG_FOUR_WINDS
BIG_THREE_DRAGONS: Final = FanId.BIG_THREE_DRAGONS
ALL_GREEN: Final = FanId.ALL_GREEN
NINE_GATES: Final = FanId.NINE_GATES
FOUR_KONGS: Final = FanId.FOUR_KONGS
SEVEN_SHIFTED_PAIRS: Final = FanId.SEVEN_SHIFTED_PAIRS
THIRTEEN_ORPHANS: Final = FanId.THIRTEEN_ORPHANS
ALL_TERMINALS: Final = FanId.ALL_TERMINALS
LITTLE_FOUR_WINDS: Final = FanId.LITTLE_FOUR_WINDS
LITTLE_THREE_DRAGONS: Final = FanId.LITTLE_THREE_DRAGONS
ALL_HONORS: Final = FanId.ALL_HONORS
FOUR_CONCEALED_PUNGS: Final = FanId.FOUR_CONCEALED_PUNGS
PURE_TERMINAL_CHOWS: Final = FanId.PURE_TERMINAL_CHOWS
QUADRUPLE_CHOW: Final = FanId.QUADRUPLE_CHOW
FOUR_PURE_SHIFTED_PUNGS: Final = FanId.FOUR_PURE_SHIFTED_PUNGS
FOUR_PURE_SHIFTED_CHOWS: Final = FanId.FOUR_PURE_SHIFTED_CHOWS
THREE_KONGS: Final = FanId.THREE_KONGS
ALL_TERMINALS_AND_HONORS: Final = FanId.ALL_TERMINALS_AND_HONORS
SEVEN_PAIRS: Final = FanId.SEVEN_PAIRS
GREATER_HONORS_AND_KNITTED_TILES: Final = FanId.GREATER_HONORS_AND_KNITTED_TILES
ALL_EVEN_PUNGS: Final = FanId.ALL_EVEN_PUNGS
FULL_FLUSH: Final = FanId.FULL_FLUSH
PURE_TRIPLE_CHOW: Final = FanId.PURE_TRIPLE_CHOW
PURE_SHIFTED_PUNGS: Final = FanId.PURE_SHIFTED_PUNGS
UPPER_TILES: Final = FanId.UPPER_TILES
MIDDLE_TILES: Final = FanId.MIDDLE_TILES
LOWER_TILES: Final = FanId.LOWER_TILES
PURE_STRAIGHT: Final = FanId.PURE_STRAIGHT
THREE_SUITED_TERMINAL_CHOWS: Final = FanId.THREE_SUITED_TERMINAL_CHOWS
PURE_SHIFTED_CHOWS: Final = FanId.PURE_SHIFTED_CHOWS
ALL_FIVES: Final = FanId.ALL_FIVES
TRIPLE_PUNG: Final = FanId.TRIPLE_PUNG
THREE_CONCEALED_PUNGS: Final = FanId.THREE_CONCEALED_PUNGS
LESSER_HONORS_AND_KNITTED_TILES: Final = FanId.LESSER_HONORS_AND_KNITTED_TILES
KNITTED_STRAIGHT: Final = FanId.KNITTED_STRAIGHT
UPPER_FOUR: Final = FanId.UPPER_FOUR
LOWER_FOUR: Final = FanId.LOWER_FOUR
BIG_THREE_WINDS: Final = FanId.BIG_THREE_WINDS
MIXED_STRAIGHT: Final = FanId.MIXED_STRAIGHT
REVERSIBLE_TILES: Final = FanId.REVERSIBLE_TILES
MIXED_TRIPLE_CHOW: Final = FanId.MIXED_TRIPLE_CHOW
MIXED_SHIFTED_PUNGS: Final = FanId.MIXED_SHIFTED_PUNGS
CHICKEN_HAND: Final = FanId.CHICKEN_HAND
LAST_TILE_DRAW: Final = FanId.LAST_TILE_DRAW
LAST_TILE_CLAIM: Final = FanId.LAST_TILE_CLAIM
OUT_WITH_REPLACEMENT_TILE: Final = FanId.OUT_WITH_REPLACEMENT_TILE
ROBBING_THE_KONG: Final = FanId.ROBBING_THE_KONG
ALL_PUNGS: Final = FanId.ALL_PUNGS
HALF_FLUSH: Final = FanId.HALF_FLUSH
MIXED_SHIFTED_CHOWS: Final = FanId.MIXED_SHIFTED_CHOWS
ALL_TYPES: Final = FanId.ALL_TYPES
MELDED_HAND: Final = FanId.MELDED_HAND
TWO_CONCEALED_KONGS: Final = FanId.TWO_CONCEALED_KONGS
TWO_DRAGON_PUNGS: Final = FanId.TWO_DRAGON_PUNGS
OUTSIDE_HAND: Final = FanId.OUTSIDE_HAND
FULLY_CONCEALED_HAND: Final = FanId.FULLY_CONCEALED_HAND
TWO_MELDED_KONGS: Final = FanId.TWO_MELDED_KONGS
LAST_TILE: Final = FanId.LAST_TILE
DRAGON_PUNG: Final = FanId.DRAGON_PUNG
PREVALENT_WIND: Final = FanId.PREVALENT_WIND
SEAT_WIND: Final = FanId.SEAT_WIND
CONCEALED_HAND: Final = FanId.CONCEALED_HAND
ALL_CHOWS: Final = FanId.ALL_CHOWS
TILE_HOG: Final = FanId.TILE_HOG
DOUBLE_PUNG: Final = FanId.DOUBLE_PUNG
TWO_CONCEALED_PUNGS: Final = FanId.TWO_CONCEALED_PUNGS
CONCEALED_KONG: Final = FanId.CONCEALED_KONG
ALL_SIMPLES: Final = FanId.ALL_SIMPLES
PURE_DOUBLE_CHOW: Final = FanId.PURE_DOUBLE_CHOW
MIXED_DOUBLE_CHOW: Final = FanId.MIXED_DOUBLE_CHOW
SHORT_STRAIGHT: Final = FanId.SHORT_STRAIGHT
TWO_TERMINAL_CHOWS: Final = FanId.TWO_TERMINAL_CHOWS
PUNG_OF_TERMINALS_OR_HONORS: Final = FanId.PUNG_OF_TERMINALS_OR_HONORS
MELDED_KONG: Final = FanId.MELDED_KONG
ONE_VOIDED_SUIT: Final = FanId.ONE_VOIDED_SUIT
NO_HONORS: Final = FanId.NO_HONORS
EDGE_WAIT: Final = FanId.EDGE_WAIT
CLOSED_WAIT: Final = FanId.CLOSED_WAIT
SINGLE_WAIT: Final = FanId.SINGLE_WAIT
SELF_DRAWN: Final = FanId.SELF_DRAWN
FLOWER_TILES: Final = FanId.FLOWER_TILES
