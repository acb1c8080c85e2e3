"""Scoring a hand: every arrangement of the tiles, the fans of each, the best one, the payouts.

The highest-total principle (就高不就低) is applied over every special form and every regular
division; ties are broken as the reference calculator breaks them (see ``_better``), so users
comparing tools see the same fan names.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Final

from ... import decompose
from ...context import Context
from ...decompose import Division
from ...forms import (
    HONORS_AND_KNITTED_FORM,
    KNITTED_STRAIGHT_FORM,
    REGULAR_FORM,
    SEVEN_PAIRS_FORM,
    THIRTEEN_ORPHANS_FORM,
    Form,
)
from ...hand import Hand
from ...result import FanScore, Result, ScoredSet
from ...set_kind import CHOW, KNITTED, KNITTED_STRAIGHT, KONG, NINE_GATES, PUNG, THIRTEEN_ORPHANS, SetKind
from ...tiles import EAST, HONOR_START, WINDS
from ..engine import BookEntry, Engine, Reading, concealed_set, division_sets, fan_score, pair_sets, whole_set
from . import fan_id as F
from .detect import (
    CHOW_TRAITS,
    EVERY_TRAIT,
    PUNG_TRAITS,
    Fans,
    add,
    chow_fans,
    concealment_fans,
    flower_fan,
    forced_hog,
    honors_and_knitted_fan,
    knitted_straight_fan,
    knitted_wait_fan,
    kong_fans,
    last_copy_proven,
    nine_gates_fan,
    pack_trait_fans,
    pair_fans,
    pung_fans,
    set_traits,
    seven_pairs_fans,
    single_pung_fans,
    terminal_chows_fan,
    thirteen_orphans_fan,
    tile_fans,
    wait_fan,
    win_event_fans,
)
from .exclusion import REFERENCE_RULES, Rules, exclude_scored, rules_for
from .fan_id import FanId
from .fans import MIN_POINTS, MIXED_KONGS_FAN, OPTION_TABLE, TABLE
from .options import FIVE, McrOptions
from .payouts import payouts

_DEFAULT_OPTIONS: Final = McrOptions()
_MIXED_KONGS: Final = MIXED_KONGS_FAN.id.value
_TWO_MELDED_KONGS: Final = TABLE.order[F.TWO_MELDED_KONGS]
_CONCEALED_KONG: Final = TABLE.order[F.CONCEALED_KONG]
_WIND_TILE: Final[dict[str, int]] = {w: EAST + k for k, w in enumerate(WINDS)}  # a seat wind's tile index


class _Facts:
    """What every arrangement of one hand shares, computed once. A plain class, not a NamedTuple:
    compiled, its constructor is native code (a NamedTuple's is a Python function)."""

    def __init__(self, win: int, standing: tuple[int, ...], need: int, meld_chow_mids: tuple[int, ...],
                 meld_pungs: tuple[int, ...], melded_kongs: int, concealed_kongs: int,
                 meld_traits: int, ctx: Context, seat: int, prevalent: int, base_fans: Fans,
                 rules: Rules, five: bool) -> None:
        self.win = win
        self.standing = standing  # concealed tiles with the winning tile
        self.need = need  # sets still to find among the standing tiles
        self.meld_chow_mids = meld_chow_mids
        self.meld_pungs = meld_pungs  # pungs and kongs
        self.melded_kongs = melded_kongs
        self.concealed_kongs = concealed_kongs
        self.meld_traits = meld_traits  # the AND of the melds' ``set_traits``
        self.ctx = ctx
        self.seat = seat
        self.prevalent = prevalent
        # how it was won, the tiles' own fans and concealment: the same for every arrangement
        self.base_fans = base_fans
        self.seven_pairs = False  # the hand reads as seven pairs too (the tie-break asks)
        self.rules = rules  # the edition's values and 不计 lists (``options.edition``)
        edition = rules.edition
        self.kongs_beside_kongs = edition.kongs_beside_kongs
        self.forced_hog = edition.forced_hog
        # ``mixed_kongs: "five"`` and one melded plus one concealed kong: 明暗杠 in place of 双明杠 + 暗杠
        self.five = five and melded_kongs == 1 and concealed_kongs == 1
        self.five_delta = (MIXED_KONGS_FAN.points - rules.points[_TWO_MELDED_KONGS] - rules.points[_CONCEALED_KONG]
                           if self.five else 0)  # what 明暗杠 is worth beside the two fans it replaces


class _Candidate(Reading):
    """One arrangement weighed: a plain class for the reason ``_Facts`` is one."""

    def __init__(self, f: _Facts, form: Form, raw: Fans, sets: Callable[[], list[ScoredSet]],
                 shown: Callable[[], list[ScoredSet]] | None = None) -> None:
        kept, points = exclude_scored(raw, f.rules)
        if f.five:
            points += f.five_delta
        super().__init__(form, points)
        self.fans = kept  # after exclusion
        self.sets = sets  # built only for the arrangement that is chosen
        self.detected = raw  # before exclusion
        # what the result shows instead of ``sets``: 九莲宝灯's whole-hand group
        self.shown = shown if shown is not None else sets


def _facts(hand: Hand, ctx: Context, options: McrOptions) -> _Facts:
    win = hand.win
    mids, pungs = [], []
    traits = EVERY_TRAIT
    mk = ck = melded = 0
    for m in hand.melds:
        i = m.index
        if m.kind is CHOW:
            mids.append(i + 1)
            traits &= set_traits(i + 1, True)
        else:
            pungs.append(i)
            traits &= set_traits(i, False)
        if m.kind is KONG:
            if m.concealed:
                ck += 1
            else:
                mk += 1
        if not m.concealed:
            melded += 1
    base: Fans = {}
    win_event_fans(ctx.self_drawn, ctx.last_copy, ctx.last_wall_tile, ctx.kong_replacement, ctx.robbing_kong, base)
    tile_fans(hand.counts(), mk + ck, base)
    concealment_fans(melded, ctx.self_drawn, base)
    return _Facts(
        win=win, standing=hand.standing_counts(), need=4 - len(hand.melds),
        meld_chow_mids=tuple(mids), meld_pungs=tuple(pungs), melded_kongs=mk, concealed_kongs=ck,
        meld_traits=traits, ctx=ctx,
        seat=_WIND_TILE[ctx.seat_wind], prevalent=_WIND_TILE[ctx.prevalent_wind],
        base_fans=base, rules=rules_for(options.edition), five=options.mixed_kongs == FIVE,
    )


def _fan_score(fan_id: FanId, count: int) -> FanScore:
    return fan_score(TABLE, fan_id, count, -1)


# --- regular hands ------------------------------------------------------------------------------
def _sets(f: _Facts, sets: tuple[decompose.SetT, ...]) -> tuple[list[int], list[int], list[int], list[int]]:
    """Chows (by middle tile) and pungs of the concealed part, then with the melds' added."""
    own_mids = [t + 1 for t, k in sets if k is CHOW]
    own_pungs = [t for t, k in sets if k is PUNG]
    return own_mids, own_pungs, [*f.meld_chow_mids, *own_mids], [*f.meld_pungs, *own_pungs]


class _UniqueWait:
    """Whether the hand waited on its winning tile alone: asked only when a reading puts the tile
    where a wait fan could be (edge, closed, single), and then worked out once for the hand."""

    def __init__(self, f: _Facts, possible: bool) -> None:
        self.f = f
        self.known = not possible
        self.unique = False

    def holds(self) -> bool:
        if not self.known:
            self.unique = decompose.sole_wait(self.f.standing, self.f.need, self.f.win)
            self.known = True
        return self.unique


def _regular(hand: Hand, f: _Facts, base: Fans, div: Division, unique_wait: _UniqueWait,
             shown: Callable[[], list[ScoredSet]] | None) -> _Candidate:
    sets, pair = div
    win, ctx = f.win, f.ctx
    own_mids, own_pungs, mids, pungs = _sets(f, sets)
    fans: Fans = base.copy()
    # A pung completed by a discard counts as exposed, unless the tile can be read into a chow.
    exposed_pung = (not ctx.self_drawn and win in own_pungs and not any(m - 1 <= win <= m + 1 for m in own_mids))
    kong_fans(f.melded_kongs, f.concealed_kongs, len(own_pungs) - exposed_pung, fans, f.kongs_beside_kongs)
    single_pung_fans(pungs, f.seat, f.prevalent, fans)
    special = terminal_chows_fan(mids, pair)
    if special:
        add(fans, special)
    else:
        chow_fans(mids, fans)
        pung_fans(pungs, fans)
    pair_fans(pair, len(mids), pungs, fans)
    traits = f.meld_traits & PUNG_TRAITS[pair]
    for m in own_mids:
        traits &= CHOW_TRAITS[m]
    for t in own_pungs:
        traits &= PUNG_TRAITS[t]
    pack_trait_fans(traits, fans)
    w = wait_fan(own_mids, pair, win)
    if w and unique_wait.holds():
        add(fans, w)
    return _Candidate(f, REGULAR_FORM, fans, partial(division_sets, hand, (), div, exposed_pung, win), shown)


# --- special forms -------------------------------------------------------------------------------
def _seven_pairs(f: _Facts) -> _Candidate:
    fans: Fans = f.base_fans.copy()
    seven_pairs_fans(f.standing, fans)
    if f.forced_hog:
        forced_hog(fans)
    return _Candidate(f, SEVEN_PAIRS_FORM, fans, partial(pair_sets, f.standing))


def _single_set(f: _Facts, kind: SetKind) -> Callable[[], list[ScoredSet]]:
    """The whole hand as one group (thirteen orphans, honours and knitted, nine gates)."""
    return lambda: [whole_set(kind, f.standing)]


def _thirteen_orphans(f: _Facts) -> _Candidate:
    fans: Fans = f.base_fans.copy()
    thirteen_orphans_fan(fans)
    return _Candidate(f, THIRTEEN_ORPHANS_FORM, fans, _single_set(f, THIRTEEN_ORPHANS))


def _honors_and_knitted(f: _Facts) -> _Candidate:
    fans: Fans = f.base_fans.copy()
    honors_and_knitted_fan(f.standing, fans)
    knitted_straight_fan(sum(f.standing[i] for i in range(HONOR_START)), fans)
    return _Candidate(f, HONORS_AND_KNITTED_FORM, fans, _single_set(f, KNITTED))


def _knitted_straight(hand: Hand, f: _Facts, seq: tuple[int, ...], div: Division) -> _Candidate:
    sets, pair = div
    own_mids, own_pungs, mids, pungs = _sets(f, sets)
    fans: Fans = f.base_fans.copy()
    knitted_straight_fan(len(seq), fans)
    kong_fans(f.melded_kongs, f.concealed_kongs, len(own_pungs), fans, f.kongs_beside_kongs)
    single_pung_fans(pungs, f.seat, f.prevalent, fans)
    pair_fans(pair, len(mids) + 3, pungs, fans)  # the knitted straight stands for three chows
    w = knitted_wait_fan(f.standing, seq, own_mids, pair, f.win, len(hand.melds))
    if w:
        add(fans, w)
    # As in a regular hand, a pung completed by a discard shows as exposed, unless the winning tile
    # can be read into the knitted straight instead.
    exposed_pung = not f.ctx.self_drawn and f.win in own_pungs and f.win not in seq
    knitted = (concealed_set(KNITTED_STRAIGHT, seq),)
    return _Candidate(f, KNITTED_STRAIGHT_FORM, fans, partial(division_sets, hand, knitted, div, exposed_pung, f.win))


def breakdown(f: _Facts, fans: tuple[tuple[FanId, int], ...]) -> list[FanScore]:
    """A reading's fans as breakdown entries, valued by the edition (``Rules.values``), with 明暗杠
    in the place of 双明杠 + 暗杠 under ``mixed_kongs: "five"``."""
    if f.rules is REFERENCE_RULES and not f.five:
        return [fan_score(TABLE, i, n, -1) for i, n in fans]
    values = f.rules.values
    out = []
    for i, n in fans:
        if f.five and (i is F.TWO_MELDED_KONGS or i is F.CONCEALED_KONG):
            if i is F.TWO_MELDED_KONGS:
                out.append(fan_score(OPTION_TABLE, _MIXED_KONGS, 1, -1))
            continue
        out.append(fan_score(TABLE, i, n, values.get(i, -1)))
    return out


# --- the book's hooks ----------------------------------------------------------------------------
class _Mcr(Engine[_Facts, _Candidate]):
    """MCR's hooks: 和绝张 as the tiles prove it; the forms in the reference's order, each form
    that excludes the others alone; exclusion and account-once in each reading's fans (the
    detectors, ``exclusion``); the reference's tie-break; no cap; 8 points without flowers."""

    def prepare(self, hand: Hand, context: Context, options: Any) -> Context:
        """The context checked against the tiles, with 和绝张 as the tiles prove it (``last_copy_proven``)."""
        ctx = context.for_hand(hand)
        i = hand.win
        standing = hand.standing_counts()[i]  # the concealed copies and the winning tile itself
        last_copy = last_copy_proven(ctx.last_copy, standing - 1, hand.counts()[i] - standing)
        return ctx if last_copy == ctx.last_copy else ctx.replace(last_copy=last_copy)

    def facts(self, hand: Hand, ctx: Context, options: Any) -> _Facts:
        return _facts(hand, ctx, options if options is not None else _DEFAULT_OPTIONS)

    def readings(self, hand: Hand, f: _Facts) -> list[_Candidate]:
        out: list[_Candidate] = []
        st = f.standing
        base = f.base_fans
        if not hand.melds:
            if decompose.is_seven_pairs(st):
                f.seven_pairs = True
                out.append(_seven_pairs(f))
            elif decompose.honors_and_knitted(st) is not None:
                return [_honors_and_knitted(f)]
            elif decompose.is_thirteen_orphans(st):
                return [_thirteen_orphans(f)]
        if not out and len(hand.melds) <= 1:
            ks = decompose.knitted_straight(st, f.need - 3)
            if ks is not None:
                return [_knitted_straight(hand, f, *ks)]
        nine_gates = not out and not hand.melds and decompose.is_nine_gates(st, f.win)
        shown = None
        if nine_gates:
            base = base.copy()
            nine_gates_fan(st, f.win, base)  # scored beside the fans of its sets and pair
            shown = _single_set(f, NINE_GATES)
        divisions = decompose.regular_divisions(st, f.need)
        if divisions:
            # nine gates waits on every tile of its suit: no wait fan, no need to look
            unique_wait = _UniqueWait(f, not nine_gates)
            for div in divisions:
                out.append(_regular(hand, f, base, div, unique_wait, shown))
        return out

    def better(self, f: _Facts, cur: _Candidate, best: _Candidate) -> bool:
        """Highest total wins; on a tie the reference keeps the earlier division, except that it
        prefers one with 一色三同顺 or 三同刻, and a regular reading once seven pairs was weighed."""
        if cur.points > best.points:
            return True
        if cur.points < best.points:
            return False
        ids = {i for i, _ in cur.fans}
        return f.seven_pairs or F.PURE_TRIPLE_CHOW in ids or F.TRIPLE_PUNG in ids

    def incomplete(self, hand: Hand, f: _Facts) -> str:
        return (f"not a complete hand: the concealed tiles with the winning tile {hand.winning_tile} do not form "
                f"{f.need} set{'s' if f.need != 1 else ''} and a pair, nor seven pairs, thirteen orphans, "
                "honors and knitted tiles or a knitted straight")

    def result(self, hand: Hand, ctx: Context, options: Any, f: _Facts, best: _Candidate) -> Result:
        flowers = hand.flowers
        fans = breakdown(f, best.fans)
        flower = flower_fan(flowers)
        if flower:
            fans.append(fan_score(TABLE, flower[0], flower[1], -1))
        total = best.points + flowers
        valid = best.points >= MIN_POINTS
        pay = payouts(total, ctx.seat_wind, ctx.self_drawn, ctx.discarder, ctx.base_points) if valid else None
        reason = None if valid else f"{best.points} points without flowers; a win needs {MIN_POINTS}"
        return Result(True, valid, best.points, flowers, total, tuple(fans), tuple(best.shown()), pay, reason,
                      self.ruleset)


ENGINE: Final = _Mcr("mcr")


def weighed_arrangements(hand: Hand, context: Context, options: McrOptions | None = None
                         ) -> tuple[_Facts, _Candidate | None, list[_Candidate]]:
    """For explaining (cold path, never cached): the hand's facts, the arrangement that scores, as
    the engine read it before the whole-hand set of 九莲宝灯 replaced its sets, and every
    arrangement weighed, in the order they were looked at."""
    return ENGINE.weighed(hand, context, options)


def detected_fans(hand: Hand, context: Context, options: McrOptions | None = None) -> dict[FanId, int] | None:
    """The fans the detectors found in the arrangement that scores, before the table's 不计 took
    any away (flowers aside); None when the hand is not complete. For tests and explanations:
    ``exclusion.exclude`` of this is the breakdown ``score`` reports."""
    best = ENGINE.weighed(hand, context, options)[1]
    return None if best is None else {i: n for i, n in best.detected.items() if n}


# --- public API and caches -------------------------------------------------------------------------
_DEFAULT_CONTEXT: Final = Context()
# The cache off unless asked for (``scorer.caches``); bounded when on, so that a long-running worker's heap stays small.
ENTRY: Final = BookEntry(ENGINE, _DEFAULT_OPTIONS)
score_hand = ENTRY.score  # the MCR rule book's ``score``: a checked ``Hand`` and ``Context`` and the book's options


def proven_context(context: Context, hand: Hand) -> Context:
    """The context checked against the tiles, with 和绝张 as the tiles prove it (the engine's ``prepare``)."""
    return ENGINE.prepare(hand, context, None)


def clear_caches() -> None:
    ENTRY.clear_caches()
    for fn in decompose.caches():
        fn.cache_clear()


def cache_info() -> dict[str, dict[str, int]]:
    def info(fn: Any) -> dict[str, int]:
        ci = fn.cache_info()
        return {"hits": ci.hits, "misses": ci.misses, "size": ci.currsize, "maxsize": ci.maxsize or 0}

    dec, w = (info(fn) for fn in decompose.caches())
    return {
        "result": info(ENTRY.cached),
        "decomposition": {k: dec[k] + w[k] for k in dec},
    }
