"""Decomposition of the concealed part of a hand into sets, and the special forms.

Everything here works on 34-slot count vectors (tuples, so results can be cached by them) and is
independent of melds and context: the same concealed tiles always split the same ways. Regular
divisions come back in the reference calculator's order (sets sorted, lowest first, a pung before
a chow at the same tile, divisions in lexicographic order), which is what makes ties between
equal-scoring arrangements resolve the way that tool shows them.
"""

from __future__ import annotations

from functools import lru_cache

from .tiles import HONOR_START, IS_HONOR, IS_TERMINAL_OR_HONOR, NUM_TILES, RANK

Counts = tuple[int, ...]
CHOW, PUNG = 1, 0  # set kinds; a pung sorts before a chow at the same tile, as in the reference
SetT = tuple[int, int]  # (first tile index, kind)
Division = tuple[tuple[SetT, ...], int]  # (sets sorted, pair tile)

DEFAULT_CACHE_SIZE = 65536


def _can_start_chow(i: int) -> bool:
    return i < HONOR_START and RANK[i] <= 7


CHOW_START = tuple(_can_start_chow(i) for i in range(NUM_TILES))


def _divide(c: list[int], need: int, sets: list[SetT], pair: int, out: list[Division]) -> None:
    i = 0
    while i < NUM_TILES and c[i] == 0:
        i += 1
    if i == NUM_TILES:
        if need == 0 and pair >= 0:
            out.append((tuple(sets), pair))
        return
    n = c[i]
    if pair < 0 and n >= 2:
        c[i] -= 2
        _divide(c, need, sets, i, out)
        c[i] += 2
    if need == 0:
        return
    if n >= 3:
        c[i] -= 3
        sets.append((i, PUNG))
        _divide(c, need - 1, sets, pair, out)
        sets.pop()
        c[i] += 3
    if CHOW_START[i] and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        sets.append((i, CHOW))
        _divide(c, need - 1, sets, pair, out)
        sets.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1


def _regular_divisions(counts: Counts, need: int) -> tuple[Division, ...]:
    """Every way to split ``counts`` into ``need`` sets and one pair, in the reference's order."""
    if sum(counts) != 3 * need + 2:
        return ()
    out: list[Division] = []
    _divide(list(counts), need, [], -1, out)
    unique = {tuple(sorted(s)): p for s, p in out}
    return tuple(sorted(unique.items()))


def _is_complete(c: list[int], need: int, pair: bool) -> bool:
    i = 0
    while i < NUM_TILES and c[i] == 0:
        i += 1
    if i == NUM_TILES:
        return need == 0 and pair
    n = c[i]
    if not pair and n >= 2:
        c[i] -= 2
        ok = _is_complete(c, need, True)
        c[i] += 2
        if ok:
            return True
    if need == 0:
        return False
    if n >= 3:
        c[i] -= 3
        ok = _is_complete(c, need - 1, pair)
        c[i] += 3
        if ok:
            return True
    if CHOW_START[i] and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _is_complete(c, need - 1, pair)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        return ok
    return False


def _waits(counts: Counts, need: int) -> frozenset[int]:
    """Tiles that complete ``counts`` (the concealed tiles before winning) as a regular hand, or
    as seven pairs when all 13 tiles are concealed. Like the reference, a wait on a tile the hand
    already holds four of still counts as a wait."""
    c = list(counts)
    waits = set()
    for t in range(NUM_TILES):
        c[t] += 1
        if _is_complete(c, need, False) or (need == 4 and all(n % 2 == 0 for n in c)):
            waits.add(t)
        c[t] -= 1
    return frozenset(waits)


regular_divisions = lru_cache(maxsize=DEFAULT_CACHE_SIZE)(_regular_divisions)
waits = lru_cache(maxsize=DEFAULT_CACHE_SIZE)(_waits)


def set_cache_size(maxsize: int) -> None:
    """Rebuild the decomposition caches with a new bound (they start empty)."""
    global regular_divisions, waits
    regular_divisions = lru_cache(maxsize=maxsize)(_regular_divisions)
    waits = lru_cache(maxsize=maxsize)(_waits)


# --- special forms (all 14 tiles concealed unless said otherwise) -----------------------------
ORPHANS = tuple(i for i in range(NUM_TILES) if IS_TERMINAL_OR_HONOR[i])
# The six knitted sequences 147/258/369 spread over the three suits, in the reference's order.
KNITTED: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(s * 9 + r - 1 for s, ranks in zip(range(3), perm) for r in ranks))
    for perm in (
        ((1, 4, 7), (2, 5, 8), (3, 6, 9)),
        ((1, 4, 7), (3, 6, 9), (2, 5, 8)),
        ((2, 5, 8), (1, 4, 7), (3, 6, 9)),
        ((2, 5, 8), (3, 6, 9), (1, 4, 7)),
        ((3, 6, 9), (1, 4, 7), (2, 5, 8)),
        ((3, 6, 9), (2, 5, 8), (1, 4, 7)),
    )
)


def is_seven_pairs(counts: Counts) -> bool:
    return sum(counts) == 14 and all(n % 2 == 0 for n in counts)


def shifted_pairs_suit(counts: Counts) -> int | None:
    """The suit of seven shifted pairs (1–7, 2–8 or 3–9 of one suit, each a pair), else None."""
    for s in range(3):
        for start in range(3):
            if all(counts[s * 9 + start + k] == 2 for k in range(7)):
                return s
    return None


def is_thirteen_orphans(counts: Counts) -> bool:
    return sum(counts) == 14 and all(counts[i] >= 1 for i in ORPHANS)


def honors_and_knitted(counts: Counts) -> tuple[int, ...] | None:
    """全不靠: 14 singles — knitted tiles of one sequence plus honours. Returns that sequence."""
    if sum(counts) != 14 or any(n > 1 for n in counts):
        return None
    suited = [i for i in range(HONOR_START) if counts[i]]
    if not 7 <= len(suited) <= 9:
        return None
    for seq in KNITTED:
        if set(suited) <= set(seq):
            return seq
    return None


def knitted_straight(counts: Counts, need: int) -> tuple[tuple[int, ...], Division] | None:
    """组合龙: the 9 knitted tiles plus ``need`` (0 or 1) sets and a pair from what is left."""
    for seq in KNITTED:
        if all(counts[i] for i in seq):
            rest = list(counts)
            for i in seq:
                rest[i] -= 1
            divisions = regular_divisions(tuple(rest), need)
            return (seq, divisions[0]) if len(divisions) == 1 else None
    return None


def nine_gates_extra_rank(counts: Counts, win: int) -> int | None:
    """九莲宝灯: 1112345678999 of one suit, concealed, plus any tile of that suit. Returns the
    rank of the extra (winning) tile, or None."""
    if IS_HONOR[win]:
        return None
    base = win - RANK[win] + 1
    pattern = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    pattern[RANK[win] - 1] += 1
    if sum(counts) != 14 or any(counts[base + k] != pattern[k] for k in range(9)):
        return None
    return RANK[win]
