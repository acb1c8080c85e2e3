"""The game context of a win, and the checks that it is consistent with itself and the hand.

A contradictory context is an error that says what contradicts what; what the tiles prove
(three copies of the winning tile in one's own melds make it the last copy) is inferred.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from .detect import last_copy_proven
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

    @classmethod
    def build(cls, **kwargs: Any) -> Context:
        unknown = sorted(set(kwargs) - _FIELDS)
        if unknown:
            raise ScorerError(BAD_VALUE, f"unknown context field {unknown[0]!r}", ("context", unknown[0]))
        return cls(**kwargs)

    def for_hand(self, hand: Hand) -> Context:
        """Check the context against the tiles; return it with what the tiles prove filled in."""
        win = hand.winning_tile
        i = INDEX[win]
        standing = hand.standing_counts()[i]  # the concealed copies and the winning tile itself
        held, in_melds = standing - 1, hand.counts()[i] - standing
        _contradiction(self.kong_replacement and not hand.has_kong, "kong_replacement",
                       "kong_replacement (杠上开花) needs a kong among the melds")
        _contradiction(self.robbing_kong and held + in_melds > 0, "robbing_kong",
                       f"robbing_kong (抢杠和): the robbed tile {win} cannot also be in the winner's hand")
        last_copy = last_copy_proven(self.last_copy, held, in_melds)  # the rule of 和绝张, with its fan
        return self if last_copy == self.last_copy else replace(self, last_copy=last_copy)


_WIND_CODES: dict[str, Wind] = {w.value: w for w in Wind}
_FLAGS = tuple(f.name for f in fields(Context) if f.type == "bool")
_FIELDS = frozenset(f.name for f in fields(Context))


def _contradiction(cond: bool, name: str, message: str) -> None:
    if cond:
        raise ScorerError(CONTRADICTORY_CONTEXT, message, ("context", name))

