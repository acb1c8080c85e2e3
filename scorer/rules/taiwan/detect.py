"""The Taiwanese items' rules: what one hand shares (``Facts``), what one reading of it is
(``Shape``), and one small function per item that counts it in a reading (0: absent).

Every row of the table (``fans``) names its function here, and the scoring asks every row of every
reading (``rules.tabled``): adding an item is a row and a function, nothing else.
"""

from __future__ import annotations

from ... import decompose
from ...context import Context
from ...flowers import Flower
from ...forms import EIGHT_AND_A_HALF_PAIRS_FORM, REGULAR_FORM, Form
from ...hand import Hand
from ...set_kind import CHOW, KONG
from ...tiles import EAST, IS_DRAGON, IS_HONOR, IS_WIND, NUM_TILES, RANK, SUIT, WINDS
from ...waits.shanten import eight_and_a_half_pairs as pairs_and_triplet_shanten
from .options import ANY, FORBIDDEN, REQUIRED, SEAT, TW_ORDER, TaiwanOptions

PAIR, PUNG, MIDDLE, EDGE, TWO_SIDED = "pair", "pung", "middle", "edge", "two_sided"  # what the winning tile completes
SINGLE_WAIT_ROLES = frozenset({PAIR, MIDDLE, EDGE})
# The flowers' seat numbers, 1-4 (East … North): seasons 春夏秋冬, then flowers 梅蘭 and the third and
# fourth as ``flower_order`` says (hk: 菊 3 竹 4, as ``Flower.number``; tw: 竹 3 菊 4).
_TW_NUMBER = {Flower.BAMBOO: 3, Flower.CHRYSANTHEMUM: 4}


def flower_number(f: Flower, order: str) -> int:
    return _TW_NUMBER[f] if order == TW_ORDER and f in _TW_NUMBER else f.number


class Facts:
    """What every reading of one hand shares, worked out once."""

    def __init__(self, hand: Hand, ctx: Context, options: TaiwanOptions) -> None:
        self.hand = hand
        self.ctx = ctx
        self.options = options
        self.counts = hand.counts()
        self.standing = hand.standing_counts()
        self.win = hand.win
        self.need = hand.sets - len(hand.melds)
        self.self_drawn = ctx.self_drawn
        self.seat_no = WINDS.index(ctx.seat_wind) + 1
        self.seat = EAST + self.seat_no - 1
        self.prevalent = EAST + WINDS.index(ctx.prevalent_wind)
        pungs: list[int] = []
        chows: list[int] = []
        kongs = concealed_kongs = claimed = 0
        for m in hand.melds:
            i = m.index
            if m.kind is CHOW:
                chows.append(i)
            else:
                pungs.append(i)
            if m.kind is KONG:
                kongs += 1
                concealed_kongs += m.concealed
            claimed += not m.concealed
        self.meld_pungs = pungs
        self.meld_chows = chows
        self.kongs = kongs
        self.concealed_kongs = concealed_kongs
        self.claimed = claimed  # melds made from a discard (an added kong too): 門清 is none
        self.melds = len(hand.melds)
        order = options.flower_order
        self.flowers = hand.flower_tiles
        self.own_flowers = [f for f in hand.flower_tiles if flower_number(f, order) == self.seat_no]
        self.full_sets = [season for season in (False, True)
                          if sum(1 for f in hand.flower_tiles if f.is_season == season) == 4]
        suits = 0
        honors = False
        for i in range(NUM_TILES):
            if self.counts[i]:
                if IS_HONOR[i]:
                    honors = True
                else:
                    suits |= 1 << SUIT[i]
        self.suits = suits
        self.honors = honors
        self._waits: frozenset[int] | None = None

    def waits(self) -> frozenset[int]:
        """The tiles the hand before its winning tile could win on, by shape (worked out once, when
        a reading asks): the regular waits, and 嚦咕嚦咕's where it is on; a tile of which the hand
        already holds all four (melds included) is no wait."""
        if self._waits is None:
            before = list(self.standing)
            before[self.win] = before[self.win] - 1
            held = list(self.counts)
            held[self.win] = held[self.win] - 1
            out = set(decompose.waits(tuple(before), self.need))
            if self.options.eight_and_a_half_pairs and not self.melds:
                out |= pairs_and_triplet_waits(tuple(before))
            self._waits = frozenset(t for t in out if held[t] < 4)
        return self._waits


