"""The 红中 book's facts, its shapes and one detector per fan: (facts, shape) -> count.

Two layers (the 红中 rule document, §2 and §13): the physical tiles, where a 中 is a 中 (无红中
reads them), and each reading's logical tiles, where a 中 is what it stood for (清一色, 大对子,
一条龙, 七对子, 龙七对 read them). Every reading of the concealed tiles comes from the joker engine
(``scorer.wild``): its regular readings and its seven-pairs readings, each a logical division with
what each 中 stood for.
"""

from __future__ import annotations

from typing import Any, Final

from ...context import Context
from ...forms import REGULAR_FORM, SEVEN_PAIRS_FORM, Form
from ...hand import Hand
from ...set_kind import CHOW, PUNG
from ...tiles import NUM_TILES, RED, SUIT
from ...wild import NUMBER_TILES_MASK, PairT, Wild, readings, seven_pairs
from ...wild import Reading as WildReading
from .options import ANY_QUAD, CONCEALED_FOUR

CAPPED: Final = Wild(NUMBER_TILES_MASK, 4)  # 中 is any number tile, never a fifth copy (MIL §七.1.3)
UNCAPPED: Final = Wild(NUMBER_TILES_MASK, None)  # joker_limit none: no limit on what a 中 may be
_SUITED: Final = range(27)


class Facts:
    """What every reading of the hand shares: the concealed tiles without the 中 (``counts``),
    how many 中 are held (the winning tile included), the melds' tiles, the win's events."""

    def __init__(self, hand: Hand, ctx: Context, options: Any) -> None:
        self.options = options
        self.ctx = ctx
        standing = hand.standing_counts()
        self.jokers = standing[RED]
        counts = list(standing)
        counts[RED] = 0
        self.counts: tuple[int, ...] = tuple(counts)
        self.win = hand.win
        self.melds = hand.melds
        self.meld_suits = frozenset(SUIT[m.index] for m in hand.melds)
        self.need = 4 - len(hand.melds)
        self.wild = CAPPED if options.joker_limit == CONCEALED_FOUR else UNCAPPED
        self.kong_replacement = ctx.kong_replacement
        self.four_red_turn = bool(options.four_red_win and self.jokers == 4
                                  and (ctx.heavenly_hand or ctx.earthly_hand))


class Shape:
    """One reading: a regular one (``reading``), seven pairs (``pairs``) or 四红中 (neither), with
    the logical counts of the concealed tiles it reads."""

    def __init__(self, form: Form, reading: WildReading | None, pairs: tuple[PairT, ...] | None,
                 logical: tuple[int, ...], suits: frozenset[int]) -> None:
        self.form = form
        self.reading = reading
        self.pairs = pairs
        self.logical = logical
        self.suits = suits  # of every logical tile, melds included

    @property
    def four_red(self) -> bool:
        return self.reading is None and self.pairs is None


def _suits(f: Facts, logical: list[int]) -> frozenset[int]:
    return f.meld_suits | frozenset(SUIT[t] for t in _SUITED if logical[t])


def regular_shape(f: Facts, r: WildReading) -> Shape:
    logical = list(f.counts)
    for t in r.stands_for():
        logical[t] += 1
    return Shape(REGULAR_FORM, r, None, tuple(logical), _suits(f, logical))


def pairs_shape(f: Facts, pairs: tuple[PairT, ...]) -> Shape:
    logical = [0] * NUM_TILES
    for t, _ in pairs:
        logical[t] += 2
    return Shape(SEVEN_PAIRS_FORM, None, pairs, tuple(logical), _suits(f, logical))


def four_red_shape(f: Facts) -> Shape:
    return Shape(REGULAR_FORM, None, None, f.counts, frozenset())


def shapes(f: Facts) -> list[Shape]:
    """Every reading of the hand: the regular ones, seven pairs (no meld, where the table plays
    it), and 四红中 where its option and the first turn allow it."""
    out = [regular_shape(f, r) for r in readings(f.counts, f.jokers, f.need, f.wild)]
    if not f.melds and f.options.seven_pairs:
        out.extend(pairs_shape(f, p) for p in seven_pairs(f.counts, f.jokers, f.wild))
    if f.four_red_turn:
        out.append(four_red_shape(f))
    return out


# --- the detectors, in the table's order --------------------------------------------------------
def plain_win(f: Facts, s: Shape) -> int:
    """平和: the reading has no other fan (it names a win worth 0)."""
    return int(not any(d(f, s) for d in _OTHERS))


def no_red(f: Facts, s: Shape) -> int:
    """无红中: no physical 中 among the concealed tiles and the winning tile."""
    return int(not s.four_red and f.jokers == 0)


def all_pungs(f: Facts, s: Shape) -> int:
    """大对子: a regular reading of pungs alone (the melds are pungs and kongs)."""
    r = s.reading
    return int(r is not None and all(k is PUNG for _, k, _ in r.sets))


def pure_straight(f: Facts, s: Shape) -> int:
    """一条龙: 123, 456 and 789 of one suit among the reading's chows."""
    r = s.reading
    if r is None:
        return 0
    chows = {t for t, k, _ in r.sets if k is CHOW}
    return int(any(b in chows and b + 3 in chows and b + 6 in chows for b in (0, 9, 18)))


def kong_replacement(f: Facts, s: Shape) -> int:
    """杠上花: self-drawn on one's own kong's replacement tile (a regular hand: it has a kong)."""
    return int(f.kong_replacement and s.reading is not None)


def seven_pairs_fan(f: Facts, s: Shape) -> int:
    """七对子: the reading is seven pairs."""
    return int(s.pairs is not None)


def full_flush(f: Facts, s: Shape) -> int:
    """清一色: every logical tile, melds included, of one suit."""
    return int(not s.four_red and len(s.suits) == 1)


def long_seven_pairs(f: Facts, s: Shape) -> int:
    """龙七对: seven pairs holding four alike whose fourth is the winning tile (a winning 中 as the
    tile it stood for: some quad holds a 中); any four alike under ``long_seven_pairs: any_quad``."""
    pairs = s.pairs
    if pairs is None:
        return 0
    if f.options.long_seven_pairs == ANY_QUAD:
        return int(4 in s.logical)
    if f.win != RED:
        return int(s.logical[f.win] == 4)
    return int(any(s.logical[t] == 4 and any(u == t and j for u, j in pairs) for t, _ in pairs))


def four_red(f: Facts, s: Shape) -> int:
    """四红中: four 中 held on one's first turn, won at once (option ``four_red_win``)."""
    return int(s.four_red)


_OTHERS: Final = (no_red, all_pungs, pure_straight, kong_replacement, seven_pairs_fan, full_flush,
                  long_seven_pairs, four_red)
