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
from ...wild import ALL_TILES_MASK, Wild, counts_and_jokers, readings, seven_pairs, thirteen_orphans
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
        tiles = [i for i in range(NUM_TILES) for _ in range(standing[i])]
        self.counts, self.ghosts = counts_and_jokers(tiles, self.jokers)
        # the ghosts' own codes, as the decomposition shows them (``physical``)
        self.ghost_codes = tuple(CODES[i] for i in range(NUM_TILES) if self.jokers >> i & 1 for _ in range(standing[i]))
        self.win = hand.win
        self.win_is_ghost = bool(self.jokers >> hand.win & 1)
        self.melds = tuple((m.index, m.kind) for m in hand.melds)
        self.need = 4 - len(self.melds)
        self.claimed = any(not m.concealed for m in hand.melds)
        meld_counts = [0] * NUM_TILES
        for t, _ in self.melds:
            meld_counts[t] += 3
        self.meld_counts = tuple(meld_counts)
        # four ghosts of one kind held (四鬼胡)
        self.four = any(standing[i] == 4 for i in range(NUM_TILES) if self.jokers >> i & 1)


class Shape:
    """One reading: its kind (regular, seven pairs, thirteen orphans, four ghosts), its concealed
    sets as read with their ghosts (first tile, kind, ghost positions), its pair and the ghosts in
    it, the pairs of seven pairs, and the logical counts of all 14 tiles, melds included (a kong
    counted as three)."""

    def __init__(self, kind: str, sets: tuple[tuple[int, SetKind, int], ...], pair: int, pair_jokers: int,
                 pairs: tuple[tuple[int, int], ...], logical: tuple[int, ...], stands_for: tuple[int, ...],
                 double: int = -1) -> None:
        self.kind = kind
        self.sets = sets
        self.pair = pair
        self.pair_jokers = pair_jokers
        self.pairs = pairs
        self.logical = logical
        self.stands_for = stands_for
        self.double = double  # thirteen orphans: the doubled tile


def _logical(f: Facts, stands_for: tuple[int, ...]) -> tuple[int, ...]:
    c = [f.counts[i] + f.meld_counts[i] for i in range(NUM_TILES)]
    for t in stands_for:
        c[t] += 1
    return tuple(c)


def shapes(f: Facts) -> list[Shape]:
    """Every reading: the regular ones (``scorer.wild.readings``), seven pairs and thirteen orphans
    where the options have them, then 四鬼胡 where it wins (last, so a complete reading of the same
    value is the one reported: the document's §12, 5)."""
    o = f.options
    out: list[Shape] = []
    for r in readings(f.counts, f.ghosts, f.need, WILD):
        sf = r.stands_for()
        out.append(Shape(REGULAR, r.sets, r.pair, r.pair_jokers, (), _logical(f, sf), sf))
    if not f.melds:
        if o.seven_pairs:
            for prs in seven_pairs(f.counts, f.ghosts, WILD):
                sf = tuple(sorted(t for t, j in prs for _ in range(j)))
                out.append(Shape(PAIRS, (), -1, 0, prs, _logical(f, sf), sf))
        if o.thirteen_orphans:
            for d in thirteen_orphans(f.counts, f.ghosts, WILD):
                sf = _orphan_ghosts(f.counts, d)
                out.append(Shape(ORPHANS, (), -1, 0, (), _logical(f, sf), sf, d))
    if f.four and o.four_ghosts != "off" and (f.mil or f.ctx.self_drawn):
        out.append(Shape(FOUR, (), -1, 0, (), (), ()))
    return out


def _orphan_ghosts(counts: tuple[int, ...], double: int) -> tuple[int, ...]:
    out: list[int] = []
    for t in range(NUM_TILES):
        if IS_TERMINAL_OR_HONOR[t]:
            want = 2 if t == double else 1
            out.extend([t] * (want - counts[t]))
    return tuple(out)


