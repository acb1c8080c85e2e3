"""Sichuan 血战到底 (Bloody to the End) as a rule book (the game site's rules page, seed 004): the
108 suited tiles, a declared missing suit, 0 to 5 fan by default, 2 to the power of the fan paid."""

from __future__ import annotations

from dataclasses import dataclass

from ...context import Context
from ...forms import Form
from ...hand import Hand
from ...result import Result
from ...tiles import HONOR_START, NUM_TILES
from ..book import RuleBook, option
from .fans import FANS, MAX_FAN
from .scoring import SUIT_INDEX, clear_caches, score_hand

FLOWER_PIG_PENALTY = 32  # 花猪 pays 32 × base points to each player who is not one


@dataclass(frozen=True)
class SichuanOptions:
    """The house rules a Sichuan table varies."""

    max_fan: int = option(MAX_FAN, "the fan cap: a win's base is 2 to the power of its fan, at most this",
                          minimum=1, maximum=13)
    flower_pig_penalty: int = option(
        FLOWER_PIG_PENALTY, "what a flower pig (花猪) pays each player who is not one at an exhausted wall, "
        "× base points", minimum=0, maximum=8192)


def score(hand: Hand, context: Context, options: SichuanOptions, /) -> Result:
    """The Sichuan rule book's ``score``."""
    return score_hand(hand, context, options.max_fan)


def explain(hand: Hand, context: Context, options: SichuanOptions, /) -> Result:
    """``explain.explain_hand``, imported on the first explained request: plain scoring never loads it."""
    from .explain import explain_hand

    return explain_hand(hand, context, options)


_HONOURS = frozenset(range(HONOR_START, NUM_TILES))
_DEAD = {s: _HONOURS | frozenset(range(9 * k, 9 * k + 9)) for s, k in SUIT_INDEX.items()}


def dead_tiles(context: Context) -> frozenset[int]:
    """The honours, and the missing suit's nine tiles: a win never holds them."""
    return _DEAD[context.missing_suit] if context.missing_suit is not None else _HONOURS


BOOK = RuleBook(
    name="sichuan",
    title="Sichuan Bloody to the End",
    title_zh="四川血战到底",
    unit="fan",
    minimum=0,
    maximum=MAX_FAN,
    options_type=SichuanOptions,
    context_fields=frozenset({"missing_suit", "out", "last_wall_tile", "kong_replacement", "robbing_kong"}),
    forms=(Form.REGULAR, Form.SEVEN_PAIRS),
    fan_table=FANS,
    score=score,
    dead_tiles=dead_tiles,
    clear_caches=clear_caches,
    flowers="none",
    honors=False,
    chows=False,
    explain=explain,
)
