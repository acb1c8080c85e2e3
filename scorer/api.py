"""The library's front door: score a hand by any rule book, and manage the caches."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .context import Context
from .hand import Hand
from .holding import Holding
from .result import Result
from .rules import DEFAULT, RULESETS, rulebook
from .shape import Kind, field_spec

_DEFAULT_CONTEXT: Final = Context()


# A scoring request's own field beside the hand, context, rule book and options: declared once, here;
# the service's request schema and the CLI's ``--explain`` are derived from it.
EXPLAIN_FIELD = field_spec("explain", Kind.BOOL, "also say which sets make each fan, which fans the counting "
                           "principles left out and why, and the other readings weighed")
SCORE_FIELDS = (EXPLAIN_FIELD,)


def read_hand(parts: Mapping[str, Any]) -> Hand | Holding:
    """A request's hand object: a ``Hand``, or a ``Holding`` when it gives no winning tile (a win
    by the flowers alone, which the rule book judges); errors name the field."""
    if "winning_tile" in parts:
        return Hand.build(**parts)
    return Holding.build(**parts)


def score(hand: Hand | Holding | str, context: Context | None = None, /, *, ruleset: object = DEFAULT,
          options: object = None, explain: bool = False, **context_fields: Any) -> Result:
    """Score a winning hand by a rule book: one of ``scorer.RULESETS``, ``scorer.rules.DEFAULT`` if none is named.

    ``hand`` is a ``Hand``, a ``Holding`` (a win that takes no tile: where the book has one, its
    ``score_held`` judges it, else a ``ScorerError`` at ``/hand/winning_tile``) or the reference
    notation (``"[222m1][444m2][666m3]88mWW8m"``); the context is a ``Context`` or its fields as
    keywords; ``options`` the book's house rules.
    ``explain=True`` adds the result's ``explanation`` (its ``to_dict`` gains each fan's ``sets``,
    ``excluded`` and ``arrangements``); without it nothing is computed for it.

    Raises ``ScorerError`` for an impossible hand, a contradictory context, an unknown rule book
    or option, or a context field the book has no use for; an incomplete hand is a normal result
    with ``winning`` false and a ``reason``.
    """
    # the registry read here, not through ``rulebook`` (plain Python, a call through the interpreter),
    # which is left to name an unknown book
    book = RULESETS.get(ruleset) if type(ruleset) is str else None
    if book is None:
        book = rulebook(ruleset)
    opts = book.parse_options(options)
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    elif not isinstance(hand, Hand) and not isinstance(hand, Holding):
        raise TypeError(f"hand must be a Hand, a Holding or a notation string, not {type(hand).__name__}")
    if context is None:
        context_fields = dict(book.context_of(context_fields))
        context = Context.build(**context_fields) if context_fields else _DEFAULT_CONTEXT
    elif not isinstance(context, Context):  # e.g. a seat wind or a dict given where the Context goes
        raise TypeError(f"context must be a Context or its fields as keywords, not {type(context).__name__}")
    elif context_fields:
        raise TypeError("give a Context or its fields as keywords, not both")
    book.check_size(hand.sets)
    book.check_context(context, opts)
    if isinstance(hand, Holding):  # no winning tile: nothing to explain but the win itself
        return book.held(hand, context, opts)
    if explain:
        return book.explained(hand, context, opts)
    return book.score(hand, context, opts)


def cache_info() -> dict[str, dict[str, int]]:
    """The caches' counters (``hits``, ``misses``, ``size``, ``maxsize``): ``result``, every rule
    book's result cache added up; ``decomposition``, the shared divisions and waits of concealed parts."""
    from . import decompose

    books = [book.cache_info() for book in RULESETS.values()]
    dec, w = (fn.cache_info() for fn in decompose.caches())
    return {"result": {k: sum(b[k] for b in books) for k in ("hits", "misses", "size", "maxsize")},
            "decomposition": {"hits": dec.hits + w.hits, "misses": dec.misses + w.misses,
                              "size": dec.currsize + w.currsize, "maxsize": (dec.maxsize or 0) + (w.maxsize or 0)}}


def clear_caches() -> None:
    """Empty every rule book's caches and the shared ones (benchmarks measure a cold start)."""
    from . import decompose

    for book in RULESETS.values():
        book.clear_caches()
    for fn in decompose.caches():
        fn.cache_clear()
