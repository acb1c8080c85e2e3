"""A whole room settled (the online room rules page; the 1998 national rules article).

Points × the room's base points are beans; nobody loses more beans than they have left; a room is
1, 4 or 16 hands; the dealer changes every hand and the prevalent wind advances E → S → W → N
every four; a competition room swaps seats before the West round; several claimants of one
discard → the nearest in turn order after the discarder wins (截和); a leaver pays 16 points to
each other player and ends the room. Pure functions over frozen values: ``Room.build`` checks
what a room means (errors point into the request, e.g. ``/hands/3/win/discarder``), ``settle``
plays it through into a ``Ledger``.

    >>> room = Room.build(players=[{"name": n, "beans": 1000} for n in ("Ann", "Bo", "Cy", "Di")],
    ...                   base_points=10, length=4,
    ...                   hands=[{"win": {"winner": "Ann", "discarder": "Bo",
    ...                                   "hand": "[222m1][444m2][666m3]88mWW8m"}}])
    >>> ledger = settle(room)
    >>> dict(ledger.hands[0].changes)
    {'Ann': 360, 'Bo': -200, 'Cy': -80, 'Di': -80}
    >>> [(s.name, s.beans) for s in ledger.standings], ledger.finished
    ([('Ann', 1360), ('Cy', 920), ('Di', 920), ('Bo', 800)], False)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final, Literal, TypeVar

from ...context import MAX_BASE_POINTS, Context
from ...errors import (
    BAD_BASE_POINTS,
    BAD_BEANS,
    BAD_CLAIM,
    BAD_POINTS,
    BAD_ROOM_LENGTH,
    BAD_VALUE,
    DUPLICATE_PLAYER,
    HAND_AFTER_LEAVE,
    NOT_WINNING,
    TOO_MANY_HANDS,
    UNDER_MINIMUM,
    UNKNOWN_PLAYER,
    Path,
    ScorerError,
)
from ...hand import MAX_FLOWERS, Hand
from ...result import Result
from ...shape import (
    MAX_TILE_STRING,
    Declared,
    FieldSpec,
    Kind,
    field_spec,
    fields_of,
    listed,
    read_object,
    spec,
    within,
)
from ...tiles import WINDS, Wind
from ..book import parse_options
from .fans import MIN_POINTS
from .options import PRESETS, McrOptions
from .payouts import payouts
from .scoring import score_hand as score

LENGTHS: Final = (1, 4, 16)  # one hand, an East round, a full game
SEATS: Final = 4
LEAVE_POINTS: Final = 16  # paid by a leaver to each other player, × base points
MAX_BEANS: Final = 10**12  # keeps every sum exact in a JavaScript number (2**53)
MAX_NAME: Final = MAX_TILE_STRING
MAX_POINTS: Final = 1000  # a sanity bound far above any real hand, not a rule
# How a win came about, as in ``Context``; seat, prevalent wind, discarder and base points come
# from the room, so a win may not state them.
EVENT_FLAGS: Final = ("last_copy", "last_wall_tile", "kong_replacement", "robbing_kong")
MAX_CLAIMANTS: Final = SEATS - 1  # everyone but the discarder
SWAP: Final = (1, 0, 3, 2)  # East↔South, West↔North: who sits where from the West round on
SWAP_ROUND: Final = 2  # the West round
# Characters a name may not hold: controls, format characters (zero-width, bidi marks), surrogates,
# private use and unassigned code points; none of them shows, or shows the same everywhere.
REFUSED_IN_NAMES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})  # line and paragraph separators too
# Characters that change no name as it shows: variation selectors and the combining grapheme joiner.
_INVISIBLE_IN_NAMES: Final = dict.fromkeys([0x034F, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)])
# Letters and symbols that render as blank space: a name of only these (or spaces) is blank.
_BLANK_LOOKING: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800")

Outcome = Literal["win", "draw", "leave"]


# --- the room, as asked -------------------------------------------------------------------------
# Each request field is declared once, here (``scorer.shape``): the service's schemas derive from
# these declarations, and so does reading a room from JSON-like parts below.
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

    def __post_init__(self) -> None:
        _check_room(self)

    @property
    def rules(self) -> McrOptions:
        """The options every full hand of the room is scored by (checked when the room was built)."""
        return parse_options(McrOptions, self.options, "mcr", PRESETS)

    @classmethod
    def build(
        cls,
        players: Sequence[Mapping[str, Any] | Player],
        length: int,
        hands: Sequence[Mapping[str, Any] | Entry] = (),
        base_points: int = 1,
        seat_swap: bool = False,
        options: Mapping[str, Any] | None = None,
    ) -> Room:
        """From JSON-like parts; every error names its field as a path into them."""
        return cls(
            players=listed(players, ("players",), _player),
            length=length,
            hands=listed(hands, ("hands",), _entry),
            base_points=base_points,
            seat_swap=seat_swap,
            options=options,
        )


# --- the ledger, as settled ---------------------------------------------------------------------
@dataclass(frozen=True)
class Seating:
    """Who sits where for one hand: the dealer is East; turn order is E, S, W, N."""

    number: int  # 1-based
    prevalent_wind: str
    order: tuple[str, ...]  # players in turn order, East (the dealer) first

    @property
    def dealer(self) -> str:
        return self.order[0]

    def wind(self, player: str) -> str:
        return WINDS[self.order.index(player)]

    def player(self, wind: str) -> str:
        return self.order[WINDS.index(wind)]

    def seats(self) -> dict[str, str]:
        return {p: WINDS[i] for i, p in enumerate(self.order)}


@dataclass(frozen=True)
class WinRecord:
    winner: str
    claimants: tuple[str, ...]
    discarder: str | None
    points: int
    flower_points: int

    @property
    def self_drawn(self) -> bool:
        return self.discarder is None

    @property
    def total(self) -> int:
        return self.points + self.flower_points

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner, "claimants": list(self.claimants), "discarder": self.discarder,
            "self_drawn": self.self_drawn, "points": self.points, "flower_points": self.flower_points,
            "total": self.total,
        }


@dataclass(frozen=True)
class HandRecord:
    """One hand of the ledger: who sat where, what happened, what was due, what was paid."""

    seating: Seating
    outcome: Outcome
    win: WinRecord | None
    leaver: str | None
    score: Result | None  # the full score result, when a hand was scored
    due: Mapping[str, int]  # what the rule asks, player -> signed beans
    changes: Mapping[str, int]  # what was paid after the caps; sums to zero
    beans: Mapping[str, int]  # each player's beans after the hand

    def __post_init__(self) -> None:
        for name in ("due", "changes", "beans"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))

    def to_dict(self) -> dict[str, Any]:
        s = self.seating
        return {
            "number": s.number, "dealer": s.dealer, "prevalent_wind": s.prevalent_wind, "seats": s.seats(),
            "outcome": self.outcome,
            "win": self.win.to_dict() if self.win else None,
            "leaver": self.leaver,
            "score": self.score.to_dict() if self.score else None,
            "due": dict(self.due), "changes": dict(self.changes), "beans": dict(self.beans),
        }


@dataclass(frozen=True)
class Standing:
    place: int  # 1 = best; equal net changes share a place
    name: str
    beans: int  # final
    change: int  # net over the room

    def to_dict(self) -> dict[str, Any]:
        return {"place": self.place, "name": self.name, "beans": self.beans, "change": self.change}


@dataclass(frozen=True)
class Ledger:
    room: Room
    hands: tuple[HandRecord, ...]
    standings: tuple[Standing, ...]
    finished: bool  # the room reached its length (a leave ends it unfinished)

    def to_dict(self) -> dict[str, Any]:
        r = self.room
        return {
            "players": [p.to_dict() for p in r.players], "base_points": r.base_points, "length": r.length,
            "seat_swap": r.seat_swap,
            "hands": [h.to_dict() for h in self.hands],
            "standings": [s.to_dict() for s in self.standings],
            "finished": self.finished,
        }


# --- rules --------------------------------------------------------------------------------------
def seating(players: Sequence[str], index: int, seat_swap: bool = False) -> Seating:
    """Hand ``index`` (0-based): the deal passes every hand (no dealer repeats), the prevalent
    wind advances every four; with ``seat_swap``, from the West round on East↔South and
    West↔North have swapped seats and the original South deals first."""
    rnd, k = divmod(index, SEATS)
    around = [players[i] for i in SWAP] if seat_swap and rnd >= SWAP_ROUND else list(players)
    return Seating(index + 1, WINDS[rnd % SEATS], tuple(around[k:] + around[:k]))


def resolve_claim(seats: Seating, claimants: Sequence[str], discarder: str) -> str:
    """截和: of several players who can win on one discard, the nearest in turn order after the
    discarder takes it."""
    d = WINDS.index(seats.wind(discarder))
    return min(claimants, key=lambda p: (WINDS.index(seats.wind(p)) - d) % SEATS)


def cap(due: Mapping[str, int], beans: Mapping[str, int], turn_order: Sequence[str]) -> dict[str, int]:
    """What is actually paid: each payer pays at most the beans they have left. With one
    receiver, the receiver gets what was paid. With one payer and several receivers (a leave),
    the payment is shared evenly and odd beans go to the receivers nearest after the payer in
    ``turn_order``."""
    paid = {p: -min(-d, beans[p]) if d < 0 else 0 for p, d in due.items()}
    receivers = [p for p, d in due.items() if d > 0]
    payers = [p for p, d in due.items() if d < 0]
    out = dict(paid)
    if len(receivers) == 1:
        out[receivers[0]] = -sum(paid.values())
    elif receivers:
        (payer,) = payers  # settlement never has several payers and several receivers
        pot = -paid[payer]
        start = turn_order.index(payer)
        nearest = [turn_order[(start + j) % SEATS] for j in range(1, SEATS)]
        share, odd = divmod(pot, len(receivers))
        for j, r in enumerate(p for p in nearest if p in receivers):
            out[r] = share + (1 if j < odd else 0)
    return {p: out[p] for p in due}


def win_due(room: Room, seats: Seating, win: Win, index: int) -> tuple[WinRecord, Result | None, dict[str, int]]:
    """Who won, the score of a full hand, and what the /v1/score payout rule asks × base points."""
    at: Path = ("hands", index, "win")
    if len(win.claimants) == 1:
        winner = win.claimants[0]
    else:
        assert win.discarder is not None  # checked when the room was built
        winner = resolve_claim(seats, win.claimants, win.discarder)
    seat = seats.wind(winner)
    discarder = None if win.discarder is None else seats.wind(win.discarder)
    result: Result | None = None
    if win.hand is not None:
        with within(at):
            ctx = Context(
                self_drawn=win.self_drawn, seat_wind=Wind(seat), prevalent_wind=Wind(seats.prevalent_wind),
                discarder=None if discarder is None else Wind(discarder), base_points=room.base_points,
                **{f: getattr(win, f) for f in EVENT_FLAGS},
            )
            result = score(win.hand, ctx, room.rules)
        if not result.winning:
            raise ScorerError(NOT_WINNING, f"the hand is not complete: {result.reason}", (*at, "hand"))
        if result.points < MIN_POINTS:
            raise ScorerError(
                UNDER_MINIMUM, f"a win needs {MIN_POINTS} points without flowers; this hand scores {result.points}",
                (*at, "hand"),
            )
        points, flowers = result.points, result.flower_points
    else:
        assert win.points is not None  # checked when the room was built
        points, flowers = win.points, win.flowers
    by_seat = payouts(points + flowers, seat, win.self_drawn, discarder, room.base_points)
    assert by_seat is not None  # a discard win always names its discarder here
    record = WinRecord(winner, win.claimants, win.discarder, points, flowers)
    return record, result, {p: by_seat[seats.wind(p)] for p in _names(room)}


def leave_due(room: Room, leaver: str) -> dict[str, int]:
    """The leaver pays 16 points × base points to each other player."""
    fine = LEAVE_POINTS * room.base_points
    return {p: -(SEATS - 1) * fine if p == leaver else fine for p in _names(room)}


def settle(room: Room) -> Ledger:
    """Play the room through: per hand the rule's dues, the caps, the beans after; then standings."""
    names = _names(room)
    beans = {p.name: p.beans for p in room.players}
    records: list[HandRecord] = []
    for i, entry in enumerate(room.hands):
        seats = seating(names, i, room.seat_swap)
        win_record: WinRecord | None = None
        result: Result | None = None
        leaver: str | None = None
        if isinstance(entry, Win):
            win_record, result, due = win_due(room, seats, entry, i)
            outcome: Outcome = "win"
        elif isinstance(entry, Leave):
            leaver, due, outcome = entry.player, leave_due(room, entry.player), "leave"
        else:
            due, outcome = dict.fromkeys(names, 0), "draw"
        changes = cap(due, beans, seats.order)
        beans = {p: beans[p] + changes[p] for p in names}
        records.append(HandRecord(seats, outcome, win_record, leaver, result, due, changes, beans))
    finished = len(room.hands) == room.length and not any(isinstance(e, Leave) for e in room.hands)
    return Ledger(room, tuple(records), standings(room.players, beans), finished)


