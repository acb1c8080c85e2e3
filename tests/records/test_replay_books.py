"""Replaying Hong Kong and Sichuan records: the same derivations, each book's own context fields,
Sichuan's 血战 settlement exactly as POST /v1/sichuan/settle gives it for the derived events."""

from __future__ import annotations

import pytest

import scorer
from testkit.replaying import DEAL_A, record

SUITS = {"E": "s", "S": "m", "W": "m", "N": "m"}
# East waits on 3p; South can make a concealed kong of 1s; West holds all three suits (a flower pig).
SD = {"E": "123456789m1255p", "S": "33p111222666s4s5s", "W": "3p7m8m9m4s5s6s7s8s3s1p2p1p", "N": "7899s7899s6789p9p"}
SD_SCRIPT = ("E draw; E win; S draw; S concealed_kong 1s; S replacement; S discard 4m; W draw; W discard 5m; "
             "N draw; N discard 7p; S draw; S discard 6m; wall_end")
SD_WALL = ["3p", "1s", "4m", "5m", "7p", "6m"]
# East and West both wait on 3p, which North discards (一炮多响).
TWO = {"E": "123456789m1255p", "S": "33p111222666s4s5s", "W": "12p456s789s333s99s", "N": "34455667788p99p"}
TWO_SCRIPT = ("E draw; E discard 7s; S draw; S discard 7m; W draw; W discard 8m; N draw; N discard 9m; E draw; "
              "E discard 8s; S draw; S discard 8m; W draw; W discard 7m; N draw; N discard 3p; E win; W win; wall_end")
TWO_WALL = ["7s", "7m", "8m", "9m", "8s", "8m", "7m", "9s"]


# --- Hong Kong ------------------------------------------------------------------------------------
def test_hong_kong_scores_with_its_own_context_and_named_flowers():
    rec = record(DEAL_A, "E draw 5p; E win", ruleset="hk", flowers={"E": ["plum", "spring"]})
    r = scorer.replay(rec)
    (w,) = r.wins
    assert "last_copy" not in w.derived  # Hong Kong has no last copy
    direct = scorer.score(w.hand, ruleset="hk", **{k: v for k, v in w.derived.items() if k != "flowers"})
    assert w.result.to_dict() == direct.to_dict() and dict(r.changes) == dict(direct.payouts)
    assert w.hand.flower_tiles and w.derived["flowers"] == 2


def test_hong_kong_options_reach_the_score_and_the_payouts():
    rec = record(DEAL_A, "E draw 9p; E discard 9p; S draw 5p; S discard 5p; E win", ruleset="hk",
                 options={"discard_payment": "half"})
    r = scorer.replay(rec)
    assert dict(r.changes) == dict(scorer.score(r.wins[0].hand, ruleset="hk", options={"discard_payment": "half"},
                                                discarder="S").payouts)


# --- Sichuan --------------------------------------------------------------------------------------
def sichuan(deal, script, wall):
    return record(deal, script, ruleset="sichuan", missing_suits=SUITS, wall=wall)


def test_sichuan_settles_exactly_as_the_settle_endpoint_does_from_the_events():
    r = scorer.replay(sichuan(SD, SD_SCRIPT, SD_WALL))
    # the same hand of play written out by hand as POST /v1/sichuan/settle takes it
    body = {"missing_suits": SUITS, "base_points": 1, "events": [
        {"win": {"discarder": None, "winners": [{"player": "E", "hand": "123456789m1255p3p"}]}},
        {"kong": {"player": "S", "kind": "concealed", "tile": "1s"}}],
        "exhausted": {"S": {"concealed": "33p222666s4s5s", "melds": [{"tiles": "1111s", "concealed": True}]},
                      "W": {"concealed": "3p1p2p1p8m9m4s5s6s7s8s3s7m"},
                      "N": {"concealed": "7899s7899s6789p9p"}}}
    expected = scorer.sichuan.settle(scorer.sichuan.build_play(**body))
    assert r.settlement is not None and r.settlement.to_dict() == expected.to_dict()
    assert dict(r.changes) == expected.to_dict()["totals"] and r.outcome == "over"
    assert expected.to_dict()["exhaustion"]["players"]["W"] == "flower_pig"


