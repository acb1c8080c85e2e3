"""The 杭州 fan table as data, after the MIL 2025 competition table (the Hangzhou rule document,
§5): fan add up, a hand's basic points are 底分 × 2^fan after the cap (4 by default).

One row per item: id, fan, English and Chinese names (as the document's §11 writes them), the
function of ``detect`` that counts it, its explanation group, what it takes the place of, and the
option that sets its value where the two scoring families differ (``points`` is its value under
the default options; 0: off). 十风 is a win of its own (no winning tile): ``scoring.score_held``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ..table import Fan, FanTable, Group
from . import detect as D
from .fan_id import HangzhouFan as H
from .options import FLAT, HangzhouOptions

WHOLE, NO_SET = Group.WHOLE_HAND, Group.NO_SET
TEN_WINDS_JOKER: Final = 4  # 十风 with a 财神 among the ten discards (MIL §八.7)

FANS: Final[tuple[Fan[H], ...]] = (
    Fan(H.PLAIN, 0, "Plain Win", "平和", D.plain, WHOLE),
    Fan(H.BAOTOU, 1, "Any-Tile Wait", "爆头", D.baotou, WHOLE),
    Fan(H.CAI_PIAO, 1, "Floating Fortune", "财飘", D.cai_piao, NO_SET, per="a 财神 discarded in a row before the win"),
    Fan(H.KONG_REPLACEMENT, 1, "Win on a Kong Replacement", "杠开", D.kong_replacement, NO_SET,
        per="a kong of the chain, under kong_chain each"),
    Fan(H.SEVEN_PAIRS, 2, "Seven Pairs", "七对子", D.seven_pairs, WHOLE, option="seven_pairs_fan"),
    Fan(H.LUXURY_SEVEN_PAIRS, 4, "Luxury Seven Pairs", "豪华七对", D.luxury_seven_pairs, WHOLE,
        replaces=(H.SEVEN_PAIRS,), per="a quad, under luxury_seven_pairs per_quad"),
    Fan(H.TEN_WINDS, 3, "Ten Honours", "十风", D.ten_winds, NO_SET, option="ten_winds"),
    Fan(H.NO_JOKER, 1, "No Fortune Tile", "无财神", D.no_joker, WHOLE, option="no_joker"),
    Fan(H.FOUR_JOKERS, 0, "Four Fortune Tiles", "四个白板", D.four_jokers, NO_SET, option="four_jokers"),
)

TABLE: Final = FanTable(FANS)
BY_ID: Final = TABLE.by_id


@lru_cache(maxsize=16)
def values(options: HangzhouOptions) -> dict[str, int]:
    """Every row's fan under ``options``."""
    out = dict(TABLE.points)
    out[H.SEVEN_PAIRS.value] = options.seven_pairs_fan
    out[H.LUXURY_SEVEN_PAIRS.value] = 4 if options.luxury_seven_pairs == FLAT else 1
    out[H.TEN_WINDS.value] = 3 if options.ten_winds else 0
    out[H.NO_JOKER.value] = options.no_joker
    out[H.FOUR_JOKERS.value] = options.four_jokers
    return out


@lru_cache(maxsize=16)
def drops(options: HangzhouOptions) -> dict[str, tuple[str, ...]]:
    """豪华七对 takes 七对子's place when flat; beside it, per quad, otherwise (§8)."""
    if options.luxury_seven_pairs == FLAT:
        return {H.LUXURY_SEVEN_PAIRS.value: (H.SEVEN_PAIRS.value,)}
    return {}
