"""广东推倒胡 (Guangdong push-down mahjong) as one namespace: its two tables, ghosts, horses and payments.

    >>> import scorer
    >>> scorer.guangdong.Options().ghosts, scorer.guangdong.BY_ID["four_ghosts"].name_zh
    ('white', '四鬼胡')

The book scores every reading of a hand with its ghosts resolved (``scorer.wild``) and keeps the
best: under ``table: common`` a flat win doubled by 自摸, 杠上开花 and 抢杠胡; under ``table: mil``
(preset ``mil-2023``) the MIL 2023 table's additive fans with its minimums. Its fan table
(``fans``) drives the detection: each row names the function of ``detect`` that counts it.
"""

from __future__ import annotations

from typing import Any

from ..namespace import LazyNames

# each public name: (the module of this package it lives in, its name there)
_NAMES: dict[str, tuple[str, str]] = {
    "BOOK": ("book", "BOOK"),
    "BY_ID": ("fans", "BY_ID"),
    "FANS": ("fans", "FANS"),
    "FanId": ("fan_id", "GuangdongFan"),
    "Options": ("options", "GuangdongOptions"),
    "TABLE": ("fans", "TABLE"),
    "horse_hits": ("payouts", "horse_hits"),
}

__all__ = ["BOOK", "BY_ID", "FANS", "TABLE", "FanId", "Options", "horse_hits"]


_LAZY = LazyNames(__name__, _NAMES, globals(), __all__)


def __getattr__(name: str) -> Any:
    return _LAZY.get(name)


def __dir__() -> list[str]:
    return _LAZY.dir()
