"""Sichuan 血战到底 (Bloody to the End) as one namespace: its fan table, options, and a whole hand
of play read and checked (``build_play``) and settled (``settle``).

    >>> import scorer
    >>> scorer.sichuan.Options().max_fan, scorer.sichuan.BY_ID["root"].name_zh
    (5, '根')

Sichuan 血战到底 (Bloody to the End): the rule book and the settlement of a whole hand of play.

The package is the book's namespace (``scorer.sichuan`` is the same module, an alias the top level
makes for every book of the registry); its names are loaded on first use, from the modules they
live in, so that registering the book loads no more than its ``RuleBook``.
"""

from __future__ import annotations

from typing import Any

from ..namespace import LazyNames

# each public name: (the module of this package it lives in, its name there)
_NAMES: dict[str, tuple[str, str]] = {
    "BOOK": ("book", "BOOK"),
    "BY_ID": ("fans", "BY_ID"),
    "EVENT_FIELDS": ("play", "EVENT_FIELDS"),
    "EventRecord": ("settlement", "EventRecord"),
    "Exhaustion": ("settlement", "Exhaustion"),
    "FANS": ("fans", "FANS"),
    "FanId": ("fan_id", "SichuanFan"),
    "Kong": ("play", "Kong"),
    "MAX_FAN": ("fans", "MAX_FAN"),
    "Options": ("options", "SichuanOptions"),
    "Payment": ("settlement", "Payment"),
    "Play": ("play", "Play"),
    "ReadyWin": ("settlement", "ReadyWin"),
    "Settlement": ("settlement", "Settlement"),
    "TABLE": ("fans", "TABLE"),
    "WINNER_FIELDS": ("play", "WINNER_FIELDS"),
    "WIN_FIELDS": ("play", "WIN_FIELDS"),
    "Win": ("play", "Win"),
    "Winner": ("play", "Winner"),
    "build_play": ("reading", "build_play"),
    "settle": ("settlement", "settle"),
}

__all__ = [
    "BOOK", "BY_ID", "EVENT_FIELDS", "FANS", "MAX_FAN", "TABLE", "WINNER_FIELDS", "WIN_FIELDS", "EventRecord",
    "Exhaustion", "FanId", "Kong", "Options", "Payment", "Play", "ReadyWin", "Settlement", "Win", "Winner",
    "build_play", "settle",
]


_LAZY = LazyNames(__name__, _NAMES, globals(), __all__)


def __getattr__(name: str) -> Any:
    return _LAZY.get(name)


def __dir__() -> list[str]:
    return _LAZY.dir()
