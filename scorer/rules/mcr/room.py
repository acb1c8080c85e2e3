"""A room as asked (the online room rules page; the 1998 national rules article): four players
with the beans they bring, the room's length (1, 4 or 16 hands), its base points, the seat swap,
MCR's options, and the hands played so far, each a win, a draw or a leave. Each value is frozen
and plain: ``reading.build_room`` reads one from JSON-like parts and checks what it means
(``reading.check_room``), ``ledger.settle`` plays it through. The values import neither.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ...context import MAX_BASE_POINTS, Context
from ...hand import MAX_FLOWERS, Hand
from ...shape import FieldSpec, Kind, field_spec, fields_of, spec
from ..book import parse_options
from .fans import MIN_POINTS
from .options import PRESETS, McrOptions

LENGTHS: Final = (1, 4, 16)  # one hand, an East round, a full game
SEATS: Final = 4
MAX_BEANS: Final = 10**12  # keeps every sum exact in a JavaScript number (2**53)
MAX_POINTS: Final = 1000  # a sanity bound far above any real hand, not a rule
# How a win came about, as in ``Context``; seat, prevalent wind, discarder and base points come
# from the room, so a win may not state them.
EVENT_FLAGS: Final = ("last_copy", "last_wall_tile", "kong_replacement", "robbing_kong")
MAX_CLAIMANTS: Final = SEATS - 1  # everyone but the discarder


# --- the room, as asked -------------------------------------------------------------------------
# Each request field is declared once, here (``scorer.shape``): the service's schemas derive from
# these declarations, and so does reading a room from JSON-like parts (``reading``).
@dataclass(frozen=True)
class Player:
    name: str = field(metadata=spec(Kind.NAME, "the player's name, unique in the room", required=True))
    beans: int = field(metadata=spec(
        Kind.INT, "the beans the player brings; nobody loses more than they have left", required=True, minimum=0,
        maximum=MAX_BEANS))

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "beans": self.beans}


@dataclass(frozen=True)
class Win:
    """A win: its claimants (one winner, or several on one discard: 截和 picks one), the
    discarder (None = self-drawn), and either a full hand to score or its known points."""

    claimants: tuple[str, ...]
    discarder: str | None
    hand: Hand | None = None
    points: int | None = None  # without flowers; only when there is no hand
    flowers: int = 0  # only with points; a full hand carries its own
    last_copy: bool = False
    last_wall_tile: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False

    @property
    def self_drawn(self) -> bool:
        return self.discarder is None


# A win as a request gives it (its JSON names differ from ``Win``'s: one ``winner`` field for the
# claimants, the event flags inside a ``context`` declared by ``Context`` itself).
WIN_FIELDS: tuple[FieldSpec, ...] = (
    field_spec("winner", Kind.NAMES, "the winner, or several claimants of one discard (截和: the nearest after the "
               "discarder wins)", required=True, min_items=1, max_items=MAX_CLAIMANTS),
    field_spec("discarder", Kind.NAME, "who discarded the winning tile; null for a self-drawn win", required=True,
               nullable=True),
    field_spec("hand", Kind.HAND, "the full hand to score, as POST /v1/score takes it"),
    field_spec("context", Kind.OBJECT, "how the hand was won, as far as only the win can say",
               items=tuple(s for s in fields_of(Context) if s.name in EVENT_FLAGS)),
    field_spec("points", Kind.INT, "known points without flowers, instead of a hand", minimum=MIN_POINTS,
               maximum=MAX_POINTS),
    field_spec("flowers", Kind.INT, "flowers, with known points only", default=0, minimum=0, maximum=MAX_FLOWERS),
)


@dataclass(frozen=True)
class Draw:
    """荒庄: the wall ran out; nobody scores, the deal still passes."""


@dataclass(frozen=True)
class Leave:
    """A player leaves mid-game: the room ends, the leaver pays the penalty."""

    player: str = field(metadata=spec(Kind.NAME, "the player who leaves", required=True))


Entry = Win | Draw | Leave

# One hand of a room as a request gives it: exactly one of these.
ROOM_HAND_FIELDS: tuple[FieldSpec, ...] = (
    field_spec("win", Kind.OBJECT, "a win", items=WIN_FIELDS),
    field_spec("draw", Kind.OBJECT, "a draw (荒庄): nothing is paid", items=fields_of(Draw)),
    field_spec("leave", Kind.OBJECT, "a player leaves: the room ends", items=fields_of(Leave)),
)


@dataclass(frozen=True)
class Room:
    players: tuple[Player, ...] = field(metadata=spec(
        Kind.OBJECTS, "four players, seated East, South, West, North for the first hand", required=True,
        min_items=SEATS, max_items=SEATS, items=fields_of(Player)))
    length: int = field(metadata=spec(
        Kind.INT, "1 (one hand), 4 (an East round) or 16 (a full game)", required=True, minimum=min(LENGTHS),
        maximum=max(LENGTHS), choices=LENGTHS))
    hands: tuple[Entry, ...] = field(default=(), metadata=spec(
        Kind.OBJECTS, "the hands played so far, at most length; nothing may follow a leave", required=True,
        max_items=max(LENGTHS), items=ROOM_HAND_FIELDS))
    base_points: int = field(default=1, metadata=spec(
        Kind.INT, "beans per point (房间底分)", minimum=1, maximum=MAX_BASE_POINTS))
    seat_swap: bool = field(default=False, metadata=spec(
        Kind.BOOL, "the competition seat swap before the West round"))
    options: Mapping[str, Any] | None = field(default=None, metadata=spec(
        Kind.OBJECT, "MCR's house rules, as POST /v1/score takes them: every full hand is scored by them"))

    @property
    def rules(self) -> McrOptions:
        """The options every full hand of the room is scored by (checked when the room was built)."""
        return parse_options(McrOptions, self.options, "mcr", PRESETS)
