"""Shanten by search, the tests' oracle for hands of five sets and a pair (a 16-tile book's hands)
and the 17-tile special form of seven pairs and a triplet: what the scorer did before it read these
hands from the four-set tables (``scorer.waits.shanten.five_sets_regular``), kept to check it.

The regular form's definition is the four-set one with five: the least of
``2·S - 2·sets - min(partials, S - sets) - pair`` over every way to take sets, partial sets (a
pair, two in a row, two with a gap) and one pair out of the tiles, melds counting as sets and at
most ``S`` sets counted. Each group (a suit, an honour) is searched once for its shapes, the best
(sets, partials, pair) trade-offs; a probe for a useful tile searches its group again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from scorer.tiles import HONOR_START, NUM_TILES

Shape = tuple[int, int, int]  # (sets, partial sets, pair 0/1)


def _pareto(shapes: set[Shape]) -> frozenset[Shape]:
    """The shapes no other one matches or beats in sets, partials and pair alike."""
    kept = [a for a in shapes
            if not any(b != a and b[0] >= a[0] and b[1] >= a[1] and b[2] >= a[2] for b in shapes)]
    return frozenset(kept)


@lru_cache(maxsize=1 << 14)
def group(counts: tuple[int, ...], runs: bool) -> frozenset[Shape]:
    """The shapes of one suit's counts (``runs``: chows and two-in-a-row count) or one honour's."""
    i = 0
    while i < len(counts) and counts[i] == 0:
        i += 1
    if i == len(counts):
        return frozenset({(0, 0, 0)})
    out: set[Shape] = set()

    def take(ds: int, dp: int, dh: int, *used: int) -> None:
        c = list(counts)
        for k in used:
            c[k] -= 1
        for s, p, h in group(tuple(c), runs):
            if not (h and dh):
                out.add((s + ds, p + dp, h | dh))

    take(0, 0, 0, i)  # the tile left alone
    n = counts[i]
    if n >= 3:
        take(1, 0, 0, i, i, i)
    if n >= 2:
        take(0, 0, 1, i, i)
        take(0, 1, 0, i, i)
    if runs:
        if i + 2 < len(counts) and counts[i + 1] and counts[i + 2]:
            take(1, 0, 0, i, i + 1, i + 2)
        if i + 1 < len(counts) and counts[i + 1]:
            take(0, 1, 0, i, i + 1)
        if i + 2 < len(counts) and counts[i + 2]:
            take(0, 1, 0, i, i + 2)
    return _pareto(out)


def _groups(counts: tuple[int, ...]) -> list[frozenset[Shape]]:
    out = [group(tuple(counts[9 * s: 9 * s + 9]), True) for s in range(3)]
    out.extend(group((counts[i],), False) for i in range(HONOR_START, NUM_TILES) if counts[i])
    return out


def _merge(a: frozenset[Shape], b: frozenset[Shape], cap: int) -> frozenset[Shape]:
    return _pareto({(min(p + q, cap), min(t + u, cap), h | g) for p, t, h in a for q, u, g in b if not (h and g)})


def _value(groups: list[frozenset[Shape]], fixed: int, sets: int) -> int:
    f: frozenset[Shape] = frozenset({(0, 0, 0)})
    for g in groups:
        f = _merge(f, g, sets)
    least = 2 * sets
    for p, t, h in f:
        done = min(p + fixed, sets)
        least = min(least, 2 * sets - 2 * done - min(t, sets - done) - h)
    return least


def regular(counts: tuple[int, ...], fixed: int, sets: int) -> tuple[int, tuple[int, ...]]:
    """Shanten of standing ``counts`` beside ``fixed`` melds toward ``sets`` sets and a pair, and the
    tiles whose draw lowers it (a fifth copy is never one: it cannot be drawn)."""
    return _with_useful(counts, lambda held: _value(_groups(held), fixed, sets))


def _pairs_and_triplet(counts: tuple[int, ...]) -> int:
    """Tiles still to draw to hold seven pairs and a triplet (four alike are two pairs)."""
    best = 99
    for t in range(NUM_TILES):  # the triplet's tile
        have = min(counts[t], 3)
        need = 3 - have
        pairs = singles = 0
        for i in range(NUM_TILES):
            n = counts[i] - (have if i == t else 0)
            pairs += n // 2
            singles += n % 2
        short = max(0, 7 - pairs)
        need += min(short, singles) + 2 * max(0, short - singles)
        best = min(best, need)
    return best


def eight_and_a_half_pairs(counts: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Shanten of 16 concealed tiles toward seven pairs and a triplet (17 at the win), and the tiles
    whose draw lowers it."""
    return _with_useful(counts, lambda held: _pairs_and_triplet(held) - 1)


def _with_useful(counts: tuple[int, ...], shanten: Callable[[tuple[int, ...]], int]) -> tuple[int, tuple[int, ...]]:
    """``shanten(counts)`` and the tiles whose draw lowers it (a fifth copy is never one)."""
    result = shanten(counts)
    useful: list[int] = []
    c = list(counts)
    for t in range(NUM_TILES):
        if c[t] >= 4:
            continue
        c[t] += 1
        if shanten(tuple(c)) < result:
            useful.append(t)
        c[t] -= 1
    return result, tuple(useful)
