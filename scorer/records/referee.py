"""The referee: a hand stepped through one action at a time, and what each seat may do next.

``Referee(record)`` plays a record's actions so far (a ``Record`` or its JSON body, as
``POST /v1/replay`` takes it); ``apply(action)`` plays one more, refusing it, with the problem a
replay would give at ``/actions/N``, when it is not among ``legal()``; ``legal()`` lists every
action that may come next (every seat's: its discards, kongs, wins with the total each scores,
claims with their priority, passes, the draw or replacement, a flower where the book has them,
``wall_end`` when the wall is out); ``result()`` is the hand's replay as it stands: each win
scored and, at the end, the money. The table keeps its state between steps, so nothing is
replayed from the start; ``scorer.replay`` and ``POST /v1/replay`` are built on it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..errors import BAD_VALUE, ScorerError
from ..tiles import Wind
from .outcome import Replay, answer
from .record import MAX_ACTIONS, Action, Record, action_dict, read_action
from .table import Illegal, Legal, Table

SEATS: Final = tuple(Wind)


@dataclass(frozen=True)
class Next:
    """What may come next: after which action (None: the deal), and every legal action."""

    after: int | None
    last: Action | None
    legal: tuple[Legal, ...]

    def seat(self, seat: Wind | str) -> tuple[Legal, ...]:
        """One seat's legal actions (empty: it may do nothing now)."""
        return tuple(x for x in self.legal if x.action.action != "wall_end" and x.action.seat == seat)

    @property
    def wall_end(self) -> bool:
        """The wall is out for the seat to draw: unless a seat claims, the hand ends (``wall_end``)."""
        return any(x.action.action == "wall_end" for x in self.legal)

    def to_dict(self) -> dict[str, Any]:
        seats: dict[str, list[dict[str, Any]]] = {w.value: [] for w in SEATS}
        for x in self.legal:
            if x.action.action != "wall_end":
                seats[x.action.seat.value].append(x.to_dict())
        return {"after": self.after, "last": None if self.last is None else action_dict(self.last),
                "seats": seats, "wall_end": self.wall_end}


class Referee:
    """One hand of play, stepped through: the record's actions so far, then ``apply`` each next."""

    def __init__(self, record: Record | Mapping[str, Any]) -> None:
        if not isinstance(record, Record):
            if not isinstance(record, Mapping):
                raise ScorerError(BAD_VALUE, "a record is a JSON object", ())
            record = Record.build(**record)
        self._record = record
        self._table = Table(record)
        self._actions: list[Action] = []
        for a in record.actions:
            self._play(a)

    def _play(self, a: Action) -> None:
        i = len(self._actions)
        try:
            self._table.act(a)
        except Illegal as e:
            raise ScorerError(e.code, e.reason, ("actions", i, *e.sub)) from None
        self._actions.append(a)

    def apply(self, action: Action | Mapping[str, Any]) -> None:
        """Play one more action (an ``Action`` or its JSON, as in a record's ``actions``); an
        action that is not legal now is a ``ScorerError`` at ``/actions/N`` and changes nothing."""
        i = len(self._actions)
        if i >= MAX_ACTIONS:
            raise ScorerError(BAD_VALUE, f"a record holds at most {MAX_ACTIONS} actions", ("actions", i))
        self._play(read_action(action, self._table.book, i))

    def legal(self) -> tuple[Legal, ...]:
        """Every action that may come next, East's first; empty once the hand is over."""
        return self._table.legal()

    def next(self) -> Next | None:
        """What may come next (None once the hand is over)."""
        if self._table.over:
            return None
        n = len(self._actions)
        return Next(n - 1 if n else None, self._actions[-1] if n else None, self.legal())

    @property
    def over(self) -> bool:
        return self._table.over

    @property
    def outcome(self) -> str:
        """win, draw, over (winners left) or unfinished."""
        return self._table.outcome

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    def record(self) -> Record:
        """The record of the hand so far (what ``POST /v1/replay`` would take)."""
        if len(self._actions) == len(self._record.actions):
            return self._record
        return dataclasses.replace(self._record, actions=tuple(self._actions))

    def result(self) -> Replay:
        """The hand as it stands: each win scored, the money (nothing while unfinished, except
        where winners leave and the book settles the hand of play), and what may come next."""
        return dataclasses.replace(answer(self._table, self.record()), next=self.next())
