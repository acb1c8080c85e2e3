"""Differential test: shanten, useful tiles and waits (``scorer.shanten``, ``scorer.analyze``)
against the reference calculator's ``MahjongShanten``, ``RegularShanten``, ``SevenPairsShanten``,
``ThirteenOrphansShanten``, ``HonorsAndKnittedTilesShanten`` and ``KnittedStraightShanten``.

Hands are 13-tile holdings made from ``testkit.hands.themed``'s complete hands of every structure (with
and without melds): the winning tile taken away (ready hands), then one or two standing tiles
swapped for random ones (one and two steps further). For each:

* every form's shanten and useful tiles equal the reference function's (forms the melds rule
  out are None here and not asked of the reference, which only takes standing tiles);
* the hand's shanten equals ``MahjongShanten`` over the melds and standing tiles;
* when ready, the waits are the useful tiles of the reference's ready forms, and each wait's
  two scores (on a discard, self-drawn; 和绝张 from the melds and the visible tiles) equal the
  reference's ``MahjongFanCalculator`` for that win, after the written rulings (testkit.oracle).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import MahjongGB
import pytest

import scorer
from scorer.tiles import ALL_TILES, INDEX, NUM_TILES, to_botzone
from scorer.waits import shanten
from testkit.hands.themed import BOTZONE, CODES, GenHand, GenMeld, generate
from testkit.oracle import fan_counts, reference_score

SEED = 90210
SAMPLES = {  # holdings per structure of the source hand (each gives up to three holdings)
    "regular": 700,
    "crowded": 150,
    "seven_pairs": 150,
    "seven_shifted_pairs": 40,
    "thirteen_orphans": 60,
    "honors_and_knitted": 120,
    "knitted_straight": 150,
    "nine_gates": 40,
}
SLOW_FACTOR = 2  # the slow run: more hands from another seed

REFERENCE: dict[shanten.Form, Callable[[tuple[str, ...]], tuple[int, tuple[str, ...]]]] = {
    shanten.Form.REGULAR: MahjongGB.RegularShanten,
    shanten.Form.SEVEN_PAIRS: MahjongGB.SevenPairsShanten,
    shanten.Form.THIRTEEN_ORPHANS: MahjongGB.ThirteenOrphansShanten,
    shanten.Form.HONORS_AND_KNITTED: MahjongGB.HonorsAndKnittedTilesShanten,
    shanten.Form.KNITTED_STRAIGHT: MahjongGB.KnittedStraightShanten,
}
BZ = tuple(to_botzone(t) for t in ALL_TILES)
BZ_INDEX = {code: i for i, code in enumerate(BZ)}
CODES_BY_INDEX = tuple(t.value for t in ALL_TILES)  # engine order (m, s, p), unlike testkit.hands.themed's CODES


def holdings(seed: int, structure: str, n: int) -> list[tuple[GenHand, scorer.Holding, str]]:
    """Up to three holdings per complete hand: ready, and one or two tiles swapped. The visible
    tiles are random copies the holding leaves, so unseen counts and 和绝张 vary."""
    out = []
    for i in range(n):
        g = generate(seed, i, structure)
        rng = random.Random(f"{seed}:{i}")
        standing = list(g.concealed)
        for swaps in range(3):
            if swaps:
                standing.remove(rng.choice(standing))
                standing.append(rng.choice(CODES))
            try:
                h = scorer.Holding.build(standing, [_meld(m) for m in g.melds], g.flowers)
            except scorer.ScorerError:
                continue  # a swap made a fifth copy
            left = [c for k, c in enumerate(CODES_BY_INDEX) for _ in range(4 - h.counts()[k])]
            visible = "".join(rng.sample(left, rng.choice((0, 0, 3, 12, 30))))
            out.append((g, h, visible))
    return out


def _meld(m: GenMeld) -> dict[str, Any]:
    return {"tiles": list(m.tiles), "concealed": m.concealed}


def _packs(g: GenHand) -> tuple[tuple[str, str, int], ...]:
    args = g.reference_args()
    return tuple(args[0])


def compare(g: GenHand, h: scorer.Holding, visible: str) -> list[str]:
    """Every disagreement with the reference for one holding (empty when none)."""
    problems = []
    standing = tuple(BZ[i] for i in range(NUM_TILES) for _ in range(h.standing_counts()[i]))
    per = shanten.forms(h.standing_counts(), len(h.melds))
    ready_useful: set[int] = set()
    for form, ours in per.items():
        if ours is None:
            continue
        ref_shanten, ref_useful = REFERENCE[form](standing)
        ref = tuple(sorted(BZ_INDEX[c] for c in ref_useful))
        if (ours.shanten, ours.useful) != (ref_shanten, ref):
            problems.append(f"{form}: ours {ours.shanten} {_codes(ours.useful)}, reference {ref_shanten} {_codes(ref)}")
        if ref_shanten == 0:
            ready_useful |= set(ref)
    a = scorer.analyze(h, visible=visible)
    assert a.outlook is not None
    ref_total = MahjongGB.MahjongShanten(_packs(g), standing)
    if a.outlook.shanten != ref_total:
        problems.append(f"shanten: ours {a.outlook.shanten}, MahjongShanten {ref_total}")
    if a.outlook.shanten == 0:
        assert a.outlook.useful == ()
        waits = {INDEX[w.tile] for w in a.outlook.waits}
        if waits != ready_useful:
            problems.append(f"waits: ours {_codes(waits)}, reference {_codes(ready_useful)}")
        for w in a.outlook.waits:
            problems += _check_wait(g, h, visible, w)
    return problems


def _check_wait(g: GenHand, h: scorer.Holding, visible: str, w: scorer.Wait) -> list[str]:
    held = h.counts()[INDEX[w.tile]]
    if held == 4:
        return [] if w.discard is None and w.self_drawn is None and w.unseen == 0 else [f"{w.tile}: fifth copy scored"]
    problems = []
    in_melds = held - h.standing_counts()[INDEX[w.tile]]
    seen = scorer.parse_tiles(visible).count(w.tile)
    if w.unseen != 4 - held - seen:
        problems.append(f"{w.tile}: unseen {w.unseen}, expected {4 - held - seen}")
    for self_drawn, ours in ((False, w.discard), (True, w.self_drawn)):
        context = {
            "self_drawn": self_drawn, "seat_wind": "E", "prevalent_wind": "E", "last_copy": in_melds + seen == 3,
            "last_wall_tile": False, "kong_replacement": False, "robbing_kong": False, "discarder": None,
            "base_points": 1,
        }
        win = GenHand("holding", "wait", tuple(t.value for t in h.concealed), g.melds, w.tile.value, h.flowers, context)
        ref = reference_score(win)
        if ours is None or not ref.winning or not ours.winning:
            problems.append(f"{w.tile} self_drawn={self_drawn}: ours {ours and ours.winning}, reference {ref.winning}")
        elif (fan_counts(ours), ours.points, ours.valid) != (ref.fans, ref.points, ref.valid):
            problems.append(f"{w.tile} self_drawn={self_drawn}: ours {fan_counts(ours)}, reference {ref.fans}")
    return problems


def _codes(tiles: Any) -> str:
    return " ".join(CODES_BY_INDEX[i] for i in sorted(tiles))


@functools.cache
def _sample(seed: int, structure: str, n: int) -> tuple[tuple[GenHand, scorer.Holding, str], ...]:
    return tuple(holdings(seed, structure, n))


def _run(seed: int, structure: str, n: int) -> None:
    sample = _sample(seed, structure, n)
    failures = []
    for g, h, visible in sample:
        problems = compare(g, h, visible)
        if problems:
            failures.append(f"{h} visible={visible!r}: " + "; ".join(problems))
    assert not failures, f"{len(failures)}/{len(sample)} holdings disagree:\n" + "\n".join(failures[:15])


@pytest.mark.slow
@pytest.mark.parametrize("structure", list(SAMPLES))
def test_shanten_useful_and_waits_agree_with_reference(structure: str) -> None:
    _run(SEED, structure, SAMPLES[structure])


@pytest.mark.slow
@pytest.mark.parametrize("structure", list(SAMPLES))
def test_shanten_useful_and_waits_agree_with_reference_more(structure: str) -> None:
    _run(SEED + 1, structure, SAMPLES[structure] * SLOW_FACTOR)


def test_sample_covers_every_form_ready_and_melds() -> None:
    """The sample is not vacuous: ready hands of every form, hands further away, hands with melds."""
    ready_forms: set[shanten.Form] = set()
    far = with_melds = 0
    for structure, n in SAMPLES.items():
        for _, h, _ in _sample(SEED, structure, n):
            per = shanten.forms(h.standing_counts(), len(h.melds))
            ready_forms |= {f for f, r in per.items() if r is not None and r.shanten == 0}
            far += min(r.shanten for r in per.values() if r is not None) >= 1
            with_melds += bool(h.melds)
    assert ready_forms == set(shanten.ALL_FORMS)  # the reference knows the 14-tile forms
    assert far > 1000 and with_melds > 300


def test_a_wrong_answer_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    g, h, visible = next(x for x in _sample(SEED, "regular", SAMPLES["regular"]) if not x[1].melds)
    assert compare(g, h, visible) == []
    real = shanten.forms

    # forms(), as the comparison calls it: in the compiled build shanten's own calls to regular()
    # are native, so patching regular() itself would not reach them
    def off_by_one(
        counts: shanten.Counts, melds: int, only: tuple[shanten.Form, ...] = shanten.ALL_FORMS
    ) -> dict[shanten.Form, shanten.FormShanten | None]:
        per = real(counts, melds, only)
        r = per[shanten.Form.REGULAR]
        assert r is not None
        return {**per, shanten.Form.REGULAR: shanten.FormShanten(r.form, r.shanten + 1, r.useful)}

    monkeypatch.setattr(shanten, "forms", off_by_one)
    assert any(p.startswith("regular:") for p in compare(g, h, visible))


def test_bz_codes_match_the_generator() -> None:
    assert all(BZ[INDEX[scorer.Tile(c)]] == BOTZONE[c] for c in CODES)
