"""The decomposition tables against a plain search, and the order divisions come back in."""

import random
from pathlib import Path

import pytest

from scorer import decompose
from scorer.decompose import CHOW, PUNG
from tools import make_decompose_tables


def search(counts, need):
    """Brute force: take the lowest tile as the pair, a pung or a chow start, recursively."""
    out = set()

    def go(c, need, sets, pair):
        i = next((k for k, n in enumerate(c) if n), None)
        if i is None:
            if need == 0 and pair is not None:
                out.add((tuple(sorted(sets)), pair))
            return
        if pair is None and c[i] >= 2:
            c[i] -= 2
            go(c, need, sets, i)
            c[i] += 2
        if need and c[i] >= 3:
            c[i] -= 3
            go(c, need - 1, [*sets, (i, PUNG)], pair)
            c[i] += 3
        if need and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            go(c, need - 1, [*sets, (i, CHOW)], pair)
            for k in (i, i + 1, i + 2):
                c[k] += 1

    go(list(counts), need, [], None)
    return tuple(sorted(out))


def random_counts(rng, need):
    c = [0] * 34
    suits = rng.sample(range(4), rng.randint(1, 3))
    while sum(c) < 3 * need + 2:
        s = rng.choice(suits)
        i = s * 9 + rng.randrange(9) if s < 3 else 27 + rng.randrange(7)
        if c[i] < 4:
            c[i] += 1
    return tuple(c)


@pytest.mark.parametrize("need", [1, 2, 3, 4])
def test_tables_find_exactly_the_divisions_a_search_finds(need):
    rng = random.Random(need)
    complete = 0
    for _ in range(6000):
        c = random_counts(rng, need)
        want = search(c, need)
        assert decompose.regular_divisions(c, need) == want, c
        complete += bool(want)
    assert complete > 50  # the sample holds enough complete hands to mean something


def test_the_shipped_tables_are_what_the_generator_makes():
    shipped = Path(decompose.TABLES_FILE).read_bytes()
    assert make_decompose_tables.same(shipped, make_decompose_tables.build()), "run tools/make_decompose_tables.py"
    assert decompose.suit_key((0,) * 9 + (1, 0, 0, 0, 0, 0, 0, 0, 2), 9) == 1 + 2 * 6**8
    assert decompose.suit_key((6,) + (0,) * 8, 0) == -1  # no table holds six of a tile


def test_divisions_come_in_the_reference_order():
    # 111222333m 456p 99s: pungs before chows at the same tile, lowest first.
    c = [0] * 34
    for i in (0, 0, 0, 1, 1, 1, 2, 2, 2):
        c[i] += 1
    for i in (21, 22, 23, 17, 17):  # 456p, 99s
        c[i] += 1
    divisions = decompose.regular_divisions(tuple(c), 4)
    assert [sets for sets, _ in divisions] == [
        ((0, PUNG), (1, PUNG), (2, PUNG), (21, CHOW)),
        ((0, CHOW), (0, CHOW), (0, CHOW), (21, CHOW)),
    ]


def test_waits_of_a_nine_gates_hand_are_all_nine_tiles():
    c = [0] * 34
    for i, n in enumerate([3, 1, 1, 1, 1, 1, 1, 1, 3]):
        c[i] = n
    assert decompose.waits(tuple(c), 4) == frozenset(range(9))


def test_one_vocabulary_for_set_kinds():
    # Melds, the decomposition and the result's groups share one enum; each member is its JSON string.
    from scorer import MeldKind, SetKind, score
    from scorer.set_kind import KNITTED_STRAIGHT

    assert MeldKind is SetKind and PUNG is SetKind.PUNG and CHOW is MeldKind.CHOW
    assert [k.value for k in SetKind] == [
        "pung", "chow", "kong", "pair", "knitted_straight", "knitted", "thirteen_orphans", "nine_gates",
    ]
    assert SetKind("chow") is CHOW and CHOW == "chow" and hash(CHOW) == hash("chow")
    # The reference's order, not the alphabet's: a pung before a chow at the same tile.
    assert PUNG < CHOW < SetKind.KONG and not CHOW < PUNG and CHOW > PUNG and PUNG <= PUNG >= PUNG
    assert sorted([(0, CHOW), (0, PUNG)]) == [(0, PUNG), (0, CHOW)]
    r = score("147m258p369sEE11p1p", self_drawn=True)
    assert [s.kind for s in r.decomposition][:1] == [KNITTED_STRAIGHT]
    body = r.to_dict()["decomposition"]
    assert [type(s["kind"]) for s in body] == [str] * len(body)
    assert [s["kind"] for s in body] == ["knitted_straight", "pung", "pair"]


def test_a_division_splits_into_its_chows_and_pungs_in_order():
    """What the books' readings start from: every set once, by kind, in the division's order; and a
    tile is in a chow exactly when one of the chow's three tiles is it."""
    rnd = random.Random(7)
    for _ in range(300):
        counts = [0] * 34
        for _ in range(4):
            t = rnd.randrange(27)
            if t % 9 <= 6 and rnd.random() < 0.5:
                for k in range(3):
                    counts[t + k] += 1
            else:
                counts[t] += 3
        counts[rnd.randrange(34)] += 2
        if max(counts) > 4:
            continue
        for sets, _pair in decompose.regular_divisions(tuple(counts), 4):
            chows, pungs = decompose.split_sets(sets)
            assert chows == [t for t, k in sets if k is CHOW]
            assert pungs == [t for t, k in sets if k is PUNG]
            for tile in range(34):
                assert decompose.in_chow(tile, chows) == any(tile in (c, c + 1, c + 2) for c in chows)
