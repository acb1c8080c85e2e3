"""Mahjong Competition Rules (国标麻将), the default book, as one namespace: its fan table, its
options, a whole room of hands read and checked (``build_room``) and settled (``settle``).

    >>> import scorer
    >>> scorer.mcr.BY_ID["all_pungs"].points, scorer.mcr.MIN_POINTS
    (6, 8)

Mahjong Competition Rules (国标麻将): the 81-fan table as data (``fans``), its detectors
(``detect``), exclusion (``exclusion``), the best reading (``scoring``), payouts and a whole room
(``room``). ``BOOK`` is the rule book the layer (``scorer.rules``) registers.

The package is the book's namespace (``scorer.mcr`` is the same module, an alias the top level
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
    "Draw": ("room", "Draw"),
    "FANS": ("fans", "FANS"),
    "FanId": ("fan_id", "FanId"),
    "HandRecord": ("ledger", "HandRecord"),
    "Leave": ("room", "Leave"),
    "Ledger": ("ledger", "Ledger"),
    "MIN_POINTS": ("fans", "MIN_POINTS"),
    "McrOptions": ("options", "McrOptions"),
    "Options": ("options", "McrOptions"),
    "Player": ("room", "Player"),
    "ROOM_HAND_FIELDS": ("room", "ROOM_HAND_FIELDS"),
    "Room": ("room", "Room"),
    "Standing": ("ledger", "Standing"),
    "TABLE": ("fans", "TABLE"),
    "WIN_FIELDS": ("room", "WIN_FIELDS"),
    "Win": ("room", "Win"),
    "build_room": ("reading", "build_room"),
    "cache_info": ("scoring", "cache_info"),
    "settle": ("ledger", "settle"),
}

__all__ = [
    "BOOK", "BY_ID", "FANS", "MIN_POINTS", "ROOM_HAND_FIELDS", "TABLE", "WIN_FIELDS", "Draw", "FanId",
    "HandRecord", "Leave", "Ledger", "Options", "Player", "Room", "Standing", "Win", "build_room", "cache_info",
    "settle",
]


_LAZY = LazyNames(__name__, _NAMES, globals(), __all__)


def __getattr__(name: str) -> Any:
    return _LAZY.get(name)


def __dir__() -> list[str]:
    return _LAZY.dir()
