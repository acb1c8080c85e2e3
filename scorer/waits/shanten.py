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
(sets, partials, pair) trade-offs (``frontier``), then combined. Every group's frontier and every
combination of two are numbered in shipped tables (``tables``), so a hand's shanten is a few
lookups and a probe for a useful tile one more: nothing is searched for a hand never seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from .. import decompose
from ..decompose import KNITTED, ORPHANS
from ..forms import (  # the forms as module constants: compiled, an enum class attribute is a lookup
    ALL_FORMS,
    EIGHT_AND_A_HALF_PAIRS_FORM,
    HONORS_AND_KNITTED_FORM,
    KNITTED_STRAIGHT_FORM,
    REGULAR_FORM,
    SEVEN_PAIRS_FORM,
    THIRTEEN_ORPHANS_FORM,
    Form,
)
from ..tiles import HONOR_START, IS_HONOR, NUM_TILES, RANK
from . import frontier, searched
from .frontier import MAX_SETS, Counts, Frontier
from .tables import ABSENT, FIXED, FRONTIERS, HONOR, POW5, SUIT, VALUE, merged

HONORS: Final = tuple(range(HONOR_START, NUM_TILES))


@dataclass(frozen=True, init=False)
class FormShanten:
    """One form's shanten (0 = ready, -1 = complete) and the tile indices that lower it."""

    form: Form
    shanten: int
    useful: tuple[int, ...]

    def __init__(self, form: Form, shanten: int, useful: tuple[int, ...]) -> None:  # native when compiled
        object.__setattr__(self, "form", form)
        object.__setattr__(self, "shanten", shanten)
        object.__setattr__(self, "useful", useful)


# --- regular hands: per-group frontiers, looked up ----------------------------------------------
def _keys(counts: Counts) -> list[int] | None:
    """Each suit's counts and the honours' as base-5 keys into the tables (``tables.SUIT``,
    ``tables.HONOR``); None if a count is past 4 (no table holds that shape)."""
    keys = [0, 0, 0, 0]
    for g in range(4):
        start = 9 * g
        k = 0
        for i in range(min(start + 9, NUM_TILES) - 1, start - 1, -1):
            n = counts[i]
            if n > 4:
                return None
            k = k * 5 + n
        keys[g] = k
    return keys


def _ids(keys: list[int]) -> list[int] | None:
    """The four groups' frontier ids; None if the tables leave a group out (over 14 tiles)."""
    ids = [SUIT[keys[0]], SUIT[keys[1]], SUIT[keys[2]], HONOR[keys[3]]]
    return None if ABSENT in ids else ids


def _rests(ids: list[int]) -> list[int]:
    """For each group, the frontier id of the other three merged in order (as a fold would)."""
    g0, g1, g2, g3 = ids
    m01 = merged(g0, g1)
    return [
        merged(merged(g1, g2), g3),
        merged(merged(g0, g2), g3),
        merged(m01, g3),
        merged(m01, g2),
    ]


def _value(a: int, b: int, fixed: int) -> int:
    """The least shanten of frontiers ``a`` and ``b`` together beside ``fixed`` sets."""
    return VALUE[merged(a, b) * FIXED + fixed]


