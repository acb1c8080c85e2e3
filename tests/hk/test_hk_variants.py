"""The Hong Kong house rules and presets (RULINGS.md HK24-HK30): one test per ruling, the public
calculators' figures re-expressed where they state them (yawnoc/mahjong-scorer's multiplier table
and payment tests), the refusals, and the service's answers. The worked examples are seeds 037-060
in ``seeds/hk/`` (``tests/hk/test_hk.py`` scores them and checks each adds up independently)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scorer
from scorer import Hand
from scorer.errors import BAD_OPTION, CONTRADICTORY_CONTEXT, NOT_IN_RULESET, ScorerError
from scorer.rules import RULESETS
from scorer.rules.hk.payouts import DOUBLING_TABLE, HALF_DOUBLING_TABLE, payouts, share
from testkit.strategies import HK_PROPS as PROPS
from testkit.strategies import hk_hands

BOOK = RULESETS["hk"]
SEEDS = {json.loads(p.read_text(encoding="utf-8"))["id"]: json.loads(p.read_text(encoding="utf-8"))
         for p in sorted((Path(__file__).resolve().parents[2] / "seeds" / "hk").glob("*.json"))}
# yawnoc/mahjong-scorer's multiplier tables (its README and tests), fan 0-13
YAWNOC_HALF = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)
YAWNOC_SPICY = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192)

FLUSH_CHOWS = "123m234m456m789m5m5m"  # concealed, self-drawn: 11 fan (full flush 7, four 1-fan)
BIG_THREE = "[CCC1][FFF2][PPP3]123m5p5p"  # all three dragon pungs melded
TWELVE_DOWN = "[123m1][456m1][789m1][EEE2]9m9m"  # four exposed melds
ZERO_FAN = "[123m1][456p1][789s1]222s3m3m"  # with a flower of another seat: 0 fan


def hk(hand: str, options: dict[str, Any] | None = None, flowers: tuple[str, ...] = (), **context: Any
       ) -> scorer.Result:
    h = Hand.parse(hand, list(flowers)) if flowers else Hand.parse(hand)
    return scorer.score(h, ruleset="hk", options=options, **context)


def refused(hand: str, options: dict[str, Any] | None = None, **context: Any) -> ScorerError:
    with pytest.raises(ScorerError) as e:
        hk(hand, options, **context)
    return e.value


def seed_payouts(seed_id: str) -> dict[str, int]:
    got = SEEDS[seed_id]["expected"]["payouts"]
    assert isinstance(got, dict)
    return got


# --- HK24: the caps ---------------------------------------------------------------------------------
def test_hk24_the_cap_presets() -> None:
    presets = {p.name: dict(p.values) for p in BOOK.presets}
    assert presets["game-site"] == {} and BOOK.presets[0].name == "game-site"
    assert presets["3-8"] == {"max_fan": 8} and presets["3-10"] == {"max_fan": 10}
    for name, cap in (("3-8", 8), ("3-10", 10), ("game-site", 13)):
        r = hk(FLUSH_CHOWS, {"preset": name}, self_drawn=True)
        assert (r.points, r.total, r.valid) == (11, min(11, cap), True)
        limit = hk(BIG_THREE, {"preset": name}, discarder="N")
        assert limit.limit and limit.total == cap and limit.fans[0].points == cap
    # an option beside the preset overrides it
    assert hk(FLUSH_CHOWS, {"preset": "3-8", "max_fan": 9}, self_drawn=True).total == 9
    # and the preset's cap is checked with the minimum given beside it
    e = refused(FLUSH_CHOWS, {"preset": "3-8", "min_fan": 9}, self_drawn=True)
    assert e.code == BAD_OPTION and e.field == ("options", "min_fan") and "more than max_fan (8)" in str(e)
    assert [SEEDS[s]["expected"]["total"] for s in ("037_cap_of_8", "038_cap_of_10", "039_no_cap_below_13")] == [
        8, 10, 11]


def test_hk24_an_unknown_preset_or_a_preset_of_another_book_is_refused() -> None:
    for name in ("3-13", "xuezhan", "reference", 8):
        e = refused(FLUSH_CHOWS, {"preset": name}, self_drawn=True)
        assert e.code == BAD_OPTION and e.field == ("options", "preset")
        assert "game-site, 3-8, 3-10, yawnoc, two-two" in str(e)


# --- HK25: the tables -------------------------------------------------------------------------------
def test_hk25_the_points_tables_are_the_sources_values() -> None:
    assert HALF_DOUBLING_TABLE == YAWNOC_HALF and DOUBLING_TABLE == YAWNOC_SPICY
    # yawnoc's portions at other bases: base 10, 5 faan, half-spicy 240; base 3, 10 faan, spicy 3072
    assert share(5, "half_doubling", 10) == 240 and share(10, "doubling", 3) == 3072
    for total in range(3, 12):
        hand = FLUSH_CHOWS
        r = hk(hand, {"max_fan": total, "points_table": "half_doubling"}, self_drawn=True)
        assert r.total == total and r.payouts == {"E": 3 * YAWNOC_HALF[total], "S": -YAWNOC_HALF[total],
                                                  "W": -YAWNOC_HALF[total], "N": -YAWNOC_HALF[total]}


def test_hk25_a_table_that_no_source_states_is_refused() -> None:
    for name in ("4-7-10", "5-7-9", "spicy"):
        e = refused(FLUSH_CHOWS, {"points_table": name}, self_drawn=True)
        assert e.code == BAD_OPTION and e.field == ("options", "points_table")


# --- HK26: who pays on a discard --------------------------------------------------------------------
@pytest.mark.parametrize(("payment", "winner", "discarder", "other"), [
    ("discarder_pays_all", 768, -768, 0),  # seed 004: three shares of 256
    ("half", 1024, -512, -256),  # two shares and one each
    ("discarder_pays_two", 512, -512, 0),  # yawnoc's 全銃: two shares
    ("half_of_two", 512, -256, -128),  # yawnoc's 半銃: one share, half a share each
])
def test_hk26_discard_payments_follow_their_sources(payment: str, winner: int, discarder: int, other: int) -> None:
    r = hk("[222m1]456m789m345m1m1m", {"discard_payment": payment}, seat_wind="S", discarder="W")
    assert r.total == 8
    assert r.payouts == {"E": other, "S": winner, "W": discarder, "N": other}
    drawn = hk("[222m1]456m789m345m1m1m", {"discard_payment": payment}, seat_wind="S", self_drawn=True)
    assert drawn.total == 9  # 自摸 adds 1
    assert drawn.payouts == {"E": -512, "S": 1536, "W": -512, "N": -512}  # a self-draw: one share each, always


def test_hk26_yawnoc_figures() -> None:
    """yawnoc/mahjong-scorer's payment tests, seat by seat (E S W N for its players 0-3)."""
    def pay(total: int, seat: str, drawn: bool, by: str | None, payment: str, table: str = "half_doubling",
            liable: str | None = None) -> tuple[int, ...]:
        got = payouts(total, seat, drawn, by, 1, table, payment, "points", liable)
        assert got is not None
        return tuple(got.values())

    assert pay(0, "E", True, None, "discarder_pays_two") == (3, -1, -1, -1)
    assert pay(4, "W", True, None, "discarder_pays_two") == (-16, -16, 48, -16)
    assert pay(8, "N", True, None, "discarder_pays_two") == (-64, -64, -64, 192)
    assert pay(8, "S", False, "W", "half_of_two") == (-32, 128, -64, -32)
    assert pay(8, "S", False, "W", "half_of_two", "doubling") == (-128, 512, -256, -128)
    assert pay(8, "E", False, "N", "discarder_pays_two") == (128, 0, 0, -128)
    assert pay(8, "E", False, "N", "discarder_pays_two", "doubling") == (512, 0, 0, -512)
    # 包 on a discard under 半銃 (its 'D'): the guarantor pays what all would, two portions
    assert pay(8, "E", False, "N", "half_of_two", liable="N") == (128, 0, 0, -128)
    # 包自摸 (its 'S'): three portions
    assert pay(0, "E", True, None, "discarder_pays_two", liable="S") == (3, -3, 0, 0)
    assert pay(4, "W", True, None, "discarder_pays_two", liable="E") == (-48, 0, 48, 0)
    assert pay(8, "N", True, None, "discarder_pays_two", liable="W") == (0, 0, -192, 192)
    assert seed_payouts("042_yawnoc_half_responsibility") == {"E": -32, "S": 128, "W": -64, "N": -32}


