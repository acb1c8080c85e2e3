"""The Taiwanese house rules as one frozen value (``TaiwanOptions``) and the presets: the common
domestic table (the default) and the Open Mahjong server's default room.

Each option cites the RULINGS.md row that states it (TW…) and where the values come from. The
stakes are the table's 底 (``base``) and 台 (``per_tai``): each payer pays 底 + 台 × stake.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..book import Preset, option

MAX_TAI = 99  # an item's value, at most (the largest in any table is 24)
MAX_STAKE = 1_000_000
EITHER, FORBIDDEN, REQUIRED = "either", "forbidden", "required"
SEAT, ANY = "seat", "any"
STANDALONE, ADDITIVE = "standalone", "additive"
HK_ORDER, TW_ORDER = "hk", "tw"
_OMU = "the Open Mahjong server's Taiwanese rules (open_mahjong_unity)"


def _tai(default: int, help: str, source: str) -> int:
    value: int = option(default, help + " (台; 0: not scored)", source=source, minimum=0, maximum=MAX_TAI)
    return value


@dataclass(frozen=True)
class TaiwanOptions:
    """The house rules a Taiwanese table agrees before play; the defaults are the common domestic
    台數表 (the association's table and the 台數表 pages that follow it)."""

    base: int = option(30, "底: what every payment starts from", source="TW14: 底 30 / 台 10 (the 台數表 pages' "
                       "stakes; a Taiwanese calculator's defaults)", minimum=0, maximum=MAX_STAKE)
    per_tai: int = option(10, "what each 台 adds to a payment", source="TW14: 底 30 / 台 10 (the 台數表 pages' "
                          "stakes; a Taiwanese calculator's defaults)", minimum=0, maximum=MAX_STAKE)
    min_tai: int = option(0, "起胡: the least 台 a win needs (the hand's 台, without 莊家 and 連莊); 0: a hand "
                          "with no item wins (屁胡)", source="TW3: a 0-台 win is legal; 起胡 1-3 a house rule ("
                          + _OMU + ", minimum_tai)", minimum=0, maximum=3)
    max_tai: int = option(0, "the cap on the hand's 台 (莊家 and 連莊 are added after it); 0: no cap", source="TW15: "
                          "no cap by default; 16 and 24 in use (" + _OMU + ", tai_cap; the Taiwanese mahjong "
                          "article's 16台制 and 24台制)", minimum=0, maximum=MAX_TAI)
    heavenly_hand: int = _tai(24, "天胡: the dealer's dealt hand wins", "TW20: 24 (most tables and calculators); 16 "
                              "in the association's table as a calculator of it reads it")
    human_hand: int = _tai(16, "人胡: a non-dealer wins on a discard before its own first draw",
                           "TW21: 16 (" + _OMU + ", three of its tables); 8 on a 16台 page and one server table")
    all_honors: int = _tai(16, "字一色: honours only", "TW22: 16 (" + _OMU + "; most tables); 8 in the "
                           "association's table as a calculator of it reads it")
    flower_kong: int = _tai(2, "花槓: all four seasons, or all four flowers, each set", "TW23: 2 (the association's "
                            "table; the calculators); 1 in two of " + _OMU + "'s tables")
    heavenly_ready: int = _tai(8, "天聽: ready from the deal, declared", "TW24: 8 and 地聽 4 (a Taiwanese engine; one "
                               "of " + _OMU + "'s tables); 16 and 8 in its default room")
    earthly_ready: int = _tai(4, "地聽: ready right after one's first discard, declared", "TW24: 4 (the association's "
                              "table); 8 in " + _OMU + "'s default room")
    half_begging: int = _tai(1, "半求: all five sets claimed, the pair self-drawn", "TW25: the association's table "
                             "lists 半求 1; " + _OMU + "'s default room leaves it out")
    last_discard: int = _tai(1, "河底撈魚: a win on the discard after the last drawable tile", "TW25: the "
                             "association's table lists 河底撈魚 1; " + _OMU + "'s default room leaves it out")
    eight_and_a_half_pairs: int = _tai(0, "嚦咕嚦咕 (八對半): seven pairs and a triplet, concealed, as a winning form",
                                       "TW4: off by default; 8 in " + _OMU + " and a Taiwanese calculator")
    no_flowers: int = _tai(0, "無花: a winner with no flower at all", "TW26: not in the domestic table; 1 in the "
                           "Four Winds style and a server switch (" + _OMU + ", no_flowers_enabled)")
    four_kongs: int = _tai(0, "四槓子: four kongs", "TW26: not in the domestic table's default; 8 on a 台數表 page "
                           "and in " + _OMU)
    five_kongs: int = _tai(0, "五槓子: five kongs", "TW26: not in the domestic table's default; 16 in " + _OMU)
    all_chows_concealed: str = option(
        EITHER, "平胡 and concealment: either (claimed chows allowed, a concealed hand also scores 門清), forbidden "
        "(a concealed hand is no 平胡) or required", source="TW11: the association's table is silent (either); "
        "forbidden in " + _OMU + "'s tables; required in a calculator and an engine",
        choices=(EITHER, FORBIDDEN, REQUIRED))
    all_chows_honors_and_flowers: bool = option(
        False, "平胡 with honours or flowers in the hand", source="TW11: refused in the association's table and most "
        "tables; allowed in " + _OMU + "'s default room")
    flower_scoring: str = option(
        SEAT, "seat (正花 1 each, 花槓 per set) or any (見花見台: every flower 1, no 正花 or 花槓)",
        source="TW27: seat in the domestic table; any in " + _OMU + "'s 明星三缺一 table", choices=(SEAT, ANY))
    flower_kong_absorbs_seat_flower: bool = option(
        False, "花槓 takes the place of its set's 正花", source="TW27: added in the association's table and most "
        "calculators; absorbed in three of " + _OMU + "'s tables")
    wind_scoring: str = option(
        SEAT, "seat (門風 and 圈風) or any (見風見台: every wind pung 1, no 門風 or 圈風)",
        source="TW28: seat in the domestic table; any in " + _OMU + " (all_wind_pungs_enabled)", choices=(SEAT, ANY))
    flower_win_mode: str = option(
        STANDALONE, "八仙過海 and 七搶一: standalone (scored alone, 8 台) or additive (a complete hand scores as "
        "usual, its 正花 and 花槓 left out, the flower win's 8 added)",
        source="TW8: standalone is " + _OMU + "'s default (optional_standalone); additive its other modes",
        choices=(STANDALONE, ADDITIVE))
    flower_order: str = option(
        HK_ORDER, "which flower is the third seat's: hk (菊 3, 竹 4, as the Hong Kong book numbers them) or tw (竹 3, "
        "菊 4, as the association's table and the Open Mahjong client number them)", source="TW7: the pages "
        "disagree; the printed number on the tile decides at a real table", choices=(HK_ORDER, TW_ORDER))
    starting_win_self_drawn: bool = option(
        False, "天胡 and 地胡 keep 自摸 beside them (+1)", source="TW12: left out in the association's table as a "
        "calculator of it reads it; kept in " + _OMU)
    ready_keeps_concealed: bool = option(
        False, "天聽 and 地聽 keep 門清 (and 門清自摸) beside them", source="TW12: the association's 地聽 row leaves "
        "門清 out; " + _OMU + " keeps it")
    little_four_winds_winds: bool = option(
        False, "小四喜 keeps 門風 and 圈風 beside it", source="TW13: replaced in " + _OMU + "'s default; added in a "
        "calculator and two of its tables")
    three_dragons_with_pungs: bool = option(
        False, "大三元 and 小三元 keep their dragons' 三元牌 beside them", source="TW13: replaced in " + _OMU + "; "
        "added in a calculator and an engine")
    single_wait_with_begging: bool = option(
        False, "全求人 and 半求 keep 獨聽 beside them", source="TW13: left out in " + _OMU + "; added in a calculator")
    # ``options.fan_values``: (fan id, 台) pairs that override the table (a club's or a season's)
    fan_values: tuple[tuple[str, int], ...] = ()


PRESETS = (
    Preset("common", "the common domestic 台數表: no cap, 底 30 / 台 10, the association's table where the pages "
           "agree", "TW1: the association's 台數表 and the 台數表 pages that follow it"),
    Preset("open-mahjong", "the Open Mahjong server's default Taiwanese room (its SML table)",
           "TW29: " + _OMU + ", its default room",
           (("flower_kong", 1), ("heavenly_ready", 16), ("earthly_ready", 8), ("half_begging", 0),
            ("last_discard", 0), ("all_chows_concealed", FORBIDDEN), ("all_chows_honors_and_flowers", True),
            ("starting_win_self_drawn", True), ("ready_keeps_concealed", True))),
)
