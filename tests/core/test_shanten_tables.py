"""The shipped shanten tables against the search that made them, and the hand's lookups against a
search of the whole hand."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from scorer.waits import frontier, shanten, tables
from tools import make_shanten_tables as maker


@pytest.mark.slow
def test_the_shipped_file_is_what_the_generator_makes() -> None:
    assert maker.build() == Path(tables.FILE).read_bytes(), "run tools/make_shanten_tables.py"


def test_shapes_look_up_their_searched_frontiers() -> None:
    rng = random.Random(1)
    suits = (9, tables.SUIT, lambda c: frontier.group(c, True))
    for size, table, search in (suits, (7, tables.HONOR, frontier.honors)):
        shapes = maker.shapes(size)
        for c in [*rng.sample(shapes, 3000), (0,) * size, (4, 4, 4, 2) + (0,) * (size - 4)]:
            assert tables.FRONTIERS[table[maker.key(c)]] == search(c), c
        assert table[maker.key((4, 4, 4, 3) + (0,) * (size - 4))] == tables.ABSENT  # 15 tiles: no hand's


def test_merges_and_values_are_the_searched_ones() -> None:
    rng = random.Random(2)
    n = tables.COUNT
    for _ in range(3000):
        a, b, fixed = rng.randrange(n), rng.randrange(n), rng.randrange(tables.FIXED)
        fa, fb = tables.FRONTIERS[a], tables.FRONTIERS[b]
        m = tables.MERGE[a * n + b]
        assert tables.FRONTIERS[m] == frontier.merge(fa, fb)
        assert tables.VALUE[m * tables.FIXED + fixed] == frontier.best(fa, fb, fixed)


def test_merged_reads_the_merge_table_from_its_bytes() -> None:
    n = tables.COUNT
    assert [tables.merged(a, b) for a in range(n) for b in range(n)] == list(tables.MERGE)


def _counts(rng: random.Random, tiles: int) -> tuple[int, ...]:
    c = [0] * 34
    groups = rng.sample(range(4), rng.randint(1, 4))
    while sum(c) < tiles:
        g = rng.choice(groups)
        i = 9 * g + rng.randrange(9 if g < 3 else 7)
        if c[i] < 4:
            c[i] += 1
    return tuple(c)


def test_a_hands_lookups_give_the_searched_shanten_and_useful_tiles() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        fixed = rng.randrange(5)
        c = _counts(rng, 13 - 3 * fixed)
        assert shanten._regular.__wrapped__(c, fixed) == shanten._searched(c, fixed), (c, fixed)
        assert shanten.regular_shanten(c, fixed) == shanten._searched(c, fixed)[0], (c, fixed)


def _hand(ranks: dict[int, int]) -> tuple[int, ...]:
    return tuple(ranks.get(i, 0) for i in range(34))


@pytest.mark.parametrize(("counts", "fixed"), [
    pytest.param(_hand(dict(enumerate([4, 1, 1, 1, 1, 1, 2, 1, 1]))), 0, id="1111234567789m"),
    pytest.param(_hand({27: 4, 0: 1, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}), 0, id="123456789mEEEE"),
    pytest.param(_hand({27: 4, 0: 1, 1: 1, 2: 1}), 2, id="123mEEEE-beside-2"),
    pytest.param(_hand({4: 1, 5: 1, 18: 4, 20: 1, 23: 1, 24: 1, 27: 1, 31: 1, 32: 1, 33: 1}), 3, id="spare-tiles"),
])
def test_a_fifth_copy_probed_as_a_search_of_the_hand_would(counts: tuple[int, ...], fixed: int) -> None:
    """No frontier table holds five of a tile: a suit's fifth copy helps if it completes the hand
    (the decomposition's tables), or, with tiles to spare, by search; an honour's five count as a
    pung beside two of it."""
    result, useful = shanten._regular.__wrapped__(counts, fixed)
    assert result == 0 and any(counts[t] == 4 for t in useful)
    assert (result, useful) == shanten._searched(counts, fixed)
