"""Fan detectors, one pure function per family, each reading precomputed features.

Every detector adds raw counts to a mapping of fan ids (``Fans``); exclusion (不计) happens afterwards,
once, from the fan table (``exclusion.py``). Where the rules limit how sets combine — the
non-identical and account-once principles among chows and pungs — the family function applies
them itself, the way the reference calculator does, since that is a rule about sets, not fans.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from .tiles import (
    EAST,
    IS_DRAGON,
    IS_GREEN,
    IS_HONOR,
    IS_REVERSIBLE,
    IS_TERMINAL,
    IS_TERMINAL_OR_HONOR,
    IS_WIND,
    NUM_TILES,
    RANK,
    SUIT,
)

# A defaultdict, not a Counter: its copy and missing keys are handled in C, and this is the hot path.
Fans = defaultdict[str, int]

# Which family detects which fans: every fan of the table has exactly one (tests check it), the
# special forms are recognised by their decomposition, chicken hand and flowers by the scorer.
FAMILIES: dict[str, tuple[str, ...]] = {
    "chow_fans": ("quadruple_chow", "four_pure_shifted_chows", "pure_triple_chow", "pure_straight",
                  "pure_shifted_chows", "mixed_straight", "mixed_triple_chow", "mixed_shifted_chows",
                  "pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows"),
    "terminal_chows_fan": ("pure_terminal_chows", "three_suited_terminal_chows"),
    "pung_fans": ("big_four_winds", "big_three_dragons", "four_pure_shifted_pungs", "pure_shifted_pungs",
                  "triple_pung", "big_three_winds", "mixed_shifted_pungs", "all_pungs", "two_dragon_pungs",
                  "double_pung"),
    "single_pung_fans": ("dragon_pung", "prevalent_wind", "seat_wind", "pung_of_terminals_or_honors"),
    "pair_fans": ("little_four_winds", "little_three_dragons", "all_chows"),
    "kong_fans": ("four_kongs", "four_concealed_pungs", "three_kongs", "three_concealed_pungs",
                  "two_concealed_kongs", "two_melded_kongs", "two_concealed_pungs", "concealed_kong",
                  "melded_kong"),
    "pack_trait_fans": ("all_even_pungs", "all_fives", "outside_hand"),
    "tile_fans": ("all_green", "all_terminals", "all_honors", "all_terminals_and_honors", "full_flush",
                  "upper_tiles", "middle_tiles", "lower_tiles", "upper_four", "lower_four", "reversible_tiles",
                  "half_flush", "all_types", "tile_hog", "all_simples", "one_voided_suit", "no_honors"),
    "win_event_fans": ("last_tile_draw", "last_tile_claim", "out_with_replacement_tile", "robbing_the_kong",
                       "last_tile", "self_drawn"),
    "concealment_fans": ("melded_hand", "fully_concealed_hand", "concealed_hand"),
    "wait_fan": ("edge_wait", "closed_wait", "single_wait"),
    "special_forms": ("nine_gates", "seven_shifted_pairs", "thirteen_orphans", "seven_pairs",
                      "greater_honors_and_knitted_tiles", "lesser_honors_and_knitted_tiles", "knitted_straight"),
    "scorer": ("chicken_hand", "flower_tiles"),
}


# ============================== chows ===========================================================
# Chows are given by their middle tile, as in the reference, so "123" and "789" are ranks 2 and 8.
def _same_suit(*ts: int) -> bool:
    return all(SUIT[t] == SUIT[ts[0]] for t in ts)


def _four_chows_fan(a: int, b: int, c: int, d: int) -> str | None:
    if _same_suit(a, b, c, d):
        if (b - a, c - b, d - c) in ((1, 1, 1), (2, 2, 2)):
            return "four_pure_shifted_chows"
        if a == b == c == d:
            return "quadruple_chow"
    return None


def _three_chows_fan(a: int, b: int, c: int) -> str | None:
    sa, sb, sc = SUIT[a], SUIT[b], SUIT[c]
    ra, rb, rc = RANK[a], RANK[b], RANK[c]
    if sa != sb and sa != sc and sb != sc:
        ranks = sorted((ra, rb, rc))
        if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
            return "mixed_shifted_chows"
        if ra == rb == rc:
            return "mixed_triple_chow"
        if ranks == [2, 5, 8]:
            return "mixed_straight"
        return None
    if sa == sb == sc:
        if b == a + 3 and c == b + 3:
            return "pure_straight"
        if (b - a, c - b) in ((2, 2), (1, 1)):
            return "pure_shifted_chows"
        if a == b == c:
            return "pure_triple_chow"
    return None


def _two_chows_fan(a: int, b: int) -> str | None:
    if SUIT[a] != SUIT[b]:
        return "mixed_double_chow" if RANK[a] == RANK[b] else None
    if abs(a - b) == 3:
        return "short_straight"
    if {RANK[a], RANK[b]} == {2, 8}:
        return "two_terminal_chows"
    if a == b:
        return "pure_double_chow"
    return None


_PAIR_FANS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")


def _extra_chow_fan(a: int, b: int, c: int, extra: int) -> str | None:
    """With a three-chow fan scored, the fourth chow combines once, with the best partner."""
    found = {_two_chows_fan(t, extra) for t in (a, b, c)}
    return next((f for f in _PAIR_FANS if f in found), None)


def _limit_pair_fans(found: Sequence[str | None], limit: int, fans: Fans) -> None:
    """Account-once: n chows give at most ``limit`` two-chow fans; repeats are dropped first,
    starting from the cheapest kinds (as the reference calculator does)."""
    table = Counter(f for f in found if f)
    cnt = sum(table.values())
    floor = 1
    while cnt > limit and floor >= 0:
        for f in reversed(_PAIR_FANS):
            while table[f] > floor and cnt > limit:
                table[f] -= 1
                cnt -= 1
        floor -= 1
    for f, n in table.items():
        if n > 0:
            fans[f] += n


def chow_fans(mids: Sequence[int], fans: Fans) -> None:
    m = sorted(mids)
    if len(m) == 4:
        f = _four_chows_fan(*m)
        if f:
            fans[f] += 1
            return
        for i, j, k, x in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            f = _three_chows_fan(m[i], m[j], m[k])
            if f:
                fans[f] += 1
                extra = _extra_chow_fan(m[i], m[j], m[k], m[x])
                if extra:
                    fans[extra] += 1
                return
        pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
        found = [_two_chows_fan(m[i], m[j]) for i, j in pairs]
        lonely = sum(all(f is None for (i, j), f in zip(pairs, found) if k in (i, j)) for k in range(4))
        if 3 - lonely > 0:
            _limit_pair_fans(found, 3 - lonely, fans)
    elif len(m) == 3:
        f = _three_chows_fan(*m)
        if f:
            fans[f] += 1
            return
        _limit_pair_fans([_two_chows_fan(m[0], m[1]), _two_chows_fan(m[0], m[2]), _two_chows_fan(m[1], m[2])], 2, fans)
    elif len(m) == 2:
        f = _two_chows_fan(m[0], m[1])
        if f:
            fans[f] += 1


def terminal_chows_fan(mids: Sequence[int], pair: int) -> str | None:
    """一色双龙会 / 三色双龙会: two 123s and two 789s with a pair of fives."""
    if len(mids) != 4 or RANK[pair] != 5:
        return None
    if any(RANK[m] not in (2, 8) for m in mids):
        return None
    ps = SUIT[pair]
    if all(SUIT[m] == ps for m in mids):
        ranks = sorted(RANK[m] for m in mids)
        return "pure_terminal_chows" if ranks == [2, 2, 8, 8] else None
    others = {(SUIT[m], RANK[m]) for m in mids}
    want = {(s, r) for s in range(3) if s != ps for r in (2, 8)}
    if all(SUIT[m] != ps for m in mids) and others == want:
        return "three_suited_terminal_chows"
    return None


# ============================== pungs and kongs ================================================
def _four_pungs_fan(a: int, b: int, c: int, d: int) -> str | None:
    if not IS_HONOR[a] and _same_suit(a, b, c, d) and (b - a, c - b, d - c) == (1, 1, 1):
        return "four_pure_shifted_pungs"
    if (a, b, c, d) == (EAST, EAST + 1, EAST + 2, EAST + 3):
        return "big_four_winds"
    return None


def _three_pungs_fan(a: int, b: int, c: int) -> str | None:
    if not (IS_HONOR[a] or IS_HONOR[b] or IS_HONOR[c]):
        if SUIT[a] != SUIT[b] and SUIT[a] != SUIT[c] and SUIT[b] != SUIT[c]:
            ranks = sorted((RANK[a], RANK[b], RANK[c]))
            if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
                return "mixed_shifted_pungs"
            if ranks[0] == ranks[2]:
                return "triple_pung"
        elif _same_suit(a, b, c) and b == a + 1 and c == b + 1:
            return "pure_shifted_pungs"
        return None
    if IS_WIND[a] and IS_WIND[b] and IS_WIND[c]:
        return "big_three_winds"
    if IS_DRAGON[a] and IS_DRAGON[b] and IS_DRAGON[c]:
        return "big_three_dragons"
    return None


def _two_pungs_fan(a: int, b: int) -> str | None:
    if not IS_HONOR[a] and not IS_HONOR[b]:
        return "double_pung" if RANK[a] == RANK[b] else None
    if IS_DRAGON[a] and IS_DRAGON[b]:
        return "two_dragon_pungs"
    return None


def pung_fans(tiles: Sequence[int], fans: Fans) -> None:
    """Combinations of pungs (kongs included), with the account-once limit on the fourth."""
    t = sorted(tiles)
    if len(t) == 4:
        fans["all_pungs"] += 1
        f = _four_pungs_fan(*t)
        if f:
            fans[f] += 1
            return
        for i, j, k, free in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            f = _three_pungs_fan(t[i], t[j], t[k])
            if f:
                fans[f] += 1
                for other in (x for x in range(4) if x != free):
                    g = _two_pungs_fan(t[other], t[free])
                    if g:
                        fans[g] += 1
                        break
                return
    elif len(t) == 3:
        f = _three_pungs_fan(*t)
        if f:
            fans[f] += 1
            return
    for i in range(len(t)):
        for j in range(i + 1, len(t)):
            g = _two_pungs_fan(t[i], t[j])
            if g:
                fans[g] += 1


def pair_fans(pair: int, chows: int, pungs: Sequence[int], fans: Fans) -> None:
    """Fans that hinge on the pair: 平和 (four chows, suited pair), 小三元, 小四喜."""
    if chows == 4 and not IS_HONOR[pair]:
        fans["all_chows"] += 1
    if IS_DRAGON[pair] and sum(IS_DRAGON[t] for t in pungs) == 2:
        fans["little_three_dragons"] += 1
    if IS_WIND[pair] and sum(IS_WIND[t] for t in pungs) == 3:
        fans["little_four_winds"] += 1


def single_pung_fans(tiles: Sequence[int], seat: int, prevalent: int, fans: Fans) -> None:
    """Dragon pungs, wind pungs, and pungs of terminals or honours — each pung accounted once:
    a wind pung already scored as seat or prevalent wind, or inside three winds, is not also a
    幺九刻 (exclusion of whole fans is left to the table)."""
    winds = [t for t in tiles if IS_WIND[t]]
    for t in tiles:
        if IS_DRAGON[t]:
            fans["dragon_pung"] += 1
        elif IS_TERMINAL[t]:
            fans["pung_of_terminals_or_honors"] += 1
    for t in winds:
        if t == prevalent:
            fans["prevalent_wind"] += 1
        if t == seat:
            fans["seat_wind"] += 1
        # three or four wind pungs are accounted by 三风刻/小四喜/大四喜 instead
        if t != prevalent and t != seat and len(winds) < 3:
            fans["pung_of_terminals_or_honors"] += 1


# One melded plus one concealed kong: seed 001 (双明杠: "一副明杠和一副暗杠计 6 分") — scored as
# 双明杠 4 + 暗杠 2. The reference calculator has a 5-point fan 明暗杠 instead. See RULINGS.md.
MIXED_KONGS_RULING = ("two_melded_kongs", "concealed_kong")


def kong_fans(melded_kongs: int, concealed_kongs: int, concealed_pungs: int, fans: Fans) -> None:
    kongs = melded_kongs + concealed_kongs
    if kongs == 4:
        fans["four_kongs"] += 1
    elif kongs == 3:
        fans["three_kongs"] += 1
    elif kongs == 2:
        if melded_kongs == 2:
            fans["two_melded_kongs"] += 1
        elif concealed_kongs == 2:
            fans["two_concealed_kongs"] += 1
        else:
            for f in MIXED_KONGS_RULING:
                fans[f] += 1
    elif kongs == 1:
        fans["melded_kong" if melded_kongs else "concealed_kong"] += 1
    concealed = concealed_pungs + concealed_kongs
    if concealed >= 2:
        fans[("two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs")[concealed - 2]] += 1


# ============================== whole-hand traits ==============================================
@dataclass(frozen=True)
class SetTraits:
    """Per set (pair included): does it hold a terminal or honour, a five, is it an even pung."""

    outside: bool
    five: bool
    even_pung: bool


def _set_traits(tile: int, is_chow: bool) -> SetTraits:
    if IS_HONOR[tile]:
        return SetTraits(True, False, False)
    r = RANK[tile]
    if is_chow:
        return SetTraits(r in (2, 8), r in (4, 5, 6), False)
    return SetTraits(r in (1, 9), r == 5, r in (2, 4, 6, 8))


# Looked up, not computed, on the hot path: by middle tile for chows, by tile otherwise.
CHOW_TRAITS = tuple(_set_traits(i, True) if 0 < RANK[i] < 9 else None for i in range(NUM_TILES))
PUNG_TRAITS = tuple(_set_traits(i, False) for i in range(NUM_TILES))


def set_traits(tile: int, is_chow: bool) -> SetTraits:
    """``tile`` is the middle tile of a chow, the tile of a pung, kong or pair."""
    return CHOW_TRAITS[tile] if is_chow else PUNG_TRAITS[tile]


def pack_trait_fans(traits: Sequence[SetTraits], fans: Fans) -> None:
    if all(t.outside for t in traits):
        fans["outside_hand"] += 1
    elif all(t.five for t in traits):
        fans["all_fives"] += 1
    elif all(t.even_pung for t in traits):
        fans["all_even_pungs"] += 1


def _mask(pred: Sequence[bool]) -> int:
    return sum(1 << i for i in range(NUM_TILES) if pred[i])


# Tile predicates as 34-bit masks, so a whole-hand trait is one AND.
SUIT_MASKS = tuple(_mask([SUIT[i] == s for i in range(NUM_TILES)]) for s in range(3))
HONOR_MASK = _mask(IS_HONOR)
WIND_MASK = _mask(IS_WIND)
DRAGON_MASK = _mask(IS_DRAGON)
TERMINAL_MASK = _mask(IS_TERMINAL)
ORPHAN_MASK = _mask(IS_TERMINAL_OR_HONOR)
REVERSIBLE_MASK = _mask(IS_REVERSIBLE)
GREEN_MASK = _mask(IS_GREEN)
RANKS_MASK = {rs: _mask([RANK[i] in rs for i in range(NUM_TILES)]) for rs in ((1, 2, 3, 4), (1, 2, 3), (6, 7, 8, 9),
                                                                            (7, 8, 9), (4, 5, 6))}


def presence(counts: Sequence[int]) -> int:
    """The kinds of tile present, as a 34-bit mask."""
    m = 0
    for i, n in enumerate(counts):
        if n:
            m |= 1 << i
    return m


def tile_fans(counts: Sequence[int], kongs: int, fans: Fans) -> None:
    """Fans read off the tiles alone (suits, faces, ranks, 四归一), whatever the arrangement."""
    p = presence(counts)
    suits = sum(1 for m in SUIT_MASKS if p & m)
    honors = bool(p & HONOR_MASK)
    # suits: 无字 缺一门 混一色 清一色 五门齐
    if suits == 1:
        fans["half_flush" if honors else "full_flush"] += 1
    elif suits == 2:
        fans["one_voided_suit"] += 1
    if not honors:
        fans["no_honors"] += 1
    if suits == 3 and p & WIND_MASK and p & DRAGON_MASK:
        fans["all_types"] += 1
    # faces: 断幺 推不倒 绿一色 字一色 清幺九 混幺九
    simples = not p & ORPHAN_MASK
    if simples:
        fans["all_simples"] += 1
    if not p & ~REVERSIBLE_MASK:
        fans["reversible_tiles"] += 1
    if not p & ~GREEN_MASK:
        fans["all_green"] += 1
    if not simples:
        if not suits:
            fans["all_honors"] += 1
        elif not p & ~TERMINAL_MASK:
            fans["all_terminals"] += 1
        elif not p & ~ORPHAN_MASK:
            fans["all_terminals_and_honors"] += 1
    # ranks: 全大 全中 全小 大于五 小于五
    if not honors:
        if not p & ~RANKS_MASK[(1, 2, 3, 4)]:
            fans["lower_tiles" if not p & ~RANKS_MASK[(1, 2, 3)] else "lower_four"] += 1
        elif not p & ~RANKS_MASK[(6, 7, 8, 9)]:
            fans["upper_tiles" if not p & ~RANKS_MASK[(7, 8, 9)] else "upper_four"] += 1
        elif not p & ~RANKS_MASK[(4, 5, 6)]:
            fans["middle_tiles"] += 1
    # 四归一: four of a tile not declared as a kong
    hogs = counts.count(4) - kongs
    if hogs > 0:
        fans["tile_hog"] += hogs


# ============================== how the hand was won ============================================
def win_event_fans(self_drawn: bool, last_copy: bool, last_wall: bool, kong_replacement: bool,
                   robbing: bool, fans: Fans) -> None:
    if last_copy:
        fans["last_tile"] += 1
    if self_drawn:
        fans["self_drawn"] += 1
        if last_wall:
            fans["last_tile_draw"] += 1
        if kong_replacement:
            fans["out_with_replacement_tile"] += 1
    else:
        if last_wall:
            fans["last_tile_claim"] += 1
        if robbing:
            fans["robbing_the_kong"] += 1


def concealment_fans(melded_sets: int, self_drawn: bool, fans: Fans) -> None:
    """门前清 / 不求人 with no claimed sets; 全求人 with four claimed sets and a discard."""
    if melded_sets == 0:
        fans["fully_concealed_hand" if self_drawn else "concealed_hand"] += 1
    elif melded_sets == 4 and not self_drawn:
        fans["melded_hand"] += 1


def wait_fan(concealed_chow_mids: Sequence[int], pair: int | None, win: int) -> str | None:
    """Where the winning tile sits, given that the hand waited on that tile alone.

    When more than one reading is possible only one is scored, in the reference's order of
    preference: edge, then closed, then single wait.
    """
    edge = closed = False
    for m in concealed_chow_mids:
        if m == win:
            closed = True
        elif m + 1 == win or m - 1 == win:
            edge = True
    if edge:
        return "edge_wait"
    if closed:
        return "closed_wait"
    if pair == win:
        return "single_wait"
    return None
