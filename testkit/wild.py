"""Jokers by brute force, for the tests of ``scorer.wild``: every joker tried as every tile it may
stand for, and the engine's no-joker answers asked of each substituted hand.

A hand with jokers is complete exactly when some assignment of its jokers is; its readings are the
union of the assignments' divisions; its waits and shanten the union and the least. Slow by
design (tiles ** jokers assignments): small hands and few jokers only.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement
from typing import Any

from hypothesis import note
from hypothesis import strategies as st

from scorer.decompose import Division, SetT, is_seven_pairs, regular_divisions
from scorer.set_kind import CHOW, PUNG
from scorer.tiles import HONOR_START, NUM_TILES
from scorer.wild import ALL_TILES_MASK, NUMBER_TILES_MASK, Wild

Counts = tuple[int, ...]


def assignments(counts: Counts, jokers: int, wild: Wild) -> Iterator[Counts]:
    """``counts`` with each joker read as a tile it may stand for, every multiset once, within the
    cap (the held copies count toward it too)."""
    if wild.cap is not None and max(counts) > wild.cap:
        return
    allowed = [t for t in range(NUM_TILES) if wild.may_be(t)]
    for combo in combinations_with_replacement(allowed, jokers):
        c = list(counts)
        for t in combo:
            c[t] += 1
        if wild.cap is None or max(c) <= wild.cap:
            yield tuple(c)


def _naive_divisions(counts: Counts, need: int, pair: bool) -> set[Division]:
    """Every split into ``need`` sets and a pair (none without ``pair``), for any counts: the
    engine's tables stop at four of a tile, a book without a cap does not."""
    out: set[Division] = set()
    c = list(counts)

    def grow(i: int, sets: list[SetT], p: int) -> None:
        while i < NUM_TILES and c[i] == 0:
            i += 1
        if i == NUM_TILES:
            if len(sets) == need and (p >= 0) == pair:
                out.add((tuple(sorted(sets)), p))
            return
        if c[i] >= 3:
            c[i] -= 3
            grow(i, [*sets, (i, PUNG)], p)
            c[i] += 3
        if pair and p < 0 and c[i] >= 2:
            c[i] -= 2
            grow(i, sets, i)
            c[i] += 2
        if i < HONOR_START and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            grow(i, [*sets, (i, CHOW)], p)
            for k in (i, i + 1, i + 2):
                c[k] += 1

    grow(0, [], -1)
    return out


def divisions(counts: Counts, need: int, pair: bool = True) -> set[Division]:
    """The no-joker divisions: ``regular_divisions`` wherever it answers (at most four of a tile,
    with a pair), the naive search elsewhere."""
    if pair and max(counts) <= 4:
        return set(regular_divisions(counts, need))
    return _naive_divisions(counts, need, pair)


def brute_divisions(counts: Counts, jokers: int, need: int, wild: Wild, pair: bool = True) -> set[Division]:
    out: set[Division] = set()
    for c in assignments(counts, jokers, wild):
        out |= divisions(c, need, pair)
    return out


def seven_pairs_plain(counts: Counts, quads: bool) -> bool:
    """Seven pairs with no joker: ``is_seven_pairs`` (four alike are two pairs), or without that."""
    if quads:
        return is_seven_pairs(counts)
    return sum(counts) == 14 and all(n in (0, 2) for n in counts)


def thirteen_orphans_plain(counts: Counts) -> bool:
    from scorer.decompose import is_thirteen_orphans

    return is_thirteen_orphans(counts)


def add(counts: Counts, t: int) -> Counts:
    c = list(counts)
    c[t] += 1
    return tuple(c)


# --- hypothesis strategies --------------------------------------------------------------------
BOOK_WILDS = (Wild(NUMBER_TILES_MASK, 4), Wild(ALL_TILES_MASK, 4), Wild(ALL_TILES_MASK, None),
              Wild(NUMBER_TILES_MASK, None))


@st.composite
def wilds(draw: st.DrawFn, small: bool = False) -> Wild:
    """A book's jokers, or (often) a narrow random one: a few tiles, a small cap."""
    if not small and draw(st.booleans()):
        return draw(st.sampled_from(BOOK_WILDS))
    tiles = draw(st.sets(st.integers(0, NUM_TILES - 1), min_size=0, max_size=6))
    cap = draw(st.sampled_from([None, 4, 4, 3, 2]))
    return Wild(sum(1 << t for t in tiles), cap)


def _pool(draw: st.DrawFn) -> list[int]:
    """A few tile kinds close together (one suit's window and an honour or two): near-wins."""
    s = draw(st.integers(0, 2))
    lo = draw(st.integers(0, 5))
    pool = [9 * s + r for r in range(lo, min(9, lo + draw(st.integers(3, 6))))]
    if draw(st.booleans()):
        pool.append(draw(st.integers(HONOR_START, NUM_TILES - 1)))
    if draw(st.booleans()):
        s2 = (s + 1) % 3
        pool.extend(9 * s2 + r for r in range(2, 5))
    return pool


