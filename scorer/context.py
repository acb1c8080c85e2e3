"""The game context of a win, and the checks that it is consistent with itself and the hand.

The shared ``Context`` holds what every rule book asks of a win (self-drawn, the seats, the
events of the wall's end and of a kong, the base points); what one book alone needs told (the
missing suit, the liable seat, the dealer's streak) is that book's own field, declared where
the book lives (``scorer.context_field``) and carried here as ``own``.

A contradictory context is an error that says what contradicts what; what the tiles prove
(three copies of the winning tile in one's own melds make it the last copy) is inferred.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Final

from .context_field import DECLARED, DEFAULTS
from .errors import BAD_BASE_POINTS, BAD_VALUE, BAD_WIND, CONTRADICTORY_CONTEXT, ScorerError
from .hand import Hand
from .shape import Kind, spec
from .tiles import Wind

MAX_BASE_POINTS: Final = 1_000_000


@dataclass(frozen=True, init=False, eq=False)
class Context:
    """How the hand was won. Winds are ``Wind`` values (their codes ``"E" "S" "W" "N"`` are read
    as the same); ``discarder`` is a seat wind. A book's own fields are given by keyword beside
    these, as a request gives them, and read with ``get``."""

    self_drawn: bool = field(default=False, metadata=spec(Kind.BOOL, "won by self-draw (自摸)"))
    seat_wind: Wind = field(default=Wind.E, metadata=spec(Kind.WIND, "the winner's seat wind"))
    prevalent_wind: Wind = field(default=Wind.E, metadata=spec(Kind.WIND, "the prevalent (round) wind"))
    last_copy: bool = field(default=False, metadata=spec(Kind.BOOL, "the winning tile is the last copy (和绝张)"))
    last_wall_tile: bool = field(default=False, metadata=spec(
        Kind.BOOL, "won on the last tile of the wall (妙手回春 self-drawn, 海底捞月 on a discard)"))
    kong_replacement: bool = field(default=False, metadata=spec(
        Kind.BOOL, "won on a kong replacement tile (杠上开花)"))
    robbing_kong: bool = field(default=False, metadata=spec(Kind.BOOL, "won by robbing a kong (抢杠和)"))
    discarder: Wind | None = field(default=None, metadata=spec(
        Kind.WIND, "the seat wind of the player who discarded the winning tile", nullable=True))
    base_points: int = field(default=1, metadata=spec(
        Kind.INT, "the room's base points", minimum=1, maximum=MAX_BASE_POINTS))
    # The fields a book declares as its own (``scorer.context_field``): (name, value) pairs in
    # order of name, each value checked by its declaration, those at their default left out; read
    # with ``get``.
    own: tuple[tuple[str, object], ...] = field(init=False, default=())
    # every field's value, for equality and the hash (the hash worked out once, when first asked)
    _key: tuple[object, ...] = field(init=False, repr=False, compare=False, default=())
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __init__(self, self_drawn: object = False, seat_wind: object = Wind.E, prevalent_wind: object = Wind.E,
                 last_copy: object = False, last_wall_tile: object = False, kong_replacement: object = False,
                 robbing_kong: object = False, discarder: object = None, base_points: object = 1,
                 **own: object) -> None:
        # Written out rather than generated: compiled, it is native code. Every value is checked
        # (and a wind code read) before any field is set, so a wrong type is the same ScorerError
        # in both builds, never the compiled attribute's own TypeError. Checks run in the order
        # their errors are reported; messages are formatted only on failure. A book's own fields
        # are read last, onto the context built, and checked against it (``_attach``).
        # One call a flag, not a loop over a tuple of them: compiled, a fixed tuple indexed by a
        # variable is boxed into a new tuple at every step.
        drawn = _flag("self_drawn", self_drawn)
        copy = _flag("last_copy", last_copy)
        wall = _flag("last_wall_tile", last_wall_tile)
        replacement = _flag("kong_replacement", kong_replacement)
        robbing = _flag("robbing_kong", robbing_kong)
        seat = _wind("seat_wind", seat_wind)
        prevalent = _wind("prevalent_wind", prevalent_wind)
        by = None if discarder is None else _wind("discarder", discarder)
        bp = base_points
        if not isinstance(bp, int) or isinstance(bp, bool) or not 1 <= bp <= MAX_BASE_POINTS:
            raise ScorerError(
                BAD_BASE_POINTS, f"base_points must be a whole number from 1 to {MAX_BASE_POINTS}, got {bp!r}",
                ("context", "base_points"),
            )
        if replacement and not drawn:
            _contradiction("kong_replacement",
                           "kong_replacement (杠上开花) is a self-drawn win, but self_drawn is false")
        if robbing and drawn:
            _contradiction("robbing_kong",
                           "robbing_kong (抢杠和) is a win on another player's kong, but self_drawn is true")
        if by is not None:
            if drawn:
                _contradiction("discarder", "a self-drawn win has no discarder")
            if by == seat:
                _contradiction("discarder", f"the discarder {by} is the winner's own seat")
        key = (drawn, seat, prevalent, copy, wall, replacement, robbing, by, bp, ())
        object.__setattr__(self, "self_drawn", drawn)
        object.__setattr__(self, "seat_wind", seat)
        object.__setattr__(self, "prevalent_wind", prevalent)
        object.__setattr__(self, "last_copy", copy)
        object.__setattr__(self, "last_wall_tile", wall)
        object.__setattr__(self, "kong_replacement", replacement)
        object.__setattr__(self, "robbing_kong", robbing)
        object.__setattr__(self, "discarder", by)
        object.__setattr__(self, "base_points", bp)
        object.__setattr__(self, "own", ())
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_hash", -1)  # hashed when first asked: most are never hashed
        if own:
            _attach(self, own)

    def values(self) -> tuple[object, ...]:
        """Every field's value, in field order (as ``dataclasses.fields`` lists those set at init),
        then the book's own fields (``own``)."""
        return self._key

    def get(self, name: str) -> Any:
        """A book's own field's value: the one given, or its declared default."""
        for k, v in self.own:
            if k == name:
                return v
        value = _DEFAULTS.get(name, _UNDECLARED)
        if value is _UNDECLARED:
            raise KeyError(f"no context field {name!r} is declared")
        return value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Context):
            return NotImplemented
        return self._key == other._key

    def __hash__(self) -> int:
        if self._hash == -1:  # never a hash's value (CPython makes -1 into -2)
            object.__setattr__(self, "_hash", hash(self._key))
        return self._hash

    @classmethod
    def build(cls, **kwargs: Any) -> Context:
        """A context from its fields as JSON gives them (codes for winds); errors name the field.

        Built every time: compiled, the constructor (1.5 µs) is cheaper than keying a cache of
        contexts by their fields was (4 µs a lookup, measured on 2,000 generated contexts)."""
        # The defaults, with each field given put in its place (a request gives a few of the nine).
        a = list(_DEFAULT_ARGS)
        own: dict[str, Any] | None = None
        for name, value in kwargs.items():
            at = _FIELD_AT.get(name, -1)
            if at < 0:
                if name not in DECLARED:
                    raise ScorerError(BAD_VALUE, f"unknown context field {name!r}", ("context", name))
                if own is None:
                    own = {}
                own[name] = value  # a book's own field, checked by its declaration
            else:
                a[at] = value
        if cls is not Context:
            return cls(**kwargs)
        # Every field by position: compiled, a direct native call, where ``cls(**kwargs)`` goes
        # through the interpreter's call protocol and a dict of keywords (most of its cost); a
        # book's own fields, where given, are read onto it then, as the constructor reads them.
        ctx = Context(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8])
        if own is not None:
            _attach(ctx, own)
        return ctx

    def replace(self, **changes: Any) -> Context:
        """This context with ``changes``: ``dataclasses.replace``, keeping the book's own fields."""
        given: dict[str, Any] = {k: v for k, v in self.own if k not in changes}
        given.update(changes)
        return replace(self, **given)

    def with_win(self, self_drawn: bool, last_copy: bool) -> Context:
        """This context for one particular win: ``replace(self, self_drawn=..., last_copy=...)``,
        kept, since the waits of a hand ask for the same few variants over and over."""
        key = (self, self_drawn, last_copy)
        ctx = _VARIANTS.get(key)
        if ctx is None:
            ctx = self.replace(self_drawn=self_drawn, last_copy=last_copy)
            if len(_VARIANTS) >= _VARIANTS_MAX:
                _VARIANTS.clear()
            _VARIANTS[key] = ctx
        return ctx

    def for_hand(self, hand: Hand) -> Context:
        """Check the flags the tiles can contradict; the context itself if they agree. (What the
        tiles prove is a rule book's to infer, in its own detectors: MCR's last copy.)"""
        win = hand.winning_tile
        held = hand.counts()[hand.win] - 1  # copies of the winning tile besides itself, melds included
        if self.kong_replacement and not hand.has_kong:
            _contradiction("kong_replacement", "kong_replacement (杠上开花) needs a kong among the melds")
        if self.robbing_kong and held > 0:
            _contradiction("robbing_kong",
                           f"robbing_kong (抢杠和): the robbed tile {win} cannot also be in the winner's hand")
        return self


