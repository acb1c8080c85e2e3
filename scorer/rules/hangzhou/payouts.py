"""Who pays what for one 杭州 win (the Hangzhou rule document, §9).

Every win is self-drawn, so every other seat pays the hand's basic points (底分 × 2^fan) times the
dealer multiplier where the dealer (always seat E) is the winner or that payer. 三吃承包: a winner
who chowed three times off its 上家 is paid the whole (T) by that 上家 alone; a winner whose 下家
chowed three times off it is paid 2T by that 下家 alone; both relations add up.
"""

from __future__ import annotations

from typing import Any, Final

SEATS: Final = ("E", "S", "W", "N")  # turn order from the dealer: E's 下家 is S, its 上家 is N
DEALER: Final = "E"
CONTRACT: Final = "contract"
REVERSE: Final = "reverse_contract"


def dealer_multiplier(streak: int, fixed_8: bool) -> int:
    """The dealer's multiplier: 2 / 4 / 8 for 一 / 二 / 三老庄 (level = min(streak, 2) + 1), or 8."""
    return 8 if fixed_8 else 2 << min(streak, 2)


_AT: Final = {s: i for i, s in enumerate(SEATS)}  # a seat's place in turn order: SEATS[(_AT[s] + 1) % 4] is its 下家


def payouts(basic: int, winner: str, multiplier: int, chows: tuple[int, ...], contract: bool,
            stake: int = 1) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """Each seat's gain (the winner's) or loss, summing to zero, and the liability that moved it
    (empty when every other seat paid its own share). ``chows``: each seat's chows (E, S, W, N).
    Every self-drawn win and wait pays here, so the seats are written out (E, S, W, N)."""
    at = _AT[winner]
    share = basic * stake  # a payer's, times the multiplier where the dealer pays or wins
    dealt = share * multiplier
    total = 3 * dealt if winner == DEALER else dealt + 2 * share
    liable: list[dict[str, Any]] = []
    if contract:
        if chows[at] >= 3:  # the winner chowed three times off its 上家
            liable.append({"seat": SEATS[(at + 3) % 4], "kind": CONTRACT, "pays": total})
        if chows[(at + 1) % 4] >= 3:  # its 下家 chowed three times off it
            liable.append({"seat": SEATS[(at + 1) % 4], "kind": REVERSE, "pays": 2 * total})
    if liable:
        out = {"E": 0, "S": 0, "W": 0, "N": 0}
        for entry in liable:
            out[entry["seat"]] -= entry["pays"]
            out[winner] += entry["pays"]
        return out, liable
    if winner == DEALER:
        return {"E": total, "S": -dealt, "W": -dealt, "N": -dealt}, liable
    out = {"E": -dealt, "S": -share, "W": -share, "N": -share}
    out[winner] = total
    return out, liable
