"""The MCR presets against the reference calculator, on the differential's generated hands of every
structure (``tests.mcr.test_differential``'s sample, ``testkit.oracle``'s reference).

- ``wmo-2014``: every hand that none of RULINGS.md ED1-ED8 touches (judged from the tiles and the
  reference's raw answer, never from our own) scores exactly as the reference with the written
  rulings; the hands they touch are the hand-worked cases of ``tests/mcr/test_mcr_editions.py``, and
  here they differ from the reference only in the fans those entries name (or in the reading,
  where ED8 lets a seven-pairs reading win).
- ``botzone``: every hand scores as the reference's raw answer, 明暗杠 included (5 points, as
  ``concealed_kong_and_melded_kong``), without R1.
"""

from __future__ import annotations

from typing import Any

import pytest

import scorer
from scorer import decompose
from testkit.hands.themed import GenHand
from testkit.oracle import (
    CONCEALED_AND_MELDED_KONG,
    SAMPLES,
    apply_rulings,
    hands,
    reference_raw,
    reference_score,
    settle,
)

pytestmark = pytest.mark.slow  # thousands of hands through both calculators

WMO = {"preset": "wmo-2014"}
BOTZONE = {"preset": "botzone"}
MIXED = "concealed_kong_and_melded_kong"

# The fans ED1-ED7 change (added, kept, revalued or taken away); a reading ED8 chose instead of the
# reference's may differ in any fan.
EDITION_FANS = frozenset({
    "two_concealed_kongs", "concealed_kong", "two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs",
    "fully_concealed_hand", "self_drawn", "concealed_hand", "half_flush", "one_voided_suit", "double_pung",
    "tile_hog",
})


def ours(g: GenHand, options: dict[str, str]) -> scorer.Result:
    return scorer.score(scorer.Hand.build(**g.hand_kwargs()), scorer.Context(**g.context_kwargs()), options=options)


def counts(result: scorer.Result) -> dict[str, int]:
    return {f.id: f.count for f in result.fans}


def touched(g: GenHand) -> str | None:
    """Which of ED1-ED8 could change this hand's answer (the first found), or None."""
    names = {zh for _, _, zh, _ in reference_raw(g)}
    hand = scorer.Hand.build(**g.hand_kwargs())
    concealed_kongs = sum(m.kind is scorer.MeldKind.KONG and m.concealed for m in hand.melds)
    kongs = sum(m.kind is scorer.MeldKind.KONG for m in hand.melds)
    if "双暗杠" in names:
        return "ED1"
    if kongs >= 3 and concealed_kongs:
        return "ED3"
    standing = hand.standing_counts()
    win = scorer.tiles.INDEX[hand.winning_tile]
    if g.context["self_drawn"] and all(m.concealed for m in hand.melds):
        shapes = (not hand.melds and (decompose.is_seven_pairs(standing) or decompose.is_thirteen_orphans(standing)
                                      or decompose.honors_and_knitted(standing) is not None
                                      or decompose.is_nine_gates(standing, win) is not None))
        if shapes or sum(n >= 3 for n in standing) + concealed_kongs >= 4:
            return "ED4"
    if "绿一色" in names:
        return "ED5"
    if "清幺九" in names:
        return "ED6"
    return None


def _answer(r: scorer.Result) -> dict[str, Any]:
    return {"winning": r.winning, "fans": counts(r), "points": r.points, "valid": r.valid, "total": r.total,
            "payouts": dict(r.payouts) if r.payouts is not None else None}


