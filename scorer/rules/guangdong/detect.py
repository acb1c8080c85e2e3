"""The 广东推倒胡 book's facts, its readings and one detector per item: (facts, shape) -> count.

A hand is its real tiles and its ghosts (a count: ``scorer.wild``); every item is judged on the
tiles as read, each ghost counted as what it stood for, declared melds included (the rule
document's §6). The 四鬼胡 reading is a shape of its own that shows no tile pattern."""

from __future__ import annotations

from typing import Any, Final

from ...context import Context
from ...hand import Hand
from ...set_kind import CHOW, PUNG, SetKind
from ...tiles import CODES, HONOR_START, INDEX_OF_CODE, IS_DRAGON, IS_TERMINAL_OR_HONOR, IS_WIND, NUM_TILES, SUIT, WHITE
from ...wild import (
    ALL_TILES_MASK,
    PairT,
    Wild,
    first_seven_pairs,
    logical_divisions,
    place,
    seven_pairs,
    thirteen_orphans,
)
from ...wild.forms import may_pair
from ...wild.regular import first_division
from ...wild.spec import split_counts
from .options import MIL

WILD: Final = Wild(ALL_TILES_MASK, 4)  # a ghost is any kind, never a fifth copy (the document's §2)

REGULAR: Final = "regular"
PAIRS: Final = "seven_pairs"
ORPHANS: Final = "thirteen_orphans"
FOUR: Final = "four_ghosts"

NINE_GATES_BASE: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def joker_mask(options: Any, ctx: Context) -> int:
    """The 34-bit mask of the kinds that are ghosts in this deal (``ghosts``)."""
    if options.ghosts == "white":
        return 1 << WHITE
    if options.ghosts == "flip":
        m = 0
        for code in ctx.get("jokers"):
            m |= 1 << INDEX_OF_CODE[code]
        return m
    return 0


class Facts:
    """What every reading of the hand shares: the real tiles and the ghosts held (the concealed
    tiles and the winning tile), the melds as (tile, kind), whether the winning tile is a ghost."""

    def __init__(self, hand: Hand, ctx: Context, options: Any) -> None:
        self.options = options
        self.ctx = ctx
        self.mil = options.table == MIL
        self.jokers = joker_mask(options, ctx)
        standing = hand.standing_counts()
        self.counts, self.ghosts = split_counts(standing, self.jokers)
        # the ghosts' own codes, as the decomposition shows them (``physical``)
        self.ghost_codes = tuple(CODES[i] for i in range(NUM_TILES) if self.jokers >> i & 1
                                 for _ in range(standing[i])) if self.ghosts else ()
        self.win = hand.win
        self.win_is_ghost = bool(self.jokers >> hand.win & 1)
        self.melds = tuple((m.index, m.kind) for m in hand.melds)
        self.need = 4 - len(self.melds)
        self.claimed = any(not m.concealed for m in hand.melds)
        # four ghosts of one kind held (四鬼胡)
        self.four = self.ghosts >= 4 and any(standing[i] == 4 for i in range(NUM_TILES) if self.jokers >> i & 1)


class Shape:
    """One reading: its kind (regular, seven pairs, thirteen orphans, four ghosts), its concealed
    sets as read with their ghosts (first tile, kind, ghost positions), its pair and the ghosts in
    it, the pairs of seven pairs, and the logical counts of all 14 tiles, melds included (a kong
    counted as three)."""

    def __init__(self, f: Facts, kind: str, sets: tuple[tuple[int, SetKind, int], ...], pair: int, pair_jokers: int,
                 pairs: tuple[tuple[int, int], ...], stands_for: tuple[int, ...], double: int = -1) -> None:
        self.kind = kind
        self.sets = sets
        self.pair = pair
        self.pair_jokers = pair_jokers
        self.pairs = pairs
        self.stands_for = stands_for
        self.double = double  # thirteen orphans: the doubled tile
        # what the detectors read, worked out once: the logical counts, the suits and honours,
        # whether every set is a pung, the honour pungs and the pair
        if kind != FOUR:  # the real tiles copied whole, then the melds and the ghosts added tile by tile
            logical = list(f.counts)
            for t, _ in f.melds:
                logical[t] += 3
            for t in stands_for:
                logical[t] += 1
        else:
            logical = [0] * NUM_TILES
        self.logical = tuple(logical)
        held = 0  # a bit a suit
        honours = False
        terminal = True
        for i in range(NUM_TILES):
            if logical[i]:
                if i >= HONOR_START:
                    honours = True
                else:
                    held |= 1 << SUIT[i]
                if not IS_TERMINAL_OR_HONOR[i]:
                    terminal = False
        self.suits = _SUITS[held]
        self.honours = honours
        self.terminal = terminal
        regular = kind == REGULAR
        all_pungs = regular
        dragons = 0
        winds = 0
        if regular:  # the honour pungs, melds and concealed sets alike, counted without a list
            for t, _ in f.melds:
                dragons += IS_DRAGON[t]
                winds += IS_WIND[t]
            for t, k, _ in sets:
                if k is CHOW:
                    all_pungs = False
                elif k is PUNG:
                    dragons += IS_DRAGON[t]
                    winds += IS_WIND[t]
        self.all_pungs = all_pungs
        self.dragon_pungs = dragons
        self.wind_pungs = winds
        self.pair_dragon = regular and IS_DRAGON[pair]
        self.pair_wind = regular and IS_WIND[pair]


