"""The editions of the rules MCR is scored by, as data: where an edition's values and 不计 lists
differ from the fan table (``fans.py``, the reference calculator's), and the two clauses that act
on sets rather than on a whole fan. The engine reads the edition chosen (``McrOptions.edition``);
the table itself is never copied: exclusion and the breakdown are built from it with these
differences applied (``exclusion.rules_for``). Each difference cites its clause and its
RULINGS.md row (ED1-ED8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from . import fan_id as F
from .fan_id import FanId
from .options import REFERENCE, WMO_2014


@dataclass(frozen=True)
class Edition:
    """An edition's differences from the fan table. ``points``: fans valued otherwise;
    ``keeps``: a fan and the fans its 不计 no longer takes away; ``kongs_beside_kongs``: with
    Three or Four Kongs, one concealed kong still adds Concealed Kong and two add Two Concealed
    Kongs; ``forced_hog``: seven pairs in All Green or All Terminals (six tile kinds) use one
    kind twice, and that four of a kind is no Tile Hog."""

    name: str
    points: tuple[tuple[FanId, int], ...] = ()
    keeps: tuple[tuple[FanId, tuple[FanId, ...]], ...] = ()
    kongs_beside_kongs: bool = False
    forced_hog: bool = False


# Forms that are concealed by their shape: self-drawn, the WMO's clauses add 不求人 (加计不求人分).
_CONCEALED_FORMS: Final = (F.NINE_GATES, F.SEVEN_SHIFTED_PAIRS, F.THIRTEEN_ORPHANS, F.FOUR_CONCEALED_PUNGS,
                           F.SEVEN_PAIRS, F.GREATER_HONORS_AND_KNITTED_TILES, F.LESSER_HONORS_AND_KNITTED_TILES)

EDITIONS: Final = {
    REFERENCE: Edition(REFERENCE),
    WMO_2014: Edition(
        WMO_2014,
        # ED1: the 2014 value table (article 8, fan 56) puts 双暗杠 among the 8-point fans
        points=((F.TWO_CONCEALED_KONGS, 8),),
        keeps=(
            # ED3: 三杠 / 四杠 "暗杠加计": their concealed kongs still score
            (F.THREE_KONGS, (F.CONCEALED_KONG, F.TWO_CONCEALED_KONGS)),
            (F.FOUR_KONGS, (F.CONCEALED_KONG, F.TWO_CONCEALED_KONGS)),
            # ED4: each concealed form, self-drawn, "加计不求人分"
            *((form, (F.FULLY_CONCEALED_HAND,)) for form in _CONCEALED_FORMS),
            # ED5: 绿一色 may add 清一色 or 混一色 (可加计 ... 混一色分)
            (F.ALL_GREEN, (F.HALF_FLUSH,)),
            # ED6: 清幺九's 不计 list names no 双同刻 and its examples count two
            (F.ALL_TERMINALS, (F.DOUBLE_PUNG,)),
        ),
        kongs_beside_kongs=True,  # ED3
        forced_hog=True,  # ED7
    ),
}
"""Every edition by name: the choices of ``McrOptions.edition``."""
