"""POST /v1/sichuan/settle and Sichuan scoring over HTTP: the library's answers, and a hand of play
that cannot be is a 422 pointing into the request with nothing settled."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import scorer

ROOT = Path(__file__).resolve().parents[1]
SETTLE_SEEDS = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "seeds" / "sichuan").glob("1*.json"))]
MISSING = {"E": "s", "S": "m", "W": "p", "N": "s"}


@pytest.mark.parametrize("seed", [pytest.param(s, id=s["id"]) for s in SETTLE_SEEDS])
def test_settle_over_http_is_the_librarys_settlement(client: Any, seed: dict[str, Any]) -> None:
    r = client.post("/v1/sichuan/settle", json=seed["request"])
    assert r.status_code == 200
    want = scorer.sichuan.settle(scorer.sichuan.Play.build(**seed["request"])).to_dict()
    assert r.get_json() == json.loads(json.dumps(want))
    assert sum(r.get_json()["totals"].values()) == 0


@pytest.mark.parametrize(("events", "code", "pointer"), [
    pytest.param([{"kong": {"player": "E", "kind": "exposed", "tile": "5m", "discarder": "E"}}], "bad-kong",
                 "/events/0/kong/discarder", id="exposed-kong-from-oneself"),
    pytest.param([{"kong": {"player": "E", "kind": "exposed", "tile": "5m"}}], "bad-kong",
                 "/events/0/kong/discarder", id="exposed-kong-without-discarder"),
    pytest.param([{"win": {"discarder": "S", "robbing_kong": True,
                           "winners": [{"player": "E", "hand": "123m456m789m11p23p4p"}]}}], "bad-robbing",
                 "/events/0/win/robbing_kong", id="robbing-without-a-kong"),
])
def test_a_hand_of_play_that_cannot_be_is_a_422(client: Any, events: list[Any], code: str, pointer: str) -> None:
    r = client.post("/v1/sichuan/settle", json={"missing_suits": MISSING, "events": events})
    assert r.status_code == 422
    problem = r.get_json()
    assert problem["type"].endswith("/" + code), problem
    assert problem["errors"][0]["pointer"] == pointer


def test_settle_refuses_unknown_fields(client: Any) -> None:
    r = client.post("/v1/sichuan/settle", json={"missing_suits": MISSING, "events": [], "rounds": 3})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/rounds"


def test_sichuan_score_needs_the_missing_suit(client: Any) -> None:
    r = client.post("/v1/score", json={"ruleset": "sichuan", "hand": "123m456m789m11p23p4p"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/context/missing_suit"
    ok = client.post("/v1/score", json={"ruleset": "sichuan", "hand": "123m456m789m11p23p4p",
                                        "context": {"missing_suit": "s", "discarder": "S"}})
    assert ok.status_code == 200 and ok.get_json()["ruleset"] == "sichuan"
