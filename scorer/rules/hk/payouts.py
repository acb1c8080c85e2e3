"""Hong Kong payments (the game site's rules page, seed 004: 基本分为 2 的番数次方; 自摸由其余三家
各付一份; 点炮由放炮者付三份), with the half-doubling table and the half payment as house rules."""

from __future__ import annotations

from typing import Final

from ...tiles import WINDS

# 半辣上: doubling up to 4 fan, then half steps (fan 0-13).
HALF_DOUBLING_TABLE: Final[tuple[int, ...]] = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)


def share(total: int, half_doubling: bool, base_points: int) -> int:
    """One share, in the room's points: 2^fan base points, or the half-doubling table's value."""
    return (HALF_DOUBLING_TABLE[total] if half_doubling else 1 << total) * base_points


def payouts(total: int, seat: str, self_drawn: bool, discarder: str | None, base_points: int,
            half_doubling: bool, half_payment: bool) -> dict[str, int] | None:
    """Net points per seat wind (E S W N), zero-sum; None when a discard win names no discarder.
    Self-drawn: each of the three pays one share. On a discard: the discarder pays three shares,
    or with the half payment (半铳) two, the other two one each."""
    if not self_drawn and discarder is None:
        return None
    one = share(total, half_doubling, base_points)
    out: dict[str, int] = {}
    for w in WINDS:
        if w == seat:
            continue
        if self_drawn:
            out[w] = -one
        elif w == discarder:
            out[w] = -(2 * one if half_payment else 3 * one)
        else:
            out[w] = -one if half_payment else 0
    won = 0
    for v in out.values():
        won -= v
    out[seat] = won
    return {w: out[w] for w in WINDS}