def pairs_and_triplet_waits(before: tuple[int, ...]) -> set[int]:
    """The tiles that make 16 concealed tiles seven pairs and a triplet: those that take the form's
    shanten from ready to complete (``shanten.eight_and_a_half_pairs``, read from the counts of
    copies, where trying each tile cost a count of the whole hand a tile, twice a wait scored)."""
    result, useful = pairs_and_triplet_shanten(before)
    return set(useful) if result == 0 else set()


def is_pairs_and_triplet(standing: tuple[int, ...]) -> bool:
    """嚦咕嚦咕: 17 concealed tiles, seven pairs and one triplet (four alike are two pairs)."""
    if sum(standing) != 17:
        return False
    for t in range(NUM_TILES):
        if standing[t] >= 3:
            pairs = 0
            ok = True
            for i in range(NUM_TILES):
                n = standing[i] - (3 if i == t else 0)
                if n % 2:
                    ok = False
                    break
                pairs += n // 2
            if ok and pairs == 7:
                return True
    return False


class Shape:
    """One reading of the hand: its pungs and kongs (melds included), chows by first tile, pair,
    concealed pungs, and what the winning tile can complete in it."""

    def __init__(self, form: Form, pungs: list[int], chows: list[int], pair: int, concealed_pungs: int,
                 roles: frozenset[str], own: tuple[tuple[int, str], ...] = (), exposed_pung: bool = False) -> None:
        self.form = form
        self.pungs = pungs
        self.chows = chows
        self.pair = pair
        self.concealed_pungs = concealed_pungs
        self.roles = roles
        self.own = own  # the concealed part's sets: (first tile, kind)
        self.exposed_pung = exposed_pung  # the pung the discarded winning tile completed shows as exposed


def win_roles(win: int, own_chows: list[int], own_pungs: list[int], pair: int) -> frozenset[str]:
    """What the winning tile can complete among the concealed sets of one division."""
    roles = set()
    if pair == win:
        roles.add(PAIR)
    if win in own_pungs:
        roles.add(PUNG)
    for c in own_chows:
        if c <= win <= c + 2:
            pos = win - c
            if pos == 1:
                roles.add(MIDDLE)
            elif (pos == 0 and RANK[c + 2] == 9) or (pos == 2 and RANK[c] == 1):
                roles.add(EDGE)
            else:
                roles.add(TWO_SIDED)
    return frozenset(roles)


# --- the detectors: (facts, reading) -> count ------------------------------------------------------
def heavenly_hand(f: Facts, r: Shape) -> int:
    return int(f.ctx.get("heavenly_hand"))


def earthly_hand(f: Facts, r: Shape) -> int:
    return int(f.ctx.get("earthly_hand"))


def human_hand(f: Facts, r: Shape) -> int:
    return int(f.ctx.get("human_hand"))


def heavenly_ready(f: Facts, r: Shape) -> int:
    return int(f.ctx.get("heavenly_ready"))


def earthly_ready(f: Facts, r: Shape) -> int:
    return int(f.ctx.get("earthly_ready"))


def eight_flowers(f: Facts, r: Shape) -> int:
    return int(f.ctx.get("flower_win") == "eight_flowers")


def seven_rob_one(f: Facts, r: Shape) -> int:
    return int(f.ctx.get("flower_win") == "seven_rob_one")


def _winds(r: Shape) -> int:
    return sum(1 for t in r.pungs if IS_WIND[t])


