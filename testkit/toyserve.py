"""The service with two books of the tests' own registered (the served app of the browser tests of a
book's own context fields and jokers): gunicorn runs ``testkit.toyserve:create_app()``.

* the toy book (``testkit.toybook``) as the recipe made it, with its own field ``toy_doubles``
  (an integer, 0-3: the stake doubled that many times);
* ``toyjokers``: the toy book with the red dragon as its joker (``RuleBook.jokers``), declaring the
  joker books' shared ``birds`` field besides ``toy_doubles``. A hand holding red dragons is read
  by the joker engine (``scorer.wild.readings``: each joker any tile, four copies at most); each
  reading's tiles are scored by the toy table, the best kept, and the sets that held a joker say
  so (``ScoredSet.physical``), as the joker books answer; its own answer fields are how many jokers
  were held (``jokers_held``) and what they stood for (``stood_for``). Birds are taken and not
  scored: the toy table has no birds.

Books are registered before the service is imported: the service reads the registry when it starts.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from scorer.hand import Hand
from scorer.result import Explanation, Result, ScoredSet
from scorer.rules import RULESETS, register
from scorer.rules.engine import BookEntry
from scorer.rules.fields import BIRDS
from scorer.tiles import INDEX_OF_CODE, Tile
from scorer.wild import Wild, counts_and_jokers, readings
from testkit.toybook.book import BOOK as TOY
from testkit.toybook.context import DOUBLES
from testkit.toybook.fans import TABLE
from testkit.toybook.options import ToyOptions
from testkit.toybook.scoring import _Toy

if TYPE_CHECKING:
    from flask import Flask

    from scorer.context import Context

JOKER = "C"
WILD = Wild()  # a joker is any tile, no fifth copy of one
JOKERS_ENTRY = BookEntry(_Toy("toyjokers", TABLE), ToyOptions())  # its answers name it, not "toy"


def score(hand: Hand, context: Context, options: Any = None, /) -> Result:
    """The best of the toy table's scores over every reading of the jokers held (none: the toy
    book's score); the sets that held a joker carry ``physical``."""
    held = [t.index for t in hand.concealed] + [hand.winning_tile.index]
    counts, jokers = counts_and_jokers(held, 1 << INDEX_OF_CODE[JOKER])
    if jokers == 0:
        return JOKERS_ENTRY.score(hand, context, options)
    best: Result | None = None
    concealed = [t for t in hand.concealed if t.value != JOKER]
    for reading in readings(counts, jokers, TOY.sets - len(hand.melds), WILD):
        stood = [Tile.at(i) for i in reading.stands_for()]
        # a joker won on stands for the last tile it could be; the others join the standing tiles
        won_on_joker = hand.winning_tile.value == JOKER
        win = stood[-1] if won_on_joker else hand.winning_tile
        read = Hand(tuple(concealed + (stood[:-1] if won_on_joker else stood)), hand.melds, win)
        r = JOKERS_ENTRY.score(read, context, options)
        if best is None or r.total > best.total:
            best = _held(r, len(hand.melds), [t.value for t in stood])
            # the book's own answer fields: how many jokers were held, and the tiles they stood for
            best = replace(best, extras=(*best.extras, ("jokers_held", jokers),
                                         ("stood_for", [t.value for t in stood])))
    # no reading completes it: the toy book's answer for the tiles as they are (not a complete hand)
    return best if best is not None else JOKERS_ENTRY.score(hand, context, options)


def _held(r: Result, melds: int, stood: list[str]) -> Result:
    """``r`` with each tile a joker stood for shown held as the joker, in the first concealed set
    (after the melds, which hold none) with that tile in a place no joker took yet."""
    sets = list(r.decomposition)
    physical = [list(s.tiles) for s in sets]
    for code in stood:
        for k in range(melds, len(sets)):
            if code in physical[k]:
                physical[k][physical[k].index(code)] = JOKER
                break
    out = tuple(s if list(s.tiles) == p else ScoredSet(s.kind, s.tiles, s.concealed, tuple(p))
                for s, p in zip(sets, physical, strict=True))
    return replace(r, decomposition=out)


def explain(hand: Hand, context: Context, options: Any = None, /) -> Result:
    """As the toy book explains: every fan rests on the whole hand or on none."""
    from testkit.toybook.explain import NO_SET

    r = score(hand, context, options)
    if not r.winning:
        return r
    whole = tuple(range(len(r.decomposition)))
    sets = tuple(((),) * f.count if f.id in NO_SET else (whole,) * f.count for f in r.fans)
    return replace(r, explanation=Explanation(sets, (), ()))


TOY_JOKERS = replace(TOY, name="toyjokers", title="Toy sixteen with jokers", jokers=(JOKER,),
                     own_context=(DOUBLES, BIRDS), score=score, explain=explain)


def create_app() -> Flask:
    for book in (TOY, TOY_JOKERS):
        if book.name not in RULESETS:
            register(book)
    from service import create_app as make

    return make()