def regular_shanten(counts: Counts, fixed: int) -> int:
    """Regular-form shanten of standing ``counts`` beside ``fixed`` melds."""
    keys = _keys(counts)
    ids = None if keys is None else _ids(keys)
    if ids is None:
        return _searched(counts, fixed)[0]
    g0, g1, g2, g3 = ids
    return _value(merged(g0, g1), merged(g2, g3), fixed)


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
    """Shanten and useful tiles: each group's frontier and each probe's are table lookups (a
    probe adds ``5**rank`` to its group's key); nothing is searched."""
    keys = _keys(counts)
    ids = None if keys is None else _ids(keys)
    if keys is None or ids is None:
        return _searched(counts, fixed)
    rests = _rests(ids)
    result = _value(ids[0], rests[0], fixed)
    useful: list[int] = []
    for t in _probes(counts, result):
        g = 3 if t >= HONOR_START else t // 9
        if counts[t] == 4:  # a fifth copy (probed only when ready): no frontier table holds it
            if g == 3:  # five of an honour are a pung and a pair: as two of it beside one more set
                two = keys[3] - 2 * POW5[t - HONOR_START]
                shanten = _value(HONOR[two], rests[3], min(fixed + 1, MAX_SETS))
            elif sum(counts) == 3 * (MAX_SETS - fixed) + 1:  # it helps if it completes the hand
                shanten = -1 if t in decompose.waits(counts, MAX_SETS - fixed) else result
            else:  # tiles to spare (a knitted straight's rest): searched
                c = list(counts)
                c[t] += 1
                shanten = frontier.best(_group_searched(c, g), FRONTIERS[rests[g]], fixed)
        else:
            probe = keys[g] + POW5[t - 9 * g]
            shanten = _value(HONOR[probe] if g == 3 else SUIT[probe], rests[g], fixed)
        if shanten < result:
            useful.append(t)
    return result, tuple(useful)


def _group_searched(c: list[int], g: int) -> Frontier:
    if g == 3:
        return frontier.honors(tuple(c[HONOR_START:NUM_TILES]))
    return frontier.group(tuple(c[9 * g : 9 * g + 9]), True)


def _searched(counts: Counts, fixed: int) -> tuple[int, tuple[int, ...]]:
    """``_regular`` by search alone, for counts the tables leave out (no real hand has them)."""
    groups = [_group_searched(list(counts), g) for g in range(4)]
    rests = []
    for k in range(4):
        f = frontier.EMPTY
        for other in groups[:k] + groups[k + 1:]:
            f = frontier.merge(f, other)
        rests.append(f)
    result = frontier.best(groups[0], rests[0], fixed)
    useful: list[int] = []
    c = list(counts)
    for t in _probes(counts, result):
        g = 3 if t >= HONOR_START else t // 9
        c[t] += 1
        if frontier.best(_group_searched(c, g), rests[g], fixed) < result:
            useful.append(t)
        c[t] -= 1
    return result, tuple(useful)


def regular(counts: Counts, melds: int) -> FormShanten:
    shanten, useful = _regular(counts, melds)
    return FormShanten(REGULAR_FORM, shanten, useful)


# --- special forms ---------------------------------------------------------------------------------
# Plain loops, no generators: every hand analysed asks each form (a generator is an object per call
# in the compiled build).
def seven_pairs(counts: Counts) -> FormShanten:
    pairs = 0
    odd: list[int] = []
    for t in range(NUM_TILES):
        n = counts[t]
        pairs += n // 2
        if n % 2:
            odd.append(t)
    return FormShanten(SEVEN_PAIRS_FORM, 6 - pairs, tuple(odd))


def thirteen_orphans(counts: Counts) -> FormShanten:
    kinds = 0
    paired = False
    for t in ORPHANS:
        n = counts[t]
        if n:
            kinds += 1
            if n > 1:
                paired = True
    useful = tuple([t for t in ORPHANS if not (paired and counts[t])])
    return FormShanten(THIRTEEN_ORPHANS_FORM, (12 if paired else 13) - kinds, useful)


def _merge_by_sequence(form: Form, per_sequence: list[tuple[int, tuple[int, ...]]]) -> FormShanten:
    """The best of the six knitted sequences; equal ones unite their useful tiles."""
    best = 99
    for s, _ in per_sequence:
        best = min(best, s)
    useful: set[int] = set()
    for s, u in per_sequence:
        if s == best:
            useful.update(u)
    return FormShanten(form, best, tuple(sorted(useful)))


