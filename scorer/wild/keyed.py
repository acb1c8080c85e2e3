"""The least division of each kind a book tells apart, without making every division.

A hand with four jokers has hundreds of logical divisions (a set of three jokers is any of 55
sets), but a book's fans often read a division through a few properties that each group (a
suit, an honour) decides on its own: 红中's read the suits held, whether there is a chow, whether
the chows of a suit make 123 456 789. A book names that as a *group key* — bits of one group's
way, combined over the groups by OR — and gets, for every key some division has, the least
division with it: the one ``logical_divisions`` would list first among those of that key, which is
the one the book keeps (the first reading wins a tie).

Each group's ways are reduced to their least way per key once (cached with the group), and the
groups are combined key by key: the product is over a group's few keys, not over its ways. The
codes of a group all come before the next group's, and for one share of the jokers and one place
of the pair each group's number of sets is fixed, so the least ways of the groups make the least
whole; over the shares the divisions compare as they are (``first_division`` argues the same).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Final

from ..decompose import regular_divisions
from ..set_kind import CHOW
from ..tiles import HONOR_START
from .lookup import KEYED, PAIR_BITS, suit_keyed, tabled
from .regular import (
    _CODE,
    _DIM,
    _MASK,
    Group,
    Key,
    _after,
    _fits_table,
    _most_chows,
    _plain,
    _tiles,
    groups,
    moved,
    unpacked,
)
from .spec import Counts, Wild

# A book's key of one set or pair of a group: (the group's first tile, the set's code by rank
# within the group — 2·rank, + 1 for a chow — or, for the pair, -1 - its rank) -> bits. A way's
# key is the OR of its sets' and its pair's, a division's the OR of its groups'.
SetKey = Callable[[int, int], int]
# A book's last word on one whole group's key: (the group's first tile, its sets' and pair's key)
# -> the key as the book reads it. A group is a whole suit, so what only the whole suit tells (红中:
# 123 456 789 all among its chows) can be settled there and the rest dropped: fewer keys to carry.
# A group holding nothing shows nothing: a settle keeps 0 as 0.
Settle = Callable[[int, int], int]
KeyedWays = tuple[int, ...]  # key, way, key, way, ...: each way packed as ``_keyed`` packs a division


@lru_cache(maxsize=1 << 13)
def group_keyed(counts: tuple[int, ...], rooms: tuple[int, ...], k: int, pair: int, first: int,
                key: SetKey, kmax: int, settle: Settle | None = None) -> KeyedWays:
    """One group's least way of each key with ``k`` jokers, holding the pair (``pair`` 1) or not:
    key, way, key, way, ... with each way packed as ``_keyed`` packs a division (its set codes
    moved to the group's tiles). A walk up the ranks keeping, per state, each key's least rest:
    never every way. ``kmax``, the hand's jokers: the walks of every count up to it share their
    states, and the group's fit answers. ``settle``, if any, reads each way's key last."""
    bits = key_bits(first, key)
    out: dict[int, int] = {}
    if len(counts) == 9 and tabled(counts, rooms, k, KEYED):  # each key's least way, from the tables
        tiles = _tiles(counts) + k
        if tiles % 3 != (2 if pair else 0):  # a shape's ways all hold a pair or none
            return ()
        got = suit_keyed(counts, rooms, k, bits)
        n = (tiles - 2 * pair) // 3
    else:
        after = _after(counts)
        walked = _walk(counts, rooms, after, len(counts) == 9, 0, 0, 0, k, pair, bits,
                       _walks(counts, rooms, first, key, kmax))
        got = []
        for kk, w in walked.items():
            got.append(kk)
            got.append(w)
        n = (after[0] + k - 2 * pair) // 3
    for j in range(0, len(got), 2):  # the tables' and the walk's ways pack alike: moved to the group's tiles
        _keep(out, first, got[j], moved(got[j + 1], n, first), settle)
    flat: list[int] = []
    for kk, way in out.items():
        flat.append(kk)
        flat.append(way)
    return tuple(flat)


def _keep(out: dict[int, int], first: int, kk: int, way: int, settle: Settle | None) -> None:
    """Keep ``way`` where it is the least so far of its key (``settle``d where given)."""
    if settle is not None:
        kk = settle(first, kk)
    cur = out.get(kk)
    if cur is None or way < cur:
        out[kk] = way


@lru_cache(maxsize=256)
def key_bits(first: int, key: SetKey) -> tuple[int, ...]:
    """A group's ``key`` of every set and pair it may hold, looked up by the walk instead of called."""
    return tuple([key(first, c) for c in range(PAIR_BITS)] + [key(first, -1 - r) for r in range(9)])


@lru_cache(maxsize=64)
def _walks(counts: tuple[int, ...], rooms: tuple[int, ...], first: int, key: SetKey,
           kmax: int) -> dict[int, dict[int, int]]:
    """``_walk``'s states of one group, kept while its hand (and a few more) is worked on: dicts of
    ints, which the garbage collector does not track."""
    return {}


def _walk(counts: tuple[int, ...], rooms: tuple[int, ...], after_r: tuple[int, ...], runs: bool, r: int, a: int,
          b: int, k: int, pair: int, bits: tuple[int, ...], memo: dict[int, dict[int, int]]) -> dict[int, int]:
    """From rank ``r`` (``_fit``'s state, ``pair`` 1 while the pair is still to place): each key the
    rest can show, and the least rest showing it, as one int — its codes (by rank) five bits each,
    first most significant, then its pair's rank + 1. Every rest of one state holds the same
    number of sets (what is left of the tiles, by three), so the ints compare as the ways do."""
    if r == len(counts):
        return _END if a == 0 and b == 0 and k == 0 and pair == 0 else _NO_WAY
    at = (((r * 6 + a) * 6 + b) * 16 + k) * 2 + pair
    got = memo.get(at)
    if got is not None:
        return got
    c = counts[r]
    top = c + min(k, rooms[r])
    most = _most_chows(counts, rooms, r, b, k) if runs and r <= 6 else 0
    after = after_r[r + 1]
    out: dict[int, int] = {}
    pung = bits[2 * r]
    chow = bits[2 * r + 1] if most > 0 else 0
    pair_bits = bits[PAIR_BITS + r]
    for h in range(pair + 1):
        base = a + b + 2 * h
        m = 0
        here = 0  # the codes begun here, packed as the ways are
        while base <= top:
            lo = c - base if c > base else 0
            for s in range(lo, min(top - base, most) + 1):
                rest = k - (base + s - c)
                left = pair - h
                sets_above = after + rest - b - 2 * s - 2 * left  # tiles the sets above hold
                if rest < 0 or sets_above < 0 or sets_above % 3 or s >= _DIM:
                    continue
                sub = _walk(counts, rooms, after_r, runs, r + 1, b, s, rest, left, bits, memo)
                if not sub:
                    continue
                these = (pung if m else 0) | (chow if s else 0) | (pair_bits if h else 0)
                packed = here
                for _ in range(s):
                    packed = packed << 5 | (2 * r + 1)
                shift = 5 * (sets_above // 3)  # the rest's sets, five bits each
                for sk, w in sub.items():
                    way = ((packed << shift | w >> 5) << 5) | (r + 1 if h else w & 31)
                    kk = these | sk
                    cur = out.get(kk)
                    if cur is None or way < cur:
                        out[kk] = way
            base += 3
            m += 1
            here = here << 5 | 2 * r
    memo[at] = out
    return out


_END: Final[dict[int, int]] = {0: 0}  # past the last rank, every set placed: no code, no pair (-1 + 1)
_NO_WAY: Final[dict[int, int]] = {}


def keyed_divisions(counts: Counts, jokers: int, need: int, wild: Wild, key: SetKey,
                    pair: bool = True, settle: Settle | None = None) -> list[tuple[int, Key]]:
    """For each key some logical division of ``counts`` and ``jokers`` into ``need`` sets and a
    pair has (the OR of its groups' ``key``, each group's ``settle``d where given), that key and
    its least division, ordered by division as ``logical_divisions`` orders them."""
    if jokers < 0 or _tiles(counts) + jokers != 3 * need + (2 if pair else 0):
        return []
    if jokers == 0 and pair and _plain(counts, wild):
        return _plain_keyed(counts, need, key, settle)
    gs = groups(counts, wild, jokers)
    if gs is None:
        return []
    fits = _fits_table(gs, jokers)
    above = [0] * (len(gs) + 1)  # the real tiles of groups g..
    for g in range(len(gs) - 1, -1, -1):
        above[g] = above[g + 1] + _tiles(gs[g][1])
    memo: dict[int, dict[int, int]] = {}
    got = _keyed(gs, fits, above, 0, jokers, 1 if pair else 0, key, jokers, memo, settle)
    out: list[tuple[int, Key]] = []
    for kk, div in sorted(got.items(), key=_by_division):
        out.append((kk, unpacked(div, need)))
    return out


def _by_division(item: tuple[int, int]) -> int:
    return item[1]


def _keyed(gs: list[Group], fits: list[list[int]], above: list[int], g: int, k: int, pairs: int, key: SetKey,
           kmax: int, memo: dict[int, dict[int, int]], settle: Settle | None) -> dict[int, int]:
    """Groups ``g``.. with ``k`` jokers and ``pairs`` pairs (1 or 0) to make: each key they can
    show, and its least division of those groups, packed. ``above``: the real tiles of groups g.."""
    if g == len(gs):
        return _ONE if k == 0 and pairs == 0 else _NO_WAY
    at = (g * 16 + k) * 2 + pairs
    got = memo.get(at)
    if got is not None:
        return got
    first, counts, rooms = gs[g]
    out: dict[int, int] = {}
    for kg in range(k + 1):
        f = fits[g][kg]
        if not f:
            continue
        for h in range(pairs + 1):
            if not f >> h & 1:
                continue
            rest = _keyed(gs, fits, above, g + 1, k - kg, pairs - h, key, kmax, memo, settle)
            if not rest:
                continue
            mine = (_EMPTY if kg == 0 and not any(counts) else
                    group_keyed(counts, rooms, kg, h, first, key, kmax, settle))
            # the groups after this one hold this many sets; this group's codes go above theirs
            shift = _CODE * ((above[g + 1] + k - kg - 2 * (pairs - h)) // 3 + 1)
            for i in range(0, len(mine), 2):
                gk = mine[i]
                way = mine[i + 1]
                high = (way >> _CODE) << shift | (way & _MASK)  # its pair (if any) stays at the bottom
                for rk, more in rest.items():
                    div = high | more
                    kk = gk | rk
                    cur = out.get(kk)
                    if cur is None or div < cur:
                        out[kk] = div
    memo[at] = out
    return out


_ONE: Final[dict[int, int]] = {0: 0}  # past the last group, everything placed: no code, no pair
_EMPTY: Final[tuple[int, ...]] = (0, 0)  # a group holding nothing and borrowing no joker: one way, no set


def _plain_keyed(counts: Counts, need: int, key: SetKey, settle: Settle | None) -> list[tuple[int, Key]]:
    """``keyed_divisions`` of a hand without jokers: its few divisions, each keyed group by group."""
    out: list[tuple[int, Key]] = []
    seen: set[int] = set()
    for sets, p in regular_divisions(counts, need):
        codes = tuple([2 * t + (1 if kind is CHOW else 0) for t, kind in sets])
        kk = division_key(codes, p, key, settle)
        if kk not in seen:
            seen.add(kk)
            out.append((kk, (codes, p)))
    return out


def division_key(codes: tuple[int, ...], pair: int, key: SetKey, settle: Settle | None = None) -> int:
    """A whole division's key: the OR of its groups', each the OR of its sets' and its pair's (a
    group is a suit, or one honour), ``settle``d where given."""
    out = 0
    per = [0] * 10 if settle is not None else []  # by group: the three suits, then the honours
    for c in codes:
        t = c >> 1
        first = t - t % 9 if t < HONOR_START else t
        kk = key(first, c - 2 * first)
        if settle is None:
            out |= kk
        else:
            per[first // 9 if first < HONOR_START else first - HONOR_START + 3] |= kk
    if pair >= 0:
        first = pair - pair % 9 if pair < HONOR_START else pair
        kk = key(first, -1 - (pair - first))
        if settle is None:
            out |= kk
        else:
            per[first // 9 if first < HONOR_START else first - HONOR_START + 3] |= kk
    if settle is not None:
        for g in range(10):
            if per[g]:
                out |= settle(9 * g if g < 3 else HONOR_START + g - 3, per[g])
    return out
