"""Who pays what for one 红中 win, its birds and the hand's kongs (the 红中 rule document, §9).

A share is what one payer owes the winner: ``2^fan`` (the fan after the cap) in the MIL table, 2 on a
self-draw or 1 on a discard in the flat room; each bird on the winner or on that payer adds
``bird_value`` to it (``bird_scoring: add``) or doubles it (``double``). A self-draw takes a share from
each of the other three, a discard win one share from the discarder, a robbed kong three shares from
the robbed player. Kong money is paid when the kong is made: an exposed kong 3 from its discarder,
an added kong 1 from each other seat (when its fourth tile was just drawn, or always with
``held_added_kong_pays``), a concealed kong 2 from each. Everything times ``base_points``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...tiles import INDEX_OF_CODE, RANK, RED, WINDS
from .context import ADDED, CONCEALED, EXPOSED, Kong
from .options import DEALER, DOUBLE, FLAT, WINNER_159, HongzhongOptions

# The seat rule (Changsha 扎鸟): a bird's rank names a seat counted from the start seat in play order.
_SEAT_STEP: Final = {1: 0, 5: 0, 9: 0, 2: 1, 6: 1, 3: 2, 7: 2, 4: 3, 8: 3}


def _step(code: str) -> int | None:
    """How many seats on from the start a bird names: 1/5/9 and 中 the start itself."""
    i = INDEX_OF_CODE[code]
    return 0 if i == RED else _SEAT_STEP.get(RANK[i])


def bird_hits(birds: Sequence[str], winner: str, options: HongzhongOptions) -> dict[str, int]:
    """The birds each seat caught: with ``winner_159`` a 1, 5, 9 or 中 is the winner's and any other
    bird nobody's; with ``seat`` every bird is a seat's, counted from the dealer (E) or the winner."""
    hits = {"E": 0, "S": 0, "W": 0, "N": 0}  # WINDS' order, written out: a method call costs more
    if options.bird_rule == WINNER_159:
        hits[winner] = sum(1 for b in birds if _step(b) == 0)
        return hits
    start = WINDS.index("E" if options.bird_start == DEALER else winner)
    for b in birds:
        step = _step(b)
        if step is not None:
            hits[WINDS[(start + step) % 4]] += 1
    return hits


def _base(fan: int, self_drawn: bool, options: HongzhongOptions) -> int:
    """A payer's share before the birds and ``base_points``."""
    return (2 if self_drawn else 1) if options.scoring == FLAT else 1 << fan


def _with_birds(base: int, birds: int, double: bool, value: int) -> int:
    """A payer's share with the birds on the winner and on that payer (``birds``): each adds
    ``value`` (``bird_scoring: add``) or doubles it (``double``)."""
    return base << birds if double else base + value * birds


def win_payouts(fan: int, winner: str, self_drawn: bool, discarder: str | None, robbing: bool,
                hits: dict[str, int], options: HongzhongOptions, base_points: int) -> dict[str, int] | None:
    """Each seat's change for the win and its birds, summing to zero; None when nobody is named to
    pay (a discard win without its discarder)."""
    if self_drawn:
        payers = [w for w in WINDS if w != winner]
    elif discarder is not None:
        payers = [discarder]
    else:
        return None
    pay = {"E": 0, "S": 0, "W": 0, "N": 0}  # WINDS' order, written out
    base = _base(fan, self_drawn, options)  # the options read once, not once a payer
    double = options.bird_scoring == DOUBLE
    value: int = options.bird_value
    times = (3 if robbing else 1) * base_points
    won = 0
    for p in payers:  # each another seat than the winner's, once (``Context`` refuses a discarder who won)
        owed = _with_birds(base, hits[winner] + hits[p], double, value) * times
        pay[p] = -owed
        won += owed
    pay[winner] = won
    return pay


def kong_payouts(kongs: Sequence[Kong], options: HongzhongOptions, base_points: int) -> dict[str, int]:
    """Each seat's change for the hand's kongs, summing to zero."""
    pay = {"E": 0, "S": 0, "W": 0, "N": 0}  # WINDS' order, written out
    for k in kongs:
        if k.kind == EXPOSED:
            assert k.discarder is not None  # read so (``context``)
            pay[k.discarder] -= 3 * base_points
            pay[k.seat] += 3 * base_points
            continue
        each = 2 if k.kind == CONCEALED else 1 if k.kind == ADDED and (k.drawn or options.held_added_kong_pays) else 0
        for w in WINDS:
            if w != k.seat:
                pay[w] -= each * base_points
                pay[k.seat] += each * base_points
    return pay
