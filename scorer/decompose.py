"""Decomposition of the concealed part of a hand into sets, and the special forms.

Everything here works on 34-slot count vectors (tuples, so results can be cached by them) and is
independent of melds and context: the same concealed tiles always split the same ways. Regular
divisions come back in the reference calculator's order (sets sorted, lowest first, a pung before
a chow at the same tile, divisions in lexicographic order), which is what makes ties between
equal-scoring arrangements resolve the way that tool shows them.
"""

from __future__ import annotations

import marshal
import os
from functools import lru_cache
from typing import Any, Final

from .caches import DECOMPOSITION_CACHE_SIZE
from .set_kind import CHOW, PUNG, SetKind
from .tiles import HONOR_START, IS_HONOR, IS_TERMINAL_OR_HONOR, NUM_TILES, RANK

Counts = tuple[int, ...]
SetT = tuple[int, SetKind]  # (first tile index, kind); a pung sorts before a chow at the same tile
Division = tuple[tuple[SetT, ...], int]  # (sets sorted, pair tile)



def _regular_divisions(counts: Counts, need: int) -> tuple[Division, ...]:
    """Every way to split ``counts`` into ``need`` sets and one pair, in the reference's order.

    Sets never cross suits, so each suit is looked up in ``SUIT_DIVISIONS`` and the ways are
    combined; honours can only be pungs or the pair. Sets travel as codes (``2·tile + kind``,
    which sort as the sets do) until the divisions are made."""
    if _tiles(counts) != 3 * need + 2:
        return ()
    honor_sets: list[int] = []
    honor_pair = -1
    for i in range(HONOR_START, NUM_TILES):
        n = counts[i]
        if n == 3:
            honor_sets.append(2 * i)
        elif n == 2 and honor_pair < 0:
            honor_pair = i
        elif n:
            return ()
    ways: list[tuple[list[int], int]] = [(honor_sets, honor_pair)]
    for s in range(3):
        key = suit_key(counts, s * 9)
        if key == 0:
            continue  # none of the suit: its one way is no sets and no pair
        options = SUIT_DIVISIONS.get(key)
        if options is None:
            options = searched_divisions(key) if key >= 0 and need > 4 else None
            if not options:
                return ()
        base = s * 9
        off = 2 * base
        if len(ways) == 1 and len(options) == 1:  # the common case: one way so far, one for the suit
            sets, pair = ways[0]
            suit_sets, p = options[0]
            if p >= 0:
                if pair >= 0:
                    return ()  # two pairs
                pair = base + p
            for c in suit_sets:
                sets.append(off + c)  # this way's own list (each way below is made anew)
            ways[0] = (sets, pair)
            continue
        ways = [
            ([*sets, *[off + c for c in suit_sets]], base + p if p >= 0 else pair)
            for sets, pair in ways
            for suit_sets, p in options
            if p < 0 or pair < 0
        ]
    if len(ways) == 1:  # most hands split one way only
        sets, pair = ways[0]
        if pair < 0:
            return ()
        sets.sort()
        return ((tuple([SET_OF_CODE[c] for c in sets]), pair),)
    unique = {tuple(sorted(sets)): pair for sets, pair in ways if pair >= 0}
    out: list[Division] = []
    for codes, pair in sorted(unique.items()):
        out.append((tuple([SET_OF_CODE[c] for c in codes]), pair))
    return tuple(out)


# A set's code: 2 * its first tile, plus 1 for a chow (a pung sorts first, as in the divisions).
SET_OF_CODE: Final[tuple[SetT, ...]] = tuple((c >> 1, CHOW if c & 1 else PUNG) for c in range(2 * NUM_TILES))

