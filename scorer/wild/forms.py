"""Seven pairs and thirteen orphans with jokers: closed forms, no search.

Seven pairs: every odd count takes a joker (standing for that tile), and the jokers left pair
among themselves, each pair standing for a tile with room for two more. Whether four alike are
two pairs is the book's (``quads``; 红中, 广东 and 杭州 all say yes). ``pairs`` asks for fewer: 杭州's
爆头 tests six pairs once a joker is set aside.

Thirteen orphans: each of the 13 terminals and honours once and one of them twice, nothing else;
a joker fills a missing one or the double (广东's MIL table has the form; 红中 has no honours and
杭州 no such form).
"""

from __future__ import annotations

from ..decompose import ORPHANS
from ..tiles import IS_TERMINAL_OR_HONOR, NUM_TILES
from .spec import Counts, Wild

PairT = tuple[int, int]  # (tile, how many of its two are jokers)


def may_pair(counts: Counts, jokers: int, pairs: int = 7) -> bool:
    """What any reading as ``pairs`` pairs needs, tested first because most hands fail it at once:
    the tiles and jokers number ``2·pairs``, and no more tiles are held an odd number of times
    than there are jokers to pair them."""
    total = 0
    odd = 0
    for c in counts:
        total += c
        odd += c & 1
    return total + jokers == 2 * pairs and odd <= jokers


def _plan(counts: Counts, jokers: int, wild: Wild, pairs: int, quads: bool) -> tuple[list[int], list[int], int] | None:
    """Seven pairs' shape with jokers, if any: the tiles whose odd copy takes a joker, each tile's
    room for pairs of jokers (how many such pairs it may take), and how many pairs of jokers there
    are to place."""
    if not may_pair(counts, jokers, pairs):
        return None
    total = 0
    singles: list[int] = []
    pure_room = [0] * NUM_TILES
    for t in range(NUM_TILES):
        c = counts[t]
        total += c
        room = wild.room(t, c)
        if room < 0 or (not quads and c > 2):
            return None
        if c % 2:
            if room < 1:
                return None
            singles.append(t)
            room -= 1
        if quads:
            pure_room[t] = room // 2
        elif c == 0 and room >= 2:
            pure_room[t] = 1
    left = jokers - len(singles)
    if total + jokers != 2 * pairs or left < 0 or left % 2:
        return None
    need = left // 2
    have = 0
    for t in range(NUM_TILES):
        have += min(pure_room[t], need)
        if have >= need:
            break
    if have < need:
        return None
    return singles, pure_room, need


def is_seven_pairs(counts: Counts, jokers: int, wild: Wild, pairs: int = 7, quads: bool = True) -> bool:
    """Whether ``counts`` and ``jokers`` make ``pairs`` pairs."""
    return _plan(counts, jokers, wild, pairs, quads) is not None


def seven_pairs(counts: Counts, jokers: int, wild: Wild, pairs: int = 7,
                quads: bool = True) -> tuple[tuple[PairT, ...], ...]:
    """Every reading of the hand as ``pairs`` pairs: each a tuple of (tile, jokers in the pair),
    ascending; a tile's real copies pair first, then its odd copy with a joker, then pairs of two
    jokers (the jokers' pairs are what varies between readings)."""
    plan = _plan(counts, jokers, wild, pairs, quads)
    if plan is None:
        return ()
    singles, pure_room, need = plan
    out: list[tuple[PairT, ...]] = []
    _pure(pure_room, need, 0, _held_pairs(counts, singles), out)
    return tuple(sorted(out))


def first_seven_pairs(counts: Counts, jokers: int, wild: Wild, pairs: int = 7,
                      quads: bool = True) -> tuple[PairT, ...] | None:
    """``seven_pairs(...)[0]`` (None where there is none) without making the others: a book that
    scores one reading of the form pays for that one. The least multiset of the jokers' own pairs
    — the lowest tiles first, each as often as its room allows — makes the least reading: merged
    with the same pairs of real tiles, a lesser multiset still sorts first."""
    plan = _plan(counts, jokers, wild, pairs, quads)
    if plan is None:
        return None
    singles, pure_room, need = plan
    out = _held_pairs(counts, singles)
    t = 0
    while need:
        take = pure_room[t] if pure_room[t] < need else need
        for _ in range(take):
            out.append((t, 2))
        need -= take
        t += 1
    out.sort()
    return tuple(out)


def _held_pairs(counts: Counts, singles: list[int]) -> list[PairT]:
    """The pairs every reading holds: each tile's real copies by two, then each odd copy with a joker."""
    out: list[PairT] = []
    for t in range(NUM_TILES):
        for _ in range(counts[t] // 2):
            out.append((t, 0))
    for t in singles:
        out.append((t, 1))
    return out


def _pure(room: list[int], need: int, start: int, got: list[PairT], out: list[tuple[PairT, ...]]) -> None:
    """Each multiset of ``need`` pairs of jokers, ascending tiles, within each tile's room."""
    if need == 0:
        out.append(tuple(sorted(got)))
        return
    for t in range(start, NUM_TILES):
        if room[t]:
            room[t] = room[t] - 1
            _pure(room, need - 1, t, [*got, (t, 2)], out)
            room[t] = room[t] + 1


def thirteen_orphans(counts: Counts, jokers: int, wild: Wild) -> tuple[int, ...]:
    """The tiles that can be the doubled one of thirteen orphans (jokers filling what is missing),
    ascending; empty when the hand is not thirteen orphans in any reading."""
    total = 0
    for t in range(NUM_TILES):
        c = counts[t]
        if c and not IS_TERMINAL_OR_HONOR[t]:
            return ()
        total += c
    if total + jokers != 14:
        return ()
    out: list[int] = []
    for double in ORPHANS:
        missing = 0
        ok = True
        for t in ORPHANS:
            want = 2 if t == double else 1
            c = counts[t]
            room = wild.room(t, c)
            if c > want or room < want - c:
                ok = False
                break
            missing += want - c
        if ok and missing == jokers:
            out.append(double)
    return tuple(out)


def is_thirteen_orphans(counts: Counts, jokers: int, wild: Wild) -> bool:
    return bool(thirteen_orphans(counts, jokers, wild))
