"""A suit with few jokers, from the engine's own per-suit tables (``scorer.decompose``).

A suit's counts with ``k`` jokers placed on its ranks is a shape the no-joker tables hold, so a
suit borrowing one or two jokers is answered by looking up each placement (9, then 45 of them):
whether it splits into sets, into sets and a pair, and every way it splits. That is most groups
of most hands, and a table lookup costs less than the walk (``scorer.wild.regular``) it replaces.
The tables hold at most four of a tile, so a placement is looked up only where every rank stays
within four; a book with no copy cap (杭州) walks.

Past two jokers, a suit whose every rank may be a joker up to four copies (红中, 广东's ghosts)
still answers from the tables: its fewest jokers for sets (and for sets and a pair) are looked
up, and three more jokers always fit as one more pung — a suit of at most 11 tiles as read has a
rank holding at most one, which three jokers make a pung — so it also splits with that many plus
any multiple of three, as far as one hand's 14 tiles go, and with no other count.
"""

from __future__ import annotations

from typing import Final

from ..decompose import POW6, SETS_ONLY, SUIT_DIVISIONS, WITH_PAIR

Way = tuple[tuple[int, ...], int]
SMALL: Final = 2  # the most jokers a suit is looked up with, placement by placement
_BITS: Final = 9  # as ``scorer.wild.regular`` packs a group's answers: bit k sets, bit 9 + k sets and a pair


def placements(counts: tuple[int, ...], rooms: tuple[int, ...], k: int) -> list[int] | None:
    """The table keys of every placement of ``k`` jokers on the suit's ranks within their rooms,
    each rank kept within four; None where ``k`` is past ``SMALL``."""
    if k > SMALL:
        return None
    base = 0
    for r in range(9):
        base += counts[r] * POW6[r]
    if k == 0:
        return [base]
    free = [r for r in range(9) if rooms[r] > 0 and counts[r] < 4]
    out: list[int] = []
    if k == 1:
        for r in free:
            out.append(base + POW6[r])
        return out
    for i in range(len(free)):
        r = free[i]
        if rooms[r] >= 2 and counts[r] <= 2:
            out.append(base + 2 * POW6[r])
        for j in range(i + 1, len(free)):
            out.append(base + POW6[r] + POW6[free[j]])
    return out


def capped(counts: tuple[int, ...], rooms: tuple[int, ...]) -> bool:
    """Whether no rank can hold more than four with its jokers (the tables hold no more)."""
    for r in range(9):
        if counts[r] > 4 or (rooms[r] > 4 - counts[r]):
            return False
    return True


def full(counts: tuple[int, ...], rooms: tuple[int, ...]) -> bool:
    """Whether every rank may take jokers up to four copies (``Wild`` of every number tile, cap 4)."""
    for r in range(9):
        if rooms[r] != 4 - counts[r]:
            return False
    return True


def suit_row(counts: tuple[int, ...], rooms: tuple[int, ...], kmax: int) -> int:
    """``scorer.wild.regular.group_row`` of a suit from the tables; -1 where they cannot answer
    (a rank past four, or past ``SMALL`` jokers a suit that is not ``full``, or whose fewest
    jokers are past ``SMALL``)."""
    if not capped(counts, rooms):
        return -1
    tiles = 0
    for c in counts:
        tiles += c
    if tiles + min(kmax, SMALL) > 14:  # past one hand's tiles: the tables hold four sets and a pair
        return -1
    sets = 0
    pair = 0
    for k in range(min(kmax, SMALL) + 1):
        keys = placements(counts, rooms, k)
        assert keys is not None
        for key in keys:
            if key in SETS_ONLY:
                sets |= 1 << k
                break
        for key in keys:
            if key in WITH_PAIR:
                pair |= 1 << k
                break
    if kmax > SMALL:
        if not full(counts, rooms):
            return -1
        for k in range(SMALL + 1, kmax + 1):  # three more jokers as a pung (see above)
            if tiles + k > 14:
                break
            if sets >> (k - 3) & 1 if k >= 3 else False:
                sets |= 1 << k
            if pair >> (k - 3) & 1 if k >= 3 else False:
                pair |= 1 << k
        # a count whose residue no smaller count reached: its fewest jokers are past SMALL
        for k in range(SMALL + 1, kmax + 1):
            if tiles + k > 14:
                break
            if (tiles + k) % 3 == 0 and not sets >> k & 1:
                return -1
            if (tiles + k) % 3 == 2 and not pair >> k & 1:
                return -1
    return sets | pair << _BITS


def suit_ways(counts: tuple[int, ...], rooms: tuple[int, ...], k: int) -> tuple[Way, ...] | None:
    """Every way the suit splits into sets and at most one pair with exactly ``k`` jokers, as
    ``scorer.wild.regular.group_ways`` gives them (ascending); None where the tables cannot answer."""
    if k > SMALL or not capped(counts, rooms) or sum(counts) + k > 14:
        return None
    keys = placements(counts, rooms, k)
    assert keys is not None
    out: list[Way] = []
    for key in keys:
        ways = SUIT_DIVISIONS.get(key)
        if ways is not None:
            for codes, p in ways:  # the tables keep a way's codes as made: sorted here
                out.append((tuple(sorted(codes)), p))
    out.sort()
    return tuple(out)
