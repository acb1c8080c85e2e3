"""The scoring loop, written once for every rule book.

A book's scoring is an ``Engine`` subclass that supplies data and hooks; the engine owns the loop:

    prepare (the book's checks, the context as the tiles prove it)
    → facts (what every reading of the hand shares, worked out once)
    → readings, by form, each with the book's fans after its exclusion
    → the cap on each reading → the better-of comparison, reading by reading
    → the result of the best (or the hand is not complete).

The values a result is made of are built here too, one way for every book: a breakdown entry
(``fan_score``) and a set (``scored_set`` and the shapes made of sets).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import _lru_cache_wrapper, lru_cache
from typing import Any, Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from ..caches import RESULT_CACHE_SIZE
from ..context import Context
from ..decompose import Division
from ..forms import Form
from ..hand import Hand
from ..result import FanScore, Result, ScoredSet
from ..set_kind import CHOW, KONG, PAIR, PUNG, SetKind
from ..tiles import CODES, NUM_TILES
from .table import FanTable

_SIZE: Final = {CHOW: 0, PUNG: 3, KONG: 4, PAIR: 2}  # copies of the first tile; 0: a run


# Sets and breakdown entries are values, made once each and handed out again. Their stores are plain
# dicts with cheap keys: the result of every hand reads a few of each, and a general cache's
# call (a key tuple of every argument, hashed) cost several times the lookup.
_SETS: Final[dict[SetKind, dict[int, ScoredSet]]] = {kind: {} for kind in _SIZE}


def scored_set(kind: SetKind, first: int, concealed: bool) -> ScoredSet:
    """Sets are values: one object per kind, first tile and concealment, made once."""
    made = _SETS[kind]
    key = first * 2 + (1 if concealed else 0)
    s = made.get(key)
    if s is None:
        n = _SIZE[kind]
        tiles = (CODES[first], CODES[first + 1], CODES[first + 2]) if n == 0 else (CODES[first],) * n
        s = made[key] = ScoredSet(kind, tiles, concealed)
    return s


def joker_set(kind: SetKind, first: int, concealed: bool, physical: tuple[str, ...]) -> ScoredSet:
    """A set that holds jokers: what it stands for (as ``scored_set``) and the tiles held for it,
    each joker as its own code (``ScoredSet.physical``)."""
    return ScoredSet(kind, scored_set(kind, first, concealed).tiles, concealed, physical)


def concealed_set(kind: SetKind, tiles: Iterable[int]) -> ScoredSet:
    """A concealed group of these tiles (a knitted straight's nine)."""
    return ScoredSet(kind, tuple(CODES[i] for i in tiles), True)


def whole_set(kind: SetKind, standing: tuple[int, ...]) -> ScoredSet:
    """The whole hand as one group (thirteen orphans, honours and knitted, nine gates)."""
    return concealed_set(kind, (i for i in range(NUM_TILES) for _ in range(standing[i])))


def pair_sets(standing: tuple[int, ...]) -> list[ScoredSet]:
    """Seven pairs' sets, in tile order (four of a kind is two pairs)."""
    return [scored_set(PAIR, i, True) for i in range(NUM_TILES) for _ in range(standing[i] // 2)]


def meld_sets(hand: Hand) -> list[ScoredSet]:
    return [scored_set(m.kind, m.index, m.concealed) for m in hand.melds]


def division_sets(hand: Hand, special: tuple[ScoredSet, ...], div: Division, exposed_pung: bool,
                  win: int) -> list[ScoredSet]:
    """A regular reading's sets: the melds, then ``special`` (a knitted straight), then the
    division's sets and its pair. ``exposed_pung``: the pung of the winning tile was completed by
    a discard, so it shows as exposed."""
    sets, pair = div
    out = meld_sets(hand)
    out.extend(special)
    for t, k in sets:
        if k is CHOW:
            out.append(scored_set(CHOW, t, True))
        else:
            out.append(scored_set(PUNG, t, not (exposed_pung and t == win)))
    out.append(scored_set(PAIR, pair, True))
    return out


# By table, then fan, then count and value as one int: three lookups of cheap keys (a table hashes by
# identity, a fan id's hash is kept by its string) where one tuple key was built and hashed per entry.
_SCORES: Final[dict[object, dict[str, dict[int, FanScore]]]] = {}


def fan_score(table: FanTable[Any], fan_id: str, count: int, points: int) -> FanScore:
    """A breakdown entry, made once for each book's fan, count and value: ``points`` -1 is the
    row's own (a limit hand's is the cap); ids as plain strings. Keyed by the table itself (a plain
    class: hashed by identity, and kept alive by the key, so no other table takes its place)."""
    if not 0 <= count < 1024 or points < -1:  # no fan scores so often, no value is below -1: not kept
        return _new_fan_score(table, fan_id, count, points)
    by_fan = _SCORES.get(table)
    if by_fan is None:
        by_fan = _SCORES[table] = {}
    by_value = by_fan.get(fan_id)
    if by_value is None:
        by_value = by_fan[fan_id] = {}
    key = (points + 1) * 1024 + count
    entry = by_value.get(key)
    if entry is None:
        entry = by_value[key] = _new_fan_score(table, fan_id, count, points)
    return entry


def _new_fan_score(table: FanTable[Any], fan_id: str, count: int, points: int) -> FanScore:
    fan = table.by_id[fan_id]
    return FanScore(fan.id.value, count, fan.points if points < 0 else points, fan.name, fan.name_zh)


# Books written outside this package subclass these in Python, the compiled build too: the compiled
# books keep their native method tables; only an interpreted subclass's calls go through Python.
@mypyc_attr(allow_interpreted_subclasses=True)
class Reading:
    """What the engine needs of one reading of a hand; a book's readings carry more (their fans,
    their sets) in a subclass. A plain class: compiled, its constructor is native code."""

    def __init__(self, form: Form, points: int, limit: bool = False) -> None:
        self.form = form
        self.points = points  # before the cap
        self.limit = limit  # a limit hand (worth the cap)
        self.total = points  # after the cap: set by the engine


FactsT = TypeVar("FactsT")
ReadingT = TypeVar("ReadingT", bound=Reading)


@mypyc_attr(allow_interpreted_subclasses=True)
class Engine(Generic[FactsT, ReadingT]):
    """One book's scoring: the loop is here, the book's hooks are what a subclass overrides."""

    def __init__(self, ruleset: str, limits: bool = False) -> None:
        self.ruleset = ruleset
        self.limits = limits  # the book has limit hands (a result says whether it is one)

    # --- the hooks ------------------------------------------------------------------------------
    def prepare(self, hand: Hand, context: Context, options: Any) -> Context:
        """The book's checks of what it has no place for, and the context for this hand."""
        return context.for_hand(hand)

    def facts(self, hand: Hand, ctx: Context, options: Any) -> FactsT:
        raise NotImplementedError

    def readings(self, hand: Hand, f: FactsT) -> list[ReadingT]:
        """Every reading of a complete hand by form, in the book's order, each with its fans
        after exclusion; none when the hand is not complete."""
        raise NotImplementedError

    def cap(self, options: Any) -> int:
        """The most a reading is worth; -1: no cap."""
        return -1

    def better(self, f: FactsT, cur: ReadingT, best: ReadingT) -> bool:
        """Whether ``cur`` beats the best so far: by default more before the cap, the first on a tie."""
        return cur.points > best.points

    def incomplete(self, hand: Hand, f: FactsT) -> str:
        """Why a hand with no reading does not win."""
        raise NotImplementedError

    def result(self, hand: Hand, ctx: Context, options: Any, f: FactsT, best: ReadingT) -> Result:
        """The best reading as the book reports it: its breakdown, validity, payouts."""
        raise NotImplementedError

    # --- the loop -------------------------------------------------------------------------------
    def best(self, hand: Hand, f: FactsT, cap: int, weighed: list[ReadingT] | None = None) -> ReadingT | None:
        """The best reading; ``weighed``, when given (explaining), receives every one looked at."""
        best: ReadingT | None = None
        for r in self.readings(hand, f):
            if cap >= 0 and r.points > cap:
                r.total = cap
            if weighed is not None:
                weighed.append(r)
            if best is None or self.better(f, r, best):
                best = r
        return best

    def score(self, hand: Hand, context: Context, options: Any) -> Result:
        ctx = self.prepare(hand, context, options)
        f = self.facts(hand, ctx, options)
        best = self.best(hand, f, self.cap(options))
        if best is None:
            return Result(False, False, 0, 0, 0, (), (), None, self.incomplete(hand, f), self.ruleset,
                          False if self.limits else None)
        return self.result(hand, ctx, options, f, best)

    def weighed(self, hand: Hand, context: Context, options: Any) -> tuple[FactsT, ReadingT | None, list[ReadingT]]:
        """For explaining (cold path, never cached): the hand's facts, the reading that scores, and
        every reading weighed, in the order they were looked at."""
        ctx = self.prepare(hand, context, options)
        f = self.facts(hand, ctx, options)
        weighed: list[ReadingT] = []
        return f, self.best(hand, f, self.cap(options), weighed), weighed


_RESULT_CACHES: Final[dict[str, _lru_cache_wrapper[Result]]] = {}  # by rule book: what ``cached`` made


def cached(engine: Engine[Any, Any], maxsize: int) -> _lru_cache_wrapper[Result]:
    """The engine's ``score`` behind a bounded cache keyed by (hand, context, options); its
    counters are the book's ``cache_info``."""
    fn = _RESULT_CACHES[engine.ruleset] = lru_cache(maxsize=maxsize)(engine.score)
    return fn


class BookEntry:
    """A book's front door on its engine, the same for every book: the book's default options when
    a call gives none, and the result cache (``scorer.caches``, off unless asked for) in front of
    ``Engine.score`` when it is on. ``score`` and ``clear_caches`` are its ``RuleBook``'s."""

    def __init__(self, engine: Engine[Any, Any], defaults: Any, maxsize: int = RESULT_CACHE_SIZE) -> None:
        self.engine = engine
        self.defaults = defaults
        self.caching = maxsize > 0  # when not, ``score`` calls the engine directly
        self.cached = cached(engine, maxsize)

    def score(self, hand: Hand, context: Context, options: Any = None, /) -> Result:
        """A checked ``Hand`` and ``Context`` scored under the book's options (its defaults when
        None); the options are part of the cache's key."""
        opts = options if options is not None else self.defaults
        if self.caching:
            return self.cached(hand, context, opts)
        return self.engine.score(hand, context, opts)  # a cache of size 0 is still a call through it

    def clear_caches(self) -> None:
        self.cached.cache_clear()


def result_cache_info(ruleset: str) -> dict[str, int]:
    """The counters of a book's result cache (all 0 for a book that keeps none)."""
    fn = _RESULT_CACHES.get(ruleset)
    if fn is None:
        return {"hits": 0, "misses": 0, "size": 0, "maxsize": 0}
    ci = fn.cache_info()
    return {"hits": ci.hits, "misses": ci.misses, "size": ci.currsize, "maxsize": ci.maxsize or 0}