def honors_and_knitted(counts: Counts) -> FormShanten:
    held_honors = 0
    missing_honors: list[int] = []
    for t in HONORS:
        if counts[t]:
            held_honors += 1
        else:
            missing_honors.append(t)
    # The sequences at the most tiles held are the best (``_merge_by_sequence``'s rule): counted
    # first, then only their missing tiles marked, with no tuple or set a sequence.
    held: list[int] = []
    most = 0
    for seq in KNITTED:
        n = 0
        for t in seq:
            if counts[t]:
                n += 1
        held.append(n)
        most = max(most, n)
    wanted = [False] * NUM_TILES
    for k in range(len(KNITTED)):
        if held[k] == most:
            for t in KNITTED[k]:
                if not counts[t]:
                    wanted[t] = True
    for t in missing_honors:
        wanted[t] = True
    useful = tuple([t for t in range(NUM_TILES) if wanted[t]])
    return FormShanten(HONORS_AND_KNITTED_FORM, 13 - most - held_honors, useful)


KnittedRest = tuple[int, int, list[int]]  # (shanten with this sequence, the sequence's number, its missing tiles)


def _knitted_rests(counts: Counts, melds: int) -> tuple[int, list[KnittedRest]]:
    """The knitted straight's shanten, and the sequences that might reach it (at least those).

    What is left beside a sequence differs from the hand by one copy of each held sequence tile,
    so its table keys are the hand's less those tiles' powers of five: no count vector is copied
    and no key worked out again (``regular_shanten`` of the rest, by lookups alone)."""
    keys = _keys(counts)
    missing_of: list[list[int]] = []
    keys_of: list[list[int]] = []
    for seq in KNITTED:
        missing: list[int] = []
        left = [0, 0, 0, 0] if keys is None else [keys[0], keys[1], keys[2], keys[3]]
        for t in seq:
            if counts[t]:
                g = t // 9
                left[g] = left[g] - POW5[t - 9 * g]
            else:
                missing.append(t)
        missing_of.append(missing)
        keys_of.append(left)
    order = sorted(range(len(KNITTED)), key=lambda k: len(missing_of[k]))  # stable: ties keep sequence order
    rests: list[KnittedRest] = []
    least = 99
    fixed = melds + 3
    for k in order:
        n_missing = len(missing_of[k])
        if n_missing - 1 > least:
            break  # the rest's shanten is at least -1: this sequence and the later ones cannot tie
        left = keys_of[k]
        ids = None if keys is None else _ids(left)
        if ids is None:
            rest = regular_shanten(_knitted_left(counts, k), fixed)
        else:
            rest = _value(merged(ids[0], ids[1]), merged(ids[2], ids[3]), fixed)
        s = n_missing + rest
        least = min(least, s)
        rests.append((s, k, missing_of[k]))
    return least, rests


def _knitted_left(counts: Counts, k: int) -> Counts:
    """The counts less one copy of each held tile of knitted sequence ``k``."""
    rest = list(counts)
    for t in KNITTED[k]:
        if rest[t]:
            rest[t] -= 1
    return tuple(rest)


def _knitted_useful(counts: Counts, least: int, rests: list[KnittedRest], melds: int) -> tuple[int, ...]:
    # useful tiles only for the sequences at the least shanten: the others are not merged
    per = [(s, (*missing, *_regular(_knitted_left(counts, k), melds + 3)[1])) for s, k, missing in rests if s == least]
    return _merge_by_sequence(KNITTED_STRAIGHT_FORM, per).useful


def knitted_straight(counts: Counts, melds: int) -> FormShanten:
    least, rests = _knitted_rests(counts, melds)
    return FormShanten(KNITTED_STRAIGHT_FORM, least, _knitted_useful(counts, least, rests, melds))


