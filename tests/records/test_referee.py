"""The referee (scorer.Referee): random hands of every book stepped through it, every action
chosen from legal(), end (a win, the wall's end, or Sichuan's three winners) and replay to the
same answer over HTTP; every action tried outside legal() is refused, and changes nothing."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scorer
from scorer.flowers import Flower
from scorer.records.record import action_dict
from scorer.tiles import ALL_TILES, INDEX, IS_HONOR, Wind
from testkit.refereeing import choose, deal, play
from testkit.replaying import DEAL_A, DEAL_B, record

BOOKS = [("mcr", "one"), ("mcr", "four"), ("hk", "one"), ("sichuan", "one"), ("taiwan", "one")]
ENDS = {"mcr": {"win", "draw"}, "hk": {"win", "draw"}, "taiwan": {"win", "draw"}, "sichuan": {"over", "draw"}}


def _same(a: dict, b: dict) -> bool:
    return json.loads(json.dumps(a)) == json.loads(json.dumps(b))


# --- whole hands, chosen from legal() ---------------------------------------------------------------
@pytest.mark.parametrize(("ruleset", "walls"), BOOKS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31))
def test_a_hand_played_from_legal_ends_and_replays_the_same_over_http(client, ruleset, walls, seed):
    cut = random.Random(seed).randrange(40)
    prefix: list = []

    def step(ref: scorer.Referee, legal: tuple[scorer.Legal, ...]) -> None:
        assert legal, f"nothing legal after action {len(ref.actions)} of an unfinished hand"
        if len(ref.actions) == cut:
            prefix.append((ref.record().to_dict(), ref.next()))

    ref = play(seed, ruleset, walls, step=step)
    assert ref.over and ref.outcome in ENDS[ruleset]
    assert ref.legal() == () and ref.next() is None
    body = ref.record().to_dict()
    resp = client.post("/v1/replay", json=body)
    assert resp.status_code == 200, resp.get_json()
    assert _same(resp.get_json(), ref.result().to_dict())
    assert resp.get_json()["next"] is None
    assert _same(scorer.replay(body).to_dict(), ref.result().to_dict())
    if prefix:  # a record that stops: the same legal actions over HTTP as the referee gave there
        cut_body, nxt = prefix[0]
        got = client.post("/v1/replay", json=cut_body).get_json()
        assert got["outcome"] == "unfinished" and _same(got["next"], nxt.to_dict())


def test_the_generated_hands_reach_wins_claims_kongs_and_the_walls_end():
    seen: dict[str, set[str]] = {}
    for ruleset, walls in BOOKS:
        kinds = seen.setdefault(ruleset + walls, set())
        for seed in range(25):
            ref = play(seed, ruleset, walls)
            kinds |= {a.action for a in ref.actions} | {ref.outcome}
    for name, kinds in seen.items():
        assert {"win", "discard", "pung", "draw", "pass"} <= kinds or name.startswith("taiwan"), (name, kinds)
        assert "kong" in kinds or "concealed_kong" in kinds or "added_kong" in kinds, (name, kinds)
    assert {"chow", "draw", "win"} <= seen["mcrone"] and "flower" in seen["hkone"] and "chow" not in seen["sichuanone"]
    assert "wall_end" in seen["mcrfour"] | seen["hkone"] | seen["taiwanone"]
    assert "over" in seen["sichuanone"]


# --- outside legal() ----------------------------------------------------------------------------------
def _tries(ref: scorer.Referee, rng: random.Random) -> list[dict]:
    """Actions of every kind by every seat, near the legal ones: the tiles held, the discard's
    chows, a tile not held, flowers out and not."""
    t = ref._table  # the test reads the table to aim near what is legal
    out: list[dict] = [{"action": "wall_end"}]
    discard = t.discard[1] if t.discard else None
    flowers = [f.value for f in Flower]
    for w in Wind:
        s = w.value
        held = [ALL_TILES[k] for k in range(34) if t.held[w][k]]
        some = [*held, rng.choice(ALL_TILES), *([discard] if discard else [])]
        for kind in ("draw", "replacement", "pass", "win"):
            out.append({"seat": s, "action": kind})
        for f in rng.sample(flowers, 2):
            out.append({"seat": s, "action": "flower", "flower": f})
        for tile in some:
            for kind in ("discard", "concealed_kong", "added_kong", "pung", "kong", "win"):
                out.append({"seat": s, "action": kind, "tile": tile.value})
        if discard is not None and not IS_HONOR[INDEX[discard]]:
            k = INDEX[discard]
            for low in range(k - 2, k + 1):
                if low // 9 == k // 9 and (low + 2) // 9 == k // 9 and low >= 0:
                    out.append({"seat": s, "action": "chow", "tiles": "".join(ALL_TILES[low + j].value
                                                                           for j in range(3))})
    return out


def _offered(a: dict, legal: tuple[scorer.Legal, ...]) -> bool:
    for x in legal:
        d = action_dict(x.action)
        if d == a:
            return True
        if d.get("seat") == a.get("seat") and d["action"] == a["action"] and (
                (a["action"] in ("draw", "replacement") and "tile" not in d) or a["action"] == "flower"
                or (a["action"] in ("draw", "replacement", "win", "pung", "kong") and "tile" not in a)):
            return True  # the wall's choice, left open; or a tile the record may leave out
    return False


@pytest.mark.parametrize(("ruleset", "walls"), BOOKS)
def test_an_action_outside_legal_is_refused_at_every_step_and_changes_nothing(ruleset, walls):
    tried = refused = 0
    for seed in range(2):
        d = deal(seed, ruleset, walls)
        rng = random.Random(seed)
        ref = scorer.Referee(d.body)
        while not ref.over:
            legal = ref.legal()
            n = len(ref.actions)
            for a in _tries(ref, rng):
                if _offered(a, legal):
                    continue
                tried += 1
                with pytest.raises(scorer.ScorerError) as e:
                    ref.apply(a)
                refused += 1
                assert e.value.pointer.startswith(f"/actions/{n}"), (a, e.value.pointer)
                assert len(ref.actions) == n and ref.legal() == legal, a
            ref.apply(choose(rng, ref, d, legal))
    assert tried == refused and tried > 1000


# --- what the answer says -----------------------------------------------------------------------------
def test_rp13_next_names_every_seats_actions_with_totals_and_priorities(client):
    rec = record(DEAL_B, "E draw 4m; E discard 4m; S draw F; S discard F; W draw E; W discard 3p")
    got = client.post("/v1/replay", json=rec).get_json()
    nxt = got["next"]
    assert nxt["after"] == 5 and nxt["last"] == {"seat": "W", "action": "discard", "tile": "3p"}
    win = scorer.replay(record(DEAL_B, rec_script(rec) + "; E win")).wins[0].result.total
    assert nxt["seats"]["E"] == [{"seat": "E", "action": "win", "tile": "3p", "total": win, "priority": 1},
                                 {"seat": "E", "action": "pass"}]
    assert nxt["seats"]["S"] == [{"seat": "S", "action": "pung", "tile": "3p", "priority": 2},
                                 {"seat": "S", "action": "pass"}]
    assert nxt["seats"]["W"] == [] and [a["action"] for a in nxt["seats"]["N"]] == ["draw", "flower"]
    assert nxt["wall_end"] is False


def rec_script(rec: dict) -> str:
    return "; ".join(" ".join(str(a.get(k)) for k in ("seat", "action", "tile") if a.get(k)) for a in rec["actions"])


def test_the_deal_is_followed_by_easts_draw_and_a_pass_takes_a_seats_claims_away():
    ref = scorer.Referee(record(DEAL_B, ""))
    nxt = ref.next()
    assert nxt is not None and nxt.after is None and nxt.last is None
    assert [x.to_dict() for x in nxt.legal] == [{"seat": "E", "action": "draw"}, {"seat": "E", "action": "flower"}]
    for a in record(DEAL_B, "E draw 4m; E discard 4m; S draw F; S discard F; W draw E; W discard 3p")["actions"]:
        ref.apply(a)
    ref.apply({"seat": "E", "action": "pass"})
    assert [x.action.action for x in ref.next().seat("E")] == []
    with pytest.raises(scorer.ScorerError) as e:
        ref.apply({"seat": "E", "action": "win"})
    assert (e.value.code, e.value.pointer) == ("illegal_action", "/actions/7/seat")
    ref.apply({"seat": "S", "action": "pung"})
    assert ref.next().seat("S")[0].action.action == "discard"


def test_a_seat_may_pass_only_on_a_claim_it_has():
    ref = scorer.Referee(record(DEAL_A, "E draw 9p; E discard 9p"))
    with pytest.raises(scorer.ScorerError) as e:
        ref.apply({"seat": "N", "action": "pass"})
    assert (e.value.code, e.value.pointer) == ("illegal_action", "/actions/2/seat")
    assert "no claim" in e.value.message


def test_a_record_that_is_over_answers_next_null_and_an_illegal_last_action_the_422(client):
    done = client.post("/v1/replay", json=record(DEAL_A, "E draw 5p; E win")).get_json()
    assert done["outcome"] == "win" and done["next"] is None
    bad = client.post("/v1/replay", json=record(DEAL_A, "E draw 9p; E discard 9p; W chow 789p"))
    assert bad.status_code == 422 and "next" not in bad.get_json()
    assert bad.get_json()["errors"][0]["pointer"] == "/actions/2/seat"


def test_a_win_under_the_minimum_is_not_offered_and_is_refused_as_the_replay_refuses_it():
    # East waits on 6p or 9p for a complete hand of 6 points: no win is offered
    deal_c = {**DEAL_A, "E": "234m567m234p78p99s"}
    assert scorer.score("234m567m234p78p99s6p").points == 6
    ref = scorer.Referee(record(deal_c, "E draw 1p; E discard 1p; S draw 6p; S discard 6p"))
    assert [x.action.action for x in ref.next().seat("E")] == []
    with pytest.raises(scorer.ScorerError) as e:
        ref.apply({"seat": "E", "action": "win"})
    assert e.value.code == "under_minimum" and e.value.pointer == "/actions/4"


def test_a_kong_is_offered_only_with_a_tile_to_replace_it():
    # a wall of two tiles: South draws the last but one, and the fourth 1s can no longer be konged
    wall = ["9p", "1s"]
    ref = scorer.Referee(record(DEAL_A, "E draw; E discard 9p; S draw", wall=wall))
    kinds = {x.action.action for x in ref.legal()}
    assert "concealed_kong" not in kinds and "discard" in kinds
    with pytest.raises(scorer.ScorerError) as e:
        ref.apply({"seat": "S", "action": "concealed_kong", "tile": "1s"})
    assert "replacement tile" in e.value.message


def test_sichuan_offers_no_chow_and_the_missing_suit_first():
    d = {"E": "11123456789999m", "S": "1122334455667p", "W": "123456789s1234p", "N": "111222333444s5p"}
    rec = {"ruleset": "sichuan", "deal": d, "missing_suits": {"E": "p", "S": "s", "W": "p", "N": "p"},
           "actions": [{"seat": "E", "action": "discard", "tile": "1m"}]}
    ref = scorer.Referee(rec)
    assert all(x.action.action != "chow" for x in ref.legal())
    ref.apply({"seat": "S", "action": "draw", "tile": "9p"})
    ref.apply({"seat": "S", "action": "discard", "tile": "9p"})
    ref.apply({"seat": "W", "action": "draw", "tile": "5m"})
    assert {x.action.tile.value for x in ref.next().seat("W")} == {"1p", "2p", "3p", "4p"}


def test_an_action_given_to_apply_is_read_as_a_record_reads_it():
    ref = scorer.Referee(record(DEAL_A, ""))
    with pytest.raises(scorer.ScorerError) as e:
        ref.apply({"seat": "E", "action": "jump"})
    assert (e.value.code, e.value.pointer) == ("bad_value", "/actions/0/action")
    ref.apply(scorer.RecordAction(Wind.E, "draw", scorer.parse_tiles("9p")[0]))
    assert ref.actions[-1].tile is scorer.parse_tiles("9p")[0]


def test_a_book_that_does_not_replay_is_refused_at_ruleset():
    with pytest.raises(scorer.ScorerError) as e:
        scorer.Referee({"ruleset": "riichi", "deal": DEAL_A, "actions": []})
    assert e.value.pointer == "/ruleset"


def test_four_walls_offer_no_flower():
    d = deal(0, "mcr", "four")
    ref = scorer.Referee(d.body)
    assert all(x.action.action != "flower" for x in ref.legal())
    with pytest.raises(scorer.ScorerError) as e:
        ref.apply({"seat": "E", "action": "flower", "flower": "plum"})
    assert e.value.pointer == "/actions/0/action"


# --- the command line ---------------------------------------------------------------------------------
def test_cli_next_prints_each_seats_legal_actions(tmp_path):
    rec = record(DEAL_B, "E draw 4m; E discard 4m; S draw F; S discard F; W draw E; W discard 3p")
    path = tmp_path / "record.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    run = [sys.executable, "-m", "scorer", "replay", "--next", str(path)]
    lines = subprocess.run(run, capture_output=True, text=True, check=True).stdout.splitlines()
    total = scorer.Referee(rec).next().seat("E")[0].total
    assert lines == ["after action 5: W discard 3p", f"E: win 3p ({total}) [priority 1], pass",
                     "S: pung 3p [priority 2], pass", "W: -", "N: draw, flower"]
    got = json.loads(subprocess.run([*run, "--json"], capture_output=True, text=True, check=True).stdout)
    assert got == json.loads(json.dumps(scorer.replay(rec).to_dict()["next"]))
    path.write_text(json.dumps(record(DEAL_A, "E draw 5p; E win")), encoding="utf-8")
    over = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    assert over == "the hand is over (win): nothing follows\n"
    path.write_text(json.dumps(record(DEAL_A, "S draw 9p")), encoding="utf-8")
    bad = subprocess.run(run, capture_output=True, text=True)
    assert bad.returncode == 2 and "/actions/0/seat" in bad.stderr and bad.stdout == ""


# --- the service's reading --------------------------------------------------------------------------
@pytest.mark.parametrize(("body", "pointer"), [
    pytest.param({"deal": {**DEAL_A, "E": "  ".join(DEAL_A["E"]) + " " * 100}, "actions": []}, "/deal/E",
                 id="a-long-tile-string"),
    pytest.param({"deal": DEAL_A, "actions": [{"seat": "E", "action": "draw", "tile": "9p" + " " * 127}]},
                 "/actions/0/tile", id="a-long-action-field"),
    pytest.param({"deal": DEAL_A, "actions": [], "players": ["Ann", "Bo", "Cy", "D" * 129]}, "/players/3",
                 id="a-long-name"),
])
def test_service_a_body_the_library_could_read_is_still_held_to_the_schemas_bounds(client, body, pointer):
    """POST /v1/replay reads a plain body with the library alone; a string or list past the schema's
    bounds still gets the schema's answer, as before."""
    resp = client.post("/v1/replay", json=body)
    assert resp.status_code == 422
    assert pointer in [e["pointer"] for e in resp.get_json()["errors"]]