def standings(players: Sequence[Player], beans: Mapping[str, int]) -> tuple[Standing, ...]:
    """Best first by net change over the room (what was won, not what was brought), then by final
    beans, then by the first hand's seat order; equal net changes share a place."""
    seat = {p.name: i for i, p in enumerate(players)}
    change = {p.name: beans[p.name] - p.beans for p in players}
    ranked = sorted(change, key=lambda n: (-change[n], -beans[n], seat[n]))
    out: list[Standing] = []
    for i, n in enumerate(ranked):
        place = out[-1].place if out and change[out[-1].name] == change[n] else i + 1
        out.append(Standing(place, n, beans[n], change[n]))
    return tuple(out)


# --- checks -------------------------------------------------------------------------------------
def _names(room: Room) -> tuple[str, ...]:
    return tuple(p.name for p in room.players)


def _check_room(room: Room) -> None:
    parse_options(McrOptions, room.options, "mcr", PRESETS)  # an unknown option or value: at /options/<name>
    if not isinstance(room.players, tuple) or len(room.players) != SEATS:
        got = len(room.players) if isinstance(room.players, Sequence) else room.players
        raise ScorerError(BAD_VALUE, f"a room has exactly {SEATS} players, got {got!r}", ("players",))
    seen: dict[str, int] = {}
    alike: dict[str, int] = {}  # by normal form: "é" typed two ways is one name
    for i, p in enumerate(room.players):
        _check_player(p, ("players", i))
        same = alike.get(normal_name(p.name))
        if same is not None:
            raise ScorerError(
                DUPLICATE_PLAYER, f"player name {p.name!r} is already player {same}", ("players", i, "name"),
            )
        seen[p.name] = alike[normal_name(p.name)] = i
    bp = room.base_points
    if isinstance(bp, bool) or not isinstance(bp, int) or not 1 <= bp <= MAX_BASE_POINTS:
        raise ScorerError(
            BAD_BASE_POINTS, f"base_points must be a whole number from 1 to {MAX_BASE_POINTS}, got {bp!r}",
            ("base_points",),
        )
    if room.length not in LENGTHS or isinstance(room.length, bool):
        raise ScorerError(
            BAD_ROOM_LENGTH, f"length must be 1 (one hand), 4 (an East round) or 16 (a full game), got {room.length!r}",
            ("length",),
        )
    if room.seat_swap is not True and room.seat_swap is not False:
        raise ScorerError(BAD_VALUE, f"seat_swap must be true or false, got {room.seat_swap!r}", ("seat_swap",))
    if not isinstance(room.hands, tuple):
        raise ScorerError(BAD_VALUE, "hands must be a list", ("hands",))
    for i, entry in enumerate(room.hands):
        at: Path = ("hands", i)
        if i >= room.length:
            raise ScorerError(
                TOO_MANY_HANDS, f"a room of {room.length} hand{'s' if room.length > 1 else ''} has no hand {i + 1}", at,
            )
        if i and isinstance(room.hands[i - 1], Leave):
            raise ScorerError(HAND_AFTER_LEAVE, f"hand {i} was a leave, which ends the room", at)
        if isinstance(entry, Win):
            _check_win(entry, seen, (*at, "win"))
        elif isinstance(entry, Leave):
            _known(entry.player, seen, (*at, "leave", "player"))
        elif not isinstance(entry, Draw):
            raise ScorerError(BAD_VALUE, "a hand is a win, a draw or a leave", at)


