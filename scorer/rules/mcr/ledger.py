"""A whole room settled (the online room rules page; the 1998 national rules article).

Points × the room's base points are beans; nobody loses more beans than they have left; a room is
1, 4 or 16 hands; the dealer changes every hand and the prevalent wind advances E → S → W → N
every four; a competition room swaps seats before the West round; several claimants of one
discard → the nearest in turn order after the discarder wins (截和); a leaver pays 16 points to
each other player and ends the room. Pure functions over frozen values: a ``Room`` (``room``),
built and checked by ``reading.build_room`` (errors point into the request, e.g. ``/hands/3/win/discarder``);
``settle`` plays it through into a ``Ledger``.

    >>> from scorer.mcr import build_room
    >>> room = build_room(players=[{"name": n, "beans": 1000} for n in ("Ann", "Bo", "Cy", "Di")],
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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, Literal

from ...context import Context
from ...errors import NOT_WINNING, UNDER_MINIMUM, Path, ScorerError
from ...result import Result
from ...shape import within
from ...tiles import WINDS, Wind
from .fans import MIN_POINTS
from .payouts import payouts
from .room import EVENT_FLAGS, SEATS, Leave, Player, Room, Win
from .scoring import score_hand as score

LEAVE_POINTS: Final = 16  # paid by a leaver to each other player, × base points
SWAP: Final = (1, 0, 3, 2)  # East↔South, West↔North: who sits where from the West round on
SWAP_ROUND: Final = 2  # the West round

Outcome = Literal["win", "draw", "leave"]


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



def _names(room: Room) -> tuple[str, ...]:
    return tuple(p.name for p in room.players)
