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

from scorer.decompose import ORPHANS, Division
from scorer.decompose import waits as plain_waits
from scorer.set_kind import CHOW, PUNG
from scorer.tiles import CODES, INDEX_OF_CODE, NUM_TILES, RED, WHITE, parse_tiles
from scorer.wild import (
    ALL_TILES_MASK,
    NUMBER_TILES_MASK,
    Reading,
    Wild,
    counts_and_jokers,
    first_seven_pairs,
    is_complete,
    is_seven_pairs,
    is_thirteen_orphans,
    readings,
    regular_shanten,
    seven_pairs,
    seven_pairs_shanten,
    thirteen_orphans,
    waits,
)
from scorer.wild.forms import may_pair
from scorer.wild.regular import first_division, group_first, group_ways, logical_divisions
from scorer.wild.shanten import exact_regular_shanten
from testkit.wild import (
    brute_divisions,
    brute_orphans,
    brute_regular_shanten,
    brute_seven_pairs,
    brute_seven_pairs_shanten,
    brute_waits,
    complete_tiles,
    describe,
    holdings,
    regular_cases,
    wilds,
)

PROPS = settings(max_examples=120, derandomize=True, database=None, deadline=None)


def _hand(text: str, joker: int = WHITE) -> tuple[tuple[int, ...], int]:
    """A hand in the compact notation, the kind ``joker`` (白 unless said) counted as jokers."""
    return counts_and_jokers([t.index for t in parse_tiles(text)], 1 << joker)


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


@PROPS
@given(regular_cases())
def test_the_first_division_is_the_least_of_every_one(case: tuple[tuple[int, ...], int, int, Wild, bool]) -> None:
    counts, jokers, need, wild, pair = case
    every = logical_divisions(counts, jokers, need, wild, pair)
    assert first_division(counts, jokers, need, wild, pair) == (every[0] if every else None)


def test_a_groups_first_way_is_the_least_of_its_ways() -> None:
    """``group_first`` is ``group_ways``' first way holding the pair, or holding none, for every
    suit of up to six tiles and 0-4 jokers, with no limit and a room of one or two a rank, and of
    up to ten tiles with every rank open to four copies."""
    rng = random.Random(5)
    for i in range(1500):
        counts = [0] * 9
        for _ in range(rng.randint(0, 6 if i % 2 else 10)):
            counts[rng.randrange(9)] += 1
        if max(counts) > 4:
            continue
        rooms = tuple(rng.choice((4, 4, 1, 2, 0)) for _ in range(9)) if i % 2 else tuple(4 - x for x in counts)
        c = tuple(counts)
        for k in range(5):
            ways = group_ways(c, rooms, k)
            for pair in (0, 1):
                mine = [w for w in ways if (w[1] >= 0) == bool(pair)]
                assert group_first(c, rooms, k, pair) == (mine[0] if mine else None), (c, rooms, k, pair)


def test_the_first_division_of_whole_hands() -> None:
    """Four sets and a pair, 0 to 5 jokers, near-complete and random tiles, three ``Wild``s: the
    first division is the least of every one (none where there is none)."""
    rng = random.Random(11)
    kinds = (Wild(ALL_TILES_MASK, 4), Wild(NUMBER_TILES_MASK, 4), Wild(NUMBER_TILES_MASK, None))
    for n in range(3000):
        wild = kinds[n % 3]
        jokers = rng.randint(0, 5)
        span = 27 if wild.stands_for == NUMBER_TILES_MASK else NUM_TILES
        counts = [0] * NUM_TILES
        if n % 2:  # sets and a pair of a few kinds: many readings
            tiles = complete_tiles(rng, span, jokers)
        else:
            tiles = [rng.randrange(span) for _ in range(14 - jokers)]
        for t in tiles:
            counts[t] += 1
        if max(counts) > 4:
            continue
        c = tuple(counts)
        every = logical_divisions(c, jokers, 4, wild)
        assert first_division(c, jokers, 4, wild) == (every[0] if every else None), (c, jokers, wild)


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


