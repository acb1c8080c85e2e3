"""The regular form (sets and a pair) with jokers: is it complete, and every way to read it.

A joker changes what "complete" means, not what a set is. The hand splits into ten groups that
no set crosses — the three suits and each honour — and a group's ways depend only on its own
counts, how many jokers it borrows and what those jokers may be there (``Wild``): so each group
is worked out once per (counts, rooms, jokers borrowed) and cached, and the groups are combined
with the joker total and at most one pair, as ``scorer.decompose`` combines its suit tables.

Within a group the search walks the ranks upward and decides at each rank how many pungs, chows
and pairs start there; what the rank then holds beyond the real tiles is jokers standing for it.
So every *logical* division (the sets as read, jokers resolved) comes out exactly once, pure-joker
sets and pairs included, and the copy cap is a bound on each rank. Which of a tile's copies were
the jokers is then placed by one rule (``Reading``): a reading is one logical division.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from ..decompose import Division, SetT, regular_divisions
from ..set_kind import CHOW, PUNG, SetKind
from ..tiles import HONOR_START, NUM_TILES
from .lookup import KEYED, suit_first, suit_least, suit_row, suit_ways, tabled
from .spec import NO_LIMIT, Counts, Wild

# A set as read with its jokers: (first tile, kind, joker positions). The positions are a 3-bit
# mask: for a chow bit i is the tile first+i; for a pung the real copies come first, so its jokers
# are the high bits (one joker 0b100, two 0b110, three 0b111).
WildSet = tuple[int, SetKind, int]
Way = tuple[tuple[int, ...], int]  # one group's way: set codes (2·rank + 1 for a chow) ascending, pair rank or -1
Group = tuple[int, tuple[int, ...], tuple[int, ...]]  # (first tile, counts, rooms)

PUNG_JOKERS: Final[tuple[int, ...]] = (0, 0b100, 0b110, 0b111)


# Its own ``__init__`` (``init=False``), as ``scorer.result``'s values have: compiled, a dataclass's
# generated one is interpreted Python, and every hand a joker book scores places one or more.
@dataclass(frozen=True, init=False)
class Reading:
    """One way to read a hand with jokers: its sets (in a ``Division``'s order) and pair, each
    saying which of its tiles were jokers. Where a tile's real copies could sit in more than one
    of its groups, they fill the sets in order and the pair last, so the jokers sit in the later
    groups (5555m and a joker as 5m read 555m and 5m+joker): the logical division is what varies
    between readings, never only where a joker sits."""

    sets: tuple[WildSet, ...]
    pair: int
    pair_jokers: int  # 0, 1 or 2 of the pair's two tiles

    def __init__(self, sets: tuple[WildSet, ...], pair: int, pair_jokers: int) -> None:
        object.__setattr__(self, "sets", sets)
        object.__setattr__(self, "pair", pair)
        object.__setattr__(self, "pair_jokers", pair_jokers)

    def division(self) -> Division:
        """The division as read (every joker resolved), as ``scorer.decompose`` writes one."""
        out: list[SetT] = []
        for t, kind, _ in self.sets:
            out.append((t, kind))
        return (tuple(out), self.pair)

    def stands_for(self) -> tuple[int, ...]:
        """The tiles the jokers stood for, ascending (one entry per joker)."""
        out: list[int] = []
        for t, kind, bits in self.sets:
            for i in range(3):
                if bits >> i & 1:
                    out.append(t + i if kind is CHOW else t)
        for _ in range(self.pair_jokers):
            out.append(self.pair)
        out.sort()
        return tuple(out)

    def jokers(self) -> int:
        """How many jokers the reading holds."""
        n = self.pair_jokers
        for _, _, bits in self.sets:
            n += (bits & 1) + (bits >> 1 & 1) + (bits >> 2 & 1)
        return n


KMAX: Final = 8  # the most jokers a hand holds (广东's 翻双鬼: two kinds of four)
_BITS: Final = KMAX + 1  # a group's answer per joker count: bits 0..KMAX sets alone, then sets and a pair
_DIM: Final = 6  # chows begun below a rank, 0..5 each (five sets of a 17-tile hand): the memo's stride


# --- one group ---------------------------------------------------------------------------------
def groups(counts: Counts, wild: Wild, jokers: int = KMAX) -> list[Group] | None:
    """The groups worth looking at: each suit, and each honour held or a joker may be; None if a
    tile is held past the cap (no reading exists). With fewer than two ``jokers`` to place, a
    group holding nothing is left out: one joker alone makes neither a set nor a pair (a wait's
    probe, which adds a tile, asks with the default)."""
    out: list[Group] = []
    empty_too = jokers >= 2
    cap = wild.cap
    may = wild.stands_for
    top = NO_LIMIT if cap is None else cap
    for s in range(3):
        base = 9 * s
        rooms: list[int] = []
        held = False
        for i in range(base, base + 9):  # ``Wild.room``, written out: every wait asks it
            c = counts[i]
            if c > top:
                return None
            rooms.append((top - c if cap is not None else NO_LIMIT) if may >> i & 1 else 0)
            if c:
                held = True
        if held or empty_too:
            out.append((base, counts[base:base + 9], tuple(rooms)))
    for i in range(HONOR_START, NUM_TILES):
        r = wild.room(i, counts[i])
        if r < 0:
            return None
        if counts[i] or (r and empty_too):
            out.append((i, (counts[i],), (r,)))
    return out



def group_fits(counts: tuple[int, ...], rooms: tuple[int, ...], k: int) -> int:
    """Whether one group (a suit's 9 counts, or one honour's) splits into sets with exactly ``k``
    jokers (bit 1), and into sets and a pair (bit 2). ``rooms``: per rank, how many jokers may
    stand for it (``Wild.room``)."""
    if k < 0 or k > KMAX:
        return 0
    m = group_row(counts, rooms, k)
    return (m >> k & 1) | (m >> (_BITS + k) & 1) << 1


@lru_cache(maxsize=1 << 14)
def group_row(counts: tuple[int, ...], rooms: tuple[int, ...], kmax: int) -> int:
    """``group_fits`` for every joker count up to ``kmax`` at once, as ``_masks`` packs them: an
    honour by its count, a suit from the engine's tables where they answer (``lookup``), else by
    the walk."""
    if len(counts) == 1:
        c = counts[0]
        room = rooms[0]
        row = 0
        for k in range(min(kmax, room) + 1):  # pungs of it, and the pair
            left = (c + k) % 3
            if left == 0:
                row |= 1 << k
            elif left == 2:
                row |= 1 << (_BITS + k)
        return row
    row = suit_row(counts, rooms, kmax)
    if row >= 0:
        return row
    return _masks(counts, rooms, len(counts) == 9, 0, 0, 0, _memo(counts, rooms, kmax))


def fits_of(row: int, k: int) -> int:
    """``group_fits``'s answer for ``k`` jokers out of a ``group_row``."""
    return (row >> k & 1) | (row >> (_BITS + k) & 1) << 1


@lru_cache(maxsize=1 << 13)
def _memo(counts: tuple[int, ...], rooms: tuple[int, ...], kmax: int) -> dict[int, int]:
    """One group's ``_masks`` answers so far, by rank and chows begun below, for up to ``kmax``
    jokers (kept at -1): shared by every joker count up to it. The walks that keep sets
    (``group_ways``, ``group_first``, ``group_probes``) use the memo of their own count: a small
    count walks few states. A dict of ints, which the garbage collector never tracks: thousands of
    these stay cached, and lists would be traversed at every full collection."""
    return {-1: kmax}


@lru_cache(maxsize=1 << 12)
def _after(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Per rank, the real tiles at it and above."""
    out = [0] * (len(counts) + 1)
    for r in range(len(counts) - 1, -1, -1):
        out[r] = out[r + 1] + counts[r]
    return tuple(out)


def _fit(counts: tuple[int, ...], rooms: tuple[int, ...], runs: bool, r: int, a: int, b: int, k: int,
         memo: dict[int, int]) -> int:
    """From rank ``r`` on, with ``a`` chows begun two ranks below (they need ``r``) and ``b`` begun
    one below (they need ``r`` and ``r + 1``) and ``k`` jokers to place: bit 1 if the rest splits
    into sets, bit 2 if into sets and one pair."""
    if k < 0 or k > memo[-1] or a >= _DIM or b >= _DIM:  # six chows pending: more tiles than any hand holds
        return 0
    m = _masks(counts, rooms, runs, r, a, b, memo)
    return (m >> k & 1) | (m >> (_BITS + k) & 1) << 1


def _masks(counts: tuple[int, ...], rooms: tuple[int, ...], runs: bool, r: int, a: int, b: int,
           memo: dict[int, int]) -> int:
    """``_fit`` for every joker count at once: from rank ``r`` on, bit k (k <= the memo's ``kmax``)
    if the rest splits into sets with exactly k jokers, bit ``_BITS`` + k if into sets and one
    pair. One walk answers every count: a rank's jokers shift the answers of the ranks above it."""
    idx = (r * _DIM + a) * _DIM + b
    got = memo.get(idx)
    if got is not None:
        return got
    n = len(counts)
    if r == n:
        out = 1 if a == 0 and b == 0 else 0
        memo[idx] = out
        return out
    kmax = memo[-1]
    c = counts[r]
    room = rooms[r]
    top = c + (kmax if kmax < room else room)  # the most this rank can hold as read
    most = 0
    if runs and r <= n - 3:  # chows may begin here: the next two ranks must hold them
        r1 = rooms[r + 1]
        r2 = rooms[r + 2]
        n1 = counts[r + 1] + (kmax if kmax < r1 else r1) - b
        n2 = counts[r + 2] + (kmax if kmax < r2 else r2)
        most = n1 if n1 < n2 else n2
        if most > _DIM - 1 - b:
            most = _DIM - 1 - b
    sets = 0
    pair = 0
    for h in range(2):
        base = a + b + 2 * h
        while base <= top:  # one more pung each turn
            lo = c - base if c > base else 0
            hi = top - base if top - base < most else most
            s = lo
            at = ((r + 1) * _DIM + b) * _DIM + s
            while s <= hi:  # chows begun here
                known = memo.get(at)
                sub = known if known is not None else _masks(counts, rooms, runs, r + 1, b, s, memo)
                if sub:
                    j = base + s - c
                    if h:
                        pair |= sub << j
                    else:
                        sets |= sub << j
                        pair |= (sub >> _BITS) << j
                s += 1
                at += 1
            base += 3
    low = (1 << (kmax + 1)) - 1
    out = (sets & low) | (pair & low) << _BITS
    memo[idx] = out
    return out


@lru_cache(maxsize=1 << 14)
def group_probes(counts: tuple[int, ...], rooms: tuple[int, ...], after: tuple[int, ...], k: int) -> tuple[int, int]:
    """For each rank at once, whether one more real tile of it lets the group split with exactly
    ``k`` jokers: (a mask of the ranks that leave it sets, a mask of those that leave it sets and a
    pair). ``after``: per rank, the jokers' room once that tile is added (``Wild.room``; -1 where
    the tile itself would pass the cap). One walk answers the nine questions a wait asks."""
    memo: dict[tuple[int, int, int, int], tuple[int, int]] = {}
    return _probe(counts, rooms, after, len(counts) == 9, 0, 0, 0, k, memo, _memo(counts, rooms, k))


def _probe(counts: tuple[int, ...], rooms: tuple[int, ...], after: tuple[int, ...], runs: bool, r: int, a: int,
           b: int, k: int, memo: dict[tuple[int, int, int, int], tuple[int, int]],
           fit_memo: dict[int, int]) -> tuple[int, int]:
    """``_fit``'s walk with one more real tile still to place at rank ``r`` or above: the ranks it
    may go to, by whether the group then ends without a pair or with one."""
    if r == len(counts):
        return (0, 0)
    key = (r, a, b, k)
    got = memo.get(key)
    if got is not None:
        return got
    no_pair = 0
    pair = 0
    chows = runs and r <= 6
    # the extra tile at this rank: then the rest is a plain walk
    if after[r] >= 0:
        c = counts[r] + 1
        top = c + min(k, after[r])
        most = _most_chows(counts, rooms, r, b, k) if chows else 0
        for h in range(2):
            base = a + b + 2 * h
            while base <= top:
                lo = c - base if c > base else 0
                for s in range(lo, min(top - base, most) + 1):
                    sub = _fit(counts, rooms, runs, r + 1, b, s, k - (base + s - c), fit_memo)
                    if h:
                        if sub & 1:
                            pair |= 1 << r
                    else:
                        if sub & 1:
                            no_pair |= 1 << r
                        if sub & 2:
                            pair |= 1 << r
                base += 3
    # or above it: this rank as it is (the tile may yet add one to a chow's next two ranks)
    c = counts[r]
    top = c + min(k, rooms[r])
    most = _most_chows(counts, rooms, r, b, k) + 1 if chows else 0
    for h in range(2):
        base = a + b + 2 * h
        while base <= top:
            lo = c - base if c > base else 0
            for s in range(lo, min(top - base, most) + 1):
                m0, m1 = _probe(counts, rooms, after, runs, r + 1, b, s, k - (base + s - c), memo, fit_memo)
                if h:
                    pair |= m0
                else:
                    no_pair |= m0
                    pair |= m1
            base += 3
    memo[key] = (no_pair, pair)
    return no_pair, pair


def _most_chows(counts: tuple[int, ...], rooms: tuple[int, ...], r: int, b: int, k: int) -> int:
    """The most chows that can begin at rank ``r``: the next two ranks must hold them (and the
    ``b`` begun below need the next one too)."""
    n1 = counts[r + 1] + min(k, rooms[r + 1]) - b
    n2 = counts[r + 2] + min(k, rooms[r + 2])
    return n1 if n1 < n2 else n2


@lru_cache(maxsize=1 << 13)
def group_ways(counts: tuple[int, ...], rooms: tuple[int, ...], k: int) -> tuple[Way, ...]:
    """Every way one group splits into sets and at most one pair with exactly ``k`` jokers, each
    logical division once: (set codes ascending, pair rank or -1)."""
    runs = len(counts) == 9
    if runs:
        looked = suit_ways(counts, rooms, k)
        if looked is not None:
            return looked
    out: list[Way] = []
    _collect(counts, rooms, runs, 0, 0, 0, k, -1, [], out, _memo(counts, rooms, k))
    out.sort()
    return tuple(out)


def _collect(counts: tuple[int, ...], rooms: tuple[int, ...], runs: bool, r: int, a: int, b: int, k: int,
             pair: int, codes: list[int], out: list[Way], memo: dict[int, int]) -> None:
    """``_fit``'s walk, keeping the sets: only into branches ``_fit`` says can finish."""
    if r == len(counts):
        out.append((tuple(codes), pair))  # made rank by rank, pungs before chows: ascending
        return
    c = counts[r]
    top = c + min(k, rooms[r])
    chows = runs and r <= 6
    most = _most_chows(counts, rooms, r, b, k) if chows else 0
    # a pair here only where what is left past the chows begun makes sets and a pair
    for h in range(2 if pair < 0 and (_after(counts)[r] + k - a - 2 * b) % 3 == 2 else 1):
        base = a + b + 2 * h
        m = 0
        while base <= top:
            lo = c - base if c > base else 0
            for s in range(lo, min(top - base, most) + 1):
                rest = k - (base + s - c)
                sub = _fit(counts, rooms, runs, r + 1, b, s, rest, memo)
                if sub & (1 if h or pair >= 0 else 3):
                    more = [2 * r] * m + [2 * r + 1] * s
                    _collect(counts, rooms, runs, r + 1, b, s, rest, r if h else pair, codes + more, out, memo)
            base += 3
            m += 1


# --- the whole hand ----------------------------------------------------------------------------
def _tiles(counts: Counts) -> int:
    n = 0
    for c in counts:
        n += c
    return n


def _fits_table(gs: list[Group], jokers: int) -> list[list[int]]:
    """Per group, ``group_fits`` for each number of jokers it might borrow."""
    if jokers > KMAX:
        raise ValueError(f"at most {KMAX} jokers in a hand, not {jokers}")
    out: list[list[int]] = []
    for g in gs:
        counts = g[1]
        if len(counts) == 1:  # an honour: its pungs and pair by its count, worked out, not a cached call
            fits: list[int] = []
            room = g[2][0]
            for k in range(jokers + 1):
                left = (counts[0] + k) % 3
                fits.append(0 if k > room else 1 if left == 0 else 2 if left == 2 else 0)
            out.append(fits)
            continue
        row = group_row(counts, g[2], jokers)
        out.append([(row >> k & 1) | (row >> (_BITS + k) & 1) << 1 for k in range(jokers + 1)])
    return out


def suffixes(fits: list[list[int]], jokers: int) -> list[list[int]]:
    """Per group g, what groups g.. can do with exactly k jokers (bit 1 no pair, bit 2 one pair),
    from ``_fits_table``'s answers: the searches that take the groups in order ask it of the rest."""
    out: list[list[int]] = [[0] * (jokers + 1) for _ in range(len(fits) + 1)]
    out[len(fits)][0] = 1
    for g in range(len(fits) - 1, -1, -1):
        out[g] = _combine(out[g + 1], fits[g])
    return out


def _combine(state: list[int], fits: list[int]) -> list[int]:
    """Joker totals so far (bit 1: no pair yet, bit 2: one pair) and one more group's fits."""
    j = len(state) - 1
    new = [0] * (j + 1)
    for used in range(j + 1):
        st = state[used]
        if not st:
            continue
        for k in range(j - used + 1):
            f = fits[k]
            if not f:
                continue
            if st & 1:
                new[used + k] |= f
            if st & 2:
                new[used + k] |= (f & 1) << 1
    return new


def _plain(counts: Counts, wild: Wild) -> bool:
    """Whether the engine's own tables answer for this hand without jokers: no tile past four (nor
    past the cap)."""
    top = 4 if wild.cap is None else min(4, wild.cap)
    for c in counts:
        if c > top:
            return False
    return True


def is_complete(counts: Counts, jokers: int, need: int, wild: Wild, pair: bool = True) -> bool:
    """Whether ``counts`` and ``jokers`` make ``need`` sets and a pair (``pair`` false: ``need``
    sets and nothing else, as 杭州's 爆头 asks of the hand less one joker)."""
    if jokers < 0 or _tiles(counts) + jokers != 3 * need + (2 if pair else 0):
        return False
    if jokers == 0 and pair and _plain(counts, wild):
        return bool(regular_divisions(counts, need))
    gs = groups(counts, wild, jokers)
    if gs is None:
        return False
    state = [1] + [0] * jokers
    for fits in _fits_table(gs, jokers):
        state = _combine(state, fits)
    return bool(state[jokers] & (2 if pair else 1))


def readings(counts: Counts, jokers: int, need: int, wild: Wild, pair: bool = True) -> tuple[Reading, ...]:
    """Every logical division of ``counts`` and ``jokers`` into ``need`` sets and a pair (none
    with ``pair`` false), each once, ordered as ``regular_divisions`` orders its divisions."""
    if jokers == 0 and pair and _plain(counts, wild):
        if _tiles(counts) != 3 * need + 2:
            return ()
        return tuple([Reading(tuple([(t, k, 0) for t, k in sets]), p, 0)
                      for sets, p in regular_divisions(counts, need)])
    return tuple([place(counts, codes, p) for codes, p in logical_divisions(counts, jokers, need, wild, pair)])


def logical_divisions(counts: Counts, jokers: int, need: int, wild: Wild,
                      pair: bool = True) -> list[tuple[tuple[int, ...], int]]:
    """``readings`` before the jokers are placed, in the same order: each division as its set codes
    ascending (2·tile for a pung, 2·tile + 1 for a chow starting there) and its pair (-1: none). A
    book that tells most readings apart by their sets alone (红中's fans) places only those it keeps
    (``place``)."""
    if jokers < 0 or _tiles(counts) + jokers != 3 * need + (2 if pair else 0):
        return []
    if jokers == 0 and pair and _plain(counts, wild):
        return [(tuple([2 * t + (1 if k is CHOW else 0) for t, k in sets]), p)
                for sets, p in regular_divisions(counts, need)]
    gs = groups(counts, wild, jokers)
    if gs is None:
        return []
    fits = _fits_table(gs, jokers)
    suffix = suffixes(fits, jokers)
    if not suffix[0][jokers] & (2 if pair else 1):
        return []
    shares: set[tuple[int, ...]] = set()
    _shares(fits, suffix, 0, jokers, 1 if pair else 0, [], shares)
    found: list[tuple[tuple[int, ...], int]] = []
    for share in sorted(shares):
        _product(gs, share, 1 if pair else 0, found)
    found.sort()
    return found


def _shares(fits: list[list[int]], suffix: list[list[int]], g: int, k: int, pairs: int, got: list[int],
            out: set[tuple[int, ...]]) -> None:
    """Each way to share the jokers among the groups (a count a group) that can end complete:
    ``pairs`` is the pairs still to make, 1 or 0 (a share is found once for each group that may
    hold the pair; the set keeps it once)."""
    if g == len(fits):
        out.add(tuple(got))
        return
    for kg in range(k + 1):
        f = fits[g][kg]
        if not f:
            continue
        rest = suffix[g + 1][k - kg]
        if f & 1 and rest >> pairs & 1:  # this group holds no pair
            _shares(fits, suffix, g + 1, k - kg, pairs, [*got, kg], out)
        if pairs and f & 2 and rest & 1:  # this group holds the pair
            _shares(fits, suffix, g + 1, k - kg, 0, [*got, kg], out)


def _product(gs: list[Group], share: tuple[int, ...], pairs: int, found: list[tuple[tuple[int, ...], int]]) -> None:
    """The readings of one share of the jokers: each group's ways, one from each, with the pairs
    right. Groups holding nothing that borrow nothing are passed over."""
    partial: list[tuple[tuple[int, ...], int]] = [((), -1)]
    for g in range(len(gs)):
        first, counts, rooms = gs[g]
        kg = share[g]
        if kg == 0 and counts == _EMPTY[len(counts)]:
            continue
        ways = group_ways(counts, rooms, kg)
        off = 2 * first
        moved = [(tuple([off + c for c in codes]), first + p if p >= 0 else -1) for codes, p in ways]
        partial = [(codes + more, p if p >= 0 else pair)
                   for codes, pair in partial for more, p in moved if p < 0 or pair < 0]
    for codes, pair in partial:
        if (pair >= 0) == (pairs == 1):
            found.append((codes, pair))  # a group's codes all come before the next one's: ascending


_EMPTY: Final[tuple[tuple[int, ...], ...]] = ((), (0,), (0,) * 2, (0,) * 3, (0,) * 4, (0,) * 5, (0,) * 6,
                                              (0,) * 7, (0,) * 8, (0,) * 9)


def place(counts: Counts, codes: tuple[int, ...], pair: int) -> Reading:
    """A logical division with its jokers placed: each tile's real copies fill its sets in order,
    then the pair; the positions left are jokers."""
    left = list(counts)
    sets: list[WildSet] = []
    for code in codes:
        t = code >> 1
        if code & 1:
            bits = 0
            for i in range(3):
                if left[t + i]:
                    left[t + i] = left[t + i] - 1
                else:
                    bits |= 1 << i
            sets.append((t, CHOW, bits))
        else:
            real = min(3, left[t])
            left[t] = left[t] - real
            sets.append((t, PUNG, PUNG_JOKERS[3 - real]))
    pair_jokers = 0
    if pair >= 0:
        real = min(2, left[pair])
        left[pair] = left[pair] - real
        pair_jokers = 2 - real
    return Reading(tuple(sets), pair, pair_jokers)


# --- the first reading alone -------------------------------------------------------------------
Key = tuple[tuple[int, ...], int]  # a division as ``logical_divisions`` sorts it: (set codes, pair)


def first_division(counts: Counts, jokers: int, need: int, wild: Wild, pair: bool = True) -> Key | None:
    """``logical_divisions(...)[0]`` (None where there is none) without making the others: a book
    that keeps one reading of the form (广东's common table) pays for that one. The codes of a
    group all come before the next group's, so the least division takes, group by group, the
    least way of the joker share and pair place that leave the rest completable (``_least``)."""
    if jokers < 0 or _tiles(counts) + jokers != 3 * need + (2 if pair else 0):
        return None
    if jokers == 0 and pair and _plain(counts, wild):
        found = logical_divisions(counts, 0, need, wild, True)
        return found[0] if found else None
    gs = groups(counts, wild, jokers)
    if gs is None:
        return None
    fits = _fits_table(gs, jokers)
    above = [0] * (len(gs) + 1)  # the real tiles of groups g..
    for g in range(len(gs) - 1, -1, -1):
        above[g] = above[g + 1] + _tiles(gs[g][1])
    memo: dict[int, int] = {}
    if jokers >= _GREEDY:
        div = _least_first(gs, fits, suffixes(fits, jokers), above, 0, jokers, 1 if pair else 0, jokers, need, memo)
    else:
        div = _least(gs, fits, above, 0, jokers, 1 if pair else 0, jokers, memo)
    if div < 0:
        return None
    return unpacked(div, need)


# From this many jokers the least division is searched group's way first (``_least_first``): the
# shares of many jokers are many, most of them beaten by a group's codes alone. With fewer, the
# search of every share (``_least``) costs less than working out which can win.
_GREEDY: Final = 4


def _least_first(gs: list[Group], fits: list[list[int]], suffix: list[list[int]], above: list[int], g: int,
                 k: int, pairs: int, kmax: int, need: int, memo: dict[int, int]) -> int:
    """``_least``, the group's way first: a group's codes come before every later group's, so of
    the shares (joker count, pair) the rest can complete (``suffix``), only those whose way has
    the least codes — compared as if each way's codes went on with codes above every real one —
    can make the least division; only they are followed, and the least whole of them kept. Ways
    are compared padded to ``need`` codes, the hand's sets: no group holds more."""
    if g == len(gs):
        return 0 if k == 0 and pairs == 0 else -1
    at = (g * 16 + k) * 2 + pairs
    got = memo.get(at)
    if got is not None:
        return got
    first, counts, rooms = gs[g]
    real = above[g] - above[g + 1]
    ways: list[int] = []  # share, pair, way: of the least codes so far
    least = -1
    for kg in range(k + 1):
        f = fits[g][kg]
        if not f:
            continue
        left = suffix[g + 1][k - kg]
        for h in range(pairs + 1):
            if not f >> h & 1 or not left >> (pairs - h) & 1:
                continue
            way = (_honour_packed(first, counts[0], kg, h) if len(counts) == 1
                   else group_least(counts, rooms, kg, h, kmax, first))
            if way < 0:
                continue
            pad = need - (real + kg - 2 * h) // 3
            codes = ((way >> _CODE) + 1 << _CODE * pad) - 1  # its codes, then the highest code for each missing
            if least < 0 or codes < least:
                least = codes
                ways.clear()
            if codes == least:
                ways.append(kg)
                ways.append(h)
                ways.append(way)
    best = -1
    for i in range(0, len(ways), 3):
        kg = ways[i]
        h = ways[i + 1]
        way = ways[i + 2]
        rest = _least_first(gs, fits, suffix, above, g + 1, k - kg, pairs - h, kmax, need, memo)
        if rest < 0:
            continue
        div = _joined(way, rest, (above[g + 1] + k - kg - 2 * (pairs - h)) // 3)
        if best < 0 or div < best:
            best = div
    memo[at] = best
    return best


# A division packed in one int, as the searches carry it (``_least``, and ``scorer.wild.keyed``):
# its set codes (2·tile, + 1 for a chow) seven bits each, first most significant, then its pair's
# tile + 1 (0 while none). The divisions of one search state all hold as many sets, so the ints
# compare as the divisions do, and joining a group's way to the rest's is a shift; an int is one
# object where a tuple of tuples is several the garbage collector counts.
_CODE: Final = 7
_MASK: Final = (1 << _CODE) - 1


def _least(gs: list[Group], fits: list[list[int]], above: list[int], g: int, k: int, pairs: int, kmax: int,
           memo: dict[int, int]) -> int:
    """The least division of groups ``g``.. with ``k`` jokers and ``pairs`` pairs (1 or 0), packed
    (-1: none). For one share and pair place each group's count of sets is fixed, so its least way
    then the least rest is the least whole; over the shares the ints compare as they are.
    ``above``: the real tiles of groups g.."""
    if g == len(gs):
        return 0 if k == 0 and pairs == 0 else -1
    at = (g * 16 + k) * 2 + pairs
    got = memo.get(at)
    if got is not None:
        return got
    first, counts, rooms = gs[g]
    best = -1
    for kg in range(k + 1):
        f = fits[g][kg]
        if not f:
            continue
        for h in range(pairs + 1):
            if not f >> h & 1:
                continue
            rest = _least(gs, fits, above, g + 1, k - kg, pairs - h, kmax, memo)
            if rest < 0:
                continue
            way = (_honour_packed(first, counts[0], kg, h) if len(counts) == 1
                   else group_least(counts, rooms, kg, h, kmax, first))
            if way < 0:
                continue
            div = _joined(way, rest, (above[g + 1] + k - kg - 2 * (pairs - h)) // 3)
            if best < 0 or div < best:
                best = div
    memo[at] = best
    return best


def _joined(way: int, rest: int, sets_after: int) -> int:
    """A group's packed way joined to the rest's division of ``sets_after`` sets (the groups after
    it): the group's codes above theirs, its pair (if any) at the bottom, where theirs is 0."""
    return (way >> _CODE) << _CODE * (sets_after + 1) | (way & _MASK) | rest


def unpacked(div: int, need: int) -> Key:
    """A division of ``need`` sets packed as ``_least`` packs one, as (set codes, pair)."""
    return tuple([div >> _CODE * (need - i) & _MASK for i in range(need)]), (div & _MASK) - 1


def moved(way: int, n: int, first: int) -> int:
    """A group's way of ``n`` sets packed as the tables pack it (its codes by rank, five bits each,
    then its pair's rank + 1), moved to the group's tiles and packed as ``_least`` packs a division
    (seven bits a code, the pair's tile + 1)."""
    off = 2 * first
    out = 0
    for i in range(n):  # its codes, first most significant
        out = out << _CODE | (off + (way >> 5 * (n - i) & 31))
    p = (way & 31) - 1
    return out << _CODE | (first + p + 1 if p >= 0 else 0)


def _honour_packed(first: int, count: int, k: int, pair: int) -> int:
    """``honour_way`` packed as ``_least`` packs a division (-1: none)."""
    n = count + k - 2 * pair
    if n < 0 or n % 3:
        return -1
    out = 0
    for _ in range(n // 3):
        out = out << _CODE | 2 * first
    return out << _CODE | (first + 1 if pair else 0)


@lru_cache(maxsize=1 << 13)
def group_least(counts: tuple[int, ...], rooms: tuple[int, ...], k: int, pair: int, kmax: int, first: int) -> int:
    """``group_first`` packed as ``_least`` packs a division, its codes moved to the group's tiles
    (-1: none); a suit the tables answer is read packed (``suit_least``), no tuple made."""
    if len(counts) == 9 and tabled(counts, rooms, k, KEYED):
        w = suit_least(counts, rooms, k, pair)
        return moved(w, (_tiles(counts) + k - 2 * pair) // 3, first) if w >= 0 else -1
    off = 2 * first
    way = group_first(counts, rooms, k, pair, kmax)
    if way is None:
        return -1
    out = 0
    for c in way[0]:
        out = out << _CODE | (off + c)
    return out << _CODE | (first + way[1] + 1 if way[1] >= 0 else 0)


def honour_way(count: int, k: int, pair: int) -> Key | None:
    """An honour's one way with ``k`` jokers standing for it: its pungs, and the pair if asked
    (``group_first``'s answer for a group of one tile, worked out rather than looked up; whether
    the jokers may stand for it that often is the fit answers' question, asked before)."""
    n = count + k - 2 * pair
    if n < 0 or n % 3:
        return None
    return (0,) * (n // 3), (0 if pair else -1)


@lru_cache(maxsize=1 << 13)
def group_first(counts: tuple[int, ...], rooms: tuple[int, ...], k: int, pair: int, kmax: int = -1) -> Key | None:
    """``group_ways``'s least way with ``k`` jokers holding the pair (``pair`` 1) or not (0).
    ``kmax``: the hand's jokers, whose fit answers of the group are shared (-1: ``k``)."""
    if len(counts) == 9 and tabled(counts, rooms, k, KEYED):
        return suit_first(counts, rooms, k, pair)
    return _first(counts, rooms, len(counts) == 9, 0, 0, 0, k, pair, _memo(counts, rooms, k if kmax < k else kmax))


def _first(counts: tuple[int, ...], rooms: tuple[int, ...], runs: bool, r: int, a: int, b: int, k: int,
           pair: int, memo: dict[int, int]) -> Key | None:
    """``_collect``'s walk for the least way only: at each rank the most pungs, then the most
    chows, that ``_fit`` says can finish (their codes come first); where holding the pair here or
    later both can, each is followed and the lesser kept."""
    if r == len(counts):
        return ((), -1) if a == 0 and b == 0 and k == 0 and pair == 0 else None
    c = counts[r]
    top = c + min(k, rooms[r])
    chows = runs and r <= 6
    most = _most_chows(counts, rooms, r, b, k) if chows else 0
    best_ms = (-1, -1)
    cands: list[tuple[int, int, int, int]] = []  # (h, pungs, chows, jokers left)
    for h in range(pair + 1):
        base = a + b + 2 * h
        m = 0
        while base <= top:
            lo = c - base if c > base else 0
            for s in range(lo, min(top - base, most) + 1):
                rest = k - (base + s - c)
                sub = _fit(counts, rooms, runs, r + 1, b, s, rest, memo)
                if sub >> (pair - h) & 1 and (m, s) >= best_ms:
                    if (m, s) > best_ms:
                        best_ms = (m, s)
                        cands = []
                    cands.append((h, m, s, rest))
            base += 3
            m += 1
    best: Key | None = None
    for h, m, s, rest in cands:
        sub_way = _first(counts, rooms, runs, r + 1, b, s, rest, pair - h, memo)
        if sub_way is None:
            continue
        got = (tuple([2 * r] * m + [2 * r + 1] * s) + sub_way[0], r if h else sub_way[1])
        if best is None or got < best:
            best = got
    return best
