"""The 红中 fan table as data (the 红中 rule document, §5: the MIL 2024 competition table).

The unit is the fan; each payer pays 2 to the power of the fan, capped at ``max_fan`` (4: 16).
平和 (0) names a win with no other fan; 龙七对 takes 七对子's place; everything else adds up.
四红中 is an option's win (``four_red_win``), worth nothing in fan. Under ``scoring: flat`` every
row is worth 0: the fans are shown, the money does not read them (``values``).
"""

from __future__ import annotations

from typing import Final

from ..table import Fan, FanTable, Group
from . import detect as D
from .fan_id import HongzhongFan as F
from .options import FLAT, HongzhongOptions

SETS, WHOLE, NO_SET = Group.SETS, Group.WHOLE_HAND, Group.NO_SET

FANS: Final[tuple[Fan[F], ...]] = (
    Fan(F.PLAIN_WIN, 0, "Plain Win", "平和", D.plain_win, WHOLE),
    Fan(F.NO_RED, 1, "No Red Dragon", "无红中", D.no_red, WHOLE),
    Fan(F.ALL_PUNGS, 1, "All Pungs", "大对子", D.all_pungs, WHOLE),
    Fan(F.PURE_STRAIGHT, 1, "Pure Straight", "一条龙", D.pure_straight, SETS),
    Fan(F.KONG_REPLACEMENT, 1, "Win on a Kong Replacement", "杠上花", D.kong_replacement, NO_SET),
    Fan(F.SEVEN_PAIRS, 2, "Seven Pairs", "七对子", D.seven_pairs_fan, WHOLE),
    Fan(F.FULL_FLUSH, 2, "Full Flush", "清一色", D.full_flush, WHOLE),
    Fan(F.LONG_SEVEN_PAIRS, 3, "Dragon Seven Pairs", "龙七对", D.long_seven_pairs, WHOLE, replaces=(F.SEVEN_PAIRS,)),
    Fan(F.FOUR_RED, 0, "Four Red Dragons", "四红中", D.four_red, NO_SET, option="four_red_win"),
)
TABLE: Final = FanTable(FANS)
BY_ID: Final = TABLE.by_id
_FLAT: Final = dict.fromkeys(TABLE.points, 0)


def values(options: HongzhongOptions) -> dict[str, int]:
    """Each row's worth under the options: the table's, or 0 for every row in the flat room."""
    return _FLAT if options.scoring == FLAT else TABLE.points