def test_hk26_half_of_an_odd_share_is_refused_not_rounded() -> None:
    opts = {"min_fan": 0, "discard_payment": "half_of_two"}
    r = hk(ZERO_FAN, {"min_fan": 0}, ("orchid",), discarder="N")
    assert (r.total, r.valid) == (0, True)
    with pytest.raises(ScorerError) as caught:
        hk(ZERO_FAN, opts, ("orchid",), discarder="N")
    e = caught.value
    assert e.code == BAD_OPTION and e.field == ("options", "discard_payment") and "not a whole point" in str(e)
    # an even base, a stake or a self-draw makes the halves whole
    assert hk(ZERO_FAN, opts, ("orchid",), discarder="N", base_points=2).payouts == {
        "E": 4, "S": -1, "W": -1, "N": -2}
    assert hk(ZERO_FAN, {**opts, "stakes": "five_one"}, ("orchid",), discarder="N").payouts == {
        "E": 200, "S": -50, "W": -50, "N": -100}


def test_hk26_the_yawnoc_preset() -> None:
    preset = next(p for p in BOOK.presets if p.name == "yawnoc")
    assert dict(preset.values) == {"points_table": "half_doubling", "discard_payment": "discarder_pays_two"}
    assert seed_payouts("041_yawnoc_full_responsibility") == {"E": 0, "S": 128, "W": -128, "N": 0}
    assert seed_payouts("043_game_site_discard") == {"E": 0, "S": 768, "W": -768, "N": 0}


