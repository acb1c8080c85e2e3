"""Replay a game record: check every action, derive each win's context, score and settle.

The replay steps the record's actions through the referee (``scorer.records.referee``), whose
table keeps each seat's concealed tiles and melds, the wall, the discards and the tiles shown.
The first action that cannot have happened is a ``ScorerError`` (``illegal_action`` unless a more
precise code fits) pointing at ``/actions/N``, and nothing is settled: it is exactly an action
the referee's ``legal()`` would not have offered. Each win's context — self-drawn or the
discarder, kong replacement, robbing the kong, last tile, last copy, seat and prevalent wind,
flowers, the players out where winners leave — is derived from what happened, and the win is
scored by ``scorer.score`` (the code behind ``POST /v1/score``). The table's rules are the book's
(``RuleBook.play``, its hand size and tiles): where the first win ends the hand, that win's
payouts settle it; where winners leave and play goes on, the whole hand of play is settled by the
book's settlement from the kongs, wins and final holdings the replay derives. A record that stops
before the hand is over answers, beside that, what each seat may do next (``Replay.next``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .outcome import Replay, WinReplay
from .record import Record
from .referee import Referee

__all__ = ["Replay", "WinReplay", "replay"]


def replay(record: Record | Mapping[str, Any]) -> Replay:
    """Replay a record (a ``Record`` or its JSON body): the first illegal action is a
    ``ScorerError`` pointing at ``/actions/N``; else every win scored, the hand settled, and for
    a hand not over what may come next."""
    return Referee(record).result()
