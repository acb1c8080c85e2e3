"""How a hand is played at a book's table, as a game record's replay follows it: data a book
declares on its ``RuleBook`` (``play``), so the replay itself names no book.

Everything else the replay needs is in the book already: its hand size (``sets``), its tiles
(``honors``, ``flowers``, ``chows``, ``wall``), its context fields, its settlement.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..tiles import Wind


@dataclass(frozen=True)
class SeatAtWin:
    """What the replay's table knows of a win that a book's own context fields may be told from:
    the winner's seat, whether it is self-drawn, and whether on the seat's first tiles (no
    replacement, no meld, not the wall's last tile) and as the first action of the hand, how many
    tiles the seat has drawn, the suit it declared missing and the seats already out."""

    seat: Wind
    self_drawn: bool
    first_tiles: bool
    first_action: bool
    draws: int
    missing: str | None  # the suit the seat declared missing (定缺), where the record gives them
    others_out: tuple[Wind, ...]  # the seats that have won and left before this win


def _no_own_context(win: SeatAtWin) -> Mapping[str, object]:
    return {}


def _any_options(options: Any) -> None:
    return None


@dataclass(frozen=True)
class PlayRules:
    """The table's rules of play that a record's replay follows; the defaults are a plain table
    where the first win ends the hand and each win is paid by itself."""

    # A winner leaves the table and the others play on until the book's end (血战到底); the hand of
    # play is then settled whole from its kongs and wins (``RuleBook.settlement``, a body of
    # ``events`` and, at an exhausted wall, each player's holding).
    winners_leave: bool = False
    # Every claimant of a winning discard wins (一炮多响), instead of the one nearest after the
    # discarder (截和).
    several_win_one_discard: bool = False
    # Each seat declares a suit missing (定缺) and discards it before any other; it may not pung or
    # kong it. The record gives ``missing_suits``.
    missing_suit: bool = False
    # A win on the tile drawn to replace a flower counts as a win on a kong's replacement (槓上開花).
    flower_replacement_is_kong: bool = False
    # The option whose value "on" flags a win on the discard made right after the discarder's own
    # kong (呼叫转移), in the win's settlement event.
    kong_transfer_option: str | None = None
    # The win flags a settlement event carries, where the book settles events (its win's context).
    event_flags: tuple[str, ...] = ()
    # Refuse options under which the replay's table does not hold (a ``ScorerError`` at the option).
    check_options: Callable[[Any], None] = _any_options
    # The book's own context fields of a win, as the table tells them (``SeatAtWin``): Sichuan's
    # missing suit and seats out, 天胡 and 地胡. The table gives each the book reads under its options.
    own_context: Callable[[SeatAtWin], Mapping[str, object]] = _no_own_context
