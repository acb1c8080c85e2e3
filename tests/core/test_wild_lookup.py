"""A suit with few jokers from the engine's tables (``scorer.wild.lookup``) against the walk it
stands in for (``scorer.wild.regular``): the same answers for every joker count, the same ways."""

from __future__ import annotations

import random

from scorer.rules.hongzhong.detect import set_key as hongzhong_key
from scorer.wild.keyed import key_bits
from scorer.wild.lookup import KEYED, PAIR_BITS, SMALL, open_ranks, suit_first, suit_keyed, suit_row, suit_ways, tabled
from scorer.wild.regular import _BITS, _collect, _first, _masks, _memo, group_first


def _walk_row(counts: tuple[int, ...], rooms: tuple[int, ...], kmax: int) -> int:
    return _masks(counts, rooms, True, 0, 0, 0, _memo(counts, rooms, kmax))


def _walk_ways(counts: tuple[int, ...], rooms: tuple[int, ...], k: int) -> list:
    out: list = []
    _collect(counts, rooms, True, 0, 0, 0, k, -1, [], out, _memo(counts, rooms, k))
    return sorted(out)


def _suits(n: int, seed: int):
    rng = random.Random(seed)
    for i in range(n):
        counts = [0] * 9
        for _ in range(rng.randint(0, 12)):
            counts[rng.randrange(9)] += 1
        if max(counts) > 4:
            continue
        c = tuple(counts)
        if i % 3 == 0:  # a book's narrowed jokers: some ranks none
            rooms = tuple(0 if rng.random() < 0.4 else 4 - x for x in c)
        elif i % 3 == 1:  # no copy cap (杭州)
            rooms = (1 << 20,) * 9
        else:
            rooms = tuple(4 - x for x in c)
        yield c, rooms


def test_a_suits_row_is_the_walks() -> None:
    answered = 0
    narrowed_past_small = 0  # some rank closed to jokers, more jokers than the tables place
    few_open = 0  # three or four jokers looked up where the pung argument does not answer
    for c, rooms in _suits(4000, 3):
        for kmax in range(9):
            if sum(c) + kmax > 14:
                continue
            row = suit_row(c, rooms, kmax)
            if row < 0:
                continue
            answered += 1
            if kmax in (3, 4) and 2 * open_ranks(c, rooms) <= sum(c):
                few_open += 1
            if kmax > SMALL and any(0 < 4 - x > room for x, room in zip(c, rooms, strict=True)):
                narrowed_past_small += 1
            assert row == _walk_row(c, rooms, kmax), (c, rooms, kmax)
    assert answered > 5000
    assert narrowed_past_small > 500
    assert few_open > 250


def test_a_suits_ways_are_the_walks() -> None:
    for c, rooms in _suits(1500, 4):
        for k in range(SMALL + 1):
            if sum(c) + k > 14:
                continue
            ways = suit_ways(c, rooms, k)
            if ways is None:
                assert max(x + min(k, room) for x, room in zip(c, rooms, strict=True)) > 4
                continue
            assert list(ways) == _walk_ways(c, rooms, k), (c, rooms, k)


def _packed(codes: tuple[int, ...], pair: int) -> int:
    """A way as the tables' least ways are packed: its codes five bits each, then its pair + 1."""
    out = 0
    for c in codes:
        out = out << 5 | c
    return out << 5 | (pair + 1)


def test_a_suits_least_way_of_each_key_is_the_first_of_its_ways() -> None:
    """``suit_keyed`` against keying every way the walk makes: each key's least way, none missed,
    with 红中's bits (suit, chow, 123 456 789) and with a stricter key (every code and pair apart)."""
    hongzhong = key_bits(9, hongzhong_key)  # 筒子's bits
    strict = tuple([1 << c for c in range(PAIR_BITS)] + [1 << (PAIR_BITS + r) for r in range(9)])
    keyed = 0
    three = four = 0
    for c, rooms in _suits(1500, 6):
        for k in range(KEYED + 1):
            if sum(c) + k > 14 or not tabled(c, rooms, k, KEYED):
                continue
            three += k == 3
            four += k == 4
            for bits in (hongzhong, strict):
                least: dict[int, tuple] = {}
                for codes, p in _walk_ways(c, rooms, k):  # ascending: a key's first is its least
                    kk = bits[PAIR_BITS + p] if p >= 0 else 0
                    for code in codes:
                        kk |= bits[code]
                    least.setdefault(kk, _packed(codes, p))
                got = suit_keyed(c, rooms, k, bits)  # key, way, key, way, ...: each key once
                assert len(set(got[::2])) == len(got) // 2, (c, rooms, k)
                assert dict(zip(got[::2], got[1::2], strict=True)) == least, (c, rooms, k)
                keyed += len(least)
    assert keyed > 2000
    assert three > 300 and four > 300


