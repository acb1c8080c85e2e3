"""The Sichuan 血战到底 fan table as data (the game site's rules page, seed 004): hand shapes,
then what adds to any shape. The unit is the fan; a win's base is 2 to the power of its fan,
capped at ``max_fan`` (5 by default: 32).

Hand shapes: 平胡 0 (shown when no other shape applies), 碰碰胡 1, 七对 2, 带幺九 2 (with four sets
and a pair only; it adds to 碰碰胡), 将对 3 (in 碰碰胡's place). Added to any shape: 清一色 2, 金钩钓
1, each 根 1, and the win events 杠上开花, 抢杠胡, 海底 1 each. By default there is no fan for a
self-draw: it is paid as 自摸加底 (``payouts``).

Optional fans (RULINGS S14-S21) are rows of the same table, each naming the option that switches
it on and sets its value (its ``points`` here are its value under the default options: 0, off; 带幺九
keeps its 2): 天胡, 地胡, 门清, 中张, 夹心五, 绝张, 海底炮 (in 海底's place on a discard) and 自摸 (one fan
when ``self_drawn`` is ``fan``). ``values`` gives every row's value under a table's options.
"""

from __future__ import annotations

from typing import Final

from ..table import Fan, FanTable, Group
from . import detect as D
from . import fan_id as F
from .fan_id import SichuanFan

# Each row's explanation group: its occurrences point at some sets, at the whole hand, or at none.
SETS, WHOLE, NO_SET = Group.SETS, Group.WHOLE_HAND, Group.NO_SET

FANS: Final[tuple[Fan[SichuanFan], ...]] = (
    Fan(F.BASIC, 0, "Basic Hand", "平胡", D.basic, WHOLE),
    Fan(F.ALL_PUNGS, 1, "All Pungs", "碰碰胡", D.all_pungs, WHOLE),
    Fan(F.SEVEN_PAIRS, 2, "Seven Pairs", "七对", D.seven_pairs, WHOLE),
    Fan(F.OUTSIDE_HAND, 2, "Outside Hand", "带幺九", D.outside_hand, WHOLE, option="outside_hand"),
    Fan(F.ALL_258_PUNGS, 3, "All 2-5-8 Pungs", "将对", D.all_258_pungs, WHOLE, replaces=(F.ALL_PUNGS,)),
    Fan(F.FULL_FLUSH, 2, "Full Flush", "清一色", D.full_flush, WHOLE),
    Fan(F.GOLDEN_HOOK, 1, "Golden Hook", "金钩钓", D.golden_hook, WHOLE),
    Fan(F.ROOT, 1, "Root", "根", D.root, SETS, per="a tile kind held four times"),
    Fan(F.KONG_REPLACEMENT, 1, "Win on a Kong Replacement", "杠上开花", D.kong_replacement, NO_SET),
    Fan(F.ROBBING_KONG, 1, "Robbing the Kong", "抢杠胡", D.robbing_kong, NO_SET),
    Fan(F.LAST_TILE, 1, "Last Tile", "海底", D.last_tile, NO_SET),
    Fan(F.HEAVENLY_HAND, 0, "Heavenly Hand", "天胡", D.heavenly_hand, NO_SET, option="heavenly_hand"),
    Fan(F.EARTHLY_HAND, 0, "Earthly Hand", "地胡", D.earthly_hand, NO_SET, option="earthly_hand"),
    Fan(F.CONCEALED_HAND, 0, "Concealed Hand", "门清", D.concealed_hand, WHOLE, option="concealed_hand"),
    Fan(F.ALL_SIMPLES, 0, "All Simples", "中张", D.all_simples, WHOLE, option="all_simples"),
    Fan(F.MIDDLE_FIVE, 0, "Middle Five", "夹心五", D.middle_five, SETS, option="middle_five"),
    Fan(F.LAST_COPY, 0, "Last Copy", "绝张", D.last_copy, NO_SET, option="last_copy"),
    Fan(F.LAST_DISCARD, 0, "Last Discard", "海底炮", D.last_discard, NO_SET, replaces=(F.LAST_TILE,),
        option="last_discard"),
    Fan(F.SELF_DRAWN, 0, "Self-Drawn", "自摸", D.self_drawn, NO_SET, option="self_drawn"),
)

TABLE: Final = FanTable(FANS)
BY_ID: Final = TABLE.by_id
ORDER: Final = TABLE.order

MAX_FAN: Final = 5  # the default cap: 2**5 = 32 × base points
SELF_DRAWN_FAN: Final = 1  # 自摸加番: one more fan
OPTIONAL: Final = tuple((f.id.value, f.option) for f in FANS if f.option is not None)  # (fan id, its option)


def values(options: object) -> dict[str, int]:
    """Every row's value under ``options`` (a ``SichuanOptions``): the table's, with each optional
    fan's taken from its option (自摸's from ``self_drawn``: one fan when it is ``fan``)."""
    out = dict(TABLE.points)
    for fan_id, name in OPTIONAL:
        v = getattr(options, name)
        out[fan_id] = (SELF_DRAWN_FAN if v == "fan" else 0) if isinstance(v, str) else v
    out.update(getattr(options, "fan_values", ()))  # options.fan_values: the house's own values
    return out
