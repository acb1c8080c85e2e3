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

A 16-tile book's hands (five sets and a pair, and seven pairs and a triplet) are read from the same
four-set tables (``five_sets_regular``: a meld or each set the tiles hold counted as the fifth) and
from counts of copies (``eight_and_a_half_pairs``); a fifth copy is never useful to them.
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
from . import frontier
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


def descend(counts: Counts, fixed: int, may: int, cap: int, jokers: int, floor: int
            ) -> tuple[int, int, list[int]] | None:
    """The joker engine's quick shanten (``scorer.wild.shanten``): ``jokers`` read one at a time
    as the first tile (ascending) whose draw lowers the regular form's shanten beside ``fixed``
    melds — of the tiles in the mask ``may`` held fewer than ``cap`` times (-1: no cap) — until it
    reaches its bound, the shanten less the jokers and not below ``floor``: (the shanten reached,
    the jokers left, the counts with those read). None where a step finds no tile, or the counts
    are ones the tables leave out. ``_regular``'s lookups, each group's key moved by a tile, each
    step stopped at the first tile that lowers; a fifth copy, which no table holds, is not tried."""
    keys = _keys(counts)
    ids = None if keys is None else _ids(keys)
    if keys is None or ids is None:
        return None
    c = list(counts)
    rests = _rests(ids)
    current = _value(ids[0], rests[0], fixed)
    left = jokers
    target = current - jokers if current - jokers > floor else floor
    while current > target:
        found = -1
        for t in range(NUM_TILES):
            if not may >> t & 1:
                continue
            n = c[t]
            if n >= 4 or (cap >= 0 and n >= cap):
                continue
            if n == 0 and (IS_HONOR[t] or not _near(c, t)):
                continue  # a lone new tile lowers nothing
            g = 3 if t >= HONOR_START else t // 9
            probe = keys[g] + POW5[t - 9 * g]
            i = HONOR[probe] if g == 3 else SUIT[probe]
            if i != ABSENT and _value(i, rests[g], fixed) < current:
                c[t] = n + 1
                keys[g] = probe
                ids[g] = i
                found = t
                break
        if found < 0:
            return None
        left -= 1
        rests = _rests(ids)
        current = _value(ids[0], rests[0], fixed)
    return current, left, c


