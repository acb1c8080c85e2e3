"""Settlement (the online room rules page, the Green Book introduction): every loser pays 8 base,
the discarder (or, on a self-draw, each of the three) also pays the winner's total; all times the
room's base points."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from ...tiles import WINDS

BASE: Final = 8
_SEAT: Final = {w: k for k, w in enumerate(WINDS)}  # a Wind keys as its code


def payouts(total: int, seat: str, self_drawn: bool, discarder: str | None,
            base_points: int) -> Mapping[str, int] | None:
    """Net points per seat wind, zero-sum; None when a discard win names no discarder."""
    if not self_drawn and discarder is None:
        return None
    s = _SEAT[seat]
    d = -1 if discarder is None else _SEAT[discarder]
    base = -BASE * base_points
    full = -(BASE + total) * base_points
    net = [0, 0, 0, 0]
    won = 0
    for k in range(4):
        if k != s:
            v = full if self_drawn or k == d else base
            net[k] = v
            won -= v
    net[s] = won
    return MappingProxyType({"E": net[0], "S": net[1], "W": net[2], "N": net[3]})
