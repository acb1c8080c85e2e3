"""The 杭州 book's facts, its shapes and one detector per item: (facts, shape) -> count.

The 财神 (白, ``P``) is a joker: the hand is its counts of ordinary tiles plus how many 财神 it
holds (``scorer.wild``), the melds never hold one. 爆头 is judged on the hand before the winning
draw (the concealed tiles and the melds), every other item on the tiles at the win (the Hangzhou
rule document, §6). No item depends on how the sets are read, so every regular reading scores the
same; seven pairs is the other form.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from ...context import Context
from ...decompose import regular_divisions
from ...forms import Form
from ...hand import Hand
from ...set_kind import KONG
from ...tiles import HONOR_START, INDEX, NUM_TILES, WHITE
from ...wild import ALL_TILES_MASK, PairT, Reading, Wild, counts_and_jokers, is_complete, is_seven_pairs
from ...wild.regular import KMAX, Group, _combine, _fits_table, group_first, honour_way, place, suffixes
from ...wild.spec import NO_LIMIT
from .options import EACH, PER_QUAD

WILD: Final = Wild(ALL_TILES_MASK, None)  # a 财神 is any tile, a fifth copy too (§2)
JOKER: Final = WHITE
JOKER_MASK: Final = 1 << WHITE


def split(counts: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """Counts of the 34 kinds as ordinary counts and the 财神 among them."""
    jokers = counts[JOKER]
    if not jokers:
        return counts, 0
    out = list(counts)
    out[JOKER] = 0
    return tuple(out), jokers


_SUIT_ROOMS: Final = (NO_LIMIT,) * 9  # a 财神 may be any rank, any number of times
_HONOUR_ROOM: Final = (NO_LIMIT,)
_SEVEN_PAIRS: Final = Form.SEVEN_PAIRS  # a static of the compiled build: an enum member read by name costs more


def wild_groups(counts: tuple[int, ...]) -> list[Group]:
    """``scorer.wild.regular.groups`` for the 财神: every suit and every honour, each rank with no
    limit on the 财神 standing for it (the same groups, without asking the ``Wild`` rank by rank)."""
    out: list[Group] = [(0, counts[0:9], _SUIT_ROOMS), (9, counts[9:18], _SUIT_ROOMS),
                        (18, counts[18:27], _SUIT_ROOMS)]
    for i in range(HONOR_START, NUM_TILES):
        out.append((i, (counts[i],), _HONOUR_ROOM))
    return out


@lru_cache(maxsize=4096)
def can_baotou(counts: tuple[int, ...], jokers: int, need: int, melds: int) -> bool:
    """爆头's test on the hand before the draw: one 财神 set aside, the rest (and the melds) make the
    sets alone, or, with no meld, six pairs (the Hangzhou rule document, §6; MIL §八.9)."""
    if jokers < 1:
        return False
    if _completes(counts, jokers - 1, need, False):
        return True
    return melds == 0 and is_seven_pairs(counts, jokers - 1, WILD, pairs=6)


def _completes(counts: tuple[int, ...], jokers: int, need: int, pair: bool) -> bool:
    """``scorer.wild.is_complete`` for the 财神 (``wild_groups``)."""
    total = 0
    for c in counts:
        total += c
    if total + jokers != 3 * need + (2 if pair else 0):
        return False
    if jokers == 0 and pair:
        return is_complete(counts, 0, need, WILD)
    state = _honours(counts[HONOR_START:], jokers)[1][0]
    for fits in _fits_table(wild_groups(counts)[:3], jokers):
        state = _combine(state, fits)
    return bool(state[jokers] & (2 if pair else 1))


# a hand's waits score each drawn tile twice, on a discard then self-drawn: a few kept are enough
# (each kept reading is objects the garbage collector scans in a full collection)
@lru_cache(maxsize=64)
def first_reading(counts: tuple[int, ...], jokers: int, need: int) -> Reading | None:
    """One reading of the regular form (None: the hand is not complete in it). No Hangzhou item
    depends on how the sets are read, so scoring needs one, not every reading ``scorer.wild.readings``
    makes (with four 财神 about a hundred): the groups' joker shares are walked in order and each
    group's first way that leaves the rest completable is taken."""
    if jokers == 0 and max(counts) <= 4:
        divs = regular_divisions(counts, need)
        if not divs:
            return None
        sets, pair = divs[0]
        return Reading(tuple([(t, k, 0) for t, k in sets]), pair, 0)
    total = 0
    for c in counts:
        total += c
    if total + jokers != 3 * need + 2:
        return None
    gs = wild_groups(counts)
    honour_fits, honour_suffix = _honours(counts[HONOR_START:], jokers)
    fits = _fits_table(gs[:3], jokers) + honour_fits
    suffix = [[], [], [], *honour_suffix]
    for g in (2, 1, 0):
        suffix[g] = _combine(suffix[g + 1], fits[g])
    if not suffix[0][jokers] & 2:
        return None
    codes: list[int] = []
    pair = _walk(gs, fits, suffix, 0, jokers, 1, codes)
    codes.sort()
    return place(counts, tuple(codes), pair)


