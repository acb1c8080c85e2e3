"""The 广东推倒胡 book's worked examples (``seeds/guangdong/``): each request scores as its seed says,
through the library and over HTTP-shaped JSON alike; every item of the table has its seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import scorer
from scorer.hand import Hand

ROOT = Path(__file__).resolve().parents[2]
SEEDS = sorted((ROOT / "seeds" / "guangdong").glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("path", SEEDS, ids=[p.stem for p in SEEDS])
def test_seed(path: Path) -> None:
    seed = _load(path)
    req = seed["request"]
    assert req["ruleset"] == "guangdong"
    r = scorer.score(Hand.build(**req["hand"]), ruleset="guangdong", options=req.get("options"), **req["context"])
    got = r.to_dict()
    exp = seed["expected"]
    assert [(f["id"], f["count"]) for f in got["fans"]] == [(f["id"], f["count"]) for f in exp["fans"]]
    assert {k: got[k] for k in exp if k != "fans"} == {k: v for k, v in exp.items() if k != "fans"}
    if got["payouts"] is not None:
        assert sum(got["payouts"].values()) == 0


def test_every_item_has_its_seed() -> None:
    """seeds/guangdong/NNN_<item>.json for each row, NNN its place in the table, showing it."""
    for k, fan in enumerate(scorer.guangdong.FANS, 1):
        path = ROOT / "seeds" / "guangdong" / f"{k:03d}_{fan.id.value}.json"
        seed = _load(path)
        assert fan.id.value in seed["covers"] and fan.id.value in {f["id"] for f in seed["expected"]["fans"]}
        assert seed["source"] and seed["description"]


def test_the_documents_worked_example_answers_as_written() -> None:
    """The rule document's §11: total 4, points 2, multiplier 2, horse_hits 3, E 30 and 10 from each."""
    r = scorer.score("123m 456p 789s EEE S S", ruleset="guangdong", seat_wind="E", self_drawn=True,
                     birds=["1m", "5p", "C", "2s"]).to_dict()
    assert (r["total"], r["points"], r["multiplier"], r["horse_hits"]) == (4, 2, 2, 3)
    assert r["payouts"] == {"E": 30, "S": -10, "W": -10, "N": -10}
    assert [(f["id"], f["name_zh"], f["points"]) for f in r["fans"]] == [("self_drawn", "自摸", 2)]
