"""The game context of a win, and the checks that it is consistent with itself and the hand.

A contradictory context is an error that says what contradicts what; what the tiles prove
(three copies of the winning tile in one's own melds make it the last copy) is inferred.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Final

from .context_field import DECLARED
from .errors import BAD_BASE_POINTS, BAD_VALUE, BAD_WIND, CONTRADICTORY_CONTEXT, ScorerError
from .hand import Hand
from .shape import Kind, spec
from .tiles import Wind

MAX_BASE_POINTS: Final = 1_000_000
MAX_DEALER_STREAK: Final = 99  # hands the dealer has kept (連莊); far above any real streak
FLOWER_WINS: Final = ("eight_flowers", "seven_rob_one")  # wins by the flowers alone (八仙過海, 七搶一)


@dataclass(frozen=True, init=False, eq=False)
class Context:
    """How the hand was won. Winds are ``Wind`` values (their codes ``"E" "S" "W" "N"`` are read
    as the same); ``discarder`` is a seat wind."""

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
    missing_suit: str | None = field(default=None, metadata=spec(
        Kind.SUIT, "the suit the winner declared missing at the start (定缺): m, p or s, where the rule book has "
        "one", nullable=True))
    out: tuple[Wind, ...] = field(default=(), metadata=spec(
        Kind.WINDS, "the seats that have already won, and so pay nothing, where the rule book plays on after a "
        "win", max_items=3))
    liable: Wind | None = field(default=None, metadata=spec(
        Kind.WIND, "the seat whose discard let the winner complete a limit hand (包), which pays every share, "
        "where the rule book has liability", nullable=True))
    heavenly_hand: bool = field(default=False, metadata=spec(
        Kind.BOOL, "the dealer (East) won on the tiles dealt (天胡), where the rule book scores it"))
    earthly_hand: bool = field(default=False, metadata=spec(
        Kind.BOOL, "a player who is not the dealer won self-drawn on the first tile drawn, before any claim "
        "(地胡), where the rule book scores it"))
    dealer_streak: int = field(default=0, metadata=spec(
        Kind.INT, "hands the dealer (East) has kept in a row before this one (連莊), where the rule book pays the "
        "dealer more", minimum=0, maximum=MAX_DEALER_STREAK))
    human_hand: bool = field(default=False, metadata=spec(
        Kind.BOOL, "a player who is not the dealer won on a discard in the first go-round, before its own first "
        "draw (人胡), where the rule book scores it"))
    heavenly_ready: bool = field(default=False, metadata=spec(
        Kind.BOOL, "the winner was ready from the deal and declared it (天聽), where the rule book scores it"))
    earthly_ready: bool = field(default=False, metadata=spec(
        Kind.BOOL, "the winner declared ready right after its first discard, before any claim (地聽), where the "
        "rule book scores it"))
    flower_win: str | None = field(default=None, metadata=spec(
        Kind.NAME, "a win by the flowers alone: eight_flowers (all eight, 八仙過海) or seven_rob_one (seven, "
        "robbing the eighth from the discarder who revealed it, 七搶一), where the rule book has them",
        nullable=True))
    # The fields a book declares as its own (``scorer.context_field``): (name, value) pairs in
    # order of name, each value checked by its declaration; read with ``get``.
    own: tuple[tuple[str, object], ...] = field(init=False, default=())
    # every field's value, for equality and the hash (the hash worked out once, when first asked)
    _key: tuple[object, ...] = field(init=False, repr=False, compare=False, default=())
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __init__(self, self_drawn: object = False, seat_wind: object = Wind.E, prevalent_wind: object = Wind.E,
                 last_copy: object = False, last_wall_tile: object = False, kong_replacement: object = False,
                 robbing_kong: object = False, discarder: object = None, base_points: object = 1,
                 missing_suit: object = None, out: object = (), liable: object = None,
                 heavenly_hand: object = False, earthly_hand: object = False, dealer_streak: object = 0,
                 human_hand: object = False, heavenly_ready: object = False, earthly_ready: object = False,
                 flower_win: object = None, **own: object) -> None:
        # Written out rather than generated: compiled, it is native code. Every value is checked
        # (and a wind code read) before any field is set, so a wrong type is the same ScorerError
        # in both builds, never the compiled attribute's own TypeError. Checks run in the order
        # their errors are reported; messages are formatted only on failure.
        # One call a flag, not a loop over a tuple of them: compiled, a fixed tuple indexed by a
        # variable is boxed into a new tuple at every step.
        drawn = _flag("self_drawn", self_drawn)
        copy = _flag("last_copy", last_copy)
        wall = _flag("last_wall_tile", last_wall_tile)
        replacement = _flag("kong_replacement", kong_replacement)
        robbing = _flag("robbing_kong", robbing_kong)
        heavenly = _flag("heavenly_hand", heavenly_hand)
        earthly = _flag("earthly_hand", earthly_hand)
        human = _flag("human_hand", human_hand)
        ready = _flag("heavenly_ready", heavenly_ready)
        early = _flag("earthly_ready", earthly_ready)
        seat = _wind("seat_wind", seat_wind)
        prevalent = _wind("prevalent_wind", prevalent_wind)
        by = None if discarder is None else _wind("discarder", discarder)
        if missing_suit is not None and missing_suit not in SUITS:
            raise ScorerError(BAD_VALUE, f"missing_suit must be one of m, p, s, got {missing_suit!r}",
                              ("context", "missing_suit"))
        seats: tuple[Wind, ...] = () if out == () else _seats_out(out)
        owes = None if liable is None else _wind("liable", liable)
        bp = base_points
        if not isinstance(bp, int) or isinstance(bp, bool) or not 1 <= bp <= MAX_BASE_POINTS:
            raise ScorerError(
                BAD_BASE_POINTS, f"base_points must be a whole number from 1 to {MAX_BASE_POINTS}, got {bp!r}",
                ("context", "base_points"),
            )
        streak = dealer_streak
        if not isinstance(streak, int) or isinstance(streak, bool) or not 0 <= streak <= MAX_DEALER_STREAK:
            raise ScorerError(BAD_VALUE, f"dealer_streak must be a whole number from 0 to {MAX_DEALER_STREAK}, got "
                              f"{streak!r}", ("context", "dealer_streak"))
        if flower_win is not None and flower_win not in FLOWER_WINS:
            raise ScorerError(BAD_VALUE, f"flower_win must be one of {', '.join(FLOWER_WINS)}, got {flower_win!r}",
                              ("context", "flower_win"))
        if replacement and not drawn:
            _contradiction("kong_replacement",
                           "kong_replacement (杠上开花) is a self-drawn win, but self_drawn is false")
        if robbing and drawn:
            _contradiction("robbing_kong",
                           "robbing_kong (抢杠和) is a win on another player's kong, but self_drawn is true")
        if heavenly or earthly:
            _first_draw("heavenly_hand" if heavenly else "earthly_hand", drawn, earthly and heavenly, wall)
        if by is not None:
            if drawn:
                _contradiction("discarder", "a self-drawn win has no discarder")
            if by == seat:
                _contradiction("discarder", f"the discarder {by} is the winner's own seat")
        if seats:
            if seat in seats:
                _contradiction("out", f"the winner {seat} cannot have already won")
            if by is not None and by in seats:
                _contradiction("out", f"the discarder {by} has already won and plays no more")
        if owes is not None and owes == seat:
            _contradiction("liable", f"the liable seat {owes} is the winner's own seat: 包 is another's debt")
        if human and drawn:
            _contradiction("human_hand", "human_hand (人胡) is a win on a discard, but self_drawn is true")
        if ready and early:
            _contradiction("earthly_ready", "heavenly_ready (天聽) is ready from the deal, earthly_ready (地聽) after "
                           "the first discard: one of them")
        suit = None if missing_suit is None else str(missing_suit)
        won_by = None if flower_win is None else str(flower_win)
        mine: tuple[tuple[str, object], ...] = () if not own else _own(own)
        key = (drawn, seat, prevalent, copy, wall, replacement, robbing, by, bp, suit, seats, owes, heavenly, earthly,
               streak, human, ready, early, won_by, mine)
        object.__setattr__(self, "self_drawn", drawn)
        object.__setattr__(self, "seat_wind", seat)
        object.__setattr__(self, "prevalent_wind", prevalent)
        object.__setattr__(self, "last_copy", copy)
        object.__setattr__(self, "last_wall_tile", wall)
        object.__setattr__(self, "kong_replacement", replacement)
        object.__setattr__(self, "robbing_kong", robbing)
        object.__setattr__(self, "discarder", by)
        object.__setattr__(self, "base_points", bp)
        object.__setattr__(self, "missing_suit", suit)
        object.__setattr__(self, "out", seats)
        object.__setattr__(self, "liable", owes)
        object.__setattr__(self, "heavenly_hand", heavenly)
        object.__setattr__(self, "earthly_hand", earthly)
        object.__setattr__(self, "dealer_streak", streak)
        object.__setattr__(self, "human_hand", human)
        object.__setattr__(self, "heavenly_ready", ready)
        object.__setattr__(self, "earthly_ready", early)
        object.__setattr__(self, "flower_win", won_by)
        object.__setattr__(self, "own", mine)
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_hash", -1)  # hashed when first asked: most are never hashed

    def values(self) -> tuple[object, ...]:
        """Every field's value, in field order (as ``dataclasses.fields`` lists those set at init),
        then the book's own fields (``own``)."""
        return self._key

    def get(self, name: str) -> Any:
        """A book's own field's value: the one given, or its declared default."""
        for k, v in self.own:
            if k == name:
                return v
        declared = DECLARED.get(name)
        if declared is None:
            raise KeyError(f"no context field {name!r} is declared")
        return declared.default

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
        # The defaults, with each field given put in its place (a request gives a few of the 19).
        a = list(_DEFAULT_ARGS)
        for name, value in kwargs.items():
            at = _FIELD_AT.get(name, -1)
            if at < 0:
                unknown = sorted(set(kwargs) - _FIELDS - DECLARED.keys())
                if unknown:
                    raise ScorerError(BAD_VALUE, f"unknown context field {unknown[0]!r}", ("context", unknown[0]))
                return cls(**kwargs)  # a book's own fields, checked by their declarations
            a[at] = value
        if cls is not Context:
            return cls(**kwargs)
        # Every field by position: compiled, a direct native call, where ``cls(**kwargs)`` goes
        # through the interpreter's call protocol and a dict of keywords (most of its cost).
        return Context(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14],
                       a[15], a[16], a[17], a[18])

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
_EAST: Final = Wind.E  # the winds' default, read as a constant (compiled, Wind.E is a lookup through the class)
# Contexts built from JSON fields, by (fields, their values' types); cleared when full.
_VARIANTS_MAX: Final = 4096
_VARIANTS: Final[dict[tuple[Context, bool, bool], Context]] = {}
SUITS: Final = ("m", "p", "s")


