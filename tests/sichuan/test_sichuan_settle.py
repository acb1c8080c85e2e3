"""A whole Sichuan hand of play settled (scorer.rules.sichuan.settlement): the worked settlements in
``seeds/sichuan/1NN_*.json``, the settlement rulings (T1-T8 in RULINGS.md, ``test_t<n>_...``),
every bad hand of play with the path of its error, the declared request shape, the CLI, and
property tests over generated hands of play (zero-sum, winners never pay again)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import scorer
from scorer.rules.sichuan.play import Play
from scorer.rules.sichuan.settlement import settle
from scorer.shape import Kind, fields_of
from scorer.sichuan import build_play
from testkit import ROOT
from testkit.strategies import HOLDINGS, PUNGS, draw_kong, kong, shown

SEEDS = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "seeds" / "sichuan").glob("*.json"))]
SETTLE_SEEDS = [s for s in SEEDS if s["kind"] == "settle"]
BY_ID = {s["id"]: s for s in SETTLE_SEEDS}
PROPS = settings(max_examples=150, derandomize=True, database=None, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

SUITS = {"E": "s", "S": "s", "W": "m", "N": "m"}
E_WINS = "123m456m789m11p23p4p"  # E (missing s), 平胡
W_WINS = "111s234s567s888s6p6p"  # W (missing m), 平胡
N_WINS_6P = "999s555p777p888p6p6p"  # N (missing m), 碰碰胡 on the pair
N_WINS_6S = "999s555p777p888p6s6s"
S_WINS = "234m567m345p99p88m8m"  # S (missing s), 平胡


def body(events: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    return {"missing_suits": dict(SUITS), "events": events, **more}


def win(discarder: str | None, *winners: tuple[str, Any], robbing: bool = False, **context: bool) -> dict[str, Any]:
    w: dict[str, Any] = {"discarder": discarder, "winners": [
        {"player": p, "hand": h, **({"context": context} if context else {})} for p, h in winners]}
    if robbing:
        w["robbing_kong"] = True
    return {"win": w}


def error(b: dict[str, Any]) -> scorer.ScorerError:
    with pytest.raises(scorer.ScorerError) as e:
        settle(build_play(**b))
    return e.value


# --- the worked settlements ---------------------------------------------------------------------
@pytest.mark.parametrize("seed", [pytest.param(s, id=s["id"]) for s in SETTLE_SEEDS])
def test_seed(seed: dict[str, Any]) -> None:
    got = settle(build_play(**seed["request"])).to_dict()
    want = seed["expected"]
    assert [e["changes"] for e in got["events"]] == want["events"]
    assert got["totals"] == want["totals"]
    ex = got["exhaustion"]
    assert (ex is None) == (want["exhaustion"] is None)
    if ex is not None:
        assert ex["players"] == want["exhaustion"]["players"]
        assert {w: r["base"] for w, r in ex["ready"].items()} == want["exhaustion"]["ready"]
        assert ex["changes"] == want["exhaustion"]["changes"]
    assert sum(got["totals"].values()) == 0


def test_the_response_shape() -> None:
    got = settle(build_play(**BY_ID["101_kongs_and_many_winners"]["request"])).to_dict()
    assert set(got) == {"base_points", "events", "exhaustion", "totals"}
    assert set(got["events"][0]) == {"kong", "changes"}
    w = got["events"][3]["win"]
    assert [x["player"] for x in w["winners"]] == ["W", "N"]
    assert w["winners"][0]["score"]["ruleset"] == "sichuan" and w["winners"][0]["score"]["valid"]
    ex = settle(build_play(**BY_ID["104_refund_and_cha_da_jiao"]["request"])).to_dict()["exhaustion"]
    assert ex["payments"][0] == {"from": "S", "to": "E", "amount": 2, "reason": "refund"}
    assert ex["ready"]["N"]["tile"] == "7s" and ex["ready"]["N"]["score"]["fans"][0]["id"] == "seven_pairs"


def test_base_points_multiply_every_amount() -> None:
    b = copy.deepcopy(BY_ID["104_refund_and_cha_da_jiao"]["request"])
    b["base_points"] = 5
    assert dict(settle(build_play(**b)).totals) == {"E": 10, "S": -25, "W": -25, "N": 40}


def test_the_flower_pig_penalty_is_an_option() -> None:
    b = copy.deepcopy(BY_ID["105_flower_pig"]["request"])
    b["options"] = {"flower_pig_penalty": 16}
    ex = settle(build_play(**b)).exhaustion
    assert ex is not None and ex.changes["W"] == -48


def test_max_fan_is_an_option() -> None:
    hand = "[2222m][5555m1][888p1][222p1]5p5p"  # 6 fan
    b = {"missing_suits": {"E": "s", "S": "s", "W": "m", "N": "m"},
         "events": [win("W", ("S", hand))], "options": {"max_fan": 6}}
    assert dict(settle(build_play(**b)).totals) == {"E": 0, "S": 64, "W": -64, "N": 0}


# --- rulings ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("robber", ["E", "S", "N"])
def test_t1_a_robbed_kong_pays_nothing(robber: str) -> None:
    suits = {"E": "s", "S": "s", "W": "m", "N": "s"}
    b = {"missing_suits": suits, "events": [kong("W", "added", "4p"), win("W", (robber, E_WINS), robbing=True)]}
    s = settle(build_play(**b))
    assert s.events[0].robbed and all(v == 0 for v in s.events[0].changes.values())
    assert s.events[1].scores[0].count("robbing_kong") == 1
    assert dict(s.totals) == {w: 2 if w == robber else -2 if w == "W" else 0 for w in "ESWN"}


def test_t2_a_winning_hand_that_cannot_win_is_an_error() -> None:
    e = error(body([win("S", ("E", "123m456m789m11p24p9p"))]))
    assert (e.code, e.field) == ("not_winning", ("events", 0, "win", "winners", 0, "hand"))
    e = error(body([win("S", ("E", "123s456m789m11p23p4p"))]))
    assert (e.code, e.field) == ("missing_suit_held", ("events", 0, "win", "winners", 0, "hand"))


def test_t3_exhausted_is_optional_before_the_wall_runs_out() -> None:
    s = settle(build_play(**body([win("S", ("E", E_WINS))])))
    assert s.exhaustion is None and dict(s.totals) == {"E": 1, "S": -1, "W": 0, "N": 0}


def test_t4_a_kong_in_the_players_missing_suit_is_an_error() -> None:
    e = error(body([kong("E", "concealed", "5s")]))
    assert (e.code, e.field) == ("bad_kong", ("events", 0, "kong", "tile"))


def test_t5_a_ready_players_highest_win_has_no_self_draw_or_event_fans() -> None:
    b = {"missing_suits": {"E": "s", "S": "s", "W": "m", "N": "p"},
         "events": [], "exhausted": {"E": "[2222m]345m678m11p23p", "S": "[7777p]134569m2p5p8p9p",
                                     "W": "1245789s134689p", "N": "11s22s33s44s55s66s9s"}}
    ex = settle(build_play(**b)).exhaustion
    assert ex is not None
    r = ex.ready["E"]
    assert r.score.payouts is None and {f.id: f.count for f in r.score.fans} == {"basic": 1, "root": 1}
    assert (r.tile.value, r.base) == ("1p", 2)  # 平胡 + the kong's root, as on a discard


def test_t6_a_wait_on_a_tile_held_four_times_is_not_ready() -> None:
    """A holding that only waits on a fifth copy of a tile it holds four of is not ready."""
    b = {"missing_suits": {"E": "s", "S": "s", "W": "m", "N": "p"}, "events": [],
         "exhausted": {"E": "111m222m333m5555p", "S": "456m456m789p11p23p", "W": "1245789s134689p",
                       "N": "11s22s33s44s55s66s9s"}}
    ex = settle(build_play(**b)).exhaustion
    assert ex is not None and ex.players["E"] == "not_ready"
    waits = scorer.analyze("111m222m333m5555p", {"missing_suit": "s"}, ruleset="sichuan").outlook
    assert waits is not None and [w.tile.value for w in waits.waits or ()] == ["5p"]  # the formal wait


def test_t7_flower_pigs_pay_winners_too_and_not_each_other() -> None:
    b = {"missing_suits": {"E": "m", "S": "s", "W": "p", "N": "p"},
         "events": [win(None, ("E", "123p456p789p11s23s4s"))],
         "exhausted": {"S": "1s56m456m789p11p23p", "W": "123m99m2p34567s88s", "N": "134679m1235789s"}}
    ex = settle(build_play(**b)).exhaustion
    assert ex is not None
    assert dict(ex.players) == {"E": "won", "S": "flower_pig", "W": "flower_pig", "N": "not_ready"}
    pig = [(p.payer, p.receiver, p.amount) for p in ex.payments if p.reason == "flower_pig"]
    assert pig == [("S", "E", 32), ("S", "N", 32), ("W", "E", 32), ("W", "N", 32)]
    assert not [p for p in ex.payments if p.reason == "not_ready"]  # nobody is ready


def test_t8_refunds_go_back_to_whoever_paid_even_a_winner() -> None:
    b = {"missing_suits": {"E": "s", "S": "s", "W": "m", "N": "p"},
         "events": [kong("S", "concealed", "7p"), win("N", ("E", E_WINS))],
         "exhausted": {"S": "[7777p]134569m2p5p8p9p", "W": "1245789s134689p", "N": "11m22m33m44s55s66s9s"}}
    s = settle(build_play(**b))
    ex = s.exhaustion
    assert ex is not None
    refunds = [(p.payer, p.receiver, p.amount) for p in ex.payments if p.reason == "refund"]
    assert refunds == [("S", "E", 2), ("S", "W", 2), ("S", "N", 2)]


E_KONG_WINS = "[5555m]123m789m11p23p4p"  # E (missing s): a concealed kong of 5m, 平胡 + 根


def test_t13_a_declared_kong_stays_among_its_players_melds() -> None:
    e = error(body([kong("E", "concealed", "5m"), win("S", ("E", E_WINS))]))
    assert (e.code, e.field) == ("bad_kong", ("events", 1, "win", "winners", 0, "hand"))
    e = error(body([kong("E", "exposed", "5m", "S"), win(None, ("E", E_KONG_WINS))]))
    assert (e.code, e.field) == ("bad_kong", ("events", 1, "win", "winners", 0, "hand"))  # exposed shown concealed
    e = error(body([kong("E", "concealed", "5m"), win(None, ("E", "[5555m1]123m789m11p23p4p"))]))
    assert (e.code, e.field) == ("bad_kong", ("events", 1, "win", "winners", 0, "hand"))  # concealed shown exposed
    holdings = {"E": "123m456m789m11p23p", "S": "456m456m789p55p67p", "W": "1245799s134689p",
                "N": "11s22s33s44s55s66s7s"}
    e = error(body([kong("W", "concealed", "8s")], exhausted=holdings))
    assert (e.code, e.field) == ("bad_kong", ("exhausted", "W"))
    # consistent: the kong shown as declared; a robbed kong is no kong (its player keeps the pung)
    s = settle(build_play(**body([kong("E", "exposed", "5m", "S"), win(None, ("E", "[5555m1]123m789m11p23p4p"))])))
    assert dict(s.totals) == {"E": 11, "S": -5, "W": -3, "N": -3}
    robbed = [kong("W", "added", "4p"), win("W", ("E", E_WINS), robbing=True),
              win("S", ("W", "[444p1]111s234s567s6p6p"))]
    assert dict(settle(build_play(**body(robbed))).totals) == {"E": 2, "S": -1, "W": -1, "N": 0}
    # a kong shown that no event declared scores (its root) and moves no money
    s = settle(build_play(**body([win(None, ("E", E_KONG_WINS))])))
    assert dict(s.totals) == {"E": 9, "S": -3, "W": -3, "N": -3}


def test_t14_robbing_a_kong_is_never_on_the_walls_last_tile() -> None:
    e = error(body([kong("W", "added", "4p"), win("W", ("E", E_WINS), robbing=True, last_wall_tile=True)]))
    assert (e.code, e.field) == ("contradictory_context",
                                 ("events", 1, "win", "winners", 0, "context", "last_wall_tile"))
    s = settle(build_play(**body([kong("W", "added", "4p"), win("W", ("E", E_WINS), robbing=True)])))
    assert dict(s.totals) == {"E": 2, "S": 0, "W": -2, "N": 0}
    with pytest.raises(scorer.ScorerError) as e:  # one hand scored alone: the same in Sichuan
        scorer.score(E_WINS, ruleset="sichuan", missing_suit="s", discarder="W", robbing_kong=True,
                     last_wall_tile=True)
    assert (e.value.code, e.value.pointer) == ("contradictory_context", "/context/last_wall_tile")
    # MCR keeps C7 (both fans, as the reference); Hong Kong scores both too (RULINGS T14)
    mcr = scorer.score(E_WINS, discarder="W", robbing_kong=True, last_wall_tile=True)
    assert mcr.count("robbing_the_kong") == 1 and mcr.count("last_tile_claim") == 1
    hk = scorer.score(E_WINS, ruleset="hk", discarder="W", robbing_kong=True, last_wall_tile=True)
    assert hk.winning and hk.count("robbing_kong") == 1


def test_t15_a_players_kongs_are_one_of_a_tile_and_at_most_four() -> None:
    e = error(body([kong("E", "concealed", "5m")] * 3))
    assert (e.code, e.field) == ("bad_kong", ("events", 1, "kong", "tile"))
    e = error(body([kong("E", "concealed", "5m"), kong("E", "added", "5m")]))
    assert (e.code, e.field) == ("bad_kong", ("events", 1, "kong", "tile"))
    e = error(body([kong("E", "concealed", f"{r}m") for r in range(1, 6)]))
    assert (e.code, e.field) == ("bad_kong", ("events", 4))
    e = error(body([kong("W", "added", "4p"), win("W", ("E", E_WINS), robbing=True), kong("W", "concealed", "4p")]))
    assert (e.code, e.field) == ("bad_kong", ("events", 2, "kong", "tile"))  # robbed: its fourth tile is E's
    four = [kong("E", "concealed", f"{r}m") for r in range(1, 5)]
    s = settle(build_play(**body(four)))
    assert dict(s.totals) == {"E": 24, "S": -8, "W": -8, "N": -8}


def test_t16_kong_replacement_is_the_draw_right_after_ones_own_kong() -> None:
    e = error(body([kong("E", "concealed", "5m"), kong("S", "concealed", "9p"),
                    win(None, ("E", E_KONG_WINS), kong_replacement=True)]))
    assert (e.code, e.field) == ("contradictory_context",
                                 ("events", 2, "win", "winners", 0, "context", "kong_replacement"))
    e = error(body([win(None, ("E", E_KONG_WINS), kong_replacement=True)]))
    assert (e.code, e.field) == ("contradictory_context",
                                 ("events", 0, "win", "winners", 0, "context", "kong_replacement"))
    s = settle(build_play(**body([kong("E", "concealed", "5m"), win(None, ("E", E_KONG_WINS), kong_replacement=True)])))
    assert dict(s.events[1].changes) == {"E": 15, "S": -5, "W": -5, "N": -5}  # 平胡 + 根 + 杠上开花: 4 + 1 each
    assert dict(s.totals) == {"E": 21, "S": -7, "W": -7, "N": -7}


def test_t17_nothing_happens_after_the_walls_last_tile() -> None:
    e = error(body([win(None, ("E", E_WINS), last_wall_tile=True), kong("S", "concealed", "9p"),
                    win(None, ("S", "[9999p]234m567m345p8m8m"), last_wall_tile=True)]))
    assert (e.code, e.field) == ("hand_over", ("events", 1))
    e = error(body([win(None, ("E", E_WINS), last_wall_tile=True), win("S", ("W", W_WINS))]))
    assert (e.code, e.field) == ("hand_over", ("events", 1))
    one = {"win": {"discarder": "S", "winners": [{"player": "W", "hand": W_WINS},
                                                 {"player": "N", "hand": N_WINS_6P,
                                                  "context": {"last_wall_tile": True}}]}}
    e = error(body([one]))
    assert (e.code, e.field) == ("bad_claim", ("events", 0, "win", "winners", 1, "context", "last_wall_tile"))
    one["win"]["winners"].reverse()
    e = error(body([one]))
    assert (e.code, e.field) == ("bad_claim", ("events", 0, "win", "winners", 1))
    # consistent: both winners of the last discard score 海底, and the wall then runs out
    s = settle(build_play(**body([win("S", ("W", W_WINS), ("N", N_WINS_6P), last_wall_tile=True)], exhausted={
        "E": "123m456m789m11p23p", "S": "234m567m345p99p88m"})))
    assert [r.count("last_tile") for r in s.events[0].scores] == [1, 1]


def test_t18_a_holding_shows_no_pung_or_kong_of_its_missing_suit() -> None:
    holdings = {"E": "[999s1]123m456m789m1p", "S": "456m456m789p55p67p", "W": "1245789s134689p",
                "N": "11s22s33s44s55s66s7s"}
    e = error(body([], exhausted=holdings))
    assert (e.code, e.field) == ("bad_meld", ("exhausted", "E"))
    e = error(body([], exhausted=dict(holdings, E={"concealed": "123m456m789m1p", "melds": [{"tiles": "9999s"}]})))
    assert (e.code, e.field) == ("bad_meld", ("exhausted", "E"))
    s = settle(build_play(**body([], exhausted=dict(holdings, E="999s123m456m789m1p"))))  # concealed: 花猪
    assert s.exhaustion is not None and s.exhaustion.players["E"] == "flower_pig"


# --- bad hands of play --------------------------------------------------------------------------------
def test_an_event_by_a_player_who_has_won() -> None:
    e = error(body([win("S", ("E", E_WINS)), kong("E", "concealed", "9p")]))
    assert (e.code, e.field) == ("player_out", ("events", 1, "kong", "player"))
    e = error(body([win("S", ("E", E_WINS)), win("N", ("E", E_WINS))]))
    assert (e.code, e.field) == ("player_out", ("events", 1, "win", "winners", 0, "player"))


def test_an_event_against_a_player_who_has_won() -> None:
    e = error(body([win("S", ("E", E_WINS)), kong("W", "exposed", "9p", "E")]))
    assert (e.code, e.field) == ("player_out", ("events", 1, "kong", "discarder"))
    e = error(body([win(None, ("W", W_WINS)), win("W", ("E", E_WINS))]))
    assert (e.code, e.field) == ("player_out", ("events", 1, "win", "discarder"))


def test_a_fourth_winner() -> None:
    three = [win("S", ("E", E_WINS)), win(None, ("W", W_WINS)), win(None, ("N", N_WINS_6S))]
    e = error(body([*three, win(None, ("S", S_WINS))]))
    assert (e.code, e.field) == ("too_many_winners", ("events", 3, "win", "winners", 0))
    e = error(body([*three, kong("S", "concealed", "9p")]))
    assert (e.code, e.field) == ("hand_over", ("events", 3))


def test_three_winners_on_one_discard_end_the_hand() -> None:
    s = settle(build_play(**body([win(None, ("E", E_WINS)), win("S", ("W", W_WINS), ("N", N_WINS_6P))])))
    assert dict(s.events[1].changes) == {"E": 0, "S": -3, "W": 1, "N": 2}  # 平胡 1 and 碰碰胡 2, both from S
    e = error(body([win(None, ("E", E_WINS)), win(None, ("S", S_WINS)), win("E", ("W", W_WINS), ("N", N_WINS_6P))]))
    assert (e.code, e.field) == ("player_out", ("events", 2, "win", "discarder"))
    e = error(body([win(None, ("E", E_WINS)), win(None, ("S", S_WINS)), win("N", ("W", W_WINS)),
                    win(None, ("N", N_WINS_6S))]))
    assert (e.code, e.field) == ("too_many_winners", ("events", 3, "win", "winners", 0))


def test_a_robbing_win_must_follow_an_added_kong_by_its_discarder_of_its_tile() -> None:
    e = error(body([win("W", ("E", E_WINS), robbing=True)]))
    assert (e.code, e.field) == ("bad_robbing", ("events", 0, "win", "robbing_kong"))
    e = error(body([kong("W", "concealed", "4p"), win("W", ("E", E_WINS), robbing=True)]))
    assert (e.code, e.field) == ("bad_robbing", ("events", 1, "win", "robbing_kong"))
    e = error(body([kong("N", "added", "4p"), win("W", ("E", E_WINS), robbing=True)]))
    assert e.code == "bad_robbing"
    e = error(body([kong("W", "added", "4p"), kong("N", "concealed", "9p"), win("W", ("E", E_WINS), robbing=True)]))
    assert (e.code, e.field) == ("bad_robbing", ("events", 2, "win", "robbing_kong"))
    e = error(body([kong("W", "added", "7p"), win("W", ("E", E_WINS), robbing=True)]))
    assert (e.code, e.field) == ("bad_robbing", ("events", 1, "win", "winners", 0, "hand", "winning_tile"))
    e = error(body([kong("W", "added", "4p"), win(None, ("E", E_WINS), robbing=True)]))
    assert e.code == "bad_robbing"


def test_an_exposed_kong_needs_another_players_discard() -> None:
    e = error(body([kong("E", "exposed", "9p")]))
    assert (e.code, e.field) == ("bad_kong", ("events", 0, "kong", "discarder"))
    e = error(body([kong("E", "exposed", "9p", "E")]))
    assert (e.code, e.field) == ("bad_kong", ("events", 0, "kong", "discarder"))
    e = error(body([kong("E", "added", "9p", "S")]))
    assert (e.code, e.field) == ("bad_kong", ("events", 0, "kong", "discarder"))
    e = error(body([kong("E", "hidden", "9p")]))
    assert (e.code, e.field) == ("bad_kong", ("events", 0, "kong", "kind"))
    e = error(body([kong("E", "concealed", "C")]))
    assert (e.code, e.field) == ("unknown_tile", ("events", 0, "kong", "tile"))


def test_more_than_four_copies_across_the_request() -> None:
    e = error(body([kong("S", "concealed", "4p"), win("N", ("E", E_WINS))]))
    assert (e.code, e.field) == ("too_many_copies", ("events", 1, "win", "winners", 0, "hand"))
    e = error(body([kong("W", "concealed", "9p")], exhausted={
        "E": "123m456m789m11p9p9p", "S": "456m456m789p55p67p", "N": "11s22s33s44s55s66s7s", "W": "1245789s13468p1p"}))
    assert (e.code, e.field) == ("too_many_copies", ("exhausted", "E"))
    # one discard won by several players is one tile, not several: 6p is W's, N's and the discard
    b = body([win("S", ("W", W_WINS), ("N", N_WINS_6P))])
    assert sum(settle(build_play(**b)).totals.values()) == 0


def test_exhausted_must_name_exactly_the_players_still_in() -> None:
    holdings = {"E": "123m456m789m11p23p", "S": "456m456m789p55p67p", "W": "1245789s134689p",
                "N": "11s22s33s44s55s66s7s"}
    b = body([], exhausted={k: v for k, v in holdings.items() if k != "S"})
    e = error(b)
    assert (e.code, e.field) == ("bad_exhausted", ("exhausted", "S"))
    e = error(body([win("S", ("E", E_WINS))], exhausted=holdings))
    assert (e.code, e.field) == ("bad_exhausted", ("exhausted", "E"))
    h3 = dict(holdings, W="1245789s13468p")
    e = error(body([], exhausted=h3))
    assert (e.code, e.field) == ("tile_count", ("exhausted", "W"))  # a notation is one field
    e = error(body([], exhausted=dict(holdings, W="1245789s13468pC")))
    assert (e.code, e.field) == ("honour_in_sichuan", ("exhausted", "W"))
    e = error(body([], exhausted=dict(holdings, W={"concealed": "1245789s13468pC"})))
    assert (e.code, e.field) == ("honour_in_sichuan", ("exhausted", "W", "concealed"))
    e = error(body([], exhausted=dict(holdings, W={"concealed": "1245789s13468p1p2p"})))
    assert (e.code, e.field) == ("tile_count", ("exhausted", "W", "concealed"))


def test_exhausted_after_three_wins() -> None:
    b = {"missing_suits": {"E": "s", "S": "s", "W": "m", "N": "m"},
         "events": [win(None, ("E", E_WINS)), win("S", ("W", W_WINS), ("N", N_WINS_6P))],
         "exhausted": {"S": "234m567m345p99p88m"}}
    e = error(b)
    assert (e.code, e.field) == ("bad_exhausted", ("exhausted",))


def test_a_winning_hand_is_checked_as_sichuan_with_paths_into_the_request() -> None:
    e = error(body([win("S", ("E", "123m456m789m11p2pC3p"))]))
    assert (e.code, e.field) == ("honour_in_sichuan", ("events", 0, "win", "winners", 0, "hand"))
    hand = {"concealed": "123m456m789m11p2pC", "winning_tile": "3p"}
    e = error(body([win("S", ("E", hand))]))
    assert (e.code, e.field) == ("honour_in_sichuan", ("events", 0, "win", "winners", 0, "hand", "concealed"))
    hand = {"concealed": "456m11p23p", "winning_tile": "4p", "melds": [{"tiles": "999m"}, {"tiles": "123m"}]}
    e = error(body([win("S", ("E", hand))]))
    assert (e.code, e.field) == ("chow_in_sichuan", ("events", 0, "win", "winners", 0, "hand", "melds", 1))
    e = error(body([win("S", ("E", E_WINS), seat_wind=True)]))
    assert (e.code, e.field) == ("bad_value", ("events", 0, "win", "winners", 0, "context", "seat_wind"))
    e = error(body([win("S", ("E", E_WINS), kong_replacement=True)]))
    assert (e.code, e.field) == ("contradictory_context",
                                 ("events", 0, "win", "winners", 0, "context", "kong_replacement"))


def test_other_bad_bodies() -> None:
    e = error({"missing_suits": {"E": "s", "S": "s", "W": "m"}, "events": []})
    assert e.field == ("missing_suits", "N")
    e = error({"missing_suits": dict(SUITS, N="x"), "events": []})
    assert e.field == ("missing_suits", "N")
    e = error(body([], surprise=1))
    assert (e.code, e.field) == ("bad_value", ("surprise",))
    e = error(body([win(None, ("E", E_WINS), ("W", W_WINS))]))
    assert (e.code, e.field) == ("bad_claim", ("events", 0, "win", "winners"))
    e = error(body([win("S", ("E", E_WINS), ("W", W_WINS))]))
    assert (e.code, e.field) == ("bad_claim", ("events", 0, "win", "winners", 1, "hand", "winning_tile"))
    e = error(body([{"kong": {"player": "E", "kind": "concealed", "tile": "9p"}, "win": {}}]))
    assert e.field == ("events", 0)
    e = error(body([], base_points=0))
    assert (e.code, e.field) == ("bad_base_points", ("base_points",))
    e = error(body([], options={"max_fan": 20}))
    assert (e.code, e.field) == ("bad_option", ("options", "max_fan"))


# --- the declared shape, the CLI --------------------------------------------------------------------
def test_the_request_shape_is_declared() -> None:
    specs = {s.name: s for s in fields_of(Play)}
    assert set(specs) == {"missing_suits", "events", "exhausted", "base_points", "options"}
    assert specs["missing_suits"].required and specs["events"].required and specs["exhausted"].nullable
    events = {s.name: s for s in specs["events"].items}
    assert set(events) == {"kong", "win"}
    win_fields = {s.name: s for s in events["win"].items}
    assert win_fields["winners"].kind is Kind.OBJECTS and win_fields["winners"].max_items == 3
    assert {s.name for s in win_fields["winners"].items} == {"player", "hand", "context"}
    assert {s.name for s in specs["options"].items} == {"preset"} | {o.name for o in scorer.rulebook("sichuan").options}


def test_the_service_can_derive_a_schema_that_reads_every_seed() -> None:
    from scorer.wire import schemas

    schema = schemas.schema_for(Play, "SichuanSettleSchema")()
    for s in SETTLE_SEEDS:
        loaded = schema.load(s["request"])
        assert settle(build_play(**loaded)).to_dict() == settle(build_play(**s["request"])).to_dict()


def test_cli_prints_the_settlement(tmp_path: Any) -> None:
    f = tmp_path / "play.json"
    f.write_text(json.dumps(BY_ID["102_robbed_kong"]["request"]), encoding="utf-8")
    settle_cli = [sys.executable, "-m", "scorer", "settle", str(f), "--ruleset", "sichuan"]
    out = subprocess.run([*settle_cli, "--json"], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["totals"] == {"E": 4, "S": 0, "W": -4, "N": 0}
    table = subprocess.run(settle_cli, capture_output=True, text=True, check=True).stdout.splitlines()
    assert table[-1].split() == ["totals", "+4", "0", "-4", "0"]
    f.write_text(json.dumps(body([kong("E", "exposed", "9p")])), encoding="utf-8")
    bad = subprocess.run(settle_cli, capture_output=True, text=True)
    assert bad.returncode == 2 and "/events/0/kong/discarder" in bad.stderr


# --- properties -----------------------------------------------------------------------------------
@st.composite
def plays(draw: st.DrawFn) -> dict[str, Any]:
    """A hand of play that could have happened: kongs of free tiles (at most three a player, each
    shown among the melds of its player's later hand or holding), wins of four-pung hands on the
    pair (a discard may be won by several; nothing follows a win on the wall's last tile), and the
    final holdings at an exhausted wall."""
    won: list[str] = []
    used: set[str] = set()
    made: dict[str, list[tuple[str, str]]] = {w: [] for w in "ESWN"}
    wins = ["1p", "2p", "3p", "4p"]
    events: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 7))):
        if len(won) == 3:
            break
        still = [w for w in "ESWN" if w not in won]
        if draw(st.booleans()):
            made_kong = draw_kong(draw, still, made, used)
            if made_kong is not None:
                events.append(made_kong)
            continue
        x = wins.pop()
        discarder = draw(st.sampled_from([None, *still]))
        eligible = [w for w in still if w != discarder]
        if not eligible:
            continue
        most = 1 if discarder is None else min(3 - len(won), len(eligible))
        winners = draw(st.lists(st.sampled_from(eligible), min_size=1, max_size=most, unique=True))
        flags = {"last_wall_tile": draw(st.booleans())}
        events.append(win(discarder, *((p, shown(made[p], PUNGS[p]) + x + x) for p in winners), **flags))
        won += winners
        if not wins or flags["last_wall_tile"]:
            break
    b: dict[str, Any] = {"missing_suits": dict(SUITS), "events": events, "base_points": draw(st.integers(1, 5))}
    if len(won) < 3 and draw(st.booleans()):
        b["exhausted"] = {w: shown(made[w], draw(st.sampled_from(HOLDINGS[w]))) for w in "ESWN" if w not in won}
    return b


def _settled(b: dict[str, Any]) -> scorer.sichuan.Settlement:
    try:
        return settle(build_play(**b))
    except scorer.ScorerError as e:
        assume(e.code != "too_many_copies")  # a generated kong of a tile a holding also shows
        raise


@PROPS
@given(plays())
def test_property_every_settlement_sums_to_zero(b: dict[str, Any]) -> None:
    s = _settled(b)
    assert sum(s.totals.values()) == 0
    for e in s.events:
        assert sum(e.changes.values()) == 0
    if s.exhaustion is not None:
        assert sum(s.exhaustion.changes.values()) == 0
        assert all(p.amount > 0 for p in s.exhaustion.payments)


@PROPS
@given(plays())
def test_property_a_player_who_has_won_never_pays_again(b: dict[str, Any]) -> None:
    s = _settled(b)
    won: set[str] = set()
    for e in s.events:
        assert all(e.changes[w] == 0 for w in won)
        if isinstance(e.event, scorer.sichuan.Win):
            won |= {w.player.value for w in e.event.winners}
    if s.exhaustion is not None:
        assert all(s.exhaustion.changes[w] >= 0 for w in won)
        assert all(p.payer not in won for p in s.exhaustion.payments)
