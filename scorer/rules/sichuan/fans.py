"""The Sichuan 血战到底 fan table as data (the game site's rules page, seed 004): hand shapes,
then what adds to any shape. The unit is the fan; a win's base is 2 to the power of its fan,
capped at ``max_fan`` (5 by default: 32).

Hand shapes: 平胡 0 (shown when no other shape applies), 碰碰胡 1, 七对 2, 带幺九 2 (with four sets
and a pair only; it adds to 碰碰胡), 将对 3 (in 碰碰胡's place). Added to any shape: 清一色 2, 金钩钓
1, each 根 1, and the win events 杠上开花, 抢杠胡, 海底 1 each. There is no fan for a self-draw:
it is paid as 自摸加底 (``payouts``).
"""

from __future__ import annotations

from typing import Final

from ..table import Fan, FanTable, Group
from . import fan_id as F
from .detect import basic_fan, event_fans, golden_hook_fan, regular_fans, seven_pairs_fans, tile_fans
from .fan_id import SichuanFan

# Each row's explanation group: its occurrences point at some sets, at the whole hand, or at none.
SETS, WHOLE, NO_SET = Group.SETS, Group.WHOLE_HAND, Group.NO_SET

FANS: Final[tuple[Fan[SichuanFan], ...]] = (
    Fan(F.BASIC, 0, "Basic Hand", "平胡", basic_fan, WHOLE),
    Fan(F.ALL_PUNGS, 1, "All Pungs", "碰碰胡", regular_fans, WHOLE),
    Fan(F.SEVEN_PAIRS, 2, "Seven Pairs", "七对", seven_pairs_fans, WHOLE),
    Fan(F.OUTSIDE_HAND, 2, "Outside Hand", "带幺九", regular_fans, WHOLE),
    Fan(F.ALL_258_PUNGS, 3, "All 2-5-8 Pungs", "将对", regular_fans, WHOLE, replaces=(F.ALL_PUNGS,)),
    Fan(F.FULL_FLUSH, 2, "Full Flush", "清一色", tile_fans, WHOLE),
    Fan(F.GOLDEN_HOOK, 1, "Golden Hook", "金钩钓", golden_hook_fan, WHOLE),
    Fan(F.ROOT, 1, "Root", "根", tile_fans, SETS, per="a tile kind held four times"),
    Fan(F.KONG_REPLACEMENT, 1, "Win on a Kong Replacement", "杠上开花", event_fans, NO_SET),
    Fan(F.ROBBING_KONG, 1, "Robbing the Kong", "抢杠胡", event_fans, NO_SET),
    Fan(F.LAST_TILE, 1, "Last Tile", "海底", event_fans, NO_SET),
)

TABLE: Final = FanTable(FANS)
BY_ID: Final = TABLE.by_id
ORDER: Final = TABLE.order

MAX_FAN: Final = 5  # the default cap: 2**5 = 32 × base points
