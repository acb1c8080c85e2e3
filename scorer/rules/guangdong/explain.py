"""Explaining a 广东推倒胡 score (``"explain": true``): the sets behind every item, the items left
out and by which, and the other readings weighed. An item of the whole hand (the flushes, 碰碰胡,
七对, 幺九, 四鬼胡, …) rests on every set, an item of how the hand was won on none, the dragon and
wind items on their honour sets and pair."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...context import Context
from ...hand import Hand
from ...result import Arrangement, Excluded, Explanation, Result, ScoredSet
from ...set_kind import KONG, PAIR, PUNG
from ...tiles import INDEX_OF_CODE, IS_DRAGON, IS_WIND
from ..table import Group
from .fan_id import GuangdongFan as G
from .fans import BY_ID, TABLE, values
from .options import GuangdongOptions
from .scoring import ENGINE, reading_sets, score_hand

MAX_ARRANGEMENTS = 10
Occ = tuple[int, ...]
NO_SET = TABLE.group(Group.NO_SET)
WHOLE_HAND = TABLE.group(Group.WHOLE_HAND)


def _occurrences(fan_id: str, count: int, sets: Sequence[ScoredSet]) -> tuple[Occ, ...]:
    if fan_id in NO_SET:
        return ((),) * count
    if fan_id in WHOLE_HAND:
        return (tuple(range(len(sets))),) * count
    honour = IS_DRAGON if fan_id in (G.SMALL_THREE_DRAGONS, G.BIG_THREE_DRAGONS) else IS_WIND
    return (tuple(k for k, s in enumerate(sets) if s.kind in (PUNG, KONG, PAIR) and honour[INDEX_OF_CODE[s.tiles[0]]]),)


def explain_hand(hand: Hand, context: Context, options: Any = None, /) -> Result:
    """The 广东推倒胡 book's ``explain``: the book's result, with its ``explanation``."""
    opts = options if options is not None else GuangdongOptions()
    result = score_hand(hand, context, opts)
    if not result.winning:
        return replace(result, explanation=Explanation((), (), ()))
    f, best, weighed = ENGINE.weighed(hand, context, opts)
    assert best is not None
    sets = result.decomposition
    fan_sets = tuple(_occurrences(fs.id, fs.count, sets) for fs in result.fans)
    worth = values(opts)
    excluded = []
    for fan_id, by in best.left_out.items():
        if not worth[fan_id]:
            continue
        row = BY_ID[fan_id]
        excluded.append(Excluded(fan_id, row.name, row.name_zh, by, "replaces", _occurrences(fan_id, 1, sets)))
    others = sorted((r for r in weighed if r is not best), key=lambda r: r.points, reverse=True)
    arrangements = tuple(Arrangement(r.points, r.total, ENGINE.breakdown(r.fans, opts), reading_sets(hand, f, r.shape))
                         for r in others[:MAX_ARRANGEMENTS])
    return replace(result, explanation=Explanation(fan_sets, tuple(excluded), arrangements))
