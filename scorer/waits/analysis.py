"""What a hand between turns can win on, and for how much: shanten, useful tiles, waits scored
both ways, and which tile to discard.

``analyze`` takes 13 tiles (a hand waiting: its ``Outlook``) or 14 (a hand about to discard: an
``Outlook`` per distinct discard, best first, and the win if the 14 already win); 16 and 17 in a
16-tile rule book. Shanten and
useful tiles are ``scorer.shanten``'s, i.e. the reference calculator's; every wait is scored by
``scorer.score`` twice, on a discard and self-drawn, with 和绝张 (last copy) decided per wait from
the tiles: the winning tile is the last copy when the other three are in the hand's melds or
among the ``visible`` tiles (a copy among the concealed tiles disproves it, as in ``score``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Final

from ..context import Context
from ..context_field import DECLARED
from ..errors import BAD_VALUE, ScorerError
from ..forms import ALL_FORMS, Form
from ..hand import Hand
from ..holding import Holding, visible_counts
from ..result import Result
from ..rules import DEFAULT, RuleBook, rulebook
from ..shape import FieldSpec, Kind, field_spec, fields_of
from ..tiles import ALL_TILES, BY_CODE, DISPLAY_INDICES, DISPLAY_ORDER, HONOR_START, INDEX, NUM_TILES, Tile
from ..wild import counts_and_jokers
from ..wild.outlook import outlook as wild_outlook
from . import shanten

# The shared context fields that hold for every wait, and the books' own fields declared so
# (``ContextField.waits``: Sichuan's missing suit); the rest (self_drawn, discarder, last_copy, the
# win events, a book's own fields of one win) belong to one particular win, so they are decided
# per wait, never given.
SHARED_CONTEXT: Final = ("seat_wind", "prevalent_wind", "base_points")
_PER_WIN: Final = tuple(f.name for f in fields(Context) if f.init and f.name not in SHARED_CONTEXT)
_DEFAULT: Final = Context()
# Each tile's and form's code as a plain str: reading an enum member's ``value`` is a property call.
CODE: Final[dict[Tile, str]] = {t: t.value for t in ALL_TILES}
FORM_NAME: Final[dict[Form, str]] = {f: f.value for f in Form}

# The question as a request asks it (POST /v1/waits): declared once here, from Holding's and
# Context's own declarations.
def wait_context_fields() -> tuple[FieldSpec, ...]:
    """The context a waits request may give: the shared fields of ``SHARED_CONTEXT``, then the
    registered books' own fields that hold for every wait."""
    return (*(s for s in fields_of(Context) if s.name in SHARED_CONTEXT),
            *(f.spec for f in DECLARED.values() if f.waits))


WAIT_CONTEXT_FIELDS: tuple[FieldSpec, ...] = wait_context_fields()  # as the registry is when this module is loaded
WAITS_FIELDS: tuple[FieldSpec, ...] = (
    field_spec("hand", Kind.HAND, "the hand before its winning tile: an object of Holding's fields, or the reference "
               "notation without a winning tile", required=True, items=fields_of(Holding)),
    field_spec("context", Kind.OBJECT, "what holds for every wait: seat and prevalent wind, base points (and in "
               "Sichuan the missing suit and who is out)", items=WAIT_CONTEXT_FIELDS),
    field_spec("visible", Kind.TILES, "tiles seen elsewhere on the table (discards, other players' melds)"),
)


# The values made for every hand analysed write their own ``__init__`` (``init=False``), as
# ``scorer.result``'s do: compiled, a dataclass's generated one is interpreted Python setting each
# field through ``object.__setattr__``, and a hand far from ready has a ``Useful`` for most tiles.
@dataclass(frozen=True, init=False)
class Useful:
    """A tile whose draw lowers the shanten, and how many copies are still unseen."""

    tile: Tile
    unseen: int

    def __init__(self, tile: Tile, unseen: int) -> None:
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "unseen", unseen)

    def to_dict(self) -> dict[str, Any]:
        return {"tile": CODE[self.tile], "unseen": self.unseen}


@dataclass(frozen=True, init=False)
class Wait:
    """A winning tile, its unseen copies, and the win scored on a discard and self-drawn.

    Both scores are None only when the hand already holds all four copies (a formal wait on a
    fifth copy, listed as the reference lists it): that win cannot happen, so it has no score.
    """

    tile: Tile
    unseen: int
    discard: Result | None
    self_drawn: Result | None

    def __init__(self, tile: Tile, unseen: int, discard: Result | None, self_drawn: Result | None) -> None:
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "unseen", unseen)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "self_drawn", self_drawn)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tile": CODE[self.tile],
            "unseen": self.unseen,
            "discard": self.discard.to_dict() if self.discard is not None else None,
            "self_drawn": self.self_drawn.to_dict() if self.self_drawn is not None else None,
        }