# --- seven pairs and thirteen orphans ----------------------------------------------------------
@st.composite
def pairs_cases(draw: st.DrawFn) -> tuple[tuple[int, ...], int, Wild, int, bool]:
    wild = draw(wilds())
    pairs = draw(st.sampled_from([7, 6, 3, 2]))
    jokers = draw(st.integers(0, 2 if pairs >= 6 and wild.stands_for.bit_count() > 6 else 3))
    quads = draw(st.booleans())
    pool = draw(st.lists(st.integers(0, NUM_TILES - 1), min_size=1, max_size=8, unique=True))
    c = [0] * NUM_TILES
    for _ in range(max(0, 2 * pairs - jokers)):
        t = draw(st.sampled_from(pool))
        if c[t] < 4:
            c[t] += 1
    counts = tuple(c)
    note(describe(counts, jokers, wild, pairs=pairs, quads=quads))
    return counts, jokers, wild, pairs, quads


@settings(PROPS, max_examples=400)
@given(wilds(), st.integers(0, 6), st.booleans(), st.lists(st.integers(0, NUM_TILES - 1), min_size=1, max_size=9,
                                                           unique=True), st.randoms(use_true_random=False))
def test_first_seven_pairs_is_the_first_reading(wild: Wild, jokers: int, quads: bool, pool: list[int],
                                                rng: random.Random) -> None:
    """``first_seven_pairs`` makes the first of ``seven_pairs``' readings alone, with up to six
    jokers (three pairs of jokers alone: the readings the books with one reading skip)."""
    c = [0] * NUM_TILES
    for _ in range(max(0, 14 - jokers)):
        t = rng.choice(pool)
        if c[t] < 4:
            c[t] += 1
    counts = tuple(c)
    every = seven_pairs(counts, jokers, wild, 7, quads)
    assert first_seven_pairs(counts, jokers, wild, 7, quads) == (every[0] if every else None)


@PROPS
@given(pairs_cases())
def test_seven_pairs_are_every_assignments_pairs(case: tuple[tuple[int, ...], int, Wild, int, bool]) -> None:
    counts, jokers, wild, pairs, quads = case
    expected = brute_seven_pairs(counts, jokers, wild, pairs, quads)
    got = seven_pairs(counts, jokers, wild, pairs, quads)
    assert is_seven_pairs(counts, jokers, wild, pairs, quads) == bool(expected)
    assert may_pair(counts, jokers, pairs) or not expected  # what every reading needs: never refuses one
    logical = []
    for reading in got:
        assert len(reading) == pairs
        c = [0] * NUM_TILES
        real = [0] * NUM_TILES
        for t, j in reading:
            assert 0 <= j <= 2
            c[t] += 2
            real[t] += 2 - j
        assert tuple(real) == counts and sum(j for _, j in reading) == jokers
        logical.append(tuple(c))
    assert len(set(logical)) == len(logical)
    assert set(logical) == expected


@st.composite
def orphans_cases(draw: st.DrawFn) -> tuple[tuple[int, ...], int, Wild]:
    wild = draw(wilds())
    jokers = draw(st.integers(0, 2 if wild.stands_for.bit_count() > 6 else 3))
    tiles = list(ORPHANS)
    rnd = draw(st.randoms(use_true_random=False))
    rnd.shuffle(tiles)
    held = tiles[:14 - jokers] if jokers else [*tiles, rnd.choice(ORPHANS)]
    if jokers == 1 and draw(st.booleans()):
        held = [*tiles[:12], rnd.choice(tiles[:12])]  # the double held, one kind missing
    if draw(st.integers(0, 4)) == 0:
        held[0] = draw(st.integers(0, NUM_TILES - 1))  # perhaps a tile that is no orphan
    c = [0] * NUM_TILES
    for t in held:
        c[t] += 1
    counts = tuple(c)
    note(describe(counts, jokers, wild))
    return counts, jokers, wild


@PROPS
@given(orphans_cases())
def test_thirteen_orphans_are_every_assignments(case: tuple[tuple[int, ...], int, Wild]) -> None:
    counts, jokers, wild = case
    expected = brute_orphans(counts, jokers, wild)
    assert set(thirteen_orphans(counts, jokers, wild)) == expected
    assert is_thirteen_orphans(counts, jokers, wild) == bool(expected)


# --- waits ---------------------------------------------------------------------------------------
@st.composite
def waiting_cases(draw: st.DrawFn, need: int) -> tuple[tuple[int, ...], int, int, Wild, bool, bool]:
    wild = draw(wilds())
    big = wild.stands_for.bit_count() > 6
    jokers = draw(st.integers(0, (1 if need == 4 else 2) if big else 3))
    counts = draw(holdings(3 * need + 1 - jokers))
    seven = need == 4 and draw(st.booleans())
    quads = draw(st.booleans())
    note(describe(counts, jokers, wild, need=need, seven=seven, quads=quads))
    return counts, jokers, need, wild, seven, quads


