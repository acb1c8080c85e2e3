"""A suit with few jokers, from the engine's own per-suit tables (``scorer.decompose``).

A suit's counts with ``k`` jokers placed on its ranks is a shape the no-joker tables hold, so a
suit borrowing one or two jokers is answered by looking up each placement (9, then 45 of them):
whether it splits into sets, into sets and a pair, and every way it splits; its least way
(``suit_first``) and a book's least way of each key (``suit_keyed``) with three and four jokers
too (165 and 495 placements). That is most groups of most hands, and a table lookup costs less
than the walk (``scorer.wild.regular``, ``scorer.wild.keyed``) it replaces. The tables hold at
most five of a tile for whether a shape splits and four for its ways, so a suit is looked up only
where no placement passes that (杭州's 财神 may be a fifth copy: a suit holding four of a tile
walks).

Past two jokers, a suit's fit answers still come from the tables: three more jokers always fit
as one more pung where a rank *open to them* (jokers may stand for it up to four copies or more:
every rank of 红中's 中 and 杭州's 财神, many of 广东's narrowed ghosts) holds at most one tile as
read, so a count three more than one that splits splits too; a reading of ``T`` tiles has at most
``T / 2`` ranks holding two or more, so more open ranks than that leave one holding at most one.
Where that argument does not answer, three and four jokers are looked up placement by placement
(165 and 495 at most, the first that splits ends it); past four, the suit walks.
"""

from __future__ import annotations

import marshal
import os
from typing import Any, Final

from mypy_extensions import i64

from ..decompose import SETS_ONLY, SUIT_DIVISIONS, WITH_PAIR

Way = tuple[tuple[int, ...], int]
SMALL: Final = 2  # the most jokers a suit's fit answers and ways are looked up with, placement by placement
# the most jokers a suit's least way and keyed ways are looked up with (``suit_first``, ``suit_keyed``: 495
# placements at most)
KEYED: Final = 4
# A book's key bits of one suit (``scorer.wild.keyed.key_bits``): a set's at its code (0-17), the
# pair's at PAIR_BITS + its rank.
PAIR_BITS: Final = 18
_BITS: Final = 9  # as ``scorer.wild.regular`` packs a group's answers: bit k sets, bit 9 + k sets and a pair


def divided(counts: tuple[int, ...], rooms: tuple[int, ...], k: int) -> list[int]:
    """The table keys of the placements of ``k`` (at most four) jokers on the suit's ranks,
    within their rooms and four copies, that split (``SUIT_DIVISIONS`` holds them): a suit's ways
    are theirs."""
    return _placed(counts, rooms, k, 4, _DIVIDED, False)


_SPAN: Final = 6**9  # every suit key is below it: nine ranks, base 6


def _bitmap(table: dict[int, Any]) -> bytes:
    """A table's keys as bits (key ``n``: bit ``n & 7`` of byte ``n >> 3``; 1.26 MB, up to
    ``_SPAN``). Asking it is one byte read, where asking the dict makes an int object of the key
    and hashes it: ``_placed`` asks for every placement it tries."""
    out = bytearray((_SPAN >> 3) + 1)
    for n in table:
        out[n >> 3] |= 1 << (n & 7)
    return bytes(out)


_SETS_ONLY: Final = _bitmap(SETS_ONLY)
_WITH_PAIR: Final = _bitmap(WITH_PAIR)
_DIVIDED: Final = _bitmap(SUIT_DIVISIONS)