def _check_player(p: Player, at: Path) -> None:
    if not isinstance(p, Player):
        raise ScorerError(BAD_VALUE, "a player is an object with name and beans", at)
    if not isinstance(p.name, str) or not p.name.strip() or len(p.name) > MAX_NAME:
        raise ScorerError(BAD_VALUE, f"a player name is a non-blank string of at most {MAX_NAME} characters, "
                          f"got {p.name!r}", (*at, "name"))
    for ch in p.name:
        category = unicodedata.category(ch)
        if category in REFUSED_IN_NAMES:
            raise ScorerError(BAD_VALUE, f"a player name may not hold U+{ord(ch):04X} (Unicode category {category}: "
                              "control, format, surrogate, private-use or unassigned characters do not show)",
                              (*at, "name"))
    if all(ch.isspace() or ch in _BLANK_LOOKING for ch in p.name):
        raise ScorerError(BAD_VALUE, f"a player name must show something; {p.name!r} is blank", (*at, "name"))
    if all(unicodedata.category(ch)[0] == "M" or ch.isspace() for ch in p.name):
        raise ScorerError(BAD_VALUE, f"a player name must show something; {p.name!r} is only combining marks, "
                          "which show on another character", (*at, "name"))
    if isinstance(p.beans, bool) or not isinstance(p.beans, int) or not 0 <= p.beans <= MAX_BEANS:
        raise ScorerError(BAD_BEANS, f"beans must be a whole number from 0 to {MAX_BEANS}, got {p.beans!r}",
                          (*at, "beans"))


