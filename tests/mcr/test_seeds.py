"""The worked examples in ``seeds/`` scored by the engine, one test id per seed.

Every seed is a POST /v1/score body (``request``) and the breakdown it must produce
(``expected``): winning, valid, points, flower points, total, the fans with their counts, and
the payouts. ``testkit.seed_oracle`` re-derives each expectation from the reference calculator
(``test_seeds_agree_with_reference``).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

import scorer
from testkit.seed_oracle import derived_expectation
from testkit.seeds import load_seeds

SEEDS = load_seeds()
EXPECTED_KEYS = {"winning", "valid", "points", "flower_points", "total", "fans", "payouts"}
HAND_KEYS = {s.name for s in scorer.shape.fields_of(scorer.Hand)}
CONTEXT_KEYS = {s.name for s in scorer.shape.fields_of(scorer.Context)}


def score_request(request: dict[str, Any]) -> scorer.Result:
    """Score a POST /v1/score body the way the service reads it."""
    hand = request["hand"]
    if isinstance(hand, dict):
        hand = scorer.Hand.build(**hand)
    return scorer.score(hand, **request.get("context", {}))


@pytest.mark.parametrize("seed", [pytest.param(s, id=s["id"]) for s in SEEDS])
def test_seed(seed: dict[str, Any]) -> None:
    want = seed["expected"]
    r = score_request(seed["request"])
    got = {
        "winning": r.winning, "valid": r.valid, "points": r.points, "flower_points": r.flower_points,
        "total": r.total, "payouts": None if r.payouts is None else dict(r.payouts),
    }
    assert got == {k: want[k] for k in got}
    assert Counter((f.id, f.count) for f in r.fans) == Counter((f["id"], f["count"]) for f in want["fans"])


# --- the seed set itself ---------------------------------------------------------------------------
def test_every_fan_has_its_seed() -> None:
    """seeds/mcr/NNN_<fan id>.json exists for each fan, NNN its 1-based place in the table, and shows it."""
    by_id = {s["id"]: s for s in SEEDS}
    for k, fan in enumerate(scorer.mcr.FANS, start=1):
        seed = by_id.get(f"{k:03d}_{fan.id}")
        assert seed is not None, f"no seed {k:03d}_{fan.id}"
        assert fan.id in seed["covers"]
        assert fan.id in {f["id"] for f in seed["expected"]["fans"]}


@pytest.mark.parametrize("seed", [pytest.param(s, id=s["id"]) for s in SEEDS])
def test_seed_is_well_formed(seed: dict[str, Any]) -> None:
    assert set(seed) - {"explain"} == {"id", "source", "description", "covers", "request", "expected"}
    assert re.fullmatch(r"\d{3}_[a-z0-9_]+", seed["id"])
    assert seed["source"] and seed["description"]
    assert set(seed["request"]) <= {"hand", "context"}
    hand, ctx = seed["request"]["hand"], seed["request"].get("context", {})
    assert isinstance(hand, str) or set(hand) <= HAND_KEYS
    assert set(ctx) <= CONTEXT_KEYS
    want = seed["expected"]
    assert set(want) == EXPECTED_KEYS
    fans = {f["id"]: f["count"] for f in want["fans"]}
    assert len(fans) == len(want["fans"]) and all(n >= 1 for n in fans.values())
    assert set(seed["covers"]) <= set(fans)
    assert [f["id"] for f in want["fans"]] == [f.id for f in scorer.mcr.FANS if f.id in fans]  # table order
    points = sum(scorer.mcr.BY_ID[f].points * n for f, n in fans.items() if f != "flower_tiles")
    assert (want["points"], want["flower_points"]) == (points, fans.get("flower_tiles", 0))
    assert want["total"] == want["points"] + want["flower_points"]
    assert want["valid"] == (want["winning"] and want["points"] >= 8)
    if want["payouts"] is not None:
        assert want["valid"] and sum(want["payouts"].values()) == 0


@pytest.mark.parametrize("seed", [pytest.param(s, id=s["id"]) for s in SEEDS])
def test_seeds_agree_with_reference(seed: dict[str, Any]) -> None:
    want = seed["expected"]
    got = derived_expectation(seed["request"])
    assert {f["id"]: f["count"] for f in want["fans"]} == got["fans"]
    assert {k: want[k] for k in got if k != "fans"} == {k: v for k, v in got.items() if k != "fans"}
