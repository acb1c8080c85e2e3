"""Taiwanese 16-tile mahjong (台灣十六張) as one namespace: its 台 table, options and payments.

    >>> import scorer
    >>> scorer.taiwan.Options().base, scorer.taiwan.BY_ID["concealed_self_drawn"].name_zh
    (30, '門清自摸')

Taiwanese 16-tile mahjong (台灣十六張麻將) as a rule book: five sets and a pair, flowers by seat,
台 counted on a base, the dealer's extra 台 paid between the dealer and the winner. Its fan table
(``fans``) drives the detection: each row names the function of ``detect`` that counts it, and
``scoring`` asks every row of every reading.

The package is the book's namespace (``scorer.taiwan`` is the same module, an alias the top level
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
    "FANS": ("fans", "FANS"),
    "FanId": ("fan_id", "TaiwanFan"),
    "Options": ("options", "TaiwanOptions"),
    "TABLE": ("fans", "TABLE"),
    "dealer_tai": ("payouts", "dealer_tai"),
}

__all__ = ["BOOK", "BY_ID", "FANS", "TABLE", "FanId", "Options", "dealer_tai"]


_LAZY = LazyNames(__name__, _NAMES, globals(), __all__)


def __getattr__(name: str) -> Any:
    return _LAZY.get(name)


def __dir__() -> list[str]:
    return _LAZY.dir()
