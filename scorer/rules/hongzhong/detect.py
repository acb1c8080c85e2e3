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
from ...tiles import NUM_TILES, RED
from ...wild import NUMBER_TILES_MASK, PairT, Wild, place, seven_pairs
from ...wild import Reading as WildReading
from ...wild.forms import may_pair
from ...wild.keyed import keyed_divisions
from .options import ANY_QUAD, CONCEALED_FOUR

CAPPED: Final = Wild(NUMBER_TILES_MASK, 4)  # 中 is any number tile, never a fifth copy (MIL §七.1.3)
UNCAPPED: Final = Wild(NUMBER_TILES_MASK, None)  # joker_limit none: no limit on what a 中 may be


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
        self.meld_suits = 0  # a bit a suit
        for m in hand.melds:
            self.meld_suits |= 1 << m.index // 9
        self.need = 4 - len(hand.melds)
        self.wild = CAPPED if options.joker_limit == CONCEALED_FOUR else UNCAPPED
        self.kong_replacement = ctx.kong_replacement
        self.four_red_turn = bool(options.four_red_win and self.jokers == 4
                                  and (ctx.get("heavenly_hand") or ctx.get("earthly_hand")))


class Shape:
    """One reading: a regular one (``regular``, placed as ``reading``), seven pairs (``pairs``) or
    四红中 (neither), with what its fans read, worked out once: whether its sets are all pungs,
    whether its chows make 123 456 789 of a suit, the suits of its logical tiles (melds included,
    a bit a suit), and for seven pairs whether it is 龙七对."""

    def __init__(self, form: Form, regular: bool, pairs: tuple[PairT, ...] | None,
                 pungs: bool, straight: bool, suits: int, long: bool,
                 counts: tuple[int, ...] = (), codes: tuple[int, ...] = (), pair: int = -1) -> None:
        self.form = form
        self.regular = regular
        self.pairs = pairs
        self.pungs = pungs
        self.straight = straight
        self.suits = suits
        self.long = long
        self.four_red = not regular and pairs is None
        self._counts = counts  # a regular reading's division, its 中 placed when first asked
        self._codes = codes
        self._pair = pair
        self._reading: WildReading | None = None

    @property
    def reading(self) -> WildReading | None:
        """The regular reading with what each 中 stood for (None for seven pairs and 四红中). The
        fans read the shape's key alone, so only the readings reported are placed: the best one,
        and the others weighed when explaining."""
        if self._reading is None and self.regular:
            self._reading = place(self._counts, self._codes, self._pair)
        return self._reading


# 123, 456 and 789 of a suit as chow starts: bits 0, 3 and 6 of the suit's nine
_STRAIGHT: Final = 0b1001001
_REGULAR_KEY: Final = 1 << 6


def regular_key(meld_suits: int, codes: tuple[int, ...], pair: int) -> int:
    """What the table reads of a regular reading, from its set codes (2·tile, + 1 for a chow)
    before the jokers are placed, as one int (a suit a bit, all pungs, 一条龙): two readings with
    one key score the same fans. The readings of a hand are many (a set of three 中 is any of 27
    pungs and 21 chows), the keys few."""
    suits = meld_suits | 1 << pair // 9
    chows = 0
    for c in codes:
        suits |= 1 << (c >> 1) // 9
        if c & 1:
            chows |= 1 << (c >> 1)
    straight = (chows & _STRAIGHT == _STRAIGHT or chows >> 9 & _STRAIGHT == _STRAIGHT
                or chows >> 18 & _STRAIGHT == _STRAIGHT)
    return _REGULAR_KEY | (32 if not chows else 0) | (16 if straight else 0) | suits


_CHOWS: Final = 16  # set_key: a chow (bits 0-3 are the suit, 8 on the chows of a straight)