@st.composite
def holdings(draw: st.DrawFn, size: int) -> Counts:
    """``size`` ordinary tiles from a narrow pool, at most four of a kind."""
    pool = _pool(draw)
    c = [0] * NUM_TILES
    for _ in range(size):
        free = [t for t in pool if c[t] < 4]
        if not free:
            break
        c[draw(st.sampled_from(free))] += 1
    return tuple(c)


def describe(counts: Counts, jokers: int, wild: Wild, **more: Any) -> str:
    from scorer.tiles import CODES

    tiles = " ".join(CODES[t] for t in range(NUM_TILES) for _ in range(counts[t]))
    return (f"{tiles} + {jokers} jokers; stands_for {[CODES[t] for t in range(NUM_TILES) if wild.may_be(t)]}, "
            f"cap {wild.cap} {more}")


def plain_pairs(counts: Counts, pairs: int, quads: bool) -> bool:
    """``pairs`` pairs and nothing else, no joker (four alike two pairs with ``quads``)."""
    if sum(counts) != 2 * pairs:
        return False
    return all(n % 2 == 0 for n in counts) if quads else all(n in (0, 2) for n in counts)


def brute_seven_pairs(counts: Counts, jokers: int, wild: Wild, pairs: int = 7, quads: bool = True) -> set[Counts]:
    """The logical hands (jokers read) that are ``pairs`` pairs."""
    return {c for c in assignments(counts, jokers, wild) if plain_pairs(c, pairs, quads)}


def brute_orphans(counts: Counts, jokers: int, wild: Wild) -> set[int]:
    """The tiles doubled in the readings of thirteen orphans."""
    return {c.index(2) for c in assignments(counts, jokers, wild) if thirteen_orphans_plain(c)}


def brute_complete(counts: Counts, jokers: int, need: int, wild: Wild, seven: bool, orphans: bool,
                   quads: bool) -> bool:
    for c in assignments(counts, jokers, wild):
        if divisions(c, need):
            return True
        if need == 4 and seven and plain_pairs(c, 7, quads):
            return True
        if need == 4 and orphans and thirteen_orphans_plain(c):
            return True
    return False


def brute_waits(counts: Counts, jokers: int, need: int, wild: Wild, seven: bool = False, orphans: bool = False,
                quads: bool = True) -> tuple[frozenset[int], bool]:
    """(the tiles that complete the hand, whether a drawn joker does)."""
    tiles = frozenset(t for t in range(NUM_TILES) if brute_complete(add(counts, t), jokers, need, wild, seven,
                                                                      orphans, quads))
    return tiles, brute_complete(counts, jokers + 1, need, wild, seven, orphans, quads)


def brute_regular_shanten(counts: Counts, jokers: int, need: int, wild: Wild) -> int | None:
    """The engine's regular shanten at best over the jokers' readings (None: no reading at all)."""
    from scorer.waits.shanten import regular_shanten

    values = [regular_shanten(c, 4 - need) for c in assignments(counts, jokers, wild)]
    return min(values) if values else None


def brute_seven_pairs_shanten(counts: Counts, jokers: int, wild: Wild, quads: bool = True) -> int | None:
    from scorer.waits.shanten import seven_pairs

    def plain(c: Counts) -> int:
        if quads:
            return seven_pairs(c).shanten
        return 6 - sum(1 for n in c if n >= 2)

    values = [plain(c) for c in assignments(counts, jokers, wild)]
    return min(values) if values else None


@st.composite
def regular_cases(draw: st.DrawFn) -> tuple[tuple[int, ...], int, int, Wild, bool]:
    """A hand for the regular form: counts, jokers, sets to make, the jokers' ``Wild``, whether a pair."""
    wild = draw(wilds())
    need = draw(st.integers(1, 3))
    pair = draw(st.booleans()) or draw(st.booleans())
    big = wild.stands_for.bit_count() > 6
    jokers = draw(st.integers(0, 2 if big and need == 3 else 3))
    size = 3 * need + (2 if pair else 0) - jokers
    counts = draw(holdings(size))
    note(describe(counts, jokers, wild, need=need, pair=pair))
    return counts, jokers, need, wild, pair


def complete_tiles(rng: Any, span: int, jokers: int) -> list[int]:
    """Four sets and a pair of tiles below ``span`` (chows within a suit), shuffled, the first
    ``jokers`` left out (they become jokers): hands of many readings."""
    tiles: list[int] = []
    for _ in range(4):
        t = rng.randrange(span)
        tiles += [t, t + 1, t + 2] if t % 9 < 7 and t < 27 and rng.random() < 0.6 else [t] * 3
    t = rng.randrange(span)
    tiles += [t, t]
    rng.shuffle(tiles)
    return tiles[jokers:]
