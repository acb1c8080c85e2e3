"""Explaining a Hangzhou score (``"explain": true``): the sets behind every item, the items left
out and by which, and the other readings weighed.

No Hangzhou item rests on some sets only: 爆头, 七对子, 豪华七对 and 无财神 are of the whole hand,
杠开, 财飘, 十风 and 四个白板 of how it was won (no set). The readings weighed are the other ways
the 财神 could be read (each scoring the same fan where no item depends on the sets).
"""

from __future__ import annotations

from dataclasses import replace

from ...context import Context
from ...hand import Hand
from ...result import Arrangement, Excluded, Explanation, Result
from ..table import Group
from .fans import BY_ID, TABLE, values
from .options import HangzhouOptions
from .scoring import EXPLAINING as ENGINE
from .scoring import reading_sets, score_hand

MAX_ARRANGEMENTS = 10
NO_SET = TABLE.group(Group.NO_SET)


def explain_hand(hand: Hand, context: Context, options: HangzhouOptions | None = None, /) -> Result:
    """The Hangzhou rule book's ``explain``: the book's result, with its ``explanation``."""
    opts = options if options is not None else HangzhouOptions()
    result = score_hand(hand, context, opts)
    if not result.winning:
        return replace(result, explanation=Explanation((), (), ()))
    f, best, weighed = ENGINE.weighed(hand, context, opts)
    assert best is not None
    whole = tuple(range(len(result.decomposition)))
    fan_sets = tuple(((),) * fs.count if fs.id in NO_SET else (whole,) * fs.count for fs in result.fans)
    worth = values(opts)
    excluded = tuple(Excluded(fan_id, BY_ID[fan_id].name, BY_ID[fan_id].name_zh, by, "replaces",
                              ((),) if fan_id in NO_SET else (whole,))
                     for fan_id, by in best.left_out.items() if worth[fan_id])
    others = [r for r in weighed if r is not best][:MAX_ARRANGEMENTS]
    arrangements = tuple(Arrangement(r.points, r.total, ENGINE.breakdown(r.fans, opts), reading_sets(hand, r.shape))
                         for r in others)
    return replace(result, explanation=Explanation(fan_sets, excluded, arrangements))
