"""Fan detectors, one pure function per family, each reading precomputed features.

Every row of the fan table (``fans.py``) names the function here that finds its fan, so the
walk from a fan id to its rule is one jump. Every detector adds raw counts to a mapping of fan
ids (``Fans``) and reports a fan whenever its definition holds; exclusion (不计) happens
afterwards, once, from the table's data (``exclusion.py``). Two principles about sets, not
fans, are applied here instead, the way the reference calculator does, because they act on one
set and not on a whole fan: among chows and pungs, the non-identical and account-once
principles (``chow_fans``, ``pung_fans``, ``kong_fans``), and a pung accounted once among the
single-pung fans (``single_pung_fans``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ... import decompose
from ...tiles import (
    EAST,
    HONOR_START,
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
from . import fan_id as F
from .fan_id import FanId

# A plain dict counted with ``get``: compiled, a missing key costs a quarter of what a defaultdict's
# does (which calls ``int()`` for it), and copying one is cheaper too; this is the hot path.
Fans = dict[FanId, int]


def add(fans: Fans, fan: FanId, n: int = 1) -> None:
    """Count ``fan`` ``n`` more times."""
    fans[fan] = fans.get(fan, 0) + n


# ============================== chows ===========================================================
# Chows are given by their middle tile, as in the reference, so "123" and "789" are ranks 2 and 8.
# The combinations are worked out once each (``chow_fans``), yet a stream of new hands meets new
# ones all the time: plain comparisons here, no tuples, sets or generators made to compare.
def _same_suit(a: int, b: int, c: int, d: int = -1) -> bool:
    s = SUIT[a]
    return SUIT[b] == s and SUIT[c] == s and (d < 0 or SUIT[d] == s)


def _four_chows_fan(a: int, b: int, c: int, d: int) -> FanId | None:
    """``a`` to ``d`` in order."""
    if _same_suit(a, b, c, d):
        step = b - a
        if (step == 1 or step == 2) and c - b == step and d - c == step:
            return F.FOUR_PURE_SHIFTED_CHOWS
        if a == b == c == d:
            return F.QUADRUPLE_CHOW
    return None


def _three_chows_fan(a: int, b: int, c: int) -> FanId | None:
    sa, sb, sc = SUIT[a], SUIT[b], SUIT[c]
    ra, rb, rc = RANK[a], RANK[b], RANK[c]
    if sa != sb and sa != sc and sb != sc:
        lo, mid, hi = _in_order(ra, rb, rc)
        if mid == lo + 1 and hi == mid + 1:
            return F.MIXED_SHIFTED_CHOWS
        if ra == rb == rc:
            return F.MIXED_TRIPLE_CHOW
        if lo == 2 and mid == 5 and hi == 8:
            return F.MIXED_STRAIGHT
        return None
    if sa == sb == sc:
        if b == a + 3 and c == b + 3:
            return F.PURE_STRAIGHT
        step = b - a
        if (step == 1 or step == 2) and c - b == step:
            return F.PURE_SHIFTED_CHOWS
        if a == b == c:
            return F.PURE_TRIPLE_CHOW
    return None


def _in_order(x: int, y: int, z: int) -> tuple[int, int, int]:
    if x > y:
        x, y = y, x
    if y > z:
        y, z = z, y
        if x > y:
            x, y = y, x
    return x, y, z


def _two_chows_fan(a: int, b: int) -> FanId | None:
    if SUIT[a] != SUIT[b]:
        return F.MIXED_DOUBLE_CHOW if RANK[a] == RANK[b] else None
    if a - b == 3 or b - a == 3:
        return F.SHORT_STRAIGHT
    ra, rb = RANK[a], RANK[b]
    if (ra == 2 and rb == 8) or (ra == 8 and rb == 2):
        return F.TWO_TERMINAL_CHOWS
    if a == b:
        return F.PURE_DOUBLE_CHOW
    return None


_PAIR_FANS: Final = (F.PURE_DOUBLE_CHOW, F.MIXED_DOUBLE_CHOW, F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS)


def _extra_chow_fan(a: int, b: int, c: int, extra: int) -> FanId | None:
    """With a three-chow fan scored, the fourth chow combines once, with the best partner."""
    x, y, z = _two_chows_fan(a, extra), _two_chows_fan(b, extra), _two_chows_fan(c, extra)
    for f in _PAIR_FANS:
        if f is x or f is y or f is z:
            return f
    return None


def _limit_pair_fans(found: Sequence[FanId | None], limit: int, fans: Fans) -> None:
    """Account-once: n chows give at most ``limit`` two-chow fans; repeats are dropped first,
    starting from the cheapest kinds (as the reference calculator does)."""
    table: dict[FanId, int] = {}  # a plain dict, not a Counter: Counter's methods are Python code
    cnt = 0
    for f in found:
        if f:
            add(table, f)
            cnt += 1
    floor = 1
    while cnt > limit and floor >= 0:
        for f in reversed(_PAIR_FANS):
            while table.get(f, 0) > floor and cnt > limit:
                table[f] = table[f] - 1
                cnt -= 1
        floor -= 1
    for f, n in table.items():
        if n > 0:
            add(fans, f, n)


def chow_fans(mids: Sequence[int], fans: Fans) -> None:
    """Combinations of chows (一般高 … 一色四同顺), with the non-identical and account-once limits.

    They depend on the chows alone, and a few thousand combinations of at most four chows cover
    every hand: each is worked out once (``_chow_combination_fans``) and kept, keyed by an int (the
    sorted middles as base-64 digits, each at least 1) and its answer shared with every key that has
    the same: what a stream of new hands leaves behind is then a few ints, not tuples for the
    garbage collector to walk."""
    ms = sorted(mids)
    key = 0
    for m in ms:
        key = key * 64 + m
    found = _CHOW_COMBINATIONS.get(key)
    if found is None:
        table: Fans = {}
        _chow_combination_fans(ms, table)
        found = tuple([(f, n) for f, n in table.items() if n])
        found = _CHOW_ANSWERS.setdefault(found, found)
        _CHOW_COMBINATIONS[key] = found  # bounded by the combinations there are (12,650)
    for f, n in found:
        add(fans, f, n)


_CHOW_COMBINATIONS: Final[dict[int, tuple[tuple[FanId, int], ...]]] = {}
_CHOW_ANSWERS: Final[dict[tuple[tuple[FanId, int], ...], tuple[tuple[FanId, int], ...]]] = {}  # each answer once


def _chow_combination_fans(m: list[int], fans: Fans) -> None:
    if len(m) == 4:
        f = _four_chows_fan(*m)
        if f:
            add(fans, f)
            return
        for i, j, k, x in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            f = _three_chows_fan(m[i], m[j], m[k])
            if f:
                add(fans, f)
                extra = _extra_chow_fan(m[i], m[j], m[k], m[x])
                if extra:
                    add(fans, extra)
                return
        # the six pairs of chows; a chow in none of their fans is lonely
        f01, f02, f03 = _two_chows_fan(m[0], m[1]), _two_chows_fan(m[0], m[2]), _two_chows_fan(m[0], m[3])
        f12, f13, f23 = _two_chows_fan(m[1], m[2]), _two_chows_fan(m[1], m[3]), _two_chows_fan(m[2], m[3])
        lonely = ((f01 is None and f02 is None and f03 is None) + (f01 is None and f12 is None and f13 is None)
                  + (f02 is None and f12 is None and f23 is None) + (f03 is None and f13 is None and f23 is None))
        if 3 - lonely > 0:
            _limit_pair_fans([f01, f02, f03, f12, f13, f23], 3 - lonely, fans)
    elif len(m) == 3:
        f = _three_chows_fan(*m)
        if f:
            add(fans, f)
            return
        _limit_pair_fans([_two_chows_fan(m[0], m[1]), _two_chows_fan(m[0], m[2]), _two_chows_fan(m[1], m[2])], 2, fans)
    elif len(m) == 2:
        f = _two_chows_fan(m[0], m[1])
        if f:
            add(fans, f)


def terminal_chows_fan(mids: Sequence[int], pair: int) -> FanId | None:
    """一色双龙会 / 三色双龙会: two 123s and two 789s with a pair of fives."""
    if len(mids) != 4 or RANK[pair] != 5:
        return None
    if any(RANK[m] not in (2, 8) for m in mids):
        return None
    ps = SUIT[pair]
    if all(SUIT[m] == ps for m in mids):
        ranks = sorted(RANK[m] for m in mids)
        return F.PURE_TERMINAL_CHOWS if ranks == [2, 2, 8, 8] else None
    others = {(SUIT[m], RANK[m]) for m in mids}
    want = {(s, r) for s in range(3) if s != ps for r in (2, 8)}
    if all(SUIT[m] != ps for m in mids) and others == want:
        return F.THREE_SUITED_TERMINAL_CHOWS
    return None


# ============================== pungs and kongs ================================================
def _four_pungs_fan(a: int, b: int, c: int, d: int) -> FanId | None:
    if not IS_HONOR[a] and _same_suit(a, b, c, d) and b - a == 1 and c - b == 1 and d - c == 1:
        return F.FOUR_PURE_SHIFTED_PUNGS
    if (a, b, c, d) == (EAST, EAST + 1, EAST + 2, EAST + 3):
        return F.BIG_FOUR_WINDS
    return None


def _three_pungs_fan(a: int, b: int, c: int) -> FanId | None:
    if not (IS_HONOR[a] or IS_HONOR[b] or IS_HONOR[c]):
        if SUIT[a] != SUIT[b] and SUIT[a] != SUIT[c] and SUIT[b] != SUIT[c]:
            ranks = sorted((RANK[a], RANK[b], RANK[c]))
            if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
                return F.MIXED_SHIFTED_PUNGS
            if ranks[0] == ranks[2]:
                return F.TRIPLE_PUNG
        elif _same_suit(a, b, c) and b == a + 1 and c == b + 1:
            return F.PURE_SHIFTED_PUNGS
        return None
    if IS_WIND[a] and IS_WIND[b] and IS_WIND[c]:
        return F.BIG_THREE_WINDS
    if IS_DRAGON[a] and IS_DRAGON[b] and IS_DRAGON[c]:
        return F.BIG_THREE_DRAGONS
    return None


def _two_pungs_fan(a: int, b: int) -> FanId | None:
    if not IS_HONOR[a] and not IS_HONOR[b]:
        return F.DOUBLE_PUNG if RANK[a] == RANK[b] else None
    if IS_DRAGON[a] and IS_DRAGON[b]:
        return F.TWO_DRAGON_PUNGS
    return None


def pung_fans(tiles: Sequence[int], fans: Fans) -> None:
    """Combinations of pungs (kongs included), with the account-once limit on the fourth."""
    t = sorted(tiles)
    if len(t) == 4:
        add(fans, F.ALL_PUNGS)
        f = _four_pungs_fan(*t)
        if f:
            add(fans, f)
            return
        for i, j, k, free in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            f = _three_pungs_fan(t[i], t[j], t[k])
            if f:
                add(fans, f)
                for other in (x for x in range(4) if x != free):
                    g = _two_pungs_fan(t[other], t[free])
                    if g:
                        add(fans, g)
                        break
                return
    elif len(t) == 3:
        f = _three_pungs_fan(*t)
        if f:
            add(fans, f)
            return
    for i in range(len(t)):
        for j in range(i + 1, len(t)):
            g = _two_pungs_fan(t[i], t[j])
            if g:
                add(fans, g)


def pair_fans(pair: int, chows: int, pungs: Sequence[int], fans: Fans) -> None:
    """Fans that hinge on the pair: 平和 (four chows, suited pair), 小三元, 小四喜."""
    if chows == 4 and not IS_HONOR[pair]:
        add(fans, F.ALL_CHOWS)
    if IS_DRAGON[pair] and sum(IS_DRAGON[t] for t in pungs) == 2:
        add(fans, F.LITTLE_THREE_DRAGONS)
    if IS_WIND[pair] and sum(IS_WIND[t] for t in pungs) == 3:
        add(fans, F.LITTLE_FOUR_WINDS)


def single_pung_fans(tiles: Sequence[int], seat: int, prevalent: int, fans: Fans) -> None:
    """Dragon pungs, wind pungs, and pungs of terminals or honours — each pung accounted once:
    a wind pung already scored as seat or prevalent wind, or inside three winds, is not also a
    幺九刻 (exclusion of whole fans is left to the table)."""
    winds = [t for t in tiles if IS_WIND[t]]
    for t in tiles:
        if IS_DRAGON[t]:
            add(fans, F.DRAGON_PUNG)
        elif IS_TERMINAL[t]:
            add(fans, F.PUNG_OF_TERMINALS_OR_HONORS)
    for t in winds:
        if t == prevalent:
            add(fans, F.PREVALENT_WIND)
        if t == seat:
            add(fans, F.SEAT_WIND)
        # three or four wind pungs are accounted by 三风刻/小四喜/大四喜 instead
        if t != prevalent and t != seat and len(winds) < 3:
            add(fans, F.PUNG_OF_TERMINALS_OR_HONORS)


# One melded plus one concealed kong: the illustrated rules (双明杠: "一副明杠和一副暗杠计 6 分") — scored
# as 双明杠 4 + 暗杠 2. The reference calculator has a 5-point fan 明暗杠 instead. See RULINGS.md R1.
MIXED_KONGS_RULING: Final = (F.TWO_MELDED_KONGS, F.CONCEALED_KONG)


def kong_fans(melded_kongs: int, concealed_kongs: int, concealed_pungs: int, fans: Fans,
              kongs_beside_kongs: bool = False) -> None:
    """Kongs (明杠 暗杠 双明杠 双暗杠 三杠 四杠) and concealed pungs, kongs included (双暗刻 三暗刻
    四暗刻): each kong and each concealed pung accounted once, in the largest fan it makes.
    ``kongs_beside_kongs`` (the WMO's 2014 edition, RULINGS.md ED3): with three or four kongs, one
    concealed kong adds 暗杠 and two add 双暗杠 (whose 不计 takes the 双暗刻 of the same two away);
    three or four count in the concealed-pung series alone."""
    kongs = melded_kongs + concealed_kongs
    if kongs == 4:
        add(fans, F.FOUR_KONGS)
    elif kongs == 3:
        add(fans, F.THREE_KONGS)
    elif kongs == 2:
        if melded_kongs == 2:
            add(fans, F.TWO_MELDED_KONGS)
        elif concealed_kongs == 2:
            add(fans, F.TWO_CONCEALED_KONGS)
        else:
            for f in MIXED_KONGS_RULING:
                add(fans, f)
    elif kongs == 1:
        k = F.MELDED_KONG if melded_kongs else F.CONCEALED_KONG
        add(fans, k)
    if kongs_beside_kongs and kongs >= 3 and 0 < concealed_kongs < 3:
        add(fans, F.CONCEALED_KONG if concealed_kongs == 1 else F.TWO_CONCEALED_KONGS)
    concealed = concealed_pungs + concealed_kongs
    if concealed >= 2:
        f = (F.TWO_CONCEALED_PUNGS, F.THREE_CONCEALED_PUNGS, F.FOUR_CONCEALED_PUNGS)[concealed - 2]
        add(fans, f)


def forced_hog(fans: Fans) -> None:
    """Seven pairs of All Green or All Terminals: six tile kinds hold seven pairs only with one
    kind twice, so one four of a kind is the form's, not a 四归一 (the WMO's 2014 edition, as the
    SkyEye-FAST review reads its 绿一色 example; RULINGS.md ED7). Others still count."""
    if fans.get(F.TILE_HOG, 0) and (fans.get(F.ALL_GREEN, 0) or fans.get(F.ALL_TERMINALS, 0)):
        fans[F.TILE_HOG] -= 1


# ============================== whole-hand traits ==============================================
# Per set (pair included), as bits: it holds a terminal or honour, it holds a five, it is an even
# pung (no set has two). A trait every set shares is then one AND over the sets.
OUTSIDE: Final = 1
FIVE: Final = 2
EVEN_PUNG: Final = 4
EVERY_TRAIT: Final = OUTSIDE | FIVE | EVEN_PUNG  # the AND of no sets


def _set_traits(tile: int, is_chow: bool) -> int:
    if IS_HONOR[tile]:
        return OUTSIDE
    r = RANK[tile]
    if is_chow:
        return (OUTSIDE if r in (2, 8) else 0) | (FIVE if r in (4, 5, 6) else 0)
    return (OUTSIDE if r in (1, 9) else 0) | (FIVE if r == 5 else 0) | (EVEN_PUNG if r in (2, 4, 6, 8) else 0)


# Looked up, not computed, on the hot path: by middle tile for chows (no chow has an honour or a
# terminal as its middle tile: none), by tile otherwise.
CHOW_TRAITS: Final[tuple[int, ...]] = tuple([_set_traits(i, True) if not IS_HONOR[i] and 1 < RANK[i] < 9 else 0
                                             for i in range(NUM_TILES)])
PUNG_TRAITS: Final[tuple[int, ...]] = tuple([_set_traits(i, False) for i in range(NUM_TILES)])


def set_traits(tile: int, is_chow: bool) -> int:
    """``tile`` is the middle tile of a chow, the tile of a pung, kong or pair."""
    return CHOW_TRAITS[tile] if is_chow else PUNG_TRAITS[tile]


def pack_trait_fans(traits: int, fans: Fans) -> None:
    """全带幺, 全带五, 全双刻: a trait every set and the pair share; ``traits`` is the AND of their
    ``set_traits``."""
    if traits & OUTSIDE:
        add(fans, F.OUTSIDE_HAND)
    elif traits & FIVE:
        add(fans, F.ALL_FIVES)
    elif traits & EVEN_PUNG:
        add(fans, F.ALL_EVEN_PUNGS)


def _mask(pred: Sequence[bool]) -> int:
    return sum(1 << i for i in range(NUM_TILES) if pred[i])


# Tile predicates as 34-bit masks, so a whole-hand trait is one AND.
SUIT_MASKS: Final = tuple(_mask([SUIT[i] == s for i in range(NUM_TILES)]) for s in range(3))
HONOR_MASK: Final = _mask(IS_HONOR)
WIND_MASK: Final = _mask(IS_WIND)
DRAGON_MASK: Final = _mask(IS_DRAGON)
TERMINAL_MASK: Final = _mask(IS_TERMINAL)
ORPHAN_MASK: Final = _mask(IS_TERMINAL_OR_HONOR)
REVERSIBLE_MASK: Final = _mask(IS_REVERSIBLE)
GREEN_MASK: Final = _mask(IS_GREEN)
RANKS_MASK: Final = {rs: _mask([RANK[i] in rs for i in range(NUM_TILES)])
                     for rs in ((1, 2, 3, 4), (1, 2, 3), (6, 7, 8, 9), (7, 8, 9), (4, 5, 6))}
# each by name as well: read per hand, a constant costs no tuple hashed for a lookup
_NOT_LOWER_FOUR: Final = ~RANKS_MASK[(1, 2, 3, 4)]
_NOT_LOWER: Final = ~RANKS_MASK[(1, 2, 3)]
_NOT_UPPER_FOUR: Final = ~RANKS_MASK[(6, 7, 8, 9)]
_NOT_UPPER: Final = ~RANKS_MASK[(7, 8, 9)]
_NOT_MIDDLE: Final = ~RANKS_MASK[(4, 5, 6)]
_CHARACTERS, _BAMBOO, _DOTS = SUIT_MASKS


def tile_fans(counts: tuple[int, ...], kongs: int, fans: Fans) -> None:
    """Fans read off the tiles alone (suits, faces, ranks, 四归一), whatever the arrangement."""
    p = 0  # the kinds present, as a 34-bit mask, and those held four times, in one pass
    fours = 0
    for k, n in enumerate(counts):
        if n:
            p |= 1 << k
            if n == 4:
                fours += 1
    suits = (1 if p & _CHARACTERS else 0) + (1 if p & _BAMBOO else 0) + (1 if p & _DOTS else 0)
    honors = bool(p & HONOR_MASK)
    # suits: 无字 缺一门 混一色 清一色 五门齐 (a flush lacks a suit too; the table's 不计 takes 缺一门 away)
    if suits == 1:
        add(fans, F.HALF_FLUSH if honors else F.FULL_FLUSH)
    if suits < 3:
        add(fans, F.ONE_VOIDED_SUIT)
    if not honors:
        add(fans, F.NO_HONORS)
    if suits == 3 and p & WIND_MASK and p & DRAGON_MASK:
        add(fans, F.ALL_TYPES)
    # faces: 断幺 推不倒 绿一色 字一色 清幺九 混幺九
    if not p & ORPHAN_MASK:
        add(fans, F.ALL_SIMPLES)
    if not p & ~REVERSIBLE_MASK:
        add(fans, F.REVERSIBLE_TILES)
    if not p & ~GREEN_MASK:
        add(fans, F.ALL_GREEN)
    if not p & ~ORPHAN_MASK:
        add(fans, F.ALL_TERMINALS_AND_HONORS)
        if not suits:
            add(fans, F.ALL_HONORS)
        elif not p & ~TERMINAL_MASK:
            add(fans, F.ALL_TERMINALS)
    # ranks: 全大 全中 全小 大于五 小于五
    if not honors:
        if not p & _NOT_LOWER_FOUR:
            add(fans, F.LOWER_FOUR)
            if not p & _NOT_LOWER:
                add(fans, F.LOWER_TILES)
        elif not p & _NOT_UPPER_FOUR:
            add(fans, F.UPPER_FOUR)
            if not p & _NOT_UPPER:
                add(fans, F.UPPER_TILES)
        elif not p & _NOT_MIDDLE:
            add(fans, F.MIDDLE_TILES)
    # 四归一: four of a tile not declared as a kong
    hogs = fours - kongs
    if hogs > 0:
        add(fans, F.TILE_HOG, hogs)


# ============================== how the hand was won ============================================
def last_copy_proven(claimed: bool, held: int, in_melds: int) -> bool:
    """和绝张 as the tiles prove it, which wins over the flag both ways (as in the reference):
    three copies in one's own melds make the winning tile the last copy; a copy among one's
    concealed tiles (``held``, the winning tile not counted) means it cannot be.
    ``Context.for_hand`` applies it before scoring."""
    return (claimed or in_melds == 3) and held == 0


def win_event_fans(self_drawn: bool, last_copy: bool, last_wall: bool, kong_replacement: bool,
                   robbing: bool, fans: Fans) -> None:
    """和绝张, 自摸, 妙手回春 / 海底捞月, 杠上开花, 抢杠和: read off the context (``last_copy`` as
    ``last_copy_proven`` settles it)."""
    if last_copy:
        add(fans, F.LAST_TILE)
    if self_drawn:
        add(fans, F.SELF_DRAWN)
        if last_wall:
            add(fans, F.LAST_TILE_DRAW)
        if kong_replacement:
            add(fans, F.OUT_WITH_REPLACEMENT_TILE)
    else:
        if last_wall:
            add(fans, F.LAST_TILE_CLAIM)
        if robbing:
            add(fans, F.ROBBING_THE_KONG)


def concealment_fans(melded_sets: int, self_drawn: bool, fans: Fans) -> None:
    """门前清 with no claimed sets, 不求人 when also self-drawn (the table's 不计 takes 门前清 away);
    全求人 with four claimed sets and a discard."""
    if melded_sets == 0:
        add(fans, F.CONCEALED_HAND)
        if self_drawn:
            add(fans, F.FULLY_CONCEALED_HAND)
    elif melded_sets == 4 and not self_drawn:
        add(fans, F.MELDED_HAND)


def wait_fan(concealed_chow_mids: Sequence[int], pair: int | None, win: int) -> FanId | None:
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
        return F.EDGE_WAIT
    if closed:
        return F.CLOSED_WAIT
    if pair == win:
        return F.SINGLE_WAIT
    return None


def knitted_wait_fan(standing: Sequence[int], knitted: Sequence[int], own_mids: Sequence[int], pair: int,
                     win: int, melds: int) -> FanId | None:
    """The wait of a knitted-straight hand (组合龙 with a set and a pair). The winning tile may be
    read as part of the knitted straight or of the set and pair (as the reference does): a wait on
    the set or pair alone still scores edge, closed or single wait."""
    if melds:
        # only the pair was left to complete: a single wait, unless the tile went to the straight
        return F.SINGLE_WAIT if win not in knitted or standing[win] == 3 else None
    rest = list(standing)
    for i in knitted:
        rest[i] = rest[i] - 1
    if not rest[win]:
        return None
    rest[win] = rest[win] - 1
    return wait_fan(own_mids, pair, win) if len(decompose.waits(tuple(rest), 1)) == 1 else None


# ============================== special forms ====================================================
# Which form a hand takes is found by ``decompose`` (its shape); the fans of the form are here.
def seven_pairs_fans(standing: decompose.Counts, fans: Fans) -> None:
    """七对: seven pairs; 连七对 when they are seven consecutive tiles of one suit."""
    add(fans, F.SEVEN_PAIRS)
    if decompose.shifted_pairs_suit(standing) is not None:
        add(fans, F.SEVEN_SHIFTED_PAIRS)


def thirteen_orphans_fan(fans: Fans) -> None:
    """十三幺: each terminal and honour, one of them twice (``decompose.is_thirteen_orphans``)."""
    add(fans, F.THIRTEEN_ORPHANS)


def honors_and_knitted_fan(standing: Sequence[int], fans: Fans) -> None:
    """全不靠: fourteen singles, knitted tiles of one sequence and honours; 七星不靠 with all seven
    honours. With all nine knitted tiles it also holds a 组合龙 (``knitted_straight_fan``)."""
    add(fans, F.LESSER_HONORS_AND_KNITTED_TILES)
    if all(standing[i] for i in range(HONOR_START, NUM_TILES)):
        add(fans, F.GREATER_HONORS_AND_KNITTED_TILES)


def knitted_straight_fan(knitted_tiles: int, fans: Fans) -> None:
    """组合龙: 147, 258 and 369 in three different suits — all nine of the knitted tiles."""
    if knitted_tiles == 9:
        add(fans, F.KNITTED_STRAIGHT)


def nine_gates_fan(standing: decompose.Counts, win: int, fans: Fans) -> None:
    """九莲宝灯: 1112345678999 of one suit, concealed, won on any tile of that suit. The hand is
    also read as sets and a pair, whose fans (清龙, 四归一, 双暗刻, 连六, ...) count beside it, as
    the reference counts them; the table's 不计 takes away what the shape makes certain."""
    if decompose.is_nine_gates(standing, win) is not None:
        add(fans, F.NINE_GATES)


# ============================== after exclusion =================================================
def chicken_hand_fan(kept: list[tuple[FanId, int]]) -> None:
    """无番和: a hand left with no fan after exclusion (flowers apart) is a chicken hand."""
    if not kept:
        kept.append((F.CHICKEN_HAND, 1))


def flower_fan(flowers: int) -> tuple[FanId, int] | None:
    """花牌: one point a flower, added after the 8-point minimum is judged."""
    return (F.FLOWER_TILES, flowers) if flowers else None
