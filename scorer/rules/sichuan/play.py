"""A Sichuan hand of play as asked (血战到底): each seat's missing suit, the kongs and wins in
order, the final holdings when the wall ran out, the base points and the house rules. Each request
field is declared once, here (``scorer.shape``): the service's schemas derive from these
declarations, and so does reading a body (``reading``).

Each value is frozen and plain: ``reading.build_play`` reads a JSON body and checks that the hand
of play could have happened (``reading.check_play``); ``settlement.settle`` plays it through. The
values import neither.
"""


from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from ...context import MAX_BASE_POINTS, Context
from ...hand import Hand
from ...holding import Holding
from ...shape import FieldSpec, Kind, field_spec, fields_of, spec
from ...tiles import WINDS, Tile, Wind
from ..book import option_specs
from .context import FIELDS as OWN_CONTEXT
from .options import PRESETS, SichuanOptions

KONG_KINDS: Final = ("exposed", "added", "concealed")
EVENT_FLAGS: Final = ("kong_replacement", "last_wall_tile", "heavenly_hand", "earthly_hand", "last_copy")  # what only
# the win can say; the last three mean something only when their optional fans are on (RULINGS S16, S20)
OPTIONAL_FLAGS: Final = ("heavenly_hand", "earthly_hand", "last_copy")  # each named as its option is
MAX_WINNERS: Final = 3  # the hand is over when three have won
MAX_EVENTS: Final = 32  # at most 16 kongs (four melds each) and three wins; a sanity bound
SEATS: Final = tuple(Wind)


@dataclass(frozen=True)
class Kong:
    """A kong: exposed (明杠, on a discard: the discarder pays 2), added (补杠, to one's own pung:
    every other player still in pays 1) or concealed (暗杠: every other player still in pays 2)."""

    player: Wind = field(metadata=spec(Kind.WIND, "who declares the kong", required=True))
    kind: str = field(metadata=spec(
        Kind.NAME, "exposed (明杠, on a discard), added (补杠, the fourth tile to one's own pung) or concealed (暗杠)",
        required=True))
    tile: Tile = field(metadata=spec(Kind.TILE, "the kong's tile", required=True))
    discarder: Wind | None = field(default=None, metadata=spec(
        Kind.WIND, "who discarded the tile of an exposed kong; only an exposed kong has one", nullable=True))


@dataclass(frozen=True)
class Winner:
    """One winner of a win event: the seat, the winning hand and the event flags of this win."""

    player: Wind
    hand: Hand
    kong_replacement: bool = False
    last_wall_tile: bool = False
    heavenly_hand: bool = False
    earthly_hand: bool = False
    last_copy: bool = False


# the event flags as the context declares them: the shared ones, then the book's own (天胡, 地胡)
_EVENT_SPECS: Final = tuple(s for s in (*fields_of(Context), *(f.spec for f in OWN_CONTEXT)) if s.name in EVENT_FLAGS)
WINNER_FIELDS: tuple[FieldSpec, ...] = (
    field_spec("player", Kind.WIND, "the winner's seat", required=True),
    field_spec("hand", Kind.HAND, "the winning hand, as POST /v1/score takes it", required=True),
    field_spec("context", Kind.OBJECT, "how this win came about, as only the win can say (seats, missing suit and "
               "who is still in come from the settlement)", items=_EVENT_SPECS),
)


@dataclass(frozen=True)
class Win:
    """A win: one winner (self-drawn or on a discard), or several on one discard (一炮多响)."""

    discarder: Wind | None
    winners: tuple[Winner, ...]
    robbing_kong: bool = False
    after_kong: bool = False  # 杠上炮: the discard right after the discarder's own kong (RULINGS T19)

    @property
    def self_drawn(self) -> bool:
        return self.discarder is None


WIN_FIELDS: tuple[FieldSpec, ...] = (
    field_spec("discarder", Kind.WIND, "who discarded the winning tile (or whose added kong was robbed); null for a "
               "self-drawn win", required=True, nullable=True),
    field_spec("winners", Kind.OBJECTS, "the winners: one, or several on one discard (一炮多响)", required=True,
               max_items=MAX_WINNERS, items=WINNER_FIELDS),
    field_spec("robbing_kong", Kind.BOOL, "won by robbing the discarder's added kong (抢杠胡), which then scores "
               "nothing; it must directly follow that kong"),
    field_spec("after_kong", Kind.BOOL, "won on the discard the discarder made right after its own kong (杠上炮); it "
               "must directly follow that kong, and under kong_transfer (呼叫转移) the kong's money goes to the "
               "winners"),
)

Event = Kong | Win

# One event as a request gives it: exactly one of these.
EVENT_FIELDS: tuple[FieldSpec, ...] = (
    field_spec("kong", Kind.OBJECT, "a kong", items=fields_of(Kong)),
    field_spec("win", Kind.OBJECT, "a win", items=WIN_FIELDS),
)
MISSING_SUITS_FIELDS: tuple[FieldSpec, ...] = tuple(
    field_spec(w, Kind.SUIT, f"the missing suit {w} declared (定缺): m, p or s", required=True) for w in WINDS)
EXHAUSTED_FIELDS: tuple[FieldSpec, ...] = tuple(
    field_spec(w, Kind.HAND, f"{w}'s final holding, 13 tiles (kongs count three), if {w} has not won",
               items=fields_of(Holding)) for w in WINDS)
OPTIONS_FIELDS: tuple[FieldSpec, ...] = (field_spec(
    "preset", Kind.NAME, f"a named row of these house rules ({', '.join(p.name for p in PRESETS)}); options given "
    "beside it override it"),) + tuple(
    field_spec(o.name, Kind.NAME, f"{o.help}: {', '.join(o.choices)}", default=o.default) if o.choices else
    field_spec(o.name, Kind.INT, o.help, default=o.default, minimum=o.minimum, maximum=o.maximum)
    for o in option_specs(SichuanOptions))


@dataclass(frozen=True)
class Play:
    """A hand of play as it happened: the missing suits, the kongs and wins in order, and the final
    holdings of those who had not won when the wall ran out."""

    missing_suits: Mapping[Wind, str] = field(metadata=spec(
        Kind.OBJECT, "each seat's missing suit (定缺)", required=True, items=MISSING_SUITS_FIELDS))
    events: tuple[Event, ...] = field(default=(), metadata=spec(
        Kind.OBJECTS, "the kongs and wins, in the order they happened", required=True, max_items=MAX_EVENTS,
        items=EVENT_FIELDS))
    exhausted: Mapping[Wind, Holding] | None = field(default=None, metadata=spec(
        Kind.OBJECT, "the wall ran out (with fewer than three winners, under 血战到底): the final holding of every "
        "player who has not won", nullable=True, items=EXHAUSTED_FIELDS))
    base_points: int = field(default=1, metadata=spec(
        Kind.INT, "the room's base points: every amount is times these", minimum=1, maximum=MAX_BASE_POINTS))
    options: SichuanOptions = field(default_factory=SichuanOptions, metadata=spec(
        Kind.OBJECT, "house rules", items=OPTIONS_FIELDS))

    def __post_init__(self) -> None:
        object.__setattr__(self, "missing_suits", MappingProxyType(dict(self.missing_suits)))
        if self.exhausted is not None:
            object.__setattr__(self, "exhausted", MappingProxyType(dict(self.exhausted)))