def _known(name: object, players: Mapping[str, int], at: Path) -> None:
    if not isinstance(name, str):
        raise ScorerError(BAD_VALUE, f"a player is named by a string, got {name!r}", at)
    if name not in players:
        raise ScorerError(UNKNOWN_PLAYER, f"no player named {name!r} in this room (players: {', '.join(players)})", at)


def _check_win(win: Win, players: Mapping[str, int], at: Path) -> None:
    if not isinstance(win.claimants, tuple) or not win.claimants:
        raise ScorerError(BAD_CLAIM, "a win names its winner (or a list of claimants of one discard)", (*at, "winner"))
    many = len(win.claimants) > 1
    for k, c in enumerate(win.claimants):
        _known(c, players, (*at, "winner", k) if many else (*at, "winner"))
        if c in win.claimants[:k]:
            raise ScorerError(BAD_CLAIM, f"{c!r} is named twice among the claimants", (*at, "winner", k))
    if win.discarder is not None:
        _known(win.discarder, players, (*at, "discarder"))
        if win.discarder in win.claimants:
            raise ScorerError(BAD_CLAIM, f"{win.discarder!r} cannot win on their own discard", (*at, "discarder"))
    elif many:
        raise ScorerError(BAD_CLAIM, "several claimants need a discard to claim; a self-drawn win has one winner",
                          (*at, "winner"))
    for f in EVENT_FLAGS:
        v = getattr(win, f)
        if v is not True and v is not False:
            raise ScorerError(BAD_VALUE, f"{f} must be true or false, got {v!r}", (*at, "context", f))
    if win.hand is not None:
        if win.points is not None:
            raise ScorerError(BAD_VALUE, "give either a full hand or its points, not both", (*at, "points"))
        if win.flowers:
            raise ScorerError(BAD_VALUE, "with a full hand, flowers go in the hand", (*at, "flowers"))
        if not isinstance(win.hand, Hand):
            raise ScorerError(BAD_VALUE, "hand must be a Hand", (*at, "hand"))
        return
    if win.points is None:
        raise ScorerError(BAD_VALUE, "a win needs a full hand to score or its points", at)
    if any(getattr(win, f) for f in EVENT_FLAGS):
        raise ScorerError(BAD_VALUE, "a context only goes with a full hand to score", (*at, "context"))
    p = win.points
    if isinstance(p, bool) or not isinstance(p, int) or p > MAX_POINTS:
        raise ScorerError(BAD_POINTS, f"points must be a whole number from {MIN_POINTS} to {MAX_POINTS}, got {p!r}",
                          (*at, "points"))
    if p < MIN_POINTS:
        raise ScorerError(UNDER_MINIMUM, f"a win needs {MIN_POINTS} points without flowers, got {p}", (*at, "points"))
    fl = win.flowers
    if isinstance(fl, bool) or not isinstance(fl, int) or not 0 <= fl <= MAX_FLOWERS:
        raise ScorerError(BAD_VALUE, f"flowers must be a whole number from 0 to {MAX_FLOWERS}, got {fl!r}",
                          (*at, "flowers"))


