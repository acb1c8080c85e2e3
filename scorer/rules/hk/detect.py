"""The Hong Kong fans' rules, one small pure function per family, on tile indices and counts.

Each row of the fan table (``fans.py``) names the function here that decides it. Nothing here
knows about ``Hand`` or ``Context``: the scorer hands over what a reading is made of (its pungs
and kongs, its chows, its pair) and what the whole hand is (its tile counts, its flowers).
A kong counts as a pung everywhere.
"""

from __future__ import annotations

from enum import StrEnum, unique
from typing import Final

from ... import decompose
from ...tiles import EAST, HONOR_START, IS_DRAGON, IS_HONOR, IS_TERMINAL, IS_WIND, NUM_TILES, SUIT

# The fan ids, as the table and the breakdown name them; each member is also a module constant of
# the same name (cheaper to read than an enum class attribute, in the compiled build).


@unique
class HkFan(StrEnum):
    """The Hong Kong fans, in the table's order."""

    THIRTEEN_ORPHANS = "thirteen_orphans"
    ALL_HONORS = "all_honors"
    ALL_TERMINALS = "all_terminals"
    BIG_THREE_DRAGONS = "big_three_dragons"
    BIG_FOUR_WINDS = "big_four_winds"
    FOUR_KONGS = "four_kongs"
    NINE_GATES = "nine_gates"
    FOUR_CONCEALED_PUNGS = "four_concealed_pungs"
    FULL_FLUSH = "full_flush"
    LITTLE_THREE_DRAGONS = "little_three_dragons"
    SEVEN_PAIRS = "seven_pairs"
    ALL_PUNGS = "all_pungs"
    HALF_FLUSH = "half_flush"
    FLOWER_SET = "flower_set"
    DRAGON_PUNG = "dragon_pung"
    SEAT_WIND = "seat_wind"
    PREVALENT_WIND = "prevalent_wind"
    ALL_CHOWS = "all_chows"
    CONCEALED = "concealed"
    SELF_DRAWN = "self_drawn"
    NO_FLOWERS = "no_flowers"
    SEAT_FLOWER = "seat_flower"
    KONG_REPLACEMENT = "kong_replacement"
    ROBBING_KONG = "robbing_kong"
    LAST_TILE = "last_tile"


THIRTEEN_ORPHANS: Final = HkFan.THIRTEEN_ORPHANS
ALL_HONORS: Final = HkFan.ALL_HONORS
ALL_TERMINALS: Final = HkFan.ALL_TERMINALS
BIG_THREE_DRAGONS: Final = HkFan.BIG_THREE_DRAGONS
BIG_FOUR_WINDS: Final = HkFan.BIG_FOUR_WINDS
FOUR_KONGS: Final = HkFan.FOUR_KONGS
NINE_GATES: Final = HkFan.NINE_GATES
FOUR_CONCEALED_PUNGS: Final = HkFan.FOUR_CONCEALED_PUNGS
FULL_FLUSH: Final = HkFan.FULL_FLUSH
LITTLE_THREE_DRAGONS: Final = HkFan.LITTLE_THREE_DRAGONS
SEVEN_PAIRS: Final = HkFan.SEVEN_PAIRS
ALL_PUNGS: Final = HkFan.ALL_PUNGS
HALF_FLUSH: Final = HkFan.HALF_FLUSH
FLOWER_SET: Final = HkFan.FLOWER_SET
DRAGON_PUNG: Final = HkFan.DRAGON_PUNG
SEAT_WIND: Final = HkFan.SEAT_WIND
PREVALENT_WIND: Final = HkFan.PREVALENT_WIND
ALL_CHOWS: Final = HkFan.ALL_CHOWS
CONCEALED: Final = HkFan.CONCEALED
SELF_DRAWN: Final = HkFan.SELF_DRAWN
NO_FLOWERS: Final = HkFan.NO_FLOWERS
SEAT_FLOWER: Final = HkFan.SEAT_FLOWER
KONG_REPLACEMENT: Final = HkFan.KONG_REPLACEMENT
ROBBING_KONG: Final = HkFan.ROBBING_KONG
LAST_TILE: Final = HkFan.LAST_TILE

_NINE_GATES_BASE: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


# --- the whole hand's tiles (the same in every reading) -----------------------------------------
def flush_fan(counts: tuple[int, ...]) -> str | None:
    """清一色: every tile of one suit; 混一色: one suit and honours, both present. None otherwise
    (two suits, or honours only, which is 字一色)."""
    suits = 0
    honors = False
    for i in range(NUM_TILES):
        if counts[i]:
            if IS_HONOR[i]:
                honors = True
            else:
                suits |= 1 << SUIT[i]
    if suits not in (1, 2, 4):
        return None
    return HALF_FLUSH if honors else FULL_FLUSH


def is_all_honors(counts: tuple[int, ...]) -> bool:
    """字一色: honours only."""
    return sum(counts[HONOR_START:]) == sum(counts)