# --- the per-suit tables ----------------------------------------------------------------------
# Made by tools/make_decompose_tables.py and shipped beside this module: generating them at import
# was a tenth of a second of every process's start (the CLI, bulk workers, the service). Looked up
# by ``suit_key``. Dicts of ints and tuples of ints: the garbage collector stops tracking them at
# its first pass, so they cost no collection afterwards.
TABLES_FILE = os.path.join(os.path.dirname(__file__), "decompose_tables.bin")  # not pathlib: 6 more modules to import
TABLES_FORMAT = 1  # bump (here and in tools/make_decompose_tables.py) when the layout changes
# typed: ``6**r`` is Any to the type checker, and compiled, Any makes every use a generic object op
POW6: Final[tuple[int, ...]] = tuple([6**r for r in range(9)])

SuitOptions = tuple[tuple[tuple[int, ...], int], ...]  # (set codes, pair rank index or -1) per way


def suit_key(counts: Counts, start: int) -> int:
    """The 9 counts from ``start`` as a base-6 number, rank 1 lowest (a tile of rank ``r`` drawn
    adds ``6**(r-1)``); -1 past 5 of a tile, which no table holds."""
    k = 0
    for i in range(start + 8, start - 1, -1):
        n = counts[i]
        if n > 5:
            return -1
        k = k * 6 + n
    return k


def _load_tables() -> tuple[dict[int, bool], dict[int, bool], dict[int, SuitOptions]]:
    with open(TABLES_FILE, "rb") as f:
        fmt, sets_only, with_pair, divisions = marshal.loads(f.read())
    if fmt != TABLES_FORMAT:
        raise RuntimeError(f"{os.path.basename(TABLES_FILE)} is format {fmt}, this code reads {TABLES_FORMAT}: "
                           "run tools/make_decompose_tables.py")
    return dict.fromkeys(sets_only, True), dict.fromkeys(with_pair, True), divisions


# The suit shapes that split into sets only, and into sets and a pair (at most 4 sets, at most 5 of a
# tile: 5 when a wait is probed on a tile the hand holds four of); and for every shape a real hand
# can hold (at most 4 sets and a pair, at most 4 of a tile) each way to split it, as (set codes
# ``2·rank index + 1 for a chow``, pair rank index or -1).
_TABLES: Final = _load_tables()
SETS_ONLY: Final[dict[int, bool]] = _TABLES[0]
WITH_PAIR: Final[dict[int, bool]] = _TABLES[1]
SUIT_DIVISIONS: Final[dict[int, SuitOptions]] = _TABLES[2]