# --- building from JSON-like parts --------------------------------------------------------------
T = TypeVar("T")


def normal_name(name: object) -> Any:
    """A name as it shows, so that one name typed two ways is one player wherever it appears: in
    Unicode NFC ("é" or "e" + a combining accent), without the spaces around it ("Ann " is "Ann"),
    variation selectors or combining grapheme joiners ("A\uFE0F" and "A\u034F" are "A"); anything
    else as it is, for the checks to refuse."""
    if not isinstance(name, str):
        return name
    n = unicodedata.normalize("NFC", name.translate(_INVISIBLE_IN_NAMES))
    start, end = 0, len(n)
    while start < end and unicodedata.category(n[start]) == "Zs":  # spaces only: a control or separator is refused
        start += 1
    while end > start and unicodedata.category(n[end - 1]) == "Zs":
        end -= 1
    return n[start:end]


_PLAYER = Declared.of(fields_of(Player))
_ENTRY = Declared.of(ROOM_HAND_FIELDS)
_DRAW = Declared.of(fields_of(Draw))
_LEAVE = Declared.of(fields_of(Leave))
_WIN = Declared.of(WIN_FIELDS)
_CONTEXT = Declared.of(fields_of(Context))
_HAND = Declared.of(fields_of(Hand))
_CONTEXT_FROM_ROOM = _CONTEXT.names - frozenset(EVENT_FLAGS)
_NO_CONTEXT: Mapping[str, Any] = MappingProxyType({})


