"""The Sichuan fans of one reading of a hand: plain functions over tile indices and counts.

A reading is four sets (pungs and kongs as their tile, chows as their first tile) and a pair, or
seven pairs. Each function adds what it finds to ``fans`` (fan id → count).
"""

from __future__ import annotations

from ...tiles import HONOR_START, RANK, SUIT
from .fan_id import (
    ALL_258_PUNGS,
    ALL_PUNGS,
    ALL_SIMPLES,
    BASIC,
    CONCEALED_HAND,
    EARTHLY_HAND,
    FULL_FLUSH,
    GOLDEN_HOOK,
    HEAVENLY_HAND,
    KONG_REPLACEMENT,
    LAST_COPY,
    LAST_DISCARD,
    LAST_TILE,
    MIDDLE_FIVE,
    OUTSIDE_HAND,
    ROBBING_KONG,
    ROOT,
    SELF_DRAWN,
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


def optional_fans(heavenly: bool, earthly: bool, concealed: bool, counts: tuple[int, ...], last_copy: bool,
                  self_drawn: bool, last_wall_tile: bool, values: dict[str, int], fans: Fans) -> None:
    """The optional fans that are switched on (a value above 0) and apply: 天胡, 地胡, 门清 (every
    meld a concealed kong), 中张 (no 1 or 9), 绝张, 海底炮 (a discard on the wall's last tile, in
    海底's place) and 自摸."""
    if heavenly and values[HEAVENLY_HAND]:
        fans[HEAVENLY_HAND] = 1
    if earthly and values[EARTHLY_HAND]:
        fans[EARTHLY_HAND] = 1
    if concealed and values[CONCEALED_HAND]:
        fans[CONCEALED_HAND] = 1
    if values[ALL_SIMPLES] and not any(counts[i] for i in range(HONOR_START) if _terminal(i)):
        fans[ALL_SIMPLES] = 1
    if last_copy and values[LAST_COPY]:
        fans[LAST_COPY] = 1
    if last_wall_tile and not self_drawn and values[LAST_DISCARD]:
        fans.pop(LAST_TILE, None)
        fans[LAST_DISCARD] = 1
    if self_drawn and values[SELF_DRAWN]:
        fans[SELF_DRAWN] = 1


def middle_five_fan(chows: list[int], win: int, fans: Fans) -> None:
    """夹心五: the reading holds the chow 4-5-6 of the winning 5, which then sits in its middle."""
    if RANK[win] == 5 and win - 1 in chows:
        fans[MIDDLE_FIVE] = 1


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
