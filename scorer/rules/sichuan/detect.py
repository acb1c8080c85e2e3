"""The Sichuan fans of one reading of a hand: plain functions over tile indices and counts.

A reading is four sets (pungs and kongs as their tile, chows as their first tile) and a pair, or
seven pairs. Each function adds what it finds to ``fans`` (fan id → count).
"""

from __future__ import annotations

from ...tiles import HONOR_START, RANK, SUIT
from .fan_id import (
    ALL_258_PUNGS,
    ALL_PUNGS,
    BASIC,
    FULL_FLUSH,
    GOLDEN_HOOK,
    KONG_REPLACEMENT,
    LAST_TILE,
    OUTSIDE_HAND,
    ROBBING_KONG,
    ROOT,
    SEVEN_PAIRS,
    SHAPES,
)

Fans = dict[str, int]


def _258(i: int) -> bool:
    r = RANK[i]
    return r == 2 or r == 5 or r == 8


def _terminal(i: int) -> bool:
    r = RANK[i]
    return r == 1 or r == 9


def regular_fans(pungs: list[int], chows: list[int], pair: int, fans: Fans) -> None:
    """碰碰胡 (no chow), or 将对 in its place (every pung and the pair of 2, 5 or 8); 带幺九 (each
    set and the pair hold a 1 or a 9), which adds to 碰碰胡."""
    if not chows:
        if _258(pair) and all(_258(t) for t in pungs):
            fans[ALL_258_PUNGS] = 1
        else:
            fans[ALL_PUNGS] = 1
    if _terminal(pair) and all(_terminal(t) for t in pungs) and all(RANK[c] == 1 or RANK[c] == 7 for c in chows):
        fans[OUTSIDE_HAND] = 1


def seven_pairs_fans(fans: Fans) -> None:
    fans[SEVEN_PAIRS] = 1


def golden_hook_fan(melds: int, fans: Fans) -> None:
    """金钩钓: all four sets declared, the win on the pair (one tile was left in hand)."""
    if melds == 4:
        fans[GOLDEN_HOOK] = 1


def tile_fans(counts: tuple[int, ...], fans: Fans) -> None:
    """清一色 (one suit), and a 根 per tile kind held four times (melds included)."""
    suits = 0
    roots = 0
    for i in range(HONOR_START):
        c = counts[i]
        if c:
            suits |= 1 << SUIT[i]
            if c == 4:
                roots += 1
    if suits in (1, 2, 4):
        fans[FULL_FLUSH] = 1
    if roots:
        fans[ROOT] = roots


def event_fans(kong_replacement: bool, robbing_kong: bool, last_wall_tile: bool, fans: Fans) -> None:
    if kong_replacement:
        fans[KONG_REPLACEMENT] = 1
    if robbing_kong:
        fans[ROBBING_KONG] = 1
    if last_wall_tile:
        fans[LAST_TILE] = 1


def holds_suit(counts: tuple[int, ...], suit: int) -> bool:
    """Any tile of ``suit`` (0 characters, 1 bamboo, 2 dots) among ``counts``."""
    start = suit * 9
    for i in range(start, start + 9):
        if counts[i]:
            return True
    return False


def basic_fan(fans: Fans) -> None:
    """平胡: shown when no hand shape applies (worth 0)."""
    for i in fans:
        if i in SHAPES:
            return
    fans[BASIC] = 1