# --- HK27: stakes -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("stakes", "cents"), [("points", 1), ("two_five_chicken", 50), ("five_one", 100),
                                               ("one_two_dollars", 200)])
def test_hk27_stakes_are_base_amounts_in_cents(stakes: str, cents: int) -> None:
    for base in (1, 3):
        r = hk("123m456p789s234s5p5p", {"stakes": stakes}, self_drawn=True, base_points=base)
        one = 16 * cents * base  # 4 fan
        assert r.total == 4 and r.payouts == {"E": 3 * one, "S": -one, "W": -one, "N": -one}
    # 二五雞 and the others by their names: a chicken hand under 半銃 costs the discarder the base, the others half
    r = hk(ZERO_FAN, {"min_fan": 0, "stakes": stakes, "discard_payment": "half_of_two"}, ("orchid",),
           discarder="N", base_points=2)
    assert r.payouts is not None and r.payouts["N"] == -cents * 2 and r.payouts["S"] == -cents


def test_hk27_an_unknown_stake_is_refused() -> None:
    for value in ("dollars", 100, None):
        e = refused(FLUSH_CHOWS, {"stakes": value}, self_drawn=True)
        assert e.code == BAD_OPTION and e.field == ("options", "stakes")


# --- HK28: 小三元 --------------------------------------------------------------------------------------
def test_hk28_little_three_dragons_replaces_or_adds() -> None:
    hand = "[CCC1]FFFP789m111pP"
    plain = hk(hand, seat_wind="S", discarder="W")
    adds = hk(hand, {"little_three_dragons": "adds_to_dragon_pungs"}, seat_wind="S", discarder="W")
    assert {f.id: (f.count, f.points) for f in plain.fans} == {"little_three_dragons": (1, 5), "no_flowers": (1, 1)}
    assert {f.id: (f.count, f.points) for f in adds.fans} == {
        "little_three_dragons": (1, 3), "dragon_pung": (2, 1), "no_flowers": (1, 1)}
    assert plain.total == adds.total == 6
    # with a third dragon pair no more: a hand with one dragon pung only is untouched by the option
    one = "[CCC1]123m789m111pPP"
    assert hk(one, {"little_three_dragons": "adds_to_dragon_pungs"}, discarder="W").fans == hk(
        one, discarder="W").fans
    explained = scorer.score(Hand.parse(hand), ruleset="hk", explain=True, seat_wind="S", discarder="W",
                             options={"little_three_dragons": "adds_to_dragon_pungs"}).to_dict()
    assert explained["excluded"] == []  # nothing replaced: the dragon pungs count beside it
    assert [x["id"] for x in scorer.score(Hand.parse(hand), ruleset="hk", explain=True, seat_wind="S",
                                          discarder="W").to_dict()["excluded"]] == ["dragon_pung"]