_WIND_CODES: Final[dict[str, Wind]] = {w.value: w for w in Wind}
# ``DEFAULTS`` under a Final name of this module: the compiled build reads it as a static, where an
# imported name is looked up by name at every read (``get`` is asked for every hand a book scores).
_DEFAULTS: Final[dict[str, Any]] = DEFAULTS
_UNDECLARED: Final = object()
# Contexts built from JSON fields, by (fields, their values' types); cleared when full.
_VARIANTS_MAX: Final = 4096
_VARIANTS: Final[dict[tuple[Context, bool, bool], Context]] = {}


# A book's own field's plain value (a string, a whole number, a flag, null) as its declaration
# read it, by (name, type, value), with the declaration that read it: a request's missing suit is
# one of three, read once. Cleared when full.
_READ_MAX: Final = 4096
_READ: Final[dict[tuple[str, type, object], tuple[object, object]]] = {}


def _own(given: dict[str, Any]) -> tuple[tuple[str, object], ...]:
    """A book's own fields, each read by its declaration, in order of name; a value that is its
    field's default is left out, so that giving it means what leaving it out means (equal
    contexts, one hash)."""
    out: list[tuple[str, object]] = []
    for name in sorted(given):
        declared = DECLARED.get(name)
        if declared is None:
            raise ScorerError(BAD_VALUE, f"unknown context field {name!r}", ("context", name))
        given_value = given[name]
        t = type(given_value)
        if t is str or t is bool or t is int or given_value is None:
            key = (name, t, given_value)
            known = _READ.get(key)
            if known is not None and known[0] is declared:
                value = known[1]
            else:
                value = declared.check(given_value)
                if len(_READ) >= _READ_MAX:
                    _READ.clear()
                _READ[key] = (declared, value)
        else:  # a list or a tuple: read each time
            value = declared.check(given_value)
        default = declared.spec.default
        if value is not default and value != default:
            out.append((name, value))
    return tuple(out)


