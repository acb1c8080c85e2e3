"""Scoring a hand: every arrangement of the tiles, the fans of each, the best one, the payouts.

The highest-total principle (就高不就低) is applied over every special form and every regular
division; ties are broken as the reference calculator breaks them (see ``_better``), so users
comparing tools see the same fan names.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from typing import Any, NamedTuple

from . import decompose
from .context import Context
from .decompose import CHOW, PUNG, Division
from .detect import (
    Fans,
    CHOW_TRAITS,
    PUNG_TRAITS,
    SetTraits,
    chow_fans,
    concealment_fans,
    kong_fans,
    pack_trait_fans,
    pair_fans,
    pung_fans,
    set_traits,
    single_pung_fans,
    terminal_chows_fan,
    tile_fans,
    wait_fan,
    win_event_fans,
)
from .exclusion import exclude
from .fans import BY_ID, MIN_POINTS
from .hand import Hand, MeldKind
from .payouts import payouts
from .result import FanScore, Result, ScoredSet
from .tiles import CODES, EAST, INDEX, NUM_TILES, WINDS

POINTS = {f.id: f.points for f in BY_ID.values()}

# 九莲宝灯: the reference scores these fans beside it, by the rank of the winning tile.
NINE_GATES_EXTRAS: dict[int, tuple[str, ...]] = {
    1: ("pure_straight", "tile_hog"),
    9: ("pure_straight", "tile_hog"),
    2: ("two_concealed_pungs", "short_straight", "pung_of_terminals_or_honors"),
    8: ("two_concealed_pungs", "short_straight", "pung_of_terminals_or_honors"),
    5: ("two_concealed_pungs", "pung_of_terminals_or_honors"),
    3: ("short_straight",), 4: ("short_straight",), 6: ("short_straight",), 7: ("short_straight",),
}


class _Facts(NamedTuple):
    """What every arrangement of one hand shares, computed once."""

    win: int
    standing: tuple[int, ...]  # concealed tiles with the winning tile
    need: int  # sets still to find among the standing tiles
    meld_chow_mids: tuple[int, ...]
    meld_pungs: tuple[int, ...]  # pungs and kongs
    melded_kongs: int
    concealed_kongs: int
    meld_traits: tuple[SetTraits, ...]
    ctx: Context
    seat: int
    prevalent: int
    event_fans: Fans  # how the hand was won: the same for every arrangement
    base_fans: Fans  # those, the tiles' own fans and concealment: the same for every arrangement


class _Candidate(NamedTuple):
    fans: tuple[tuple[str, int], ...]
    points: int
    sets: Callable[[], list[ScoredSet]]  # built only for the arrangement that is chosen


def _facts(hand: Hand, ctx: Context) -> _Facts:
    win = INDEX[hand.winning_tile]
    mids, pungs, traits = [], [], []
    mk = ck = melded = 0
    for m in hand.melds:
        i = INDEX[m.tile]
        if m.kind is MeldKind.CHOW:
            mids.append(i + 1)
            traits.append(set_traits(i + 1, True))
        else:
            pungs.append(i)
            traits.append(set_traits(i, False))
        if m.kind is MeldKind.KONG:
            if m.concealed:
                ck += 1
            else:
                mk += 1
        if not m.concealed:
            melded += 1
    events: Fans = defaultdict(int)
    win_event_fans(ctx.self_drawn, ctx.last_copy, ctx.last_wall_tile, ctx.kong_replacement, ctx.robbing_kong, events)
    base = events.copy()
    tile_fans(hand.counts(), mk + ck, base)
    # Special forms imply 门前清/不求人 away, so concealment can be common to every arrangement.
    concealment_fans(melded, ctx.self_drawn, base)
    return _Facts(
        win=win, standing=hand.standing_counts(), need=4 - len(hand.melds),
        meld_chow_mids=tuple(mids), meld_pungs=tuple(pungs), melded_kongs=mk, concealed_kongs=ck,
        meld_traits=tuple(traits), ctx=ctx,
        seat=EAST + WINDS.index(ctx.seat_wind), prevalent=EAST + WINDS.index(ctx.prevalent_wind),
        event_fans=events, base_fans=base,
    )


def _candidate(raw: Fans, sets: Callable[[], list[ScoredSet]]) -> _Candidate:
    kept = exclude(raw)
    return _Candidate(kept, sum(POINTS[i] * n for i, n in kept), sets)


def _codes(*idx: int) -> tuple[str, ...]:
    return tuple(CODES[i] for i in idx)


@cache
def _set(kind: str, first: int, concealed: bool) -> ScoredSet:
    """Sets are values: one object per kind, first tile and concealment, made once."""
    n = {"chow": 0, "pung": 3, "kong": 4, "pair": 2}[kind]
    tiles = _codes(first, first + 1, first + 2) if n == 0 else (CODES[first],) * n
    return ScoredSet(kind, tiles, concealed)


def _meld_sets(hand: Hand) -> list[ScoredSet]:
    return [_set(str(m.kind), INDEX[m.tile], m.concealed) for m in hand.melds]


# --- regular hands ------------------------------------------------------------------------------
def _sets(f: _Facts, sets: tuple[tuple[int, int], ...]) -> tuple[list[int], list[int], list[int], list[int]]:
    """Chows (by middle tile) and pungs of the concealed part, then with the melds' added."""
    own_mids = [t + 1 for t, k in sets if k == CHOW]
    own_pungs = [t for t, k in sets if k == PUNG]
    return own_mids, own_pungs, [*f.meld_chow_mids, *own_mids], [*f.meld_pungs, *own_pungs]


