"""Sichuan's house rules as one frozen value (its own module, so that the explanation and the
settlement read it without importing the book that imports them), and its presets.

The cap is ``max_fan``: 3, 4 or 5 (the default) fan, any value from 1 to 13, or 0 for no cap
(不封顶). Each optional fan is an int option: 0 switches it off, n is its fan (RULINGS S14-S21).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import BAD_OPTION, ScorerError
from ..book import Preset, option
from .fans import MAX_FAN

FLOWER_PIG_PENALTY = 32  # 花猪 pays 32 × base points to each player who is not one
NO_CAP = 0  # max_fan 0: no cap (不封顶)
MAX_OPTIONAL_FAN = 4  # an optional fan's value, at most: 天胡's ×16 on the public server
_SERVER = "a public Sichuan server's rule switches (tw_mjsc_svr)"


def _fan(default: int, help: str, source: str) -> int:
    result: int = option(default, help + "; 0: off", source=source, minimum=0, maximum=MAX_OPTIONAL_FAN)
    return result


@dataclass(frozen=True)
class SichuanOptions:
    """The house rules a Sichuan table varies."""

    max_fan: int = option(MAX_FAN, "the fan cap: a win's base is 2 to the power of its fan, at most this; 0: no cap "
                          "(不封顶)", source="S5: the game site's rules page (seed 004), 最多 5 番即 32 分; 3, 4 and "
                          "no cap from the public Sichuan engines and servers (S14)", minimum=0, maximum=13)
    flower_pig_penalty: int = option(
        FLOWER_PIG_PENALTY, "what a flower pig (花猪) pays each player who is not one at an exhausted wall, "
        "× base points", source="T7: the game site's rules page, 向每位非花猪玩家付 32", minimum=0, maximum=8192)
    self_drawn: str = option("base", "a self-drawn win: base (自摸加底, each payer adds one base point) or fan "
                             "(自摸加番, one more fan, capped)",
                             source="S15: the game site's rules page, 自摸加底; 自摸加番 from " + _SERVER,
                             choices=("base", "fan"))
    heavenly_hand: int = _fan(0, "天胡: the dealer (East) wins on the first fourteen tiles",
                              "S16: " + _SERVER + ", 天地胡")
    earthly_hand: int = _fan(0, "地胡: a player who is not the dealer wins on the first tile drawn",
                             "S16: " + _SERVER + ", 天地胡")
    concealed_hand: int = _fan(0, "门清: no pung and no exposed kong declared", "S17: " + _SERVER + ", 门清中张")
    all_simples: int = _fan(0, "中张: no 1 and no 9 in the hand", "S17: " + _SERVER + ", 门清中张")
    outside_hand: int = _fan(2, "带幺九 (幺九): every set and the pair hold a 1 or a 9",
                             "S18: the game site's rules page, 带幺九 2; its value varies among servers")
    middle_five: int = _fan(0, "夹心五: the winning 5 completes a 4-5-6 in its middle", "S19: " + _SERVER + ", 夹心五")
    last_copy: int = _fan(0, "绝张: the winning tile is the last copy (context last_copy)",
                          "S20: " + _SERVER + ", 绝张")
    last_discard: int = _fan(0, "海底炮: a win on the discard after the wall's last tile, in 海底's place",
                             "S21: " + _SERVER + ", 海底炮")
    kong_transfer: str = option("off", "呼叫转移 (杠上炮): a win on the discard right after the discarder's own kong "
                                "takes that kong's money", source="T19: " + _SERVER + ", 呼叫转移",
                                choices=("off", "on"))
    play: str = option("xuezhan", "xuezhan (血战到底: a win ends a player's hand, three winners end it) or xueliu "
                       "(血流成河: winners stay and win again, play ends with the wall)",
                       source="T20: the game site's rules page, 血战到底; 血流成河 from the public Sichuan servers",
                       choices=("xuezhan", "xueliu"))
    flower_pig: str = option("fixed", "what a flower pig pays: fixed (flower_pig_penalty) or cap (the capped base, "
                             "2 to the max_fan)", source="T21: the game site's rules page, 32; 16, 48 and the cap "
                             "from the public Sichuan engines", choices=("fixed", "cap"))
    cha_da_jiao: str = option("highest", "查大叫 at an exhausted wall: highest (each not-ready player pays each ready "
                              "one its highest possible win) or off", source="T22: the game site's rules page, "
                              "查大叫; off from " + _SERVER, choices=("highest", "off"))
    refund: str = option("on", "退税 at an exhausted wall: on (a not-ready player gives back its kong money) or off",
                         source="T23: the game site's rules page, 退税; off from " + _SERVER,
                         choices=("on", "off"))
    # ``options.fan_values``: (fan id, fan) pairs over the table's and the options' values
    fan_values: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        if self.flower_pig == "cap" and self.max_fan == NO_CAP:  # RULINGS T21
            raise ScorerError(BAD_OPTION, "flower_pig cap pays the capped base, but max_fan 0 sets no cap",
                              ("options", "flower_pig"))

    @property
    def cap(self) -> int:
        """The engine's cap: -1 for none."""
        return -1 if self.max_fan == NO_CAP else self.max_fan

PRESETS = (
    Preset("xuezhan", "血战到底 as the game site's rules page states it: a win ends a player's hand, at most "
           "5 fan, a flower pig pays 32", "S5: the game site's rules page (seed 004)"),
    Preset("xueliu", "血流成河: a player who has won stays at the table and may win again; play ends with the wall",
           "T20: the public Sichuan servers' 血流成河", (("play", "xueliu"),)),
    Preset("cap3", "at most 3 fan (8 × base points), a flower pig pays 16", "S14: a public engine's Sichuan "
           "(riichi_advanced): points cap at 3 fan, void penalty 16",
           (("max_fan", 3), ("flower_pig_penalty", 16))),
    Preset("cap4", "at most 4 fan, 自摸加番, a flower pig pays 16", "S14: the public Sichuan calculators (cap 4; "
           "自摸 +1 fan; 花猪 16)", (("max_fan", 4), ("self_drawn", "fan"), ("flower_pig_penalty", 16))),
    Preset("server", "every optional fan a public Sichuan server switches on, 呼叫转移, no cap",
           "S16: " + _SERVER,
           (("max_fan", NO_CAP), ("heavenly_hand", 4), ("earthly_hand", 4), ("concealed_hand", 1),
            ("all_simples", 1), ("middle_five", 1), ("last_copy", 1), ("last_discard", 1),
            ("kong_transfer", "on"))),
)

# Context fields that mean nothing while an option has a value: (field, option, value). Under 血流成河
# a player who has won stays at the table and pays, so nobody is out (RULINGS T20). The scoring
# refuses such a field; GET /v1/rulesets names them, so a client stops offering it.
UNUSED_CONTEXT: tuple[tuple[str, str, int | str], ...] = (("out", "play", "xueliu"),)