def _player(value: object, at: Path) -> Player:
    if isinstance(value, Player):
        return value
    v = read_object(value, at, _PLAYER)
    return Player(normal_name(v["name"]), v["beans"])


def _entry(value: object, at: Path) -> Entry:
    if isinstance(value, Win | Draw | Leave):
        return value
    v = read_object(value, at, _ENTRY)
    if len(v) != 1:
        raise ScorerError(BAD_VALUE, "a hand is exactly one of win, draw or leave", at)
    ((kind, body),) = v.items()
    if kind == "draw":
        read_object(body, (*at, "draw"), _DRAW)
        return Draw()
    if kind == "leave":
        leave = read_object(body, (*at, "leave"), _LEAVE)
        return Leave(normal_name(leave["player"]))
    return _win(body, (*at, "win"))


def _win(value: object, at: Path) -> Win:
    v = read_object(value, at, _WIN)
    winner = v["winner"]
    if isinstance(winner, Sequence) and not isinstance(winner, str):
        claimants = tuple(map(normal_name, winner))
    else:
        claimants = (normal_name(winner),)
    context = read_object(v.get("context", _NO_CONTEXT), (*at, "context"), _CONTEXT)
    for k in context:
        if k in _CONTEXT_FROM_ROOM:
            raise ScorerError(
                BAD_VALUE, f"{k} comes from the room (seats, the winner, the discarder, base points), not the win",
                (*at, "context", k),
            )
    hand: Hand | None = None
    if "hand" in v:
        with within(at):
            hand = _hand(v["hand"])
    return Win(
        claimants=claimants, discarder=normal_name(v["discarder"]), hand=hand, points=v.get("points"),
        flowers=v.get("flowers", 0),
        **{f: context.get(f, False) for f in EVENT_FLAGS},
    )


def _hand(value: object) -> Hand:
    """A hand as /v1/score takes it: an object of parts or the reference notation."""
    if isinstance(value, str):
        return Hand.parse(value)
    v = read_object(value, ("hand",), _HAND)
    return Hand.build(**v)
