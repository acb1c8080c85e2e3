"""The toy book's hooks on the table-driven loop (``scorer.rules.tabled``)."""

from __future__ import annotations

from typing import Any

from scorer.context import Context
from scorer.forms import Form
from scorer.hand import Hand
from scorer.result import Result, ScoredSet
from scorer.rules.engine import BookEntry, division_sets, pair_sets, scored_set
from scorer.rules.tabled import TableEngine, TableReading
from scorer.set_kind import PUNG
from testkit.toybook.detect import Facts, Shape, shapes
from testkit.toybook.fans import TABLE
from testkit.toybook.options import ToyOptions
from testkit.toybook.payouts import payouts


def reading_sets(hand: Hand, f: Facts, shape: Shape) -> tuple[ScoredSet, ...]:
    """The reading's sets, as every book answers them (``decomposition``): the melds, the concealed
    sets and the pair (a pung a discard completed shown exposed); the pairs form as its triplet and pairs."""
    if shape.div is None:
        t = f.standing.index(3)
        rest = list(f.standing)
        rest[t] = 0
        return (scored_set(PUNG, t, True), *pair_sets(tuple(rest)))
    return tuple(division_sets(hand, (), shape.div, not f.ctx.self_drawn, hand.win))


class _Toy(TableEngine):
    def facts(self, hand: Hand, ctx: Context, options: Any) -> Facts:
        return Facts(hand, ctx, options)

    def shapes(self, hand: Hand, f: Facts) -> list[Shape]:
        return shapes(f)

    def form_of(self, shape: Shape) -> Form:
        return shape.form

    def incomplete(self, hand: Hand, f: Facts) -> str:
        return "not a complete hand"

    def result(self, hand: Hand, ctx: Context, options: Any, f: Facts, best: TableReading) -> Result:
        by = ctx.discarder.value if ctx.discarder is not None else None
        pay = payouts(best.total, ctx.seat_wind.value, ctx.self_drawn, by, options.stake << ctx.get("toy_doubles"))
        return Result(True, True, best.points, 0, best.total, self.breakdown(best.fans, options),
                      reading_sets(hand, f, best.shape), pay, None, self.ruleset)


ENGINE = _Toy("toy", TABLE)


ENTRY = BookEntry(ENGINE, ToyOptions())  # the defaults and the result cache, as every book has them
score = ENTRY.score