@dataclass(frozen=True, init=False)
class Outlook:
    """The answer for 13 tiles: shanten (0 = ready), each form's shanten (None where the melds
    rule the form out), and the useful tiles (shanten >= 1) or the waits (shanten 0). The other
    of the two is empty, so a caller may loop over either whatever the shanten (``to_dict`` gives
    it as null, as the HTTP answer always has)."""

    shanten: int
    forms: tuple[tuple[Form, int | None], ...]
    useful: tuple[Useful, ...]
    waits: tuple[Wait, ...]

    def __init__(self, shanten: int, forms: tuple[tuple[Form, int | None], ...], useful: tuple[Useful, ...] | None,
                 waits: tuple[Wait, ...] | None) -> None:
        object.__setattr__(self, "shanten", shanten)
        object.__setattr__(self, "forms", forms)
        object.__setattr__(self, "useful", useful if useful is not None else ())
        object.__setattr__(self, "waits", waits if waits is not None else ())

    @property
    def unseen(self) -> int:
        """Copies still unseen of the tiles that help: winning tiles when ready, else useful ones."""
        if self.shanten == 0:
            return sum(w.unseen for w in self.waits)
        return sum(u.unseen for u in self.useful)

    @property
    def best_live_total(self) -> int:
        """The highest total of a valid win (on a discard or self-drawn) among the waits that can
        still happen (an unseen copy left); 0 if none. A dead wait's score is no prospect: the
        tile that would win it is all in sight."""
        return max(
            (r.total for w in self.waits if w.unseen > 0
             for r in (w.discard, w.self_drawn) if r is not None and r.valid),
            default=0,
        )

    @property
    def effective_shanten(self) -> int:
        """Shanten, one more when no copy of any tile that helps is left: such a hand cannot move
        on as it stands (a ready hand whose every wait is dead cannot win), so it ranks with the
        hands a step further, after all of them that still can."""
        return self.shanten + (1 if self.unseen == 0 else 0)

    @property
    def rank(self) -> tuple[int, int, int]:
        """How a discard leaving this outlook ranks, lowest best: effective shanten, then most
        unseen copies of the tiles that help, then the best total of a win that can still happen."""
        return self.effective_shanten, -self.unseen, -self.best_live_total

    def to_dict(self) -> dict[str, Any]:
        return {
            "shanten": self.shanten,
            "forms": {FORM_NAME[f]: s for f, s in self.forms},
            "useful": [u.to_dict() for u in self.useful] if self.shanten > 0 else None,
            "waits": [w.to_dict() for w in self.waits] if self.shanten == 0 else None,
        }


@dataclass(frozen=True, init=False)
class Discard:
    """One tile a 14-tile hand can discard, and the 13-tile outlook it leaves."""

    tile: Tile
    outlook: Outlook

    def __init__(self, tile: Tile, outlook: Outlook) -> None:
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "outlook", outlook)

    def to_dict(self) -> dict[str, Any]:
        return {"tile": CODE[self.tile], **self.outlook.to_dict()}


@dataclass(frozen=True, init=False)
class DrawnWin:
    """14 tiles that already win: scored self-drawn (a player holds 14 on their own draw) on the
    tile that gives the best score, since the tiles cannot say which one was drawn."""

    tile: Tile
    score: Result

    def __init__(self, tile: Tile, score: Result) -> None:
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "score", score)

    def to_dict(self) -> dict[str, Any]:
        return {"tile": CODE[self.tile], "score": self.score.to_dict()}


@dataclass(frozen=True, init=False)
class Analysis:
    """``analyze``'s answer: ``outlook`` for 13 tiles; ``discards`` (and ``win``) for 14, empty
    for 13."""

    holding: Holding
    outlook: Outlook | None
    discards: tuple[Discard, ...]
    win: DrawnWin | None
    ruleset: str = DEFAULT

    def __init__(self, holding: Holding, outlook: Outlook | None, discards: tuple[Discard, ...] | None,
                 win: DrawnWin | None, ruleset: str = DEFAULT) -> None:
        object.__setattr__(self, "holding", holding)
        object.__setattr__(self, "outlook", outlook)
        object.__setattr__(self, "discards", discards if discards is not None else ())
        object.__setattr__(self, "win", win)
        object.__setattr__(self, "ruleset", ruleset)

    def to_dict(self) -> dict[str, Any]:
        if self.outlook is not None:
            return {"ruleset": self.ruleset, "tiles": self.holding.size, **self.outlook.to_dict()}
        return {
            "ruleset": self.ruleset,
            "tiles": self.holding.size,
            "winning": self.win is not None,
            "win": self.win.to_dict() if self.win is not None else None,
            "discards": [d.to_dict() for d in self.discards],
        }