def _dragons(r: Shape) -> int:
    return sum(1 for t in r.pungs if IS_DRAGON[t])


def big_four_winds(f: Facts, r: Shape) -> int:
    """大四喜: a pung or kong of each wind."""
    return int(_winds(r) == 4)


def little_four_winds(f: Facts, r: Shape) -> int:
    """小四喜: three wind pungs and a pair of the fourth."""
    return int(_winds(r) == 3 and r.pair >= 0 and IS_WIND[r.pair])


def big_three_dragons(f: Facts, r: Shape) -> int:
    """大三元: a pung or kong of each dragon."""
    return int(_dragons(r) == 3)


def little_three_dragons(f: Facts, r: Shape) -> int:
    """小三元: two dragon pungs and a pair of the third."""
    return int(_dragons(r) == 2 and r.pair >= 0 and IS_DRAGON[r.pair])


def all_honors(f: Facts, r: Shape) -> int:
    """字一色: honours only (flowers aside)."""
    return int(f.honors and not f.suits)


def full_flush(f: Facts, r: Shape) -> int:
    """清一色: one suit, no honours."""
    return int(not f.honors and f.suits in (1, 2, 4))


def half_flush(f: Facts, r: Shape) -> int:
    """混一色: one suit and honours."""
    return int(f.honors and f.suits in (1, 2, 4))


def five_kongs(f: Facts, r: Shape) -> int:
    return int(f.kongs == 5)


def four_kongs(f: Facts, r: Shape) -> int:
    return int(f.kongs == 4)


def five_concealed_pungs(f: Facts, r: Shape) -> int:
    """五暗刻: five concealed pungs or kongs (the one a discard completes is not concealed)."""
    return int(r.concealed_pungs == 5)


def four_concealed_pungs(f: Facts, r: Shape) -> int:
    return int(r.concealed_pungs == 4)


def three_concealed_pungs(f: Facts, r: Shape) -> int:
    return int(r.concealed_pungs == 3)


def eight_and_a_half_pairs(f: Facts, r: Shape) -> int:
    """嚦咕嚦咕: the form of seven pairs and a triplet."""
    return int(r.form is EIGHT_AND_A_HALF_PAIRS_FORM)


def all_pungs(f: Facts, r: Shape) -> int:
    """碰碰胡: five pungs or kongs (not 嚦咕嚦咕's one triplet)."""
    return int(r.form is REGULAR_FORM and len(r.pungs) == 5)


def concealed(f: Facts, r: Shape) -> int:
    """門清: no claimed meld (concealed kongs allowed)."""
    return int(f.claimed == 0)


def self_drawn(f: Facts, r: Shape) -> int:
    return int(f.self_drawn)


def concealed_self_drawn(f: Facts, r: Shape) -> int:
    """門清自摸: concealed and self-drawn, in the place of both."""
    return int(f.claimed == 0 and f.self_drawn)


def all_begging(f: Facts, r: Shape) -> int:
    """全求人: all five sets claimed, the pair won on a discard."""
    return int(f.claimed == 5 and not f.self_drawn)


def half_begging(f: Facts, r: Shape) -> int:
    """半求: all five sets claimed, the pair self-drawn."""
    return int(f.claimed == 5 and f.self_drawn)


def all_chows(f: Facts, r: Shape) -> int:
    """平胡: five chows and a suited pair, no flower, won on a discard that a two-sided wait takes; the
    concealment and the honours-and-flowers options as the table has them."""
    o = f.options
    if r.form is not REGULAR_FORM or len(r.chows) != 5 or r.pair < 0 or f.self_drawn or TWO_SIDED not in r.roles:
        return 0
    if not o.all_chows_honors_and_flowers and (f.flowers or IS_HONOR[r.pair]):
        return 0
    if (o.all_chows_concealed == FORBIDDEN and f.claimed == 0) or (o.all_chows_concealed == REQUIRED and f.claimed):
        return 0
    return 1


