"""Sichuan's house rules as one frozen value (its own module, so that the explanation and the
settlement read it without importing the book that imports them)."""

from __future__ import annotations

from dataclasses import dataclass

from ..book import Preset, option
from .fans import MAX_FAN

FLOWER_PIG_PENALTY = 32  # 花猪 pays 32 × base points to each player who is not one


@dataclass(frozen=True)
class SichuanOptions:
    """The house rules a Sichuan table varies."""

    max_fan: int = option(MAX_FAN, "the fan cap: a win's base is 2 to the power of its fan, at most this",
                          source="S5: the game site's rules page (seed 004), 最多 5 番即 32 分", minimum=1, maximum=13)
    flower_pig_penalty: int = option(
        FLOWER_PIG_PENALTY, "what a flower pig (花猪) pays each player who is not one at an exhausted wall, "
        "× base points", source="T7: the game site's rules page, 向每位非花猪玩家付 32", minimum=0, maximum=8192)


PRESETS = (
    Preset("xuezhan", "血战到底 as the game site's rules page states it: a win ends a player's hand, at most "
           "5 fan, a flower pig pays 32", "S5: the game site's rules page (seed 004)"),
)