@PROPS
@given(st.integers(1, 3).flatmap(waiting_cases))
def test_waits_are_every_assignments_waits(case: tuple[tuple[int, ...], int, int, Wild, bool, bool]) -> None:
    counts, jokers, need, wild, seven, quads = case
    tiles, joker = brute_waits(counts, jokers, need, wild, seven, False, quads)
    got = waits(counts, jokers, need, wild, seven, False, quads)
    assert got.tiles == tiles
    assert got.joker == joker
    assert got.joker == any(wild.may_be(t) for t in tiles)


@settings(max_examples=25, derandomize=True, database=None, deadline=None)
@given(waiting_cases(4))
def test_waits_of_thirteen_tiles(case: tuple[tuple[int, ...], int, int, Wild, bool, bool]) -> None:
    counts, jokers, need, wild, seven, quads = case
    tiles, joker = brute_waits(counts, jokers, need, wild, seven, False, quads)
    got = waits(counts, jokers, need, wild, seven, False, quads)
    assert (got.tiles, got.joker) == (tiles, joker)


def test_a_kind_wild_in_the_deal_is_no_wait() -> None:
    """杭州: every 白板 is a 财神, so a hand whose waits include 白 as read lists it only as the joker."""
    hz = Wild(ALL_TILES_MASK, None)
    counts, jokers = _hand("123m456m789m123p P")  # one 财神 set aside: four sets, so any tile pairs it
    got = waits(counts, jokers, 4, hz, joker_kinds=1 << WHITE)
    assert got.tiles == frozenset(range(NUM_TILES)) - {WHITE} and got.joker


# --- shanten -------------------------------------------------------------------------------------
@st.composite
def shanten_cases(draw: st.DrawFn) -> tuple[tuple[int, ...], int, int, Wild]:
    wild = draw(wilds())
    need = draw(st.integers(1, 4))
    big = wild.stands_for.bit_count() > 6
    jokers = draw(st.integers(0, (2 if need >= 3 else 3) if big else 3))
    extra = draw(st.integers(1, 2))
    counts = draw(holdings(3 * need + extra - jokers))
    note(describe(counts, jokers, wild, need=need))
    return counts, jokers, need, wild


@settings(max_examples=60, derandomize=True, database=None, deadline=None)
@given(shanten_cases())
def test_regular_shanten_is_the_best_assignments(case: tuple[tuple[int, ...], int, int, Wild]) -> None:
    counts, jokers, need, wild = case
    expected = brute_regular_shanten(counts, jokers, need, wild)
    if expected is None:
        with pytest.raises(ValueError):
            regular_shanten(counts, jokers, need, wild)
        return
    assert regular_shanten(counts, jokers, need, wild) == expected
    assert exact_regular_shanten(counts, jokers, need, wild) == expected  # the search the quick path falls back on


@settings(max_examples=300, derandomize=True, database=None, deadline=None)
@given(wilds(), st.integers(0, 2), st.integers(3, 4), st.randoms(use_true_random=False))
def test_regular_shanten_with_many_jokers_is_the_search(wild: Wild, melds: int, jokers: int,
                                                        rng: random.Random) -> None:
    """Three and four jokers on hands of every kind: the quick path (the jokers read one by one along
    the tables, ``waits.shanten.descend``) answers as the search over every reading does, which the
    test above holds to brute force. Reading a joker as a tile that does not lower the shanten, or
    stopping short of the bound, makes it fail."""
    need = 4 - melds
    pool = [t for t in range(NUM_TILES) for _ in range(4)]
    rng.shuffle(pool)
    c = [0] * NUM_TILES
    for t in pool[:3 * need + rng.choice((1, 2)) - jokers]:
        c[t] += 1
    counts = tuple(c)
    note(describe(counts, jokers, wild, need=need))
    try:
        expected = exact_regular_shanten(counts, jokers, need, wild)
    except ValueError:
        with pytest.raises(ValueError):
            regular_shanten(counts, jokers, need, wild)
        return
    assert regular_shanten(counts, jokers, need, wild) == expected


