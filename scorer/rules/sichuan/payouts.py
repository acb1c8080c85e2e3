"""Sichuan payments (the game site's rules page, seed 004), all × the room's base points.

A win's base is 2 to the power of its fan (capped). On a discard the discarder pays the base; a
self-drawn win (自摸加底) is paid base + 1 by every player still in: not the winner, not a player who
has already won. A kong: exposed from a discard, the discarder pays 2; added (补杠), every other
player still in pays 1; concealed (暗杠), every other player still in pays 2.
"""

from __future__ import annotations

from typing import Final

from ...tiles import WINDS

SELF_DRAWN_BONUS: Final = 1  # 自摸加底
EXPOSED_KONG: Final = 2
ADDED_KONG: Final = 1
CONCEALED_KONG: Final = 2


def base(fan: int) -> int:
    """The base points of a win of ``fan`` (already capped)."""
    return 1 << fan


def payouts(fan: int, seat: str, self_drawn: bool, discarder: str | None, out: tuple[str, ...],
            base_points: int, add_base: bool = True) -> dict[str, int] | None:
    """Net points per seat wind (E S W N, zeros for those who pay nothing), zero-sum; None when a
    discard win names no discarder (a wait scored before anyone discards). ``add_base``: a
    self-draw is paid 自摸加底, base + 1 (not when it scores 自摸加番 instead, RULINGS S15)."""
    if not self_drawn and discarder is None:
        return None
    b = base(fan)
    bonus = SELF_DRAWN_BONUS if add_base else 0
    result = dict.fromkeys(WINDS, 0)
    for w in WINDS:
        if w == seat or w in out:
            continue
        if self_drawn:
            result[w] = -(b + bonus) * base_points
        elif w == discarder:
            result[w] = -b * base_points
    result[seat] = -sum(result.values())
    return result


def kong_payments(kind: str, player: str, discarder: str | None, out: tuple[str, ...],
                  base_points: int) -> dict[str, int]:
    """Net points per seat wind for a kong of ``kind`` (exposed, added, concealed)."""
    result = dict.fromkeys(WINDS, 0)
    if kind == "exposed":
        if discarder is not None:
            result[discarder] = -EXPOSED_KONG * base_points
    else:
        each = ADDED_KONG if kind == "added" else CONCEALED_KONG
        for w in WINDS:
            if w != player and w not in out:
                result[w] = -each * base_points
    result[player] = -sum(result.values())
    return result
