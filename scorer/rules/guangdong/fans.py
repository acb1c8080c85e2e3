"""The 广东推倒胡 table as data: the MIL 2023 table's 19 fans (the rule document's §5b, ``points``
their fan) and, under ``table: common``, the factors of the app and table 推倒胡 (§5a: ``values``
gives each item's ×2 or ×1, 0 where the common table has no such item).

The rows run as the document's §5b lists them; what an item leaves out is its ``replaces`` (§7).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from ..table import Fan, FanTable, Group
from . import detect as D
from .fan_id import GuangdongFan as G
from .options import MIL

SETS, WHOLE, NO_SET = Group.SETS, Group.WHOLE_HAND, Group.NO_SET

FANS: Final[tuple[Fan[G], ...]] = (
    Fan(G.SELF_DRAWN, 1, "Self-Drawn", "自摸", D.self_drawn, NO_SET),
    Fan(G.CONCEALED, 1, "Concealed Hand", "门清", D.concealed, NO_SET),
    Fan(G.ALL_PUNGS, 4, "All Pungs", "碰碰胡", D.all_pungs, WHOLE),
    Fan(G.HALF_FLUSH, 4, "Half Flush", "混一色", D.half_flush, WHOLE),
    Fan(G.ROBBING_KONG, 4, "Robbing the Kong", "抢杠胡", D.robbing_kong, NO_SET),
    Fan(G.LAST_TILE, 4, "Last Tile", "海底", D.last_tile, NO_SET),
    Fan(G.KONG_FLOWER, 5, "Out with a Replacement Tile", "杠上开花", D.kong_flower, NO_SET, replaces=(G.SELF_DRAWN,)),
    Fan(G.SEVEN_PAIRS, 6, "Seven Pairs", "七对", D.seven_pairs_form, WHOLE, replaces=(G.CONCEALED,)),
    Fan(G.FULL_FLUSH, 8, "Full Flush", "清一色", D.full_flush, WHOLE),
    Fan(G.TERMINALS_AND_HONORS, 12, "Terminals and Honours", "幺九", D.terminals_and_honors, WHOLE,
        replaces=(G.ALL_PUNGS,)),
    Fan(G.SMALL_THREE_DRAGONS, 12, "Little Three Dragons", "小三元", D.small_three_dragons, SETS),
    Fan(G.SMALL_FOUR_WINDS, 12, "Little Four Winds", "小四喜", D.small_four_winds, SETS),
    Fan(G.HEAVENLY_HAND, 12, "Heavenly Hand", "天胡", D.heavenly_hand, NO_SET,
        replaces=(G.SELF_DRAWN, G.CONCEALED)),
    Fan(G.EARTHLY_HAND, 12, "Earthly Hand", "地胡", D.earthly_hand, NO_SET, replaces=(G.SELF_DRAWN, G.CONCEALED)),
    Fan(G.FOUR_GHOSTS, 12, "Four Ghosts", "四鬼胡", D.four_ghosts, WHOLE, option="four_ghosts"),
    Fan(G.NINE_GATES, 16, "Nine Gates", "九莲宝灯", D.nine_gates, WHOLE, replaces=(G.CONCEALED, G.FULL_FLUSH)),
    Fan(G.BIG_THREE_DRAGONS, 16, "Big Three Dragons", "大三元", D.big_three_dragons, SETS),
    Fan(G.BIG_FOUR_WINDS, 16, "Big Four Winds", "大四喜", D.big_four_winds, SETS, replaces=(G.ALL_PUNGS,)),
    Fan(G.THIRTEEN_ORPHANS, 16, "Thirteen Orphans", "十三幺", D.thirteen_orphans_form, WHOLE,
        replaces=(G.CONCEALED,), option="thirteen_orphans"),
)
TABLE: Final = FanTable(FANS)
BY_ID: Final = TABLE.by_id

# The common table's factors (§5a): the items it has; every other is 0 (no item there).
_COMMON: Final = {G.SELF_DRAWN.value: 2, G.ROBBING_KONG.value: 2, G.KONG_FLOWER.value: 2}


@lru_cache(maxsize=64)
def values(options: Any) -> dict[str, int]:
    """Each item's worth under ``options``: its fan in the mil table, its factor in the common one
    (0: not an item of that table)."""
    if options.table == MIL:
        out = {f.id.value: f.points for f in FANS}
        out[G.FOUR_GHOSTS.value] = 12 if options.four_ghosts == "fan" else 0
        out[G.THIRTEEN_ORPHANS.value] = 16 if options.thirteen_orphans else 0
        out[G.SEVEN_PAIRS.value] = 6 if options.seven_pairs else 0
        return out
    out = dict.fromkeys((f.id.value for f in FANS), 0)
    out.update(_COMMON)
    out[G.SEVEN_PAIRS.value] = 2 if options.seven_pairs_double else 1
    out[G.FOUR_GHOSTS.value] = 2 if options.four_ghosts == "double" else 1
    out[G.LAST_TILE.value] = 2 if options.last_tile_double else 0
    return out
