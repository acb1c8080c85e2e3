"""Shanten (向听数): how many tiles a hand is from ready, per winning form, and which tiles help.

Everything works on 34-slot count vectors of the *standing* tiles (13, 10, 7, 4 or 1 of them:
kongs and other melds are ``melds``, each a finished set). The definitions are the reference
calculator's, so that players comparing tools see the same numbers:

* regular (4 sets and a pair): the minimum over every way to take sets, partial sets (two of a
  set: a pair, two in a row, two with a gap) and one pair out of the tiles of
  ``8 - 2·sets - min(partials, 4 - sets) - pair`` (melds count as sets; at most 4 sets count);
* seven pairs: ``6 - pairs`` (four alike are two pairs);
* thirteen orphans: ``13 - kinds of terminals and honours``, one less with any of them doubled;
* honors and knitted tiles: ``13 - kinds`` of one knitted sequence's tiles and honours held;
* knitted straight: for one of the six knitted sequences, the sequence's tiles missing plus the
  regular shanten of what is left (one copy of each held sequence tile taken out) with three
  more sets done.

A form's *useful* tiles are those whose draw lowers its shanten; for regular hands (and the rest
of a knitted straight) a tile the hand holds four of is still probed when the form is ready, so a
formal wait on a fifth copy is listed, as the reference lists it. Forms the reference merges over
its six knitted sequences are merged the same way (ties unite their useful tiles).

Regular shanten is computed per group (each suit, the honours), each group reduced to its best
(sets, partials, pair) trade-offs, cached by the group's counts, then combined: a probe for a
useful tile only recomputes the one group it touches.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..decompose import KNITTED, ORPHANS
from ..forms import ALL_FORMS, Form
from ..tiles import HONOR_START, IS_HONOR, NUM_TILES, RANK

Counts = tuple[int, ...]
Shape = tuple[int, int, int]  # (sets, partial sets, pair 0/1)
Frontier = tuple[Shape, ...]  # the shapes no other shape of the same tiles beats in every part

MAX_SETS = 4
HONORS = tuple(range(HONOR_START, NUM_TILES))


@dataclass(frozen=True)
class FormShanten:
    """One form's shanten (0 = ready, -1 = complete) and the tile indices that lower it."""

    form: Form
    shanten: int
    useful: tuple[int, ...]


# --- regular hands: per-group frontiers ------------------------------------------------------------
def _pareto(shapes: set[Shape]) -> Frontier:
    """Drop every shape another one matches or beats in sets, partials and pair alike.

    Parts are small (sets and partials capped at 4, pair 0 or 1): keep the most partials per
    (pair, sets), then scan sets downwards keeping a shape only if it has more partials than every
    shape with as many sets or more (and, without the pair, than those with it)."""
    most = [[-1] * (MAX_SETS + 1), [-1] * (MAX_SETS + 1)]
    for p, t, h in shapes:
        if t > most[h][p]:
            most[h][p] = t
    kept: list[Shape] = []
    ceiling = [-1, -1]  # the most partials seen so far (more sets), with the pair / without it
    for p in range(MAX_SETS, -1, -1):
        t1 = most[1][p]
        if t1 > ceiling[1]:
            kept.append((p, t1, 1))
            ceiling[1] = t1
        t0 = most[0][p]
        if t0 > ceiling[0] and t0 > ceiling[1]:
            kept.append((p, t0, 0))
            ceiling[0] = t0
    return tuple(kept)


def _add(base: Shape, sub: Frontier, out: set[Shape]) -> None:
    bp, bt, bh = base
    for p, t, h in sub:
        if bh and h:
            continue  # one pair only: a second one is counted as a partial by another branch
        out.add((min(p + bp, MAX_SETS), min(t + bt, MAX_SETS), h | bh))


