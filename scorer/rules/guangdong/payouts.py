"""Who pays the 广东推倒胡 winner, and for how many horses (the rule document's §9).

One payer's share is the hand's ``total`` plus its horse points (each hit ``horse_value`` × base,
or the hand's total under 马跟底分). A self-draw is paid by the three others, a discard by the
discarder; a liable player (the robbed one under 抢杠全包, the kong's discarder under 杠爆全包)
pays all three shares. Kong money is settled apart and is not here."""

from __future__ import annotations

from typing import Final

from ...tiles import WINDS

# Per seat counted from the dealer (E, S, W, N): the faces that hit for it.
_HITS: Final = {
    "common": ({"1m", "5m", "9m", "1p", "5p", "9p", "1s", "5s", "9s", "E", "C"},
               {"2m", "6m", "2p", "6p", "2s", "6s", "S", "F"},
               {"3m", "7m", "3p", "7p", "3s", "7s", "W", "P"},
               {"4m", "8m", "4p", "8p", "4s", "8s", "N"}),
    "mil": ({"1m", "5m", "9m", "1p", "5p", "9p", "1s", "5s", "9s", "E"},
            {"2m", "6m", "2p", "6p", "2s", "6s", "S", "C"},
            {"3m", "7m", "3p", "7p", "3s", "7s", "W", "F"},
            {"4m", "8m", "4p", "8p", "4s", "8s", "N", "P"}),
}


def horse_hits(birds: tuple[str, ...], seat: str, table: str) -> int:
    """How many of the turned tiles hit for the winner at ``seat`` (E is the dealer); each
    duplicate counts, a ghost by its printed face."""
    if not birds:  # no horse turned: no table or seat to look up
        return 0
    faces = _HITS[table][WINDS.index(seat)]
    return sum(1 for b in birds if b in faces)


def payouts(share: int, seat: str, self_drawn: bool, payer: str | None, liable: bool) -> dict[str, int] | None:
    """Each seat's change, summing to zero: ``share`` from each of the three others on a self-draw
    without a liable ``payer``; three shares from a liable ``payer``; one from the discarder
    ``payer`` otherwise. None when a discard win names nobody to pay."""
    if self_drawn and not liable:  # WINDS' order, written out: a method call costs more
        pay = {"E": -share, "S": -share, "W": -share, "N": -share}
        pay[seat] = 3 * share
        return pay
    if payer is None:
        return None
    pay = {"E": 0, "S": 0, "W": 0, "N": 0}
    n = 3 if liable else 1
    pay[payer] -= n * share
    pay[seat] += n * share
    return pay
