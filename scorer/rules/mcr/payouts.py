"""Settlement (the online room rules page, the Green Book introduction): every loser pays 8 base,
the discarder (or, on a self-draw, each of the three) also pays the winner's total; all times the
room's base points."""

from __future__ import annotations

from ...tiles import WINDS

BASE = 8


def payouts(total: int, seat: str, self_drawn: bool, discarder: str | None, base_points: int) -> dict[str, int] | None:
    """Net points per seat wind, zero-sum; None when a discard win names no discarder."""
    if not self_drawn and discarder is None:
        return None
    out = {}
    for w in WINDS:
        if w == seat:
            continue
        pays_total = self_drawn or w == discarder
        out[w] = -(BASE + (total if pays_total else 0)) * base_points
    out[seat] = -sum(out.values())
    return {w: out[w] for w in WINDS}
