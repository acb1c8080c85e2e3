"""The keyed search (``scorer.wild.keyed``) against every division: for each key some division
has, its least division, in the order ``logical_divisions`` lists them — with 红中's group key (as
its sets show it, and settled as a whole suit's), and with one that reads honours and pairs too."""

from __future__ import annotations

import random

from hypothesis import given, settings

from scorer.rules.hongzhong.detect import set_key as hongzhong_key
from scorer.rules.hongzhong.detect import settle_key as hongzhong_settle
from scorer.tiles import NUM_TILES
from scorer.wild import ALL_TILES_MASK, NUMBER_TILES_MASK, Wild
from scorer.wild.keyed import division_key, keyed_divisions
from scorer.wild.regular import logical_divisions
from testkit.wild import complete_tiles, regular_cases


def honours_and_pairs(first: int, code: int) -> int:
    """A key that reads more than 红中's: the group, the pair's rank by three, pungs and chows by
    rank."""
    out = 1 << min(first // 9, 3)
    if code < 0:
        return out | 1 << (4 + (-1 - code) % 3)
    return out | 1 << (8 + code % 18)


KEYS = ((hongzhong_key, None), (hongzhong_key, hongzhong_settle), (honours_and_pairs, None))


def expected(counts: tuple[int, ...], jokers: int, need: int, wild: Wild, key, settle, pair: bool = True):
    out = []
    seen = set()
    for codes, p in logical_divisions(counts, jokers, need, wild, pair):
        kk = division_key(codes, p, key, settle)
        if kk not in seen:
            seen.add(kk)
            out.append((kk, (codes, p)))
    return out


@settings(max_examples=150, derandomize=True, database=None, deadline=None)
@given(regular_cases())
def test_keyed_is_the_least_division_of_each_key(case) -> None:
    counts, jokers, need, wild, pair = case
    for key, settle in KEYS:
        got = keyed_divisions(counts, jokers, need, wild, key, pair, settle)
        assert got == expected(counts, jokers, need, wild, key, settle, pair)


def test_keyed_on_whole_hands() -> None:
    """Four sets and a pair with 0 to 4 jokers under the three books' kinds of joker."""
    rng = random.Random(17)
    kinds = (Wild(ALL_TILES_MASK, 4), Wild(NUMBER_TILES_MASK, 4), Wild(NUMBER_TILES_MASK, None))
    checked = 0
    for n in range(1500):
        wild = kinds[n % 3]
        jokers = rng.randint(0, 4)
        span = 27 if wild.stands_for == NUMBER_TILES_MASK else NUM_TILES
        counts = [0] * NUM_TILES
        for t in complete_tiles(rng, span, jokers):
            counts[t] += 1
        if max(counts) > 4:
            continue
        c = tuple(counts)
        key, settle = KEYS[n % 3]
        got = keyed_divisions(c, jokers, 4, wild, key, True, settle)
        assert got == expected(c, jokers, 4, wild, key, settle), (c, jokers, wild)
        checked += bool(got)
    assert checked > 500
