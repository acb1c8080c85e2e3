"""Hong Kong payments (the game site's rules page, seed 004: 基本分为 2 的番数次方; 自摸由其余三家
各付一份; 点炮由放炮者付三份), with the public calculators' tables, stakes, discard payments and
包 (liability) as house rules, each as data with its source."""

from __future__ import annotations

from typing import Final

from ...errors import BAD_OPTION, ScorerError
from ...tiles import WINDS

# A share's multiplier by fan (0-13), per points table.
DOUBLING_TABLE: Final[tuple[int, ...]] = tuple(1 << n for n in range(14))  # 辣辣上: 2^fan (seed 004)
# 半辣上: doubling up to 4 fan, then half steps (yawnoc/mahjong-scorer's multiplier table, HK25).
HALF_DOUBLING_TABLE: Final[tuple[int, ...]] = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)
TABLES: Final[dict[str, tuple[int, ...]]] = {"doubling": DOUBLING_TABLE, "half_doubling": HALF_DOUBLING_TABLE}

# A 0-fan share in Hong Kong cents per stake (yawnoc/mahjong-scorer's base points 0.5, 1 and 2
# dollars: what the discarder of a chicken hand pays under 半銃, the other two half of it).
STAKES: Final[dict[str, int]] = {"points": 1, "two_five_chicken": 50, "five_one": 100, "one_two_dollars": 200}

# On a discard, in half shares: (the discarder, each of the other two).
DISCARD_HALVES: Final[dict[str, tuple[int, int]]] = {
    "discarder_pays_all": (6, 0),  # seed 004: three shares
    "half": (4, 2),  # two shares, one each
    "discarder_pays_two": (4, 0),  # yawnoc's 全銃: two shares
    "half_of_two": (2, 1),  # yawnoc's 半銃: one share, half a share each
}


def share(total: int, table: str, base_points: int, stakes: str = "points") -> int:
    """One share, in the room's points (or cents at a stake): the table's multiplier times the base."""
    return TABLES[table][total] * STAKES[stakes] * base_points


def payouts(total: int, seat: str, self_drawn: bool, discarder: str | None, base_points: int,
            table: str, discard_payment: str, stakes: str = "points",
            liable: str | None = None) -> dict[str, int] | None:
    """Net points per seat wind (E S W N), zero-sum; None when a discard win names no discarder.
    Self-drawn: each of the three pays one share. On a discard: as ``DISCARD_HALVES`` says. With
    a ``liable`` seat (包), that seat pays what all the others would have, self-drawn or not."""
    if not self_drawn and discarder is None:
        return None
    one = share(total, table, base_points, stakes)
    by, rest = (2, 2) if self_drawn else DISCARD_HALVES[discard_payment]
    if (rest * one) % 2:
        raise ScorerError(BAD_OPTION, f"{discard_payment}: half a share of {one} is not a whole point; give an "
                          "even base_points or a stake", ("options", "discard_payment"))
    out: dict[str, int] = {}
    for w in WINDS:
        if w != seat:
            out[w] = -(by if self_drawn or w == discarder else rest) * one // 2
    if liable is not None:
        owed = 0
        for w, v in out.items():
            owed += v
            out[w] = 0
        out[liable] = owed
    won = 0
    for v in out.values():
        won -= v
    out[seat] = won
    return {w: out[w] for w in WINDS}
