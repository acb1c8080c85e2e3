"""The Sichuan 血战到底 fan table as data (the game site's rules page, seed 004): hand shapes,
then what adds to any shape. The unit is the fan; a win's base is 2 to the power of its fan,
capped at ``max_fan`` (5 by default: 32).

Hand shapes: 平胡 0 (shown when no other shape applies), 碰碰胡 1, 七对 2, 带幺九 2 (with four sets
and a pair only; it adds to 碰碰胡), 将对 3 (in 碰碰胡's place). Added to any shape: 清一色 2, 金钩钓
1, each 根 1, and the win events 杠上开花, 抢杠胡, 海底 1 each. There is no fan for a self-draw:
it is paid as 自摸加底 (``payouts``).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from ..book import FanRow

BASIC: Final = "basic"
ALL_PUNGS: Final = "all_pungs"
SEVEN_PAIRS: Final = "seven_pairs"
OUTSIDE_HAND: Final = "outside_hand"
ALL_258_PUNGS: Final = "all_258_pungs"
FULL_FLUSH: Final = "full_flush"
GOLDEN_HOOK: Final = "golden_hook"
ROOT: Final = "root"
KONG_REPLACEMENT: Final = "kong_replacement"
ROBBING_KONG: Final = "robbing_kong"
LAST_TILE: Final = "last_tile"

FANS: Final[tuple[FanRow, ...]] = (
    FanRow(BASIC, "Basic Hand", "平胡", 0),
    FanRow(ALL_PUNGS, "All Pungs", "碰碰胡", 1),
    FanRow(SEVEN_PAIRS, "Seven Pairs", "七对", 2),
    FanRow(OUTSIDE_HAND, "Outside Hand", "带幺九", 2),
    FanRow(ALL_258_PUNGS, "All 2-5-8 Pungs", "将对", 3, replaces=(ALL_PUNGS,)),
    FanRow(FULL_FLUSH, "Full Flush", "清一色", 2),
    FanRow(GOLDEN_HOOK, "Golden Hook", "金钩钓", 1),
    FanRow(ROOT, "Root", "根", 1, per="a tile kind held four times"),
    FanRow(KONG_REPLACEMENT, "Win on a Kong Replacement", "杠上开花", 1),
    FanRow(ROBBING_KONG, "Robbing the Kong", "抢杠胡", 1),
    FanRow(LAST_TILE, "Last Tile", "海底", 1),
)

BY_ID: Final[MappingProxyType[str, FanRow]] = MappingProxyType({f.id: f for f in FANS})
ORDER: Final[MappingProxyType[str, int]] = MappingProxyType({f.id: k for k, f in enumerate(FANS)})
# The hand-shape fans: 平胡 shows only when none of these applies.
SHAPES: Final = frozenset({ALL_PUNGS, SEVEN_PAIRS, OUTSIDE_HAND, ALL_258_PUNGS})

MAX_FAN: Final = 5  # the default cap: 2**5 = 32 × base points
