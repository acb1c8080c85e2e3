"""Who pays the toy book's winner for one win: the discarder alone, or the other three on a
self-draw, each the total times the stake (step 4 of the recipe: a book's money in its own module)."""

from __future__ import annotations

from scorer.tiles import WINDS


def payouts(total: int, seat: str, self_drawn: bool, discarder: str | None, stake: int) -> dict[str, int] | None:
    """Each seat's change, summing to zero; None when nobody is named to pay (a discard win without
    its discarder)."""
    payers = [w for w in WINDS if w != seat] if self_drawn else [discarder] if discarder is not None else []
    if not payers:
        return None
    pay = dict.fromkeys(WINDS, 0)
    for p in payers:
        pay[p] -= total * stake
        pay[seat] += total * stake
    return pay
