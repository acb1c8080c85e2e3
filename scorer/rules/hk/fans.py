"""The Hong Kong fan table as data, after the game site's rules page (seed 004, 港式麻将 和牌与番种).

One row per fan: id, value in fan, English and Chinese names, the detector that decides it
(``detect.py``), what it replaces, whether it is a limit hand, and what one count is for a fan
that repeats. Limit hands come first and are worth the cap (13 by default, the ``max_fan``
option otherwise) and nothing else, not even flowers; then the rest by value, highest first. A
fan's worked example is ``seeds/hk/NNN_<fan id>.json``, NNN its 1-based place here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..table import Fan, FanTable, Group
from . import detect as D
from .detect import HkFan

MIN_FAN: Final = 3  # 三番起和
MAX_FAN: Final = 13  # 最多计 13 番; a limit hand is worth it

# Each row's explanation group: its occurrences point at some sets, at the whole hand, or at none.
SETS, WHOLE, NO_SET = Group.SETS, Group.WHOLE_HAND, Group.NO_SET


def _limit(id: HkFan, name: str, name_zh: str, detector: Callable[..., object], group: Group) -> Fan[HkFan]:
    return Fan(id, MAX_FAN, name, name_zh, detector, group, limit=True)


FANS: Final[tuple[Fan[HkFan], ...]] = (
    # Limit hands: 计 13 番, 不再累加其他番种.
    _limit(D.THIRTEEN_ORPHANS, "Thirteen Orphans", "十三幺", D.thirteen_orphans, WHOLE),
    _limit(D.ALL_HONORS, "All Honors", "字一色", D.all_honors, WHOLE),
    _limit(D.ALL_TERMINALS, "All Terminals", "清幺九", D.all_terminals, WHOLE),
    _limit(D.BIG_THREE_DRAGONS, "Big Three Dragons", "大三元", D.big_three_dragons, SETS),
    _limit(D.BIG_FOUR_WINDS, "Big Four Winds", "大四喜", D.big_four_winds, SETS),
    _limit(D.FOUR_KONGS, "Four Kongs", "十八罗汉", D.four_kongs, SETS),
    _limit(D.NINE_GATES, "Nine Gates", "九莲宝灯", D.nine_gates, WHOLE),
    _limit(D.FOUR_CONCEALED_PUNGS, "Four Concealed Pungs, Self-Drawn", "自摸四暗刻", D.four_concealed_pungs, SETS),
    # 7
    Fan(D.FULL_FLUSH, 7, "Full Flush", "清一色", D.full_flush, WHOLE),
    # 5: 替代箭牌刻子分
    Fan(D.LITTLE_THREE_DRAGONS, 5, "Little Three Dragons", "小三元", D.little_three_dragons, SETS,
        replaces=(D.DRAGON_PUNG,)),
    # 4
    Fan(D.SEVEN_PAIRS, 4, "Seven Pairs", "七对", D.seven_pairs, WHOLE),
    # 3
    Fan(D.ALL_PUNGS, 3, "All Pungs", "碰碰胡", D.all_pungs, WHOLE),
    Fan(D.HALF_FLUSH, 3, "Half Flush", "混一色", D.half_flush, WHOLE),
    # 2 per set: 齐四季 or 四君子, 并替代该组正花
    Fan(D.FLOWER_SET, 2, "Flower Set", "齐四季/四君子", D.flower_set, NO_SET, replaces=(D.SEAT_FLOWER,),
        per="a complete set of the four flowers or the four seasons"),
    # 1
    Fan(D.DRAGON_PUNG, 1, "Dragon Pung", "箭刻", D.dragon_pung, SETS, per="a pung or kong of dragons"),
    Fan(D.SEAT_WIND, 1, "Seat Wind", "门风刻", D.seat_wind, SETS),
    Fan(D.PREVALENT_WIND, 1, "Prevalent Wind", "圈风刻", D.prevalent_wind, SETS),
    Fan(D.ALL_CHOWS, 1, "All Chows", "平胡", D.all_chows, WHOLE),
    Fan(D.CONCEALED, 1, "Concealed Hand", "门前清", D.concealed, WHOLE),
    Fan(D.SELF_DRAWN, 1, "Self-Drawn", "自摸", D.self_drawn, NO_SET),
    Fan(D.NO_FLOWERS, 1, "No Flowers", "无花", D.no_flowers, NO_SET),
    Fan(D.SEAT_FLOWER, 1, "Seat Flower", "正花", D.seat_flower, NO_SET,
        per="the seat's own flower or season (flower number = seat: East 1 … North 4)"),
    Fan(D.KONG_REPLACEMENT, 1, "Win on a Kong Replacement", "杠上开花", D.kong_replacement, NO_SET),
    Fan(D.ROBBING_KONG, 1, "Robbing the Kong", "抢杠胡", D.robbing_kong, NO_SET),
    Fan(D.LAST_TILE, 1, "Last Tile", "海底捞月", D.last_tile, NO_SET),
)

TABLE: Final = FanTable(FANS)
BY_ID: Final = TABLE.by_id
ORDER: Final = TABLE.order
LIMITS: Final[tuple[str, ...]] = TABLE.limits
