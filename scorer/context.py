"""The game context of a win, and the checks that it is consistent with itself and the hand.

A contradictory context is an error that says what contradicts what; what the tiles prove
(three copies of the winning tile in one's own melds make it the last copy) is inferred.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
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
        for name in _FLAGS:
            v = getattr(self, name)
            if v is not True and v is not False:
                raise ScorerError(BAD_VALUE, f"{name} must be true or false, got {v!r}", ("context", name))
        for name in ("seat_wind", "prevalent_wind", "discarder"):
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
        if self.out != ():  # most contexts name no seat out: no list to read
            object.__setattr__(self, "out", _seats_out(self.out))
        bp = self.base_points
        if isinstance(bp, bool) or not isinstance(bp, int) or not 1 <= bp <= MAX_BASE_POINTS:
            raise ScorerError(
                BAD_BASE_POINTS, f"base_points must be a whole number from 1 to {MAX_BASE_POINTS}, got {bp!r}",
                ("context", "base_points"),
            )
        _contradiction(self.kong_replacement and not self.self_drawn, "kong_replacement",
                       "kong_replacement (杠上开花) is a self-drawn win, but self_drawn is false")
        _contradiction(self.robbing_kong and self.self_drawn, "robbing_kong",
                       "robbing_kong (抢杠和) is a win on another player's kong, but self_drawn is true")
        _contradiction(self.self_drawn and self.discarder is not None, "discarder",
                       "a self-drawn win has no discarder")
        _contradiction(self.discarder is not None and self.discarder == self.seat_wind, "discarder",
                       f"the discarder {self.discarder} is the winner's own seat")
        _contradiction(self.seat_wind in self.out, "out", f"the winner {self.seat_wind} cannot have already won")
        _contradiction(self.discarder is not None and self.discarder in self.out, "out",
                       f"the discarder {self.discarder} has already won and plays no more")

    @classmethod
    def build(cls, **kwargs: Any) -> Context:
        unknown = sorted(set(kwargs) - _FIELDS)
        if unknown:
            raise ScorerError(BAD_VALUE, f"unknown context field {unknown[0]!r}", ("context", unknown[0]))
        return cls(**kwargs)

    def for_hand(self, hand: Hand) -> Context:
        """Check the flags the tiles can contradict; the context itself if they agree. (What the
        tiles prove is a rule book's to infer: MCR's last copy, ``rules.mcr.detect.proven_context``.)"""
        win = hand.winning_tile
        held = hand.counts()[INDEX[win]] - 1  # copies of the winning tile besides itself, melds included
        _contradiction(self.kong_replacement and not hand.has_kong, "kong_replacement",
                       "kong_replacement (杠上开花) needs a kong among the melds")
        _contradiction(self.robbing_kong and held > 0, "robbing_kong",
                       f"robbing_kong (抢杠和): the robbed tile {win} cannot also be in the winner's hand")
        return self


_WIND_CODES: dict[str, Wind] = {w.value: w for w in Wind}
_FLAGS = tuple(f.name for f in fields(Context) if f.type == "bool")
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


def _contradiction(cond: bool, name: str, message: str) -> None:
    if cond:
        raise ScorerError(CONTRADICTORY_CONTEXT, message, ("context", name))