def test_rp8_several_winners_on_one_discard_and_the_seat_after_the_last_winner_draws():
    r = scorer.replay(sichuan(TWO, TWO_SCRIPT, TWO_WALL))
    assert [(w.seat, w.discarder) for w in r.wins] == [("E", "N"), ("W", "N")]
    # North drew the wall's last tile: both win on the last discard (海底)
    last = {"last_wall_tile": True}
    assert r.events[0] == {"win": {"discarder": "N", "winners": [
        {"player": "E", "hand": "123456789m1255p3p", "context": last},
        {"player": "W", "hand": "12p33345678999s3p", "context": last}]}}
    assert r.wins[1].derived["out"] == ["E"]  # West won on the same discard after East
    body = {"missing_suits": SUITS, "base_points": 1, "events": list(r.events), "exhausted": {
        "S": {"concealed": "33p111222666s4s5s"}, "N": {"concealed": "4455667788p99p9s"}}}
    assert r.settlement.to_dict() == scorer.sichuan.settle(scorer.sichuan.build_play(**body)).to_dict()


@pytest.mark.parametrize(("deal", "script", "wall", "pointer", "code", "reason"), [
    pytest.param(SD, "E draw; E discard 7s", SD_WALL, "/actions/1/tile", "illegal_action", "holds no",
                 id="not-held"),
    pytest.param(TWO, "E draw; E discard 7s; S chow 678s", TWO_WALL, "/actions/2/action", "chow_in_sichuan",
                 "no chows", id="no-chows"),
    pytest.param(TWO, "E draw; E discard 1m", TWO_WALL, "/actions/1/tile", "missing_suit_held", "missing suit",
                 id="missing-suit-first"),
    pytest.param(SD, "E draw; E win; E draw", SD_WALL, "/actions/2/seat", "player_out", "no longer plays",
                 id="winner-plays-on"),
    pytest.param(TWO, TWO_SCRIPT.replace("E win; W win", "W win outranked=E:win"), TWO_WALL,
                 "/actions/16/outranked/0", "illegal_action", "every claimant", id="outranked-win"),
    pytest.param(TWO, TWO_SCRIPT.replace("E win; W win; wall_end", "E win; W win; S draw"), TWO_WALL,
                 "/actions/18/seat", "illegal_action", "else N draws", id="after-the-winners-the-next-draws"),
])
def test_sichuan_illegal_actions(deal, script, wall, pointer, code, reason):
    with pytest.raises(scorer.ScorerError) as e:
        scorer.replay(sichuan(deal, script, wall))
    assert (e.value.pointer, e.value.code) == (pointer, code), e.value.message
    assert reason in e.value.message


def test_sichuan_records_need_missing_suits_and_no_flowers():
    with pytest.raises(scorer.ScorerError) as e:
        scorer.replay(record(SD, "", ruleset="sichuan"))
    assert (e.value.code, e.value.pointer) == ("missing_suit_required", "/missing_suits")
    with pytest.raises(scorer.ScorerError) as e:
        scorer.replay(record(SD, "", ruleset="sichuan", missing_suits=SUITS, flowers={"E": 1}))
    assert e.value.pointer == "/flowers"


# --- flowers drawn in play (MCR, Hong Kong) ------------------------------------------------------
def test_rp10_a_flower_is_set_aside_and_replaced_and_counts_for_the_winner():
    rec = record(DEAL_A, "E flower plum; E replacement 9p; E discard 9p; S draw 5p; S discard 5p; E win",
                 flowers={"E": 1})
    (w,) = scorer.replay(rec).wins
    assert w.derived["flowers"] == 2 and w.result.flower_points == 2
    rec = record(DEAL_A, "E flower plum; E flower spring; E replacement 5p; E win", ruleset="hk")
    (w,) = scorer.replay(rec).wins
    assert [f.value for f in w.hand.flower_tiles] == ["plum", "spring"] and w.derived["kong_replacement"] is False


def test_rp10_a_flower_drawn_as_a_kongs_replacement_keeps_it_the_kongs():
    rec = record(DEAL_A, "E draw 9p; E discard 9p; S draw 1s; S concealed_kong 1s; S flower orchid; S replacement E; "
                 "S win")
    (w,) = scorer.replay(rec).wins
    assert w.derived["kong_replacement"] is True and w.derived["flowers"] == 1


@pytest.mark.parametrize(("rec", "pointer", "code", "reason"), [
    pytest.param(record(DEAL_A, "E flower plum; E discard 1m"), "/actions/1/seat", "illegal_action",
                 "flower's replacement", id="flower-needs-its-replacement"),
    pytest.param(record(DEAL_A, "E flower plum; E replacement 9p; E discard 9p; S flower plum"),
                 "/actions/3/flower", "bad_flowers", "already out", id="flower-twice"),
    pytest.param(record(DEAL_A, "E draw 9p; E flower plum"), "/actions/1/seat", "illegal_action",
                 "cannot draw a flower", id="flower-out-of-turn"),
    pytest.param(record(DEAL_A, "E flower plum", flowers={"E": ["plum"]}), "/actions/0/flower", "bad_flowers",
                 "already out", id="flower-dealt-and-drawn"),
    pytest.param(record(SD, "E flower plum", ruleset="sichuan", missing_suits=SUITS), "/actions/0/action",
                 "not_in_ruleset", "without flowers", id="no-flowers-in-sichuan"),
])
def test_rp10_illegal_flowers(rec, pointer, code, reason):
    with pytest.raises(scorer.ScorerError) as e:
        scorer.replay(rec)
    assert (e.value.pointer, e.value.code) == (pointer, code), e.value.message
    assert reason in e.value.message


