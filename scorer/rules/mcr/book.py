"""Mahjong Competition Rules (国标麻将) as a rule book: the 81-fan table, 8 points to win."""

from __future__ import annotations

from dataclasses import dataclass

from ...context import Context
from ...forms import ALL_FORMS
from ...hand import Hand
from ...result import Result
from ..book import FanRow, RuleBook
from .fans import FANS, MIN_POINTS
from .scoring import clear_caches, score_hand


def explain_hand(hand: Hand, context: Context, options: object = None, /) -> Result:
    """``explain.explain_hand``, imported on the first explained request: plain scoring never loads it."""
    from .explain import explain_hand as explain

    return explain(hand, context, options)


@dataclass(frozen=True)
class McrOptions:
    """MCR takes no house rules: the reference calculator's rules, 8 points without flowers to win."""


BOOK = RuleBook(
    name="mcr",
    title="Mahjong Competition Rules",
    title_zh="国标麻将",
    unit="points",
    minimum=MIN_POINTS,
    maximum=None,
    options_type=McrOptions,
    context_fields=frozenset({"prevalent_wind", "last_copy", "last_wall_tile", "kong_replacement", "robbing_kong"}),
    forms=ALL_FORMS,
    fan_table=tuple(
        FanRow(f.id.value, f.name, f.name_zh, f.points, tuple(i.value for i in f.implies),
               tuple(i.value for i in f.implies_one))
        for f in FANS
    ),
    score=score_hand,
    clear_caches=clear_caches,
    explain=explain_hand,
)