def test_a_suits_least_way_is_the_walks_first() -> None:
    """``suit_first`` with up to ``KEYED`` jokers (four: placement by placement) against the walk's
    least way (``_first``) and the first of every way the walk makes, holding the pair and not;
    ``group_first`` takes the tables' answer wherever they answer."""
    looked_up = [0] * (KEYED + 1)
    for c, rooms in _suits(1500, 7):
        for k in range(KEYED + 1):
            if sum(c) + k > 14 or not tabled(c, rooms, k, KEYED):
                continue
            ways = _walk_ways(c, rooms, k)
            for pair in (0, 1):
                walked = _first(c, rooms, True, 0, 0, 0, k, pair, _memo(c, rooms, k))
                first = next((w for w in ways if (w[1] >= 0) == bool(pair)), None)
                assert suit_first(c, rooms, k, pair) == walked == first, (c, rooms, k, pair)
                assert group_first(c, rooms, k, pair) == walked
                looked_up[k] += walked is not None
    assert looked_up[3] > 100 and looked_up[4] > 100


def test_past_small_the_tables_answer_by_the_fewest_jokers() -> None:
    """Past two jokers the tables answer a suit: three more than a count that splits splits too
    when more of its ranks are open to jokers than half a reading's tiles, and up to four jokers
    are otherwise looked up placement by placement (12m needs three for a pair; 147m splits with
    none up to four; 1479m needs four for sets and a pair). Past four, a suit the pung argument
    does not answer walks."""
    c = (2, 1, 1, 0, 0, 0, 0, 0, 0)  # 1123m
    full = tuple(4 - x for x in c)
    few = (2, 3, 0, 0, 0, 0, 0, 0, 0)  # two open ranks, five tiles read with one joker
    assert suit_row(c, few, 4) == _walk_row(c, few, 4) >= 0
    assert suit_row(c, few, 5) == -1  # five jokers, and three more than two may find no open rank
    narrowed = (2, 3, 3, 0, 4, 4, 4, 4, 4)  # eight open ranks
    assert suit_row(c, narrowed, 4) == _walk_row(c, narrowed, 4) >= 0
    row = suit_row(c, full, 4)
    assert row == _walk_row(c, full, 4)
    assert row >> 2 & 1 and row >> (_BITS + 1) & 1 and row >> (_BITS + 4) & 1  # 123m 11+j; 11 23+j; and three more
    twelve = (1, 1, 0, 0, 0, 0, 0, 0, 0)
    row = suit_row(twelve, (3, 3, 4, 4, 4, 4, 4, 4, 4), 4)
    assert row == _walk_row(twelve, (3, 3, 4, 4, 4, 4, 4, 4, 4), 4)
    assert row >> (_BITS + 3) & 1 and not row >> (_BITS + 0) & 1  # 12m: a pair with three (123 and two), not none
    nothing = (1, 0, 0, 1, 0, 0, 1, 0, 0)  # 147m
    open_all = tuple(4 - x for x in nothing)
    assert suit_row(nothing, open_all, 4) == _walk_row(nothing, open_all, 4) == 0
    apart = (1, 0, 0, 1, 0, 0, 1, 0, 1)  # 1479m
    open_apart = tuple(4 - x for x in apart)
    row = suit_row(apart, open_apart, 4)
    assert row == _walk_row(apart, open_apart, 4) and row >> (_BITS + 4) & 1


def test_the_bitmaps_hold_exactly_the_tables_keys() -> None:
    """``_placed`` asks a bitmap of each table's keys (one byte read, no int object): the same
    keys, none more."""
    from scorer.decompose import SETS_ONLY, SUIT_DIVISIONS, WITH_PAIR
    from scorer.wild.lookup import _DIVIDED, _SETS_ONLY, _WITH_PAIR

    for bits, table in ((_SETS_ONLY, SETS_ONLY), (_WITH_PAIR, WITH_PAIR), (_DIVIDED, SUIT_DIVISIONS)):
        assert sum(bin(b).count("1") for b in bits) == len(table)
        assert all(bits[n >> 3] >> (n & 7) & 1 for n in table)


def test_the_ways_are_shipped_for_every_shape_least_first() -> None:
    """``suit_first`` and ``suit_keyed`` read each shape's ways from a shipped table: it is the
    one a fresh build makes, it holds every shape the tables split, and a shape's least way,
    flagged when it has more, and the more ways unpack to the shape's ways as the tables list
    them, ascending."""
    from pathlib import Path

    from scorer.decompose import SUIT_DIVISIONS
    from scorer.wild.lookup import _LEAST, _MORE, LEAST_FILE
    from tools import make_wild_tables

    shipped = Path(LEAST_FILE).read_bytes()
    assert make_wild_tables.same(shipped, make_wild_tables.build()), "run tools/make_wild_tables.py"
    assert _LEAST.keys() == SUIT_DIVISIONS.keys()
    assert _MORE.keys() == {key for key, ways in SUIT_DIVISIONS.items() if len(ways) > 1}
    for key, ways in SUIT_DIVISIONS.items():
        expected = sorted(_packed(tuple(sorted(codes)), p) for codes, p in ways)
        least = _LEAST[key]
        assert [least >> 1, *_MORE.get(key, ())] == expected, key
        assert least & 1 == (len(expected) > 1), key
