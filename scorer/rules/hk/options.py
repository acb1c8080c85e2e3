"""The Hong Kong house rules, as one frozen value (``HKOptions``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import BAD_OPTION, ScorerError
from ..book import Preset, option
from .fans import MAX_FAN, MIN_FAN

DOUBLING = "doubling"
HALF_DOUBLING = "half_doubling"
DISCARDER_PAYS_ALL = "discarder_pays_all"
HALF = "half"


@dataclass(frozen=True)
class HKOptions:
    """Defaults are the game site's rules page (seed 004): 3 to 13 fan, a share of 2^fan base
    points, the discarder pays three shares."""

    min_fan: int = option(MIN_FAN, "the least a win scores, flowers included (三番起和)",
                          source="HK9: the game site's rules page (seed 004), 三番起和", minimum=0, maximum=MAX_FAN)
    max_fan: int = option(MAX_FAN, "the cap; a limit hand scores it",
                          source="HK9: the game site's rules page (seed 004), 最多计 13 番", minimum=1, maximum=MAX_FAN)
    points_table: str = option(
        DOUBLING, "a share in base points: doubling 2^fan; half_doubling (半辣上) 1 2 4 8 16 24 32 48 64 96 128 192 "
        "256 384 for 0-13 fan", source="HK23: the page's 2^fan shares; 半辣上 a house rule",
        choices=(DOUBLING, HALF_DOUBLING))
    discard_payment: str = option(
        DISCARDER_PAYS_ALL, "on a discard: discarder_pays_all (three shares) or half (半铳: the discarder two "
        "shares, the other two one each)", source="HK23: the page, 点炮由放炮者付三份; 半铳 a house rule",
        choices=(DISCARDER_PAYS_ALL, HALF))

    def __post_init__(self) -> None:
        if self.min_fan > self.max_fan:
            if self.min_fan == MIN_FAN:  # the default minimum: the max_fan given is what falls short (HK15)
                raise ScorerError(BAD_OPTION, f"max_fan ({self.max_fan}) is below the default minimum of {MIN_FAN} fan "
                                  "(min_fan): no win could be valid; give a lower min_fan with it",
                                  ("options", "max_fan"))
            raise ScorerError(BAD_OPTION, f"min_fan ({self.min_fan}) is more than max_fan ({self.max_fan}): "
                              "no win could be valid", ("options", "min_fan"))


PRESETS = (
    Preset("game-site", "the game site's rules page: 3 to 13 fan, a share of 2^fan base points, the discarder "
           "pays three shares", "HK9: the game site's rules page (seed 004)"),
)
