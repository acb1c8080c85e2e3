"""Sichuan 血战到底 (Bloody to the End) as a rule book (the game site's rules page, seed 004): the
108 suited tiles, a declared missing suit, 0 to 5 fan by default, 2 to the power of the fan paid."""

from __future__ import annotations

from ...context import Context
from ...forms import Form
from ...hand import Hand
from ...result import Result
from ...shape import fields_of
from ...tiles import HONOR_START, NUM_TILES
from ..book import RuleBook, Settlement, lazy_explain
from .fans import MAX_FAN, TABLE
from .options import PRESETS, UNUSED_CONTEXT, SichuanOptions
from .play import Play
from .scoring import ERRORS, HONOUR_IN_SICHUAN, SUIT_INDEX, clear_caches, score_hand
from .settlement import settle


def score(hand: Hand, context: Context, options: SichuanOptions, /) -> Result:
    """The Sichuan rule book's ``score``."""
    return score_hand(hand, context, options)


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
    context_fields=frozenset({"missing_suit", "out", "last_wall_tile", "kong_replacement", "robbing_kong",
                              "heavenly_hand", "earthly_hand", "last_copy"}),
    optional_context=(("heavenly_hand", "heavenly_hand"), ("earthly_hand", "earthly_hand"), ("last_copy", "last_copy")),
    forms=(Form.REGULAR, Form.SEVEN_PAIRS),
    fans=TABLE,
    score=score,
    dead_tiles=dead_tiles,
    clear_caches=clear_caches,
    flowers="none",
    honors=False,
    chows=False,
    explain=lazy_explain(__package__),
    rulings=("S", "T"),
    settlement=Settlement("hand of play", fields_of(Play), Play.build, settle),
    errors=ERRORS,
    honour_error=HONOUR_IN_SICHUAN,
    presets=PRESETS,
    unused_context=UNUSED_CONTEXT,
)
