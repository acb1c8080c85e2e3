"""The Taiwanese book's waits and discard advice (``scorer.analyze`` on 16 and 17 tiles) held to the
search of every split (``testkit.shanten_search``, what the scorer answered before it read five-set
hands from the four-set tables) and to the book's own scoring of each wait."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import scorer
from scorer.holding import Holding
from scorer.tiles import ALL_TILES
from testkit import shanten_search as searched
from testkit.hands.books import taiwan_request

OPTIONS = [pytest.param({}, id="default"), pytest.param({"eight_and_a_half_pairs": 8}, id="eight-and-a-half-pairs")]


def _holdings(seed: int) -> Iterator[Holding]:
    """Complete hands less their winning tile (16 tiles, mostly ready), the same hands whole (17
    tiles to discard from), and 16 tiles drawn at random (mostly far from ready)."""
    rnd = random.Random(seed)
    for _ in range(8):
        hand = taiwan_request(rnd)["hand"]
        melds = hand["melds"]
        yield Holding.build(hand["concealed"], melds)
        yield Holding.build(hand["concealed"] + hand["winning_tile"], melds)
    wall = [t.value for t in ALL_TILES for _ in range(4)]
    for _ in range(4):
        yield Holding.build("".join(rnd.sample(wall, 16)))


def _searched(h: Holding, options: dict[str, Any]) -> tuple[int, list[scorer.Tile]]:
    """The least shanten over the book's forms and the tiles that lower it, by search."""
    standing = h.standing_counts()
    per = [searched.regular(standing, len(h.melds), 5)]
    if options and not h.melds:
        per.append(searched.eight_and_a_half_pairs(standing))
    least = min(s for s, _ in per)
    useful = sorted({t for s, u in per if s == least for t in u})
    return least, [ALL_TILES[i] for i in useful]


def _check(outlook: scorer.Outlook, h: Holding, options: dict[str, Any]) -> None:
    least, useful = _searched(h, options)
    assert outlook.shanten == least, h
    if least > 0:
        assert sorted(u.tile.index for u in outlook.useful or ()) == [t.index for t in useful], h
        return
    waits = outlook.waits or ()
    assert sorted(w.tile.index for w in waits) == [t.index for t in useful], h
    for w in waits:  # each wait wins, on a discard and self-drawn
        assert w.discard is not None and w.discard.winning, (h, w.tile)
        assert w.self_drawn is not None and w.self_drawn.winning, (h, w.tile)


@pytest.mark.parametrize("options", OPTIONS)
def test_waits_and_useful_tiles_are_the_searched_ones(options: dict[str, Any]) -> None:
    for h in _holdings(11):
        a = scorer.analyze(h, ruleset="taiwan", options=options)
        if h.waiting:
            assert a.outlook is not None
            _check(a.outlook, h, options)
            continue
        assert a.discards is not None and len(a.discards) == len(set(h.concealed))
        for d in a.discards:
            rest = list(h.concealed)
            rest.remove(d.tile)
            _check(d.outlook, Holding(tuple(rest), h.melds), options)
        # 17 tiles win when some discard leaves a hand waiting on that very tile
        wins = any(d.tile in [w.tile for w in d.outlook.waits or ()] for d in a.discards)
        assert (a.win is not None) == wins, h


@pytest.mark.parametrize("options", OPTIONS)
def test_a_sixteen_tile_hand_all_in_one_suit(options: dict[str, Any]) -> None:
    """One suit of 16 and 17 tiles: past the four-set tables' 14 tiles a suit, so only its own sets
    are set aside; the nine-gates-like shapes wait on many tiles."""
    for tiles in ("1112345678999m556m", "1122334455667788m", "1112223334445556m", "11223344556677889m"):
        h = Holding.parse(tiles)
        a = scorer.analyze(h, ruleset="taiwan", options=options)
        if a.outlook is not None:
            _check(a.outlook, h, options)
        for d in a.discards or ():
            rest = list(h.concealed)
            rest.remove(d.tile)
            _check(d.outlook, Holding(tuple(rest), h.melds), options)
