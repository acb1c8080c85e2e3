"""Replaying a game record (scorer.replay, POST /v1/replay, python -m scorer replay): every
illegal-action kind is refused at its action; each win's derived context is what happened; each
win scores and settles exactly as POST /v1/score does for that context."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import scorer
from testkit.replaying import DEAL_A, DEAL_B, actions, record

ROBBING = ("E draw 4m; E discard 4m; S draw F; S discard F; W draw E; W discard 3p; S pung; S discard W; "
           "W draw 1m; W discard 1m; N draw 1m; N discard 1m; E draw 2m; E discard 2m; S draw 3p; S added_kong 3p")


def replayed(deal: dict[str, str], script: str, **kw) -> scorer.Replay:
    return scorer.replay(record(deal, script, **kw))


def direct(win: scorer.WinReplay, rec: dict) -> scorer.Result:
    """The same win scored by scorer.score (POST /v1/score's code) from the derived context."""
    ctx = {k: v for k, v in win.derived.items() if k != "flowers"}
    return scorer.score(win.hand, ruleset=rec.get("ruleset", "mcr"), options=rec.get("options"),
                        base_points=rec.get("base_points", 1), **ctx)


# --- derived contexts ----------------------------------------------------------------------------
def test_a_discard_win_names_the_discarder_and_pays_as_score_does():
    rec = record(DEAL_A, "E draw 9p; E discard 9p; S draw 5p; S discard 5p; E win")
    r = scorer.replay(rec)
    (w,) = r.wins
    assert (r.outcome, w.seat, w.discarder, w.action) == ("win", "E", "S", 4)
    assert w.derived["self_drawn"] is False and w.derived["last_copy"] is False
    assert w.result.to_dict() == direct(w, rec).to_dict()
    assert dict(r.changes) == dict(w.result.payouts) == {"E": 8 + w.result.total + 16, "S": -(8 + w.result.total),
                                                          "W": -8, "N": -8}


def test_rp1_east_deals_and_draws_first_or_is_dealt_fourteen():
    with pytest.raises(scorer.ScorerError) as e:
        replayed(DEAL_A, "S draw 9p")
    assert "E is to draw" in e.value.message
    r = replayed({**DEAL_A, "E": "123456789m1235p9p"}, "E discard 9p; S draw 5p; S discard 5p; E win")
    assert r.wins[0].discarder == "S"


def test_rp7_a_win_must_be_complete_and_reach_the_minimum():
    for script, code in (("E draw 9p; E win", "not_winning"),):
        with pytest.raises(scorer.ScorerError) as e:
            replayed(DEAL_A, script)
        assert e.value.code == code


def test_a_self_drawn_win():
    r = replayed(DEAL_A, "E draw 5p; E win")
    (w,) = r.wins
    assert w.derived["self_drawn"] is True and w.discarder is None
    assert sum(r.changes.values()) == 0 and r.changes["E"] == 3 * (8 + w.result.total)


def test_a_win_on_the_replacement_after_ones_own_kong_is_kong_replacement():
    r = replayed(DEAL_A, "E draw 9p; E discard 9p; S draw 1s; S concealed_kong 1s; S replacement E; S win")
    (w,) = r.wins
    assert w.derived["kong_replacement"] is True and w.derived["self_drawn"] is True
    assert "out_with_replacement_tile" in {f.id for f in w.result.fans}


def test_robbing_an_added_kong():
    rec = record(DEAL_B, ROBBING + "; E win")
    r = scorer.replay(rec)
    (w,) = r.wins
    assert (w.discarder, w.derived["robbing_kong"]) == ("S", True)
    assert "robbing_the_kong" in {f.id for f in w.result.fans}
    assert w.result.to_dict() == direct(w, rec).to_dict()


def test_rp4_last_copy_counts_the_tiles_shown():
    # 3p: West's discard punged by South (3 shown), so East's 3p from North is the last copy
    script = ("E draw 4m; E discard 4m; S draw F; S discard F; W draw E; W discard 3p; S pung; S discard W; "
              "W draw 1m; W discard 1m; N draw 3p; N discard 3p; E win")
    (w,) = replayed(DEAL_B, script).wins
    assert w.derived["last_copy"] is True
    assert "last_tile" in {f.id for f in w.result.fans}


def test_rp4_last_copy_does_not_count_the_winning_discard():
    # West's 3p lies unclaimed (1 shown); North's 3p is the winning discard, not counted: no last copy
    script = ("E draw 4m; E discard 4m; S draw F; S discard F; W draw E; W discard 3p; N draw 3p; N discard 3p; "
              "E win")
    (w,) = replayed(DEAL_B, script).wins
    assert (w.discarder, w.derived["last_copy"]) == ("N", False)


def test_rp6_a_record_that_stops_before_the_end_is_unfinished_and_pays_nothing():
    r = replayed(DEAL_A, "E draw 9p; E discard 9p")
    assert (r.outcome, r.wins, dict(r.changes)) == ("unfinished", (), {"E": 0, "S": 0, "W": 0, "N": 0})


def test_rp2_rp3_last_tile_from_the_wall():
    wall = ["9p", "5p"]
    r = replayed(DEAL_A, "E draw; E discard 9p; S draw; S discard 5p; E win", wall=wall)
    (w,) = r.wins
    assert w.derived["last_wall_tile"] is True
    assert "last_tile_claim" in {f.id for f in w.result.fans}
    r = replayed(DEAL_A, "E draw 9p; E discard 9p; S draw 5p; S discard 5p; E win", wall=["9p", "5p", "1s"])
    assert r.wins[0].derived["last_wall_tile"] is False


def test_rp2_last_tile_self_drawn_and_the_drawn_game():
    (w,) = replayed(DEAL_A, "E draw 5p; E win", wall=["5p"]).wins
    assert w.derived["last_wall_tile"] is True and "last_tile_draw" in {f.id for f in w.result.fans}
    r = replayed(DEAL_A, "E draw 9p; E discard 9p; wall_end", wall=["9p"])
    assert (r.outcome, r.wins, dict(r.changes)) == ("draw", (), {"E": 0, "S": 0, "W": 0, "N": 0})


def test_seat_and_prevalent_wind_and_flowers():
    rec = record(DEAL_A, "E draw 9p; E discard 9p; S draw 5p; S discard 5p; E win", prevalent_wind="S",
                 flowers={"E": 2, "N": 1})
    r = scorer.replay(rec)
    (w,) = r.wins
    assert (w.derived["seat_wind"], w.derived["prevalent_wind"], w.derived["flowers"]) == ("E", "S", 2)
    assert w.result.flower_points == 2 and w.result.to_dict() == scorer.score(
        w.hand, **{k: v for k, v in w.derived.items() if k != "flowers"}).to_dict()


def test_the_wall_may_leave_draws_without_their_tile_and_to_dict_round_trips():
    rec = record(DEAL_A, "E draw; E discard 9p; S draw; S discard 5p; E win", wall=["9p", "5p", "1s"])
    built = scorer.Record.build(**rec)
    again = scorer.Record.build(**built.to_dict())
    assert again == built


def test_rp5_a_claim_with_its_outranked_claims():
    # West's win outranks North's pung (North listed as outranked); North sits after West's discard
    r = replayed(DEAL_A, "E draw 9p; E discard 9p; S draw 5p; S discard 5p; E win outranked=N:pung")
    assert r.wins[0].seat == "E"


# --- every illegal-action kind -------------------------------------------------------------------
ILLEGAL = [
    ("discard-not-held", DEAL_A, "E draw 9p; E discard 7s", "/actions/1/tile", "illegal_action", "holds no"),
    ("draw-out-of-turn", DEAL_A, "S draw 9p", "/actions/0/seat", "illegal_action", "E is to draw"),
    ("discard-before-draw", DEAL_A, "E discard 1m", "/actions/0/seat", "illegal_action", "cannot discard"),
    ("two-draws", DEAL_A, "E draw 9p; E draw 8p", "/actions/1/seat", "illegal_action", "cannot draw"),
    ("chow-not-next-seat", DEAL_A, "E draw 9p; E discard 9p; W chow 789p", "/actions/2/seat", "illegal_action",
     "only the next seat"),
    ("chow-without-the-discard", DEAL_A, "E draw 9p; E discard 9p; S chow 678s", "/actions/2/tiles", "illegal_action",
     "does not hold the discard"),
    ("chow-tiles-not-held", DEAL_A, "E draw 9p; E discard 9p; S chow 789p", "/actions/2/tiles", "illegal_action",
     "holds no"),
    ("chow-not-a-run", DEAL_A, "E draw 9p; E discard 9p; S chow 799p", "/actions/2/tiles", "illegal_action",
     "three tiles in a row"),
    ("pung-without-a-pair", DEAL_A, "E draw 9p; E discard 9p; S pung", "/actions/2", "illegal_action", "not the two"),
    ("claim-with-no-discard", DEAL_A, "E draw 9p; S pung", "/actions/1", "illegal_action", "no discard"),
    ("claim-own-discard", DEAL_A, "E draw 9p; E discard 9p; E pung", "/actions/2/seat", "illegal_action",
     "its own discard"),
    ("claim-wrong-tile", DEAL_A, "E draw 9p; E discard 9p; S pung 8p", "/actions/2/tile", "illegal_action",
     "the discard is 9p"),
    ("priority-win-over-pung", DEAL_A, "E draw 9p; E discard 9p; S draw 5p; S discard 5p; N pung outranked=E:win",
     "/actions/4/outranked/0/action", "illegal_action", "outranks"),
    ("jiehu-nearer-winner", DEAL_A, "E draw 9p; E discard 9p; S draw 5p; S discard 5p; E win outranked=W:win",
     "/actions/4/outranked/0", "illegal_action", "截和"),
    ("jiehu-second-winner", DEAL_A, "E draw 9p; E discard 9p; S draw 5p; S discard 5p; E win; N win",
     "/actions/5", "illegal_action", "the hand is over"),
    ("outranked-chow-not-next", DEAL_A, "E draw 9p; E discard 9p; S draw 5p; S discard 5p; E win outranked=N:chow",
     "/actions/4/outranked/0/seat", "illegal_action", "only the next seat"),
    ("kong-then-discard", DEAL_A, "E draw 9p; E discard 9p; S draw 1s; S concealed_kong 1s; S discard E",
     "/actions/4/seat", "illegal_action", "replacement"),
    ("kong-on-an-empty-wall", DEAL_A, "E draw 9p; E discard 9p; S draw 1s; S concealed_kong 1s",
     "/actions/3", "illegal_action", "needs a replacement tile"),
    ("kong-after-pung", DEAL_B, "E draw 4m; E discard 4m; S draw F; S discard F; W draw E; W discard 3p; S pung; "
     "S concealed_kong 1s", "/actions/7/action", "illegal_action", "straight after a chow or pung"),
    ("concealed-kong-without-four", DEAL_A, "E draw 9p; E concealed_kong 1m", "/actions/1/tile", "illegal_action",
     "not the four"),
    ("added-kong-without-pung", DEAL_A, "E draw 1m; E added_kong 1m", "/actions/1/tile", "illegal_action",
     "no pung"),
    ("replacement-without-kong", DEAL_A, "E draw 9p; E replacement 8p", "/actions/1/seat", "illegal_action",
     "cannot draw a replacement"),
    ("rob-a-concealed-kong", DEAL_A, "E draw 9p; E discard 9p; S draw 1s; S concealed_kong 1s; E win",
     "/actions/4", "illegal_action", "only an added kong can be robbed"),
    ("rob-own-kong", DEAL_B, ROBBING + "; S win", "/actions/16/seat", "illegal_action", "its own kong"),
    ("fifth-copy", {**DEAL_A, "S": "1111222333444s"}, "E draw 1s", "/actions/0/tile", "too_many_copies", "fifth 1s"),
    ("draw-not-the-wall", DEAL_A, "E draw 8p", "/actions/0/tile", "illegal_action", "the wall's next tile is 9p"),
    ("draw-from-an-empty-wall", DEAL_A, "E draw 9p; E discard 9p; S draw 8p", "/actions/2", "illegal_action",
     "empty wall"),
    ("win-not-complete", DEAL_A, "E draw 9p; E win", "/actions/1", "not_winning", "not complete"),
    ("win-under-eight", {**DEAL_A, "E": "123m567m234p678s5s"}, "E draw 9p; E discard 9p; S draw 5s; S discard 5s; "
     "E win", "/actions/4", "under_minimum", "minimum"),
    ("self-drawn-after-pung", DEAL_B, "E draw 4m; E discard 4m; S draw F; S discard F; W draw E; W discard 3p; "
     "S pung; S win", "/actions/7", "illegal_action", "followed by a discard"),
    ("action-after-the-end", DEAL_A, "E draw 5p; E win; S draw 1m", "/actions/2", "illegal_action", "over"),
    ("wall-end-with-tiles-left", DEAL_A, "E draw 9p; E discard 9p; wall_end", "/actions/2", "illegal_action",
     "not empty"),
    ("win-on-own-discard", DEAL_A, "E draw 9p; E discard 9p; S draw 5p; S discard 5p; S win", "/actions/4/seat",
     "illegal_action", "own discard"),
]
WALLS = {"draw-not-the-wall": ["9p"], "draw-from-an-empty-wall": ["9p"], "kong-on-an-empty-wall": ["9p", "1s"]}


@pytest.mark.parametrize(("name", "deal", "script", "pointer", "code", "reason"),
                         [pytest.param(*row, id=row[0]) for row in ILLEGAL])
def test_every_illegal_action_is_refused_at_its_action(name, deal, script, pointer, code, reason):
    kw = {"wall": WALLS[name]} if name in WALLS else {}
    with pytest.raises(scorer.ScorerError) as e:
        replayed(deal, script, **kw)
    assert (e.value.pointer, e.value.code) == (pointer, code), e.value.message
    assert reason in e.value.message


@pytest.mark.parametrize(("body", "pointer", "code"), [
    pytest.param({"deal": {**DEAL_A, "S": "123m"}, "actions": []}, "/deal/S", "tile_count", id="short-deal"),
    pytest.param({"deal": {**DEAL_A, "W": "1s1s" + DEAL_A["W"][2:]}, "actions": []}, "/deal/W", "too_many_copies",
                 id="fifth-copy-dealt"),
    pytest.param({"deal": DEAL_A, "actions": [{"seat": "E", "action": "fly"}]}, "/actions/0/action", "bad_value",
                 id="unknown-action"),
    pytest.param({"deal": DEAL_A, "actions": [{"action": "draw"}]}, "/actions/0/seat", "bad_value", id="no-seat"),
    pytest.param({"deal": DEAL_A, "actions": [], "ruleset": "riichi"}, "/ruleset", "bad_ruleset", id="bad-book"),
    pytest.param({"deal": DEAL_A, "actions": [], "missing_suits": {"E": "m"}}, "/missing_suits", "not_in_ruleset",
                 id="missing-suits-in-mcr"),
    pytest.param({"deal": DEAL_A, "actions": [], "wall": ["9p"] * 90}, "/wall", "tile_count", id="long-wall"),
])
def test_records_that_are_not_records_name_the_field(body, pointer, code):
    with pytest.raises(scorer.ScorerError) as e:
        scorer.replay(body)
    assert (e.value.pointer, e.value.code) == (pointer, code)


# --- the service and the command line ------------------------------------------------------------
def test_service_answers_the_replay(client):
    rec = record(DEAL_A, "E draw 9p; E discard 9p; S draw 5p; S discard 5p; E win")
    resp = client.post("/v1/replay", json=rec)
    assert resp.status_code == 200
    assert resp.get_json() == json.loads(json.dumps(scorer.replay(rec).to_dict()))
    assert resp.get_json()["wins"][0]["score"] == client.post("/v1/score", json={
        "hand": resp.get_json()["wins"][0]["hand"],
        "context": {k: v for k, v in resp.get_json()["wins"][0]["context"].items() if k != "flowers"}}).get_json()


def test_service_an_illegal_action_is_a_problem_pointing_at_it(client):
    resp = client.post("/v1/replay", json=record(DEAL_A, "E draw 9p; E discard 9p; W chow 789p"))
    body = resp.get_json()
    assert resp.status_code == 422 and body["type"].endswith("/illegal-action")
    assert body["errors"] == [{"pointer": "/actions/2/seat", "detail": "only the next seat after E may chow"}]


@pytest.mark.parametrize(("body", "pointer"), [
    pytest.param({"actions": []}, "/deal", id="no-deal"),
    pytest.param({"deal": DEAL_A, "actions": [{"seat": "E", "action": "draw", "tile": 5}]}, "/actions/0/tile",
                 id="tile-not-a-string"),
    pytest.param({"deal": DEAL_A, "actions": [{"seat": "E", "action": "jump"}]}, "/actions/0/action",
                 id="unknown-action"),
    pytest.param({"deal": DEAL_A, "actions": "E draw"}, "/actions", id="actions-not-a-list"),
    pytest.param({"deal": DEAL_A, "actions": [], "wall": 7}, "/wall", id="wall-not-tiles"),
])
def test_service_bad_bodies_are_problems_naming_the_field(client, body, pointer):
    resp = client.post("/v1/replay", json=body)
    assert resp.status_code == 422
    assert pointer in [e["pointer"] for e in resp.get_json()["errors"]]


def test_cli_replays_a_record_file(tmp_path):
    rec = record(DEAL_A, "E draw 5p; E win")
    path = tmp_path / "record.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "scorer", "replay", str(path), "--json"], capture_output=True,
                         text=True, check=True)
    assert json.loads(out.stdout) == json.loads(json.dumps(scorer.replay(rec).to_dict()))
    table = subprocess.run([sys.executable, "-m", "scorer", "replay", str(path)], capture_output=True, text=True,
                           check=True).stdout.splitlines()
    assert table[0] == "mcr record, 2 actions: win" and "Action 2: E wins self-drawn, 123456789m1235p5p" in table
    assert "Pure Straight         清龙     16  1   16" in table and table[-1] == "Changes: E +99  S -33  W -33  N -33"
    path.write_text(json.dumps(record(DEAL_A, "S draw 9p")), encoding="utf-8")
    bad = subprocess.run([sys.executable, "-m", "scorer", "replay", str(path)], capture_output=True, text=True)
    assert bad.returncode == 2 and "/actions/0/seat" in bad.stderr


