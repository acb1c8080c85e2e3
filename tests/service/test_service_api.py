"""POST /v1/score, POST /v1/score/batch and GET /v1/fans on good input."""

from __future__ import annotations

import pytest

import scorer
from scorer.wire.problems import TYPE_BASE
from scorer.wire.schemas import MAX_BATCH
from testkit.seeds import SEEDS, load_seed

GOOD = "[222m1][444m2][666m3]88mWW8m"


def test_the_issue_example(client, example_body):
    resp = client.post("/v1/score", json=example_body)
    assert resp.status_code == 200
    assert resp.mimetype == "application/json"
    body = resp.get_json()
    assert {k: body[k] for k in ("winning", "valid", "points", "flower_points", "total", "payouts")} == {
        "winning": True, "valid": True, "points": 12, "flower_points": 0, "total": 12,
        "payouts": {"E": 36, "S": -20, "W": -8, "N": -8},
    }
    assert body["fans"] == [
        {"id": "all_pungs", "name": "All Pungs", "name_zh": "碰碰和", "points": 6, "count": 1},
        {"id": "half_flush", "name": "Half Flush", "name_zh": "混一色", "points": 6, "count": 1},
    ]
    assert body["reason"] is None


@pytest.mark.parametrize("hand", [
    pytest.param(GOOD, id="notation"),
    pytest.param({"concealed": "88m WW", "melds": [{"tiles": "222m"}, {"tiles": "444m"}, {"tiles": "666m"}],
                  "winning_tile": "8m"}, id="compact-strings"),
    pytest.param({"concealed": ["8m", "W", "8m", "W"], "winning_tile": "8m",
                  "melds": [{"tiles": ["2m", "2m", "2m"], "concealed": False}, {"tiles": "4m4m4m"}, {"tiles": "666m"}]},
                 id="code-lists"),
    pytest.param({"concealed": " WW  88m ", "winning_tile": "8m", "flowers": 0,
                  "melds": [{"tiles": "666m"}, {"tiles": "222m"}, {"tiles": "444m"}]}, id="melds-reordered"),
])
def test_every_way_to_write_a_hand_scores_the_same(client, hand):
    resp = client.post("/v1/score", json={"hand": hand, "context": {"discarder": "S"}})
    assert resp.status_code == 200
    expected = scorer.score(GOOD, discarder="S").to_dict()
    got = resp.get_json()
    key = lambda s: (s["kind"], s["tiles"])  # noqa: E731  (melds come back in the order given)
    assert sorted(got.pop("decomposition"), key=key) == sorted(expected.pop("decomposition"), key=key)
    assert got == expected


def test_context_defaults(client):
    body = client.post("/v1/score", json={"hand": GOOD}).get_json()
    assert body == scorer.score(GOOD, scorer.Context()).to_dict()
    assert body["payouts"] is None  # a discard win without a discarder
    assert body["valid"] is True


def test_null_discarder_is_no_discarder(client):
    assert client.post("/v1/score", json={"hand": GOOD, "context": {"discarder": None}}).get_json()["payouts"] is None


def test_self_drawn_flowers_and_base_points(client):
    hand = {"concealed": "88m WW", "melds": [{"tiles": "222m"}, {"tiles": "444m"}, {"tiles": "666m"}],
            "winning_tile": "8m", "flowers": 3}
    body = client.post("/v1/score", json={"hand": hand, "context": {"self_drawn": True, "seat_wind": "S",
                                                                   "base_points": 10}}).get_json()
    assert (body["points"], body["flower_points"], body["total"]) == (13, 3, 16)
    flowers = {"id": "flower_tiles", "name": "Flower Tiles", "name_zh": "花牌", "points": 1, "count": 3}
    assert body["fans"][-1] == flowers
    assert body["payouts"] == {"E": -240, "S": 720, "W": -240, "N": -240}
    assert sum(body["payouts"].values()) == 0


def test_incomplete_hand_is_200_not_winning(client):
    hand = {"concealed": "123m 456m 789p 11s 35s", "winning_tile": "7s"}
    resp = client.post("/v1/score", json={"hand": hand, "context": {"discarder": "S"}})
    assert resp.status_code == 200
    body = resp.get_json()
    assert (body["winning"], body["valid"], body["fans"], body["payouts"]) == (False, False, [], None)
    assert body["reason"]


def test_concealed_kong(client):
    hand = {"concealed": "88m WW", "winning_tile": "8m",
            "melds": [{"tiles": "2222m", "concealed": True}, {"tiles": "444m"}, {"tiles": "666m"}]}
    body = client.post("/v1/score", json={"hand": hand, "context": {"discarder": "S"}}).get_json()
    assert "concealed_kong" in {f["id"] for f in body["fans"]}
    assert {"kind": "kong", "tiles": ["2m"] * 4, "concealed": True} in body["decomposition"]