def _near(c: list[int], t: int) -> bool:
    """``_has_neighbour`` of counts being changed."""
    r = RANK[t]
    return bool((r < 9 and c[t + 1]) or (r < 8 and c[t + 2]) or (r > 1 and c[t - 1]) or (r > 2 and c[t - 2]))


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
    Hands of five sets (``sets``, a 16-tile book's) are the same lookups (``five_sets_regular``),
    form by form of ``only``."""
    if sets != 4:
        return _five_sets_outlook(counts, melds, only, sets)
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


def _five_sets_outlook(
    counts: Counts, melds: int, only: tuple[Form, ...], sets: int,
) -> tuple[tuple[tuple[Form, int | None], ...], int, tuple[int, ...]]:
    """``outlook`` of a hand of five sets: the regular form and the special forms of that size,
    each of ``only`` listed (None where the melds rule it out)."""
    if sets != MAX_SETS + 1:
        raise ValueError(f"a hand of {sets} sets: the shanten is worked out for four and five")
    per: list[tuple[Form, tuple[int, tuple[int, ...]] | None]] = []
    for form in only:
        if form is REGULAR_FORM:
            per.append((form, five_sets_regular(counts, melds)))
        elif form is EIGHT_AND_A_HALF_PAIRS_FORM:
            per.append((form, eight_and_a_half_pairs(counts) if melds == 0 else None))
        else:
            per.append((form, None))
    least = 99
    for _, r in per:
        if r is not None and r[0] < least:
            least = r[0]
    useful: set[int] = set()
    for _, r in per:
        if r is not None and r[0] == least:
            useful.update(r[1])
    return tuple([(f, None if r is None else r[0]) for f, r in per]), least, tuple(sorted(useful))


# --- hands of five sets and a pair (a 16-tile book's) ------------------------------------------------
# The regular shanten toward S sets is the least of ``2·S - 2·sets - min(partials, S - sets) - pair``
# over the ways to split the tiles, melds counting as sets. Toward five sets it is the four-set tables'
# value in two ways, so that a 16-tile hand is lookups as a 13-tile one is, with nothing searched:
#
# * beside a meld: one meld counted as the fifth set, the rest is the four-set shanten beside one
#   meld fewer (both the sets and the partials' room are one less on each side of the equation);
# * all concealed: a split holding a set X is the four-set split of the tiles less X (the same
#   value), so the least over them is the least over the sets X the tiles hold of the four-set
#   value of the tiles less X (13 or 14 of them, which the tables cover); a split with no set at all
#   is worth ``10 - min(partials, 5) - pair``, at least 4, and is worked out only when no split with
#   a set does better (``_no_set_value``).
#
# Neither way counts a fifth copy of a tile as useful (it cannot be drawn): the four-set tables list
# it as a formal wait, these hands never did.
def five_sets_regular(counts: Counts, melds: int) -> tuple[int, tuple[int, ...]]:
    """Regular-form shanten of standing ``counts`` beside ``melds`` melds toward five sets and a
    pair, and the tiles whose draw lowers it."""
    if melds > 0:
        result, useful = _regular(counts, melds - 1)
        return result, tuple([t for t in useful if counts[t] < 4])
    return _concealed_five(counts)


@lru_cache(maxsize=1 << 12)
def _concealed_five(counts: Counts) -> tuple[int, tuple[int, ...]]:
    keys = _keys(counts)
    if keys is None:
        raise ValueError("a count past four")
    c = list(counts)
    result = _five_value(c, keys)
    useful: list[int] = []
    for t in range(NUM_TILES):
        n = c[t]
        if n >= 4 or (n == 0 and (IS_HONOR[t] or not _has_neighbour(counts, t))):
            continue  # no fifth copy; a lone new tile joins nothing
        g = 3 if t >= HONOR_START else t // 9
        step = POW5[t - 9 * g]
        c[t] = n + 1
        keys[g] += step  # a draw moves its group's key alone
        if _five_value(c, keys) < result:
            useful.append(t)
        keys[g] -= step
        c[t] = n
    return result, tuple(useful)


def _five_value(counts: list[int], keys: list[int]) -> int:
    """The five-set shanten of concealed ``counts`` (16 or 17 tiles, none past four), whose groups'
    table keys are ``keys``."""
    ids = [SUIT[keys[0]], SUIT[keys[1]], SUIT[keys[2]], HONOR[keys[3]]]
    least = 99
    for g in range(4):
        # the other three groups' frontiers merged; a group past the tables' 14 tiles leaves no
        # room for a set elsewhere (17 tiles at most), so only its own sets are set aside
        others = [ids[k] for k in range(4) if k != g]
        if ABSENT in others:
            continue
        rest = merged(merged(others[0], others[1]), others[2])
        for a in _aside(keys[g], g == 3):
            v = VALUE[merged(a, rest) * FIXED]
            if v < least:
                least = v
    if least <= 4:
        return least  # a split with no set is worth 4 at best
    return min(least, _no_set_value(counts))


@lru_cache(maxsize=1 << 14)
def _aside(key: int, honours: bool) -> tuple[int, ...]:
    """The frontier ids of a group's tiles (its table key) less each set they hold, a pung or a
    chow, each id once: a draw elsewhere leaves them as they are, and few sets leave different ones."""
    size = 7 if honours else 9
    table = HONOR if honours else SUIT
    digits: list[int] = []
    k = key
    for _ in range(size):
        digits.append(k % 5)
        k //= 5
    out: list[int] = []
    for r in range(size):
        n = digits[r]
        if n >= 3:
            i = table[key - 3 * POW5[r]]
            if i not in out:
                out.append(i)
        if not honours and r < 7 and n and digits[r + 1] and digits[r + 2]:
            i = table[key - POW5[r] - POW5[r + 1] - POW5[r + 2]]
            if i not in out:
                out.append(i)
    return tuple(out)


def _no_set_value(counts: list[int]) -> int:
    """``10 - min(partials, 5) - pair`` at best over the splits of the tiles into partial sets and
    one pair alone, no set (each group's best (partials, pair) trade-offs, combined)."""
    with_pair = -1  # the most partials beside the pair, over the groups so far (-1: no pair yet)
    without = 0  # the most partials with no pair
    for g in range(4):
        if g == 3:
            two, one = _honour_units(counts)
        else:
            two, one = _suit_units(tuple(counts[9 * g: 9 * g + 9]))
        # ``one``: the most partials in this group with no pair taken; ``two``: with one pair taken
        # out of it (-1: none can be)
        best_with = with_pair + one if with_pair >= 0 else -1
        if two >= 0:
            best_with = max(best_with, without + two)
        with_pair = best_with
        without = without + one
    best = min(without, 5)
    if with_pair >= 0:
        best = max(best, min(with_pair, 5) + 1)
    return 10 - best


def _honour_units(counts: list[int]) -> tuple[int, int]:
    """The honours' partials (two alike) with no pair taken, and with one taken (-1: none)."""
    pairs = 0
    for t in HONORS:
        pairs += counts[t] // 2
    return (pairs - 1 if pairs else -1), pairs


@lru_cache(maxsize=1 << 12)
def _suit_units(counts: Counts) -> tuple[int, int]:
    """A suit's most partials (two alike, two in a row, two with a gap) and no set, with one pair
    taken out beside them (-1: none can be), and with none: rank by rank, each way to use the lowest
    rank held."""
    i = 0
    while i < 9 and counts[i] == 0:
        i += 1
    if i == 9:
        return -1, 0
    c = list(counts)
    c[i] -= 1
    alone = _suit_units(tuple(c))  # one copy of the lowest rank left alone
    two, one = alone
    if counts[i] >= 2:
        c[i] -= 1
        two2, one2 = _suit_units(tuple(c))
        two = max(two, one2, two2 + 1 if two2 >= 0 else -1)  # the pair itself, or a partial
        one = max(one, one2 + 1)
        c[i] += 1
    for step in (1, 2):
        if i + step < 9 and counts[i + step]:
            c[i + step] -= 1
            two2, one2 = _suit_units(tuple(c))
            two = max(two, two2 + 1 if two2 >= 0 else -1)
            one = max(one, one2 + 1)
            c[i + step] += 1
    return two, one


def _pairs_and_triplet(held: list[int], pairs: int, singles: int) -> int:
    """Tiles still to draw to hold seven pairs and a triplet (four alike are two pairs), from how
    many tiles the hand holds 0-4 copies of (``held``) and its pairs and singles: the least over the
    triplet's tile, which matters only by the copies of it held."""
    best = 99
    for n in range(5):
        if not held[n]:
            continue
        have = min(n, 3)
        left = n - have
        p = pairs - n // 2 + left // 2
        s = singles - n % 2 + left % 2
        short = max(0, 7 - p)
        need = 3 - have + min(short, s) + 2 * max(0, short - s)
        best = min(best, need)
    return best


def eight_and_a_half_pairs(counts: Counts) -> tuple[int, tuple[int, ...]]:
    """Shanten of 16 concealed tiles toward seven pairs and a triplet (17 at the win), and the tiles
    whose draw lowers it (a fifth copy is never one). A draw changes one tile's copies: the counts
    of copies, the pairs and the singles are moved by it, not counted again."""
    held = [0, 0, 0, 0, 0]
    pairs = 0
    singles = 0
    for t in range(NUM_TILES):
        n = counts[t]
        held[n] += 1
        pairs += n // 2
        singles += n % 2
    result = _pairs_and_triplet(held, pairs, singles) - 1
    useful: list[int] = []
    for t in range(NUM_TILES):
        n = counts[t]
        if n >= 4:
            continue
        held[n] -= 1
        held[n + 1] += 1
        more_pairs = (n + 1) // 2 - n // 2
        more_singles = 1 - 2 * (n % 2)  # a single made, or one made a pair
        if _pairs_and_triplet(held, pairs + more_pairs, singles + more_singles) - 1 < result:
            useful.append(t)
        held[n + 1] -= 1
        held[n] += 1
    return result, tuple(useful)


def clear_caches() -> None:
    """Empty the per-hand and searched-group caches (benchmarks measure a cold start with this)."""
    _regular.cache_clear()
    _concealed_five.cache_clear()
    _aside.cache_clear()
    _suit_units.cache_clear()
    frontier.clear_caches()
