"""The Sichuan fans' rules: what one hand shares (``Facts``), what one reading of it is (``Shape``),
and one small function per fan that counts it in a reading (0: absent).

A reading is four sets (pungs and kongs as their tile, chows as their first tile) and a pair, or
seven pairs. Every row of the fan table (``fans``) names its function here, and the scoring asks
every row of every reading (``rules.tabled``): adding a fan is a row and a function. An optional fan
(RULINGS S14-S21) counts only when its option switches it on (a value above 0): off, it is not
there, and so leaves nothing out (海底炮 takes 海底's place only when it is on).
"""

from __future__ import annotations

from typing import Any

from ...context import Context
from ...decompose import Division, in_chow, split_sets
from ...forms import REGULAR_FORM, SEVEN_PAIRS_FORM, Form
from ...hand import Hand
from ...tiles import HONOR_START, RANK, SUIT
from .fan_id import (
    ALL_SIMPLES,
    CONCEALED_HAND,
    EARTHLY_HAND,
    HEAVENLY_HAND,
    LAST_COPY,
    LAST_DISCARD,
    MIDDLE_FIVE,
    OUTSIDE_HAND,
    SELF_DRAWN,
)


def _258(i: int) -> bool:
    r = RANK[i]
    return r == 2 or r == 5 or r == 8


def _terminal(i: int) -> bool:
    r = RANK[i]
    return r == 1 or r == 9


def holds_suit(counts: tuple[int, ...], suit: int) -> bool:
    """Any tile of ``suit`` (0 characters, 1 bamboo, 2 dots) among ``counts``."""
    start = suit * 9
    for i in range(start, start + 9):
        if counts[i]:
            return True
    return False


class Facts:
    """What every reading of one hand shares, worked out once: the context, the options and each
    fan's value under them (``worth``), and the whole hand's tiles."""

    def __init__(self, hand: Hand, ctx: Context, options: Any, worth: dict[str, int]) -> None:
        self.ctx = ctx
        self.options = options
        self.worth = worth
        self.win = hand.win
        self.standing = hand.standing_counts()
        self.need = 4 - len(hand.melds)
        self.melds = len(hand.melds)
        self.meld_pungs = [m.index for m in hand.melds]  # Sichuan declares no chows
        self.concealed = all(m.concealed for m in hand.melds)
        self.self_drawn = ctx.self_drawn
        counts = hand.counts()
        suits = roots = 0
        terminals = False
        for i in range(HONOR_START):
            c = counts[i]
            if c:
                suits |= 1 << SUIT[i]
                if c == 4:
                    roots += 1
                if _terminal(i):
                    terminals = True
        self.one_suit = suits in (1, 2, 4)
        self.roots = roots
        self.terminals = terminals


class Shape:
    """One reading of the tiles: its form, its pungs and kongs (melds first), its chows (first
    tiles), its pair (-1 in seven pairs), the division it came from (None: seven pairs), and
    whether the pung of the winning tile was completed by a discard."""

    def __init__(self, form: Form, pungs: list[int], chows: list[int], pair: int, div: Division | None,
                 exposed_pung: bool) -> None:
        self.form = form
        self.pungs = pungs
        self.chows = chows
        self.pair = pair
        self.div = div
        self.exposed_pung = exposed_pung


def regular_shape(f: Facts, div: Division) -> Shape:
    sets, pair = div
    chows, own_pungs = split_sets(sets)
    win = f.win
    # a pung completed by a discard shows as exposed, unless the tile reads into a chow
    exposed = not f.self_drawn and win in own_pungs and not in_chow(win, chows)
    return Shape(REGULAR_FORM, [*f.meld_pungs, *own_pungs], chows, pair, div, exposed)


def seven_pairs_shape() -> Shape:
    return Shape(SEVEN_PAIRS_FORM, [], [], -1, None, False)


# --- hand shapes -----------------------------------------------------------------------------------
def _all_pungs(s: Shape) -> bool:
    return s.form is REGULAR_FORM and not s.chows


def _all_258(s: Shape) -> bool:
    return _all_pungs(s) and _258(s.pair) and all(_258(t) for t in s.pungs)