def _regular(hand: Hand, f: _Facts, div: Division, unique_wait: bool) -> _Candidate:
    sets, pair = div
    win, ctx = f.win, f.ctx
    own_mids, own_pungs, mids, pungs = _sets(f, sets)
    fans: Fans = f.base_fans.copy()
    # A pung completed by a discard counts as exposed, unless the tile can be read into a chow.
    exposed_pung = (not ctx.self_drawn and win in own_pungs and not any(m - 1 <= win <= m + 1 for m in own_mids))
    kong_fans(f.melded_kongs, f.concealed_kongs, len(own_pungs) - exposed_pung, fans)
    single_pung_fans(pungs, f.seat, f.prevalent, fans)
    special = terminal_chows_fan(mids, pair)
    if special:
        fans[special] += 1
    else:
        chow_fans(mids, fans)
        pung_fans(pungs, fans)
    pair_fans(pair, len(mids), pungs, fans)
    traits = [*f.meld_traits, *(CHOW_TRAITS[m] for m in own_mids), *(PUNG_TRAITS[t] for t in own_pungs),
              PUNG_TRAITS[pair]]
    pack_trait_fans(traits, fans)
    if unique_wait:
        w = wait_fan(own_mids, pair, win)
        if w:
            fans[w] += 1

    def arrangement() -> list[ScoredSet]:
        out = _meld_sets(hand)
        for t, k in sets:
            if k == CHOW:
                out.append(_set("chow", t, True))
            else:
                out.append(_set("pung", t, not (exposed_pung and t == win)))
        out.append(_set("pair", pair, True))
        return out

    return _candidate(fans, arrangement)


