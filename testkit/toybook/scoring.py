"""The toy book's hooks on the table-driven loop (``scorer.rules.tabled``)."""

from __future__ import annotations

from typing import Any

from scorer.context import Context
from scorer.forms import Form
from scorer.hand import Hand
from scorer.result import Result
from scorer.rules.engine import meld_sets
from scorer.rules.tabled import TableEngine
from scorer.tiles import WINDS
from testkit.toybook.detect import Facts, Shape, shapes
from testkit.toybook.fans import TABLE
from testkit.toybook.options import ToyOptions


class _Toy(TableEngine):
    def facts(self, hand: Hand, ctx: Context, options: Any) -> Facts:
        return Facts(hand, ctx, options)

    def shapes(self, hand: Hand, f: Facts) -> list[Shape]:
        return shapes(f)

    def form_of(self, shape: Shape) -> Form:
        return shape.form

    def incomplete(self, hand: Hand, f: Facts) -> str:
        return "not a complete hand"

    def result(self, hand: Hand, ctx: Context, options: Any, f: Facts, best: Any) -> Result:
        seat = ctx.seat_wind.value
        payers = [w for w in WINDS if w != seat] if ctx.self_drawn else (
            [ctx.discarder.value] if ctx.discarder is not None else [])
        pay = None
        if payers:
            pay = dict.fromkeys(WINDS, 0)
            for p in payers:
                pay[p] -= best.total * options.stake
                pay[seat] += best.total * options.stake
        return Result(True, True, best.points, 0, best.total, self.breakdown(best.fans, options),
                      tuple(meld_sets(hand)), pay, None, "toy")


ENGINE = _Toy("toy", TABLE)


def score(hand: Hand, context: Context, options: Any = None, /) -> Result:
    return ENGINE.score(hand, context, options if options is not None else ToyOptions())