def test_rp8_sichuan_robbing_an_added_kong_leaves_a_pung_and_play_goes_on():
    deal = {"E": "123456789m1255p", "S": "33p111222666s4s5s", "W": "3p4p6p7p8p4s5s6s7s8s3s1p2p",
            "N": "7899s7899s6789p9p"}
    script = ("E draw; E discard 4m; S draw; S discard 5m; W draw; W discard 3p; S pung; S discard 4s; W draw; "
              "W discard 3s; N draw; N discard 1s; E draw; E discard 7m; S draw; S added_kong 3p; E win; "
              "S draw; S discard 9m; wall_end")  # after the robbing win the kong's maker draws next
    r = scorer.replay(sichuan(deal, script, ["4m", "5m", "2s", "3s", "1s", "7m", "3p", "9m"]))
    (w,) = r.wins
    assert (w.discarder, w.derived["robbing_kong"]) == ("S", True)
    body = {"missing_suits": SUITS, "events": [
        {"kong": {"player": "S", "kind": "added", "tile": "3p"}},
        {"win": {"discarder": "S", "robbing_kong": True, "winners": [
            {"player": "E", "hand": "123456789m1255p3p"}]}}],
        "exhausted": {"S": {"concealed": "111222666s5s", "melds": [{"tiles": "333p"}]},
                      "W": {"concealed": "4p6p7p8p4s5s6s7s8s3s1p2p2s"},
                      "N": {"concealed": "7899s7899s6789p9p"}}}
    assert r.settlement.to_dict() == scorer.sichuan.settle(scorer.sichuan.build_play(**body)).to_dict()


def test_rp8_the_wall_may_end_right_after_a_sichuan_robbing_win():
    deal = {"E": "123456789m1255p", "S": "33p111222666s4s5s", "W": "3p4p6p7p8p4s5s6s7s8s3s1p2p",
            "N": "7899s7899s6789p9p"}
    script = ("E draw; E discard 4m; S draw; S discard 5m; W draw; W discard 3p; S pung; S discard 4s; W draw; "
              "W discard 3s; N draw; N discard 1s; E draw; E discard 7m; S draw; S added_kong 3p; E win; wall_end")
    # the one tile left is the kong's replacement, never drawn: the maker, next to draw, has nothing to draw
    with pytest.raises(scorer.ScorerError) as e:
        scorer.replay(sichuan(deal, script, ["4m", "5m", "2s", "3s", "1s", "7m", "3p", "9m"]))
    assert "1 tile left for S" in e.value.message
    r = scorer.replay(sichuan(deal, script.replace("E win; wall_end", "E win; S draw; S discard 9m; wall_end"),
                              ["4m", "5m", "2s", "3s", "1s", "7m", "3p", "9m"]))
    assert r.outcome == "over"


# --- Sichuan records: what the actions mean, refused or derived where they happen -------------------
def test_rp8_the_seat_after_the_last_winner_in_turn_order_draws_however_the_wins_are_listed():
    wall = [*TWO_WALL, "1s"]
    for listed in ("E win; W win", "W win; E win"):  # after North's discard: E, S, W in turn order
        script = TWO_SCRIPT.replace("E win; W win; wall_end", f"{listed}; N draw; N discard 1s")
        r = scorer.replay(sichuan(TWO, script, wall))
        assert sorted(w.seat for w in r.wins) == ["E", "W"] and r.outcome == "unfinished"


def test_t19_a_pung_ends_the_kong_replacements_turn_for_kong_transfer():
    deal = {"E": "1111p2345p567p99p", "S": "99p123s456s789s22s", "W": "234p678p345s678s5s", "N": "123456789m1234m"}
    script = "E draw 6p; E concealed_kong 1p; E replacement 8p; E discard 9p; S pung; S discard 5s; W win"
    r = scorer.replay(record(deal, script, ruleset="sichuan", missing_suits=SUITS, options={"kong_transfer": "on"}))
    (w,) = r.wins
    assert (w.seat, w.discarder) == ("W", "S")
    assert r.events[-1] == {"win": {"discarder": "S", "winners": [{"player": "W", "hand": "234678p3455678s5s"}]}}
    # the kong's maker's own discard after its replacement is 呼叫转移's
    script = "E draw 6p; E concealed_kong 1p; E replacement 8p; E discard 9p"
    deal_w = {**deal, "W": "234p678p345s678s9p", "S": "5p123s456s789s22s5s"}
    r = scorer.replay(record(deal_w, script + "; W win", ruleset="sichuan", missing_suits=SUITS,
                             options={"kong_transfer": "on"}))
    assert r.events[-1]["win"]["after_kong"] is True


