"""The 81 fans of Mahjong Competition Rules as data: id, points, names, where the rule lives, and
what each implies.

Each row names its detector (``detect.py``): the function that decides whether the hand has the
fan — the rule itself. ``implies`` is the 不计 list: fans that are not counted again when this
fan is scored (the illustrated rules and the 1998 national rules article, as the reference
calculator applies them); ``implies_one`` takes one count away instead of all of it. Exclusion
is one mechanism over this table (``exclusion.py``), not a rule per fan, and it is the whole
truth about which fans exclude which, apart from three principles that the detectors apply
because they act on one set or one tile, not on a whole fan: the non-identical and account-once
principles among chows, pungs and kongs (``detect.chow_fans``, ``pung_fans``, ``kong_fans``); a
pung accounted once among the single-pung fans (``detect.single_pung_fans``); and one wait fan at
most, read only from an arrangement of sets and a pair (``detect.wait_fan``), so the forms whose
shape fixes the wait (seven pairs, thirteen orphans, ...) list 单钓将 as the rule documents do
without ever detecting it. Order is the table's: points descending, so
every implication points to a later, cheaper fan. A fan's worked example is
``seeds/mcr/NNN_<fan id>.json``, NNN its 1-based place here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..table import Fan, FanTable, Group
from . import fan_id as F
from .detect import (
    chicken_hand_fan,
    chow_fans,
    concealment_fans,
    flower_fan,
    honors_and_knitted_fan,
    knitted_straight_fan,
    kong_fans,
    nine_gates_fan,
    pack_trait_fans,
    pair_fans,
    pung_fans,
    seven_pairs_fans,
    single_pung_fans,
    terminal_chows_fan,
    thirteen_orphans_fan,
    tile_fans,
    wait_fan,
    win_event_fans,
)
from .fan_id import FanId, OptionFanId

# The 8-point minimum: a win needs 8 points without flowers.
MIN_POINTS: Final = 8

# Each row's explanation group: its occurrences point at some sets, at the whole hand, or at none.
SETS, WHOLE, NO_SET = Group.SETS, Group.WHOLE_HAND, Group.NO_SET


def _fan(id: FanId, points: int, name: str, name_zh: str, detector: Callable[..., object], group: Group,
         implies: tuple[FanId, ...] = (), implies_one: tuple[FanId, ...] = ()) -> Fan[FanId]:
    return Fan(id, points, name, name_zh, detector, group, implies, implies_one)


FANS: Final[tuple[Fan[FanId], ...]] = (
    # 88
    _fan(F.BIG_FOUR_WINDS, 88, "Big Four Winds", "大四喜", pung_fans, SETS,
         (F.BIG_THREE_WINDS, F.ALL_PUNGS, F.SEAT_WIND, F.PREVALENT_WIND, F.PUNG_OF_TERMINALS_OR_HONORS)),
    _fan(F.BIG_THREE_DRAGONS, 88, "Big Three Dragons", "大三元", pung_fans, SETS,
         (F.TWO_DRAGON_PUNGS, F.DRAGON_PUNG)),
    _fan(F.ALL_GREEN, 88, "All Green", "绿一色", tile_fans, WHOLE,
         (F.HALF_FLUSH, F.ONE_VOIDED_SUIT)),
    # The shape holds 111 and 999; the reference takes one 幺九刻 away, not every one as the
    # illustrated rules' 不计 would (RULINGS.md C4; seeds/mcr/004_nine_gates.json).
    _fan(F.NINE_GATES, 88, "Nine Gates", "九莲宝灯", nine_gates_fan, WHOLE,
         (F.FULL_FLUSH, F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND, F.NO_HONORS, F.ONE_VOIDED_SUIT),
         implies_one=(F.PUNG_OF_TERMINALS_OR_HONORS,)),
    _fan(F.FOUR_KONGS, 88, "Four Kongs", "四杠", kong_fans, SETS,
         (F.THREE_KONGS, F.TWO_MELDED_KONGS, F.TWO_CONCEALED_KONGS, F.MELDED_KONG, F.CONCEALED_KONG, F.ALL_PUNGS,
          F.SINGLE_WAIT)),
    _fan(F.SEVEN_SHIFTED_PAIRS, 88, "Seven Shifted Pairs", "连七对", seven_pairs_fans, WHOLE,
         (F.SEVEN_PAIRS, F.FULL_FLUSH, F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND, F.SINGLE_WAIT, F.NO_HONORS,
          F.ONE_VOIDED_SUIT)),
    # Its tiles are all terminals and honours, as 混幺九's are; the reference does not add 混幺九.
    _fan(F.THIRTEEN_ORPHANS, 88, "Thirteen Orphans", "十三幺", thirteen_orphans_fan, WHOLE,
         (F.ALL_TYPES, F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND, F.SINGLE_WAIT, F.ALL_TERMINALS_AND_HONORS)),
    # 64
    _fan(F.ALL_TERMINALS, 64, "All Terminals", "清幺九", tile_fans, WHOLE,
         (F.ALL_TERMINALS_AND_HONORS, F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS, F.NO_HONORS,
          F.DOUBLE_PUNG)),
    _fan(F.LITTLE_FOUR_WINDS, 64, "Little Four Winds", "小四喜", pair_fans, SETS,
         (F.BIG_THREE_WINDS, F.PUNG_OF_TERMINALS_OR_HONORS)),
    _fan(F.LITTLE_THREE_DRAGONS, 64, "Little Three Dragons", "小三元", pair_fans, SETS,
         (F.TWO_DRAGON_PUNGS, F.DRAGON_PUNG)),
    _fan(F.ALL_HONORS, 64, "All Honors", "字一色", tile_fans, WHOLE,
         (F.ALL_TERMINALS_AND_HONORS, F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS, F.ONE_VOIDED_SUIT)),
    _fan(F.FOUR_CONCEALED_PUNGS, 64, "Four Concealed Pungs", "四暗刻", kong_fans, SETS,
         (F.THREE_CONCEALED_PUNGS, F.TWO_CONCEALED_PUNGS, F.ALL_PUNGS, F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND)),
    _fan(F.PURE_TERMINAL_CHOWS, 64, "Pure Terminal Chows", "一色双龙会", terminal_chows_fan, SETS,
         (F.SEVEN_PAIRS, F.FULL_FLUSH, F.ALL_CHOWS, F.PURE_DOUBLE_CHOW, F.TWO_TERMINAL_CHOWS, F.ONE_VOIDED_SUIT,
          F.NO_HONORS)),
    # 48
    _fan(F.QUADRUPLE_CHOW, 48, "Quadruple Chow", "一色四同顺", chow_fans, SETS,
         (F.PURE_TRIPLE_CHOW, F.PURE_DOUBLE_CHOW, F.TILE_HOG)),
    _fan(F.FOUR_PURE_SHIFTED_PUNGS, 48, "Four Pure Shifted Pungs", "一色四节高", pung_fans, SETS,
         (F.PURE_TRIPLE_CHOW, F.PURE_SHIFTED_PUNGS, F.ALL_PUNGS)),
    # 32
    _fan(F.FOUR_PURE_SHIFTED_CHOWS, 32, "Four Pure Shifted Chows", "一色四步高", chow_fans, SETS,
         (F.PURE_SHIFTED_CHOWS, F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS)),
    _fan(F.THREE_KONGS, 32, "Three Kongs", "三杠", kong_fans, SETS,
         (F.TWO_MELDED_KONGS, F.TWO_CONCEALED_KONGS, F.MELDED_KONG, F.CONCEALED_KONG)),
    _fan(F.ALL_TERMINALS_AND_HONORS, 32, "All Terminals and Honors", "混幺九", tile_fans, WHOLE,
         (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS)),
    # 24
    _fan(F.SEVEN_PAIRS, 24, "Seven Pairs", "七对", seven_pairs_fans, WHOLE,
         (F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND, F.SINGLE_WAIT)),
    _fan(F.GREATER_HONORS_AND_KNITTED_TILES, 24, "Greater Honors and Knitted Tiles", "七星不靠",
         honors_and_knitted_fan, WHOLE,
         (F.LESSER_HONORS_AND_KNITTED_TILES, F.ALL_TYPES, F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND)),
    _fan(F.ALL_EVEN_PUNGS, 24, "All Even Pungs", "全双刻", pack_trait_fans, WHOLE,
         (F.ALL_PUNGS, F.ALL_SIMPLES, F.NO_HONORS)),
    _fan(F.FULL_FLUSH, 24, "Full Flush", "清一色", tile_fans, WHOLE,
         (F.ONE_VOIDED_SUIT, F.NO_HONORS)),
    _fan(F.PURE_TRIPLE_CHOW, 24, "Pure Triple Chow", "一色三同顺", chow_fans, SETS,
         (F.PURE_SHIFTED_PUNGS, F.PURE_DOUBLE_CHOW)),
    _fan(F.PURE_SHIFTED_PUNGS, 24, "Pure Shifted Pungs", "一色三节高", pung_fans, SETS),
    _fan(F.UPPER_TILES, 24, "Upper Tiles", "全大", tile_fans, WHOLE,
         (F.UPPER_FOUR, F.NO_HONORS)),
    _fan(F.MIDDLE_TILES, 24, "Middle Tiles", "全中", tile_fans, WHOLE,
         (F.ALL_SIMPLES, F.NO_HONORS)),
    _fan(F.LOWER_TILES, 24, "Lower Tiles", "全小", tile_fans, WHOLE,
         (F.LOWER_FOUR, F.NO_HONORS)),
    # 16
    _fan(F.PURE_STRAIGHT, 16, "Pure Straight", "清龙", chow_fans, SETS,
         (F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS)),
    _fan(F.THREE_SUITED_TERMINAL_CHOWS, 16, "Three-Suited Terminal Chows", "三色双龙会", terminal_chows_fan, SETS,
         (F.MIXED_DOUBLE_CHOW, F.TWO_TERMINAL_CHOWS, F.ALL_CHOWS, F.NO_HONORS)),
    _fan(F.PURE_SHIFTED_CHOWS, 16, "Pure Shifted Chows", "一色三步高", chow_fans, SETS),
    _fan(F.ALL_FIVES, 16, "All Fives", "全带五", pack_trait_fans, WHOLE,
         (F.ALL_SIMPLES, F.NO_HONORS)),
    _fan(F.TRIPLE_PUNG, 16, "Triple Pung", "三同刻", pung_fans, SETS,
         (F.DOUBLE_PUNG,)),
    _fan(F.THREE_CONCEALED_PUNGS, 16, "Three Concealed Pungs", "三暗刻", kong_fans, SETS,
         (F.TWO_CONCEALED_PUNGS,)),
    # 12
    _fan(F.LESSER_HONORS_AND_KNITTED_TILES, 12, "Lesser Honors and Knitted Tiles", "全不靠", honors_and_knitted_fan,
         WHOLE,
         (F.ALL_TYPES, F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND)),
    _fan(F.KNITTED_STRAIGHT, 12, "Knitted Straight", "组合龙", knitted_straight_fan, SETS),
    _fan(F.UPPER_FOUR, 12, "Upper Four", "大于五", tile_fans, WHOLE,
         (F.NO_HONORS,)),
    _fan(F.LOWER_FOUR, 12, "Lower Four", "小于五", tile_fans, WHOLE,
         (F.NO_HONORS,)),
    _fan(F.BIG_THREE_WINDS, 12, "Big Three Winds", "三风刻", pung_fans, SETS),
    # 8
    _fan(F.MIXED_STRAIGHT, 8, "Mixed Straight", "花龙", chow_fans, SETS),
    _fan(F.REVERSIBLE_TILES, 8, "Reversible Tiles", "推不倒", tile_fans, WHOLE,
         (F.ONE_VOIDED_SUIT,)),
    _fan(F.MIXED_TRIPLE_CHOW, 8, "Mixed Triple Chow", "三色三同顺", chow_fans, SETS,
         (F.MIXED_DOUBLE_CHOW,)),
    _fan(F.MIXED_SHIFTED_PUNGS, 8, "Mixed Shifted Pungs", "三色三节高", pung_fans, SETS),
    _fan(F.CHICKEN_HAND, 8, "Chicken Hand", "无番和", chicken_hand_fan, WHOLE),
    _fan(F.LAST_TILE_DRAW, 8, "Last Tile Draw", "妙手回春", win_event_fans, NO_SET,
         (F.SELF_DRAWN,)),
    _fan(F.LAST_TILE_CLAIM, 8, "Last Tile Claim", "海底捞月", win_event_fans, NO_SET),
    _fan(F.OUT_WITH_REPLACEMENT_TILE, 8, "Out with Replacement Tile", "杠上开花", win_event_fans, NO_SET,
         (F.SELF_DRAWN,)),
    _fan(F.ROBBING_THE_KONG, 8, "Robbing the Kong", "抢杠和", win_event_fans, NO_SET,
         (F.LAST_TILE,)),
    # 6
    _fan(F.ALL_PUNGS, 6, "All Pungs", "碰碰和", pung_fans, WHOLE),
    _fan(F.HALF_FLUSH, 6, "Half Flush", "混一色", tile_fans, WHOLE,
         (F.ONE_VOIDED_SUIT,)),
    _fan(F.MIXED_SHIFTED_CHOWS, 6, "Mixed Shifted Chows", "三色三步高", chow_fans, SETS),
    _fan(F.ALL_TYPES, 6, "All Types", "五门齐", tile_fans, WHOLE),
    _fan(F.MELDED_HAND, 6, "Melded Hand", "全求人", concealment_fans, NO_SET,
         (F.SINGLE_WAIT,)),
    _fan(F.TWO_CONCEALED_KONGS, 6, "Two Concealed Kongs", "双暗杠", kong_fans, SETS,
         (F.TWO_CONCEALED_PUNGS, F.CONCEALED_KONG)),
    _fan(F.TWO_DRAGON_PUNGS, 6, "Two Dragon Pungs", "双箭刻", pung_fans, SETS,
         (F.DRAGON_PUNG,)),
    # 4
    _fan(F.OUTSIDE_HAND, 4, "Outside Hand", "全带幺", pack_trait_fans, WHOLE),
    _fan(F.FULLY_CONCEALED_HAND, 4, "Fully Concealed Hand", "不求人", concealment_fans, NO_SET,
         (F.CONCEALED_HAND, F.SELF_DRAWN)),
    _fan(F.TWO_MELDED_KONGS, 4, "Two Melded Kongs", "双明杠", kong_fans, SETS,
         (F.MELDED_KONG,)),
    _fan(F.LAST_TILE, 4, "Last Tile", "和绝张", win_event_fans, NO_SET),
    # 2
    _fan(F.DRAGON_PUNG, 2, "Dragon Pung", "箭刻", single_pung_fans, SETS),
    _fan(F.PREVALENT_WIND, 2, "Prevalent Wind", "圈风刻", single_pung_fans, SETS),
    _fan(F.SEAT_WIND, 2, "Seat Wind", "门风刻", single_pung_fans, SETS),
    _fan(F.CONCEALED_HAND, 2, "Concealed Hand", "门前清", concealment_fans, NO_SET),
    _fan(F.ALL_CHOWS, 2, "All Chows", "平和", pair_fans, WHOLE,
         (F.NO_HONORS,)),
    _fan(F.TILE_HOG, 2, "Tile Hog", "四归一", tile_fans, SETS),
    _fan(F.DOUBLE_PUNG, 2, "Double Pung", "双同刻", pung_fans, SETS),
    _fan(F.TWO_CONCEALED_PUNGS, 2, "Two Concealed Pungs", "双暗刻", kong_fans, SETS),
    _fan(F.CONCEALED_KONG, 2, "Concealed Kong", "暗杠", kong_fans, SETS),
    _fan(F.ALL_SIMPLES, 2, "All Simples", "断幺", tile_fans, WHOLE,
         (F.NO_HONORS,)),
    # 1
    _fan(F.PURE_DOUBLE_CHOW, 1, "Pure Double Chow", "一般高", chow_fans, SETS),
    _fan(F.MIXED_DOUBLE_CHOW, 1, "Mixed Double Chow", "喜相逢", chow_fans, SETS),
    _fan(F.SHORT_STRAIGHT, 1, "Short Straight", "连六", chow_fans, SETS),
    _fan(F.TWO_TERMINAL_CHOWS, 1, "Two Terminal Chows", "老少副", chow_fans, SETS),
    _fan(F.PUNG_OF_TERMINALS_OR_HONORS, 1, "Pung of Terminals or Honors", "幺九刻", single_pung_fans, SETS),
    _fan(F.MELDED_KONG, 1, "Melded Kong", "明杠", kong_fans, SETS),
    _fan(F.ONE_VOIDED_SUIT, 1, "One Voided Suit", "缺一门", tile_fans, WHOLE),
    _fan(F.NO_HONORS, 1, "No Honors", "无字", tile_fans, WHOLE),
    _fan(F.EDGE_WAIT, 1, "Edge Wait", "边张", wait_fan, SETS),
    _fan(F.CLOSED_WAIT, 1, "Closed Wait", "坎张", wait_fan, SETS),
    _fan(F.SINGLE_WAIT, 1, "Single Wait", "单钓将", wait_fan, SETS),
    _fan(F.SELF_DRAWN, 1, "Self-Drawn", "自摸", win_event_fans, NO_SET),
    _fan(F.FLOWER_TILES, 1, "Flower Tiles", "花牌", flower_fan, NO_SET),
)

TABLE: Final = FanTable(FANS)
BY_ID: Final = TABLE.by_id
ORDER: Final = TABLE.order

# ``mixed_kongs: "five"`` (RULINGS.md ED9): the reference calculator's 明暗杠, one melded and one
# concealed kong, in place of 双明杠 + 暗杠 (R1). Not one of the 81: a table of its own, which the
# breakdown reads and ``GET /v1/fans`` does not list.
MIXED_KONGS_FAN: Final = Fan(OptionFanId.CONCEALED_KONG_AND_MELDED_KONG, 5, "Concealed Kong and Melded Kong", "明暗杠",
                             kong_fans, SETS)
OPTION_TABLE: Final = FanTable((MIXED_KONGS_FAN,))
