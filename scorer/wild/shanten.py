"""Shanten with jokers: how many tiles a hand is from ready when each joker is a free tile.

The definitions are the engine's (``scorer.waits.shanten``): regular hands count sets, partial
sets and a pair, ``2·need - 2·sets - min(partials, need - sets) - pair``; seven pairs
``6 - pairs``. With jokers the answer is the least over every reading of the jokers — as if each
were drawn as the tile that helps most, within what it may stand for and the copy cap. Each group
(a suit, an honour) is tried with every way its borrowed jokers may be read, its best trade-offs of
sets, partials and pair kept, and the groups combined with the joker total.
"""

from __future__ import annotations

from functools import lru_cache

from ..tiles import HONOR_START, NUM_TILES
from ..waits.shanten import descend
from ..waits.shanten import regular_shanten as table_shanten
from .regular import _tiles, groups
from .spec import Counts, Wild

Shape = tuple[int, int, int]  # (sets, partial sets, pair 0/1)
Frontier = frozenset[Shape]


def _pareto(shapes: set[Shape]) -> Frontier:
    """The shapes no other one matches or beats in sets, partials and pair alike."""
    kept: list[Shape] = []
    for a in shapes:
        beaten = False
        for b in shapes:
            if b != a and b[0] >= a[0] and b[1] >= a[1] and b[2] >= a[2]:
                beaten = True
                break
        if not beaten:
            kept.append(a)
    return frozenset(kept)


@lru_cache(maxsize=1 << 14)
def shapes(counts: tuple[int, ...]) -> Frontier:
    """One group's best (sets, partials, pair) trade-offs, no jokers: a suit's 9 counts (chows,
    two in a row and two with a gap count) or one honour's."""
    runs = len(counts) == 9
    i = 0
    while i < len(counts) and counts[i] == 0:
        i += 1
    if i == len(counts):
        return frozenset({(0, 0, 0)})
    out: set[Shape] = set()
    _take(counts, i, 0, 0, 0, (), out)  # the lowest tile left alone
    n = counts[i]
    if n >= 3:
        _take(counts, i, 1, 0, 0, (i, i), out)
    if n >= 2:
        _take(counts, i, 0, 0, 1, (i,), out)
        _take(counts, i, 0, 1, 0, (i,), out)
    if runs:
        if i + 2 < 9 and counts[i + 1] and counts[i + 2]:
            _take(counts, i, 1, 0, 0, (i + 1, i + 2), out)
        if i + 1 < 9 and counts[i + 1]:
            _take(counts, i, 0, 1, 0, (i + 1,), out)
        if i + 2 < 9 and counts[i + 2]:
            _take(counts, i, 0, 1, 0, (i + 2,), out)
    return _pareto(out)


def _take(counts: tuple[int, ...], i: int, ds: int, dp: int, dh: int, more: tuple[int, ...], out: set[Shape]) -> None:
    """The shapes of ``counts`` less tile ``i`` and ``more``, plus this group's (ds, dp, dh)."""
    c = list(counts)
    c[i] = c[i] - 1
    for k in more:
        c[k] = c[k] - 1
    for s, p, h in shapes(tuple(c)):
        if not (h and dh):
            out.add((s + ds, p + dp, h | dh))


@lru_cache(maxsize=1 << 14)
def joker_shapes(counts: tuple[int, ...], rooms: tuple[int, ...], k: int, start: int = 0) -> Frontier:
    """One group's trade-offs with exactly ``k`` jokers read as its tiles (from rank ``start`` up,
    each within ``rooms``); empty if they do not fit."""
    if k == 0:
        return shapes(counts)
    found: set[Shape] = set()
    for r in range(start, len(counts)):
        if rooms[r] <= 0:
            continue
        c = list(counts)
        c[r] = c[r] + 1
        room = list(rooms)
        room[r] = room[r] - 1
        found |= joker_shapes(tuple(c), tuple(room), k - 1, r)
    return _pareto(found)


def _merge(a: Frontier, b: Frontier, cap: int) -> Frontier:
    out: set[Shape] = set()
    for s, p, h in a:
        for t, q, g in b:
            if not (h and g):
                out.add((min(s + t, cap), min(p + q, cap), h | g))
    return _pareto(out)


