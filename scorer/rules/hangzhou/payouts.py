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


def upper(seat: str) -> str:
    """The seat's 上家 (the player before it in turn, whose discards it may chow)."""
    return SEATS[(SEATS.index(seat) + 3) % 4]


def lower(seat: str) -> str:
    """The seat's 下家 (the player after it in turn)."""
    return SEATS[(SEATS.index(seat) + 1) % 4]


def payouts(basic: int, winner: str, multiplier: int, chows: tuple[int, ...], contract: bool,
            stake: int = 1) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """Each seat's gain (the winner's) or loss, summing to zero, and the liability that moved it
    (empty when every other seat paid its own share). ``chows``: each seat's chows (E, S, W, N)."""
    owed: dict[str, int] = {}
    total = 0
    for s in SEATS:  # a loop, not a comprehension and a sum: every self-drawn win and wait pays here
        if s != winner:
            n = basic * stake * (multiplier if winner == DEALER or s == DEALER else 1)
            owed[s] = n
            total += n
    liable: list[dict[str, Any]] = []
    if contract:
        up, down = upper(winner), lower(winner)
        if chows[SEATS.index(winner)] >= 3:
            liable.append({"seat": up, "kind": CONTRACT, "pays": total})
        if chows[SEATS.index(down)] >= 3:
            liable.append({"seat": down, "kind": REVERSE, "pays": 2 * total})
    out = {s: 0 for s in SEATS}
    if liable:
        for entry in liable:
            out[entry["seat"]] -= entry["pays"]
            out[winner] += entry["pays"]
    else:
        for s, n in owed.items():
            out[s] = -n
        out[winner] = total
    return out, liable