# --- HK29: the 2-2 style ----------------------------------------------------------------------------
def test_hk29_the_two_two_style() -> None:
    preset = next(p for p in BOOK.presets if p.name == "two-two")
    assert dict(preset.values) == {"half_flush_fan": 2, "all_pungs_fan": 2, "full_flush_fan": 4}
    pungs = "[222m1]555m888mEEE9m9m"
    default = hk(pungs, seat_wind="S", discarder="N")
    two = hk(pungs, {"preset": "two-two"}, seat_wind="S", discarder="N")
    assert {f.id: f.points for f in default.fans} == {"all_pungs": 3, "half_flush": 3, "prevalent_wind": 1,
                                                      "no_flowers": 1}
    assert {f.id: f.points for f in two.fans} == {"all_pungs": 2, "half_flush": 2, "prevalent_wind": 1,
                                                  "no_flowers": 1}
    assert (default.total, two.total) == (8, 6)
    flush = "[222m1]456m789m345m1m1m"
    assert [hk(flush, {"preset": "two-two", **o}, discarder="W", seat_wind="S").total
            for o in ({}, {"full_flush_fan": 5})] == [5, 6]
    # each value alone, and a value the range refuses
    assert hk(flush, {"full_flush_fan": 6}, discarder="W", seat_wind="S").total == 7
    for name in ("half_flush_fan", "all_pungs_fan", "full_flush_fan"):
        e = refused(flush, {name: 0}, discarder="W", seat_wind="S")
        assert e.code == BAD_OPTION and e.field == ("options", name)


def test_hk29_a_lower_value_can_put_a_hand_under_the_minimum() -> None:
    hand = "[222m1][555m1]888mEEE9m9m"  # all pungs, half flush, the prevalent wind, no flowers
    r = hk(hand, {"preset": "two-two", "min_fan": 6}, seat_wind="S", discarder="N")
    assert r.total == 6 and r.valid
    r = hk(hand, {"preset": "two-two", "min_fan": 7}, seat_wind="S", discarder="N")
    assert (r.total, r.valid, r.payouts) == (6, False, None) and r.reason == "6 fan; a win needs 7"


# --- HK30: 包 ---------------------------------------------------------------------------------------
def test_hk30_liability_pays_every_share() -> None:
    for payment in ("discarder_pays_all", "half", "discarder_pays_two", "half_of_two"):
        opts = {"discard_payment": payment}
        for ctx in ({"self_drawn": True}, {"discarder": "N"}, {"discarder": "W"}):
            plain = hk(BIG_THREE, opts, seat_wind="S", **ctx)
            liable = hk(BIG_THREE, opts, seat_wind="S", liable="W", **ctx)
            assert plain.payouts is not None and liable.payouts is not None
            assert liable.payouts["S"] == plain.payouts["S"]  # the winner is paid the same
            assert liable.payouts == {"E": 0, "S": plain.payouts["S"], "W": -plain.payouts["S"], "N": 0}
    assert seed_payouts("055_liable_self_drawn") == {"E": 0, "S": 24576, "W": -24576, "N": 0}
    assert seed_payouts("057_liable_twelve_tiles_down") == {"E": 192, "S": 0, "W": -192, "N": 0}
    assert seed_payouts("058_twelve_tiles_down_not_liable") == {"E": 192, "S": 0, "W": 0, "N": -192}


def test_hk30_liability_where_a_discard_completed_the_last_set() -> None:
    # two dragon pungs melded, the third completed by the liable seat's discard: allowed
    hand = "[CCC1][FFF2]123mPP5p5pP"
    r = hk(hand, seat_wind="S", discarder="E", liable="E")
    assert r.limit and r.payouts == {"E": -24576, "S": 24576, "W": 0, "N": 0}
    # the same tiles self-drawn, or won on another's discard: no discard by the liable seat completed them
    for ctx in ({"self_drawn": True}, {"discarder": "N"}):
        e = refused(hand, seat_wind="S", liable="E", **ctx)
        assert e.code == CONTRADICTORY_CONTEXT and e.field == ("context", "liable") and "2 of the 3" in str(e)
    # big four winds, three melded, the fourth on the liable discarder's tile
    assert seed_payouts("059_liable_discarder_half_payment") == {"E": 32768, "S": 0, "W": 0, "N": -32768}
    e = refused("[EEE1][SSS2]NNNWW11mW", liable="N", discarder="N")
    assert e.field == ("context", "liable") and "2 of the 4 wind sets" in str(e)