def _outside(f: Facts, s: Shape) -> bool:
    return (s.form is REGULAR_FORM and f.worth[OUTSIDE_HAND] > 0 and _terminal(s.pair)
            and all(_terminal(t) for t in s.pungs) and all(RANK[c] == 1 or RANK[c] == 7 for c in s.chows))


def basic(f: Facts, s: Shape) -> int:
    """平胡: shown when no hand shape applies (worth 0)."""
    return 0 if s.form is SEVEN_PAIRS_FORM or _all_pungs(s) or _outside(f, s) else 1


def all_pungs(f: Facts, s: Shape) -> int:
    """碰碰胡: no chow (将对 takes its place: the table's ``replaces``)."""
    return 1 if _all_pungs(s) else 0


def seven_pairs(f: Facts, s: Shape) -> int:
    """七对: the form itself."""
    return 1 if s.form is SEVEN_PAIRS_FORM else 0


def outside_hand(f: Facts, s: Shape) -> int:
    """带幺九: each set and the pair hold a 1 or a 9 (it adds to 碰碰胡); a regular reading's only."""
    return 1 if _outside(f, s) else 0


def all_258_pungs(f: Facts, s: Shape) -> int:
    """将对: no chow, every pung and the pair of 2, 5 or 8."""
    return 1 if _all_258(s) else 0


# --- what adds to any shape ------------------------------------------------------------------------
def full_flush(f: Facts, s: Shape) -> int:
    """清一色: one suit."""
    return 1 if f.one_suit else 0


def golden_hook(f: Facts, s: Shape) -> int:
    """金钩钓: all four sets declared, the win on the pair (one tile was left in hand)."""
    return 1 if f.melds == 4 else 0


def root(f: Facts, s: Shape) -> int:
    """根: each tile kind held four times (melds included)."""
    return f.roots


def kong_replacement(f: Facts, s: Shape) -> int:
    """杠上开花."""
    return 1 if f.ctx.kong_replacement else 0


def robbing_kong(f: Facts, s: Shape) -> int:
    """抢杠胡."""
    return 1 if f.ctx.robbing_kong else 0


def last_tile(f: Facts, s: Shape) -> int:
    """海底: the wall's last tile (海底炮, when it is on, takes its place on a discard)."""
    return 1 if f.ctx.last_wall_tile else 0


# --- the optional fans: each only when its option gives it a value ---------------------------------
def heavenly_hand(f: Facts, s: Shape) -> int:
    """天胡."""
    return 1 if f.worth[HEAVENLY_HAND] and f.ctx.get("heavenly_hand") else 0


def earthly_hand(f: Facts, s: Shape) -> int:
    """地胡."""
    return 1 if f.worth[EARTHLY_HAND] and f.ctx.get("earthly_hand") else 0


def concealed_hand(f: Facts, s: Shape) -> int:
    """门清: every meld a concealed kong."""
    return 1 if f.concealed and f.worth[CONCEALED_HAND] else 0


def all_simples(f: Facts, s: Shape) -> int:
    """中张: no 1 or 9."""
    return 1 if f.worth[ALL_SIMPLES] and not f.terminals else 0


def middle_five(f: Facts, s: Shape) -> int:
    """夹心五: the reading holds the chow 4-5-6 of the winning 5, which then sits in its middle."""
    win = f.win
    return 1 if f.worth[MIDDLE_FIVE] and RANK[win] == 5 and win - 1 in s.chows else 0


def last_copy(f: Facts, s: Shape) -> int:
    """绝张."""
    return 1 if f.ctx.last_copy and f.worth[LAST_COPY] else 0


def last_discard(f: Facts, s: Shape) -> int:
    """海底炮: a discard on the wall's last tile, in 海底's place."""
    return 1 if f.ctx.last_wall_tile and not f.self_drawn and f.worth[LAST_DISCARD] else 0


def self_drawn(f: Facts, s: Shape) -> int:
    """自摸, one fan when ``self_drawn`` is ``fan``."""
    return 1 if f.self_drawn and f.worth[SELF_DRAWN] else 0