# An honour's fit answers (``scorer.wild.regular.group_fits``) by its count and the hand's jokers: a
# 财神 may be any honour any number of times, so its pungs and pair are its count plus jokers by three.
_HONOUR_FITS: Final = tuple(tuple([[(1 if (c + k) % 3 == 0 else 2 if (c + k) % 3 == 2 else 0) for k in range(j + 1)]
                                   for j in range(KMAX + 1)]) for c in range(6))


@lru_cache(maxsize=256)
def _honours(counts: tuple[int, ...], jokers: int) -> tuple[list[list[int]], list[list[int]]]:
    """The seven honours' fit answers (from ``_HONOUR_FITS``) and their ``suffixes``, by the honours'
    counts: a wait changes one group, most often a suit, so the honours' part of a reading's tables
    is the same wait after wait (and hand after hand: most hold few honours). The lists are shared:
    nothing changes them."""
    fits = [_HONOUR_FITS[c][jokers] for c in counts]
    return fits, suffixes(fits, jokers)


def _walk(gs: list[Group], fits: list[list[int]], suffix: list[list[int]], g: int, k: int, pairs: int,
          codes: list[int]) -> int:
    """Group ``g`` on with ``k`` jokers and ``pairs`` (1 or 0) pairs to make: each group's first way
    that the groups after it can complete (``suffix`` says which can), its set codes added to
    ``codes``; the pair's tile."""
    pair = -1
    kmax = k  # the hand's jokers: each group's fit answers are shared with the fits table
    while g < len(gs):
        first, counts, rooms = gs[g]
        chosen = False
        for kg in range(k + 1):
            f = fits[g][kg]
            rest = suffix[g + 1][k - kg]
            with_pair = pairs == 1 and f & 2 and rest & 1
            without = f & 1 and rest >> pairs & 1
            if not (with_pair or without):
                continue
            # the group's first way (``group_ways``' order) of those allowed, made alone
            if len(counts) == 1:  # an honour: its way with the pair, or without (never both)
                w = honour_way(counts[0], kg, 1 if with_pair else 0)
            else:  # the lesser of its first way holding the pair and its first way without
                w = group_first(counts, rooms, kg, 1, kmax) if with_pair else None
                alone = group_first(counts, rooms, kg, 0, kmax) if without else None
                if w is None or (alone is not None and alone < w):
                    w = alone
            if w is not None:
                way, p = w
                for c in way:
                    codes.append(2 * first + c)
                if p >= 0:
                    pair = first + p
                    pairs = 0
                k -= kg
                chosen = True
                break
        if not chosen:  # the suffix table says a way exists: never reached
            raise AssertionError("no way for a group the tables said could complete")
        g += 1
    return pair


def quads(physical: tuple[int, ...]) -> int:
    """The quads of 豪华七对: four physically identical tiles among the 14; four 财神 only while every
    other count is even (they stay two literal white pairs; the Hangzhou rule document, §6)."""
    n = 0
    for t in range(NUM_TILES):
        if physical[t] == 4 and t != JOKER:
            n += 1
    if physical[JOKER] == 4 and all(physical[t] % 2 == 0 for t in range(NUM_TILES)):
        n += 1
    return n