def wait_context(context: Context | Mapping[str, Any] | None = None) -> Context:
    """The context shared by every wait: seat and prevalent wind and base points only."""
    if context is None:
        return _DEFAULT
    if isinstance(context, Context):
        given = {name: getattr(context, name) for name in _PER_WIN if getattr(context, name) != getattr(_DEFAULT, name)}
        if given:
            _per_win_error(next(iter(given)))
        for name, _ in context.own:  # a book's own field given (only those not at their default are kept)
            if not DECLARED[name].waits:
                _per_win_error(name)
        return context
    for name in context:
        if name in _PER_WIN:
            _per_win_error(name)
        declared = DECLARED.get(name)
        if declared is not None and not declared.waits:
            _per_win_error(name)
    return Context.build(**context)


def _per_win_error(name: str) -> None:
    raise ScorerError(BAD_VALUE, f"{name} belongs to one win: it is decided per wait, so it cannot be given",
                      ("context", name))


def analyze(
    hand: Holding | str | Mapping[str, Any],
    context: Context | Mapping[str, Any] | None = None,
    /,
    *,
    visible: str | Sequence[str] = (),
    ruleset: object = DEFAULT,  # any value: a name that is no book is refused with its pointer
    options: object = None,
    **context_fields: Any,
) -> Analysis:
    """Shanten, useful tiles or scored waits for 13 tiles; discard advice for 14.

    ``hand`` is a ``Holding``, its fields (as ``Holding.build`` takes them) or the reference
    notation without a winning tile (``"[123p1]456m789s1122m"``); ``context`` a ``Context`` or its
    shared fields (``SHARED_CONTEXT``); ``visible`` the tiles seen elsewhere on the table. Discards
    come best first (``Outlook.rank``): lowest shanten, counting a hand with no unseen copy of any
    tile that helps as one step further; then most unseen copies of the tiles that help (winning
    tiles when ready, useful tiles otherwise); then the highest total of a valid win on a wait with
    a copy left; then tile order. Raises ``ScorerError`` for an impossible hand, a fifth copy
    counting ``visible``, or a per-win context field. ``ruleset`` and ``options`` choose the rule book
    that scores each wait and the forms whose shanten counts (``RuleBook.forms``).
    """
    book = rulebook(ruleset)
    opts = book.parse_options(options)
    if isinstance(hand, str):
        hand = Holding.parse(hand)
    elif isinstance(hand, Mapping):
        hand = Holding.build(**hand)
    elif not isinstance(hand, Holding):
        raise TypeError(f"hand must be a Holding, its fields or a notation string, not {type(hand).__name__}")
    if context is not None and context_fields:
        raise TypeError("give a Context or its fields as keywords, not both")
    ctx = wait_context(context if context is not None else context_fields or None)
    book.check_context(ctx, opts)
    seen = visible_counts(hand, visible)
    jokers = {INDEX[BY_CODE[j]] for j in book.jokers}  # 红中's 中 is no honour to refuse: it is seen on the table
    if not book.honors and any(seen[k] for k in range(HONOR_START, NUM_TILES) if k not in jokers):
        raise ScorerError(book.honour_error, f"{book.title} is played with the 108 suited tiles only: no honour "
                          "tile can be seen on its table", ("visible",), ruleset=book.name)
    rules = _Rules(book, opts, ctx)
    book.check_size(hand.sets, ("hand", "concealed"))
    if hand.waiting:
        return Analysis(hand, _outlook(hand, seen, rules), (), None, book.name)
    discards = []
    for t in sorted(set(hand.concealed), key=DISPLAY_ORDER.__getitem__):
        rest = list(hand.concealed)
        rest.remove(t)
        after = Holding(tuple(rest), hand.melds, hand.flowers, hand.flower_tiles)
        seen_after = list(seen)
        seen_after[INDEX[t]] += 1  # a discarded tile is seen
        discards.append(Discard(t, _outlook(after, tuple(seen_after), rules)))
    discards.sort(key=lambda d: (*d.outlook.rank, DISPLAY_ORDER[d.tile]))
    win = _win(hand, discards, seen, rules)
    return Analysis(hand, None, tuple(discards), win, book.name)


