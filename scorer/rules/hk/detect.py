"""The Hong Kong fans' rules: what one hand shares (``Facts``), what one reading of it is
(``Shape``), and one small function per fan that counts it in a reading (0: absent).

Every row of the fan table (``fans``) names its function here, and the scoring asks every row of
every reading (``rules.tabled``): adding a fan is a row and a function. The whole hand's rules (its
suits, its flowers, the limits its tiles alone make) are worked out once, in ``Facts``; a kong
counts as a pung everywhere.
"""

from __future__ import annotations

from enum import StrEnum, unique
from typing import Any, Final

from ... import decompose
from ...context import Context
from ...decompose import Division
from ...forms import REGULAR_FORM, SEVEN_PAIRS_FORM, THIRTEEN_ORPHANS_FORM, Form
from ...hand import Hand
from ...set_kind import CHOW, KONG
from ...tiles import EAST, HONOR_START, IS_DRAGON, IS_HONOR, IS_TERMINAL, IS_WIND, NUM_TILES, SUIT, WINDS

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


# --- the whole hand's rules (the same in every reading) ------------------------------------------
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


class Facts:
    """What every reading of one hand shares, worked out once."""

    def __init__(self, hand: Hand, ctx: Context, options: Any) -> None:
        self.options = options
        self.win = hand.win
        self.standing = hand.standing_counts()
        self.counts = counts = hand.counts()
        self.melds = len(hand.melds)
        self.need = 4 - len(hand.melds)
        self.self_drawn = ctx.self_drawn
        meld_pungs: list[int] = []
        chows = kongs = exposed = concealed_kongs = 0
        for m in hand.melds:
            i = m.index
            if m.kind is CHOW:
                chows += 1
            else:
                meld_pungs.append(i)
            if m.kind is KONG:
                kongs += 1
                if m.concealed:
                    concealed_kongs += 1
            if not m.concealed:
                exposed += 1
        self.meld_pungs = meld_pungs
        self.meld_chows = chows
        self.kongs = kongs
        self.exposed = exposed
        self.concealed_kongs = concealed_kongs
        self.seat = EAST + WINDS.index(ctx.seat_wind)
        self.prevalent = EAST + WINDS.index(ctx.prevalent_wind)
        self.all_honors = is_all_honors(counts)
        self.all_terminals = is_all_terminals(counts)
        self.nine_gates = is_nine_gates(counts, self.melds)
        self.flush = flush_fan(counts)
        self.kong_replacement = ctx.kong_replacement
        self.robbing_kong = ctx.robbing_kong
        self.last_tile = ctx.last_wall_tile
        flowers = hand.flower_tiles
        self.no_flowers = not flowers
        self.seat_flower, self.flower_sets = flower_fans(tuple(f.number for f in flowers),
                                                         tuple(f.is_season for f in flowers),
                                                         WINDS.index(ctx.seat_wind) + 1)


class Shape:
    """One reading of the tiles: its form, its pungs and kongs (melds first), its chows, its pair
    (-1: none, as in seven pairs), what its sets make, and the division it came from (None: a
    special form). ``exposed_pung``: the pung of the winning tile was completed by a discard."""

    def __init__(self, form: Form, pungs: list[int], chows: int, pair: int, concealed_pungs: int,
                 exposed_pung: bool, div: Division | None, seat: int, prevalent: int) -> None:
        self.form = form
        self.pungs = pungs
        self.chows = chows
        self.pair = pair
        self.concealed_pungs = concealed_pungs
        self.exposed_pung = exposed_pung
        self.div = div
        dragons = winds = seat_n = prevalent_n = 0
        for t in pungs:
            if IS_DRAGON[t]:
                dragons += 1
            elif IS_WIND[t]:
                winds += 1
            if t == seat:
                seat_n += 1
            if t == prevalent:
                prevalent_n += 1
        self.dragons = dragons
        self.winds = winds
        self.seat_n = seat_n
        self.prevalent_n = prevalent_n


def regular_shape(f: Facts, div: Division) -> Shape:
    sets, pair = div
    own_chows, own_pungs = decompose.split_sets(sets)
    win = f.win
    # a pung the discarded tile completes is not concealed (unless the tile reads into a chow)
    exposed_pung = (not f.self_drawn and win in own_pungs and pair != win
                    and not decompose.in_chow(win, own_chows))
    return Shape(REGULAR_FORM, f.meld_pungs + own_pungs, f.meld_chows + len(own_chows), pair,
                 f.concealed_kongs + len(own_pungs) - (1 if exposed_pung else 0), exposed_pung, div, f.seat,
                 f.prevalent)


def special_shape(f: Facts, form: Form) -> Shape:
    """Seven pairs or thirteen orphans: no sets, no pair of a division."""
    return Shape(form, [], 0, -1, 0, False, None, f.seat, f.prevalent)


def is_thirteen_orphans(standing: tuple[int, ...], melds: int) -> bool:
    """十三幺: no melds; one of each terminal and honour and one of them twice."""
    return melds == 0 and decompose.is_thirteen_orphans(standing)


