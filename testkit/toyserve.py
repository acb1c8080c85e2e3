"""The service with two books of the tests' own registered (the served app of the browser test of a
book's own context fields and jokers): gunicorn runs ``testkit.toyserve:create_app()``.

* the toy book (``testkit.toybook``) as the recipe made it, with its own field ``toy_doubles``
  (an integer, 0-3: the stake doubled that many times);
* ``toyjokers``: the same table and scoring under another name, listing the red dragon as its
  joker and declaring the joker books' shared ``birds`` field besides ``toy_doubles``. It scores a
  red dragon as a red dragon (the toy engine knows no jokers): it is here to show what
  ``GET /v1/rulesets`` says of a joker book (``jokers``, a tiles field) and that the request the
  page builds from it is taken.

Books are registered before the service is imported: the service reads the registry when it starts.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from scorer.rules import RULESETS, register
from scorer.rules.engine import BookEntry
from scorer.rules.fields import BIRDS
from testkit.toybook.book import BOOK as TOY
from testkit.toybook.context import DOUBLES
from testkit.toybook.fans import TABLE
from testkit.toybook.options import ToyOptions
from testkit.toybook.scoring import _Toy

if TYPE_CHECKING:
    from flask import Flask

    from scorer.context import Context
    from scorer.hand import Hand
    from scorer.result import Result

JOKERS_ENTRY = BookEntry(_Toy("toyjokers", TABLE), ToyOptions())  # its answers name it, not "toy"


def _explain(hand: Hand, context: Context, options: Any = None, /) -> Result:
    """The toy book's explanation, answered under this book's name."""
    from testkit.toybook.explain import explain_hand

    return replace(explain_hand(hand, context, options), ruleset="toyjokers")


TOY_JOKERS = replace(TOY, name="toyjokers", title="Toy sixteen with jokers", jokers=("C",),
                     own_context=(DOUBLES, BIRDS), score=JOKERS_ENTRY.score, explain=_explain)


def create_app() -> Flask:
    for book in (TOY, TOY_JOKERS):
        if book.name not in RULESETS:
            register(book)
    from service import create_app as make

    return make()