class Facts:
    """What every reading of a hand shares, worked out once."""

    def __init__(self, hand: Hand, ctx: Context, options: Any) -> None:
        self.options = options
        self.ctx = ctx
        self.melds = len(hand.melds)
        self.need = hand.sets - self.melds
        self.physical = hand.standing_counts()  # the tiles held at the win, the 财神 among them
        self.counts, self.jokers = split(self.physical)
        if hand.win == JOKER:  # the hand before the draw: one 财神 or one tile fewer
            self.before_counts, self.before_jokers = self.counts, self.jokers - 1
        else:
            before = list(self.counts)
            before[hand.win] -= 1
            self.before_counts, self.before_jokers = tuple(before), self.jokers
        self.baotou = can_baotou(self.before_counts, self.before_jokers, self.need, self.melds)
        self.joker_discards: int = ctx.get("joker_discards")
        self.kongs = sum(1 for m in hand.melds if m.kind is KONG)
        chain = ctx.get("chain_kongs")
        self.chain_kongs: int = (1 if ctx.kong_replacement else 0) if chain is None else chain
        self.quads = quads(self.physical) if not self.melds else 0


class Shape:
    """A reading: its form, and the regular reading (``scorer.wild.Reading``) or the seven pairs
    (each pair's tile and how many of its two are 财神) it was read as."""

    def __init__(self, form: Form, reading: Reading | None = None, pairs: tuple[PairT, ...] = ()) -> None:
        self.form = form
        self.reading = reading
        self.pairs = pairs


def held_tiles(hand: Hand) -> tuple[tuple[int, ...], int]:
    """The concealed tiles and the winning tile as counts and 财神."""
    return counts_and_jokers((INDEX[t] for t in (*hand.concealed, hand.winning_tile)), JOKER_MASK)


# --- the detectors ----------------------------------------------------------------------------------
def plain(f: Facts, s: Shape) -> int:
    """平和: a win with no other item (worth 0: one 底分)."""
    o = f.options
    other = (baotou(f, s) or kong_replacement(f, s) or s.form is _SEVEN_PAIRS
             or (o.no_joker and no_joker(f, s)) or (o.four_jokers and four_jokers(f, s)))
    return 0 if other else 1


def baotou(f: Facts, s: Shape) -> int:
    """爆头: the hand before the draw, one 财神 set aside, makes its sets (or six pairs) alone."""
    return int(f.baotou)


def cai_piao(f: Facts, s: Shape) -> int:
    """财飘: one per 财神 discarded in a row before the winning draw, only with 爆头."""
    return f.joker_discards if f.baotou else 0


def kong_replacement(f: Facts, s: Shape) -> int:
    """杠开: won on a kong's replacement (one, or one per kong of the chain under kong_chain each)."""
    if f.options.kong_chain == EACH:
        return f.chain_kongs
    return int(f.ctx.kong_replacement)


def seven_pairs(f: Facts, s: Shape) -> int:
    """七对子: the seven-pairs shape (a 财神 pairs any tile, two 财神 make a pair)."""
    return int(s.form is _SEVEN_PAIRS)


def luxury_seven_pairs(f: Facts, s: Shape) -> int:
    """豪华七对: seven pairs holding four physically identical tiles (once; per quad under per_quad)."""
    if s.form is not _SEVEN_PAIRS or not f.quads:
        return 0
    return f.quads if f.options.luxury_seven_pairs == PER_QUAD else 1


def ten_winds(f: Facts, s: Shape) -> int:
    """十风 is a win without a winning tile (``scoring.score_held``): never in a reading."""
    return 0


def no_joker(f: Facts, s: Shape) -> int:
    """无财神: no 财神 among the tiles at the win (a drawn 财神 counts as held)."""
    return int(f.jokers == 0)


def four_jokers(f: Facts, s: Shape) -> int:
    """四个白板: the 财神 held at the win and those counted as 财飘 make four."""
    return int(f.jokers + cai_piao(f, s) == 4)