@pytest.mark.parametrize(("deal", "script", "wall", "pointer", "code"), [
    pytest.param({**SD, "W": "3p7m8m9m4s5s6s7s8s3s1p2pE"}, "", None, "/deal/W", "honour_in_sichuan",
                 id="honour-dealt"),
    pytest.param(SD, "E draw C", None, "/actions/0/tile", "honour_in_sichuan", id="honour-drawn"),
    pytest.param(SD, "E draw", ["3p", "F"], "/wall/1", "honour_in_sichuan", id="honour-in-the-wall"),
    pytest.param({**SD, "S": "11m111222666s4s5s"}, "E draw 3p; E discard 1m; S pung", None, "/actions/2",
                 "missing_suit_held", id="pung-of-ones-missing-suit"),
    pytest.param({**SD, "S": "111m11222666s4s5s"}, "E draw 3p; E discard 1m; S kong", None, "/actions/2",
                 "bad_kong", id="kong-of-ones-missing-suit"),
    pytest.param({**SD, "E": "123456789p1255p", "S": "111m11222666s4s5s"},
                 "E draw 3p; E discard 2p; S draw 1m; S concealed_kong 1m",
                 None, "/actions/3/tile", "bad_kong", id="concealed-kong-of-ones-missing-suit"),
])
def test_t4_sichuan_refuses_honours_and_sets_of_the_missing_suit_at_the_action(deal, script, wall, pointer, code):
    rec = record(deal, script, ruleset="sichuan", missing_suits=SUITS, **({} if wall is None else {"wall": wall}))
    with pytest.raises(scorer.ScorerError) as e:
        scorer.replay(rec)
    assert (e.value.pointer, e.value.code) == (pointer, code), e.value.message


def test_s16_heavenly_and_earthly_hands_are_derived_when_the_options_score_them():
    server = {"preset": "server"}
    r = scorer.replay(record(SD, "E draw; E win", ruleset="sichuan", missing_suits=SUITS, wall=SD_WALL,
                             options=server))
    (w,) = r.wins
    assert w.derived["heavenly_hand"] is True and "heavenly_hand" in [f.id for f in w.result.fans]
    assert r.events[0]["win"]["winners"][0]["context"] == {"heavenly_hand": True}
    dealt = {**SD, "E": "123456789m1255p3p"}  # East dealt fourteen
    (w,) = scorer.replay(record(dealt, "E win", ruleset="sichuan", missing_suits=SUITS, options=server)).wins
    assert w.derived["heavenly_hand"] is True
    (w,) = scorer.replay(record(SD, "E draw 9p; E discard 9p; S draw 3s; S win", ruleset="sichuan",
                                missing_suits=SUITS, options=server)).wins
    assert (w.derived["earthly_hand"], w.derived["heavenly_hand"]) == (True, False)
    assert "earthly_hand" in [f.id for f in w.result.fans]
    # off by default: the field is not derived (it would mean nothing)
    (w,) = scorer.replay(record(SD, "E draw; E win", ruleset="sichuan", missing_suits=SUITS, wall=SD_WALL)).wins
    assert "heavenly_hand" not in w.derived
    # a later draw is no first draw
    (w,) = scorer.replay(record(SD, "E draw 9p; E discard 9p; S draw 9p; S discard 9p; W draw 1m; W discard 1m; "
                                "N draw 2m; N discard 2m; E draw 3p; E win", ruleset="sichuan",
                                missing_suits=SUITS, options=server)).wins
    assert (w.derived["heavenly_hand"], w.derived["earthly_hand"]) == (False, False)


def test_rp10_a_hong_kong_record_names_its_flowers():
    with pytest.raises(scorer.ScorerError) as e:
        scorer.replay(record(DEAL_A, "E draw 5p; E win", ruleset="hk", flowers={"S": 2}))
    assert (e.value.pointer, e.value.code) == ("/flowers/S", "bad_flowers") and "name them" in e.value.message
    assert scorer.replay(record(DEAL_A, "E draw 5p; E win", ruleset="hk", flowers={"S": 0})).outcome == "win"