@lru_cache(maxsize=1 << 17)
def _suit_waits(key: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Ranks (0-based) that make one suit's counts (``suit_key``) sets-only, and sets-plus-a-pair."""
    sets_only, with_pair = [], []
    big = _suit_tiles(key) >= 12  # one more makes 13 or more: past the tables' four sets and a pair
    for r in range(9):
        if key // POW6[r] % 6 == 5:
            continue  # a sixth copy: no shape
        k = key + POW6[r]
        if k in SETS_ONLY or (big and _splits(k, False)):
            sets_only.append(r)
        if k in WITH_PAIR or (big and _splits(k, True)):
            with_pair.append(r)
    return tuple(sets_only), tuple(with_pair)


# --- suits past the tables: five sets (a 16-tile book's hands) --------------------------------
def _suit_tiles(key: int) -> int:
    n = 0
    while key:
        n += key % 6
        key //= 6
    return n


@lru_cache(maxsize=1 << 12)
def searched_divisions(key: int) -> SuitOptions:
    """Every way to split one suit's counts (``suit_key``) into sets and at most one pair, found by
    search: for the shapes the shipped tables leave out (more than four sets and a pair in one
    suit, which only a 16-tile hand can hold). As the tables give them: (set codes ascending, pair
    rank index or -1); no way for a count past 4."""
    counts = [key // POW6[r] % 6 for r in range(9)]
    if max(counts) > 4:
        return ()
    found: set[tuple[tuple[int, ...], int]] = set()

    def grow(r: int, codes: list[int], pair: int) -> None:
        while r < 9 and counts[r] == 0:
            r += 1
        if r == 9:
            found.add((tuple(sorted(codes)), pair))
            return
        if counts[r] >= 3:
            counts[r] = counts[r] - 3
            grow(r, [*codes, 2 * r], pair)
            counts[r] = counts[r] + 3
        if pair < 0 and counts[r] >= 2:
            counts[r] = counts[r] - 2
            grow(r, codes, r)
            counts[r] = counts[r] + 2
        if r < 7 and counts[r + 1] and counts[r + 2]:
            for i in (r, r + 1, r + 2):
                counts[i] = counts[i] - 1
            grow(r, [*codes, 2 * r + 1], pair)
            for i in (r, r + 1, r + 2):
                counts[i] = counts[i] + 1

    grow(0, [], -1)
    return tuple(sorted(found))


def _splits(key: int, pair: bool) -> bool:
    """Whether one suit's counts split into sets only (``pair`` false) or sets and a pair."""
    for _, p in searched_divisions(key):
        if (p >= 0) == pair:
            return True
    return False


def _groups(counts: Counts, less: int) -> tuple[list[int], list[int]]:
    """What the wait searches start from, for ``counts`` less one tile ``less`` (-1: none): the
    suits' keys, and the groups (three suits, then each honour) one more tile could mend so that the
    whole hand completes, each as ``2·group + p``, ``p`` 1 when the other groups already hold the
    pair (the tile must leave its group as sets only). A tile completes the hand when every other
    group already splits into sets, with at most one pair among them all. Plain loops, no
    generators: this runs for every hand scored."""
    kinds = [0] * 10
    keys = [0, 0, 0]
    bad = pairs = 0
    for s in range(3):
        k = suit_key(counts, s * 9)
        if 0 <= less < HONOR_START and less // 9 == s:
            k -= POW6[less - s * 9]
        keys[s] = k
        g = 0 if k in SETS_ONLY else 1 if k in WITH_PAIR else 2
        kinds[s] = g
        if g == 2:
            bad += 1
        elif g == 1:
            pairs += 1
    for k in range(7):
        i = HONOR_START + k
        n = counts[i] - 1 if i == less else counts[i]
        g = 0 if n == 0 or n == 3 else 1 if n == 2 else 2
        kinds[3 + k] = g
        if g == 2:
            bad += 1
        elif g == 1:
            pairs += 1
    # kinds: 0 = splits into sets, 1 = into sets and a pair, 2 = neither
    mend: list[int] = []
    if bad <= 1 and pairs <= 2:  # otherwise no single tile mends every group
        for k in range(10):
            g = kinds[k]
            other_bad = bad - 1 if g == 2 else bad
            other_pairs = pairs - 1 if g == 1 else pairs
            if not other_bad and other_pairs <= 1:
                mend.append(2 * k + other_pairs)
    return keys, mend


def _waits(counts: Counts, need: int) -> frozenset[int]:
    """Tiles that complete ``counts`` (the concealed tiles before winning) as a regular hand, or
    as seven pairs when all 13 tiles are concealed. Like the reference, a wait on a tile the hand
    already holds four of still counts as a wait.

    Works suit by suit: a tile of one suit completes the hand when every other suit (and each
    honour) already splits into sets, with at most one pair among them all.
    """
    keys, mend = _groups(counts, -1)
    waits: set[int] = set()
    for code in mend:
        k, other_pairs = code >> 1, code & 1
        if k < 3:
            sets_only, with_pair = _suit_waits(keys[k])
            base = k * 9
            for r in sets_only if other_pairs else with_pair:
                waits.add(base + r)
        elif counts[HONOR_START + k - 3] + 1 == (3 if other_pairs else 2):
            waits.add(HONOR_START + k - 3)
    if need == 4:
        odd = -1
        n_odd = 0
        for i in range(NUM_TILES):
            if counts[i] % 2:
                n_odd += 1
                odd = i
        if n_odd == 1:
            waits.add(odd)  # seven pairs (four alike count as two pairs)
    return frozenset(waits)


def sole_wait(standing: Counts, need: int, win: int) -> bool:
    """Whether ``win`` was the only tile the hand waited on: ``waits`` of the tiles before the win
    is ``{win}``, found without making the set (a wait fan asks it of most hands, and the answer is
    often no after a look or two). ``standing`` holds the winning tile."""
    keys, mend = _groups(standing, win)  # the tiles before the win
    for code in mend:
        k, other_pairs = code >> 1, code & 1
        if k < 3:
            base = k * 9
            key = keys[k]
            table = SETS_ONLY if other_pairs else WITH_PAIR
            # the tables hold shapes up to 14 tiles: only one of 14 or more tiles (a 16-tile
            # hand's) needs the search; a hand of four sets has no suit that large
            big = need > 4 and _suit_tiles(key) >= 14
            for r in range(9):
                if base + r == win or key // POW6[r] % 6 == 5:
                    continue
                if key + POW6[r] in table or (big and _splits(key + POW6[r], not other_pairs)):
                    return False
        else:
            i = HONOR_START + k - 3
            if i != win and standing[i] + 1 == (3 if other_pairs else 2):
                return False
    if need == 4:
        odd = -1
        n_odd = 0
        for i in range(NUM_TILES):
            if (standing[i] - 1 if i == win else standing[i]) % 2:
                n_odd += 1
                odd = i
        if n_odd == 1 and odd != win:
            return False
    return True


# Off unless asked for (``scorer.caches``); ``set_cache_size`` changes the bound. When off, the
# two functions below call the search directly: a cache of size 0 still costs a call through the
# interpreter's protocol and an argument tuple.
cached_divisions = lru_cache(maxsize=DECOMPOSITION_CACHE_SIZE)(_regular_divisions)
cached_waits = lru_cache(maxsize=DECOMPOSITION_CACHE_SIZE)(_waits)
_caching = DECOMPOSITION_CACHE_SIZE > 0


def regular_divisions(counts: Counts, need: int) -> tuple[Division, ...]:
    """``_regular_divisions``, through the cache when it is on."""
    if _caching:
        return cached_divisions(counts, need)
    return _regular_divisions(counts, need)


def split_sets(sets: tuple[SetT, ...]) -> tuple[list[int], list[int]]:
    """A division's sets by kind, in its order: the chows' first tiles, then the pungs' tiles."""
    chows: list[int] = []
    pungs: list[int] = []
    for t, k in sets:
        if k is CHOW:
            chows.append(t)
        else:
            pungs.append(t)
    return chows, pungs


def in_chow(tile: int, chows: list[int]) -> bool:
    """Whether ``tile`` is in one of the chows (by first tile): a discarded winning tile that is can
    be read as completing the chow rather than a pung, so the pung stays concealed."""
    for c in chows:
        if c <= tile <= c + 2:
            return True
    return False


def waits(counts: Counts, need: int) -> frozenset[int]:
    """``_waits``, through the cache when it is on."""
    if _caching:
        return cached_waits(counts, need)
    return _waits(counts, need)


def set_cache_size(maxsize: int) -> None:
    """Rebuild the decomposition caches with a new bound (they start empty)."""
    global cached_divisions, cached_waits, _caching
    cached_divisions = lru_cache(maxsize=maxsize)(_regular_divisions)
    cached_waits = lru_cache(maxsize=maxsize)(_waits)
    _caching = maxsize > 0


def caches() -> tuple[Any, Any]:
    """The two caches (``cache_info``, ``cache_clear``), as now bound."""
    return cached_divisions, cached_waits


# --- special forms (all 14 tiles concealed unless said otherwise) -----------------------------
ORPHANS: Final = tuple(i for i in range(NUM_TILES) if IS_TERMINAL_OR_HONOR[i])
# The six knitted sequences 147/258/369 spread over the three suits, in the reference's order.
KNITTED: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sorted(s * 9 + r - 1 for s, ranks in enumerate(perm) for r in ranks))
    for perm in (
        ((1, 4, 7), (2, 5, 8), (3, 6, 9)),
        ((1, 4, 7), (3, 6, 9), (2, 5, 8)),
        ((2, 5, 8), (1, 4, 7), (3, 6, 9)),
        ((2, 5, 8), (3, 6, 9), (1, 4, 7)),
        ((3, 6, 9), (1, 4, 7), (2, 5, 8)),
        ((3, 6, 9), (2, 5, 8), (1, 4, 7)),
    )
)