# --- what a reading shows ----------------------------------------------------------------------------
def _pungs(f: Facts, s: Shape) -> list[int]:
    """The tiles of the reading's pungs and kongs, melds included."""
    out = [t for t, k in f.melds if k is not CHOW]
    out.extend(t for t, k, _ in s.sets if k is PUNG)
    return out


def _all_pungs(f: Facts, s: Shape) -> bool:
    return s.kind == REGULAR and all(k is not CHOW for _, k, _ in s.sets)


def _suits(s: Shape) -> tuple[set[int], bool]:
    suits: set[int] = set()
    honours = False
    for i, n in enumerate(s.logical):
        if n:
            if i >= HONOR_START:
                honours = True
            else:
                suits.add(SUIT[i])
    return suits, honours


# --- the detectors -----------------------------------------------------------------------------------
def self_drawn(f: Facts, s: Shape) -> int:
    return int(f.ctx.self_drawn and not (s.kind == FOUR and f.mil))


def concealed(f: Facts, s: Shape) -> int:
    return int(not f.claimed and s.kind != FOUR)


def all_pungs(f: Facts, s: Shape) -> int:
    return int(_all_pungs(f, s))


def half_flush(f: Facts, s: Shape) -> int:
    suits, honours = _suits(s)
    return int(len(suits) == 1 and honours)


def full_flush(f: Facts, s: Shape) -> int:
    suits, honours = _suits(s)
    return int(len(suits) == 1 and not honours)


def robbing_kong(f: Facts, s: Shape) -> int:
    return int(f.ctx.robbing_kong)


def last_tile(f: Facts, s: Shape) -> int:
    return int(f.ctx.last_wall_tile)


def kong_flower(f: Facts, s: Shape) -> int:
    return int(f.ctx.kong_replacement)


def seven_pairs_form(f: Facts, s: Shape) -> int:
    return int(s.kind == PAIRS)


def terminals_and_honors(f: Facts, s: Shape) -> int:
    return int(_all_pungs(f, s) and all(IS_TERMINAL_OR_HONOR[i] for i, n in enumerate(s.logical) if n))


def _dragon_wind(f: Facts, s: Shape) -> tuple[int, int, bool, bool]:
    """Dragon pungs, wind pungs, whether the pair is a dragon, whether it is a wind."""
    if s.kind != REGULAR:
        return 0, 0, False, False
    pungs = _pungs(f, s)
    return (sum(1 for t in pungs if IS_DRAGON[t]), sum(1 for t in pungs if IS_WIND[t]), IS_DRAGON[s.pair],
            IS_WIND[s.pair])


def small_three_dragons(f: Facts, s: Shape) -> int:
    d, _, dp, _ = _dragon_wind(f, s)
    return int(d == 2 and dp)


def small_four_winds(f: Facts, s: Shape) -> int:
    _, w, _, wp = _dragon_wind(f, s)
    return int(w == 3 and wp)


def big_three_dragons(f: Facts, s: Shape) -> int:
    return int(_dragon_wind(f, s)[0] == 3)


def big_four_winds(f: Facts, s: Shape) -> int:
    return int(_dragon_wind(f, s)[1] == 4)


def heavenly_hand(f: Facts, s: Shape) -> int:
    return int(f.ctx.heavenly_hand)


def earthly_hand(f: Facts, s: Shape) -> int:
    return int(f.ctx.earthly_hand)


def four_ghosts(f: Facts, s: Shape) -> int:
    return int(s.kind == FOUR)


def nine_gates(f: Facts, s: Shape) -> int:
    """1112345678999 of one suit before the winning tile, won on a tile of that suit: the extra
    tile over that shape is the winning tile (a real one), or one a ghost stood for (a drawn ghost)."""
    if f.melds or s.kind != REGULAR:
        return 0
    suits, honours = _suits(s)
    if len(suits) != 1 or honours:
        return 0
    base = 9 * next(iter(suits))
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