@pytest.mark.parametrize("structure", list(SAMPLES))
def test_wmo_2014_agrees_with_the_reference_where_no_entry_touches_the_hand(structure: str) -> None:
    bad, seen = [], {"untouched": 0, "touched": 0}
    for i, g in enumerate(hands(structure)):
        ref = reference_score(g)
        got = ours(g, WMO)
        why = touched(g)
        if why is None:
            seen["untouched"] += 1
            want = {"winning": ref.winning, "fans": ref.fans, "points": ref.points, "valid": ref.valid,
                    "total": ref.total, "payouts": ref.payouts}
            if _answer(got) != want:
                bad.append(f"#{i} {g.notation()} ({g.context_str()}): ours {_answer(got)}, reference {want}")
            continue
        seen["touched"] += 1
        assert sum(f.points * f.count for f in got.fans if f.id != "flower_tiles") == got.points, g.notation()
        differ = {f for f in set(ref.fans) | set(counts(got)) if ref.fans.get(f) != counts(got).get(f)}
        reread = got.decomposition != ours(g, {}).decomposition  # ED8: another reading won
        if not reread and not differ <= EDITION_FANS:
            bad.append(f"#{i} {g.notation()} ({g.context_str()}, {why}): differs in {sorted(differ - EDITION_FANS)}")
    assert not bad, f"{structure}: {len(bad)} of {len(hands(structure))}:\n" + "\n".join(bad[:20])
    assert seen["untouched"] > seen["touched"], seen


def test_the_entries_touch_hands_of_the_sample() -> None:
    """Each predicate of ``touched`` finds hands in the sample (so none is dead), the edition
    changes the answer of some hand of each kind, and explaining those hands gives the same answer."""
    found: dict[str, int] = {}
    changed: dict[str, int] = {}
    for structure in SAMPLES:
        for g in hands(structure):
            why = touched(g)
            if why is not None:
                found[why] = found.get(why, 0) + 1
                got = ours(g, WMO)
                if got.points != ours(g, {}).points:
                    changed[why] = changed.get(why, 0) + 1
                # explained, the same answer, and every fan rests on sets of the reading
                explained = scorer.score(scorer.Hand.build(**g.hand_kwargs()), scorer.Context(**g.context_kwargs()),
                                         options=WMO, explain=True)
                assert explained.fans == got.fans and explained.explanation is not None, g.notation()
                occurrences = [len(o) for o in explained.explanation.sets]
                assert occurrences == [f.count for f in got.fans], g.notation()
    assert set(found) == set(changed) == {"ED1", "ED3", "ED4", "ED5", "ED6"}, (found, changed)


def raw_answer(g: GenHand) -> dict[str, Any]:
    """The reference's raw answer in our ids: its 明暗杠 as ``concealed_kong_and_melded_kong`` (5)."""
    try:
        raw = reference_raw(g)
    except TypeError:
        return {"winning": False}
    mixed = sum(c for _, c, zh, _ in raw if zh == CONCEALED_AND_MELDED_KONG)
    fans = apply_rulings(tuple(x for x in raw if x[2] != CONCEALED_AND_MELDED_KONG))
    if mixed:
        fans[MIXED] = mixed
    points = sum(p * c for p, c, zh, _ in raw if zh != "花牌")
    assert points == reference_score(g).points - mixed  # R1's 6 against the raw 5
    total = points + fans.get("flower_tiles", 0)
    valid = points >= 8
    return {"winning": True, "fans": fans, "points": points, "valid": valid, "total": total,
            "payouts": settle(total, valid, g.context)}


@pytest.mark.parametrize("structure", list(SAMPLES))
def test_botzone_is_the_reference_raw_answer(structure: str) -> None:
    bad, mixed = [], 0
    for i, g in enumerate(hands(structure)):
        want = raw_answer(g)
        got = _answer(ours(g, BOTZONE))
        if not want["winning"]:
            got = {"winning": got["winning"]}
        mixed += MIXED in want.get("fans", {})
        if got != want:
            bad.append(f"#{i} {g.notation()} ({g.context_str()}): ours {got}, reference {want}")
    assert not bad, f"{structure}: {len(bad)} of {len(hands(structure))}:\n" + "\n".join(bad[:20])
    if structure in ("mixed", "regular"):
        assert mixed > 0  # the sample holds hands with one melded and one concealed kong