def regular_shanten(counts: Counts, jokers: int, need: int, wild: Wild) -> int:
    """Regular-form shanten of concealed ``counts`` and ``jokers`` toward ``need`` sets and a pair
    (``need`` 4 less the melds). A tile held past the cap is a ``ValueError``: no reading exists.

    A tile added to a hand lowers its shanten by one at most, so the hand without its jokers, less
    one a joker, bounds the answer from below; reading the jokers one at a time, each as a tile
    that lowers it by one, reaches that bound for most hands, and the answer is then exact. Where
    it does not, every reading of the jokers is searched (``exact_regular_shanten``)."""
    if jokers == 0 and (wild.cap is None or max(counts) <= wild.cap):
        return _plain_value(list(counts), need)
    quick = _greedy(counts, jokers, need, wild)
    if quick is not None:
        return quick
    return exact_regular_shanten(counts, jokers, need, wild)


def _plain_value(counts: list[int], need: int) -> int:
    """The regular-form shanten of ``counts`` with no joker: the engine's tables up to four sets,
    the groups' trade-offs past them."""
    if need <= 4:
        return table_shanten(tuple(counts), 4 - need)
    f: Frontier = frozenset({(0, 0, 0)})
    for s in range(3):
        f = _merge(f, shapes(tuple(counts[9 * s:9 * s + 9])), need)
    for i in range(HONOR_START, NUM_TILES):
        if counts[i]:
            f = _merge(f, shapes((counts[i],)), need)
    return _least(f, need)


def _least(f: Frontier, need: int) -> int:
    least = 2 * need
    for s, p, h in f:
        done = min(s, need)
        least = min(least, 2 * need - 2 * done - min(p, need - done) - h)
    return least


def _greedy(counts: Counts, jokers: int, need: int, wild: Wild) -> int | None:
    """The shanten if reading the jokers one by one, each as a tile that lowers it by one, reaches
    the lower bound; None where it does not (or a tile is held past the cap). The steps are the
    engine's table lookups (``descend``: a tile tried is its group's key moved), not the whole
    hand's shanten worked out again for each tile tried."""
    total = _tiles(counts) + jokers
    floor = -1 if total % 3 == 2 else 0
    if wild.cap is not None and max(counts) > wild.cap:
        return None
    if need > 4:  # past the tables' four sets (no joker book plays five): the search answers
        return None
    cap = -1 if wild.cap is None else wild.cap
    got = descend(counts, 4 - need, wild.stands_for, cap, jokers, floor)
    if got is None:
        return None
    current, left, placed = got
    return _placed_rest(placed, left, current, wild)


def _placed_rest(c: list[int], left: int, current: int, wild: Wild) -> int | None:
    """``current``, if the jokers left have somewhere to be (a tile added never raises the
    shanten); else None."""
    room = 0
    for t in range(NUM_TILES):
        if wild.may_be(t):
            room += wild.room(t, c[t])
            if room >= left:
                return current
    return current if room >= left else None


def exact_regular_shanten(counts: Counts, jokers: int, need: int, wild: Wild) -> int:
    """``regular_shanten`` by trying every reading of the jokers, group by group."""
    gs = groups(counts, wild)
    if gs is None:
        raise ValueError("a tile is held past the copy cap")
    # per joker total so far, the combined frontier
    state: list[Frontier | None] = [frozenset({(0, 0, 0)})] + [None] * jokers
    for _, c, rooms in gs:
        new: list[Frontier | None] = [None] * (jokers + 1)
        for used in range(jokers + 1):
            f = state[used]
            if f is None:
                continue
            for k in range(jokers - used + 1):
                g = joker_shapes(c, rooms, k)
                if not g:
                    continue
                m = _merge(f, g, need)
                prev = new[used + k]
                new[used + k] = m if prev is None else _pareto(set(prev) | set(m))
        state = new
    final = state[jokers]
    if final is None:
        raise ValueError("the jokers have nothing they may stand for")
    return _least(final, need)


def seven_pairs_shanten(counts: Counts, jokers: int, wild: Wild, quads: bool = True) -> int:
    """``6 - pairs`` at best over the jokers' readings: a joker first pairs a held single (one
    joker, one pair), then two jokers pair each other."""
    pairs = 0
    fixable = 0
    pure = 0
    for t in range(NUM_TILES):
        c = counts[t]
        room = wild.room(t, c)
        if room < 0:
            raise ValueError("a tile is held past the copy cap")
        if quads:
            pairs += c // 2
            if c % 2 and room >= 1:
                fixable += 1
                room -= 1
            pure += min(room // 2, jokers)
        else:
            if c >= 2:
                pairs += 1
            elif c == 1 and room >= 1:
                fixable += 1
            elif c == 0 and room >= 2:
                pure += 1
    fixed = min(jokers, fixable)
    pairs += fixed + min((jokers - fixed) // 2, pure)
    return 6 - pairs