def _placed(counts: tuple[int, ...], rooms: tuple[int, ...], k: int, limit: int, table: bytes,
            first: bool) -> list[int]:
    """The table keys of the placements of ``k`` (at most four) jokers on the suit's ranks,
    within their rooms and ``limit`` copies, that ``table`` (a ``_bitmap``) holds; with ``first``
    only the first (whether a suit splits: most rows are answered by the first few). Only those are
    listed: most placements split nothing, and a listed key is an int made into an object once more.

    The ranks' caps, keys and powers of six are native ``i64`` (compiled: machine arithmetic with
    no tagged-int checks, where a 495-placement suit tries every one): each rank's cap (its room,
    and ``limit`` copies with its tiles, at most four) three bits of one int."""
    base: i64 = 0
    caps: i64 = 0
    p: i64 = 1
    for r in range(9):
        c: i64 = counts[r]
        base += c * p
        p *= 6
        cap: i64 = rooms[r]
        left = limit - c
        if left < cap:
            cap = left
        if cap > 4:
            cap = 4
        if cap > 0:
            caps |= cap << 3 * r
    out: list[int] = []
    if k == 0:
        if table[base >> 3] >> (base & 7) & 1:
            out.append(base)
        return out
    # the jokers' ranks ascending, r <= q <= s <= u, each power of six (pr ...) carried along; a
    # rank's cap less the jokers already on it must take one more
    pr: i64 = 1
    r6: i64 = 0
    while r6 < 9:
        cr = caps >> 3 * r6 & 7
        if cr:
            one = base + pr
            if k == 1:
                if table[one >> 3] >> (one & 7) & 1:
                    out.append(one)
                    if first:
                        return out
            else:
                pq = pr
                q6 = r6
                while q6 < 9:
                    cq = (caps >> 3 * q6 & 7) - (1 if q6 == r6 else 0)
                    if cq > 0:
                        two = one + pq
                        if k == 2:
                            if table[two >> 3] >> (two & 7) & 1:
                                out.append(two)
                                if first:
                                    return out
                        else:
                            ps = pq
                            s6 = q6
                            while s6 < 9:
                                cs = (caps >> 3 * s6 & 7) - (1 if s6 == r6 else 0) - (1 if s6 == q6 else 0)
                                if cs > 0:
                                    three = two + ps
                                    if k == 3:
                                        if table[three >> 3] >> (three & 7) & 1:
                                            out.append(three)
                                            if first:
                                                return out
                                    else:
                                        pu = ps
                                        u6 = s6
                                        while u6 < 9:
                                            cu = ((caps >> 3 * u6 & 7) - (1 if u6 == r6 else 0)
                                                  - (1 if u6 == q6 else 0) - (1 if u6 == s6 else 0))
                                            if cu > 0:
                                                four = three + pu
                                                if table[four >> 3] >> (four & 7) & 1:
                                                    out.append(four)
                                                    if first:
                                                        return out
                                            u6 += 1
                                            pu *= 6
                                s6 += 1
                                ps *= 6
                    q6 += 1
                    pq *= 6
        r6 += 1
        pr *= 6
    return out


def within(counts: tuple[int, ...], rooms: tuple[int, ...], k: int, limit: int) -> bool:
    """Whether no placement of ``k`` jokers takes a rank past ``limit`` copies (what the tables
    hold: five of a tile for whether a suit splits, four for its ways)."""
    for r in range(9):
        room = rooms[r]
        if counts[r] + (k if k < room else room) > limit:
            return False
    return True


def open_ranks(counts: tuple[int, ...], rooms: tuple[int, ...]) -> int:
    """How many ranks may take jokers up to four copies or more (a cap of four or none)."""
    n = 0
    for r in range(9):
        if rooms[r] >= 4 - counts[r]:
            n += 1
    return n


def suit_row(counts: tuple[int, ...], rooms: tuple[int, ...], kmax: int) -> int:
    """``scorer.wild.regular.group_row`` of a suit from the tables; -1 where they cannot answer
    (a placement past five of a tile, a suit past one hand's tiles, or past ``KEYED`` jokers a
    count the pung argument above does not answer)."""
    small = kmax if kmax < SMALL else SMALL
    if not within(counts, rooms, small, 5):
        return -1
    tiles = 0
    for c in counts:
        tiles += c
    if tiles + small > 14:  # past one hand's tiles: the tables hold four sets and a pair
        return -1
    sets = 0
    pair = 0
    for k in range(small + 1):
        rest = (tiles + k) % 3  # sets alone hold a multiple of three tiles, sets and a pair two more
        if rest == 1:
            continue
        if _placed(counts, rooms, k, 5, _SETS_ONLY if rest == 0 else _WITH_PAIR, True):
            if rest == 0:
                sets |= 1 << k
            else:
                pair |= 1 << k
    if kmax > SMALL:
        opened = open_ranks(counts, rooms)
        for k in range(SMALL + 1, kmax + 1):  # three more jokers as a pung (see above)
            if tiles + k > 14:
                break
            rest = (tiles + k) % 3
            if rest == 1:
                continue
            # three more than a count that splits, where a reading of k - 3 jokers leaves an open rank
            if not (2 * opened > tiles + k - 3 and (sets if rest == 0 else pair) >> (k - 3) & 1):
                if k > KEYED or not within(counts, rooms, k, 5):
                    return -1  # past what is looked up
                if not _placed(counts, rooms, k, 5, _SETS_ONLY if rest == 0 else _WITH_PAIR, True):
                    continue  # looked up: k jokers do not split it
            if rest == 0:
                sets |= 1 << k
            else:
                pair |= 1 << k
    return sets | pair << _BITS


def suit_ways(counts: tuple[int, ...], rooms: tuple[int, ...], k: int) -> tuple[Way, ...] | None:
    """Every way the suit splits into sets and at most one pair with exactly ``k`` jokers, as
    ``scorer.wild.regular.group_ways`` gives them (ascending); None where the tables cannot answer."""
    if not tabled(counts, rooms, k):
        return None
    out: list[Way] = []
    for key in divided(counts, rooms, k):
        for codes, p in SUIT_DIVISIONS[key]:  # the tables keep a way's codes as made: sorted here
            out.append((tuple(sorted(codes)), p))
    out.sort()
    return tuple(out)