class _Rules:
    """The rule book, its options and the shared context, as every wait is scored by them."""

    def __init__(self, book: RuleBook, options: Any, ctx: Context) -> None:
        self.book = book
        self.options = options
        self.ctx = ctx
        self.last_copy = book.means("last_copy", options)  # 和绝张 is decided per wait where it means something
        self.dead = book.dead_tiles(ctx)
        self.forms = book.forms_under(options)
        self.wild = book.wild(options, ctx) if book.wild is not None else None  # the deal's jokers, if any

    def score(self, hand: Hand, ctx: Context) -> Result:
        return self.book.score(hand, ctx, self.options)

    def win_context(self, h: Holding, i: int, seen: tuple[int, ...], self_drawn: bool = False) -> Context:
        if self.last_copy:
            return self.ctx.with_win(self_drawn, _last_copy(h, i, seen))
        return self.ctx.with_win(True, self.ctx.last_copy) if self_drawn else self.ctx


def _outlook(h: Holding, seen: tuple[int, ...], rules: _Rules) -> Outlook:
    standing = h.standing_counts()
    if rules.wild is not None:
        return _wild_outlook(h, standing, seen, rules)
    if rules.dead:  # tiles a win can never hold count as tiles to discard: they help no form
        standing = tuple(0 if i in rules.dead else c for i, c in enumerate(standing))
    forms, least, tiles = shanten.outlook(standing, len(h.melds), rules.forms, h.sets)
    if rules.dead:
        tiles = tuple(i for i in tiles if i not in rules.dead)
    own = h.counts()
    helps = [False] * NUM_TILES
    for i in tiles:
        helps[i] = True
    ordered = [i for i in DISPLAY_INDICES if helps[i]]  # display order, without sorting
    if least > 0:
        return Outlook(least, forms, tuple(Useful(ALL_TILES[i], _unseen(i, own, seen)) for i in ordered), ())
    return Outlook(least, forms, (), tuple(_wait(h, i, own, seen, rules) for i in ordered))


def _wild_outlook(h: Holding, standing: tuple[int, ...], seen: tuple[int, ...], rules: _Rules) -> Outlook:
    """``_outlook`` of a book whose deal has jokers (``RuleBook.wild``): the shanten counts each
    joker as a free tile, and a joker kind helps (or wins) exactly when drawing a joker does."""
    assert rules.wild is not None
    wild, kinds = rules.wild
    counts, jokers = counts_and_jokers((i for i in range(NUM_TILES) for _ in range(standing[i])), kinds)
    got, least, tiles = wild_outlook(counts, jokers, len(h.melds), rules.forms, wild, kinds)
    per = dict(got)
    forms = tuple((f, per.get(f)) for f in ALL_FORMS)
    own = h.counts()
    helps = [False] * NUM_TILES
    for i in tiles:
        helps[i] = True
    # a tile that can still be drawn: none whose four copies the hand holds (melds included)
    ordered = [i for i in DISPLAY_INDICES if helps[i] and own[i] < 4]
    if least > 0:
        return Outlook(least, forms, tuple(Useful(ALL_TILES[i], _unseen(i, own, seen)) for i in ordered), ())
    return Outlook(least, forms, (), tuple(_wait(h, i, own, seen, rules) for i in ordered))


def _unseen(i: int, own: tuple[int, ...], seen: tuple[int, ...]) -> int:
    return max(0, 4 - own[i] - seen[i])


def _last_copy(h: Holding, i: int, seen: tuple[int, ...]) -> bool:
    """和绝张: the other three copies are in the hand's melds or visible on the table."""
    in_melds = h.counts()[i] - h.standing_counts()[i]
    return in_melds + seen[i] == 3


def _wait(h: Holding, i: int, own: tuple[int, ...], seen: tuple[int, ...], rules: _Rules) -> Wait:
    tile = ALL_TILES[i]
    unseen = _unseen(i, own, seen)
    if own[i] >= 4:
        return Wait(tile, unseen, None, None)
    # the holding's counts, already made: the hand is not counted again tile by tile
    hand = Hand(h.concealed, h.melds, tile, h.flowers, h.flower_tiles, _held=list(h.standing_counts()))
    base = rules.win_context(h, i, seen)
    return Wait(tile, unseen, rules.score(hand, base), rules.score(hand, base.with_win(True, base.last_copy)))


def _win(h: Holding, discards: list[Discard], seen: tuple[int, ...], rules: _Rules) -> DrawnWin | None:
    """14 tiles win when discarding some tile leaves a hand waiting on that very tile."""
    best: DrawnWin | None = None
    for d in discards:
        if not any(w.tile is d.tile for w in d.outlook.waits):
            continue
        i = INDEX[d.tile]
        rest = list(h.concealed)
        rest.remove(d.tile)
        hand = Hand(tuple(rest), h.melds, d.tile, h.flowers, h.flower_tiles)
        before = Holding(tuple(rest), h.melds, h.flowers, h.flower_tiles)
        r = rules.score(hand, rules.win_context(before, i, seen, self_drawn=True))
        if r.winning and (best is None or (r.valid, r.total) > (best.score.valid, best.score.total)):
            best = DrawnWin(d.tile, r)
    return best

