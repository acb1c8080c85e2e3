"""Taiwanese 16-tile mahjong (台灣十六張) as a rule book: 144 tiles with eight flowers, five sets and a
pair, 台 on a base (底 + 台 × stake), the dealer's 台 paid apart."""

from __future__ import annotations

from ...forms import Form
from ..book import RuleBook, lazy_explain
from ..playrules import PlayRules
from .context import FIELDS
from .fans import TABLE
from .options import PRESETS, TaiwanOptions
from .scoring import clear_caches, score_hand, score_held

BOOK = RuleBook(
    name="taiwan",
    title="Taiwanese 16-tile",
    title_zh="台灣十六張麻將",
    unit="tai",
    minimum=0,
    maximum=None,
    options_type=TaiwanOptions,
    context_fields=frozenset({"prevalent_wind", "last_wall_tile", "kong_replacement", "robbing_kong"}),
    own_context=FIELDS,
    optional_context=(("heavenly_hand", "heavenly_hand"), ("human_hand", "human_hand"),
                      ("heavenly_ready", "heavenly_ready"), ("earthly_ready", "earthly_ready")),
    forms=(Form.REGULAR, Form.EIGHT_AND_A_HALF_PAIRS),
    form_options=((Form.EIGHT_AND_A_HALF_PAIRS, "eight_and_a_half_pairs"),),
    fans=TABLE,
    score=score_hand,
    score_held=score_held,
    clear_caches=clear_caches,
    flowers="named",
    sets=5,
    explain=lazy_explain(__package__),
    rulings=("TW",),
    presets=PRESETS,
    fan_values=(0, 99),
    play=PlayRules(flower_replacement_is_kong=True),  # a flower's replacement wins as a kong's (槓上開花)
)

__all__ = ["BOOK", "TaiwanOptions"]