# --- batch ------------------------------------------------------------------------------------------
def test_batch_results_in_order_each_item_on_its_own(client):
    items = [
        {"hand": GOOD, "context": {"discarder": "S"}},
        {"hand": "[888m1][444m2][666m3]88mWW8m"},  # fifth copy: 422 in its slot
        "not an object",  # shape: 422 validation-error in its slot
        {"hand": GOOD, "context": {"self_drawn": True}},
        {"hand": {"concealed": "123m 456m 789p 11s 35s", "winning_tile": "7s"}},  # incomplete: a result
        {"hand": GOOD, "context": {"robbing_kong": True}},  # contradictory
    ]
    resp = client.post("/v1/score/batch", json={"requests": items})
    assert resp.status_code == 200
    results = resp.get_json()["results"]
    assert len(results) == len(items)
    assert results[0] == client.post("/v1/score", json=items[0]).get_json()
    assert results[1]["type"] == TYPE_BASE + "too-many-copies" and results[1]["status"] == 422
    assert results[2]["type"] == TYPE_BASE + "validation-error"
    assert results[2]["errors"] == [{"pointer": "", "detail": "must be a JSON object"}]
    assert results[3]["points"] == 13
    assert results[4]["winning"] is False
    assert results[5]["type"] == TYPE_BASE + "contradictory-context"
    assert results[5]["errors"][0]["pointer"] == "/context/robbing_kong"  # relative to the item


def test_batch_item_problem_equals_the_single_request_problem(client):
    item = {"hand": {"concealed": "88m WWX", "winning_tile": "8m"}, "context": {"zz": 1}}
    single = client.post("/v1/score", json=item).get_json()
    [batched] = client.post("/v1/score/batch", json={"requests": [item]}).get_json()["results"]
    assert batched == single


@pytest.mark.parametrize(("requests", "pointer"), [
    pytest.param([], "/requests", id="empty"),
    pytest.param([{"hand": GOOD}] * (MAX_BATCH + 1), "/requests", id="too-many"),
    pytest.param({"hand": GOOD}, "/requests", id="not-a-list"),
    pytest.param(None, "/requests", id="null"),
])
def test_batch_envelope_errors_fail_the_whole_request(client, requests, pointer):
    resp = client.post("/v1/score/batch", json={"requests": requests})
    assert resp.status_code == 422
    body = resp.get_json()
    assert body["type"] == TYPE_BASE + "validation-error"
    assert [e["pointer"] for e in body["errors"]] == [pointer]


@pytest.mark.parametrize("body", [
    pytest.param({}, id="no-requests"),
    pytest.param({"requests": [{"hand": GOOD}], "extra": True}, id="unknown-field"),
])
def test_batch_envelope_shape(client, body):
    assert client.post("/v1/score/batch", json=body).status_code == 422


def test_batch_of_the_maximum_size(client):
    seeds = [load_seed(p)["request"] for p in SEEDS] or [{"hand": GOOD}]
    requests = [seeds[i % len(seeds)] for i in range(MAX_BATCH)]
    resp = client.post("/v1/score/batch", json={"requests": requests})
    assert resp.status_code == 200
    results = resp.get_json()["results"]
    assert len(results) == MAX_BATCH
    assert results[: len(seeds)] == results[len(seeds): 2 * len(seeds)]


# --- catalog ----------------------------------------------------------------------------------------
def test_fan_catalog(client):
    resp = client.get("/v1/fans")
    assert resp.status_code == 200
    fans = resp.get_json()["fans"]
    assert len(fans) == 81
    assert [f["id"] for f in fans] == [f.id for f in scorer.mcr.FANS]
    big = fans[0]
    assert big == {"id": "big_four_winds", "name": "Big Four Winds", "name_zh": "大四喜", "points": 88,
                   "implies": list(scorer.mcr.BY_ID["big_four_winds"].implies), "implies_one": []}
    ids = {f["id"] for f in fans}
    assert all(set(f["implies"]) <= ids for f in fans)
    assert all(set(f["implies_one"]) <= ids for f in fans)
    nine_gates = next(f for f in fans if f["id"] == "nine_gates")
    assert nine_gates["implies_one"] == ["pung_of_terminals_or_honors"]


def test_a_null_batch_item_is_answered_in_its_own_slot(client):
    """The spec lets an item be any JSON value, null included; a null item is that item's problem,
    never the whole batch's."""
    resp = client.post("/v1/score/batch", json={"requests": [None, {"hand": "[222m1][444m2][666m3]88mWW8m"}]})
    assert resp.status_code == 200
    first, second = resp.get_json()["results"]
    assert first["status"] == 422 and first["errors"] == [{"pointer": "", "detail": "must be a JSON object"}]
    assert second["total"] == 12