def is_seven_pairs(standing: tuple[int, ...], melds: int) -> bool:
    """七对: no melds, seven pairs; four alike count as two pairs."""
    return melds == 0 and decompose.is_seven_pairs(standing)


# --- one function per row: how many times its fan is in the reading ------------------------------
def thirteen_orphans(f: Facts, s: Shape) -> int:
    """十三幺: the form itself."""
    return 1 if s.form is THIRTEEN_ORPHANS_FORM else 0


def all_honors(f: Facts, s: Shape) -> int:
    """字一色: honours only."""
    return 1 if f.all_honors else 0


def all_terminals(f: Facts, s: Shape) -> int:
    """清幺九: ones and nines only, no honours."""
    return 1 if f.all_terminals else 0


def big_three_dragons(f: Facts, s: Shape) -> int:
    """大三元: a pung or kong of each dragon."""
    return 1 if s.dragons == 3 else 0


def big_four_winds(f: Facts, s: Shape) -> int:
    """大四喜: a pung or kong of each wind."""
    return 1 if s.winds == 4 else 0


def four_kongs(f: Facts, s: Shape) -> int:
    """十八罗汉: four kongs, melded or concealed."""
    return 1 if f.kongs == 4 else 0


def nine_gates(f: Facts, s: Shape) -> int:
    """九莲宝灯: see ``is_nine_gates``."""
    return 1 if f.nine_gates else 0


def four_concealed_pungs(f: Facts, s: Shape) -> int:
    """自摸四暗刻: four pungs or kongs, all concealed, self-drawn. On a discard the pung the tile
    completes is not concealed, and the rule names the self-draw: no limit then."""
    return 1 if f.self_drawn and len(s.pungs) == 4 and s.concealed_pungs == 4 else 0


def full_flush(f: Facts, s: Shape) -> int:
    """清一色: every tile of one suit."""
    return 1 if f.flush == FULL_FLUSH else 0


def half_flush(f: Facts, s: Shape) -> int:
    """混一色: one suit and honours, both present."""
    return 1 if f.flush == HALF_FLUSH else 0


def little_three_dragons(f: Facts, s: Shape) -> int:
    """小三元: two dragon pungs or kongs and a dragon pair (it takes the two pungs' own fans'
    place, or adds to them, as the options say: the table's ``replaces`` and ``fans.drops``)."""
    return 1 if s.dragons == 2 and s.pair >= 0 and IS_DRAGON[s.pair] else 0


def seven_pairs(f: Facts, s: Shape) -> int:
    """七对: the form itself."""
    return 1 if s.form is SEVEN_PAIRS_FORM else 0


def all_pungs(f: Facts, s: Shape) -> int:
    """碰碰胡: four pungs or kongs."""
    return 1 if len(s.pungs) == 4 else 0


def flower_set(f: Facts, s: Shape) -> int:
    """齐四季/四君子: each complete set of four flowers or four seasons (``flower_fans``)."""
    return f.flower_sets


def dragon_pung(f: Facts, s: Shape) -> int:
    """箭刻: each pung or kong of dragons."""
    return s.dragons


def seat_wind(f: Facts, s: Shape) -> int:
    """门风刻: a pung or kong of the seat wind (a double wind scores both)."""
    return s.seat_n


def prevalent_wind(f: Facts, s: Shape) -> int:
    """圈风刻: a pung or kong of the prevalent wind."""
    return s.prevalent_n


def all_chows(f: Facts, s: Shape) -> int:
    """平胡: four chows and a suited pair (self-drawn or not, flowers or not)."""
    return 1 if s.chows == 4 and s.pair >= 0 and not IS_HONOR[s.pair] else 0


def concealed(f: Facts, s: Shape) -> int:
    """门前清: no exposed meld (concealed kongs allowed); a regular reading's only (七对 is
    concealed by nature, and scores no 门前清 beside it)."""
    return 1 if s.form is REGULAR_FORM and f.exposed == 0 else 0


# 自摸, 杠上开花, 抢杠胡 and the wall's last tile (drawn or discarded): each 1, added together
# (杠上开花 self-drawn is 自摸 + 杠上开花).
def self_drawn(f: Facts, s: Shape) -> int:
    """自摸."""
    return 1 if f.self_drawn else 0


def kong_replacement(f: Facts, s: Shape) -> int:
    """杠上开花."""
    return 1 if f.kong_replacement else 0


def robbing_kong(f: Facts, s: Shape) -> int:
    """抢杠胡."""
    return 1 if f.robbing_kong else 0


def last_tile(f: Facts, s: Shape) -> int:
    """海底捞月: the wall's last tile, drawn or discarded."""
    return 1 if f.last_tile else 0


def no_flowers(f: Facts, s: Shape) -> int:
    """无花."""
    return 1 if f.no_flowers else 0


def seat_flower(f: Facts, s: Shape) -> int:
    """正花: the seat's own flower and season, each where its set is not complete (``flower_fans``)."""
    return f.seat_flower