def set_key(first: int, code: int) -> int:
    """What ``regular_key`` reads of one set or pair (``scorer.wild.keyed``): its suit, whether it
    is a chow, and which of a suit's 123, 456, 789 it is; a reading's key is its sets' ORed."""
    suit = first // 9
    out = 1 << suit
    if code >= 0 and code & 1:
        out |= _CHOWS
        rank = code >> 1
        if rank % 3 == 0:
            out |= 1 << (8 + 3 * suit + rank // 3)
    return out


def settle_key(first: int, kk: int) -> int:
    """A whole suit's ``set_key``: its 123, 456 and 789 bits count only all three together (a
    suit's chows are all in its group), so a suit missing one shows none (``scorer.wild.keyed``)."""
    at = 8 + 3 * (first // 9)
    return kk if kk >> at & 7 == 7 else kk & ~(7 << at)


def _straight(raw: int) -> bool:
    for suit in range(3):
        if raw >> (8 + 3 * suit) & 7 == 7:
            return True
    return False


def regular_shape(f: Facts, codes: tuple[int, ...], pair: int, key: int) -> Shape:
    return Shape(REGULAR_FORM, True, None, bool(key & 32), bool(key & 16), key & 7, False, f.counts, codes, pair)


def pairs_wild(counts: tuple[int, ...], jokers: int, wild: Wild) -> Wild:
    """The 中 for seven pairs, narrowed to what tells its readings apart: the kinds held, and the
    lowest kinds not held of each suit, one for each pair of 中 alone. A pair of 中 on a kind not
    held reads only as its suit (and as four alike with a second such pair on the same kind), so
    on a lower kind of that suit it reads the same, and the reading kept for each key — the least —
    is one of these. Four 中 pair among themselves in some 400 ways over every kind, in a few here."""
    alone = jokers
    for c in counts:
        alone -= c & 1
    alone //= 2  # the pairs of 中 alone, where the hand makes seven pairs
    if alone <= 0:
        return wild
    m = 0
    for first in (0, 9, 18):
        free = alone
        for t in range(first, first + 9):
            if counts[t]:
                m |= 1 << t
            elif free:
                m |= 1 << t
                free -= 1
    return Wild(m & wild.stands_for, wild.cap)


def pairs_shape(f: Facts, pairs: tuple[PairT, ...]) -> Shape:
    logical = [0] * NUM_TILES
    suits = 0
    for t, _ in pairs:
        logical[t] += 2
        suits |= 1 << t // 9
    if f.options.long_seven_pairs == ANY_QUAD:
        long = 4 in logical
    elif f.win != RED:
        long = logical[f.win] == 4
    else:  # a winning 中 is the fourth of four alike that hold a 中 (it is one of them)
        long = any(logical[t] == 4 and j > 0 for t, j in pairs)
    return Shape(SEVEN_PAIRS_FORM, False, pairs, False, False, suits, long)


def four_red_shape(f: Facts) -> Shape:
    return Shape(REGULAR_FORM, False, None, False, False, 0, False)


ShapesKey = tuple[tuple[int, ...], int, int, bool, int, bool, bool, str, int, bool]
# The shapes of the hands scored lately, by what they are made from: a wait is scored on a discard
# and self-drawn, the same tiles twice (``scorer.analyze``), one after the other, so a few are
# enough: each kept shape is objects the garbage collector scans in a full collection. Cleared
# when full and by ``clear``.
_SHAPES: Final[dict[ShapesKey, list[Shape]]] = {}
_SHAPES_MAX: Final = 64


def clear() -> None:
    _SHAPES.clear()


def shapes(f: Facts) -> list[Shape]:
    """``read_shapes``, kept for the next hand of the same tiles (a list never changed once made)."""
    key: ShapesKey = (f.counts, f.jokers, f.need, f.wild is CAPPED, f.meld_suits, bool(f.melds),
                      bool(f.options.seven_pairs), str(f.options.long_seven_pairs), f.win, f.four_red_turn)
    got = _SHAPES.get(key)
    if got is None:
        if len(_SHAPES) >= _SHAPES_MAX:
            _SHAPES.clear()
        got = _SHAPES[key] = read_shapes(f)
    return got


def read_shapes(f: Facts) -> list[Shape]:
    """Every reading of the hand that the table tells apart: the regular ones, seven pairs (no
    meld, where the table plays it), and 四红中 where its option and the first turn allow it. Of
    readings the table reads alike (the jokers as other tiles of the same suits and sets) the
    first is kept: they score the same fans, and the first wins a tie."""
    out: list[Shape] = []
    seen: set[int] = set()
    melds = f.meld_suits
    for raw, (codes, pair) in keyed_divisions(f.counts, f.jokers, f.need, f.wild, set_key, True, settle_key):
        key = _REGULAR_KEY | (0 if raw & _CHOWS else 32) | (16 if _straight(raw) else 0) | (raw & 7) | melds
        if key not in seen:
            seen.add(key)
            out.append(regular_shape(f, codes, pair, key))
    if not f.melds and f.options.seven_pairs and may_pair(f.counts, f.jokers):  # most hands fail it at once
        for p in seven_pairs(f.counts, f.jokers, pairs_wild(f.counts, f.jokers, f.wild)):
            shape = pairs_shape(f, p)
            key = shape.suits | (16 if shape.long else 0)
            if key not in seen:
                seen.add(key)
                out.append(shape)
    if f.four_red_turn:
        out.append(four_red_shape(f))
    return out


# --- the detectors, in the table's order --------------------------------------------------------
def plain_win(f: Facts, s: Shape) -> int:
    """平和: the reading has no other fan (it names a win worth 0)."""
    return int(not (no_red(f, s) or all_pungs(f, s) or pure_straight(f, s) or kong_replacement(f, s)
                    or seven_pairs_fan(f, s) or full_flush(f, s) or s.four_red))


def no_red(f: Facts, s: Shape) -> int:
    """无红中: no physical 中 among the concealed tiles and the winning tile."""
    return int(not s.four_red and f.jokers == 0)


def all_pungs(f: Facts, s: Shape) -> int:
    """大对子: a regular reading of pungs alone (the melds are pungs and kongs)."""
    return int(s.regular and s.pungs)


def pure_straight(f: Facts, s: Shape) -> int:
    """一条龙: 123, 456 and 789 of one suit among the reading's chows."""
    return int(s.straight)


def kong_replacement(f: Facts, s: Shape) -> int:
    """杠上花: self-drawn on one's own kong's replacement tile (a regular hand: it has a kong)."""
    return int(f.kong_replacement and s.regular)


def seven_pairs_fan(f: Facts, s: Shape) -> int:
    """七对子: the reading is seven pairs."""
    return int(s.pairs is not None)


def full_flush(f: Facts, s: Shape) -> int:
    """清一色: every logical tile, melds included, of one suit."""
    return int(not s.four_red and s.suits in (1, 2, 4))


def long_seven_pairs(f: Facts, s: Shape) -> int:
    """龙七对: seven pairs holding four alike whose fourth is the winning tile (a winning 中 as the
    tile it stood for: some quad holds a 中); any four alike under ``long_seven_pairs: any_quad``."""
    return int(s.long)


def four_red(f: Facts, s: Shape) -> int:
    """四红中: four 中 held on one's first turn, won at once (option ``four_red_win``)."""
    return int(s.four_red)
