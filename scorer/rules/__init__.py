"""The rule books this library scores by, behind one small interface (``book.RuleBook``).

``RULESETS`` maps each book's name to it; ``rulebook(name)`` looks one up, refusing an unknown
name with an error that points at ``/ruleset``. Adding a book is a package here (its fan table,
detectors, an ``engine.Engine`` of its hooks, its ``RuleBook``), a namespace beside ``scorer.mcr``
and a line below: no view, CLI, page, error table or build change; ``tests/rules/test_book_shape.py``
holds it to the others' shape.
"""

from __future__ import annotations

from types import MappingProxyType

from ..context_field import DECLARED, declare
from ..errors import BAD_RULESET, ScorerError
from .book import OptionSpec, Preset, RuleBook, Settlement
from .guangdong.book import BOOK as GUANGDONG
from .hangzhou.book import BOOK as HANGZHOU
from .hk.book import BOOK as HK
from .hongzhong.book import BOOK as HONGZHONG
from .mcr.book import BOOK as MCR
from .sichuan.book import BOOK as SICHUAN
from .table import FanRow
from .taiwan.book import BOOK as TAIWAN

DEFAULT = "mcr"
_BOOKS: dict[str, RuleBook] = {b.name: b for b in (MCR, HK, SICHUAN, TAIWAN, HONGZHONG, GUANGDONG, HANGZHOU)}
RULESETS: MappingProxyType[str, RuleBook] = MappingProxyType(_BOOKS)
for _book in _BOOKS.values():
    declare(_book.own_context, _book.name)
_CHANGES = [0]  # how many times ``register`` and ``unregister`` changed the registry


def version() -> int:
    """A number that changes whenever a book is registered or taken out: what is derived from the
    registry (the request schemas' house rules, the served contract) is rebuilt when it moves."""
    return _CHANGES[0]


def register(book: RuleBook) -> None:
    """Add a rule book of one's own to the registry: the library scores, explains, waits and replays
    by it at once (``scorer.score(..., ruleset=book.name)``). The HTTP service reads the registry
    when it starts, so a book registered before ``create_app`` is served too."""
    if not isinstance(book, RuleBook):
        raise TypeError(f"register takes a RuleBook, not {type(book).__name__}")
    if book.name in _BOOKS:
        raise ValueError(f"a rule book named {book.name!r} is registered already")
    declare(book.own_context, book.name)  # its own context fields, known to ``Context`` from now on
    _BOOKS[book.name] = book
    _CHANGES[0] += 1


def unregister(name: str) -> None:
    """Take a book that ``register`` added out of the registry again (the books shipped here stay)."""
    if name in (*(b.name for b in (MCR, HK, SICHUAN, TAIWAN, HONGZHONG, GUANGDONG, HANGZHOU)),):
        raise ValueError(f"the rule book {name!r} ships with the library and stays")
    book = _BOOKS.pop(name, None)
    if book is not None:
        kept = {f.name for b in _BOOKS.values() for f in b.own_context}
        for f in book.own_context:
            if f.name not in kept:
                DECLARED.pop(f.name, None)
        _CHANGES[0] += 1


def rulebook(name: object) -> RuleBook:
    """The rule book called ``name``; a ``ScorerError`` at ``/ruleset`` for any other value."""
    book = RULESETS.get(name) if isinstance(name, str) else None
    if book is None:
        raise ScorerError(BAD_RULESET, f"ruleset must be one of {', '.join(RULESETS)}, got {name!r}", ("ruleset",))
    return book


__all__ = ["DEFAULT", "RULESETS", "FanRow", "OptionSpec", "Preset", "RuleBook", "Settlement", "register", "rulebook",
           "unregister", "version"]