# the suits a reading's tiles show, by their bits (one set made for each of the eight)
_SUITS: Final = tuple(frozenset(s for s in range(3) if held >> s & 1) for held in range(8))


_SUIT_RANKS: Final = (1 << 9) - 1


def narrow_wild(counts: tuple[int, ...], mil: bool) -> Wild:
    """Ghosts narrowed to the kinds that can tell the regular readings apart, so that fewer are
    enumerated: a ghost in a set beside a real tile is within two ranks of it; a set or pair of
    ghosts alone may be any kind, and among the kinds no tile is held the items see only its
    group (its suit, or honours) and, under the mil table, whether it is a terminal or which
    honour it is. So: the held kinds and their neighbours within two ranks, two unheld simples of
    each suit, and one unheld honour (common) or every honour and terminal (mil)."""
    m = 0
    for t in range(HONOR_START, NUM_TILES):
        if counts[t]:
            m |= 1 << t
    for base in (0, 9, 18):
        held = 0  # a bit a rank
        for r in range(9):
            if counts[base + r]:
                held |= 1 << r
        m |= ((held | held << 1 | held << 2 | held >> 1 | held >> 2) & _SUIT_RANKS) << base  # within two ranks
        free = 0
        for u in range(base + 1, base + 8):
            if not counts[u] and free < 2:
                m |= 1 << u
                free += 1
        if mil:
            m |= 1 << base | 1 << (base + 8)
        elif free < 2:  # a suit of held simples: its terminals are the free kinds
            m |= 1 << base | 1 << (base + 8)
    for t in range(HONOR_START, NUM_TILES):
        if mil or not counts[t]:
            m |= 1 << t
            if not mil:
                break
    return Wild(m, 4)


ShapesKey = tuple[tuple[int, ...], int, tuple[tuple[int, SetKind], ...], bool, bool, bool, str, bool, bool]
# The shapes of the hands scored lately, by what they are made from: a wait is scored on a discard
# and self-drawn, the same tiles twice (``scorer.analyze``), one after the other, so a few are
# enough: each kept shape is objects the garbage collector scans in a full collection. Cleared
# when full and by ``clear``.
_SHAPES: Final[dict[ShapesKey, list[Shape]]] = {}
_SHAPES_MAX: Final = 64


def clear() -> None:
    _SHAPES.clear()


def shapes(f: Facts, narrow: bool = True) -> list[Shape]:
    """``read_shapes``, kept for the next hand of the same tiles where the ghosts are narrowed (a
    list never changed once made: a shape reads only the tiles, the melds and the options keyed
    here, and the self-draw only for 四鬼胡)."""
    if not narrow:
        return read_shapes(f, False)
    o = f.options
    key: ShapesKey = (f.counts, f.ghosts, f.melds, f.mil, bool(o.seven_pairs), bool(o.thirteen_orphans),
                      str(o.four_ghosts), f.four, f.four and f.ctx.self_drawn)
    got = _SHAPES.get(key)
    if got is None:
        if len(_SHAPES) >= _SHAPES_MAX:
            _SHAPES.clear()
        got = _SHAPES[key] = read_shapes(f, True)
    return got


def read_shapes(f: Facts, narrow: bool = True) -> list[Shape]:
    """Every reading: the regular ones (``scorer.wild.readings``), seven pairs and thirteen orphans
    where the options have them, then 四鬼胡 where it wins (last, so a complete reading of the same
    value is the one reported: the document's §12, 5)."""
    o = f.options
    out: list[Shape] = []
    one = not f.mil  # the common table's items never depend on which reading of a form it is
    wild = narrow_wild(f.counts, f.mil) if narrow and f.ghosts > 1 else WILD
    if one:  # the least division, as ``logical_divisions`` would have it first, made alone
        least = first_division(f.counts, f.ghosts, f.need, wild)
        divisions = [least] if least is not None else []
    else:
        divisions = logical_divisions(f.counts, f.ghosts, f.need, wild)
    for codes, pair in divisions:
        r = place(f.counts, codes, pair)  # the ghosts placed only in the readings kept
        out.append(Shape(f, REGULAR, r.sets, r.pair, r.pair_jokers, (), r.stands_for()))
    if not f.melds:
        if o.seven_pairs and may_pair(f.counts, f.ghosts):  # before the ghosts are narrowed for pairs
            wild_pairs = _pairs_wild(f.counts) if f.ghosts > 1 else WILD
            if one:  # the first reading alone, as for the regular form
                first = first_seven_pairs(f.counts, f.ghosts, wild_pairs)
                every: tuple[tuple[PairT, ...], ...] = (first,) if first is not None else ()
            else:
                every = seven_pairs(f.counts, f.ghosts, wild_pairs)
            for prs in every:
                sf = tuple(sorted(t for t, j in prs for _ in range(j)))
                out.append(Shape(f, PAIRS, (), -1, 0, prs, sf))
        if o.thirteen_orphans:
            for d in thirteen_orphans(f.counts, f.ghosts, WILD):
                out.append(Shape(f, ORPHANS, (), -1, 0, (), _orphan_ghosts(f.counts, d), d))
    if f.four and o.four_ghosts != "off" and (f.mil or f.ctx.self_drawn):
        out.append(Shape(f, FOUR, (), -1, 0, (), ()))
    return out


