"""The 81 fans of Mahjong Competition Rules as data: id, points, names, and what each implies.

``implies`` is the 不计 list: fans that are not counted again when this fan is scored (seed 001
and seed 002, as the reference calculator applies them). Exclusion is one mechanism over this
table (see ``exclusion.py``), not a rule per fan. Order is the table's: points descending, so
every implication points to a later, cheaper fan.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class Fan:
    id: str
    points: int
    name: str
    name_zh: str
    implies: tuple[str, ...] = ()


def _fan(id: str, points: int, name: str, name_zh: str, implies: str = "") -> Fan:
    return Fan(id, points, name, name_zh, tuple(implies.split()))


FANS: tuple[Fan, ...] = (
    # 88
    _fan("big_four_winds", 88, "Big Four Winds", "大四喜",
         "big_three_winds all_pungs seat_wind prevalent_wind pung_of_terminals_or_honors"),
    _fan("big_three_dragons", 88, "Big Three Dragons", "大三元", "two_dragon_pungs dragon_pung"),
    _fan("all_green", 88, "All Green", "绿一色", "half_flush one_voided_suit"),
    _fan("nine_gates", 88, "Nine Gates", "九莲宝灯",
         "full_flush fully_concealed_hand concealed_hand no_honors"),
    _fan("four_kongs", 88, "Four Kongs", "四杠",
         "three_kongs two_melded_kongs two_concealed_kongs melded_kong concealed_kong all_pungs single_wait"),
    _fan("seven_shifted_pairs", 88, "Seven Shifted Pairs", "连七对",
         "seven_pairs full_flush fully_concealed_hand concealed_hand single_wait no_honors"),
    _fan("thirteen_orphans", 88, "Thirteen Orphans", "十三幺",
         "all_types fully_concealed_hand concealed_hand single_wait"),
    # 64
    _fan("all_terminals", 64, "All Terminals", "清幺九",
         "all_terminals_and_honors all_pungs outside_hand pung_of_terminals_or_honors no_honors double_pung"),
    _fan("little_four_winds", 64, "Little Four Winds", "小四喜", "big_three_winds pung_of_terminals_or_honors"),
    _fan("little_three_dragons", 64, "Little Three Dragons", "小三元", "two_dragon_pungs dragon_pung"),
    _fan("all_honors", 64, "All Honors", "字一色",
         "all_terminals_and_honors all_pungs outside_hand pung_of_terminals_or_honors one_voided_suit"),
    _fan("four_concealed_pungs", 64, "Four Concealed Pungs", "四暗刻",
         "three_concealed_pungs two_concealed_pungs all_pungs fully_concealed_hand concealed_hand"),
    _fan("pure_terminal_chows", 64, "Pure Terminal Chows", "一色双龙会",
         "seven_pairs full_flush all_chows pure_double_chow two_terminal_chows one_voided_suit no_honors"),
    # 48
    _fan("quadruple_chow", 48, "Quadruple Chow", "一色四同顺", "pure_triple_chow pure_double_chow tile_hog"),
    _fan("four_pure_shifted_pungs", 48, "Four Pure Shifted Pungs", "一色四节高",
         "pure_triple_chow pure_shifted_pungs all_pungs"),
    # 32
    _fan("four_pure_shifted_chows", 32, "Four Pure Shifted Chows", "一色四步高",
         "pure_shifted_chows short_straight two_terminal_chows"),
    _fan("three_kongs", 32, "Three Kongs", "三杠",
         "two_melded_kongs two_concealed_kongs melded_kong concealed_kong"),
    _fan("all_terminals_and_honors", 32, "All Terminals and Honors", "混幺九",
         "all_pungs outside_hand pung_of_terminals_or_honors"),
    # 24
    _fan("seven_pairs", 24, "Seven Pairs", "七对", "fully_concealed_hand concealed_hand single_wait"),
    _fan("greater_honors_and_knitted_tiles", 24, "Greater Honors and Knitted Tiles", "七星不靠",
         "lesser_honors_and_knitted_tiles all_types fully_concealed_hand concealed_hand"),
    _fan("all_even_pungs", 24, "All Even Pungs", "全双刻", "all_pungs all_simples no_honors"),
    _fan("full_flush", 24, "Full Flush", "清一色", "one_voided_suit no_honors"),
    _fan("pure_triple_chow", 24, "Pure Triple Chow", "一色三同顺", "pure_shifted_pungs pure_double_chow"),
    _fan("pure_shifted_pungs", 24, "Pure Shifted Pungs", "一色三节高"),
    _fan("upper_tiles", 24, "Upper Tiles", "全大", "upper_four no_honors"),
    _fan("middle_tiles", 24, "Middle Tiles", "全中", "all_simples no_honors"),
    _fan("lower_tiles", 24, "Lower Tiles", "全小", "lower_four no_honors"),
    # 16
    _fan("pure_straight", 16, "Pure Straight", "清龙", "short_straight two_terminal_chows"),
    _fan("three_suited_terminal_chows", 16, "Three-Suited Terminal Chows", "三色双龙会",
         "mixed_double_chow two_terminal_chows all_chows no_honors"),
    _fan("pure_shifted_chows", 16, "Pure Shifted Chows", "一色三步高"),
    _fan("all_fives", 16, "All Fives", "全带五", "all_simples no_honors"),
    _fan("triple_pung", 16, "Triple Pung", "三同刻", "double_pung"),
    _fan("three_concealed_pungs", 16, "Three Concealed Pungs", "三暗刻", "two_concealed_pungs"),
    # 12
    _fan("lesser_honors_and_knitted_tiles", 12, "Lesser Honors and Knitted Tiles", "全不靠",
         "all_types fully_concealed_hand concealed_hand"),
    _fan("knitted_straight", 12, "Knitted Straight", "组合龙"),
    _fan("upper_four", 12, "Upper Four", "大于五", "no_honors"),
    _fan("lower_four", 12, "Lower Four", "小于五", "no_honors"),
    _fan("big_three_winds", 12, "Big Three Winds", "三风刻"),
    # 8
    _fan("mixed_straight", 8, "Mixed Straight", "花龙"),
    _fan("reversible_tiles", 8, "Reversible Tiles", "推不倒", "one_voided_suit"),
    _fan("mixed_triple_chow", 8, "Mixed Triple Chow", "三色三同顺", "mixed_double_chow"),
    _fan("mixed_shifted_pungs", 8, "Mixed Shifted Pungs", "三色三节高"),
    _fan("chicken_hand", 8, "Chicken Hand", "无番和"),
    _fan("last_tile_draw", 8, "Last Tile Draw", "妙手回春", "self_drawn"),
    _fan("last_tile_claim", 8, "Last Tile Claim", "海底捞月"),
    _fan("out_with_replacement_tile", 8, "Out with Replacement Tile", "杠上开花", "self_drawn"),
    _fan("robbing_the_kong", 8, "Robbing the Kong", "抢杠和", "last_tile"),
    # 6
    _fan("all_pungs", 6, "All Pungs", "碰碰和"),
    _fan("half_flush", 6, "Half Flush", "混一色", "one_voided_suit"),
    _fan("mixed_shifted_chows", 6, "Mixed Shifted Chows", "三色三步高"),
    _fan("all_types", 6, "All Types", "五门齐"),
    _fan("melded_hand", 6, "Melded Hand", "全求人", "single_wait"),
    _fan("two_concealed_kongs", 6, "Two Concealed Kongs", "双暗杠", "two_concealed_pungs concealed_kong"),
    _fan("two_dragon_pungs", 6, "Two Dragon Pungs", "双箭刻", "dragon_pung"),
    # 4
    _fan("outside_hand", 4, "Outside Hand", "全带幺"),
    _fan("fully_concealed_hand", 4, "Fully Concealed Hand", "不求人", "concealed_hand self_drawn"),
    _fan("two_melded_kongs", 4, "Two Melded Kongs", "双明杠", "melded_kong"),
    _fan("last_tile", 4, "Last Tile", "和绝张"),
    # 2
    _fan("dragon_pung", 2, "Dragon Pung", "箭刻"),
    _fan("prevalent_wind", 2, "Prevalent Wind", "圈风刻"),
    _fan("seat_wind", 2, "Seat Wind", "门风刻"),
    _fan("concealed_hand", 2, "Concealed Hand", "门前清"),
    _fan("all_chows", 2, "All Chows", "平和", "no_honors"),
    _fan("tile_hog", 2, "Tile Hog", "四归一"),
    _fan("double_pung", 2, "Double Pung", "双同刻"),
    _fan("two_concealed_pungs", 2, "Two Concealed Pungs", "双暗刻"),
    _fan("concealed_kong", 2, "Concealed Kong", "暗杠"),
    _fan("all_simples", 2, "All Simples", "断幺", "no_honors"),
    # 1
    _fan("pure_double_chow", 1, "Pure Double Chow", "一般高"),
    _fan("mixed_double_chow", 1, "Mixed Double Chow", "喜相逢"),
    _fan("short_straight", 1, "Short Straight", "连六"),
    _fan("two_terminal_chows", 1, "Two Terminal Chows", "老少副"),
    _fan("pung_of_terminals_or_honors", 1, "Pung of Terminals or Honors", "幺九刻"),
    _fan("melded_kong", 1, "Melded Kong", "明杠"),
    _fan("one_voided_suit", 1, "One Voided Suit", "缺一门"),
    _fan("no_honors", 1, "No Honors", "无字"),
    _fan("edge_wait", 1, "Edge Wait", "边张"),
    _fan("closed_wait", 1, "Closed Wait", "坎张"),
    _fan("single_wait", 1, "Single Wait", "单钓将"),
    _fan("self_drawn", 1, "Self-Drawn", "自摸"),
    _fan("flower_tiles", 1, "Flower Tiles", "花牌"),
)

BY_ID: MappingProxyType[str, Fan] = MappingProxyType({f.id: f for f in FANS})
ORDER: MappingProxyType[str, int] = MappingProxyType({f.id: k for k, f in enumerate(FANS)})
MIN_POINTS = 8  # a win needs 8 points without flowers
