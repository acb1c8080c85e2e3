"""杭州麻将 as a rule book: 136 tiles without flowers, 白 (P) the 财神 in every hand, self-drawn
wins only, fan as the exponent of 底分 × 2^fan, 老庄 dealer multipliers and 三吃承包."""

from __future__ import annotations

from ...forms import Form
from ..book import RuleBook, lazy_explain
from .context import FIELDS
from .detect import JOKER_MASK, WILD
from .fans import TABLE
from .options import PRESETS, HangzhouOptions
from .scoring import clear_caches, score_hand, score_held

BOOK = RuleBook(
    name="hangzhou",
    title="Hangzhou",
    title_zh="杭州麻将",
    unit="fan",
    minimum=0,
    maximum=4,
    options_type=HangzhouOptions,
    context_fields=frozenset({"kong_replacement", "robbing_kong"}),  # and its own, with dealer_streak (老庄, §1)
    optional_context=(("ten_winds", "ten_winds"),),
    forms=(Form.REGULAR, Form.SEVEN_PAIRS),
    fans=TABLE,
    score=score_hand,
    score_held=score_held,
    clear_caches=clear_caches,
    flowers="none",
    explain=lazy_explain(__package__),
    rulings=("HZH",),
    presets=PRESETS,
    own_context=FIELDS,
    jokers=("P",),
    self_drawn_default=True,
    wild=lambda options, context: (WILD, JOKER_MASK),  # the 财神 is 白 in every deal
)

__all__ = ["BOOK", "HangzhouOptions"]
