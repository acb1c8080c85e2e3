"""Differential test: ``scorer.score`` against the reference calculator on thousands of random hands.

Hands come from ``testkit.hands.themed`` (fixed seeds, every structure), the reference's answer from
``testkit.oracle`` (pymahjonggb with the written rulings of RULINGS.md applied in
``oracle.apply_rulings``, nowhere else). Compared: the set of (fan id, count), points, validity
(points >= 8), total and payouts; then the same hands won on every other tile ("near misses",
mostly no win at all), where both must also agree on whether the hand wins. Agreement must be
100%: a mismatch is an engine bug to fix, and the failure prints the first mismatches with the
hand in reference notation and its context.
For a grouped view of many mismatches: ``python -m tests.mcr.differential_report --n 20000 --seed 7``.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from testkit import oracle
from testkit.hands.themed import CODES, GenHand, generate, near_misses
from testkit.oracle import (
    CONCEALED_AND_MELDED_KONG,
    ID_BY_NAME_ZH,
    REFERENCE_LABELS,
    SAMPLES,
    UnmappedFan,
    apply_rulings,
    compare,
    format_table,
    hands,
    reference_raw,
    reference_score,
    settle,
)
from testkit.oracle import SAMPLE_SEED as SEED


@pytest.mark.slow
@pytest.mark.parametrize("structure", list(SAMPLES))
def test_scorer_agrees_with_reference(structure: str) -> None:
    sample = hands(structure)
    mismatches = [m for i, g in enumerate(sample) if (m := compare(i, g)) is not None]
    if mismatches:
        pytest.fail(
            f"{structure} (seed {SEED}, hand #i = testkit.hands.themed.generate({SEED}, i"
            f"{'' if structure == 'mixed' else f', {structure!r}'})): " + format_table(mismatches, len(sample)),
            pytrace=False,
        )


NEAR_MISS_HANDS = 60  # per structure; each gives ~30 variants, most of them no win


@pytest.mark.slow
@pytest.mark.parametrize("structure", list(SAMPLES))
def test_near_misses_agree_with_reference(structure: str) -> None:
    """The same hands won on every other tile: mostly incomplete, sometimes another wait.

    Both must agree on whether it is a win at all, and on everything else when it is.
    """
    variants = [h for g in hands(structure)[:NEAR_MISS_HANDS] for h in near_misses(g)]
    mismatches = [m for i, h in enumerate(variants) if (m := compare(i, h)) is not None]
    if mismatches:
        pytest.fail(f"{structure} near misses (seed {SEED}): " + format_table(mismatches, len(variants)),
                    pytrace=False)


# --- the generator itself: legal hands, consistent contexts, every fan exercised ---------------------
def _legal(g: GenHand) -> list[str]:
    """What is wrong with a generated hand (empty when nothing), checked without either scorer."""
    problems = []
    if len(g.concealed) != 13 - 3 * len(g.melds):
        problems.append(f"{len(g.concealed)} concealed tiles with {len(g.melds)} melds")
    counts = Counter(g.all_tiles())
    problems += [f"{n} copies of {c}" for c, n in counts.items() if n > 4]
    for m in g.melds:
        idx = [CODES.index(c) for c in m.tiles]
        if m.kind == "chow":
            ok = len(idx) == 3 and idx[0] < 27 and idx[0] % 9 <= 6 and idx == [idx[0], idx[0] + 1, idx[0] + 2]
        else:
            ok = len(set(idx)) == 1 and len(idx) == (3 if m.kind == "pung" else 4)
        if not ok:
            problems.append(f"bad meld {m}")
        if m.concealed != (m.kind == "kong" and m.claimed == 0) or (not m.concealed and m.claimed not in (1, 2, 3)):
            problems.append(f"bad concealed/claimed on {m}")
    c = g.context
    w = g.winning_tile
    held = g.concealed.count(w)
    in_melds = sum(m.tiles.count(w) for m in g.melds)
    if c["kong_replacement"] and not (c["self_drawn"] and any(m.kind == "kong" for m in g.melds)):
        problems.append("kong_replacement without a self-drawn win and a kong")
    if c["robbing_kong"] and (c["self_drawn"] or held or in_melds):
        problems.append("robbing_kong contradicted")
    if c["self_drawn"] and c["discarder"] is not None:
        problems.append("discarder on a self-drawn win")
    if c["discarder"] is not None and c["discarder"] == c["seat_wind"]:
        problems.append("discarder is the winner")
    if not 0 <= g.flowers <= 8 or not 1 <= c["base_points"] <= 5:
        problems.append("flowers or base points out of range")
    return problems


def test_generated_hands_are_legal_and_complete() -> None:
    bad = []
    for structure in SAMPLES:
        for i, g in enumerate(hands(structure)):
            problems = _legal(g)
            try:
                reference_raw(g)  # raises TypeError('ERROR_NOT_WIN') on an incomplete hand
            except TypeError as e:
                problems.append(f"reference: {e}")
            if problems:
                bad.append(f"{structure} #{i} {g.notation()} ({g.context_str()}): {'; '.join(problems)}")
    assert not bad, "\n".join(bad[:20])


def test_generation_is_deterministic() -> None:
    assert [generate(SEED, i) for i in range(50)] == [generate(SEED, i) for i in range(50)]
    assert generate(SEED, 0) != generate(SEED + 1, 0)


def test_generator_exercises_every_fan() -> None:
    """Over the differential's hands, the reference reports each of the 81 fans (and 明暗杠).

    (At this seed the rarest, 清幺九, occurs 13 times and 无番和 19 times.)"""
    seen: Counter[str] = Counter()
    structures: Counter[str] = Counter()
    for structure in SAMPLES:
        for g in hands(structure):
            structures[g.structure] += 1
            for _, count, name_zh, _ in reference_raw(g):
                seen[ID_BY_NAME_ZH.get(REFERENCE_LABELS.get(name_zh, name_zh), name_zh)] += count
    missing = sorted(set(ID_BY_NAME_ZH.values()) - set(seen))
    assert not missing, f"no hand exercised {missing}; per structure {dict(structures)}"
    assert seen[CONCEALED_AND_MELDED_KONG] > 0
    assert set(structures) >= {"regular", "seven_pairs", "seven_shifted_pairs", "thirteen_orphans",
                               "lesser_honors_and_knitted", "greater_honors_and_knitted", "knitted_straight",
                               "nine_gates", "crowded"}


# --- the harness itself: the oracle maps every name, applies the rulings, and catches a wrong answer ----
def test_rulings_map_concealed_and_melded_kong_to_six_points() -> None:
    raw = (
        (6, 1, "碰碰和", "All Pungs"),
        (5, 1, "明暗杠", "Concealed Kong and Melded Kong"),
        (1, 2, "花牌", "Flower Tiles"),
    )
    assert apply_rulings(raw) == {"all_pungs": 1, "two_melded_kongs": 1, "concealed_kong": 1, "flower_tiles": 2}


@pytest.mark.parametrize(("name", "fan_id"), [("独听・单钓", "single_wait"), ("独听・边张", "edge_wait"),
                                              ("独听・嵌张", "closed_wait"), ("嵌张", "closed_wait")])
def test_reference_labels(name: str, fan_id: str) -> None:
    assert apply_rulings(((1, 1, name, ""),)) == {fan_id: 1}


@pytest.mark.parametrize("raw", [
    pytest.param(((8, 1, "天和", "Heavenly Hand"),), id="unknown-name"),
    pytest.param(((2, 1, "平和", "All Chows"), (7, 1, "七对", "Seven Pairs")), id="points-disagree"),
])
def test_unmapped_reference_fans_fail_loudly(raw: tuple[tuple[int, int, str, str], ...]) -> None:
    with pytest.raises(UnmappedFan):
        apply_rulings(raw)


def test_settlement() -> None:
    ctx = {"seat_wind": "E", "self_drawn": False, "discarder": "S", "base_points": 1}
    # the Green Book introduction's worked example
    assert settle(12, True, ctx) == {"E": 36, "S": -20, "W": -8, "N": -8}
    assert settle(13, True, {**ctx, "self_drawn": True, "discarder": None}) == {"E": 63, "S": -21, "W": -21, "N": -21}
    assert settle(10, True, {**ctx, "seat_wind": "W", "discarder": "N", "base_points": 3}) == \
        {"E": -24, "S": -24, "W": 102, "N": -54}
    assert settle(12, True, {**ctx, "discarder": None}) is None
    assert settle(7, False, ctx) is None


def test_compare_catches_a_wrong_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    g = next(g for i in range(200) if (g := generate(SEED, i, "regular")).flowers == 0 and
             reference_score(g).valid and reference_score(g).payouts)
    assert compare(0, g) is None
    right = oracle.our_score(g)
    dropped = dataclasses.replace(right, fans=right.fans[1:])
    monkeypatch.setattr(oracle, "our_score", lambda _: dropped)
    m = compare(0, g)
    assert m is not None and "fans" in m.what and m.missing == {right.fans[0].id: right.fans[0].count}
    paid = dataclasses.replace(right, payouts={w: 0 for w in "ESWN"})
    monkeypatch.setattr(oracle, "our_score", lambda _: paid)
    assert compare(0, g).what == ("payouts",)
    monkeypatch.setattr(oracle, "our_score", lambda _: (_ for _ in ()).throw(ValueError("boom")))
    assert compare(0, g).signature == ("raised ValueError: boom", "")
