"""What completes a hand with jokers: the ordinary tiles it waits on, and whether a drawn joker
completes it (reported as a flag, never as a tile: a joker is not a kind one waits on).

A wait is a tile read as itself: the copy cap counts it like any held tile, so under 红中's rule
1234444556677m does not wait on a fifth 4m. Whether a tile is still there to draw (the melds, the
discards, a kind that is wild in this deal) is the book's question: ``joker_kinds`` drops the
kinds that are jokers in the deal, since every copy of them is drawn as a joker.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tiles import HONOR_START, NUM_TILES
from .forms import is_seven_pairs, is_thirteen_orphans
from .lookup import SMALL
from .regular import (
    _combine,
    _fits_table,
    _tiles,
    fits_of,
    group_fits,
    group_probes,
    group_row,
    groups,
    is_complete,
)
from .shanten import seven_pairs_shanten
from .spec import Counts, Wild


@dataclass(frozen=True)
class Waits:
    """``tiles``: the ordinary tiles that complete the hand; ``joker``: whether a drawn joker does
    (exactly when one of those tiles is one a joker may stand for)."""

    tiles: frozenset[int]
    joker: bool


def completes(counts: Counts, jokers: int, need: int, wild: Wild, seven_pairs: bool = False, orphans: bool = False,
              quads: bool = True) -> bool:
    """Whether the hand is complete in the regular form, or as seven pairs or thirteen orphans
    where the book has them (both need a concealed hand of 14: ``need`` 4)."""
    if is_complete(counts, jokers, need, wild):
        return True
    if need == 4 and seven_pairs and is_seven_pairs(counts, jokers, wild, 7, quads):
        return True
    return need == 4 and orphans and is_thirteen_orphans(counts, jokers, wild)


def waits(counts: Counts, jokers: int, need: int, wild: Wild, seven_pairs: bool = False, orphans: bool = False,
          quads: bool = True, joker_kinds: int = 0) -> Waits:
    """What completes ``counts`` and ``jokers`` (3·``need`` + 1 tiles, jokers included) into
    ``need`` sets and a pair, or the special forms asked for."""
    regular = _regular_waits(counts, jokers, need, wild)
    if seven_pairs and need == 4 and not _pairs_ready(counts, jokers, wild, quads):
        seven_pairs = False  # no tile can make seven pairs of a hand two or more tiles from them
    found: set[int] = set()
    joker = False
    c = list(counts)
    for t in range(NUM_TILES):
        ok = regular[t]
        if not ok and need == 4 and (seven_pairs or orphans):
            c[t] = c[t] + 1
            more = tuple(c)
            ok = (seven_pairs and is_seven_pairs(more, jokers, wild, 7, quads)) or (
                orphans and is_thirteen_orphans(more, jokers, wild))
            c[t] = c[t] - 1
        if ok:
            if wild.may_be(t):
                joker = True
            if not joker_kinds >> t & 1:
                found.add(t)
    return Waits(frozenset(found), joker)


def _pairs_ready(counts: Counts, jokers: int, wild: Wild, quads: bool) -> bool:
    """Whether 13 tiles are one tile from seven pairs (its shanten is 0): a drawn tile adds at
    most one pair, so only then may one complete them. A tile held past the cap never is."""
    for t in range(NUM_TILES):
        if wild.room(t, counts[t]) < 0:
            return False
    return seven_pairs_shanten(counts, jokers, wild, quads) <= 0


def _rows(counts: tuple[int, ...], rooms: tuple[int, ...], after: tuple[int, ...], jokers: int) -> list[int]:
    """Per rank, ``group_row`` of the group with one more real tile there (0 where that tile
    passes the cap). With few jokers the engine's tables answer each (``lookup.suit_row``), and a
    wait's hand asks the same rows again when it is scored: nine lookups cost less than the walk
    of ``group_probes``, which answers every rank at once but every time."""
    out: list[int] = []
    c = list(counts)
    rm = list(rooms)
    for r in range(len(counts)):
        if after[r] < 0:
            out.append(0)
            continue
        c[r] += 1
        rm[r] = after[r]
        out.append(group_row(tuple(c), tuple(rm), jokers))
        c[r] -= 1
        rm[r] = rooms[r]
    return out


def _regular_waits(counts: Counts, jokers: int, need: int, wild: Wild) -> list[bool]:
    """Per tile, whether it completes the regular form: only the tile's own group changes, so the
    other groups are combined once for each group. With up to two jokers each of the group's tiles
    is looked up (``_rows``); with more, one walk of the group (``group_probes``) answers for all
    its tiles."""
    out = [False] * NUM_TILES
    if jokers < 0 or _tiles(counts) + jokers + 1 != 3 * need + 2:
        return out
    gs = groups(counts, wild)
    if gs is None:
        return out
    fits = _fits_table(gs, jokers)
    n = len(gs)
    prefix = [[1] + [0] * jokers]
    for g in range(n):
        prefix.append(_combine(prefix[g], fits[g]))
    suffix = [[1] + [0] * jokers]
    for g in range(n - 1, -1, -1):
        suffix.append(_combine(suffix[-1], fits[g]))
    suffix.reverse()  # suffix[g]: groups g.. combined
    placed = [False] * NUM_TILES
    for g in range(n):
        first, c, rooms = gs[g]
        rest = _combine(prefix[g], suffix[g + 1])  # every other group; a combined state reads like fits
        after = tuple([wild.room(first + r, c[r] + 1) for r in range(len(c))])
        rows: list[int] | None = None
        for k in range(jokers + 1):
            other = rest[jokers - k]
            if not other:
                continue
            if jokers <= SMALL:  # each rank's row, from the tables
                if rows is None:
                    rows = _rows(c, rooms, after, jokers)
                for r in range(len(c)):
                    f = fits_of(rows[r], k)
                    if (other & 2 and f & 1) or (other & 1 and f & 2):
                        out[first + r] = True
                continue
            no_pair, pair = group_probes(c, rooms, after, k)
            ok = (no_pair if other & 2 else 0) | (pair if other & 1 else 0)
            for r in range(len(c)):
                if ok >> r & 1:
                    out[first + r] = True
        for r in range(len(c)):
            placed[first + r] = True
    for t in range(HONOR_START, NUM_TILES):
        if not placed[t]:  # an honour neither held nor wild: one alone completes nothing but itself
            room = wild.room(t, 1)
            if room >= 0:
                mine = [group_fits((1,), (room,), k) for k in range(jokers + 1)]
                out[t] = bool(_combine(prefix[n], mine)[jokers] & 2)
    return out
