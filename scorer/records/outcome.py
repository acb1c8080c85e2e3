"""What a replayed hand comes to: each win as the table derived and scored it, and the money per
seat (the first win's payouts, or the book's settlement of a whole hand of play where winners
leave). Built from the table (``scorer.records.table``) at any moment: a hand not over is
``unfinished`` and pays nothing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ..context import Context
from ..errors import ScorerError
from ..hand import Hand
from ..result import Result
from ..tiles import ALL_TILES, Wind
from .record import Record

if TYPE_CHECKING:
    from .referee import Next
    from .table import Table

SEATS: Final = tuple(Wind)


@dataclass(frozen=True)
class WinReplay:
    """One win as the replay derived it: the action, the hand, the context, the score."""

    action: int
    seat: Wind
    discarder: Wind | None
    hand: Hand
    context: Context
    derived: Mapping[str, Any]  # the context fields the book reads, as derived
    result: Result

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "seat": str(self.seat),
                "discarder": None if self.discarder is None else str(self.discarder),
                "hand": self.hand.notation(),
                "context": dict(self.derived), "score": self.result.to_dict()}


@dataclass(frozen=True)
class Replay:
    record: Record
    outcome: str  # win (the first win ends it), draw (the wall ran out), over (winners left), unfinished
    wins: tuple[WinReplay, ...]
    changes: Mapping[str, int]  # per seat, zero-sum, × base points
    settlement: Any  # the whole hand of play's settlement, where winners leave (its ``to_dict`` answers)
    events: tuple[dict[str, Any], ...]  # the kongs and wins as the book's settlement takes them
    next: Next | None = None  # what each seat may do next, for a hand not over (the referee's answer)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ruleset": self.record.ruleset, "outcome": self.outcome,
                               "actions": len(self.record.actions), "wins": [w.to_dict() for w in self.wins],
                               "changes": dict(self.changes)}
        if self.record.players:
            out["players"] = dict(zip((str(w) for w in SEATS), self.record.players, strict=True))
        if self.settlement is not None:
            out["settlement"] = self.settlement.to_dict()
            out["events"] = list(self.events)
        out["next"] = None if self.next is None else self.next.to_dict()
        return out


def answer(g: Table, record: Record) -> Replay:
    """The hand as the table leaves it (``record``: its actions so far): its wins and the money."""
    wins = tuple(g.scored)
    zero = {w.value: 0 for w in SEATS}
    if g.rules.winners_leave:
        return _play_answer(g, record, wins)
    if wins:
        payouts = wins[0].result.payouts
        assert payouts is not None
        changes = {w.value: payouts[w.value] for w in SEATS}
    else:
        changes = zero
    return Replay(record, g.outcome, wins, changes, None, ())


def _play_answer(g: Table, record: Record, wins: tuple[WinReplay, ...]) -> Replay:
    """A hand of play settled whole by the book's settlement, from the replay's events."""
    zero = {w.value: 0 for w in SEATS}
    events = [_event_json(e) for e in g.events]
    body: dict[str, Any] = {"events": events, "base_points": g.record.base_points}
    if g.rules.missing_suit:
        body["missing_suits"] = {w.value: s for w, s in g.record.missing_suits.items()}
    if g.record.options:
        body["options"] = dict(g.record.options)
    if g.outcome == "draw" or (g.over and len(g.out) < 3):
        body["exhausted"] = {w.value: _holding(g, w) for w in SEATS if w not in g.out}
    if not events and "exhausted" not in body:
        return Replay(record, g.outcome, wins, zero, None, ())
    assert g.book.settlement is not None, f"{g.book.name}: winners leave, so the book settles a hand of play"
    try:
        settlement = g.book.settlement.of_body(body)
    except ScorerError as e:
        raise ScorerError(e.code, f"the hand of play cannot be settled: {e.message}", ("actions",)) from None
    totals = settlement.to_dict()["totals"]
    return Replay(record, g.outcome, wins, {w.value: totals[w.value] for w in SEATS}, settlement, tuple(events))


def _event_json(e: dict[str, Any]) -> dict[str, Any]:
    if "win" not in e:
        return e
    w = e["win"]
    out = {**w, "winners": [{**x, "hand": x["hand"].notation()} for x in w["winners"]]}
    for x in out["winners"]:
        if not x["context"]:
            del x["context"]
    return {"win": out}


def _holding(g: Table, seat: Wind) -> dict[str, Any]:
    tiles = "".join(ALL_TILES[k].value * n for k, n in enumerate(g.held[seat]))
    return {"concealed": tiles, "melds": [{"tiles": "".join(t.value for t in m.tiles),
                                           **({"concealed": True} if m.concealed else {})} for m in g.melds[seat]]}
