"""The Taiwanese 台 table as data, after the common domestic 台數表 (the association's table and the
台數表 pages that follow it; RULINGS TW1-TW29 for every value and where the sources differ).

One row per hand item: id, 台, English and traditional Chinese names (as the rule source writes
them), the function of ``detect`` that counts it, its explanation group, what it leaves out (不計)
or takes the place of, and the option that sets its value where a table varies it (``points`` is
then its value under the default options; 0: off). The rows run from the most 台 down, so an item
comes before those it leaves out. 莊家 and 連莊拉莊 are not hand items: they are paid between the
dealer and the winner (``payouts``) and answered apart as ``dealer_tai``.

The table drives the scoring: every row's detector is asked of every reading and its
``implies``/``replaces`` applied in table order (``rules.tabled``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ..table import Fan, FanTable, Group
from . import detect as D
from .fan_id import TaiwanFan as T
from .options import ANY, TaiwanOptions

SETS, WHOLE, NO_SET = Group.SETS, Group.WHOLE_HAND, Group.NO_SET
_STARTING = (T.CONCEALED, T.SELF_DRAWN, T.CONCEALED_SELF_DRAWN, T.HEAVENLY_READY, T.EARTHLY_READY)
_READY = (T.CONCEALED, T.CONCEALED_SELF_DRAWN)

FANS: Final[tuple[Fan[T], ...]] = (
    Fan(T.HEAVENLY_HAND, 24, "Heavenly Hand", "天胡", D.heavenly_hand, NO_SET,
        implies=(*_STARTING, T.SINGLE_WAIT, T.KONG_REPLACEMENT), option="heavenly_hand"),
    Fan(T.EARTHLY_HAND, 16, "Earthly Hand", "地胡", D.earthly_hand, NO_SET, implies=_STARTING),
    Fan(T.HUMAN_HAND, 16, "Human Hand", "人胡", D.human_hand, NO_SET,
        implies=(T.CONCEALED, T.HEAVENLY_READY, T.EARTHLY_READY), option="human_hand"),
    Fan(T.BIG_FOUR_WINDS, 16, "Big Four Winds", "大四喜", D.big_four_winds, SETS,
        implies=(T.LITTLE_FOUR_WINDS, T.SEAT_WIND, T.PREVALENT_WIND, T.WIND_PUNG)),
    Fan(T.ALL_HONORS, 16, "All Honors", "字一色", D.all_honors, WHOLE, option="all_honors"),
    Fan(T.FIVE_KONGS, 0, "Five Kongs", "五槓子", D.five_kongs, SETS, option="five_kongs"),
    Fan(T.HEAVENLY_READY, 8, "Heavenly Ready", "天聽", D.heavenly_ready, NO_SET, implies=_READY,
        option="heavenly_ready"),
    Fan(T.EIGHT_FLOWERS, 8, "Eight Flowers", "八仙過海", D.eight_flowers, NO_SET),
    Fan(T.SEVEN_ROB_ONE, 8, "Seven Rob One", "七搶一", D.seven_rob_one, NO_SET),
    Fan(T.FIVE_CONCEALED_PUNGS, 8, "Five Concealed Pungs", "五暗刻", D.five_concealed_pungs, SETS),
    Fan(T.BIG_THREE_DRAGONS, 8, "Big Three Dragons", "大三元", D.big_three_dragons, SETS, implies=(T.DRAGON_PUNG,)),
    Fan(T.LITTLE_FOUR_WINDS, 8, "Little Four Winds", "小四喜", D.little_four_winds, SETS,
        implies=(T.SEAT_WIND, T.PREVALENT_WIND, T.WIND_PUNG)),
    Fan(T.FULL_FLUSH, 8, "Full Flush", "清一色", D.full_flush, WHOLE),
    Fan(T.FOUR_KONGS, 0, "Four Kongs", "四槓子", D.four_kongs, SETS, option="four_kongs"),
    Fan(T.EIGHT_AND_A_HALF_PAIRS, 0, "Eight and a Half Pairs", "嚦咕嚦咕", D.eight_and_a_half_pairs, WHOLE,
        option="eight_and_a_half_pairs"),
    Fan(T.FOUR_CONCEALED_PUNGS, 5, "Four Concealed Pungs", "四暗刻", D.four_concealed_pungs, SETS),
    Fan(T.EARTHLY_READY, 4, "Earthly Ready", "地聽", D.earthly_ready, NO_SET, implies=_READY, option="earthly_ready"),
    Fan(T.ALL_PUNGS, 4, "All Pungs", "碰碰胡", D.all_pungs, WHOLE),
    Fan(T.HALF_FLUSH, 4, "Half Flush", "混一色", D.half_flush, WHOLE),
    Fan(T.LITTLE_THREE_DRAGONS, 4, "Little Three Dragons", "小三元", D.little_three_dragons, SETS,
        implies=(T.DRAGON_PUNG,)),
    Fan(T.CONCEALED_SELF_DRAWN, 3, "Concealed Self-Drawn", "門清自摸", D.concealed_self_drawn, WHOLE,
        replaces=(T.CONCEALED, T.SELF_DRAWN)),
    Fan(T.ALL_CHOWS, 2, "All Chows", "平胡", D.all_chows, WHOLE),
    Fan(T.ALL_BEGGING, 2, "All Begging", "全求人", D.all_begging, WHOLE, implies=(T.SINGLE_WAIT,)),
    Fan(T.THREE_CONCEALED_PUNGS, 2, "Three Concealed Pungs", "三暗刻", D.three_concealed_pungs, SETS),
    Fan(T.FLOWER_KONG, 2, "Flower Kong", "花槓", D.flower_kong, NO_SET, option="flower_kong",
        per="a complete set of the four seasons or the four flowers"),
    Fan(T.CONCEALED, 1, "Concealed Hand", "門清", D.concealed, WHOLE),
    Fan(T.SELF_DRAWN, 1, "Self-Drawn", "自摸", D.self_drawn, NO_SET),
    Fan(T.HALF_BEGGING, 1, "Half Begging", "半求", D.half_begging, WHOLE, implies=(T.SINGLE_WAIT,),
        option="half_begging"),
    Fan(T.SINGLE_WAIT, 1, "Single Wait", "獨聽", D.single_wait, SETS),
    Fan(T.SEAT_WIND, 1, "Seat Wind", "門風", D.seat_wind, SETS),
    Fan(T.PREVALENT_WIND, 1, "Prevalent Wind", "圈風", D.prevalent_wind, SETS),
    Fan(T.WIND_PUNG, 0, "Wind Pung", "風刻", D.wind_pung, SETS, option="wind_scoring", per="a pung or kong of a wind"),
    Fan(T.DRAGON_PUNG, 1, "Dragon Pung", "三元牌", D.dragon_pung, SETS, per="a pung or kong of a dragon"),
    Fan(T.SEAT_FLOWER, 1, "Seat Flower", "正花", D.seat_flower, NO_SET, per="the seat's own season or flower"),
    Fan(T.FLOWER, 0, "Any Flower", "見花見台", D.flower, NO_SET, option="flower_scoring", per="a flower or season"),
    Fan(T.NO_FLOWERS, 0, "No Flowers", "無花", D.no_flowers, NO_SET, option="no_flowers"),
    Fan(T.LAST_TILE, 1, "Last Tile", "海底撈月", D.last_tile, NO_SET),
    Fan(T.LAST_DISCARD, 1, "Last Discard", "河底撈魚", D.last_discard, NO_SET, option="last_discard"),
    Fan(T.KONG_REPLACEMENT, 1, "Win on a Replacement", "槓上開花", D.kong_replacement, NO_SET),
    Fan(T.ROBBING_KONG, 1, "Robbing the Kong", "搶槓", D.robbing_kong, NO_SET),
)

TABLE: Final = FanTable(FANS)
BY_ID: Final = TABLE.by_id
ORDER: Final = TABLE.order
FLOWER_WINS: Final = frozenset({T.EIGHT_FLOWERS.value, T.SEVEN_ROB_ONE.value})
FLOWER_ITEMS: Final = frozenset({T.SEAT_FLOWER.value, T.FLOWER_KONG.value, T.FLOWER.value, T.NO_FLOWERS.value})
# The items a choice option switches on, and their value then.
_SWITCHED: Final = {"wind_scoring": 1, "flower_scoring": 1}


@lru_cache(maxsize=64)
def values(options: TaiwanOptions) -> dict[str, int]:
    """Every row's 台 under ``options``: the table's, each optional item's from its option, then
    ``options.fan_values``."""
    out = dict(TABLE.points)
    for fan in FANS:
        if fan.option is None:
            continue
        v = getattr(options, fan.option)
        out[fan.id.value] = (_SWITCHED[fan.option] if v == ANY else 0) if isinstance(v, str) else v
    out.update(options.fan_values)
    return out


@lru_cache(maxsize=64)
def drops(options: TaiwanOptions) -> dict[str, tuple[str, ...]]:
    """What each item leaves out (不計 and 'in the place of', as one), as the options have it: a house
    rule that keeps an item beside another takes it off the other's list (TW12, TW13)."""
    keep: dict[str, set[str]] = {}
    if options.starting_win_self_drawn:
        keep[T.HEAVENLY_HAND] = keep[T.EARTHLY_HAND] = {T.SELF_DRAWN}
    if options.ready_keeps_concealed:
        keep[T.HEAVENLY_READY] = keep[T.EARTHLY_READY] = set(_READY)
    if options.little_four_winds_winds:
        keep[T.LITTLE_FOUR_WINDS] = {T.SEAT_WIND, T.PREVALENT_WIND, T.WIND_PUNG}
    if options.three_dragons_with_pungs:
        keep[T.BIG_THREE_DRAGONS] = keep[T.LITTLE_THREE_DRAGONS] = {T.DRAGON_PUNG}
    if options.single_wait_with_begging:
        keep[T.ALL_BEGGING] = keep[T.HALF_BEGGING] = {T.SINGLE_WAIT}
    out: dict[str, tuple[str, ...]] = {}
    for fan in FANS:
        kept = keep.get(fan.id, set())
        left = tuple(i.value for i in (*fan.implies, *fan.replaces) if i not in kept)
        if left:
            out[fan.id.value] = left
    return out
