"""Hong Kong mahjong (港式麻将) as a rule book: 3 to 13 fan, flowers by seat, limit hands."""

from __future__ import annotations

from ...context import Context
from ...forms import Form
from ...hand import Hand
from ...result import Result
from ..book import RuleBook
from .fans import FANS, MAX_FAN, MIN_FAN
from .options import HKOptions
from .scoring import clear_caches, score_hand


def explain_hand(hand: Hand, context: Context, options: HKOptions | None = None, /) -> Result:
    """``explain.explain_hand``, imported on the first explained request: plain scoring never loads it."""
    from .explain import explain_hand as explain

    return explain(hand, context, options)


BOOK = RuleBook(
    name="hk",
    title="Hong Kong",
    title_zh="港式麻将",
    unit="fan",
    minimum=MIN_FAN,
    maximum=MAX_FAN,
    options_type=HKOptions,
    context_fields=frozenset({"prevalent_wind", "last_wall_tile", "kong_replacement", "robbing_kong"}),
    forms=(Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS),
    fan_table=tuple(f.row() for f in FANS),
    score=score_hand,
    clear_caches=clear_caches,
    flowers="named",
    explain=explain_hand,
)

__all__ = ["BOOK", "HKOptions"]