@lru_cache(maxsize=1 << 16)
def _group(counts: Counts, runs: bool) -> Frontier:
    """The best (sets, partials, pair) trade-offs of one suit (``runs``) or one honour.

    Rank by rank: every way to use the copies of the lowest rank held — pungs, a pair, pairs and
    runs and gapped twos as partials, chows starting there, the rest left alone — then the rest
    of the suit, whose lower ranks are then empty (so few different rests arise)."""
    i = next((k for k, n in enumerate(counts) if n), -1)
    if i < 0:
        return ((0, 0, 0),)
    n = counts[i]
    size = len(counts)
    next1 = counts[i + 1] if runs and i + 1 < size else 0
    next2 = counts[i + 2] if runs and i + 2 < size else 0
    c = list(counts)
    c[i] = 0
    out: set[Shape] = set()
    for pungs in range(n // 3 + 1):
        left = n - 3 * pungs
        for pair in range(min(1, left // 2) + 1):
            left2 = left - 2 * pair
            for twins in range(left2 // 2 + 1):
                left3 = left2 - 2 * twins
                for chows in range(min(left3, next1, next2) + 1):
                    left4 = left3 - chows
                    for adjacent in range(min(left4, next1 - chows) + 1):
                        for gapped in range(min(left4 - adjacent, next2 - chows) + 1):
                            if i + 1 < size:
                                c[i + 1] = counts[i + 1] - chows - adjacent
                            if i + 2 < size:
                                c[i + 2] = counts[i + 2] - chows - gapped
                            _add((pungs + chows, twins + adjacent + gapped, pair), _group(tuple(c), runs), out)
    return _pareto(out)


@lru_cache(maxsize=1 << 16)
def _merge(a: Frontier, b: Frontier) -> Frontier:
    out: set[Shape] = set()
    for s in a:
        _add(s, b, out)
    return _pareto(out)


@lru_cache(maxsize=1 << 14)
def _honors(counts: Counts) -> Frontier:
    """The seven honours together (each an independent group): cached by their 7 counts."""
    f: Frontier = ((0, 0, 0),)
    for n in counts:
        if n:
            f = _merge(f, _group((n,), False))
    return f


def _groups(counts: Counts) -> list[Frontier]:
    return [
        _group(counts[0:9], True), _group(counts[9:18], True), _group(counts[18:27], True),
        _honors(counts[HONOR_START:NUM_TILES]),
    ]


@lru_cache(maxsize=1 << 16)
def _best(a: Frontier, b: Frontier, fixed: int) -> int:
    """The least shanten over two frontiers combined (the rest folded into ``b``)."""
    best = 8
    for p, t, h in a:
        for q, u, g in b:
            if h and g:
                continue
            sets = min(p + q + fixed, MAX_SETS)
            v = 8 - 2 * sets - min(t + u, MAX_SETS - sets) - (h | g)
            best = min(best, v)
    return best


def _fold(frontiers: list[Frontier]) -> Frontier:
    f: Frontier = ((0, 0, 0),)
    for g in frontiers:
        f = _merge(f, g)
    return f


def regular_shanten(counts: Counts, fixed: int) -> int:
    """Regular-form shanten of standing ``counts`` beside ``fixed`` melds."""
    if fixed >= MAX_SETS - 1:
        return _few_left(counts, fixed)
    g = _groups(counts)
    return _best(_merge(g[0], g[1]), _merge(g[2], g[3]), fixed)


# --- three or four sets already fixed: no frontier needed ------------------------------------------
# With ``fixed`` >= 3 (a knitted straight's rest, or three or four melds) the formula above leaves
# little to choose: with four sets fixed the shanten is -1 with a pair, else 0; with three, it is
#   -1  a set and a pair apart from it       0  a set, or a partial and a pair apart from it
#    1  a partial or a pair                  2  nothing
# (a partial: a pair, two in a row or two with a gap). Each question is a scan of the counts, where
# the frontiers cost a search per new suit shape — the knitted straight asks it of six rests and
# of every probe for a useful tile.
def _has_pair(c: list[int]) -> bool:
    for n in c:
        if n >= 2:
            return True
    return False


def _has_partial(c: list[int]) -> bool:
    for i in range(NUM_TILES):
        n = c[i]
        if n == 0:
            continue
        if n >= 2:
            return True
        if i < HONOR_START:
            r = RANK[i]
            if (r <= 8 and c[i + 1]) or (r <= 7 and c[i + 2]):
                return True
    return False


def _few_left(counts: Counts, fixed: int) -> int:
    c = list(counts)
    if fixed >= MAX_SETS:
        return -1 if _has_pair(c) else 0
    has_set = False
    for i in range(NUM_TILES):
        n = c[i]
        if n == 0:
            continue
        if n >= 3:  # a pung, and is there a pair besides it?
            has_set = True
            c[i] -= 3
            found = _has_pair(c)
            c[i] += 3
            if found:
                return -1
        if i < HONOR_START and RANK[i] <= 7 and c[i + 1] and c[i + 2]:  # a chow starting here
            has_set = True
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            found = _has_pair(c)
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1
            if found:
                return -1
    if has_set:
        return 0
    partial = False
    for i in range(NUM_TILES):
        if c[i] >= 2:  # a pair, and a partial besides it?
            c[i] -= 2
            found = _has_partial(c)
            c[i] += 2
            if found:
                return 0
            partial = True
    return 1 if partial or _has_partial(c) else 2


def _few_left_useful(counts: Counts, fixed: int) -> tuple[int, tuple[int, ...]]:
    """``_regular`` for ``fixed`` >= 3: the same probes, each a scan."""
    result = _few_left(counts, fixed)
    useful: list[int] = []
    c = list(counts)
    for t in _probes(counts, result):
        c[t] += 1
        if _few_left(tuple(c), fixed) < result:
            useful.append(t)
        c[t] -= 1
    return result, tuple(useful)


def _probes(counts: Counts, result: int) -> list[int]:
    """The tiles worth drawing in thought: a fifth copy only once the form is ready (a formal wait,
    as the reference lists it), and no lone new tile, which can lower no shanten."""
    out: list[int] = []
    for t in range(NUM_TILES):
        n = counts[t]
        if n == 4 and result > 0:
            continue
        if n == 0 and (IS_HONOR[t] or not _has_neighbour(counts, t)):
            continue
        out.append(t)
    return out


def _has_neighbour(counts: Counts, t: int) -> bool:
    r = RANK[t]
    return bool(
        (r < 9 and counts[t + 1]) or (r < 8 and counts[t + 2]) or (r > 1 and counts[t - 1]) or (r > 2 and counts[t - 2])
    )


@lru_cache(maxsize=1 << 13)
def _regular(counts: Counts, fixed: int) -> tuple[int, tuple[int, ...]]:
    if fixed >= MAX_SETS - 1:
        return _few_left_useful(counts, fixed)
    groups = _groups(counts)
    rest = [_fold(groups[:k] + groups[k + 1:]) for k in range(4)]
    result = _best(groups[0], rest[0], fixed)
    useful: list[int] = []
    c = list(counts)
    for t in _probes(counts, result):
        c[t] += 1
        if t < HONOR_START:
            s = t // 9
            probe = _group(tuple(c[s * 9 : s * 9 + 9]), True)
            k = s
        else:
            probe = _honors(tuple(c[HONOR_START:NUM_TILES]))
            k = 3
        c[t] -= 1
        if _best(probe, rest[k], fixed) < result:
            useful.append(t)
    return result, tuple(useful)


def regular(counts: Counts, melds: int) -> FormShanten:
    shanten, useful = _regular(counts, melds)
    return FormShanten(Form.REGULAR, shanten, useful)


# --- special forms ---------------------------------------------------------------------------------
def seven_pairs(counts: Counts) -> FormShanten:
    pairs = sum(n // 2 for n in counts)
    return FormShanten(Form.SEVEN_PAIRS, 6 - pairs, tuple(t for t in range(NUM_TILES) if counts[t] % 2))


def thirteen_orphans(counts: Counts) -> FormShanten:
    kinds = sum(1 for t in ORPHANS if counts[t])
    paired = any(counts[t] > 1 for t in ORPHANS)
    useful = tuple(t for t in ORPHANS if not (paired and counts[t]))
    return FormShanten(Form.THIRTEEN_ORPHANS, (12 if paired else 13) - kinds, useful)


def _merge_by_sequence(form: Form, per_sequence: list[tuple[int, tuple[int, ...]]]) -> FormShanten:
    """The best of the six knitted sequences; equal ones unite their useful tiles."""
    best = min(s for s, _ in per_sequence)
    useful = sorted({t for s, u in per_sequence if s == best for t in u})
    return FormShanten(form, best, tuple(useful))


def honors_and_knitted(counts: Counts) -> FormShanten:
    held_honors = sum(1 for t in HONORS if counts[t])
    missing_honors = [t for t in HONORS if not counts[t]]
    per: list[tuple[int, tuple[int, ...]]] = []
    for seq in KNITTED:
        missing = [t for t in seq if not counts[t]]
        per.append((13 - (9 - len(missing)) - held_honors, (*missing, *missing_honors)))
    return _merge_by_sequence(Form.HONORS_AND_KNITTED, per)


def knitted_straight(counts: Counts, melds: int) -> FormShanten:
    candidates: list[tuple[int, Counts, list[int]]] = []
    for seq in KNITTED:
        rest = list(counts)
        missing: list[int] = []
        for t in seq:
            if rest[t]:
                rest[t] -= 1
            else:
                missing.append(t)
        candidates.append((len(missing), tuple(rest), missing))
    candidates.sort(key=lambda c: c[0])
    rests: list[tuple[int, Counts, list[int]]] = []
    least = 99
    for n_missing, left, missing in candidates:
        if n_missing - 1 > least:
            break  # the rest's shanten is at least -1: this sequence and the later ones cannot tie
        s = n_missing + regular_shanten(left, melds + 3)
        least = min(least, s)
        rests.append((s, left, missing))
    # useful tiles only for the sequences at the least shanten: the others are not merged
    per = [(s, (*missing, *_regular(r, melds + 3)[1])) for s, r, missing in rests if s == least]
    return _merge_by_sequence(Form.KNITTED_STRAIGHT, per)


def forms(counts: Counts, melds: int, only: tuple[Form, ...] = ALL_FORMS) -> dict[Form, FormShanten | None]:
    """Every form's shanten for standing ``counts`` beside ``melds`` melds; None where the melds
    rule a form out (the special forms need all 13 tiles standing, a knitted straight at most
    one meld) or the rule book has no such form (``only``: the forms it accepts)."""
    concealed = melds == 0
    return {
        Form.REGULAR: regular(counts, melds) if Form.REGULAR in only else None,
        Form.SEVEN_PAIRS: seven_pairs(counts) if concealed and Form.SEVEN_PAIRS in only else None,
        Form.THIRTEEN_ORPHANS: thirteen_orphans(counts) if concealed and Form.THIRTEEN_ORPHANS in only else None,
        Form.HONORS_AND_KNITTED:
            honors_and_knitted(counts) if concealed and Form.HONORS_AND_KNITTED in only else None,
        Form.KNITTED_STRAIGHT:
            knitted_straight(counts, melds) if melds <= 1 and Form.KNITTED_STRAIGHT in only else None,
    }


def best(per_form: dict[Form, FormShanten | None]) -> tuple[int, tuple[int, ...]]:
    """The hand's shanten (the least over its forms) and the tiles that lower it: the useful
    tiles of every form at that shanten (a form further away cannot get below it in one draw)."""
    present = [f for f in per_form.values() if f is not None]
    least = min(f.shanten for f in present)
    useful = sorted({t for f in present if f.shanten == least for t in f.useful})
    return least, tuple(useful)


def clear_caches() -> None:
    """Empty the per-group and per-hand caches (benchmarks measure a cold start with this)."""
    for cached in (_group, _merge, _honors, _best, _regular):
        cached.cache_clear()
