"""Jokers in the engine (``scorer.wild``): against brute force over every assignment of the jokers
(``testkit.wild``: each joker read as each tile it may stand for, the no-joker engine asked of
each substituted hand), and the worked examples of the three joker books' rule sources.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from scorer.decompose import Division
from scorer.tiles import NUM_TILES
from scorer.wild import Reading, Wild, counts_and_jokers, is_complete, readings
from testkit.wild import brute_divisions, describe, holdings, wilds

PROPS = settings(max_examples=120, derandomize=True, database=None, deadline=None)


def _check_reading(r: Reading, counts: tuple[int, ...], jokers: int, wild: Wild) -> None:
    """A reading holds exactly the real tiles and the jokers, each joker a tile it may be, within the cap."""
    assert r.jokers() == jokers
    used = Counter[int]()
    for t, kind, bits in r.sets:
        for i in range(3):
            tile = t + i if kind == "chow" else t
            if not bits >> i & 1:
                used[tile] += 1
    if r.pair >= 0:
        used[r.pair] += 2 - r.pair_jokers
    else:
        assert r.pair_jokers == 0
    assert {t: n for t, n in used.items() if n} == {t: counts[t] for t in range(NUM_TILES) if counts[t]}
    logical = Counter(r.stands_for()) + used
    for t in r.stands_for():
        assert wild.may_be(t)
    if wild.cap is not None:
        assert max(logical.values()) <= wild.cap


@st.composite
def regular_cases(draw: st.DrawFn) -> tuple[tuple[int, ...], int, int, Wild, bool]:
    wild = draw(wilds())
    need = draw(st.integers(1, 3))
    pair = draw(st.booleans()) or draw(st.booleans())
    big = wild.stands_for.bit_count() > 6
    jokers = draw(st.integers(0, 2 if big and need == 3 else 3))
    size = 3 * need + (2 if pair else 0) - jokers
    counts = draw(holdings(size))
    note(describe(counts, jokers, wild, need=need, pair=pair))
    return counts, jokers, need, wild, pair


@PROPS
@given(regular_cases())
def test_readings_are_every_assignments_divisions(case: tuple[tuple[int, ...], int, int, Wild, bool]) -> None:
    counts, jokers, need, wild, pair = case
    expected = brute_divisions(counts, jokers, need, wild, pair)
    got = readings(counts, jokers, need, wild, pair)
    divisions: list[Division] = [r.division() for r in got]
    assert len(set(divisions)) == len(divisions), "a logical division read twice"
    assert set(divisions) == expected
    assert divisions == sorted(divisions)
    assert is_complete(counts, jokers, need, wild, pair) == bool(expected)
    for r in got:
        _check_reading(r, counts, jokers, wild)


@settings(max_examples=40, derandomize=True, database=None, deadline=None)
@given(regular_cases(), st.randoms(use_true_random=False))
def test_tile_order_and_joker_position_change_nothing(case: tuple[tuple[int, ...], int, int, Wild, bool],
                                                      rnd: random.Random) -> None:
    counts, jokers, need, wild, pair = case
    joker_kind = 31  # 中, as 红中 deals it; any kind the hand does not hold would do
    if counts[joker_kind]:
        return
    tiles = [t for t in range(NUM_TILES) for _ in range(counts[t])] + [joker_kind] * jokers
    answers = set()
    for _ in range(3):
        rnd.shuffle(tiles)
        c, j = counts_and_jokers(tiles, 1 << joker_kind)
        answers.add((c, j, readings(c, j, need, wild, pair), is_complete(c, j, need, wild, pair)))
    assert len(answers) == 1


def test_no_jokers_is_the_engine() -> None:
    """With no joker the readings are ``regular_divisions``' divisions, in its order."""
    from scorer.decompose import regular_divisions
    from scorer.tiles import INDEX, Tile
    from testkit.hands.themed import generate

    for index in range(60):
        g = generate(4242, index, None)
        c = [0] * NUM_TILES
        for code in (*g.concealed, g.winning_tile):
            c[INDEX[Tile(code)]] += 1
        need = (sum(c) - 2) // 3
        counts = tuple(c)
        assert [r.division() for r in readings(counts, 0, need, Wild())] == list(regular_divisions(counts, need))


@pytest.mark.parametrize("bad", [
    pytest.param(lambda: Wild(1 << 34, 4), id="past-34-tiles"),
    pytest.param(lambda: Wild(1, 0), id="cap-0"),
    pytest.param(lambda: Wild.over([34]), id="tile-35"),
])
def test_a_bad_declaration_is_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        bad()  # type: ignore[operator]
