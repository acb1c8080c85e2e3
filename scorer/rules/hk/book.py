"""Hong Kong mahjong (港式麻将) as a rule book: 3 to 13 fan, flowers by seat, limit hands."""

from __future__ import annotations

from ...forms import Form
from ..book import RuleBook, lazy_explain
from .context import FIELDS
from .fans import MAX_FAN, MIN_FAN, TABLE
from .options import PRESETS, HKOptions
from .scoring import clear_caches, score_hand

BOOK = RuleBook(
    name="hk",
    title="Hong Kong",
    title_zh="港式麻将",
    unit="fan",
    minimum=MIN_FAN,
    maximum=MAX_FAN,
    options_type=HKOptions,
    context_fields=frozenset({"prevalent_wind", "last_wall_tile", "kong_replacement", "robbing_kong"}),
    own_context=FIELDS,
    forms=(Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS),
    fans=TABLE,
    score=score_hand,
    clear_caches=clear_caches,
    flowers="named",
    explain=lazy_explain(__package__),
    rulings=("HK",),
    presets=PRESETS,
    fan_values=(0, MAX_FAN),
)

__all__ = ["BOOK", "HKOptions"]
