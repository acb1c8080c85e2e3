"""POST /v1/match: the room in, the ledger out; every bad room a 422 naming the hand and field, with
nothing partial. Every response is also checked against openapi.yaml by the ``client`` fixture."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from testkit.bodies import hand_obj, json_scalars, json_values

PLAYERS = [{"name": "Ann", "beans": 2000}, {"name": "Bo", "beans": 2000},
           {"name": "Cy", "beans": 300}, {"name": "Di", "beans": 2000}]
FULL = {"concealed": "88m WW", "melds": [{"tiles": "222m"}, {"tiles": "444m"}, {"tiles": "666m"}], "winning_tile": "8m"}
# The issue's request, with hands that fit a 16-hand room (its example has five entries).
ISSUE_ROOM: dict[str, Any] = {
    "players": PLAYERS, "base_points": 10, "length": 16, "seat_swap": False,
    "hands": [
        {"win": {"winner": "Ann", "discarder": "Bo", "hand": FULL, "context": {"last_copy": False}}},
        {"win": {"winner": ["Cy", "Di"], "discarder": "Bo", "hand": "123m456m789mSSS5p5p"}},
        {"win": {"winner": "Di", "discarder": None, "points": 12, "flowers": 1}},
        {"draw": {}},
        {"leave": {"player": "Bo"}},
    ],
}


def room(**changes: Any) -> dict[str, Any]:
    body = copy.deepcopy(ISSUE_ROOM)
    body.update(changes)
    return body


def test_issue_room_settles(client: FlaskClient) -> None:
    resp = client.post("/v1/match", json=ISSUE_ROOM)
    assert resp.status_code == 200
    d = resp.get_json()
    hands = d["hands"]
    assert [h["number"] for h in hands] == [1, 2, 3, 4, 5]
    assert [h["dealer"] for h in hands] == ["Ann", "Bo", "Cy", "Di", "Ann"]
    assert [h["outcome"] for h in hands] == ["win", "win", "win", "draw", "leave"]
    # hand 1: the Green Book introduction's worked example, × 10 beans a point
    assert hands[0]["score"]["points"] == 12 and hands[0]["changes"] == {"Ann": 360, "Bo": -200, "Cy": -80, "Di": -80}
    # hand 2: Bo deals, so Cy (South) is nearer after Bo than Di (West): 截和
    assert hands[1]["win"]["winner"] == "Cy" and hands[1]["win"]["claimants"] == ["Cy", "Di"]
    assert hands[1]["seats"] == {"Bo": "E", "Cy": "S", "Di": "W", "Ann": "N"}
    # hand 3: known points, self-drawn: each pays (8 + 12 + 1) × 10
    assert hands[2]["due"] == {"Ann": -210, "Bo": -210, "Cy": -210, "Di": 630}
    assert hands[3]["changes"] == dict.fromkeys(["Ann", "Bo", "Cy", "Di"], 0)
    assert hands[4]["leaver"] == "Bo" and hands[4]["due"]["Bo"] == -480
    for h in hands:
        assert sum(h["changes"].values()) == 0 and min(h["beans"].values()) >= 0
    assert d["finished"] is False
    start, final = {p["name"]: p["beans"] for p in PLAYERS}, hands[-1]["beans"]
    assert {s["name"]: (s["beans"], s["change"]) for s in d["standings"]} == {
        n: (final[n], final[n] - start[n]) for n in start}
    changes = [s["change"] for s in d["standings"]]
    assert changes == sorted(changes, reverse=True)


def test_loss_capped_in_the_ledger(client: FlaskClient) -> None:
    body = room(players=[{**p, "beans": 50} if p["name"] == "Bo" else p for p in PLAYERS],
                hands=ISSUE_ROOM["hands"][:1])
    h = client.post("/v1/match", json=body).get_json()["hands"][0]
    assert h["due"]["Bo"] == -200 and h["changes"]["Bo"] == -50 and h["changes"]["Ann"] == 210
    assert h["beans"]["Bo"] == 0


def test_seat_swap_over_http(client: FlaskClient) -> None:
    body = room(seat_swap=True, hands=[{"draw": {}}] * 9)
    h = client.post("/v1/match", json=body).get_json()["hands"][8]
    assert h["dealer"] == "Bo" and h["prevalent_wind"] == "W"
    assert h["seats"] == {"Bo": "E", "Ann": "S", "Di": "W", "Cy": "N"}


def hands_with(entry: dict[str, Any], at: int = 3) -> list[dict[str, Any]]:
    return [{"draw": {}}] * at + [entry]


BAD = [
    # the issue's list
    pytest.param(room(length=4, hands=[{"draw": {}}] * 5), "too-many-hands", "/hands/4", id="fifth-hand-of-four"),
    pytest.param(room(hands=[{"leave": {"player": "Bo"}}, {"draw": {}}]), "hand-after-leave", "/hands/1",
                 id="hand-after-leave"),
    pytest.param(room(hands=hands_with({"win": {"winner": "Zed", "discarder": "Bo", "points": 8}})),
                 "unknown-player", "/hands/3/win/winner", id="unknown-winner"),
    pytest.param(room(hands=hands_with({"leave": {"player": "Zed"}})), "unknown-player", "/hands/3/leave/player",
                 id="unknown-leaver"),
    pytest.param(room(players=[*PLAYERS[:3], {"name": "Ann", "beans": 1}]), "duplicate-player", "/players/3/name",
                 id="duplicate-player"),
    pytest.param(room(players=[*PLAYERS[:3], {"name": "Ann ", "beans": 1}]), "duplicate-player", "/players/3/name",
                 id="duplicate-player-but-for-a-space"),
    pytest.param(room(players=[*PLAYERS[:3], {"name": "Ann\ufe0f", "beans": 1}]), "duplicate-player",
                 "/players/3/name", id="duplicate-player-but-for-a-variation-selector"),
    pytest.param(room(players=[*PLAYERS[:3], {"name": "Ann\u034f", "beans": 1}]), "duplicate-player",
                 "/players/3/name", id="duplicate-player-but-for-a-grapheme-joiner"),
    pytest.param(room(players=[*PLAYERS[:3], {"name": "Di\u2028Ed", "beans": 1}]), "bad-value", "/players/3/name",
                 id="line-separator-in-a-name"),
    pytest.param(room(players=[*PLAYERS[:3], {"name": "\u0301", "beans": 1}]), "bad-value", "/players/3/name",
                 id="a-name-of-a-lone-mark"),
    pytest.param(room(hands=hands_with({"win": {"winner": "Bo", "discarder": "Bo", "points": 8}})), "bad-claim",
                 "/hands/3/win/discarder", id="winner-is-discarder"),
    pytest.param(room(hands=hands_with({"win": {"winner": "Ann", "discarder": "Bo", "points": 7, "flowers": 4}})),
                 "under-minimum", "/hands/3/win/points", id="points-under-8"),
    pytest.param(room(hands=hands_with({"win": {"winner": "Ann", "discarder": "Bo", "hand": "[123m1]345p789s11sEEE"}})),
                 "under-minimum", "/hands/3/win/hand", id="full-hand-under-8"),
    pytest.param(room(hands=hands_with({"win": {"winner": "Ann", "discarder": "Bo",
                                                "hand": {**FULL, "concealed": "88m WS"}}})),
                 "not-winning", "/hands/3/win/hand", id="full-hand-not-complete"),
    pytest.param(room(players=[*PLAYERS[:3], {"name": "Di", "beans": -1}]), "bad-beans", "/players/3/beans",
                 id="negative-beans"),
    pytest.param(room(base_points=-10), "bad-base-points", "/base_points", id="negative-base-points"),
    # more
    pytest.param(room(length=8), "bad-room-length", "/length", id="length-8"),
    pytest.param(room(players=PLAYERS[:3]), "bad-value", "/players", id="three-players"),
    pytest.param(room(hands=hands_with({"win": {"winner": ["Ann", "Cy"], "discarder": None, "points": 8}})),
                 "bad-claim", "/hands/3/win/winner", id="claimants-on-self-draw"),
    pytest.param(room(hands=hands_with({"win": {"winner": "Ann", "discarder": "Bo",
                                                "hand": {**FULL, "winning_tile": "8x"}}})),
                 "bad-notation", "/hands/3/win/hand/winning_tile", id="bad-tile-in-hand"),
    pytest.param(room(hands=hands_with({"win": {"winner": "Ann", "discarder": "Bo", "hand": FULL,
                                                "context": {"robbing_kong": True, "kong_replacement": True}}})),
                 "contradictory-context", "/hands/3/win/context/kong_replacement", id="contradictory-context"),
    pytest.param(room(hands=hands_with({"win": {"winner": "Ann", "discarder": "Bo"}})), "bad-value", "/hands/3/win",
                 id="neither-hand-nor-points"),
    pytest.param(room(hands=hands_with({"draw": {}, "leave": {"player": "Bo"}})), "bad-value", "/hands/3",
                 id="two-outcomes"),
    # shape (marshmallow)
    pytest.param(room(hands=hands_with({"win": {"winner": 3, "discarder": "Bo", "points": 8}})), "validation-error",
                 "/hands/3/win/winner", id="winner-not-a-name"),
    pytest.param(room(hands=hands_with({"win": {"winner": "Ann", "points": 8}})), "validation-error",
                 "/hands/3/win/discarder", id="discarder-missing"),
    pytest.param(room(hands=hands_with({"win": {"winner": "Ann", "discarder": "Bo", "hand": FULL,
                                                "context": {"seat_wind": "S"}}})),
                 "validation-error", "/hands/3/win/context/seat_wind", id="seat-wind-is-the-rooms"),
    pytest.param(room(players=[*PLAYERS[:3], {"name": "Di", "beans": 1.5}]), "validation-error", "/players/3/beans",
                 id="fractional-beans"),
    pytest.param(room(seat_swap="no"), "validation-error", "/seat_swap", id="seat-swap-string"),
    pytest.param({k: v for k, v in ISSUE_ROOM.items() if k != "length"}, "validation-error", "/length",
                 id="length-missing"),
]


@pytest.mark.parametrize(("body", "code", "pointer"), BAD)
def test_bad_rooms_are_422_naming_the_field_with_nothing_partial(
    client: FlaskClient, body: dict[str, Any], code: str, pointer: str
) -> None:
    resp = client.post("/v1/match", json=body)
    assert resp.status_code == 422 and resp.mimetype == "application/problem+json"
    problem = resp.get_json()
    assert problem["type"].endswith("/" + code)
    assert pointer in [e["pointer"] for e in problem["errors"]], problem
    assert set(problem) == {"type", "title", "status", "detail", "errors"}  # no ledger, not even part of one


# --- robustness: whatever arrives, a ledger or a problem, never a 500 ---------------------------
names = st.sampled_from(["Ann", "Bo", "Cy", "Di", "Zed", ""]) | json_scalars
win = st.fixed_dictionaries({"winner": names | st.lists(names, max_size=4)}, optional={
    "discarder": names, "points": st.integers(-5, 2000) | json_scalars, "flowers": st.integers(-1, 9) | json_scalars,
    "hand": hand_obj | st.sampled_from(["[222m1][444m2][666m3]88mWW8m", "123m456m789mSSS5p5p", "[1"]),
    "context": st.dictionaries(st.sampled_from(["last_copy", "last_wall_tile", "kong_replacement", "robbing_kong",
                                                "seat_wind"]), json_scalars, max_size=3),
})
entry: st.SearchStrategy[Any] = (st.fixed_dictionaries({"win": win}) | st.just({"draw": {}})
         | st.fixed_dictionaries({"leave": st.fixed_dictionaries({"player": names})}) | json_values)
player = st.fixed_dictionaries({"name": names, "beans": st.integers(-10, 10**13) | json_scalars})
bodies = st.fixed_dictionaries(
    {"players": st.lists(player, min_size=3, max_size=5) | st.just(PLAYERS), "length": st.sampled_from([1, 4, 16, 2]),
     "hands": st.lists(entry, max_size=6)},
    optional={"base_points": st.integers(-1, 100) | json_scalars, "seat_swap": json_scalars},
)


@settings(max_examples=200, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(body=bodies)
def test_random_rooms_are_a_ledger_or_a_problem_never_a_500(client: FlaskClient, body: dict[str, Any]) -> None:
    resp = client.post("/v1/match", json=body)
    assert resp.status_code in (200, 422), resp.get_data(as_text=True)
    if resp.status_code == 200:
        for h in resp.get_json()["hands"]:
            assert sum(h["changes"].values()) == 0 and min(h["beans"].values()) >= 0


def test_the_body_must_be_json(client: FlaskClient) -> None:
    resp = client.post("/v1/match", data=json.dumps(ISSUE_ROOM), content_type="text/plain")
    assert resp.status_code == 415


def test_api_keys_guard_match(make_client: Any) -> None:
    keyed = make_client(SCORER_API_KEYS="k1")
    assert keyed.post("/v1/match", json=ISSUE_ROOM).status_code == 401
    assert keyed.post("/v1/match", json=ISSUE_ROOM, headers={"Authorization": "Bearer k1"}).status_code == 200


@pytest.mark.parametrize("name", ["\u200b", "\u0000", "\u2800"])
def test_a_name_that_does_not_show_is_422_at_its_pointer(client: FlaskClient, name: str) -> None:
    players = copy.deepcopy(PLAYERS)
    players[1]["name"] = name
    resp = client.post("/v1/match", json=room(players=players, hands=[]))
    assert resp.status_code == 422
    assert [e["pointer"] for e in resp.get_json()["errors"]] == ["/players/1/name"]


def test_one_name_typed_two_ways_is_one_player_over_http(client: FlaskClient) -> None:
    players = copy.deepcopy(PLAYERS)
    players[0]["name"], players[2]["name"] = "Ren\u00e9", "Rene\u0301"
    resp = client.post("/v1/match", json=room(players=players, hands=[]))
    assert resp.status_code == 422 and resp.get_json()["type"].endswith("/duplicate-player")
    players[2]["name"] = "Cy"
    hands = [{"win": {"winner": "Rene\u0301", "discarder": "Bo", "points": 8}}]
    resp = client.post("/v1/match", json=room(players=players, hands=hands))
    assert resp.status_code == 200
    ledger = resp.get_json()
    assert ledger["hands"][0]["win"]["winner"] == "Ren\u00e9" and ledger["players"][0]["name"] == "Ren\u00e9"


@pytest.mark.parametrize(("change", "pointer"), [
    pytest.param({"players": PLAYERS[:3]}, "/players", id="three-players"),
    pytest.param({"length": 2}, "/length", id="length-2"),
    pytest.param({"hands": [{"win": {"winner": [], "discarder": "Bo", "points": 8}}]}, "/hands/0/win/winner",
                 id="no-claimant"),
])
def test_what_the_server_refuses_the_spec_refuses_too(client: FlaskClient, change: dict[str, Any],
                                                      pointer: str) -> None:
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    from testkit.spec import load_spec

    spec = load_spec()
    registry = Registry().with_resource("urn:spec", Resource.from_contents(spec, default_specification=DRAFT202012))
    validator = Draft202012Validator({"$ref": "urn:spec#/components/schemas/MatchRequest"}, registry=registry)
    body = room(**change)
    assert not validator.is_valid(body)
    resp = client.post("/v1/match", json=body)
    assert resp.status_code == 422 and [e["pointer"] for e in resp.get_json()["errors"]] == [pointer]
    assert validator.is_valid(room())