@PROPS
@given(pairs_cases(), st.booleans())
def test_seven_pairs_shanten_is_the_best_assignments(case: tuple[tuple[int, ...], int, Wild, int, bool],
                                                     drop: bool) -> None:
    counts, jokers, wild, pairs, quads = case
    if pairs != 7:
        return
    if drop and sum(counts):  # thirteen tiles as often as fourteen
        c = list(counts)
        c[c.index(next(n for n in c if n))] -= 1
        counts = tuple(c)
    expected = brute_seven_pairs_shanten(counts, jokers, wild, quads)
    if expected is None:
        return
    assert seven_pairs_shanten(counts, jokers, wild, quads) == expected


# --- the rule sources' worked examples -----------------------------------------------------------
HONGZHONG = Wild(NUMBER_TILES_MASK, 4)  # 中 stands for any number tile, never a fifth copy
GUANGDONG = Wild(ALL_TILES_MASK, 4)  # a ghost stands for any kind, its own face included, no fifth copy
HANGZHOU = Wild(ALL_TILES_MASK, None)  # a 财神 stands for any tile, 白 itself and a fifth copy included


def _codes(tiles: frozenset[int] | tuple[int, ...]) -> list[str]:
    return sorted(CODES[t] for t in tiles)


@pytest.mark.parametrize(("hand", "need", "expected"), [
    pytest.param("1234444556677m", 4, ["1m", "7m"], id="no-fifth-4m"),
    pytest.param("1234556677m", 3, ["1m", "4m", "7m"], id="melded-444m-not-counted"),
    pytest.param("1255667799m", 3, ["3m"], id="konged-3333m-a-zhong-is-3m"),
])
def test_hongzhong_five_copies_rule(hand: str, need: int, expected: list[str]) -> None:
    """红中麻将 (Hongzhong, red-dragon-wild mahjong) rule source, §4 "What a complete hand is", the
    five-copies rule: MIL's own examples. The waits are tiles as read (a melded or konged tile's
    copies are the book's to count); every one of them can also be a drawn 中."""
    counts, jokers = _hand(hand, RED)
    got = waits(counts, jokers, need, HONGZHONG)
    assert _codes(got.tiles) == expected and got.joker
    if need == 4:
        assert FIFTH_4M not in got.tiles and FIFTH_4M in plain_waits(counts, 4)  # the engine without the rule


FIFTH_4M = INDEX_OF_CODE["4m"]


def test_hongzhong_a_zhong_completes_a_set() -> None:
    """红中麻将 rule source, §6 "大对子": 88p 9m 中 + 9m beside three melds reads 888p (中) and 99m —
    and 999m (中) and 88p, the other logical division."""
    counts, jokers = _hand("88p9mC9m", RED)
    got = readings(counts, jokers, 1, HONGZHONG)
    assert [(r.division(), _codes(r.stands_for())) for r in got] == [
        ((((INDEX_OF_CODE["9m"], PUNG),), INDEX_OF_CODE["8p"]), ["9m"]),
        ((((INDEX_OF_CODE["8p"], PUNG),), INDEX_OF_CODE["9m"]), ["8p"]),
    ]
    assert got[1].sets[0][2] == 0b100  # the 中 is the pung's third tile; the pair is real


@pytest.mark.parametrize(("win", "stands_for", "pair"), [
    pytest.param("8m", "7p", "7p", id="won-on-8m-the-zhong-pairs-7p"),
    pytest.param("7p", "8m", "7p", id="won-on-7p-the-zhong-is-8m"),
])
def test_hongzhong_pure_straight_with_a_zhong(win: str, stands_for: str, pair: str) -> None:
    """红中麻将 rule source, §6 "一条龙": 1234567m 9m 7p 中 beside a melded 222s."""
    counts, jokers = _hand("1234567m9m7pC" + win, RED)
    got = readings(counts, jokers, 3, HONGZHONG)
    assert len(got) == 1
    assert [t for t, _, _ in got[0].sets] == [INDEX_OF_CODE[c] for c in ("1m", "4m", "7m")]
    assert _codes(got[0].stands_for()) == [stands_for] and CODES[got[0].pair] == pair


