"""Explaining a score (``scorer.score(..., explain=True)``): the sets behind every fan, the fans
the counting principles left out, and the other readings weighed.

Only an explained request comes here; plain scoring never does, so the hot path pays nothing.
The engine is the one judge of *what* counts: the counts come from the detectors' own raw counts
for the arrangement that scored (``scoring.weighed_arrangements``) and the breakdown from the
cached ``score_hand``. This module only says *which* sets make each occurrence, and names what
was not counted and by which principle:

- ``implied`` (不重复): a fan the fan table's 不计 takes away (a raw count the exclusion removed,
  or a smaller combination inside a counted one: Pure Straight's Short Straights and Two
  Terminal Chows); ``by`` the counted fans whose row implies it;
- ``non_identical`` (不得相同): a pair of sets that would make a fan one of them already makes
  with another set (345m 345m 678m: one Short Straight, not two);
- ``account_once`` (套算一次): a pair of sets left uncombined because its sets are already
  accounted (the fourth chow beside a three-chow fan combines once; an honour pung taken by
  Dragon Pung or a wind fan is not also a Pung of Terminals or Honors);
- ``no_splitting`` (不拆移): a fan another reading of the same tiles shows that a counted fan's
  row implies (444555666m read as three pungs is Pure Shifted Pungs; its chows' Pure Triple
  Chow leaves it out).

``tests/mcr/test_explain.py`` holds the occurrences to the engine's counts and to each fan's shape
over thousands of generated hands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from itertools import combinations

from ...context import Context
from ...hand import Hand
from ...result import Arrangement, Excluded, Explanation, FanScore, Result, ScoredSet
from ...set_kind import CHOW, KNITTED_STRAIGHT, KONG, PAIR, PUNG
from ...tiles import CODES, EAST, IS_DRAGON, IS_HONOR, IS_TERMINAL, IS_WIND, WINDS
from ..table import Group
from . import fan_id as F
from .detect import (
    _PAIR_FANS,
    _four_chows_fan,
    _four_pungs_fan,
    _three_chows_fan,
    _three_pungs_fan,
    _two_chows_fan,
    _two_pungs_fan,
    flower_fan,
)
from .exclusion import REFERENCE_RULES, Rules
from .fan_id import FanId
from .fans import BY_ID, FANS, MIXED_KONGS_FAN, ORDER, TABLE
from .options import McrOptions
from .scoring import _fan_score, breakdown, proven_context, score_hand, weighed_arrangements

MAX_ARRANGEMENTS = 10
_INDEX = {c: i for i, c in enumerate(CODES)}
_IMPLIES = {f.id: frozenset(f.implies) | frozenset(f.implies_one) for f in FANS}
_MIXED_KONGS = MIXED_KONGS_FAN.id.value


def _implies(rules: Rules) -> Mapping[FanId, frozenset[FanId]]:
    """What each fan takes away under the edition scored by (the table's own, or an edition's)."""
    return _IMPLIES if rules is REFERENCE_RULES else {f.id: rules.implied(f.id) for f in FANS}

Occ = tuple[int, ...]  # one occurrence: indices into the reading's sets
Combo = Callable[..., FanId | None]  # a detector's combination predicate on sorted tiles

NO_SET = TABLE.group(Group.NO_SET)  # fans that rest on no set: how the hand was won, its concealment, flowers
WHOLE_HAND = TABLE.group(Group.WHOLE_HAND)  # fans that judge the whole hand: every set and the pair
_FOUR_CHOWS = (F.QUADRUPLE_CHOW, F.FOUR_PURE_SHIFTED_CHOWS)
_TERMINAL_CHOWS = (F.PURE_TERMINAL_CHOWS, F.THREE_SUITED_TERMINAL_CHOWS)
_THREE_CHOWS = (F.PURE_STRAIGHT, F.PURE_SHIFTED_CHOWS, F.PURE_TRIPLE_CHOW, F.MIXED_STRAIGHT, F.MIXED_TRIPLE_CHOW,
                F.MIXED_SHIFTED_CHOWS)
_FOUR_PUNGS = (F.FOUR_PURE_SHIFTED_PUNGS, F.BIG_FOUR_WINDS)
_THREE_PUNGS = (F.MIXED_SHIFTED_PUNGS, F.TRIPLE_PUNG, F.PURE_SHIFTED_PUNGS, F.BIG_THREE_WINDS, F.BIG_THREE_DRAGONS)
_TWO_PUNGS = (F.DOUBLE_PUNG, F.TWO_DRAGON_PUNGS)
_KONGS = (F.FOUR_KONGS, F.THREE_KONGS, F.TWO_MELDED_KONGS, F.TWO_CONCEALED_KONGS)
_CONCEALED_PUNGS = {F.TWO_CONCEALED_PUNGS: 2, F.THREE_CONCEALED_PUNGS: 3, F.FOUR_CONCEALED_PUNGS: 4}


class _Reading:
    """One arrangement's sets as the explanation reads them: chows by middle tile, pungs and kongs
    by tile, the pair, the knitted straight; melds first, as in the decomposition."""

    def __init__(self, sets: Sequence[ScoredSet], melds: int) -> None:
        self.n = len(sets)
        self.melds = melds
        self.chows: list[tuple[int, int]] = []  # (index, middle tile)
        self.pungs: list[tuple[int, int]] = []  # (index, tile), kongs included
        self.kongs: list[tuple[int, bool]] = []  # (index, concealed)
        self.concealed_pungs: list[int] = []
        self.own_pungs: list[int] = []
        self.pair: tuple[int, int] | None = None
        self.knitted: int | None = None
        self.tiles: list[list[int]] = []
        for k, s in enumerate(sets):
            tiles = [_INDEX[c] for c in s.tiles]
            self.tiles.append(tiles)
            if s.kind is CHOW:
                self.chows.append((k, tiles[1]))
            elif s.kind is PUNG or s.kind is KONG:
                self.pungs.append((k, tiles[0]))
                if s.kind is KONG:
                    self.kongs.append((k, s.concealed))
                if s.concealed:
                    self.concealed_pungs.append(k)
                if k >= melds:
                    self.own_pungs.append(k)
            elif s.kind is PAIR and len(sets) > 1 and sum(x.kind is PAIR for x in sets) == 1:
                self.pair = (k, tiles[0])
            elif s.kind is KNITTED_STRAIGHT:
                self.knitted = k
        self.chows.sort(key=lambda c: c[1])
        self.pungs.sort(key=lambda p: p[1])

    @property
    def everything(self) -> Occ:
        return tuple(range(self.n))


class _Trace:
    """Occurrences of the raw fans, and the fans shown but not counted (before grouping)."""

    def __init__(self, implies: Mapping[FanId, frozenset[FanId]]) -> None:
        self.implies = implies  # each fan's 不计, under the edition scored by
        self.occ: dict[FanId, list[Occ]] = {}
        self.shown: list[tuple[FanId, tuple[FanId, ...], str, Occ]] = []  # (fan, by, rule, sets)

    def add(self, fan: FanId, sets: Iterable[int]) -> None:
        self.occ.setdefault(fan, []).append(tuple(sorted(sets)))


def explain_hand(hand: Hand, context: Context, options: McrOptions | None = None, /) -> Result:
    """The MCR rule book's ``explain``: ``score_hand``'s result, with its ``explanation``."""
    result = score_hand(hand, context, options)
    facts, chosen, weighed = weighed_arrangements(hand, context, options)
    if chosen is None:
        return replace(result, explanation=Explanation((), (), ()))
    ctx = proven_context(context, hand)
    reading = _Reading(chosen.sets(), len(hand.melds))
    raw = {i: n for i, n in chosen.detected.items() if n}
    kept = dict(chosen.fans)
    trace = _Trace(_implies(facts.rules))
    _occurrences(trace, reading, raw, hand, ctx)
    _shown(trace, reading, raw, kept)
    others = [c for c in weighed if c is not chosen]
    _no_splitting(trace, raw, kept, [c.detected for c in others])
    if len(result.decomposition) == 1 and reading.n > 1:
        # 九莲宝灯: scored as a regular reading beside its own fan (RULINGS C4), answered as one
        # group of the 14 tiles; explained, the decomposition is that reading, so each fan names
        # its own sets and Nine Gates rests on all of them (RULINGS E13)
        result = replace(result, decomposition=tuple(chosen.sets()))
    fan_sets: list[tuple[Occ, ...]] = []
    for fs in result.fans:
        occs: list[Occ]
        if fs.id == _MIXED_KONGS:  # 明暗杠 (mixed_kongs "five"): the two kongs
            fan_sets.append((tuple(sorted(k for k, _ in reading.kongs)),))
            continue
        fan = FanId(fs.id)
        if fan is F.CHICKEN_HAND:
            occs = [reading.everything]
        elif fan is F.FLOWER_TILES:
            occs = [()] * fs.count
        else:
            occs = trace.occ.get(fan, [])[: fs.count]
        fan_sets.append(tuple(occs))
    excluded = _excluded(trace, raw, kept)
    flowers = hand.flowers
    ranked = sorted(others, key=lambda c: -c.points)[:MAX_ARRANGEMENTS]
    arrangements = tuple(
        Arrangement(c.points, c.points + flowers, _breakdown(breakdown(facts, c.fans), flowers), tuple(c.sets()))
        for c in ranked)
    return replace(result, explanation=Explanation(tuple(fan_sets), excluded, arrangements))


def _breakdown(fans: list[FanScore], flowers: int) -> tuple[FanScore, ...]:
    out = fans
    flower = flower_fan(flowers)
    if flower:
        out.append(_fan_score(*flower))
    return tuple(out)


# --- which sets make each raw fan -----------------------------------------------------------------
def _occurrences(t: _Trace, r: _Reading, raw: Mapping[FanId, int], hand: Hand, ctx: Context) -> None:
    seat = EAST + WINDS.index(ctx.seat_wind)
    prevalent = EAST + WINDS.index(ctx.prevalent_wind)
    _chow_family(t, r, raw)
    _pung_family(t, r, raw)
    for fan, n in raw.items():
        if fan in t.occ:
            continue
        if fan in NO_SET:
            t.occ[fan] = [()] * n
        elif fan in WHOLE_HAND:
            t.occ[fan] = [r.everything] * n
        elif fan is F.KNITTED_STRAIGHT:
            t.occ[fan] = [(r.knitted,) if r.knitted is not None else r.everything]
        elif fan is F.TILE_HOG:
            counts = hand.counts()
            kong_tiles = {r.tiles[k][0] for k, _ in r.kongs}
            for tile, c in enumerate(counts):
                if c == 4 and tile not in kong_tiles:
                    t.add(fan, (k for k, ts in enumerate(r.tiles) if tile in ts))
        elif fan in _KONGS:
            t.occ[fan] = [tuple(sorted(k for k, _ in r.kongs))]
            if fan is F.TWO_CONCEALED_KONGS:
                t.occ[fan] = [tuple(sorted(k for k, c in r.kongs if c))]
        elif fan is F.MELDED_KONG or fan is F.CONCEALED_KONG:
            want = fan is F.CONCEALED_KONG
            t.occ[fan] = _each(k for k, c in sorted(r.kongs) if c == want)[:n]
        elif fan in _CONCEALED_PUNGS:
            need = _CONCEALED_PUNGS[fan]
            picked = list(r.concealed_pungs)
            picked += [k for k in r.own_pungs if k not in picked]  # a knitted-straight hand's discard pung
            t.add(fan, picked[:need])
        elif fan is F.DRAGON_PUNG:
            t.occ[fan] = _each(k for k, tile in r.pungs if IS_DRAGON[tile])
        elif fan is F.SEAT_WIND or fan is F.PREVALENT_WIND:
            wind = seat if fan is F.SEAT_WIND else prevalent
            t.occ[fan] = _each(k for k, tile in r.pungs if tile == wind)
        elif fan is F.PUNG_OF_TERMINALS_OR_HONORS:
            winds = [k for k, tile in r.pungs if IS_WIND[tile]]
            t.occ[fan] = _each(k for k, tile in r.pungs
                               if IS_TERMINAL[tile] or (IS_WIND[tile] and tile != seat and tile != prevalent
                                                        and len(winds) < 3))
        elif fan is F.LITTLE_THREE_DRAGONS or fan is F.LITTLE_FOUR_WINDS:
            kind = IS_DRAGON if fan is F.LITTLE_THREE_DRAGONS else IS_WIND
            assert r.pair is not None
            t.add(fan, [*(k for k, tile in r.pungs if kind[tile]), r.pair[0]])
        elif fan is F.EDGE_WAIT or fan is F.CLOSED_WAIT:
            win = _winning(hand)
            own = [(k, m) for k, m in r.chows if k >= r.melds]
            hit = [k for k, m in own if (m == win if fan is F.CLOSED_WAIT else abs(m - win) == 1)]
            t.occ[fan] = [(hit[0],)] if hit else [()]
        elif fan is F.SINGLE_WAIT:
            t.occ[fan] = [(r.pair[0],) if r.pair is not None else ()]
        else:  # a fan no family above knows: judged on the whole hand
            t.occ[fan] = [r.everything] * n


def _each(indices: Iterable[int]) -> list[Occ]:
    """One occurrence per set."""
    return [(k,) for k in indices]


def _winning(hand: Hand) -> int:
    return _INDEX[hand.winning_tile.value]


def _pick_pairs(candidates: list[tuple[FanId, int, int]], counts: Mapping[FanId, int],
                kinds: Sequence[FanId]) -> list[tuple[FanId, int, int]]:
    """Which pairs of sets make the counted two-set fans: for each kind, as many as counted,
    preferring pairs whose sets that kind has not used yet (不得相同), then sets not yet combined
    at all (套算一次)."""
    chosen: list[tuple[FanId, int, int]] = []
    used: set[int] = set()
    for kind in kinds:
        pool = [c for c in candidates if c[0] is kind]
        mine: set[int] = set()
        for _ in range(counts.get(kind, 0)):
            if not pool:
                break
            best = min(pool, key=lambda c: ((c[1] in mine) + (c[2] in mine), (c[1] in used) + (c[2] in used)))
            pool.remove(best)
            chosen.append(best)
            mine |= {best[1], best[2]}
            used |= {best[1], best[2]}
    return chosen


def _combination_family(t: _Trace, raw: Mapping[FanId, int], items: list[tuple[int, int]], fours: Sequence[FanId],
                        threes: Sequence[FanId], twos: Sequence[FanId], four_fan: Combo, three_fan: Combo,
                        two_fan: Combo) -> None:
    """Chows or pungs: the four-set fan, or a three-set fan and the fourth set's one pair, or the
    two-set fans; then the combinations shown but not counted."""
    keys = [key for _, key in items]
    idx = [k for k, _ in items]
    big: list[tuple[FanId, tuple[int, ...]]] = []  # positions in ``items``
    if len(items) == 4 and any(raw.get(f) for f in fours):
        fan = four_fan(*keys)
        if fan is not None and raw.get(fan):
            big.append((fan, (0, 1, 2, 3)))
    if not big and len(items) >= 3:
        for tri in combinations(range(len(items)), 3):
            fan = three_fan(*(keys[i] for i in tri))
            if fan is not None and raw.get(fan) and fan in threes:
                big.append((fan, tri))
                break
    for fan, pos in big:
        t.add(fan, (idx[i] for i in pos))
    pairs = [(two_fan(keys[i], keys[j]), i, j) for i, j in combinations(range(len(items)), 2)]
    found = [(f, i, j) for f, i, j in pairs if f is not None]
    inside = set(big[0][1]) if big else set()
    if big and len(inside) == 4:
        candidates: list[tuple[FanId, int, int]] = []
    elif big:  # the fourth set combines once, with a set of the three
        candidates = [c for c in found if (c[1] in inside) != (c[2] in inside)]
    else:
        candidates = found
    chosen = _pick_pairs(candidates, raw, twos)
    for fan, i, j in chosen:
        t.add(fan, (idx[i], idx[j]))
    # shown, not counted: smaller combinations inside the big one (its row implies them), and
    # pairs left out by the non-identical or account-once principle
    for fan, pos in big:
        for size in (3, 2):
            for sub in combinations(pos, size):
                if len(sub) == len(pos):
                    continue
                f = (three_fan if size == 3 else two_fan)(*(keys[i] for i in sub))
                if f is not None and f in t.implies[fan]:
                    t.shown.append((f, (fan,), "implied", tuple(sorted(idx[i] for i in sub))))
    chosen_set = {(i, j) for _, i, j in chosen}
    for fan, i, j in found:
        if (i, j) in chosen_set or (i in inside and j in inside):
            continue
        same = [c for c in chosen if c[0] is fan and {c[1], c[2]} & {i, j}]
        rule = "non_identical" if same else "account_once"
        by = {fan} if same else ({c[0] for c in chosen if {c[1], c[2]} & {i, j}}
                                 | {b for b, pos in big if {i, j} & set(pos)})
        if not by:
            continue  # nothing counted touches these sets: the engine's count says so (never seen)
        t.shown.append((fan, tuple(sorted(by, key=ORDER.__getitem__)), rule, tuple(sorted((idx[i], idx[j])))))


def _chow_family(t: _Trace, r: _Reading, raw: Mapping[FanId, int]) -> None:
    terminal = next((f for f in _TERMINAL_CHOWS if raw.get(f)), None)
    if terminal is not None and r.pair is not None:
        t.add(terminal, [*(k for k, _ in r.chows), r.pair[0]])
        keys = [m for _, m in r.chows]
        for i, j in combinations(range(4), 2):
            f = _two_chows_fan(keys[i], keys[j])
            if f is not None and f in t.implies[terminal]:
                t.shown.append((f, (terminal,), "implied", tuple(sorted((r.chows[i][0], r.chows[j][0])))))
        return
    _combination_family(t, raw, r.chows, _FOUR_CHOWS, _THREE_CHOWS, _PAIR_FANS, _four_chows_fan, _three_chows_fan,
                        _two_chows_fan)


def _pung_family(t: _Trace, r: _Reading, raw: Mapping[FanId, int]) -> None:
    if any(raw.get(f) for f in _TERMINAL_CHOWS):
        return
    _combination_family(t, raw, r.pungs, _FOUR_PUNGS, _THREE_PUNGS, _TWO_PUNGS, _four_pungs_fan, _three_pungs_fan,
                        _two_pungs_fan)


# --- what was shown and not counted ------------------------------------------------------------------
def _shown(t: _Trace, r: _Reading, raw: Mapping[FanId, int], kept: Mapping[FanId, int]) -> None:
    """Honour pungs that no Pung of Terminals or Honors counted: another fan took the pung."""
    taken = {o[0] for o in t.occ.get(F.PUNG_OF_TERMINALS_OR_HONORS, [])}
    for k, tile in r.pungs:
        if not IS_HONOR[tile] or k in taken:
            continue
        takers = tuple(f for f in FANS if f.id in kept and f.id not in WHOLE_HAND
                       and any(k in o for o in t.occ.get(f.id, [])[: kept[f.id]]))
        if not takers:
            continue
        implying = tuple(f.id for f in takers if F.PUNG_OF_TERMINALS_OR_HONORS in t.implies[f.id])
        if implying:
            t.shown.append((F.PUNG_OF_TERMINALS_OR_HONORS, implying, "implied", (k,)))
        else:
            t.shown.append((F.PUNG_OF_TERMINALS_OR_HONORS, tuple(f.id for f in takers), "account_once", (k,)))


def _no_splitting(t: _Trace, raw: Mapping[FanId, int], kept: Mapping[FanId, int],
                  others: Sequence[Mapping[FanId, int]]) -> None:
    """A fan another reading of the tiles shows, which a counted fan's row implies: the tiles of
    the counted fan cannot be split to make it (不拆移)."""
    elsewhere = {i for d in others for i, n in d.items() if n}
    listed = {s[0] for s in t.shown}
    for fan in sorted(kept, key=ORDER.__getitem__):
        for y in sorted(t.implies[fan] & elsewhere, key=ORDER.__getitem__):
            if y in raw or y in listed or y in kept:
                continue
            sets = t.occ.get(fan, [()])[0]
            t.shown.append((y, (fan,), "no_splitting", sets))
            listed.add(y)


def _excluded(t: _Trace, raw: Mapping[FanId, int], kept: Mapping[FanId, int]) -> tuple[Excluded, ...]:
    rows: dict[tuple[FanId, tuple[FanId, ...], str], list[Occ]] = {}
    for fan, n in raw.items():
        left = n - kept.get(fan, 0)
        if left <= 0:
            continue
        by = tuple(f.id for f in FANS if f.id in kept and fan in t.implies[f.id])
        occs = t.occ.get(fan, [])
        rows.setdefault((fan, by, "implied"), []).extend(occs[kept.get(fan, 0):][:left] or [()] * left)
    for fan, by, rule, sets in t.shown:
        rows.setdefault((fan, by, rule), []).append(sets)
    out = []
    for (fan, by, rule), occs in sorted(rows.items(), key=lambda kv: (ORDER[kv[0][0]], kv[0][2], kv[0][1])):
        row = BY_ID[fan]
        out.append(Excluded(fan.value, row.name, row.name_zh, tuple(b.value for b in by), rule,
                            tuple(occs)))
    return tuple(out)
