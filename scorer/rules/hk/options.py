"""The Hong Kong house rules, as one frozen value (``HKOptions``), and the presets: named rows of
them (the caps in use, the public calculators' payment rules, the "2-2" fan values)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import BAD_OPTION, ScorerError
from ..book import Preset, option
from . import detect as D
from .fans import MAX_FAN, MIN_FAN, TABLE
from .payouts import STAKES, TABLES

DOUBLING = "doubling"
HALF_DOUBLING = "half_doubling"
DISCARDER_PAYS_ALL = "discarder_pays_all"
HALF = "half"
# yawnoc/mahjong-scorer's 全銃 and 半銃: a discard win is worth two shares, not three
DISCARDER_PAYS_TWO = "discarder_pays_two"
HALF_OF_TWO = "half_of_two"
POINTS = "points"  # no stake: payouts in the room's base points
REPLACES = "replaces_dragon_pungs"  # 小三元 5, its two dragon pungs not added (seed 004)
ADDS = "adds_to_dragon_pungs"  # 小三元 3, the two dragon pungs' 1 each beside it


@dataclass(frozen=True)
class HKOptions:
    """Defaults are the game site's rules page (seed 004): 3 to 13 fan, a share of 2^fan base
    points, the discarder pays three shares, its fan values."""

    min_fan: int = option(MIN_FAN, "the least a win scores, flowers included (三番起和)",
                          source="HK9: the game site's rules page (seed 004), 三番起和", minimum=0, maximum=MAX_FAN)
    max_fan: int = option(MAX_FAN, "the cap; a limit hand scores it",
                          source="HK9: the game site's rules page (seed 004), 最多计 13 番", minimum=1, maximum=MAX_FAN)
    points_table: str = option(
        DOUBLING, "a share in base points: doubling 2^fan (辣辣上); half_doubling (半辣上) 1 2 4 8 16 24 32 48 64 96 "
        "128 192 256 384 for 0-13 fan", source="HK23: the page's 2^fan shares; 半辣上 as yawnoc/mahjong-scorer's "
        "multiplier table (HK25)", choices=tuple(TABLES))
    discard_payment: str = option(
        DISCARDER_PAYS_ALL, "on a discard: discarder_pays_all (three shares); half (the discarder two shares, the "
        "other two one each); discarder_pays_two (全銃 of a two-share discard win); half_of_two (半銃 of it: the "
        "discarder one share, the other two half a share each)",
        source="HK23: the page, 点炮由放炮者付三份; 半铳 a house rule; the two-share pair yawnoc/mahjong-scorer's "
        "(HK26)",
        choices=(DISCARDER_PAYS_ALL, HALF, DISCARDER_PAYS_TWO, HALF_OF_TWO))
    stakes: str = option(
        POINTS, "points: payouts in base points; two_five_chicken (二五雞), five_one (五一), one_two_dollars (一二蚊): "
        "payouts in Hong Kong cents, a 0-fan share being 50, 100 or 200 cents times base_points",
        source="HK27: yawnoc/mahjong-scorer's base points 0.5, 1 and 2 dollars", choices=tuple(STAKES))
    little_three_dragons: str = option(
        REPLACES, "小三元: replaces_dragon_pungs (5, its two dragon pungs not added) or adds_to_dragon_pungs (3 "
        "beside the two dragon pungs' 1 each)", source="HK28: the page, 小三元 5 替代箭牌刻子分; 3 plus them in other "
        "sources (the survey of rule editions and house rules)", choices=(REPLACES, ADDS))
    half_flush_fan: int = option(3, "混一色's fan", source="HK29: the page, 混一色 3; 2 in the 2-2 style",
                                 minimum=1, maximum=MAX_FAN)
    all_pungs_fan: int = option(3, "碰碰胡's fan", source="HK29: the page, 碰碰胡 3; 2 in the 2-2 style",
                                minimum=1, maximum=MAX_FAN)
    full_flush_fan: int = option(7, "清一色's fan", source="HK29: the page, 清一色 7; 4 or 5 in the 2-2 style",
                                 minimum=1, maximum=MAX_FAN)
    # ``options.fan_values``: (fan id, fan) pairs over the table's and the options' values
    fan_values: tuple[tuple[str, int], ...] = ()
    # each fan's worth by these options, a limit hand's the cap (not an option: made once, read by
    # every reading)
    values: dict[str, int] = field(init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        if self.min_fan > self.max_fan:
            if self.min_fan == MIN_FAN:  # the default minimum: the max_fan given is what falls short (HK15)
                raise ScorerError(BAD_OPTION, f"max_fan ({self.max_fan}) is below the default minimum of {MIN_FAN} fan "
                                  "(min_fan): no win could be valid; give a lower min_fan with it",
                                  ("options", "max_fan"))
            raise ScorerError(BAD_OPTION, f"min_fan ({self.min_fan}) is more than max_fan ({self.max_fan}): "
                              "no win could be valid", ("options", "min_fan"))
        values = dict(TABLE.points)  # the page's values, then the options' own (HK28, HK29)
        values[D.HALF_FLUSH] = self.half_flush_fan
        values[D.FULL_FLUSH] = self.full_flush_fan
        values[D.ALL_PUNGS] = self.all_pungs_fan
        if self.little_three_dragons == ADDS:
            values[D.LITTLE_THREE_DRAGONS] = 3
        values.update(self.fan_values)
        for limit in TABLE.limits:
            values[limit] = self.max_fan
        object.__setattr__(self, "values", values)


PRESETS = (
    Preset("game-site", "the game site's rules page: 3 to 13 fan, a share of 2^fan base points, the discarder "
           "pays three shares", "HK9: the game site's rules page (seed 004)"),
    Preset("3-8", "3 to 8 fan: a limit hand scores 8", "HK24: caps of 8, 10 and 13 are in use (the survey of "
           "rule editions and house rules; riichi_advanced's users ask for 8 and 10)", (("max_fan", 8),)),
    Preset("3-10", "3 to 10 fan: a limit hand scores 10", "HK24: caps of 8, 10 and 13 are in use (the survey of "
           "rule editions and house rules; riichi_advanced's users ask for 8 and 10)", (("max_fan", 10),)),
    Preset("yawnoc", "yawnoc/mahjong-scorer's defaults: 13 fan, 半辣上, 全銃 of a two-share discard win",
           "HK26: yawnoc/mahjong-scorer's README (S=half, R=full, M=13)",
           (("points_table", HALF_DOUBLING), ("discard_payment", DISCARDER_PAYS_TWO))),
    Preset("two-two", "the 2-2 style: 混一色 and 碰碰胡 2 each, 清一色 4",
           "HK29: the 2-2 style as the survey of rule editions and house rules states it",
           (("half_flush_fan", 2), ("all_pungs_fan", 2), ("full_flush_fan", 4))),
)
