"""Hands of five sets and a pair (a 16-tile book's): sizes, decomposition past the shipped tables,
and shanten — the search (``testkit.shanten_search``) held to the four-set tables, and the five-set
lookups (``shanten.five_sets_regular``, ``shanten.eight_and_a_half_pairs``) held to the search."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

import scorer
from scorer import decompose
from scorer.holding import Holding
from scorer.waits import shanten
from testkit import shanten_search as searched


@pytest.mark.parametrize("concealed, win, melds, sets", [
    ("123m456p789s11m22p", "2p", (), 4),
    ("123m456p789s11m22p3s", "3s", (), None),
    ("123m456p789s11m22p345s", "1m", (), 5),
    ("456p789s11m22p345s", "1m", ("EEE",), 5),
    ("", "2m", ("111m", "222p", "333s", "444m", "555p"), None),
    ("2m", "2m", ("111m", "222p", "333s", "444m", "555p"), 5),
])
def test_a_hand_is_sized_by_its_tiles(concealed: str, win: str, melds: tuple[str, ...], sets: int | None) -> None:
    build = dict(concealed=concealed, winning_tile=win, melds=[{"tiles": m} for m in melds])
    if sets is None:
        with pytest.raises(scorer.ScorerError) as e:
            scorer.Hand.build(**build)
        assert e.value.code == "tile_count", e.value.message
        return
    assert scorer.Hand.build(**build).sets == sets


def test_a_holding_of_sixteen_waits_and_of_seventeen_discards() -> None:
    h = Holding.parse("123m456p789s11m22p345s")
    assert (h.size, h.sets, h.waiting) == (16, 5, True)
    h = Holding.parse("123m456p789s11m22p345s9s")
    assert (h.size, h.sets, h.waiting) == (17, 5, False)
    with pytest.raises(scorer.ScorerError):
        Holding.parse("123m456p789s11m22p34s")  # 15


def _brute_divisions(counts: list[int], need: int) -> set[tuple[tuple[tuple[int, str], ...], int]]:
    """Every multiset of ``need`` sets and a pair with exactly these counts, by enumeration."""
    sets = [(i, "pung") for i in range(34)] + [(s * 9 + r, "chow") for s in range(3) for r in range(7)]
    out = set()
    for pair in range(34):
        if counts[pair] < 2:
            continue
        rest = list(counts)
        rest[pair] -= 2
        held = [s for s in sets if all(rest[i] for i in ((s[0],) if s[1] == "pung" else range(s[0], s[0] + 3)))]
        for combo in combinations_with_replacement(held, need):
            c = [0] * 34
            for i, kind in combo:
                for k in ((i, i, i) if kind == "pung" else (i, i + 1, i + 2)):
                    c[k] += 1
            if c == rest:
                out.add((tuple(sorted(combo)), pair))
    return out


@pytest.mark.parametrize("tiles", [
    "11122233344455566m",  # one suit, 17 tiles: past the tables
    "11112222333344455m",
    "123456789m123456p77s",
    "22233344455566677p",
])
def test_five_set_divisions_are_every_split(tiles: str) -> None:
    counts = list(scorer.Hand.parse(tiles).standing_counts())
    got = {(tuple(sorted((t, str(k)) for t, k in sets)), pair) for sets, pair in
           decompose.regular_divisions(tuple(counts), 5)}
    assert got == _brute_divisions(counts, 5) and got


def _random_hand(rng: random.Random, tiles: int) -> tuple[int, ...]:
    pool = [i for i in range(34) for _ in range(4)]
    c = [0] * 34
    for i in rng.sample(pool, tiles):
        c[i] += 1
    return tuple(c)


def test_the_searched_shanten_is_the_tables_at_four_sets() -> None:
    """At four sets the search must give the shipped tables' shanten and useful tiles exactly: it is
    the same definition, so on a fifth set it is trusted as far as the tables are on four."""
    rng = random.Random(33)
    for k in range(300):
        counts = _random_hand(rng, 13 if k % 2 else 10)
        fixed = 0 if k % 2 else 1
        table = shanten.regular(counts, fixed)
        s, useful = searched.regular(counts, fixed, 4)
        assert s == table.shanten, counts
        assert set(useful) == {t for t in table.useful if counts[t] < 4}, counts


def test_a_ready_sixteen_tile_hand_waits_on_its_winning_tiles() -> None:
    counts = Holding.parse("123m456p789s11m22p345s").standing_counts()
    forms, least, useful = shanten.outlook(counts, 0, (shanten.Form.REGULAR,), 5)
    waits = decompose.waits(counts, 5)
    # 1m and 2p as the pair drawn again, 4m as 111m + 234m beside the 22p pair
    assert least == 0 and set(useful) == set(waits) == {scorer.Tile(c).index for c in ("1m", "4m", "2p")}


@pytest.mark.parametrize("tiles, want", [
    ("1122334455667788m", 0),  # eight pairs: any of them drawn again is the triplet
    ("112233445566m7778m", 0),  # six pairs, a triplet and a single: waits on the single
    ("11223344556677m89m", 1),  # seven pairs and two singles: two tiles short
    ("112233445566m789p1s", 2),
])
def test_seven_pairs_and_a_triplet_shanten(tiles: str, want: int) -> None:
    counts = Holding.parse(tiles).standing_counts()
    assert searched.eight_and_a_half_pairs(counts)[0] == want
    assert shanten.eight_and_a_half_pairs(counts) == searched.eight_and_a_half_pairs(counts)


# Tiles to draw five-set hands from: every kind of tile; one suit (a suit of 15-17 tiles is past the
# four-set tables, so only its own sets can be set aside); one suit and the honours; two suits; and
# tiles that make few sets (ranks 1, 2, 4, 5, 7, 8 and honours, two copies each), where a split with
# no set at all can be the best one.
POOLS = {
    "all": [i for i in range(34) for _ in range(4)],
    "one-suit": [i for i in range(9) for _ in range(4)],
    "suit-and-honours": [i for i in [*range(9), *range(27, 34)] for _ in range(4)],
    "two-suits": [i for i in range(18) for _ in range(4)],
    "few-sets": [s * 9 + r for s in range(3) for r in (0, 1, 3, 4, 6, 7) for _ in range(2)]
    + [i for i in range(27, 34) for _ in range(2)],
}


def _drawn(rng: random.Random, pool: list[int], tiles: int) -> tuple[int, ...]:
    c = [0] * 34
    for i in rng.sample(pool, min(tiles, len(pool))):
        c[i] += 1
    while sum(c) < tiles:  # the few-sets pool tops up with any tile
        i = rng.randrange(34)
        if c[i] < 4:
            c[i] += 1
    return tuple(c)


@pytest.mark.parametrize("pool", list(POOLS))
def test_five_set_lookups_are_the_search(pool: str) -> None:
    """The regular shanten and useful tiles toward five sets, concealed and beside 1-5 melds, as the
    search of every split finds them (the answer the scorer gave before it used the tables)."""
    rng = random.Random(f"five-{pool}")
    for k in range(60):
        melds = 0 if k % 2 else k // 2 % 6
        counts = _drawn(rng, POOLS[pool], 16 - 3 * melds)
        assert shanten.five_sets_regular(counts, melds) == searched.regular(counts, melds, 5), (counts, melds)


@pytest.mark.parametrize("pool", list(POOLS))
def test_seven_pairs_and_a_triplet_are_the_search(pool: str) -> None:
    rng = random.Random(f"pairs-{pool}")
    for _ in range(40):
        counts = _drawn(rng, POOLS[pool], 16)
        assert shanten.eight_and_a_half_pairs(counts) == searched.eight_and_a_half_pairs(counts), counts


@pytest.mark.parametrize("tiles, want", [
    ("11224455778m8m22pEE", 4),  # no set in 16 tiles: eight pairs are a pair and five partials
    ("1245m1245p1245sESWN", 5),  # no set, no pair: six partials, five of them counted
    ("11m22m44m55m77m88m11pEW", 4),  # seven pairs: a pair and five of six partials counted
])
def test_a_hand_with_no_set_counts_its_partials_up_to_five(tiles: str, want: int) -> None:
    counts = Holding.parse(tiles).standing_counts()
    assert shanten.five_sets_regular(counts, 0) == searched.regular(counts, 0, 5)
    assert shanten.five_sets_regular(counts, 0)[0] == want