# The special forms are asked of nearly every hand without melds, and most answers are no: each is
# one typed pass over the counts (compiled, ``sum``, ``max`` and ``in`` on a tuple of ints compare
# boxed objects one by one).
def _tiles(counts: Counts) -> int:
    total = 0
    for n in counts:
        total += n
    return total


def is_seven_pairs(counts: Counts) -> bool:
    total = 0
    for n in counts:
        if n == 1 or n == 3:
            return False
        total += n
    return total == 14


def shifted_pairs_suit(counts: Counts) -> int | None:
    """The suit of seven shifted pairs (1–7, 2–8 or 3–9 of one suit, each a pair), else None."""
    for s in range(3):
        for start in range(3):
            if all(counts[s * 9 + start + k] == 2 for k in range(7)):
                return s
    return None


def is_thirteen_orphans(counts: Counts) -> bool:
    """Each of the 13 terminals and honours, and one of them twice: nothing else."""
    total = 0
    for i in range(NUM_TILES):
        n = counts[i]
        if IS_TERMINAL_OR_HONOR[i]:
            if n == 0:
                return False
        elif n:
            return False
        total += n
    return total == 14


def honors_and_knitted(counts: Counts) -> tuple[int, ...] | None:
    """全不靠: 14 singles — knitted tiles of one sequence plus honours. Returns that sequence."""
    total = suited = held = 0
    for i in range(NUM_TILES):
        n = counts[i]
        if n > 1:
            return None
        if n:
            total += 1
            if i < HONOR_START:
                suited += 1
                held |= 1 << i
    if total != 14 or not 7 <= suited <= 9:
        return None
    for k in range(len(KNITTED)):
        if not held & ~_KNITTED_MASKS[k]:
            return KNITTED[k]
    return None


