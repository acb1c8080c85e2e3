"""The worked examples of MCR's editions and the mixed-kong fan (``seeds/mcr/editions/``): each
scored by our engine with its options; the twin without options (the reference preset) also
re-derived from the reference calculator. Each entry of RULINGS.md ED that changes a score has
two hands or more, each with the option on and off.

They live in a folder of their own: ``testkit/seed_oracle.py`` re-derives every seed of
``seeds/mcr/`` from the reference, which no seed with options could agree with.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import scorer
from testkit.seed_oracle import derived_expectation
from testkit.seeds import SEEDS_DIR

EDITION_SEEDS = SEEDS_DIR / "editions"
SEEDS = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(EDITION_SEEDS.glob("*.json"))]
# how many hands of each entry score differently with the option on and off (ED2 keeps R1's six)
DIFFERING = {"ED1": 2, "ED2": 0, "ED3": 3, "ED4": 2, "ED5": 2, "ED6": 2, "ED7": 2, "ED8": 2, "ED9": 2, "ED10": 1}


def answer(request: dict[str, Any]) -> dict[str, Any]:
    r = scorer.score(request["hand"], options=request.get("options"), **request["context"])
    return {"winning": r.winning, "valid": r.valid, "points": r.points, "flower_points": r.flower_points,
            "total": r.total, "payouts": None if r.payouts is None else dict(r.payouts),
            "fans": Counter((f.id, f.count) for f in r.fans)}


def expected(seed: dict[str, Any]) -> dict[str, Any]:
    want = dict(seed["expected"])
    want["fans"] = Counter((f["id"], f["count"]) for f in want["fans"])
    return want


@pytest.mark.parametrize("seed", [pytest.param(s, id=s["id"]) for s in SEEDS])
def test_edition_seed(seed: dict[str, Any]) -> None:
    assert set(seed) == {"id", "ruling", "source", "description", "request", "expected"}
    assert seed["id"].startswith(seed["ruling"].lower() + "_")
    assert answer(seed["request"]) == expected(seed)
    assert f"{seed['expected']['points']} points" in seed["description"]


@pytest.mark.parametrize("seed", [pytest.param(s, id=s["id"]) for s in SEEDS if "options" not in s["request"]])
def test_edition_seed_without_options_is_the_reference(seed: dict[str, Any]) -> None:
    got = derived_expectation(seed["request"])
    want = seed["expected"]
    assert {f["id"]: f["count"] for f in want["fans"]} == got["fans"]
    assert {k: want[k] for k in got if k != "fans"} == {k: v for k, v in got.items() if k != "fans"}


def test_every_entry_has_hands_with_the_option_on_and_off() -> None:
    by_id = {s["id"]: s for s in SEEDS}
    differing: Counter[str] = Counter()
    pairs: Counter[str] = Counter()
    for sid, on in by_id.items():
        if not sid.endswith("_on"):
            continue
        off = by_id[sid[:-3] + "_off"]
        assert "options" in on["request"] and "options" not in off["request"]
        assert {k: v for k, v in on["request"].items() if k != "options"} == off["request"]
        pairs[on["ruling"]] += 1
        differing[on["ruling"]] += on["expected"] != off["expected"]
    assert set(pairs) == set(DIFFERING) and min(pairs.values()) >= 2
    assert dict(differing) == DIFFERING
    assert len(by_id) == 2 * sum(pairs.values())


def test_edition_seeds_through_one_batch(client: Any) -> None:
    resp = client.post("/v1/score/batch", json={"requests": [s["request"] for s in SEEDS]})
    assert resp.status_code == 200
    for seed, got in zip(SEEDS, resp.get_json()["results"], strict=True):
        assert got["points"] == seed["expected"]["points"], seed["id"]
        assert [(f["id"], f["count"]) for f in got["fans"]] == [(f["id"], f["count"]) for f in seed["expected"]["fans"]]


def test_the_seeds_folder_is_not_the_oracle_s() -> None:
    assert not any(Path(p).parent == EDITION_SEEDS for p in SEEDS_DIR.glob("*.json"))