def is_all_terminals(counts: tuple[int, ...]) -> bool:
    """清幺九: ones and nines only, no honours."""
    return all(IS_TERMINAL[i] for i in range(NUM_TILES) if counts[i])


def is_nine_gates(counts: tuple[int, ...], melds: int) -> bool:
    """九莲宝灯: no melds, and the 14 tiles are 1112345678999 of one suit plus one more of that
    suit, whichever tile was the winning one."""
    if melds or sum(counts) != 14:
        return False
    for s in range(3):
        base = s * 9
        if sum(counts[base:base + 9]) != 14:
            continue
        extra = 0
        for r in range(9):
            d = counts[base + r] - _NINE_GATES_BASE[r]
            if d < 0 or d > 1:
                return False
            extra += d
        return extra == 1
    return False


def is_thirteen_orphans(standing: tuple[int, ...], melds: int) -> bool:
    """十三幺: no melds; one of each terminal and honour and one of them twice."""
    return melds == 0 and decompose.is_thirteen_orphans(standing)


def is_seven_pairs(standing: tuple[int, ...], melds: int) -> bool:
    """七对: no melds, seven pairs; four alike count as two pairs."""
    return melds == 0 and decompose.is_seven_pairs(standing)


# --- the sets of one reading --------------------------------------------------------------------
def dragon_fans(pungs: list[int], pair: int) -> tuple[int, bool, bool]:
    """(箭刻 count, 小三元, 大三元): dragon pungs or kongs; 小三元 is two of them and a dragon pair
    (it takes the two pungs' own fans' place: the count is then 0); 大三元 all three."""
    n = 0
    for t in pungs:
        if IS_DRAGON[t]:
            n += 1
    if n == 3:
        return n, False, True
    if n == 2 and pair >= 0 and IS_DRAGON[pair]:
        return 0, True, False
    return n, False, False


def wind_fans(pungs: list[int], seat: int, prevalent: int) -> tuple[int, int, bool]:
    """(门风刻, 圈风刻, 大四喜): a pung or kong of the seat wind, of the prevalent wind (a double
    wind scores both), and all four winds."""
    winds = 0
    seat_n = prevalent_n = 0
    for t in pungs:
        if IS_WIND[t]:
            winds += 1
        if t == seat:
            seat_n += 1
        if t == prevalent:
            prevalent_n += 1
    return seat_n, prevalent_n, winds == 4


def is_all_chows(chows: int, pair: int) -> bool:
    """平胡: four chows and a suited pair (self-drawn or not, flowers or not)."""
    return chows == 4 and pair >= 0 and not IS_HONOR[pair]


def is_all_pungs(pungs: list[int]) -> bool:
    """碰碰胡: four pungs or kongs."""
    return len(pungs) == 4


def is_concealed(exposed_melds: int) -> bool:
    """门前清: no exposed meld (concealed kongs allowed); not scored beside 七对 (the scorer asks
    only for regular readings)."""
    return exposed_melds == 0


def is_four_concealed_pungs(pungs: int, concealed_pungs: int, self_drawn: bool) -> bool:
    """自摸四暗刻: four pungs or kongs, all concealed, self-drawn. On a discard the pung the tile
    completes is not concealed, and the rule names the self-draw: no limit then."""
    return self_drawn and pungs == 4 and concealed_pungs == 4


def is_four_kongs(kongs: int) -> bool:
    """十八罗汉: four kongs, melded or concealed."""
    return kongs == 4


# --- flowers and how the hand was won -----------------------------------------------------------
def flower_fans(numbers: tuple[int, ...], seasons: tuple[bool, ...], seat: int) -> tuple[int, int]:
    """(正花, 齐四季/四君子): ``numbers``/``seasons`` describe each named flower (1–4 = E S W N,
    and whether it is a season). A set's own-seat tile is 1 fan (so the seat's flower and the
    seat's season each count); a complete set of four is 2 and takes its own-seat fan's place."""
    seat_flower = full_sets = 0
    for season in (False, True):
        held = 0
        own = False
        for k in range(len(numbers)):
            if seasons[k] == season:
                held += 1
                if numbers[k] == seat:
                    own = True
        if held == 4:
            full_sets += 1
        elif own:
            seat_flower += 1
    return seat_flower, full_sets


def event_fans(self_drawn: bool, kong_replacement: bool, robbing_kong: bool, last_wall_tile: bool) -> list[str]:
    """自摸, 杠上开花, 抢杠胡 and the wall's last tile (drawn or discarded): each 1, added
    together (杠上开花 self-drawn is 自摸 + 杠上开花)."""
    out: list[str] = []
    if self_drawn:
        out.append(SELF_DRAWN)
    if kong_replacement:
        out.append(KONG_REPLACEMENT)
    if robbing_kong:
        out.append(ROBBING_KONG)
    if last_wall_tile:
        out.append(LAST_TILE)
    return out


def seat_index(wind_position: int) -> int:
    """The tile index of a wind from its position in E S W N (0–3)."""
    return EAST + wind_position