def test_hongzhong_plain_hand_with_a_zhong() -> None:
    """红中麻将 rule source, §6 "无红中": 123456m 123p 456s 8p + 中 — the 中 pairs the 8p."""
    counts, jokers = _hand("123456m123p456s8pC", RED)
    (only,) = readings(counts, jokers, 4, HONGZHONG)
    assert CODES[only.pair] == "8p" and only.pair_jokers == 1


def test_hongzhong_seven_pairs() -> None:
    """红中麻将 rule source, §6 "七对子" and "龙七对": 44p 7p 88p 9p 中 66m 88s 99s + 7p (the 中 pairs
    the 9p); 1m 1m 中 33p 55p 77s 99s 22m + 1m (the 中 and the winning 1m make 1111m)."""
    counts, jokers = _hand("44p7p88p9pC66m88s99s7p", RED)
    (only,) = seven_pairs(counts, jokers, HONGZHONG)
    assert [(CODES[t], j) for t, j in only if j] == [("9p", 1)]
    counts, jokers = _hand("11mC33p55p77s99s22m1m", RED)
    (only,) = seven_pairs(counts, jokers, HONGZHONG)
    assert [(CODES[t], j) for t, j in only if CODES[t] == "1m"] == [("1m", 0), ("1m", 1)]


@pytest.mark.parametrize(("hand", "pairs_of_jokers"), [
    pytest.param("11m33m55m77m99m22p1pC", 0, id="a-zhong-completes-a-single"),
    pytest.param("11m33m55m77m99m11pCC", 1, id="two-zhong-make-a-pair"),
    pytest.param("11m33m55m77m99mCCCC", 2, id="five-real-pairs-and-four-zhong"),
])
def test_hongzhong_zhong_in_seven_pairs(hand: str, pairs_of_jokers: int) -> None:
    """红中麻将 rule source, §4: 中 may pair any single or make a pair by itself (DG's tests: 红中补单张成对,
    2红中自凑1对, 5实对+4红中)."""
    counts, jokers = _hand(hand, RED)
    got = seven_pairs(counts, jokers, HONGZHONG)
    assert got and is_seven_pairs(counts, jokers, HONGZHONG)
    assert all(sum(1 for _, j in r if j == 2) == pairs_of_jokers for r in got)


def test_hongzhong_zhong_alone_make_sets() -> None:
    """红中麻将 rule source, §2: two, three or four 中 make a pair or a set on their own, standing for
    whatever number tile fits — never for 中 itself."""
    counts, jokers = _hand("123m456m789m123pCC", RED)
    got = readings(counts, jokers, 4, HONGZHONG)
    assert {r.pair for r in got if r.pair_jokers == 2} == set(range(27))
    assert all(t < 27 for r in got for t in r.stands_for())
    counts, jokers = _hand("123m456m789m11pCCC", RED)
    got = readings(counts, jokers, 4, HONGZHONG)
    assert any(r.sets[-1][2] == 0b111 for r in got)
    assert is_complete(counts, jokers, 4, HONGZHONG)


def test_guangdong_no_fifth_copy() -> None:
    """Guangdong push-down mahjong (广东推倒胡) rule source, §2 "No fifth copy": 123m 123p 123s EEEE and a
    ghost is no win (OMU's test), though it is without the cap."""
    counts, jokers = _hand("123m123p123sEEEEP")
    assert not is_complete(counts, jokers, 4, GUANGDONG)
    assert is_complete(counts, jokers, 4, Wild(ALL_TILES_MASK, None))


def test_guangdong_nine_gates_and_orphans_with_ghosts() -> None:
    """Guangdong push-down mahjong rule source, §6 "九莲宝灯" and "七对, 十三幺, 四鬼胡": 1112345678m with
    three ghosts and a drawn ghost is complete; so is 1112346789m with four; 19m19p19s ESWN with
    four ghosts (白 as the ghost) is thirteen orphans, any of the 13 doubled."""
    assert is_complete(*_hand("1112345678mPPPP"), 4, GUANGDONG)
    counts, jokers = _hand("1112346789mPPPP")
    assert is_complete(counts, jokers, 4, GUANGDONG)
    nine_gates = [r for r in readings(counts, jokers, 4, GUANGDONG)  # 111 234 5(ghost)67 9(ghost)(ghost)9 8(ghost)8
                  if r.division() == (((0, PUNG), (1, CHOW), (4, CHOW), (8, PUNG)), 7)]
    assert [_codes(r.stands_for()) for r in nine_gates] == [["5m", "8m", "9m", "9m"]]
    counts, jokers = _hand("19m19p19sESWNPPPP")
    assert thirteen_orphans(counts, jokers, GUANGDONG) == ORPHANS


