"""Explaining a Sichuan score (``scorer.score(..., ruleset="sichuan", explain=True)``): the sets
behind every fan, the fan whose place 将对 took, and the other readings weighed.

Only an explained request comes here; plain scoring never loads this module. The engine is the one
judge of *what* counts: its ``weighed`` gives every reading and the one that scores (the most fan
before the cap, the first on a tie). This module says which sets make each occurrence:

- a hand-shape fan (平胡, 碰碰胡, 七对, 带幺九, 将对), 清一色 and 金钩钓 judge the whole hand: every
  entry;
- a 根 rests on the entries holding its four tiles: a kong alone; a pung and the chow or pair
  holding the fourth; four concealed tiles read as chows, each chow holding one; in seven pairs,
  the two pairs;
- the win events (杠上开花, 抢杠胡, 海底) rest on no set: ``[]`` each.

Excluded: 将对 takes the place of 碰碰胡 (``replaces``, the whole hand), and 海底炮, when it is on,
海底's (no set); nothing else in the table takes another's place or leaves one out. Of the optional
fans, 门清 and 中张 judge the whole hand, 夹心五 rests on the chow 4-5-6 of the winning 5, the others
on no set.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...context import Context
from ...hand import Hand
from ...result import Arrangement, Excluded, Explanation, Result, ScoredSet
from ...tiles import CODES, HONOR_START
from ..table import Group
from .fan_id import ALL_258_PUNGS, ALL_PUNGS, LAST_DISCARD, LAST_TILE, MIDDLE_FIVE
from .fans import BY_ID, TABLE
from .options import SichuanOptions
from .scoring import ENGINE, reading_sets, score_hand

MAX_ARRANGEMENTS = 10
Occ = tuple[int, ...]

NO_SET = TABLE.group(Group.NO_SET)  # fans that rest on no set: how the hand was won
WHOLE_HAND = TABLE.group(Group.WHOLE_HAND)  # fans that judge the whole hand: every set and the pair
REPLACES = "replaces"


def root_sets(hand: Hand, sets: Sequence[ScoredSet]) -> list[Occ]:
    """One occurrence per tile kind held four times, in tile order: the entries holding it."""
    counts = hand.counts()
    return [tuple(k for k, s in enumerate(sets) if CODES[i] in s.tiles)
            for i in range(HONOR_START) if counts[i] == 4]


def middle_five_set(hand: Hand, sets: Sequence[ScoredSet]) -> Occ:
    """夹心五's occurrence: the first chow 4-5-6 of the winning tile's suit."""
    w = hand.winning_tile.value
    run = (f"4{w[1]}", w, f"6{w[1]}")
    return next((k,) for k, s in enumerate(sets) if s.tiles == run)


def explain_hand(hand: Hand, context: Context, options: SichuanOptions | None = None, /) -> Result:
    """The Sichuan rule book's ``explain``: the book's result, with its ``explanation``."""
    opts = options if options is not None else SichuanOptions()
    result = score_hand(hand, context, opts)
    if not result.winning:
        return replace(result, explanation=Explanation((), (), ()))
    f, best, weighed = ENGINE.weighed(hand, context, opts)
    assert best is not None
    sets = reading_sets(hand, f, best)
    everything = tuple(range(len(sets)))
    fan_sets: list[tuple[Occ, ...]] = []
    for fs in result.fans:
        if fs.id in NO_SET:
            fan_sets.append(((),) * fs.count)
        elif fs.id in WHOLE_HAND:
            fan_sets.append((everything,) * fs.count)
        elif fs.id == MIDDLE_FIVE:  # the chow 4-5-6 of the winning 5
            fan_sets.append((middle_five_set(hand, sets),))
        else:  # 根, a fan of some sets
            fan_sets.append(tuple(root_sets(hand, sets)))
    excluded: tuple[Excluded, ...] = ()
    if best.fans.get(ALL_258_PUNGS):
        row = BY_ID[ALL_PUNGS]
        excluded = (Excluded(ALL_PUNGS, row.name, row.name_zh, (ALL_258_PUNGS,), REPLACES, (everything,)),)
    if best.fans.get(LAST_DISCARD):  # 海底炮 in 海底's place (RULINGS S21)
        row = BY_ID[LAST_TILE]
        excluded += (Excluded(LAST_TILE, row.name, row.name_zh, (LAST_DISCARD,), REPLACES, ((),)),)
    ranked = sorted((r for r in weighed if r is not best), key=lambda r: r.points, reverse=True)[:MAX_ARRANGEMENTS]
    arrangements = tuple(Arrangement(r.points, r.total, ENGINE.breakdown(r.fans, opts), reading_sets(hand, f, r))
                         for r in ranked)
    return replace(result, explanation=Explanation(tuple(fan_sets), excluded, arrangements))
