"""Explaining a Taiwanese score (``scorer.score(..., ruleset="taiwan", explain=True)``): the sets
behind every item, the items left out and by which, and the other readings weighed.

Only an explained request comes here. The engine is the one judge of what counts (its ``weighed``
gives every reading and the one that scores); this module says which sets make each occurrence,
from the table's explanation groups: an item of the whole hand (門清, 平胡, the flushes, 碰碰胡, …)
rests on every set, an item of how the hand was won or of its flowers on none, and an item of some
sets on those: each dragon or wind pung its own set, 大三元/小三元/大四喜/小四喜 their honour sets and
pair, the 暗刻 items the concealed pungs, the kong items the kongs, 獨聽 the set the winning tile
completes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...context import Context
from ...hand import Hand
from ...result import Arrangement, Excluded, Explanation, Result, ScoredSet
from ...set_kind import CHOW, KONG, PAIR, PUNG
from ...tiles import BY_CODE as _TILES
from ...tiles import INDEX, IS_DRAGON, IS_WIND
from ..table import Group
from ..tabled import TableReading
from .fan_id import TaiwanFan as T
from .fans import BY_ID, TABLE, values
from .options import TaiwanOptions
from .scoring import ENGINE, reading_sets, score_hand

MAX_ARRANGEMENTS = 10
Occ = tuple[int, ...]
NO_SET = TABLE.group(Group.NO_SET)
WHOLE_HAND = TABLE.group(Group.WHOLE_HAND)


def _tile(s: ScoredSet) -> int:
    return INDEX[_TILES[s.tiles[0]]]


def _pungs(sets: Sequence[ScoredSet]) -> list[int]:
    return [k for k, s in enumerate(sets) if s.kind in (PUNG, KONG)]


def set_occurrences(fan_id: str, count: int, hand: Hand, ctx: Context, sets: Sequence[ScoredSet]) -> tuple[Occ, ...]:
    """The sets behind each occurrence of an item of some sets."""
    pungs = _pungs(sets)
    pair = [k for k, s in enumerate(sets) if s.kind is PAIR]
    seat = INDEX[_TILES[ctx.seat_wind.value]]
    prevalent = INDEX[_TILES[ctx.prevalent_wind.value]]
    if fan_id == T.DRAGON_PUNG:
        return tuple((k,) for k in pungs if IS_DRAGON[_tile(sets[k])])
    if fan_id == T.WIND_PUNG:
        return tuple((k,) for k in pungs if IS_WIND[_tile(sets[k])])
    if fan_id == T.SEAT_WIND:
        return tuple((k,) for k in pungs if _tile(sets[k]) == seat)[:1]
    if fan_id == T.PREVALENT_WIND:
        return tuple((k,) for k in pungs if _tile(sets[k]) == prevalent)[:1]
    if fan_id in (T.BIG_THREE_DRAGONS, T.LITTLE_THREE_DRAGONS):
        return (tuple(k for k in (*pungs, *pair) if IS_DRAGON[_tile(sets[k])]),)
    if fan_id in (T.BIG_FOUR_WINDS, T.LITTLE_FOUR_WINDS):
        return (tuple(k for k in (*pungs, *pair) if IS_WIND[_tile(sets[k])]),)
    if fan_id in (T.THREE_CONCEALED_PUNGS, T.FOUR_CONCEALED_PUNGS, T.FIVE_CONCEALED_PUNGS):
        return (tuple(k for k in pungs if sets[k].concealed),)
    if fan_id in (T.FOUR_KONGS, T.FIVE_KONGS):
        return (tuple(k for k, s in enumerate(sets) if s.kind is KONG),)
    # 獨聽: the concealed chow or pair the winning tile completes
    win = hand.winning_tile.value
    melds = len(hand.melds)
    held = tuple(k for k, s in enumerate(sets) if k >= melds and s.kind in (CHOW, PAIR) and win in s.tiles)
    return (held[:1],) * count


def _occurrences(fan_id: str, count: int, hand: Hand, ctx: Context, sets: Sequence[ScoredSet]) -> tuple[Occ, ...]:
    if fan_id in NO_SET:
        return ((),) * count
    if fan_id in WHOLE_HAND:
        return (tuple(range(len(sets))),) * count
    return set_occurrences(fan_id, count, hand, ctx, sets)


def explain_hand(hand: Hand, context: Context, options: TaiwanOptions | None = None, /) -> Result:
    """The Taiwanese rule book's ``explain``: the book's result, with its ``explanation``."""
    opts = options if options is not None else TaiwanOptions()
    result = score_hand(hand, context, opts)
    if not result.winning:
        return replace(result, explanation=Explanation((), (), ()))
    f, best, weighed = ENGINE.weighed(hand, context, opts)
    assert best is not None
    sets = result.decomposition
    fan_sets = tuple(_occurrences(fs.id, fs.count, hand, context, sets) for fs in result.fans)
    worth = values(opts)
    excluded = []
    for fan_id, by in best.left_out.items():
        if not worth[fan_id]:
            continue
        row = BY_ID[fan_id]
        rule = "replaces" if any(fan_id in BY_ID[b].replaces for b in by) else "implied"
        excluded.append(Excluded(fan_id, row.name, row.name_zh, by, rule, _occurrences(fan_id, 1, hand, context, sets)))
    others: list[TableReading] = sorted((r for r in weighed if r is not best), key=lambda r: r.points, reverse=True)
    arrangements = tuple(Arrangement(r.points, r.total, ENGINE.breakdown(r.fans, opts), reading_sets(hand, r))
                         for r in others[:MAX_ARRANGEMENTS])
    return replace(result, explanation=Explanation(fan_sets, tuple(excluded), arrangements))