def _own(given: dict[str, object]) -> tuple[tuple[str, object], ...]:
    """A book's own fields, each read by its declaration, in order of name."""
    out: list[tuple[str, object]] = []
    for name in sorted(given):
        declared = DECLARED.get(name)
        if declared is None:
            raise ScorerError(BAD_VALUE, f"unknown context field {name!r}", ("context", name))
        out.append((name, declared.check(given[name])))
    return tuple(out)


def _flag(name: str, value: object) -> bool:
    if value is not True and value is not False:
        raise ScorerError(BAD_VALUE, f"{name} must be true or false, got {value!r}", ("context", name))
    return value is True


def _wind(name: str, value: object) -> Wind:
    wind = _WIND_CODES.get(value) if isinstance(value, str) else None
    if wind is None:
        raise ScorerError(BAD_WIND, f"{name} must be one of E S W N, got {value!r}", ("context", name))
    return wind


def _seats_out(value: object) -> tuple[Wind, ...]:
    """The seats already out, as a tuple of winds in seat order (a JSON list arrives as a list)."""
    if not isinstance(value, (list, tuple)):
        raise ScorerError(BAD_VALUE, "out must be a list of seat winds", ("context", "out"))
    seats: list[Wind] = []
    for k, v in enumerate(value):
        wind = _WIND_CODES.get(v) if isinstance(v, str) else None
        if wind is None:
            raise ScorerError(BAD_WIND, f"out lists seat winds (E S W N), got {v!r}", ("context", "out", k))
        if wind in seats:
            raise ScorerError(BAD_VALUE, f"{wind} is listed twice", ("context", "out", k))
        seats.append(wind)
    if len(seats) > 3:
        raise ScorerError(BAD_VALUE, "at most three seats can have won before this one", ("context", "out"))
    out = tuple(sorted(seats, key="ESWN".index))
    # the caller's own tuple when it already is that (winds, not their codes: "W" == Wind.W)
    return value if isinstance(value, tuple) and all(a is b for a, b in zip(out, value, strict=True)) else out
_FIELDS: Final = frozenset(f.name for f in fields(Context) if f.init)
_FIELD_AT: Final[dict[str, int]] = {f.name: k for k, f in enumerate(f for f in fields(Context) if f.init)}
_DEFAULT_ARGS: Final[tuple[object, ...]] = tuple(f.default for f in fields(Context) if f.init)


def _contradiction(name: str, message: str) -> None:
    raise ScorerError(CONTRADICTORY_CONTEXT, message, ("context", name))


def _first_draw(name: str, drawn: bool, both: bool, later: bool) -> None:
    """天胡 and 地胡 are self-drawn wins on a player's first tiles (RULINGS S16): one of them, and
    not on the wall's last tile. (Whether one may come on a replacement is the book's to say:
    Sichuan's never does, a Taiwanese dealer's may, after replacing a dealt flower.)"""
    if both:
        _contradiction("earthly_hand", "heavenly_hand (天胡) is the dealer's, earthly_hand (地胡) another player's")
    if not drawn:
        _contradiction(name, f"{name} is a self-drawn win on one's first tiles, but self_drawn is false")
    if later:
        _contradiction(name, f"{name} is won on one's first tiles, not on the wall's last tile")