# Each table key's ways packed in one int, made by tools/make_wild_tables.py and shipped beside this
# module: a way's set codes ascending five bits each, first most significant, then its pair's rank
# + 1 (0: none). The shapes of one suit with one count of jokers all hold as many sets and a pair or
# none, so the ints compare as the ways do. ``_LEAST``: each shape's least way shifted left one bit,
# the bit set when it has more, which ``_MORE`` holds (ascending). Made in a process the first time
# a shape was asked, the packing was a tenth of a 广东 hand with three ghosts, and reading the ways'
# codes back from ``SUIT_DIVISIONS``' tuples a tenth of a 红中 hand with four: most shapes are new
# to a fresh process. Dicts of ints and tuples of ints, which the garbage collector never tracks.
LEAST_FILE = os.path.join(os.path.dirname(__file__), "least_ways.bin")
LEAST_FORMAT = 2  # bump (here and in tools/make_wild_tables.py) when the layout changes


def _load_ways() -> tuple[dict[int, int], dict[int, tuple[int, ...]]]:
    with open(LEAST_FILE, "rb") as f:
        loaded = marshal.loads(f.read())
    if loaded[0] != LEAST_FORMAT:
        raise RuntimeError(f"{os.path.basename(LEAST_FILE)} is format {loaded[0]}, this code reads {LEAST_FORMAT}: "
                           "run tools/make_wild_tables.py")
    least: dict[int, int] = loaded[1]
    more: dict[int, tuple[int, ...]] = loaded[2]
    return least, more


_WAYS: Final = _load_ways()
_LEAST: Final[dict[int, int]] = _WAYS[0]
_MORE: Final[dict[int, tuple[int, ...]]] = _WAYS[1]


def suit_first(counts: tuple[int, ...], rooms: tuple[int, ...], k: int, pair: int) -> Way | None:
    """``suit_ways``' least way holding the pair (``pair`` 1) or not (0), for a suit ``tabled``
    answers: ``suit_least`` unpacked."""
    best = suit_least(counts, rooms, k, pair)
    if best < 0:
        return None
    tiles = k
    for c in counts:
        tiles += c
    n = (tiles - 2 * pair) // 3
    return tuple([best >> 5 * (n - i) & 31 for i in range(n)]), (best & 31) - 1


def suit_least(counts: tuple[int, ...], rooms: tuple[int, ...], k: int, pair: int) -> int:
    """``suit_first`` packed as ``_LEAST`` packs a way (-1: none): the least of each placement's
    least way. A shape's ways all hold a pair or none (its tiles by three tell), so the other kind
    is none without a lookup."""
    tiles = k
    for c in counts:
        tiles += c
    if tiles % 3 != (2 if pair else 0):
        return -1
    best = -1
    for key in divided(counts, rooms, k):
        least = _LEAST[key] >> 1
        if best < 0 or least < best:
            best = least
    return best


def suit_keyed(counts: tuple[int, ...], rooms: tuple[int, ...], k: int, bits: tuple[int, ...]) -> list[int]:
    """For a suit ``tabled`` answers with up to ``KEYED`` jokers: each key its ways with ``k``
    jokers show (the OR of ``bits`` over a way's set codes, and ``bits[PAIR_BITS + rank]`` for its
    pair) and the least way showing it, packed as ``_LEAST`` packs a way: key, way, key, way, ...
    One pass over the placements' packed ways, keeping a key's least: no way is kept, sorted or
    cached beside it (``scorer.wild.keyed`` wants only these). A suit shows few keys, so they are
    found by a scan of a flat list, which costs less than a dict's hashing."""
    found: list[int] = []
    tiles = k
    for c in counts:
        tiles += c
    n: i64 = tiles // 3  # the sets of every way (a pair's two tiles leave the remainder)
    for key in divided(counts, rooms, k):
        least: i64 = _LEAST[key]
        _keep_way(found, least >> 1, n, bits)
        if least & 1:
            for way in _MORE[key]:
                _keep_way(found, way, n, bits)
    return found


def _keep_way(found: list[int], way: i64, n: i64, bits: tuple[int, ...]) -> None:
    """Keep a packed way where it is the least so far of its key."""
    p = (way & 31) - 1
    kk = bits[PAIR_BITS + p] if p >= 0 else 0
    shift: i64 = 5 * n
    while shift:
        kk |= bits[way >> shift & 31]
        shift -= 5
    i = 0
    size = len(found)
    while i < size:
        if found[i] == kk:
            if way < found[i + 1]:
                found[i + 1] = way
            return
        i += 2
    found.append(kk)
    found.append(way)


def tabled(counts: tuple[int, ...], rooms: tuple[int, ...], k: int, most: int = SMALL) -> bool:
    """Whether ``suit_ways`` answers: at most ``most`` jokers, no rank past four with them, one
    hand's tiles at most."""
    if k > most or not within(counts, rooms, k, 4):
        return False
    tiles = k
    for c in counts:
        tiles += c
    return tiles <= 14