def test_hangzhou_a_fifth_copy() -> None:
    """Hangzhou mahjong (杭州麻将, 白板 = 财神) rule source, §2: no four-copy cap — beside EEEE a 财神
    may be a fifth E (OMU's test); and §4: seven pairs, four alike are two pairs."""
    counts, jokers = _hand("123m456m789mEEEEP")
    (only,) = readings(counts, jokers, 4, HANGZHOU)
    assert CODES[only.pair] == "E" and only.stands_for() == (INDEX_OF_CODE["E"],)
    assert not is_complete(counts, jokers, 4, GUANGDONG)


def test_hangzhou_baotou() -> None:
    """Hangzhou mahjong rule source, §6 "爆头": one 财神 set aside, what is left is four sets (melds
    included) or six pairs; then any draw wins. A lone 财神 beside four melds is 爆头; so is
    11m 22p 33s 44m 55p 66s and a 财神."""
    assert is_complete((0,) * NUM_TILES, 0, 0, HANGZHOU, pair=False)
    counts, jokers = _hand("123m456m789m123pP")
    assert is_complete(counts, jokers - 1, 4, HANGZHOU, pair=False)
    assert waits(counts, jokers, 4, HANGZHOU, joker_kinds=1 << WHITE).joker
    counts, jokers = _hand("11m22p33s44m55p66sP")
    assert is_seven_pairs(counts, jokers - 1, HANGZHOU, pairs=6)
    assert waits(counts, jokers, 4, HANGZHOU, seven_pairs=True).tiles == frozenset(range(NUM_TILES))


def test_hangzhou_luxury_pairs_of_four_whites() -> None:
    """Hangzhou mahjong rule source, §6 "七对子 / 豪华七对": 1m×4 2p×4 3s 白×4 + 3s — among its
    readings the four 财神 stay two white pairs."""
    counts, jokers = _hand("1111m2222p3s3sPPPP")
    got = seven_pairs(counts, jokers, HANGZHOU)
    assert any([p for p in r if p[1] == 2] == [(WHITE, 2), (WHITE, 2)] for r in got)


@pytest.mark.parametrize(("hand", "wild"), [
    pytest.param("19m19p19sESWNPPP", GUANGDONG, id="ten-orphans-and-three-ghosts"),
    pytest.param("19m19p19sESWNCFP", GUANGDONG, id="twelve-orphans-and-a-ghost"),
    pytest.param("19m19p19sESWNCF5m", GUANGDONG, id="no-ghost-one-stray-and-a-pair-wait"),
    pytest.param("19m19p19sEEWNCPP", GUANGDONG, id="a-double-held-and-two-ghosts"),
])
def test_waits_with_thirteen_orphans(hand: str, wild: Wild) -> None:
    """Guangdong push-down mahjong rule source, §4: 十三幺 in the MIL table, ghosts filling it."""
    counts, jokers = _hand(hand)
    tiles, joker = brute_waits(counts, jokers, 4, wild, False, True)
    got = waits(counts, jokers, 4, wild, orphans=True)
    assert (got.tiles, got.joker) == (tiles, joker)
    assert bool(tiles) == ("5m" not in hand)


def test_real_copies_fill_the_sets_before_the_pair() -> None:
    """Where a joker could sit in either of a tile's groups, the real copies fill the sets first:
    5555m and a 财神 read 555m and 5m + 财神 (杭州: a fifth 5m as read is allowed)."""
    counts, jokers = _hand("5555mP")
    (only,) = readings(counts, jokers, 1, HANGZHOU)
    assert only.sets == ((INDEX_OF_CODE["5m"], PUNG, 0),) and (only.pair, only.pair_jokers) == (INDEX_OF_CODE["5m"], 1)
    counts, jokers = _hand("345m4mP")  # 345m and 4m + 财神, never 3(财神)5m and 44m: the same division
    got = {(r.sets, r.pair_jokers) for r in readings(counts, jokers, 1, HANGZHOU)
           if r.division() == (((INDEX_OF_CODE["3m"], CHOW),), INDEX_OF_CODE["4m"])}
    assert got == {(((INDEX_OF_CODE["3m"], CHOW, 0),), 1)}
