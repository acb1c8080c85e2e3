"""杭州麻将 (Hangzhou mahjong) as one namespace: its fan table, options and payments.

    >>> import scorer
    >>> scorer.hangzhou.Options().max_fan, scorer.hangzhou.BY_ID["baotou"].name_zh
    (4, '爆头')

The white dragon (白, ``P``) is the 财神, a joker that may be any tile (a fifth copy too) and is
never in a meld; wins are self-drawn only; a hand's fan are the exponent of its basic points
(底分 × 2^fan), capped at 4 by the MIL 2025 competition rules (the default preset) and uncapped by
the online platform's ``fan-calc``. The package is the book's namespace (``scorer.hangzhou``); its
names are loaded on first use.
"""

from __future__ import annotations

from typing import Any

from ..namespace import LazyNames

# each public name: (the module of this package it lives in, its name there)
_NAMES: dict[str, tuple[str, str]] = {
    "BOOK": ("book", "BOOK"),
    "BY_ID": ("fans", "BY_ID"),
    "FANS": ("fans", "FANS"),
    "FanId": ("fan_id", "HangzhouFan"),
    "Options": ("options", "HangzhouOptions"),
    "TABLE": ("fans", "TABLE"),
    "WILD": ("detect", "WILD"),
    "dealer_multiplier": ("payouts", "dealer_multiplier"),
}

__all__ = ["BOOK", "BY_ID", "FANS", "TABLE", "WILD", "FanId", "Options", "dealer_multiplier"]


_LAZY = LazyNames(__name__, _NAMES, globals(), __all__)


def __getattr__(name: str) -> Any:
    return _LAZY.get(name)


def __dir__() -> list[str]:
    return _LAZY.dir()
