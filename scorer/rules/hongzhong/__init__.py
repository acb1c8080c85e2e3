"""红中麻将 (red-dragon-wild mahjong) as one namespace: its fan table, options, birds and kong money.

    >>> import scorer
    >>> scorer.hongzhong.Options().max_fan, scorer.hongzhong.BY_ID["long_seven_pairs"].name_zh
    (4, '龙七对')

红中麻将 as a rule book: the 108 number tiles and four 中 (``C``), each 中 any number tile in each
reading (the joker engine, ``scorer.wild``), never in a meld and never a fifth copy among the
concealed tiles. The MIL 2024 competition table by default (``mil-2024``), the flat 转转-style room
as the preset ``zhuanzhuan``.

The package is the book's namespace (``scorer.hongzhong`` is the same module, an alias the top level
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
    "FanId": ("fan_id", "HongzhongFan"),
    "Kong": ("context", "Kong"),
    "Options": ("options", "HongzhongOptions"),
    "TABLE": ("fans", "TABLE"),
    "bird_hits": ("payouts", "bird_hits"),
    "kong_payouts": ("payouts", "kong_payouts"),
}

__all__ = ["BOOK", "BY_ID", "FANS", "TABLE", "FanId", "Kong", "Options", "bird_hits", "kong_payouts"]


_LAZY = LazyNames(__name__, _NAMES, globals(), __all__)


def __getattr__(name: str) -> Any:
    return _LAZY.get(name)


def __dir__() -> list[str]:
    return _LAZY.dir()
