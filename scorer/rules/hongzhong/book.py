"""红中麻将 (red-dragon-wild mahjong) as a rule book (the 红中 rule document): 108 number tiles and
four 中 that stand for any number tile, no chow melds, self-drawn wins only in the MIL 2024
competition table (the default), fans capped at 4 paid as 2^fan with birds; the flat 转转-style
room as a preset."""

from __future__ import annotations

from typing import Any

from ...context import Context
from ...forms import Form
from ...tiles import RED
from ...wild import Wild
from ..book import RuleBook, lazy_explain
from .context import ERRORS, FIELDS, HONOUR_IN_HONGZHONG, RULESET
from .detect import CAPPED, UNCAPPED
from .fans import TABLE
from .options import CONCEALED_FOUR, PRESETS, HongzhongOptions
from .scoring import clear_caches, score_hand


def wild(options: Any, context: Context) -> tuple[Wild, int]:
    """The 中 as the waits read them: any number tile, no fifth copy unless ``joker_limit`` is
    none; the one kind that is wild."""
    return CAPPED if options.joker_limit == CONCEALED_FOUR else UNCAPPED, 1 << RED


BOOK = RuleBook(
    name=RULESET,
    title="Hongzhong, red dragons wild",
    title_zh="红中麻将",
    unit="fan",
    minimum=0,
    maximum=4,
    options_type=HongzhongOptions,
    context_fields=frozenset({"kong_replacement", "robbing_kong"}),
    optional_context=(("heavenly_hand", "four_red_win"), ("earthly_hand", "four_red_win")),
    forms=(Form.REGULAR, Form.SEVEN_PAIRS),
    form_options=((Form.SEVEN_PAIRS, "seven_pairs"),),
    fans=TABLE,
    score=score_hand,
    clear_caches=clear_caches,
    flowers="none",
    honors=False,
    chows=False,
    explain=lazy_explain(__package__),
    rulings=("HZ",),
    errors=ERRORS,
    honour_error=HONOUR_IN_HONGZHONG,
    presets=PRESETS,
    own_context=FIELDS,
    jokers=("C",),
    wild=wild,
)

__all__ = ["BOOK", "HongzhongOptions"]