def single_wait(f: Facts, r: Shape) -> int:
    """獨聽: the hand could win on one tile kind only, and this reading has the winning tile complete
    the pair, the middle of a chow or an edge (3 of 1-2-3, 7 of 7-8-9); never in 嚦咕嚦咕."""
    if r.form is not REGULAR_FORM or not (r.roles & SINGLE_WAIT_ROLES):
        return 0
    return int(len(f.waits()) == 1)


def seat_wind(f: Facts, r: Shape) -> int:
    return int(f.options.wind_scoring == SEAT and f.seat in r.pungs)


def prevalent_wind(f: Facts, r: Shape) -> int:
    return int(f.options.wind_scoring == SEAT and f.prevalent in r.pungs)


def wind_pung(f: Facts, r: Shape) -> int:
    """見風見台: every wind pung or kong 1 (in the place of 門風 and 圈風)."""
    return _winds(r) if f.options.wind_scoring == ANY else 0


def dragon_pung(f: Facts, r: Shape) -> int:
    """三元牌: each pung or kong of a dragon."""
    return _dragons(r)


def seat_flower(f: Facts, r: Shape) -> int:
    """正花: each of the seat's own two flowers held (not in a 花槓 that absorbs it, where that is the rule)."""
    if f.options.flower_scoring != SEAT:
        return 0
    if f.options.flower_kong_absorbs_seat_flower:
        return sum(1 for fl in f.own_flowers if fl.is_season not in f.full_sets)
    return len(f.own_flowers)


def flower_kong(f: Facts, r: Shape) -> int:
    """花槓: each complete set of the four seasons or the four flowers."""
    return len(f.full_sets) if f.options.flower_scoring == SEAT else 0


def flower(f: Facts, r: Shape) -> int:
    """見花見台: every flower 1."""
    return len(f.flowers) if f.options.flower_scoring == ANY else 0


def no_flowers(f: Facts, r: Shape) -> int:
    return int(not f.flowers)


def last_tile(f: Facts, r: Shape) -> int:
    """海底撈月: self-drawn on the last drawable tile."""
    return int(f.ctx.last_wall_tile and f.self_drawn)


def last_discard(f: Facts, r: Shape) -> int:
    """河底撈魚: won on the discard after the last drawable tile."""
    return int(f.ctx.last_wall_tile and not f.self_drawn)


def kong_replacement(f: Facts, r: Shape) -> int:
    """槓上開花: self-drawn on the replacement after one's own kong or flower."""
    return int(f.ctx.kong_replacement)


def robbing_kong(f: Facts, r: Shape) -> int:
    return int(f.ctx.robbing_kong)


# --- the readings -------------------------------------------------------------------------------
def regular_shape(f: Facts, div: decompose.Division) -> Shape:
    sets, pair = div
    own_chows, own_pungs = decompose.split_sets(sets)
    roles = win_roles(f.win, own_chows, own_pungs, pair)
    # On a discard, the pung the winning tile completes is not concealed, unless the tile can be read
    # into a concealed chow or the pair instead (TW10).
    exposed = not f.self_drawn and PUNG in roles and not (roles - {PUNG})
    concealed_pungs = f.concealed_kongs + len(own_pungs) - exposed
    return Shape(REGULAR_FORM, f.meld_pungs + own_pungs, f.meld_chows + own_chows, pair, concealed_pungs, roles,
                 tuple(sets), exposed)


def pairs_and_triplet_shape(f: Facts) -> Shape:
    """嚦咕嚦咕's reading: its triplet counts as a pung for the honour items, nothing else of sets."""
    triplet = next(t for t in range(NUM_TILES) if f.standing[t] == 3)  # four alike are two pairs
    return Shape(EIGHT_AND_A_HALF_PAIRS_FORM, [triplet], [], -1, 0, frozenset())

