"""POST /v1/sichuan/settle and Sichuan scoring over HTTP: the library's answers, and a hand of play
that cannot be is a 422 pointing into the request with nothing settled."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import scorer

ROOT = Path(__file__).resolve().parents[2]
SETTLE_SEEDS = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "seeds" / "sichuan").glob("1*.json"))]
MISSING = {"E": "s", "S": "m", "W": "p", "N": "s"}


@pytest.mark.parametrize("seed", [pytest.param(s, id=s["id"]) for s in SETTLE_SEEDS])
def test_settle_over_http_is_the_librarys_settlement(client: Any, seed: dict[str, Any]) -> None:
    r = client.post("/v1/sichuan/settle", json=seed["request"])
    assert r.status_code == 200
    want = scorer.sichuan.settle(scorer.sichuan.build_play(**seed["request"])).to_dict()
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


# --- plays that cannot happen at the table (RULINGS T13-T18, S12, S13) -------------------------------
ISSUE_SUITS = {"E": "s", "S": "s", "W": "m", "N": "m"}
E_KONG = {"kong": {"player": "E", "kind": "concealed", "tile": "5m"}}
E_KONG_WIN = {"win": {"discarder": None, "winners": [{"player": "E", "hand": "[5555m]123m789m11p23p4p",
                                                       "context": {"kong_replacement": True}}]}}
HOLDINGS = {"E": "123m456m789m11p23p", "S": "456m456m789p55p67p", "W": "1245789s134689p", "N": "11s22s33s44s55s66s7s"}


def _last(player: str, hand: str) -> dict[str, Any]:
    return {"win": {"discarder": None, "winners": [{"player": player, "hand": hand,
                                                    "context": {"last_wall_tile": True}}]}}


@pytest.mark.parametrize(("body", "code", "pointer"), [
    pytest.param({"events": [E_KONG] * 3}, "bad-kong", "/events/1/kong/tile", id="1-one-kong-three-times"),
    pytest.param({"events": [E_KONG, {"kong": {"player": "E", "kind": "added", "tile": "5m"}}]}, "bad-kong",
                 "/events/1/kong/tile", id="2-concealed-then-added"),
    pytest.param({"events": [{"kong": {"player": "E", "kind": "concealed", "tile": f"{r}m"}} for r in range(1, 6)]},
                 "bad-kong", "/events/4", id="3-a-fifth-kong"),
    pytest.param({"events": [E_KONG, {"kong": {"player": "S", "kind": "concealed", "tile": "9p"}}, E_KONG_WIN]},
                 "contradictory-context", "/events/2/win/winners/0/context/kong_replacement",
                 id="4-kong-replacement-after-anothers-kong"),
    pytest.param({"events": [E_KONG_WIN]}, "contradictory-context", "/events/0/win/winners/0/context/kong_replacement",
                 id="5-kong-replacement-without-a-kong"),
    pytest.param({"events": [_last("E", "123m456m789m11p23p4p"), {"kong": {"player": "S", "kind": "concealed",
                                                                          "tile": "9p"}},
                             _last("S", "[9999p]234m567m345p8m8m")]}, "hand-over", "/events/1",
                 id="6-play-after-the-last-tile"),
    pytest.param({"events": [{"win": {"discarder": "S", "winners": [
        {"player": "W", "hand": "111s234s567s888s6p6p", "context": {"last_wall_tile": True}},
        {"player": "N", "hand": "999s555p777p888p6p6p"}]}}]}, "bad-claim", "/events/0/win/winners/1",
                 id="7-one-discard-two-last-tiles"),
    pytest.param({"events": [], "exhausted": dict(HOLDINGS, E="[999s1]123m456m789m1p")}, "bad-meld", "/exhausted/E",
                 id="8-a-pung-of-the-missing-suit"),
    pytest.param({"events": [E_KONG, {"win": {"discarder": "S", "winners": [
        {"player": "E", "hand": "123m456m789m11p23p4p"}]}}]}, "bad-kong", "/events/1/win/winners/0/hand",
                 id="T13-a-declared-kong-missing-from-its-hand"),
    pytest.param({"events": [{"kong": {"player": "W", "kind": "added", "tile": "4p"}}, {"win": {
        "discarder": "W", "robbing_kong": True, "winners": [{"player": "E", "hand": "123m456m789m11p23p4p",
                                                             "context": {"last_wall_tile": True}}]}}]},
                 "contradictory-context", "/events/1/win/winners/0/context/last_wall_tile",
                 id="T14-robbing-on-the-last-tile"),
])
def test_an_impossible_play_is_a_422_and_nothing_is_settled(client: Any, body: dict[str, Any], code: str,
                                                            pointer: str) -> None:
    r = client.post("/v1/sichuan/settle", json={"missing_suits": ISSUE_SUITS, **body})
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    problem = r.get_json()
    assert problem["type"].endswith("/" + code), problem
    assert problem["errors"][0]["pointer"] == pointer
    assert "totals" not in problem and "events" not in problem


def test_the_consistent_plays_settle_as_before(client: Any) -> None:
    r = client.post("/v1/sichuan/settle", json={"missing_suits": ISSUE_SUITS, "events": [E_KONG, E_KONG_WIN]})
    assert r.status_code == 200 and r.get_json()["totals"] == {"E": 21, "S": -7, "W": -7, "N": -7}
    two_out = {"ruleset": "sichuan", "hand": "123m456m789m11p23p4p",
               "context": {"missing_suit": "s", "seat_wind": "E", "self_drawn": True, "out": ["S", "W"]}}
    r = client.post("/v1/score", json=two_out)
    assert r.status_code == 200 and r.get_json()["payouts"] == {"E": 2, "S": 0, "W": 0, "N": -2}


def test_s12_a_fourth_winner_is_refused_in_score(client: Any) -> None:
    body = {"ruleset": "sichuan", "hand": "123m456m789m11p23p4p",
            "context": {"missing_suit": "s", "seat_wind": "E", "self_drawn": True, "out": ["S", "W", "N"]}}
    r = client.post("/v1/score", json=body)
    assert r.status_code == 422 and r.get_json()["type"].endswith("/too-many-winners")
    assert r.get_json()["errors"][0]["pointer"] == "/context/out"


def test_s13_no_honour_is_seen_on_a_sichuan_table(client: Any) -> None:
    body = {"ruleset": "sichuan", "hand": "123m456m789m1122p", "context": {"missing_suit": "s"}, "visible": "EEEC"}
    r = client.post("/v1/waits", json=body)
    assert r.status_code == 422 and r.get_json()["type"].endswith("/honour-in-sichuan")
    assert r.get_json()["errors"][0]["pointer"] == "/visible"
    assert client.post("/v1/waits", json={**body, "visible": "1p9m"}).status_code == 200
    assert client.post("/v1/waits", json={**body, "ruleset": "mcr", "context": {}}).status_code == 200


@pytest.mark.parametrize("event", [
    pytest.param({}, id="neither"),
    pytest.param({**E_KONG, **E_KONG_WIN}, id="both"),
])
def test_the_spec_says_an_event_is_exactly_one_of_kong_or_win(client: Any, event: dict[str, Any]) -> None:
    from testkit.spec import SpecChecker, load_spec

    body = {"missing_suits": ISSUE_SUITS, "events": [event]}
    validator = SpecChecker(load_spec()).component("SichuanSettleRequest")
    assert not validator.is_valid(body)
    assert validator.is_valid({**body, "events": [E_KONG]}) and validator.is_valid({**body, "events": [E_KONG_WIN]})
    r = client.post("/v1/sichuan/settle", json=body)
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/events/0"