def _attach(ctx: Context, given: dict[str, Any]) -> None:
    """Read a book's own fields onto a context just built (``own`` and its part of the key), then
    check each against the rest (``_agree``)."""
    mine = _own(given)
    if mine:
        key = ctx._key
        object.__setattr__(ctx, "own", mine)
        object.__setattr__(ctx, "_key", (key[0], key[1], key[2], key[3], key[4], key[5], key[6], key[7], key[8],
                                         mine))
        _agree(ctx, mine)


def _agree(ctx: Context, mine: tuple[tuple[str, object], ...]) -> None:
    """Each own field given checked against the rest of the context, by its declaration's
    ``agree`` (Sichuan's seats out are neither the winner nor the discarder)."""
    for name, _ in mine:
        agree = DECLARED[name].agree
        if agree is not None:
            agree(ctx)


def _flag(name: str, value: object) -> bool:
    if value is not True and value is not False:
        raise ScorerError(BAD_VALUE, f"{name} must be true or false, got {value!r}", ("context", name))
    return value is True


def _wind(name: str, value: object) -> Wind:
    wind = _WIND_CODES.get(value) if isinstance(value, str) else None
    if wind is None:
        raise ScorerError(BAD_WIND, f"{name} must be one of E S W N, got {value!r}", ("context", name))
    return wind


_FIELD_AT: Final[dict[str, int]] = {f.name: k for k, f in enumerate(f for f in fields(Context) if f.init)}
_DEFAULT_ARGS: Final[tuple[object, ...]] = tuple(f.default for f in fields(Context) if f.init)


def _contradiction(name: str, message: str) -> None:
    raise ScorerError(CONTRADICTORY_CONTEXT, message, ("context", name))


def contradiction(name: str, message: str) -> None:
    """A ``ScorerError`` (``contradictory_context``) at ``/context/<name>``: what a book's own
    field's ``agree`` raises when the context contradicts it."""
    _contradiction(name, message)
