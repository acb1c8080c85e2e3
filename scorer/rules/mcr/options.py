"""MCR's house rules as one frozen value, and its presets (the editions and platforms people score
by) as data: its own module, so that the explanation and the room read them without importing the
book that imports them."""

from __future__ import annotations

from dataclasses import dataclass

from ..book import Preset


@dataclass(frozen=True)
class McrOptions:
    """The rules of the reference calculator, 8 points without flowers to win (RULINGS.md R, C)."""


REFERENCE = "reference"

PRESETS = (
    Preset(REFERENCE, "the reference calculator's rules (ChineseOfficialMahjong, pymahjonggb), with this "
           "project's rulings", "L6: the reference calculator, as RULINGS.md R and C state where it is followed"),
)
