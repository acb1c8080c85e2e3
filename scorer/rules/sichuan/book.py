"""Sichuan 血战到底 (Bloody to the End) as a rule book (the game site's rules page, seed 004): the
108 suited tiles, a declared missing suit, 0 to 5 fan by default, 2 to the power of the fan paid."""

from __future__ import annotations

from ...context import Context
from ...errors import BAD_OPTION, ScorerError
from ...forms import Form
from ...hand import Hand
from ...result import Result
from ...shape import fields_of
from ...tiles import HONOR_START, NUM_TILES
from ..book import RuleBook, Settlement, lazy_explain
from ..playrules import PlayRules
from .context import FIELDS, at_the_table
from .fans import MAX_FAN, TABLE
from .options import PRESETS, UNUSED_CONTEXT, SichuanOptions
from .play import EVENT_FLAGS, Play
from .reading import build_play
from .scoring import ERRORS, HONOUR_IN_SICHUAN, SUIT_INDEX, clear_caches, score_hand
from .settlement import settle


def score(hand: Hand, context: Context, options: SichuanOptions, /) -> Result:
    """The Sichuan rule book's ``score``."""
    return score_hand(hand, context, options)


_HONOURS = frozenset(range(HONOR_START, NUM_TILES))
_DEAD = {s: _HONOURS | frozenset(range(9 * k, 9 * k + 9)) for s, k in SUIT_INDEX.items()}


def dead_tiles(context: Context) -> frozenset[int]:
    """The honours, and the missing suit's nine tiles: a win never holds them."""
    suit = context.get("missing_suit")
    return _DEAD[suit] if suit is not None else _HONOURS


def replayable(options: SichuanOptions) -> None:
    """A 血流成河 record is not replayed (RULINGS T20): its winners play on, which the replay's table
    (a winner is out, 血战到底) does not follow."""
    if options.play == "xueliu":
        raise ScorerError(BAD_OPTION, "a 血流成河 record is not replayed: its winners play on, which the replay's "
                          "table (a winner is out, 血战到底) does not follow; settle its events with "
                          "POST /v1/sichuan/settle", ("options", "play"), ruleset="sichuan")


BOOK = RuleBook(
    name="sichuan",
    title="Sichuan Bloody to the End",
    title_zh="四川血战到底",
    unit="fan",
    minimum=0,
    maximum=MAX_FAN,
    options_type=SichuanOptions,
    context_fields=frozenset({"last_wall_tile", "kong_replacement", "robbing_kong", "last_copy"}),
    own_context=FIELDS,
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
    settlement=Settlement("hand of play", fields_of(Play), build_play, settle, aliases=("sichuan/settle",)),
    errors=ERRORS,
    honour_error=HONOUR_IN_SICHUAN,
    presets=PRESETS,
    unused_context=UNUSED_CONTEXT,
    fan_values=(0, 13),
    play=PlayRules(winners_leave=True, several_win_one_discard=True, missing_suit=True,
                   kong_transfer_option="kong_transfer", event_flags=EVENT_FLAGS, check_options=replayable,
                   own_context=at_the_table),
)
