"""Taiwanese payments: each payer pays 底 + 台 × stake, additively, never doubled; the dealer's 台
(莊家 1 and 連莊拉莊 2 per hand kept) only in a payment between the dealer and the winner.

Self-drawn (八仙過海 too): each of the other three pays. On a discard (robbing a kong, 七搶一 too):
the discarder alone, the player whose kong or flower was robbed being the discarder. The dealer is
seat East (the seats run from the dealer).
"""

from __future__ import annotations

from ...tiles import WINDS

DEALER = "E"


def dealer_tai(streak: int) -> int:
    """莊家 1, and 2 for each hand the dealer has kept (連n拉n: 2n + 1 in all)."""
    return 1 + 2 * streak


def payouts(tai: int, seat: str, self_drawn: bool, discarder: str | None, streak: int, base: int, per_tai: int,
            stake: int = 1) -> dict[str, int] | None:
    """Net amounts per seat (E S W N), zero-sum; None when a discard win names no discarder. ``tai``
    is the hand's 台 after the cap; ``stake`` multiplies every payment (the room's base points)."""
    if not self_drawn and discarder is None:
        return None
    payers = [w for w in WINDS if w != seat] if self_drawn else [discarder]
    out = dict.fromkeys(WINDS, 0)
    for p in payers:
        t = tai + (dealer_tai(streak) if DEALER in (seat, p) else 0)
        amount = (base + t * per_tai) * stake
        out[str(p)] -= amount
        out[seat] += amount
    return out


def answered_dealer_tai(seat: str, self_drawn: bool, discarder: str | None, streak: int) -> int:
    """The dealer's 台 as the answer gives it: 1 + 2n when the dealer wins or pays, else 0."""
    if seat == DEALER or self_drawn or discarder == DEALER:
        return dealer_tai(streak)
    return 0