# --- special forms -------------------------------------------------------------------------------
def _seven_pairs(f: _Facts) -> _Candidate:
    fans: Fans = f.base_fans.copy()
    fans["seven_shifted_pairs" if decompose.shifted_pairs_suit(f.standing) is not None else "seven_pairs"] += 1
    return _candidate(fans, lambda: [
        _set("pair", i, True) for i in range(NUM_TILES) for _ in range(f.standing[i] // 2)
    ])


def _single_form(f: _Facts, fan_ids: Iterable[str], kind: str) -> _Candidate:
    fans: Fans = f.event_fans.copy()
    for fan in fan_ids:
        fans[fan] += 1
    tiles = [i for i in range(NUM_TILES) for _ in range(f.standing[i])]
    return _candidate(fans, lambda: [ScoredSet(kind, _codes(*tiles), True)])


def _honors_and_knitted(f: _Facts) -> _Candidate:
    suited = sum(f.standing[i] for i in range(27))
    if suited == 7 and all(f.standing[i] for i in range(27, 34)):
        return _single_form(f, ["greater_honors_and_knitted_tiles"], "knitted")
    extra = ["knitted_straight"] if suited == 9 else []
    return _single_form(f, ["lesser_honors_and_knitted_tiles", *extra], "knitted")


def _knitted_straight(hand: Hand, f: _Facts, seq: tuple[int, ...], div: Division) -> _Candidate:
    sets, pair = div
    win = f.win
    own_mids, own_pungs, mids, pungs = _sets(f, sets)
    fans: Fans = f.base_fans.copy()
    fans["knitted_straight"] += 1
    kong_fans(f.melded_kongs, f.concealed_kongs, len(own_pungs), fans)
    single_pung_fans(pungs, f.seat, f.prevalent, fans)
    pair_fans(pair, len(mids) + 3, pungs, fans)  # the knitted straight stands for three chows
    # The winning tile may be read as part of the knitted straight or of the set and pair (as
    # the reference does): a wait on the set or pair alone still scores edge, closed or single.
    if hand.melds:
        # only the pair was left to complete: a single wait, unless the tile went to the straight
        if win not in seq or f.standing[win] == 3:
            fans["single_wait"] += 1
    else:
        rest = list(f.standing)
        for i in seq:
            rest[i] -= 1
        if rest[win]:
            rest[win] -= 1
            if len(decompose.waits(tuple(rest), 1)) == 1:
                w = wait_fan(own_mids, pair, win)
                if w:
                    fans[w] += 1

    def arrangement() -> list[ScoredSet]:
        out = _meld_sets(hand) + [ScoredSet("knitted_straight", _codes(*seq), True)]
        for t, k in sets:
            out.append(_set("chow" if k == CHOW else "pung", t, True))
        out.append(_set("pair", pair, True))
        return out

    return _candidate(fans, arrangement)


# --- choosing -------------------------------------------------------------------------------------
def _better(cur: _Candidate, best: _Candidate | None, best_is_seven_pairs: bool) -> bool:
    """Highest total wins; on a tie the reference keeps the earlier division, except that it
    prefers one with 一色三同顺 or 三同刻, and a regular reading over seven pairs."""
    if best is None or cur.points > best.points:
        return True
    if cur.points < best.points:
        return False
    ids = {i for i, _ in cur.fans}
    return best_is_seven_pairs or "pure_triple_chow" in ids or "triple_pung" in ids


def _arrangements(hand: Hand, f: _Facts) -> _Candidate | None:
    best: _Candidate | None = None
    seven_pairs = False
    st = f.standing
    if not hand.melds:
        if decompose.is_seven_pairs(st):
            best, seven_pairs = _seven_pairs(f), True
        elif decompose.honors_and_knitted(st) is not None:
            return _honors_and_knitted(f)
        elif decompose.is_thirteen_orphans(st):
            return _single_form(f, ["thirteen_orphans"], "thirteen_orphans")
    if best is None and len(hand.melds) <= 1:
        ks = decompose.knitted_straight(st, f.need - 3)
        if ks is not None:
            return _knitted_straight(hand, f, *ks)
    if best is None and not hand.melds:
        rank = decompose.nine_gates_extra_rank(st, f.win)
        if rank is not None:
            return _single_form(f, ["nine_gates", *NINE_GATES_EXTRAS[rank]], "nine_gates")
    divisions = decompose.regular_divisions(st, f.need)
    if divisions:
        before = list(st)
        before[f.win] -= 1
        unique_wait = len(decompose.waits(tuple(before), f.need)) == 1
        for div in divisions:
            cur = _regular(hand, f, div, unique_wait)
            if _better(cur, best, seven_pairs):
                best = cur
    return best


def _score(hand: Hand, context: Context) -> Result:
    ctx = context.for_hand(hand)  # inside the cache: a hit skips the checks that passed before
    f = _facts(hand, ctx)
    best = _arrangements(hand, f)
    flowers = hand.flowers
    if best is None:
        return Result(
            winning=False, valid=False, points=0, flower_points=0, total=0, fans=(), decomposition=(),
            payouts=None,
            reason=f"not a complete hand: the concealed tiles with the winning tile {hand.winning_tile} do not form "
            f"{f.need} set{'s' if f.need != 1 else ''} and a pair, nor seven pairs, thirteen orphans, "
            "honors and knitted tiles or a knitted straight",
        )
    fans = [FanScore(i, n) for i, n in best.fans]
    if flowers:
        fans.append(FanScore("flower_tiles", flowers))
    total = best.points + flowers
    valid = best.points >= MIN_POINTS
    pay = payouts(total, ctx.seat_wind, ctx.self_drawn, ctx.discarder, ctx.base_points) if valid else None
    reason = None if valid else f"{best.points} points without flowers; a win needs {MIN_POINTS}"
    return Result(True, valid, best.points, flowers, total, tuple(fans), tuple(best.sets()), pay, reason)


# --- public API and caches -------------------------------------------------------------------------
def _env_size(name: str, default: int) -> int:
    try:
        return max(0, int(os.environ.get(name, default)))
    except ValueError:
        return default


_DEFAULT_CONTEXT = Context()
# Bounded so that a long-running worker's heap stays small: every cached result is a few dozen
# objects the garbage collector must walk, and a big cache of them shows up as latency spikes.
_cached_score = lru_cache(maxsize=_env_size("SCORER_RESULT_CACHE_SIZE", 4096))(_score)
decompose.set_cache_size(_env_size("SCORER_DECOMPOSITION_CACHE_SIZE", decompose.DEFAULT_CACHE_SIZE))


def score(hand: Hand | str, context: Context | None = None, /, **context_fields: Any) -> Result:
    """Score a winning hand. ``hand`` is a ``Hand`` or the reference notation
    (``"[222m1][444m2][666m3]88mWW8m"``); the context is a ``Context`` or its fields as keywords.

    Raises ``ScorerError`` for an impossible hand or a contradictory context; an incomplete
    hand is a normal result with ``winning`` false and a ``reason``.
    """
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    elif not isinstance(hand, Hand):
        raise TypeError(f"hand must be a Hand or a notation string, not {type(hand).__name__}")
    if context is None:
        context = Context.build(**context_fields) if context_fields else _DEFAULT_CONTEXT
    elif context_fields:
        raise TypeError("give a Context or its fields as keywords, not both")
    return _cached_score(hand, context)


def clear_caches() -> None:
    _cached_score.cache_clear()
    decompose.regular_divisions.cache_clear()
    decompose.waits.cache_clear()


def cache_info() -> dict[str, dict[str, int]]:
    def info(fn: Any) -> dict[str, int]:
        ci = fn.cache_info()
        return {"hits": ci.hits, "misses": ci.misses, "size": ci.currsize, "maxsize": ci.maxsize or 0}

    dec, w = info(decompose.regular_divisions), info(decompose.waits)
    return {
        "result": info(_cached_score),
        "decomposition": {k: dec[k] + w[k] for k in dec},
    }
