"""The toy book's explanation: every fan rests on the whole hand or on none (its table's groups)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scorer.context import Context
from scorer.hand import Hand
from scorer.result import Explanation, Result
from scorer.rules.table import Group
from testkit.toybook.fans import TABLE
from testkit.toybook.scoring import score

NO_SET = TABLE.group(Group.NO_SET)


def explain_hand(hand: Hand, context: Context, options: Any = None, /) -> Result:
    r = score(hand, context, options)
    whole = tuple(range(len(r.decomposition)))
    sets = tuple(((),) * f.count if f.id in NO_SET else (whole,) * f.count for f in r.fans)
    return replace(r, explanation=Explanation(sets, (), ()))