def _pairs_wild(counts: tuple[int, ...]) -> Wild:
    """Ghosts for seven pairs, narrowed to what can tell its readings apart: the kinds held (a
    single's partner, or a pair of ghosts beside a pair) and one kind not held of each suit and
    of the honours (a pair of ghosts there). Seven pairs' items read only the suits and honours
    its tiles show, so a pair of ghosts on any other kind of the same group scores the same."""
    m = 0
    for group in (range(0, 9), range(9, 18), range(18, 27), range(HONOR_START, NUM_TILES)):
        free = True
        for t in group:
            if counts[t]:
                m |= 1 << t
            elif free:
                m |= 1 << t
                free = False
    return Wild(m, 4)


def _orphan_ghosts(counts: tuple[int, ...], double: int) -> tuple[int, ...]:
    out: list[int] = []
    for t in range(NUM_TILES):
        if IS_TERMINAL_OR_HONOR[t]:
            want = 2 if t == double else 1
            out.extend([t] * (want - counts[t]))
    return tuple(out)


# --- what a reading shows ----------------------------------------------------------------------------


# --- the detectors -----------------------------------------------------------------------------------
def self_drawn(f: Facts, s: Shape) -> int:
    return int(f.ctx.self_drawn and not (s.kind == FOUR and f.mil))


def concealed(f: Facts, s: Shape) -> int:
    return int(not f.claimed and s.kind != FOUR)


def all_pungs(f: Facts, s: Shape) -> int:
    return int(s.all_pungs)


def half_flush(f: Facts, s: Shape) -> int:
    return int(len(s.suits) == 1 and s.honours)


def full_flush(f: Facts, s: Shape) -> int:
    return int(len(s.suits) == 1 and not s.honours)


def robbing_kong(f: Facts, s: Shape) -> int:
    return int(f.ctx.robbing_kong)


def last_tile(f: Facts, s: Shape) -> int:
    return int(f.ctx.last_wall_tile)


def kong_flower(f: Facts, s: Shape) -> int:
    return int(f.ctx.kong_replacement)


def seven_pairs_form(f: Facts, s: Shape) -> int:
    return int(s.kind == PAIRS)


def terminals_and_honors(f: Facts, s: Shape) -> int:
    return int(s.all_pungs and s.terminal)


def small_three_dragons(f: Facts, s: Shape) -> int:
    return int(s.dragon_pungs == 2 and s.pair_dragon)


def small_four_winds(f: Facts, s: Shape) -> int:
    return int(s.wind_pungs == 3 and s.pair_wind)


def big_three_dragons(f: Facts, s: Shape) -> int:
    return int(s.dragon_pungs == 3)


def big_four_winds(f: Facts, s: Shape) -> int:
    return int(s.wind_pungs == 4)


def heavenly_hand(f: Facts, s: Shape) -> int:
    return int(f.ctx.get("heavenly_hand"))


def earthly_hand(f: Facts, s: Shape) -> int:
    return int(f.ctx.get("earthly_hand"))


def four_ghosts(f: Facts, s: Shape) -> int:
    return int(s.kind == FOUR)


def nine_gates(f: Facts, s: Shape) -> int:
    """1112345678999 of one suit before the winning tile, won on a tile of that suit: the extra
    tile over that shape is the winning tile (a real one), or one a ghost stood for (a drawn ghost)."""
    if f.melds or s.kind != REGULAR or len(s.suits) != 1 or s.honours:
        return 0
    base = 9 * next(iter(s.suits))
    extra = -1
    for r in range(9):
        d = s.logical[base + r] - NINE_GATES_BASE[r]
        if d < 0 or d > 1 or (d == 1 and extra >= 0):
            return 0
        if d == 1:
            extra = base + r
    if f.win_is_ghost:
        return int(extra in s.stands_for)
    return int(extra == f.win)


def thirteen_orphans_form(f: Facts, s: Shape) -> int:
    return int(s.kind == ORPHANS)
