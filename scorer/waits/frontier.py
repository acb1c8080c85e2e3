"""One group's best (sets, partial sets, pair) trade-offs, found by search.

A group is one suit's 9 counts or one honour's count. Its *frontier* is every (sets, partials,
pair) shape no other shape of the same tiles beats in every part; the regular shanten of a hand is
the best shape its groups' frontiers combine to (``best``). The search here is what
``tools/make_shanten_tables.py`` runs over every suit and honour shape to build the shipped tables
(``scorer.waits.tables``), and what a hand falls back on for a shape the tables leave out (a probe
for a fifth copy of a tile).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

Counts = tuple[int, ...]
Shape = tuple[int, int, int]  # (sets, partial sets, pair 0/1)
Frontier = tuple[Shape, ...]  # the shapes no other shape of the same tiles beats in every part

MAX_SETS: Final = 4
EMPTY: Frontier = ((0, 0, 0),)


def _pareto(shapes: set[Shape]) -> Frontier:
    """Drop every shape another one matches or beats in sets, partials and pair alike.

    Parts are small (sets and partials capped at 4, pair 0 or 1): keep the most partials per
    (pair, sets), then scan sets downwards keeping a shape only if it has more partials than every
    shape with as many sets or more (and, without the pair, than those with it)."""
    most = [[-1] * (MAX_SETS + 1), [-1] * (MAX_SETS + 1)]
    for p, t, h in shapes:
        if t > most[h][p]:
            most[h][p] = t
    kept: list[Shape] = []
    ceiling = [-1, -1]  # the most partials seen so far (more sets), with the pair / without it
    for p in range(MAX_SETS, -1, -1):
        t1 = most[1][p]
        if t1 > ceiling[1]:
            kept.append((p, t1, 1))
            ceiling[1] = t1
        t0 = most[0][p]
        if t0 > ceiling[0] and t0 > ceiling[1]:
            kept.append((p, t0, 0))
            ceiling[0] = t0
    return tuple(kept)


def _add(base: Shape, sub: Frontier, out: set[Shape]) -> None:
    bp, bt, bh = base
    for p, t, h in sub:
        if bh and h:
            continue  # one pair only: a second one is counted as a partial by another branch
        out.add((min(p + bp, MAX_SETS), min(t + bt, MAX_SETS), h | bh))


@lru_cache(maxsize=1 << 16)
def group(counts: Counts, runs: bool) -> Frontier:
    """The frontier of one suit (``runs``) or one honour.

    Rank by rank: every way to use the copies of the lowest rank held — pungs, a pair, pairs and
    runs and gapped twos as partials, chows starting there, the rest left alone — then the rest
    of the suit, whose lower ranks are then empty (so few different rests arise)."""
    i = next((k for k, n in enumerate(counts) if n), -1)
    if i < 0:
        return EMPTY
    n = counts[i]
    size = len(counts)
    next1 = counts[i + 1] if runs and i + 1 < size else 0
    next2 = counts[i + 2] if runs and i + 2 < size else 0
    c = list(counts)
    c[i] = 0
    out: set[Shape] = set()
    for pungs in range(n // 3 + 1):
        left = n - 3 * pungs
        for pair in range(min(1, left // 2) + 1):
            left2 = left - 2 * pair
            for twins in range(left2 // 2 + 1):
                left3 = left2 - 2 * twins
                for chows in range(min(left3, next1, next2) + 1):
                    left4 = left3 - chows
                    for adjacent in range(min(left4, next1 - chows) + 1):
                        for gapped in range(min(left4 - adjacent, next2 - chows) + 1):
                            if i + 1 < size:
                                c[i + 1] = counts[i + 1] - chows - adjacent
                            if i + 2 < size:
                                c[i + 2] = counts[i + 2] - chows - gapped
                            _add((pungs + chows, twins + adjacent + gapped, pair), group(tuple(c), runs), out)
    return _pareto(out)


@lru_cache(maxsize=1 << 16)
def merge(a: Frontier, b: Frontier) -> Frontier:
    """The frontier of two groups' tiles together."""
    out: set[Shape] = set()
    for s in a:
        _add(s, b, out)
    return _pareto(out)


def honors(counts: Counts) -> Frontier:
    """The seven honours together (each an independent group), merged in tile order."""
    f: Frontier = EMPTY
    for n in counts:
        if n:
            f = merge(f, group((n,), False))
    return f


def best(a: Frontier, b: Frontier, fixed: int) -> int:
    """The least shanten over two frontiers combined, beside ``fixed`` finished sets:
    ``8 - 2·sets - min(partials, 4 - sets) - pair`` at best, at most 4 sets counted."""
    least = 8
    for p, t, h in a:
        for q, u, g in b:
            if h and g:
                continue
            sets = min(p + q + fixed, MAX_SETS)
            v = 8 - 2 * sets - min(t + u, MAX_SETS - sets) - (h | g)
            least = min(least, v)
    return least


def clear_caches() -> None:
    group.cache_clear()
    merge.cache_clear()
