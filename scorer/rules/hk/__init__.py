"""Hong Kong mahjong (港式麻将) as one namespace: its fan table (limit hands first) and options.

    >>> import scorer
    >>> scorer.hk.Options().max_fan, scorer.hk.FanId.ALL_PUNGS.value
    (13, 'all_pungs')

Hong Kong mahjong (港式麻将) as a rule book, after the game site's rules page (seed 004): the
fan table as data (``fans``), small detectors by family (``detect``), the best reading
(``scoring``), the share tables and payments (``payouts``), the house rules (``options``).
``BOOK`` (``book``) is what the layer (``scorer.rules``) registers.

The package is the book's namespace (``scorer.hk`` is the same module, an alias the top level
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
    "FanId": ("detect", "HkFan"),
    "MAX_FAN": ("fans", "MAX_FAN"),
    "MIN_FAN": ("fans", "MIN_FAN"),
    "Options": ("options", "HKOptions"),
    "TABLE": ("fans", "TABLE"),
}

__all__ = ["BOOK", "BY_ID", "FANS", "MAX_FAN", "MIN_FAN", "TABLE", "FanId", "Options"]


_LAZY = LazyNames(__name__, _NAMES, globals(), __all__)


def __getattr__(name: str) -> Any:
    return _LAZY.get(name)


def __dir__() -> list[str]:
    return _LAZY.dir()
