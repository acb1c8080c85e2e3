"""The game context of a win, and the checks that it is consistent with itself and the hand.

A contradictory context is an error that says what contradicts what; what the tiles prove
(three copies of the winning tile in one's own melds make it the last copy) is inferred.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from .errors import BAD_BASE_POINTS, BAD_VALUE, BAD_WIND, CONTRADICTORY_CONTEXT, ScorerError
from .hand import Hand
from .shape import Kind, spec
from .tiles import INDEX, Wind

MAX_BASE_POINTS = 1_000_000


@dataclass(frozen=True)
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
        Kind.SUIT, "Sichuan: the suit the winner declared missing at the start (定缺): m, p or s", nullable=True))
    out: tuple[Wind, ...] = field(default=(), metadata=spec(
        Kind.WINDS, "Sichuan: the seats that have already won, and so pay nothing", max_items=3))

    def __post_init__(self) -> None:
        # Checks in the order their errors are reported; messages are formatted only on failure.
        # (getattr, never self.__dict__: reading the dict makes CPython give the instance a real
        # one, and every attribute read afterwards, hashing included, gets slower.)
        for name in _FLAGS:
            v = getattr(self, name)
            if v is not True and v is not False:
                raise ScorerError(BAD_VALUE, f"{name} must be true or false, got {v!r}", ("context", name))
        for name in _WIND_FIELDS:
            v = getattr(self, name)
            if v is None and name == "discarder":
                continue
            wind = _WIND_CODES.get(v) if isinstance(v, str) else None
            if wind is None:
                raise ScorerError(BAD_WIND, f"{name} must be one of E S W N, got {v!r}", ("context", name))
            if v is not wind:
                object.__setattr__(self, name, wind)  # a code becomes the Wind it names
        if self.missing_suit is not None and self.missing_suit not in SUITS:
            raise ScorerError(BAD_VALUE, f"missing_suit must be one of m, p, s, got {self.missing_suit!r}",
                              ("context", "missing_suit"))
        out = self.out
        if out != ():
            out = _seats_out(out)
            object.__setattr__(self, "out", out)
        bp = self.base_points
        if type(bp) is not int and (isinstance(bp, bool) or not isinstance(bp, int)) or not 1 <= bp <= MAX_BASE_POINTS:
            raise ScorerError(
                BAD_BASE_POINTS, f"base_points must be a whole number from 1 to {MAX_BASE_POINTS}, got {bp!r}",
                ("context", "base_points"),
            )
        self_drawn, discarder, seat = self.self_drawn, self.discarder, self.seat_wind
        if self.kong_replacement and not self_drawn:
            _contradiction("kong_replacement",
                           "kong_replacement (杠上开花) is a self-drawn win, but self_drawn is false")
        if self.robbing_kong and self_drawn:
            _contradiction("robbing_kong",
                           "robbing_kong (抢杠和) is a win on another player's kong, but self_drawn is true")
        if discarder is not None:
            if self_drawn:
                _contradiction("discarder", "a self-drawn win has no discarder")
            if discarder == seat:
                _contradiction("discarder", f"the discarder {discarder} is the winner's own seat")
        if out:
            if seat in out:
                _contradiction("out", f"the winner {seat} cannot have already won")
            if discarder is not None and discarder in out:
                _contradiction("out", f"the discarder {discarder} has already won and plays no more")

    @classmethod
    def build(cls, **kwargs: Any) -> Context:
        """A context from its fields as JSON gives them (codes for winds); errors name the field.

        Contexts are values, and a stream of hands repeats a few dozen of them: one built from the
        same fields (same values of the same types) is handed out again rather than rebuilt."""
        key: tuple[object, ...] | None = (*kwargs.items(), *map(type, kwargs.values()))
        try:
            built = _BUILT.get(key) if key is not None else None
        except TypeError:  # a list among the values (``out``): built every time
            key = built = None
        if built is not None:
            return built
        for name in kwargs:
            if name not in _FIELDS:
                unknown = sorted(set(kwargs) - _FIELDS)
                raise ScorerError(BAD_VALUE, f"unknown context field {unknown[0]!r}", ("context", unknown[0]))
        ctx = cls(**kwargs)
        if key is not None:
            if len(_BUILT) >= _BUILT_MAX:
                _BUILT.clear()
            _BUILT[key] = ctx
        return ctx

    def with_win(self, self_drawn: bool, last_copy: bool) -> Context:
        """This context for one particular win: ``replace(self, self_drawn=..., last_copy=...)``,
        kept, since the waits of a hand ask for the same few variants over and over."""
        key = (self, self_drawn, last_copy)
        ctx = _VARIANTS.get(key)
        if ctx is None:
            ctx = replace(self, self_drawn=self_drawn, last_copy=last_copy)
            if len(_VARIANTS) >= _BUILT_MAX:
                _VARIANTS.clear()
            _VARIANTS[key] = ctx
        return ctx

    def for_hand(self, hand: Hand) -> Context:
        """Check the flags the tiles can contradict; the context itself if they agree. (What the
        tiles prove is a rule book's to infer: MCR's last copy, ``rules.mcr.detect.proven_context``.)"""
        win = hand.winning_tile
        held = hand.counts()[INDEX[win]] - 1  # copies of the winning tile besides itself, melds included
        if self.kong_replacement and not hand.has_kong:
            _contradiction("kong_replacement", "kong_replacement (杠上开花) needs a kong among the melds")
        if self.robbing_kong and held > 0:
            _contradiction("robbing_kong",
                           f"robbing_kong (抢杠和): the robbed tile {win} cannot also be in the winner's hand")
        return self


_WIND_CODES: dict[str, Wind] = {w.value: w for w in Wind}
_FLAGS = tuple(f.name for f in fields(Context) if f.type == "bool")
_WIND_FIELDS = ("seat_wind", "prevalent_wind", "discarder")
# Contexts built from JSON fields, by (fields, their values' types); cleared when full.
_BUILT: dict[tuple[object, ...], Context] = {}
_BUILT_MAX = 4096
_VARIANTS: dict[tuple[Context, bool, bool], Context] = {}
SUITS = ("m", "p", "s")


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
    return value if isinstance(value, tuple) and out == value else out
_FIELDS = frozenset(f.name for f in fields(Context))


def _contradiction(name: str, message: str) -> None:
    raise ScorerError(CONTRADICTORY_CONTEXT, message, ("context", name))