def test_hk30_no_liability_when_the_last_set_was_whole_in_the_concealed_hand() -> None:
    # 大三元 with its third dragon pung concealed before the win: the liable seat's unrelated discard
    # completed the hand, not the limit; no discard let the limit be completed
    for hand in ("[CCC1][FFF2]PPP77mEE7m", "[CCC1][FFF2]PPP77m23m1m"):
        e = refused(hand, seat_wind="E", discarder="S", liable="S")
        assert e.code == CONTRADICTORY_CONTEXT and e.field == ("context", "liable") and "concealed hand" in str(e)
    # 大四喜 the same: three wind pungs melded, the fourth concealed, won on the pair
    e = refused("[EEE1][SSS2][WWW3]NNN1m1m", seat_wind="E", discarder="W", liable="W")
    assert e.field == ("context", "liable") and "concealed hand" in str(e)
    # the same sets, the last completed by the liable seat's discard: paid by it
    r = hk("[CCC1][FFF2]PP777mEEP", seat_wind="E", discarder="S", liable="S")
    assert r.limit and r.payouts is not None and r.payouts["S"] == -r.payouts["E"] and r.payouts["W"] == 0

def test_hk30_liability_is_refused_where_it_cannot_happen() -> None:
    cases = [
        (BIG_THREE, {"seat_wind": "S", "liable": "S", "discarder": "N"}, "winner's own seat"),
        ("123m456p789s234s5p5p", {"liable": "N", "discarder": "N"}, "this hand is none of them"),
        ("[123m1]456m789m345m1m1m", {"liable": "W", "discarder": "W"}, "this hand is none of them"),
        # a limit hand, but not one a discard can be blamed for
        ("19m19p19sESWNCFPP", {"liable": "W", "discarder": "W"}, "none of them"),
    ]
    for hand, ctx, why in cases:
        e = refused(hand, **ctx)
        assert e.code == CONTRADICTORY_CONTEXT and e.field == ("context", "liable") and why in str(e), (hand, str(e))
    e = refused(BIG_THREE, liable="X", discarder="N")
    assert e.field == ("context", "liable")


def test_hk30_liable_means_nothing_in_mcr_and_sichuan() -> None:
    with pytest.raises(ScorerError) as e:
        scorer.score("[CCC1][FFF2][PPP3]123m5p5p", liable="W", discarder="N")
    assert e.value.code == NOT_IN_RULESET and e.value.field == ("context", "liable")
    with pytest.raises(ScorerError) as e:
        scorer.score("[5555m1]123m666p789p22p", ruleset="sichuan", missing_suit="s", self_drawn=True, liable="W")
    assert e.value.code == NOT_IN_RULESET and e.value.field == ("context", "liable")
    assert "liable" in BOOK.to_dict()["context"]
    assert "liable" not in RULESETS["mcr"].to_dict()["context"]


# --- the service ------------------------------------------------------------------------------------
def test_the_rulesets_list_the_hong_kong_presets_with_their_sources(client: Any) -> None:
    hk_book = next(b for b in client.get("/v1/rulesets").get_json()["rulesets"] if b["name"] == "hk")
    assert [p["name"] for p in hk_book["presets"]] == ["game-site", "3-8", "3-10", "yawnoc", "two-two"]
    assert all(p["source"].split(":")[0] in {"HK9", "HK24", "HK26", "HK29"} for p in hk_book["presets"])
    assert {o["name"] for o in hk_book["options"]} >= {"stakes", "little_three_dragons", "full_flush_fan"}


