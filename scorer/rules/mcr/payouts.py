"""Settlement (the online room rules page, the Green Book introduction): every loser pays 8 base,
the discarder (or, on a self-draw, each of the three) also pays the winner's total; all times the
room's base points."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Final

from ...tiles import WINDS

BASE: Final = 8


@lru_cache(maxsize=1024)
def payouts(total: int, seat: str, self_drawn: bool, discarder: str | None,
            base_points: int) -> Mapping[str, int] | None:
    """Net points per seat wind, zero-sum; None when a discard win names no discarder. Read-only
    and shared: a stream of hands asks for the same few hundred settlements over and over."""
    if not self_drawn and discarder is None:
        return None
    out = {}
    for w in WINDS:
        if w == seat:
            continue
        pays_total = self_drawn or w == discarder
        out[w] = -(BASE + (total if pays_total else 0)) * base_points
    out[seat] = -sum(out.values())
    return MappingProxyType({w: out[w] for w in WINDS})
