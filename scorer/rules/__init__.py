"""The rule books this library scores by, behind one small interface (``book.RuleBook``).

``RULESETS`` maps each book's name to it; ``rulebook(name)`` looks one up, refusing an unknown
name with an error that points at ``/ruleset``. Adding a book is a package here (its fan table,
detectors, an ``engine.Engine`` of its hooks, its ``RuleBook``), a namespace beside ``scorer.mcr``
and a line below: no view, CLI, page, error table or build change; ``tests/test_book_shape.py``
holds it to the others' shape.
"""

from __future__ import annotations

from types import MappingProxyType

from ..errors import BAD_RULESET, ScorerError
from .book import OptionSpec, Preset, RuleBook, Settlement
from .hk.book import BOOK as HK
from .mcr.book import BOOK as MCR
from .sichuan.book import BOOK as SICHUAN
from .table import FanRow

DEFAULT = "mcr"
RULESETS: MappingProxyType[str, RuleBook] = MappingProxyType({b.name: b for b in (MCR, HK, SICHUAN)})


def rulebook(name: object) -> RuleBook:
    """The rule book called ``name``; a ``ScorerError`` at ``/ruleset`` for any other value."""
    book = RULESETS.get(name) if isinstance(name, str) else None
    if book is None:
        raise ScorerError(BAD_RULESET, f"ruleset must be one of {', '.join(RULESETS)}, got {name!r}", ("ruleset",))
    return book


__all__ = ["DEFAULT", "RULESETS", "FanRow", "OptionSpec", "Preset", "RuleBook", "Settlement", "rulebook"]
