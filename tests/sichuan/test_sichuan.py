"""The Sichuan rule book (scorer.rules.sichuan): the worked examples in ``seeds/sichuan/`` (one per
fan and per rule of the game site's rules page, seed 004), one test per ruling (S1-S8 in
RULINGS.md, ``test_s<n>_...``), the bad hands, the waits, and property tests over generated hands."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scorer
from scorer.forms import REGULAR_FORM
from scorer.rules.sichuan.detect import Shape, all_pungs, outside_hand
from scorer.rules.sichuan.fans import FANS, values
from scorer.rules.sichuan.scoring import ENGINE
from testkit import ROOT
from testkit.strategies import SICHUAN_PROPS as PROPS
from testkit.strategies import winning_hands

SEEDS = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "seeds" / "sichuan").glob("*.json"))]
SCORE_SEEDS = [s for s in SEEDS if s["kind"] == "score"]
def sc(hand: str | scorer.Hand, options: dict[str, Any] | None = None, **context: Any) -> scorer.Result:
    context.setdefault("missing_suit", "s")
    return scorer.score(hand, ruleset="sichuan", options=options, **context)


def fans(r: scorer.Result) -> dict[str, int]:
    return {f.id: f.count for f in r.fans}


def error(hand: str | scorer.Hand, **context: Any) -> scorer.ScorerError:
    with pytest.raises(scorer.ScorerError) as e:
        sc(hand, **context)
    return e.value


# --- the worked examples ------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [pytest.param(s, id=s["id"]) for s in SCORE_SEEDS])
def test_seed(seed: dict[str, Any]) -> None:
    req, want = seed["request"], seed["expected"]
    hand = req["hand"] if isinstance(req["hand"], str) else scorer.Hand.build(**req["hand"])
    r = scorer.score(hand, ruleset="sichuan", options=req.get("options"), **req["context"])
    assert r.ruleset == "sichuan"
    got = {"winning": r.winning, "valid": r.valid, "points": r.points, "total": r.total,
           "fans": [{"id": f.id, "count": f.count} for f in r.fans],
           "payouts": None if r.payouts is None else dict(r.payouts)}
    assert got == want


@pytest.mark.parametrize("seed", [pytest.param(s, id=s["id"]) for s in SEEDS])
def test_seed_is_well_formed(seed: dict[str, Any]) -> None:
    assert set(seed) - {"explain"} == {"id", "kind", "source", "description", "covers", "request", "expected"}
    assert ("explain" in seed) == (seed["kind"] == "score")
    assert re.fullmatch(r"\d{3}_[a-z0-9_]+", seed["id"]) and seed["source"] and seed["description"]
    if seed["kind"] == "settle":
        return
    want = seed["expected"]
    ids = [f["id"] for f in want["fans"]]
    table = [f.id for f in FANS]
    assert ids == [i for i in table if i in ids]  # table order
    assert set(seed["covers"]) <= set(ids)
    opts = scorer.RULESETS["sichuan"].parse_options(seed["request"].get("options"))
    value = values(opts)  # each fan's value under the seed's options (the optional fans', RULINGS S14-S21)
    points = sum(value[f["id"]] * f["count"] for f in want["fans"])
    assert (want["points"], want["total"]) == (points, points if opts.cap < 0 else min(points, opts.cap))
    if want["payouts"] is not None:
        assert sum(want["payouts"].values()) == 0


def test_every_fan_has_its_seed() -> None:
    """seeds/sichuan/NNN_<fan id>.json for each fan, NNN its 1-based place in the table."""
    by_id = {s["id"]: s for s in SCORE_SEEDS}
    for k, fan in enumerate(FANS, start=1):
        seed = by_id.get(f"{k:03d}_{fan.id}")
        assert seed is not None, f"no seed {k:03d}_{fan.id}"
        assert fan.id in {f["id"] for f in seed["expected"]["fans"]}


def test_the_mcr_seed_loader_does_not_pick_up_sichuan_seeds() -> None:
    from testkit.seeds import load_seeds

    assert all(s.get("kind") is None for s in load_seeds())


def test_the_book_is_registered() -> None:
    book = scorer.rulebook("sichuan")
    d = book.to_dict()
    assert (d["unit"], d["minimum"], d["maximum"], d["fans"]) == ("fan", 0, 5, 19)  # 11, and 8 optional fans
    assert [o["name"] for o in d["options"]][:2] == ["max_fan", "flower_pig_penalty"]
    assert {"missing_suit", "out", "last_wall_tile", "kong_replacement", "robbing_kong"} <= set(d["context"])
    assert [f.name_zh for f in book.fan_table][:5] == ["平胡", "碰碰胡", "七对", "带幺九", "将对"]


# --- the game site's rules page (seed 004), one rule at a time ---------------------------------------
def test_base_is_two_to_the_fan_times_base_points() -> None:
    """基本分为 2 的番数次方; 点炮由放炮者付基本分."""
    r = sc("123m789m111p999p9m9m", seat_wind="S", discarder="E", base_points=10)  # 带幺九 2
    assert (r.total, dict(r.payouts or {})) == (2, {"E": -40, "S": 40, "W": 0, "N": 0})


def test_s7_self_drawn_is_paid_base_plus_one_and_has_no_fan() -> None:
    """自摸加底: every player still in pays base + 1; there is no fan for the self-draw itself."""
    r = sc("123m789m111p999p9m9m", seat_wind="S", self_drawn=True, base_points=3)
    assert fans(r) == {"outside_hand": 1}
    assert dict(r.payouts or {}) == {"E": -15, "S": 45, "W": -15, "N": -15}


def test_a_discard_win_without_its_discarder_has_no_payouts() -> None:
    r = sc("123m789m111p999p9m9m")
    assert r.valid and r.payouts is None


# --- rulings ----------------------------------------------------------------------------------------
def test_s1_root_is_any_tile_kind_held_four_times() -> None:
    """A kong, a pung plus the fourth in hand, four concealed, four alike in seven pairs: one 根 each."""
    assert fans(sc("[5555m1]123m666p789p2p2p", discarder="S"))["root"] == 1  # a kong
    assert fans(sc("[555m1]345m666p789p2p2p", discarder="S"))["root"] == 1  # a pung and the fourth in a chow
    assert fans(sc("1111m23m666p789p2p2p", discarder="S"))["root"] == 1  # four concealed, read 111 + 123
    r = sc("1111m33m55m77p99p2p2p", discarder="S")  # 龙七对
    assert fans(r) == {"seven_pairs": 1, "root": 1} and r.points == 3
    assert fans(sc("[2222m][5555m1][888p1][222p1]5p5p", discarder="W"))["root"] == 2


def test_s2_golden_hook_needs_four_declared_sets() -> None:
    """金钩钓: four pungs or kongs declared (concealed kongs too), the win on the pair; on top of 碰碰胡 or 将对."""
    assert fans(sc("[222m1][333m1][666p1][777p1]9p9p", discarder="N")) == {"all_pungs": 1, "golden_hook": 1}
    assert fans(sc("[2222m][555m1][888p1][222p1]5p5p", discarder="N")) == {
        "all_258_pungs": 1, "golden_hook": 1, "root": 1}
    assert "golden_hook" not in fans(sc("[222m1][333m1][666p1]777p9p9p", discarder="N"))  # three declared


def test_s3_outside_hand_is_for_four_sets_and_a_pair_and_adds_to_all_pungs() -> None:
    """带幺九 needs four sets and a pair; seven pairs of 1s and 9s is not one. With pungs only it adds to
    碰碰胡 (in two suits that hand cannot be made: the detector is checked directly)."""
    r = sc("1111m9999m1111p9p9p", discarder="S")
    assert fans(r) == {"seven_pairs": 1, "root": 3}
    f = ENGINE.facts(scorer.Hand.parse("1111m9999m1111p9p9p"), scorer.Context.build(missing_suit="s"),
                     scorer.rulebook("sichuan").parse_options({}))
    shape = Shape(REGULAR_FORM, [0, 8, 18, 26], [], 9, None, False)  # pungs of 1m 9m 1p 9p, a pair of 1s
    assert (all_pungs(f, shape), outside_hand(f, shape)) == (1, 1)
    assert fans(sc("123m789m111p999p9m9m", discarder="S")) == {"outside_hand": 1}


def test_s4_the_best_reading_wins() -> None:
    """A hand read as seven pairs or as chows scores as seven pairs; one read as pungs or chows as pungs."""
    r = sc("11m22m33m44p55p66p7p7p", discarder="S")
    assert fans(r) == {"seven_pairs": 1} and all(s.kind == "pair" for s in r.decomposition)
    r = sc("111m222m333m55p66p6p", discarder="S")
    assert fans(r) == {"all_pungs": 1}


def test_s5_points_before_the_cap_total_after() -> None:
    r = sc("[2222m][5555m1][888p1][222p1]5p5p", seat_wind="S", discarder="W")
    assert (r.points, r.total, r.payouts and r.payouts["S"]) == (6, 5, 32)
    r = sc("[2222m][5555m1][888p1][222p1]5p5p", {"max_fan": 3}, seat_wind="S", discarder="W")
    assert (r.points, r.total, r.payouts and r.payouts["S"]) == (6, 3, 8)


def test_s6_a_hand_holding_its_missing_suit_cannot_win() -> None:
    r = sc("[555m1]22m666p789p34p2p", missing_suit="m", discarder="S")
    assert (r.winning, r.valid, r.payouts) == (True, False, None)
    assert r.reason and "missing suit" in r.reason


def test_s8_all_258_pungs_replaces_all_pungs_and_basic_shows_only_without_a_shape() -> None:
    assert fans(sc("[222m1][555p1]888m888p5m5m", discarder="S")) == {"all_258_pungs": 1}
    assert fans(sc("123p456p789p11p23p4p", missing_suit="m", discarder="S")) == {"basic": 1, "full_flush": 1}


def test_s8_a_house_value_for_basic_counts_in_the_total() -> None:
    """平胡 is 0 on the page; a house that values it (``fan_values``) has it counted like any fan:
    the breakdown sums to the points."""
    r = sc("123m456m789m11p234p", {"fan_values": {"basic": 2}}, discarder="S")
    assert [(f.id, f.count, f.points) for f in r.fans] == [("basic", 1, 2)]
    assert (r.points, r.total, r.payouts and r.payouts["S"]) == (2, 2, -4)


def test_an_incomplete_hand_is_not_winning() -> None:
    r = sc("123m456m789m11p24p9p", discarder="S")
    assert (r.winning, r.valid, r.payouts) == (False, False, None)


def test_seats_that_have_won_pay_nothing() -> None:
    r = sc("[555m1]22m666p789p34p2p", self_drawn=True, out=["N", "W"])
    assert dict(r.payouts or {}) == {"E": 2, "S": -2, "W": 0, "N": 0}


# --- bad hands ------------------------------------------------------------------------------------
def test_honours_are_refused_where_they_are() -> None:
    assert error(scorer.Hand.build("123m456m789m11p2pE", "3p")).field == ("hand", "concealed")
    assert error(scorer.Hand.build("123m456m789m11p23p", "E")).field == ("hand", "winning_tile")
    e = error(scorer.Hand.build("456m789m11p23p", "4p", melds=[{"tiles": "EEE"}]))
    assert (e.code, e.field) == ("honour_in_sichuan", ("hand", "melds", 0))


def test_a_chow_meld_is_refused() -> None:
    e = error(scorer.Hand.build("456m789m11p23p", "4p", melds=[{"tiles": "123m"}]))
    assert (e.code, e.field) == ("chow_in_sichuan", ("hand", "melds", 0))


def test_flowers_are_refused() -> None:
    e = error(scorer.Hand.parse("123m456m789m11p23p4p", flowers=1))
    assert (e.code, e.field) == ("not_in_ruleset", ("hand", "flowers"))


def test_the_missing_suit_is_required() -> None:
    with pytest.raises(scorer.ScorerError) as e:
        scorer.score("123m456m789m11p23p4p", ruleset="sichuan")
    assert (e.value.code, e.value.field) == ("missing_suit_required", ("context", "missing_suit"))


def test_context_fields_of_other_books_are_refused() -> None:
    e = error("123m456m789m11p23p4p", prevalent_wind="S")
    assert (e.code, e.field) == ("not_in_ruleset", ("context", "prevalent_wind"))
    e = error("123m456m789m11p23p4p", last_copy=True)
    assert e.field == ("context", "last_copy")


@pytest.mark.parametrize(("options", "name"), [({"max_fan": -1}, "max_fan"), ({"max_fan": 14}, "max_fan"),
                                               ({"flower_pig_penalty": -1}, "flower_pig_penalty"),
                                               ({"flower_pig_penalty": 8193}, "flower_pig_penalty"),
                                               ({"double_self_draw": 1}, "double_self_draw")])
def test_options_out_of_range_are_refused(options: dict[str, Any], name: str) -> None:
    with pytest.raises(scorer.ScorerError) as e:
        sc("123m456m789m11p23p4p", options)
    assert (e.value.code, e.value.field) == ("bad_option", ("options", name))


# --- waits ----------------------------------------------------------------------------------------
def test_waits_use_the_sichuan_forms_only() -> None:
    a = scorer.analyze("123m456m789m11p23p", {"missing_suit": "s"}, ruleset="sichuan")
    assert a.outlook is not None and a.outlook.shanten == 0
    assert {f.value: s for f, s in a.outlook.forms} == {
        "regular": 0, "seven_pairs": 5, "thirteen_orphans": None, "honors_and_knitted": None,
        "knitted_straight": None}
    assert [w.tile.value for w in a.outlook.waits or ()] == ["1p", "4p"]
    w = (a.outlook.waits or ())[0]
    assert w.self_drawn is not None and w.self_drawn.ruleset == "sichuan" and w.self_drawn.valid


def test_waits_count_missing_suit_tiles_as_tiles_to_discard() -> None:
    a = scorer.analyze("123m456m789m11p2p5s", {"missing_suit": "s"}, ruleset="sichuan")
    assert a.outlook is not None and a.outlook.shanten == 1  # 5s helps nothing: it must go
    assert all(u.tile.value[-1] != "s" for u in a.outlook.useful or ())
    a = scorer.analyze("123m456m789m11p23p5s", {"missing_suit": "s"}, ruleset="sichuan")
    assert a.discards is not None and a.discards[0].tile.value == "5s" and a.discards[0].outlook.shanten == 0
    assert a.win is None


def test_a_ready_hand_never_waits_on_its_missing_suit() -> None:
    a = scorer.analyze("1122m3344m5566m7m", {"missing_suit": "p"}, ruleset="sichuan")
    assert a.outlook is not None and a.outlook.shanten == 0
    assert all(w.tile.value.endswith("m") for w in a.outlook.waits or ())


def test_s12_a_win_has_at_most_two_seats_out_before_it() -> None:
    e = error("123m456m789m11p23p4p", seat_wind="E", self_drawn=True, out=["S", "W", "N"])
    assert (e.code, e.field) == ("too_many_winners", ("context", "out"))
    e = error("123m456m789m11p23p4p", seat_wind="E", discarder="S", out=["W", "N", "S"])
    assert e.field == ("context", "out")
    r = sc("123m456m789m11p23p4p", seat_wind="E", self_drawn=True, out=["S", "W"])
    assert r.valid and r.payouts == {"E": 2, "S": 0, "W": 0, "N": -2}


def test_s13_no_honour_is_seen_on_a_sichuan_table() -> None:
    with pytest.raises(scorer.ScorerError) as e:
        scorer.analyze("123m456m789m1122p", {"missing_suit": "s"}, visible="EEEC", ruleset="sichuan")
    assert (e.value.code, e.value.field) == ("honour_in_sichuan", ("visible",))
    assert scorer.analyze("123m456m789m1122p", {"missing_suit": "s"}, visible="9m9m", ruleset="sichuan").outlook
    assert scorer.analyze("123m456m789m1122p", visible="EEEC").outlook  # MCR has honours


# --- properties -----------------------------------------------------------------------------------
@PROPS
@given(winning_hands(), st.sampled_from("ESWN"), st.booleans(), st.integers(1, 13), st.randoms())
def test_property_total_is_capped_and_payouts_sum_to_zero(hand_missing: tuple[scorer.Hand, str], seat: str,
                                                          self_drawn: bool, cap: int, rnd: Any) -> None:
    hand, missing = hand_missing
    others = [w for w in "ESWN" if w != seat]
    out = rnd.sample(others, rnd.randint(0, 2))
    discarder = None if self_drawn else rnd.choice([w for w in others if w not in out])
    r = sc(hand, {"max_fan": cap}, missing_suit=missing, seat_wind=seat, self_drawn=self_drawn, discarder=discarder,
           out=out)
    assert r.winning and r.valid
    assert 0 <= r.total <= cap and r.total == min(r.points, cap)
    assert r.payouts is not None and sum(r.payouts.values()) == 0
    assert all(r.payouts[w] == 0 for w in out)
    assert r.payouts[seat] == (2 ** r.total + (1 if self_drawn else 0)) * (3 - len(out) if self_drawn else 1)


@PROPS
@given(winning_hands(), st.randoms())
def test_property_tile_and_meld_order_never_change_a_score(hand_missing: tuple[scorer.Hand, str], rnd: Any) -> None:
    hand, missing = hand_missing
    concealed = list(hand.concealed)
    rnd.shuffle(concealed)
    melds = list(hand.melds)
    rnd.shuffle(melds)
    other = scorer.Hand(tuple(concealed), tuple(melds), hand.winning_tile)
    scorer.clear_caches()
    a = sc(hand, missing_suit=missing, discarder="S").to_dict()
    scorer.clear_caches()
    assert sc(other, missing_suit=missing, discarder="S").to_dict() == a