def forms(counts: Counts, melds: int, only: tuple[Form, ...] = ALL_FORMS) -> dict[Form, FormShanten | None]:
    """Every form's shanten for standing ``counts`` beside ``melds`` melds; None where the melds
    rule a form out (the special forms need all 13 tiles standing, a knitted straight at most
    one meld) or the rule book has no such form (``only``: the forms it accepts)."""
    concealed = melds == 0
    return {
        REGULAR_FORM: regular(counts, melds) if REGULAR_FORM in only else None,
        SEVEN_PAIRS_FORM: seven_pairs(counts) if concealed and SEVEN_PAIRS_FORM in only else None,
        THIRTEEN_ORPHANS_FORM: thirteen_orphans(counts) if concealed and THIRTEEN_ORPHANS_FORM in only else None,
        HONORS_AND_KNITTED_FORM:
            honors_and_knitted(counts) if concealed and HONORS_AND_KNITTED_FORM in only else None,
        KNITTED_STRAIGHT_FORM:
            knitted_straight(counts, melds) if melds <= 1 and KNITTED_STRAIGHT_FORM in only else None,
    }


def best(per_form: dict[Form, FormShanten | None]) -> tuple[int, tuple[int, ...]]:
    """The hand's shanten (the least over its forms) and the tiles that lower it: the useful
    tiles of every form at that shanten (a form further away cannot get below it in one draw)."""
    present = [f for f in per_form.values() if f is not None]
    least = min(f.shanten for f in present)
    useful = sorted({t for f in present if f.shanten == least for t in f.useful})
    return least, tuple(useful)


def outlook(
    counts: Counts, melds: int, only: tuple[Form, ...] = ALL_FORMS, sets: int = 4,
) -> tuple[tuple[tuple[Form, int | None], ...], int, tuple[int, ...]]:
    """``forms`` and ``best`` at once: each form's shanten (None where ruled out), the least, and
    the useful tiles of the forms at the least. A knitted straight further away than that never
    has its useful tiles worked out: they are most of its cost, and most hands are far from one.
    Hands of other than four sets (``sets``) are searched (``searched``), form by form of ``only``."""
    if sets != 4:
        return _searched_outlook(counts, melds, only, sets)
    knitted = melds <= 1 and KNITTED_STRAIGHT_FORM in only
    per = forms(counts, melds, tuple([f for f in only if f is not KNITTED_STRAIGHT_FORM]))
    shanten = [(f, None if r is None else r.shanten) for f, r in per.items()]
    least = min([r.shanten for r in per.values() if r is not None], default=99)
    if knitted:
        ks_least, rests = _knitted_rests(counts, melds)
        shanten[-1] = (KNITTED_STRAIGHT_FORM, ks_least)  # forms() puts the knitted straight last
        least = min(least, ks_least)
    useful = {t for r in per.values() if r is not None and r.shanten == least for t in r.useful}
    if knitted and ks_least == least:
        useful.update(_knitted_useful(counts, ks_least, rests, melds))
    return tuple(shanten), least, tuple(sorted(useful))


def _searched_outlook(
    counts: Counts, melds: int, only: tuple[Form, ...], sets: int,
) -> tuple[tuple[tuple[Form, int | None], ...], int, tuple[int, ...]]:
    """``outlook`` of a hand of ``sets`` sets: the regular form and the special forms of that size,
    each of ``only`` listed (None where the melds rule it out)."""
    per: list[tuple[Form, tuple[int, tuple[int, ...]] | None]] = []
    for form in only:
        if form is REGULAR_FORM:
            per.append((form, searched.regular(counts, melds, sets)))
        elif form is EIGHT_AND_A_HALF_PAIRS_FORM and sets == 5:
            per.append((form, searched.eight_and_a_half_pairs(counts) if melds == 0 else None))
        else:
            per.append((form, None))
    least = min([r[0] for _, r in per if r is not None], default=99)
    useful = {t for _, r in per if r is not None and r[0] == least for t in r[1]}
    return tuple((f, None if r is None else r[0]) for f, r in per), least, tuple(sorted(useful))


def clear_caches() -> None:
    """Empty the per-hand and searched-group caches (benchmarks measure a cold start with this)."""
    _regular.cache_clear()
    frontier.clear_caches()
    searched.group.cache_clear()