def test_actions_helper_reads_scripts():
    assert actions("E draw 9p; S chow 789p; N win outranked=W:pung; wall_end") == [
        {"seat": "E", "action": "draw", "tile": "9p"}, {"seat": "S", "action": "chow", "tiles": "789p"},
        {"seat": "N", "action": "win", "outranked": [{"seat": "W", "action": "pung"}]}, {"action": "wall_end"}]


TAIWAN_DEAL = {"E": "123m456m789m123p45p99p", "S": "111s222s333s444s5678s", "W": "EEESSSWWWNNNCCCF",
               "N": "555p666p777p888p12p56m"}


def test_rp12_a_sixteen_tile_books_record_is_replayed_by_its_books_table() -> None:
    """Taiwan: 16 tiles dealt, the dealer's flower drawn, set aside and replaced, and a win on the
    replacement, which the book counts as a kong's (槓上開花)."""
    actions = [{"seat": "E", "action": "flower", "flower": "spring"},
               {"seat": "E", "action": "replacement", "tile": "3p"}, {"seat": "E", "action": "win"}]
    r = scorer.replay({"ruleset": "taiwan", "deal": TAIWAN_DEAL, "actions": actions})
    (win,) = r.wins
    assert win.derived["kong_replacement"] is True and win.hand.flower_tiles == (scorer.Flower.SPRING,)
    assert [(f.id, f.count) for f in win.result.fans] == [("concealed_self_drawn", 1), ("seat_flower", 1),
                                                          ("kong_replacement", 1)]
    assert (r.outcome, dict(r.changes)) == ("win", {"E": 270, "S": -90, "W": -90, "N": -90})
    with pytest.raises(scorer.ScorerError) as e:  # the 14-tile deal is another book's
        scorer.replay({"ruleset": "taiwan", "deal": {w: t[:-3] for w, t in TAIWAN_DEAL.items()}, "actions": []})
    assert (e.value.code, e.value.field) == ("tile_count", ("deal", "E"))
