"""The 广东推倒胡 book's house rules and its two tables as presets: ``common`` (the app and table
推倒胡, the default) and ``mil-2023`` (the MIL 2023 tournament table as the Open Mahjong server
plays it). Every option cites its RULINGS.md row (GD); the rule document's §10 names them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NoReturn

from ...errors import BAD_OPTION, ScorerError
from ..book import Preset, option

RULESET: Final = "guangdong"
COMMON: Final = "common"
MIL: Final = "mil"
DOC: Final = "the 广东推倒胡 rule document"


@dataclass(frozen=True)
class GuangdongOptions:
    table: str = option(COMMON, "the scoring model: common (a flat win doubled by events) or mil (19 additive fans)",
                        source=f"GD1: {DOC}, §5", choices=(COMMON, MIL))
    ghosts: str = option("white", "which tiles are ghosts (鬼牌): white (白板做鬼), none, or flip (翻鬼: the kinds "
                         "named in context.jokers)", source=f"GD2: {DOC}, §2",
                         choices=("white", "none", "flip"))
    base: int = option(1, "the unit (底分) every payment is counted in", source=f"GD3: {DOC}, §9",
                       minimum=1, maximum=100)
    discard_win: bool = option(False, "a win on a discard is allowed (放炮); off: self-draw only",
                               source=f"GD4: {DOC}, §3")
    rob_kong_win: bool = option(True, "robbing an added kong wins (抢杠胡)", source=f"GD4: {DOC}, §3")
    rob_kong_pays_all: bool = option(True, "the robbed player pays for all three (抢杠全包)",
                                     source=f"GD5: {DOC}, §9")
    kong_flower_pays_all: bool = option(True, "after a kong claimed from a discard, its discarder pays for all three "
                                        "(杠爆全包)", source=f"GD5: {DOC}, §9")
    seven_pairs: bool = option(True, "seven pairs (七对) win", source=f"GD6: {DOC}, §4")
    seven_pairs_double: bool = option(False, "seven pairs double (七对加倍; the common table)",
                                      source=f"GD6: {DOC}, §5a")
    thirteen_orphans: bool = option(False, "thirteen orphans (十三幺) win, 16 fan (the mil table only)",
                                    source=f"GD6: {DOC}, §4")
    no_ghost_double: bool = option(True, "a win holding no ghost doubles (无鬼加倍) while ghosts are in play",
                                   source=f"GD7: {DOC}, §2")
    ghost_discard_double: bool = option(False, "each ghost the winner discarded doubles (出鬼: ghosts_discarded)",
                                        source=f"GD7: {DOC}, §9")
    four_ghosts: str = option("win", "four ghosts of one kind (四鬼胡): win (×1), double (×2) or off in the common "
                              "table; fan (12) or off in the mil table", source=f"GD8: {DOC}, §4",
                              choices=("win", "off", "double", "fan"))
    last_tile_double: bool = option(False, "the last wall tile doubles (海底; the common table)",
                                    source=f"GD9: {DOC}, §5a")
    horses: int = option(20, "the most horses (买马) turned after a win: context.birds may hold no more",
                         source=f"GD10: {DOC}, §9", minimum=0, maximum=20)
    horse_table: str = option(COMMON, "which faces hit for which seat: common (中 dealer, 發 next, 白 opposite) or mil "
                              "(中 next, 發 opposite, 白 previous)", source=f"GD10: {DOC}, §9",
                              choices=(COMMON, MIL))
    horse_value: int = option(2, "what a horse hit costs each payer, in units of base",
                              source=f"GD10: {DOC}, §9", minimum=0, maximum=100)
    horses_follow_hand: bool = option(False, "a horse hit costs the hand's total instead (马跟底分)",
                                      source=f"GD11: {DOC}, §9")
    horses_on_discard: bool = option(True, "horses are turned on a discard or robbing win too",
                                     source=f"GD10: {DOC}, §9")
    min_fan: int = option(0, "the fewest fan a win needs (the mil table)", source=f"GD12: {DOC}, §5b",
                          minimum=0, maximum=99)
    min_points: int = option(0, "the fewest points (fan × the ghost coefficient) a win needs",
                             source=f"GD12: {DOC}, §5b", minimum=0, maximum=999)

    def __post_init__(self) -> None:
        """The options that belong to one table only (GD1), refused under the other when the
        options are read, so a request naming them is refused whatever its hand (a hand not
        ready, which no table scores, too)."""
        if self.table == COMMON:
            if self.four_ghosts == "fan":
                _refuse("four_ghosts: fan is the mil table's 12 fan; the common table has win, double or off",
                        "four_ghosts")
            if self.thirteen_orphans:
                _refuse("thirteen_orphans is a hand of the mil table only (no 推倒胡 source lists it)",
                        "thirteen_orphans")
            if self.min_fan:
                _refuse("min_fan counts the mil table's fans; the common table has none", "min_fan")
        else:
            if self.four_ghosts in ("win", "double"):
                _refuse(f"four_ghosts: {self.four_ghosts} is a factor of the common table; the mil table has fan "
                        "(12) or off", "four_ghosts")
            for name in ("seven_pairs_double", "last_tile_double"):
                if getattr(self, name):
                    _refuse(f"{name} is a factor of the common table; the mil table counts fans", name)


def _refuse(why: str, name: str) -> NoReturn:
    raise ScorerError(BAD_OPTION, why, ("options", name), ruleset=RULESET)


PRESETS: Final = (
    Preset(COMMON, "the app and table 推倒胡: a flat win doubled by self-draw and the kong events, 白板 "
           "ghosts, 无鬼加倍, 2 a horse", f"GD1: {DOC}, §5a and §10"),
    Preset("mil-2023", "the MIL 2023 tournament table (the Open Mahjong server's): 19 additive fans, at least 2 fan "
           "and 4 points, four horses of 1 each; its flower ghosts played as 白板 ghosts (GD13)",
           f"GD13: {DOC}, §5b and §10",
           (("table", MIL), ("discard_win", True), ("thirteen_orphans", True), ("ghost_discard_double", True),
            ("four_ghosts", "fan"), ("horses", 4), ("horse_table", MIL), ("horse_value", 1),
            ("horses_on_discard", False), ("min_fan", 2), ("min_points", 4))),
)
