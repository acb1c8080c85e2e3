"""广东推倒胡 (Guangdong push-down) as a rule book: 136 tiles, ghosts (鬼牌) that stand for any kind,
pungs and kongs only, two tables — the app and table 推倒胡's doublings (default) and the MIL 2023
tournament's 19 fans — horses (买马) and liability (抢杠全包, 杠爆全包)."""

from __future__ import annotations

from ...forms import Form
from ..book import RuleBook, lazy_explain
from .context import FIELDS
from .fans import TABLE
from .options import PRESETS, GuangdongOptions
from .scoring import clear_caches, deal_wild, score_hand

BOOK = RuleBook(
    name="guangdong",
    title="Guangdong push-down",
    title_zh="广东推倒胡",
    unit="points",
    minimum=0,
    maximum=None,
    options_type=GuangdongOptions,
    context_fields=frozenset({"last_wall_tile", "kong_replacement", "robbing_kong"}),
    forms=(Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS),
    form_options=((Form.SEVEN_PAIRS, "seven_pairs"), (Form.THIRTEEN_ORPHANS, "thirteen_orphans")),
    fans=TABLE,
    score=score_hand,
    clear_caches=clear_caches,
    flowers="none",
    chows=False,
    explain=lazy_explain(__package__),
    rulings=("GD",),
    presets=PRESETS,
    own_context=FIELDS,
    wild=deal_wild,
)

__all__ = ["BOOK", "GuangdongOptions"]
