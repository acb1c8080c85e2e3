"""Sichuan's own context fields: the suit the winner declared missing and the seats already out
(血战到底: winners leave and play goes on). The first-tiles wins it shares with Taiwan are declared
in ``scorer.rules.fields``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...context import contradiction
from ...context_field import context_field
from ...errors import BAD_VALUE, BAD_WIND, ScorerError
from ...shape import Kind
from ...tiles import Wind
from ..fields import EARTHLY_HAND, HEAVENLY_HAND
from ..playrules import SeatAtWin

_WIND_CODES: Final[dict[str, Wind]] = {w.value: w for w in Wind}
_ORDER: Final = "ESWN"


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
    out = tuple(sorted(seats, key=_ORDER.index))
    # the caller's own tuple when it already is that (winds, not their codes: "W" == Wind.W)
    return value if isinstance(value, tuple) and all(a is b for a, b in zip(out, value, strict=True)) else out


def _out_agrees(ctx: Any) -> None:
    """Neither the winner nor the discarder can have won already."""
    seats = ctx.get("out")
    if ctx.seat_wind in seats:
        contradiction("out", f"the winner {ctx.seat_wind} cannot have already won")
    if ctx.discarder is not None and ctx.discarder in seats:
        contradiction("out", f"the discarder {ctx.discarder} has already won and plays no more")


MISSING_SUIT = context_field(
    "missing_suit", Kind.SUIT, "the suit the winner declared missing at the start (定缺): m, p or s; required "
    "where the book has it", "RULINGS S9, S11", nullable=True, waits=True)
OUT = context_field(
    "out", Kind.WINDS, "the seats that have already won, and so pay nothing, where the book plays on after a win: "
    "at most two, since play ends when three have won (three is a 422 too-many-winners)", "RULINGS S12",
    default=(), max_items=3, read=_seats_out, agree=_out_agrees, waits=True, flag="--seats-out")

FIELDS = (MISSING_SUIT, OUT, HEAVENLY_HAND, EARTHLY_HAND)


def at_the_table(win: SeatAtWin) -> Mapping[str, object]:
    """The fields of a win in a game record's replay: 天胡 East's self-drawn win on its first
    fourteen tiles as the hand's first action, 地胡 another seat's on its first draw (RULINGS S16,
    RP8); the winner's missing suit; the others already out."""
    first: dict[str, object] = {}
    if win.self_drawn:
        east = win.seat is Wind.E
        first = {"heavenly_hand": win.first_tiles and east and win.first_action,
                 "earthly_hand": win.first_tiles and not east and win.draws == 1}
    return {**first, "missing_suit": win.missing, "out": [w.value for w in win.others_out]}