_KNITTED_MASKS: Final[tuple[int, ...]] = tuple([sum([1 << i for i in seq]) for seq in KNITTED])


def knitted_straight(counts: Counts, need: int) -> tuple[tuple[int, ...], Division] | None:
    """组合龙: the 9 knitted tiles plus ``need`` (0 or 1) sets and a pair from what is left.
    (Every hand with at most one meld asks: the suited tiles held, as a bitmask, rule out most.)"""
    held = 0
    for i in range(HONOR_START):
        if counts[i]:
            held |= 1 << i
    for k in range(len(KNITTED)):
        mask = _KNITTED_MASKS[k]
        if held & mask == mask:
            seq = KNITTED[k]
            rest = list(counts)
            for i in seq:
                rest[i] = rest[i] - 1
            divisions = regular_divisions(tuple(rest), need)
            return (seq, divisions[0]) if len(divisions) == 1 else None
    return None


def is_nine_gates(counts: Counts, win: int) -> bool:
    """九莲宝灯: 1112345678999 of one suit, concealed, plus any tile of that suit (the winning one)."""
    if IS_HONOR[win]:
        return False
    base = win - RANK[win] + 1
    if counts[base] < 3 or counts[base + 8] < 3 or _tiles(counts) != 14:
        return False
    pattern = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    pattern[RANK[win] - 1] = pattern[RANK[win] - 1] + 1
    return all(counts[base + k] == pattern[k] for k in range(9))