@pytest.mark.parametrize(("options", "context", "at"), [
    ({"preset": "3-13"}, {}, "/options/preset"),
    ({"stakes": "dollars"}, {}, "/options/stakes"),
    ({"points_table": "4-7-10"}, {}, "/options/points_table"),
    ({"full_flush_fan": 14}, {}, "/options/full_flush_fan"),
    ({}, {"liable": "S"}, "/context/liable"),
    ({}, {"liable": "N"}, "/context/liable"),
])
def test_the_service_refuses_with_a_422_at_the_field(client: Any, options: dict[str, Any],
                                                     context: dict[str, Any], at: str) -> None:
    body = {"ruleset": "hk", "hand": "123m456p789s234s5p5p", "context": {"seat_wind": "S", "discarder": "W",
                                                                         **context}, "options": options}
    r = client.post("/v1/score", json=body)
    assert r.status_code == 422, r.get_json()
    assert [e["pointer"] for e in r.get_json()["errors"]] == [at]


def test_the_service_scores_a_liable_seat_and_a_preset(client: Any) -> None:
    seed = SEEDS["055_liable_self_drawn"]
    r = client.post("/v1/score", json=seed["request"])
    assert r.status_code == 200 and r.get_json()["payouts"] == seed["expected"]["payouts"]
    seed = SEEDS["042_yawnoc_half_responsibility"]
    r = client.post("/v1/score", json=seed["request"])
    assert r.status_code == 200 and r.get_json()["payouts"] == seed["expected"]["payouts"]


# --- properties over generated hands ------------------------------------------------------------------
@PROPS
@given(hk_hands(), st.sampled_from([p.name for p in BOOK.presets]),
       st.sampled_from(["discarder_pays_all", "half", "discarder_pays_two", "half_of_two"]),
       st.sampled_from(["points", "two_five_chicken", "five_one", "one_two_dollars"]),
       st.sampled_from(["replaces_dragon_pungs", "adds_to_dragon_pungs"]), st.sampled_from("ESWN"))
def test_every_house_rule_keeps_the_score_whole(req: tuple[dict[str, Any], dict[str, Any], dict[str, Any]],
                                               preset: str, payment: str, stakes: str, little: str,
                                               liable: str) -> None:
    """Under any preset and rules: the fans add up by the values in force, the payouts are zero-sum
    and the winner's take is the same with a liable seat as without (包 moves who pays, not how much)."""
    hand, ctx, opts = req
    opts = {**opts, "preset": preset, "discard_payment": payment, "stakes": stakes, "little_three_dragons": little}
    opts.pop("max_fan")  # the preset's cap
    options = BOOK.parse_options({**opts, "min_fan": 0})
    try:
        r = scorer.score(Hand.build(**hand), ruleset="hk", options={**opts, "min_fan": 0}, **ctx)
    except ScorerError as e:  # half of an odd share, and nothing else
        assert e.field == ("options", "discard_payment") and payment == "half_of_two"
        return
    if not r.winning:
        return
    assert r.limit or r.points == sum(options.values[f.id] * f.count for f in r.fans)
    assert all(f.points == (options.max_fan if r.limit else options.values[f.id]) for f in r.fans)
    if r.payouts is None:
        return
    assert sum(r.payouts.values()) == 0
    seat = ctx["seat_wind"]
    if liable == seat:
        return
    try:
        blamed = scorer.score(Hand.build(**hand), ruleset="hk", options={**opts, "min_fan": 0}, liable=liable, **ctx)
    except ScorerError as e:
        assert e.code == CONTRADICTORY_CONTEXT and e.field == ("context", "liable")
        return
    assert blamed.payouts is not None and blamed.payouts[seat] == r.payouts[seat]
    assert {w: v for w, v in blamed.payouts.items() if v} == {seat: r.payouts[seat], liable: -r.payouts[seat]}


def test_hk30_a_limit_named_first_by_another_still_holds_its_big_three_dragons() -> None:
    # 字一色 (named first) that is also 大三元, the three dragon pungs melded: the feeder is liable
    hand = "[CCC1][FFF2][PPP3]EEENN"
    r = hk(hand, self_drawn=True, seat_wind="S", liable="E")
    assert r.limit and r.fans[0].id == "all_honors"
    assert r.payouts == {"E": -24576, "S": 24576, "W": 0, "N": 0}
    # all honours without the dragon pungs melded: nothing to blame
    e = refused("[EEE1]CCCFFFPPPNN", self_drawn=True, seat_wind="S", liable="E")
    assert e.field == ("context", "liable") and "0 of the 3 dragon sets" in str(e)
