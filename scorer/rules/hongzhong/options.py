"""红中's house rules as one frozen value, and its presets: the MIL 2024 competition table (the
default) and the flat 转转-style room (the 红中 rule document, §10).

Each option cites the RULINGS.md row (HZ…) that states it and where its values come from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..book import Preset, option

# The options' values, each a literal Final: the compiled scoring reads them in place, not by name.
FAN: Final = "fan"
FLAT: Final = "flat"
WINNER_159: Final = "winner_159"
SEAT: Final = "seat"
DEALER: Final = "dealer"
WINNER: Final = "winner"
ADD: Final = "add"
DOUBLE: Final = "double"
WINNING_FOURTH: Final = "winning_fourth"
ANY_QUAD: Final = "any_quad"
CONCEALED_FOUR: Final = "concealed_four"
NONE: Final = "none"
MAX_BIRDS = 6
_MIL = "the MIL 红中麻将 competition rules (trial 2024 edition)"
_GG = "a game server's 红中 room (gofishing-game, labelled 转转麻将)"


@dataclass(frozen=True)
class HongzhongOptions:
    """The house rules a 红中 table varies; the defaults are the MIL 2024 table."""

    max_fan: int = option(4, "the fan cap: each payer pays 2 to the power of the fan, at most this; 0: no cap",
                          source="HZ3: " + _MIL + ", §八.2.5 (above 4 the base stays 16)", minimum=0, maximum=16)
    scoring: str = option(FAN, "fan (2^fan a payer, the MIL table) or flat (自摸 2 a payer, 接炮 1, no hand types)",
                          source="HZ4: " + _MIL + " §八; flat: " + _GG, choices=(FAN, FLAT))
    bird_count: int = option(2, "the most birds (扎鸟) a request may carry", source="HZ5: " + _MIL + " §五.9 (two); "
                             "2 to 4 horses in " + _GG, minimum=0, maximum=MAX_BIRDS)
    bird_rule: str = option(WINNER_159, "winner_159 (a 1, 5, 9 or 中 hits the winner) or seat (each bird is a "
                            "seat's, counted from bird_start: 1/5/9 and 中 the start, 2/6 the next, 3/7 the opposite, "
                            "4/8 the previous)", source="HZ6: " + _MIL + " §八.4; seat: the Changsha 扎鸟",
                            choices=(WINNER_159, SEAT))
    bird_start: str = option(DEALER, "where the seat rule counts from: the dealer (E) or the winner",
                             source="HZ6: the Changsha 扎鸟 counts from the dealer; " + _GG + " from the winner",
                             choices=(DEALER, WINNER))
    bird_scoring: str = option(ADD, "add (each bird on the winner or a payer adds bird_value to that payment) or "
                               "double (each doubles it)", source="HZ6: " + _MIL + " adds; the Changsha 扎鸟 doubles",
                               choices=(ADD, DOUBLE))
    bird_value: int = option(1, "what a bird adds to a payment, with bird_scoring add", source="HZ5: 1 in " + _MIL
                             + " §八.4; 2 in " + _GG, minimum=1, maximum=2)
    discard_win: bool = option(False, "a win on a discard is allowed (the discarder pays one payer's share)",
                               source="HZ7: " + _MIL + " §三.14 (self-drawn only); allowed in " + _GG)
    rob_kong_win: bool = option(False, "robbing an added kong is allowed (the robbed player pays three shares)",
                                source="HZ7: " + _MIL + " §三.14 (self-drawn only); allowed in " + _GG)
    seven_pairs: bool = option(True, "seven pairs (七对子) is a winning form", source="HZ8: " + _MIL + " §七.1.2; "
                               "off by default in " + _GG)
    long_seven_pairs: str = option(WINNING_FOURTH, "龙七对: winning_fourth (the winning tile is a quad's fourth) "
                                   "or any_quad (any seven pairs holding four alike)",
                                   source="HZ9: " + _MIL + " §八 table; any_quad is the Sichuan-family meaning",
                                   choices=(WINNING_FOURTH, ANY_QUAD))
    joker_limit: str = option(CONCEALED_FOUR, "concealed_four (中 is never a fifth copy among the concealed tiles) "
                              "or none", source="HZ10: " + _MIL + " §七.1.3; none in " + _GG,
                              choices=(CONCEALED_FOUR, NONE))
    four_red_win: bool = option(False, "四红中: four 中 held on one's first turn win at once (heavenly_hand for the "
                                "dealer, earthly_hand for another seat)", source="HZ11: " + _GG + " (IsAbleWin); "
                                "not in " + _MIL)
    held_added_kong_pays: bool = option(False, "an added kong made with a tile held from before pays 1 from each "
                                        "other seat", source="HZ12: " + _MIL + " §八.1.2 (pays nothing); " + _GG)


PRESETS = (
    Preset("mil-2024", "the MIL 红中麻将 competition table, trial 2024 edition: fans capped at 4, 2^fan a payer, "
           "two birds on 1/5/9/中, self-drawn wins only", "HZ1: " + _MIL),
    Preset("zhuanzhuan", "the flat 转转-style room: every win the same (自摸 2 a payer, 接炮 1), birds 2 each, "
           "discard and robbing wins, no seven pairs, no copy limit, 四红中", "HZ2: " + _GG,
           (("scoring", FLAT), ("bird_value", 2), ("discard_win", True), ("rob_kong_win", True),
            ("seven_pairs", False), ("joker_limit", NONE), ("four_red_win", True), ("held_added_kong_pays", True))),
)
