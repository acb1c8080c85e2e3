"""MCR's house rules as one frozen value, and its presets (the editions and platforms people score
by) as data: its own module, so that the explanation and the room read them without importing the
book that imports them."""

from __future__ import annotations

from dataclasses import dataclass

from ..book import Preset, option

REFERENCE = "reference"
WMO_2014 = "wmo-2014"
BOTZONE = "botzone"
SIX = "six"
FIVE = "five"


@dataclass(frozen=True)
class McrOptions:
    """The rules of the reference calculator, 8 points without flowers to win (RULINGS.md R, C),
    unless an edition or the mixed-kong fan says otherwise (RULINGS.md ED)."""

    edition: str = option(
        REFERENCE, "the rule book the fans are valued and excluded by: reference (the reference calculator, "
        "with this project's rulings) or wmo-2014 (the WMO's Chinese rule book of December 2014, where it "
        "differs: RULINGS.md ED1-ED8)",
        source="ED1: the WMO's Chinese rule book (2014), as the SkyEye-FAST review reads it "
        "clause by clause", choices=(REFERENCE, WMO_2014))
    mixed_kongs: str = option(
        SIX, "one melded and one concealed kong: six (双明杠 Two Melded Kongs 4 + 暗杠 Concealed Kong 2, R1) or "
        "five (the reference calculator's 5-point 明暗杠 Concealed Kong and Melded Kong, a fan outside the 81)",
        source="ED9: the illustrated rules' 双明杠 (six); the reference calculator's and Botzone's judge's 明暗杠 "
        "(five)", choices=(SIX, FIVE))


PRESETS = (
    Preset(REFERENCE, "the reference calculator's rules (ChineseOfficialMahjong, pymahjonggb), with this "
           "project's rulings", "L6: the reference calculator, as RULINGS.md R and C state where it is followed"),
    Preset(WMO_2014, "the WMO's Chinese rule book (December 2014, ISBN 978-7-5143-3183-7) where it "
           "differs from the reference calculator", "ED1: the WMO's Chinese rule book (2014), clause by clause "
           "as the SkyEye-FAST review records it", (("edition", WMO_2014),)),
    Preset(BOTZONE, "the reference calculator as Botzone's judge and tziakcha's records score it: one melded and "
           "one concealed kong is the 5-point 明暗杠", "ED10: Botzone's judge (the reference calculator's code "
           "with its mixed-kong fan)", (("mixed_kongs", FIVE),)),
)
