"""Explaining a 红中 score (``"explain": true``): the sets behind every fan, the fans left out and
by which, and the other readings weighed. The decomposition already says which 中 stood for what
(``physical`` beside ``tiles``); a fan of the whole hand rests on every set, 杠上花 and 四红中 on
none, 一条龙 on its three chows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...context import Context
from ...hand import Hand
from ...result import Arrangement, Excluded, Explanation, Result, ScoredSet
from ...set_kind import CHOW
from ...tiles import RED
from ..table import Group
from ..tabled import TableReading
from .fan_id import HongzhongFan as F
from .fans import BY_ID, TABLE
from .options import HongzhongOptions
from .scoring import ENGINE, reading_sets, score_hand

MAX_ARRANGEMENTS = 10
Occ = tuple[int, ...]
NO_SET = TABLE.group(Group.NO_SET)
WHOLE_HAND = TABLE.group(Group.WHOLE_HAND)


def _straight(sets: Sequence[ScoredSet]) -> Occ:
    """一条龙's three chows: 123, 456 and 789 of one suit."""
    chows = {s.tiles[0]: k for k, s in enumerate(sets) if s.kind is CHOW}
    for suit in "msp":
        ks = [chows.get(f"{r}{suit}") for r in (1, 4, 7)]
        if all(k is not None for k in ks):
            return tuple(k for k in ks if k is not None)
    return ()


def _occurrences(fan_id: str, count: int, sets: Sequence[ScoredSet]) -> tuple[Occ, ...]:
    if fan_id in NO_SET:
        return ((),) * count
    if fan_id == F.PURE_STRAIGHT:
        return (_straight(sets),) * count
    return (tuple(range(len(sets))),) * count


def explain_hand(hand: Hand, context: Context, options: HongzhongOptions | None = None, /) -> Result:
    """The 红中 rule book's ``explain``: the book's result, with its ``explanation``."""
    opts = options if options is not None else HongzhongOptions()
    result = score_hand(hand, context, opts)
    if not result.winning:
        return replace(result, explanation=Explanation((), (), ()))
    f, best, weighed = ENGINE.weighed(hand, context, opts)
    assert best is not None
    sets = result.decomposition
    fan_sets = tuple(_occurrences(fs.id, fs.count, sets) for fs in result.fans)
    excluded = []
    for fan_id, by in best.left_out.items():
        row = BY_ID[fan_id]
        excluded.append(Excluded(fan_id, row.name, row.name_zh, by, "replaces", _occurrences(fan_id, 1, sets)))
    exposed = not context.self_drawn and hand.win != RED
    others: list[TableReading] = sorted((r for r in weighed if r is not best), key=lambda r: r.points, reverse=True)
    arrangements = tuple(Arrangement(r.points, r.total, ENGINE.breakdown(r.fans, opts),
                                     reading_sets(hand, r.shape, exposed)) for r in others[:MAX_ARRANGEMENTS])
    return replace(result, explanation=Explanation(fan_sets, tuple(excluded), arrangements))
