"""The Taiwanese 16-tile book (``ruleset="taiwan"``): its seeds (``seeds/taiwan/``), one test per
ruling of RULINGS.md's TW section, and properties (tile order, flower order, seat rotation and
payments that sum to zero)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scorer
from scorer import Hand, ScorerError

ROOT = Path(__file__).resolve().parents[2]
SEEDS = sorted((ROOT / "seeds" / "taiwan").glob("*.json"))
CHOWS16 = "123m456m789p234s67s55p"  # five chows and a pair once 8s (or 5s) comes
ONE_CHOW = dict(concealed="456m789p234s67s55p", melds=[{"tiles": "123m"}], winning_tile="8s")


def tw(hand: dict[str, Any] | str, options: dict[str, Any] | None = None, **ctx: Any) -> scorer.Result:
    h = Hand.parse(hand) if isinstance(hand, str) else Hand.build(**hand)
    return scorer.score(h, ruleset="taiwan", options=options, **ctx)


def fans(r: scorer.Result) -> dict[str, int]:
    return {f.id: f.count for f in r.fans}


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


# --- the seeds ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", SEEDS, ids=[p.stem for p in SEEDS])
def test_seed(path: Path) -> None:
    seed = _load(path)
    req = seed["request"]
    r = scorer.score(Hand.build(**req["hand"]), ruleset="taiwan", options=req.get("options"), **req["context"])
    got = r.to_dict()
    exp = seed["expected"]
    assert [(f["id"], f["count"]) for f in got["fans"]] == [(f["id"], f["count"]) for f in exp["fans"]]
    assert {k: got[k] for k in exp if k != "fans"} == {k: v for k, v in exp.items() if k != "fans"}


def test_every_item_has_its_seed() -> None:
    """seeds/taiwan/NNN_<item>.json for each row, NNN its place in the table, showing it."""
    for k, fan in enumerate(scorer.taiwan.FANS, 1):
        path = ROOT / "seeds" / "taiwan" / f"{k:03d}_{fan.id.value}.json"
        assert path.exists(), path.name
        seed = _load(path)
        assert fan.id.value in seed["covers"] and fan.id.value in {f["id"] for f in seed["expected"]["fans"]}
        assert seed["source"] and seed["description"]


# --- the rulings ------------------------------------------------------------------------------------
def test_every_tw_ruling_has_its_test() -> None:
    text = (ROOT / "RULINGS.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| TW\d+ \|.*\|([^|]*)\|$", text, re.M)
    named = [re.findall(r"`(test_tw\w+)`", r) for r in rows]
    here = set(re.findall(r"^def (test_tw\w+)", Path(__file__).read_text(encoding="utf-8"), re.M))
    assert len(rows) == 31 and all(named) and {t for ts in named for t in ts} <= here


def test_tw1_the_default_table_is_the_domestic_one() -> None:
    book = scorer.RULESETS["taiwan"]
    assert book.presets[0].name == "common" and not book.presets[0].values
    values = {f.id.value: f.points for f in scorer.taiwan.FANS}
    # the domestic values (the Four Winds table has 門清自摸 3 too, but 平胡 3, 混一色 10, 碰碰胡 10)
    assert (values["all_chows"], values["half_flush"], values["all_pungs"], values["full_flush"]) == (2, 4, 4, 8)


def test_tw2_a_hand_of_the_other_size_is_refused() -> None:
    with pytest.raises(ScorerError) as e:
        tw("[222m1][444m2][666m3]88mWW8m", discarder="S")
    assert (e.value.code, e.value.field) == ("tile_count", ("hand",))
    with pytest.raises(ScorerError) as e:
        scorer.score(Hand.build(**ONE_CHOW), discarder="S")  # MCR
    assert (e.value.code, e.value.field) == ("tile_count", ("hand",))
    with pytest.raises(ScorerError) as e:
        scorer.analyze("[222m1][444m2][666m3]88mWW", ruleset="taiwan")
    assert e.value.code == "tile_count"


def test_tw3_a_hand_with_no_item_wins() -> None:
    hand = dict(concealed="456m789p234s67s55p", melds=[{"tiles": "123m"}], winning_tile="8s")
    r = tw(hand, {"all_chows_concealed": "required"}, seat_wind="S", discarder="W")
    assert (r.winning, r.valid, r.total, r.fans) == (True, True, 0, ())
    assert dict(r.payouts or {}) == {"E": 0, "S": 30, "W": -30, "N": 0}  # 底 alone
    r = tw(hand, seat_wind="S", discarder="W", options={"all_chows_concealed": "required", "min_tai": 1})
    assert (r.valid, r.payouts) == (False, None) and "起胡" in (r.reason or "")


def test_tw4_eight_and_a_half_pairs() -> None:
    hand = dict(concealed="11m22p33s44m555m66p77s8m", winning_tile="8m")
    assert not tw(hand, seat_wind="S", discarder="W").winning  # off by default
    r = tw(hand, {"eight_and_a_half_pairs": 8}, seat_wind="S", discarder="W")
    assert fans(r) == {"eight_and_a_half_pairs": 1, "concealed": 1}
    # the triplet counts for 三元牌, four alike are two pairs
    r = tw(dict(concealed="CCC11m11m22p33s44m66p7s", winning_tile="7s"), {"eight_and_a_half_pairs": 8},
           seat_wind="S", self_drawn=True)
    assert fans(r) == {"eight_and_a_half_pairs": 1, "concealed_self_drawn": 1, "dragon_pung": 1}
    waits = scorer.analyze("11m22p33s44m66p77s88m99p", ruleset="taiwan", options={"eight_and_a_half_pairs": 8})
    assert waits.outlook is not None and waits.outlook.shanten == 0
    assert len(waits.outlook.waits or ()) == 8  # eight pairs: any of them drawn again is the triplet


def test_tw5_the_best_reading() -> None:
    # 111m 222m 333m read as three pungs (三暗刻 2 with 門清 1) or as three chows (平胡 2, 門清 1): the
    # pungs' reading needs the pair to stay 55p; both read, the higher wins
    r = tw(dict(concealed="111m222m333m789p67s55p", winning_tile="8s"), seat_wind="S", discarder="W")
    assert r.total == max(3, r.total)
    assert fans(r) in ({"three_concealed_pungs": 1, "concealed": 1}, {"all_chows": 1, "concealed": 1})
    # on a tie of 台 the reading with more items wins
    assert fans(r) == {"three_concealed_pungs": 1, "concealed": 1} or r.total > 3


def test_tw6_the_dealers_tai_is_paid_apart() -> None:
    r = tw(ONE_CHOW, seat_wind="S", self_drawn=True, dealer_streak=2)
    assert (r.total, r.to_dict()["dealer_tai"]) == (1, 5)
    assert dict(r.payouts or {}) == {"E": -(30 + 10 * 6), "S": 30 + 60 + 2 * 40, "W": -40, "N": -40}
    r = tw(ONE_CHOW, seat_wind="S", discarder="W", dealer_streak=2)  # between two non-dealers: none
    assert r.to_dict()["dealer_tai"] == 0 and dict(r.payouts or {})["W"] == -(30 + 20)
    assert all(f.id not in ("dealer", "dealer_streak") for f in r.fans)


def test_tw7_flower_order() -> None:
    hand = dict(ONE_CHOW, flowers=["chrysanthemum"])
    assert fans(tw(hand, seat_wind="W", discarder="S")).get("seat_flower") == 1  # hk: 菊 is the third seat's
    assert "seat_flower" not in fans(tw(hand, {"flower_order": "tw"}, seat_wind="W", discarder="S"))
    assert fans(tw(dict(ONE_CHOW, flowers=["bamboo"]), {"flower_order": "tw"}, seat_wind="W", discarder="S"))[
        "seat_flower"] == 1


def test_tw8_flower_wins() -> None:
    eight = ["plum", "orchid", "chrysanthemum", "bamboo", "spring", "summer", "autumn", "winter"]
    r = tw(dict(concealed=CHOWS16, winning_tile="8s", flowers=eight), seat_wind="S", self_drawn=True,
           flower_win="eight_flowers")
    assert fans(r) == {"eight_flowers": 1} and r.total == 8
    r = tw(dict(concealed=CHOWS16, winning_tile="8s", flowers=eight), {"flower_win_mode": "additive"}, seat_wind="S",
           self_drawn=True, flower_win="eight_flowers")
    assert fans(r) == {"eight_flowers": 1, "concealed_self_drawn": 1}  # 正花 and 花槓 left out
    with pytest.raises(ScorerError) as e:
        tw(dict(concealed=CHOWS16, winning_tile="8s", flowers=eight[:7]), seat_wind="S", self_drawn=True,
           flower_win="eight_flowers")
    assert e.value.field == ("context", "flower_win")
    r = tw(dict(concealed=CHOWS16, winning_tile="8s", flowers=eight[:7]), seat_wind="S", discarder="N",
           flower_win="seven_rob_one")
    assert dict(r.payouts or {}) == {"E": 0, "S": 110, "W": 0, "N": -110}


EIGHT = ["plum", "orchid", "chrysanthemum", "bamboo", "spring", "summer", "autumn", "winter"]


def test_tw8_a_flower_win_takes_no_winning_tile() -> None:
    # the eighth flower drawn: the 16 tiles held, no winning tile, and the win stands on the flowers
    held = dict(concealed="123m456m789p234s67s55p", flowers=EIGHT)
    r = scorer.score(scorer.api.read_hand(held), ruleset="taiwan", seat_wind="S", self_drawn=True,
                     flower_win="eight_flowers")
    assert r.winning and r.valid and fans(r) == {"eight_flowers": 1} and r.total == 8
    assert dict(r.payouts or {}) == {"E": -120, "S": 120 + 110 + 110, "W": -110, "N": -110}
    # additive needs a complete hand to add to: without a winning tile the flower win stands alone
    r = scorer.score(scorer.api.read_hand(held), ruleset="taiwan", options={"flower_win_mode": "additive"},
                     seat_wind="S", self_drawn=True, flower_win="eight_flowers")
    assert fans(r) == {"eight_flowers": 1}
    # 七搶一: seven held, the eighth robbed from the discarder, who pays alone; melds show as the sets
    held7 = dict(concealed="456m789p234s67s55p", melds=[{"tiles": "123m"}], flowers=EIGHT[:7])
    r = scorer.score(scorer.api.read_hand(held7), ruleset="taiwan", seat_wind="S", discarder="N",
                     flower_win="seven_rob_one")
    assert dict(r.payouts or {}) == {"E": 0, "S": 110, "W": 0, "N": -110}
    assert r.to_dict()["decomposition"] == [{"kind": "chow", "tiles": ["1m", "2m", "3m"], "concealed": False}]


@pytest.mark.parametrize(("hand", "ctx", "at"), [
    pytest.param(dict(concealed="123m456m789p234s67s55p", flowers=EIGHT), dict(seat_wind="S", self_drawn=True),
                 ("hand", "winning_tile"), id="no-flower-win"),
    pytest.param(dict(concealed="123m456m789p234s67s55p", flowers=EIGHT[:6]),
                 dict(seat_wind="S", self_drawn=True, flower_win="eight_flowers"), ("context", "flower_win"),
                 id="six-flowers"),
    pytest.param(dict(concealed="123m456m789p234s67s55p", flowers=EIGHT[:7]),
                 dict(seat_wind="S", self_drawn=True, flower_win="seven_rob_one"), ("context", "flower_win"),
                 id="rob-self-drawn"),
    pytest.param(dict(concealed="123m456m789p234s67s55p", flowers=EIGHT[:7]),
                 dict(seat_wind="S", discarder="N", robbing_kong=True, flower_win="seven_rob_one"),
                 ("context", "robbing_kong"), id="robbing-a-kong"),
    pytest.param(dict(concealed="123m456m789p234s67s5p", flowers=EIGHT),
                 dict(seat_wind="S", self_drawn=True, flower_win="eight_flowers"), ("hand",), id="fifteen-tiles"),
])
def test_tw8_a_hand_without_a_winning_tile_is_refused_unless_the_flowers_win(
        hand: dict[str, Any], ctx: dict[str, Any], at: tuple[str, ...]) -> None:
    with pytest.raises(ScorerError) as e:
        scorer.score(scorer.api.read_hand(hand), ruleset="taiwan", **ctx)
    assert e.value.field[:len(at)] == at, e.value.message


def test_tw8_a_flower_win_without_a_winning_tile_is_served(client: Any) -> None:
    held = {"concealed": "123m456m789p234s67s55p", "flowers": EIGHT}
    body = {"ruleset": "taiwan", "hand": held, "context": {"seat_wind": "S", "self_drawn": True,
                                                           "flower_win": "eight_flowers"}}
    for path in ("/v1/score", "/v1/score/batch"):  # the fast path and the schema's path
        resp = client.post(path, json=body if path == "/v1/score" else {"requests": [body]})
        answer = resp.get_json() if path == "/v1/score" else resp.get_json()["results"][0]
        assert resp.status_code == 200 and answer["total"] == 8, answer
    # without the flower win, the winning tile is missing, as under a book without such wins
    del body["context"]["flower_win"]
    resp = client.post("/v1/score", json=body)
    assert resp.status_code == 422 and resp.get_json()["errors"][0]["pointer"] == "/hand/winning_tile"
    resp = client.post("/v1/score", json={"hand": {"concealed": "123m456m789p2345s"}})  # MCR: the schema's word
    assert resp.get_json()["type"] == "/problems/validation-error"
    assert [e["pointer"] for e in resp.get_json()["errors"]] == ["/hand/winning_tile"]


def test_tw31_a_heavenly_hand_after_a_flower_replacement() -> None:
    # the dealer replaced a dealt flower and the replacement completed the hand: 天胡 stands and
    # leaves 槓上開花 out; 地胡 on a flower's replacement adds it (TW12)
    hand = dict(concealed=CHOWS16, winning_tile="8s", flowers=["summer"])
    r = tw(hand, seat_wind="E", self_drawn=True, heavenly_hand=True, kong_replacement=True)
    assert fans(r) == {"heavenly_hand": 1}
    r = tw(hand, seat_wind="S", self_drawn=True, earthly_hand=True, kong_replacement=True)
    assert fans(r)["kong_replacement"] == 1 and fans(r)["earthly_hand"] == 1
    with pytest.raises(ScorerError) as e:  # no flower to have replaced
        tw(dict(concealed=CHOWS16, winning_tile="8s"), seat_wind="E", self_drawn=True, heavenly_hand=True,
           kong_replacement=True)
    assert e.value.field == ("context", "heavenly_hand")
    with pytest.raises(ScorerError) as e:  # the wall's last tile is no first tile
        tw(hand, seat_wind="E", self_drawn=True, heavenly_hand=True, last_wall_tile=True)
    assert e.value.field == ("context", "heavenly_hand")


def test_tw9_payments_match_the_worked_examples() -> None:
    opts = {"base": 5, "per_tai": 1}
    r = tw(dict(concealed=CHOWS16, winning_tile="8s"), opts, seat_wind="S", self_drawn=True)
    assert r.total == 3 and dict(r.payouts or {}) == {"E": -9, "S": 25, "W": -8, "N": -8}
    r = tw(ONE_CHOW, opts, seat_wind="E", discarder="S", dealer_streak=1)
    assert r.total == 2 and dict(r.payouts or {}) == {"E": 10, "S": -10, "W": 0, "N": 0}
    r = tw(ONE_CHOW, opts, seat_wind="S", discarder="W", base_points=3)  # base_points multiplies
    assert dict(r.payouts or {})["W"] == -3 * (5 + 2)


def test_tw10_a_pung_a_discard_completes_is_not_concealed() -> None:
    hand = dict(concealed="222m444p666s77s99s", melds=[{"tiles": "123p"}], winning_tile="7s")
    on_discard = fans(tw(hand, seat_wind="S", discarder="W"))  # 777s completed by the discard: three, not four
    assert on_discard.get("three_concealed_pungs") == 1 and "four_concealed_pungs" not in on_discard
    assert fans(tw(hand, seat_wind="S", self_drawn=True))["four_concealed_pungs"] == 1
    # the 4m could close 345m instead: its pung 444m stays concealed
    hand = dict(concealed="444m35m777p999s11s", melds=[{"tiles": "123p"}], winning_tile="4m")
    assert fans(tw(hand, seat_wind="S", discarder="W")).get("three_concealed_pungs") == 1


def test_tw11_all_chows() -> None:
    assert fans(tw(ONE_CHOW, seat_wind="S", discarder="W")) == {"all_chows": 1}
    assert "all_chows" not in fans(tw(ONE_CHOW, seat_wind="S", self_drawn=True))  # self-drawn
    assert "all_chows" not in fans(tw(dict(ONE_CHOW, flowers=["plum"]), seat_wind="S", discarder="W"))
    assert fans(tw(dict(ONE_CHOW, flowers=["plum"]), {"all_chows_honors_and_flowers": True}, seat_wind="S",
                   discarder="W")) == {"all_chows": 1}
    edge = dict(concealed="456m789p55p234m12s", melds=[{"tiles": "678s"}], winning_tile="3s")
    assert "all_chows" not in fans(tw(edge, seat_wind="S", discarder="W"))  # 12 for 3: an edge
    concealed = dict(concealed=CHOWS16, winning_tile="8s")
    assert fans(tw(concealed, seat_wind="S", discarder="W")) == {"all_chows": 1, "concealed": 1}
    assert fans(tw(concealed, {"all_chows_concealed": "forbidden"}, seat_wind="S", discarder="W")) == {"concealed": 1}
    assert fans(tw(ONE_CHOW, {"all_chows_concealed": "required"}, seat_wind="S", discarder="W")) == {}
    assert fans(tw(ONE_CHOW, seat_wind="S", discarder="W", robbing_kong=True)) == {"all_chows": 1, "robbing_kong": 1}


def test_tw12_the_starting_items() -> None:
    hand = dict(concealed=CHOWS16, winning_tile="8s")
    assert fans(tw(hand, seat_wind="E", self_drawn=True, heavenly_hand=True)) == {"heavenly_hand": 1}
    assert fans(tw(hand, {"starting_win_self_drawn": True}, seat_wind="E", self_drawn=True, heavenly_hand=True)) == {
        "heavenly_hand": 1, "self_drawn": 1}
    assert fans(tw(hand, seat_wind="S", self_drawn=True, earthly_ready=True)) == {"earthly_ready": 1, "self_drawn": 1}
    assert fans(tw(hand, {"ready_keeps_concealed": True}, seat_wind="S", self_drawn=True, earthly_ready=True)) == {
        "earthly_ready": 1, "concealed_self_drawn": 1}
    assert fans(tw(hand, seat_wind="S", discarder="W", human_hand=True)) == {"human_hand": 1, "all_chows": 1}


def test_tw13_what_replaces_what() -> None:
    little_four = dict(concealed="WWW234m678pN", melds=[{"tiles": "EEE"}, {"tiles": "SSS"}], winning_tile="N")
    assert fans(tw(little_four, seat_wind="S", discarder="N")) == {"little_four_winds": 1, "single_wait": 1}
    assert fans(tw(little_four, {"little_four_winds_winds": True}, seat_wind="S", discarder="N")) == {
        "little_four_winds": 1, "single_wait": 1, "seat_wind": 1, "prevalent_wind": 1}
    big_three = dict(concealed="FFFPPP234m678p9s", melds=[{"tiles": "CCC"}], winning_tile="9s")
    assert fans(tw(big_three, {"three_dragons_with_pungs": True}, seat_wind="S", discarder="W")) == {
        "big_three_dragons": 1, "single_wait": 1, "dragon_pung": 3}
    begging = dict(concealed="5p", melds=[{"tiles": t} for t in ("123m", "456m", "789p", "234s", "678s")],
                   winning_tile="5p")
    assert fans(tw(begging, seat_wind="S", discarder="W")) == {"all_begging": 1}
    assert fans(tw(begging, {"single_wait_with_begging": True}, seat_wind="S", discarder="W")) == {
        "all_begging": 1, "single_wait": 1}


def test_tw14_the_stakes() -> None:
    r = tw(ONE_CHOW, seat_wind="S", discarder="W")
    assert dict(r.payouts or {})["W"] == -(30 + 2 * 10)
    r = tw(ONE_CHOW, {"base": 100, "per_tai": 50}, seat_wind="S", discarder="W")
    assert dict(r.payouts or {})["W"] == -(100 + 2 * 50)


def test_tw15_the_cap_leaves_the_dealer_out() -> None:
    hand = dict(concealed="111m222m333m777m999m5m", winning_tile="5m")
    r = tw(hand, {"base": 5, "per_tai": 1, "max_tai": 16}, seat_wind="E", self_drawn=True, dealer_streak=2)
    assert (r.points, r.total) == (23, 16) and dict(r.payouts or {})["S"] == -(5 + 16 + 5)


def test_tw16_single_wait() -> None:
    edge = dict(concealed="456m789p55p234m12s", melds=[{"tiles": "678s"}], winning_tile="3s")
    assert fans(tw(edge, seat_wind="S", discarder="W")) == {"single_wait": 1}
    # 23m with all four 4m in the winner's own kong: one wait left (1m), but a two-sided shape
    gone = dict(concealed="23m789p55p345s", melds=[{"tiles": "4444m"}, {"tiles": "678s"}], winning_tile="1m")
    assert "single_wait" not in fans(tw(gone, seat_wind="S", discarder="W"))
    # two waits (5s, 8s) on a two-sided shape: none
    assert "single_wait" not in fans(tw(ONE_CHOW, seat_wind="S", discarder="W"))


def test_tw17_what_cannot_happen_is_refused() -> None:
    hand = dict(concealed=CHOWS16, winning_tile="8s")
    cases = [
        (hand, dict(seat_wind="S", self_drawn=True, heavenly_hand=True), "heavenly_hand"),
        (hand, dict(seat_wind="E", self_drawn=True, earthly_hand=True), "earthly_hand"),
        (hand, dict(seat_wind="E", discarder="S", human_hand=True), "human_hand"),
        (ONE_CHOW, dict(seat_wind="S", discarder="W", heavenly_ready=True), "heavenly_ready"),
        (ONE_CHOW, dict(seat_wind="S", self_drawn=True, kong_replacement=True), "kong_replacement"),
        (ONE_CHOW, dict(seat_wind="S", discarder="W", missing_suit="m"), "missing_suit"),
        (ONE_CHOW, dict(seat_wind="S", discarder="W", liable="W"), "liable"),
        (ONE_CHOW, dict(seat_wind="S", discarder="W", last_copy=True), "last_copy"),
    ]
    for h, ctx, name in cases:
        with pytest.raises(ScorerError) as e:
            tw(h, **ctx)
        assert e.value.field == ("context", name), (name, e.value.message)
    with pytest.raises(ScorerError) as e:
        tw(hand, {"human_hand": 0}, seat_wind="S", discarder="W", human_hand=True)  # off: means nothing
    assert e.value.field == ("context", "human_hand")


def test_tw18_flowers_are_named() -> None:
    with pytest.raises(ScorerError) as e:
        tw(dict(ONE_CHOW, flowers=2), seat_wind="S", discarder="W")
    assert (e.value.code, e.value.field) == ("bad_flowers", ("hand", "flowers"))


def test_tw19_the_answer() -> None:
    r = tw(dict(ONE_CHOW, flowers=["summer"]), seat_wind="S", self_drawn=True, dealer_streak=1).to_dict()
    assert (r["points"], r["total"], r["flower_points"], r["dealer_tai"]) == (2, 2, 0, 3)
    names = {f.id.value: f.name_zh for f in scorer.taiwan.FANS}
    assert names["concealed_self_drawn"] == "門清自摸" and names["single_wait"] == "獨聽"
    assert names["last_discard"] == "河底撈魚" and names["kong_replacement"] == "槓上開花"


def test_tw20_heavenly_hand() -> None:
    hand = dict(concealed=CHOWS16, winning_tile="8s")
    assert tw(hand, seat_wind="E", self_drawn=True, heavenly_hand=True).total == 24
    assert tw(hand, {"heavenly_hand": 16}, seat_wind="E", self_drawn=True, heavenly_hand=True).total == 16


def test_tw21_human_hand() -> None:
    hand = dict(concealed=CHOWS16, winning_tile="8s")
    assert tw(hand, seat_wind="S", discarder="W", human_hand=True).total == 16 + 2
    assert tw(hand, {"human_hand": 8}, seat_wind="S", discarder="W", human_hand=True).total == 8 + 2


def test_tw22_all_honors() -> None:
    hand = dict(concealed="EEESSSWWWP", melds=[{"tiles": "CCC"}, {"tiles": "FFF"}], winning_tile="P")
    r = tw(hand, seat_wind="S", discarder="N")
    assert fans(r)["all_honors"] == 1 and fans(r)["all_pungs"] == 1 and r.total == 29
    assert tw(hand, {"all_honors": 8}, seat_wind="S", discarder="N").total == 21


def test_tw23_flower_kong() -> None:
    hand = dict(ONE_CHOW, flowers=["spring", "summer", "autumn", "winter"])
    assert fans(tw(hand, seat_wind="S", discarder="W")) == {"flower_kong": 1, "seat_flower": 1}
    assert tw(hand, {"flower_kong": 1}, seat_wind="S", discarder="W").total == 2
    assert fans(tw(hand, {"flower_kong_absorbs_seat_flower": True}, seat_wind="S", discarder="W")) == {
        "flower_kong": 1}


def test_tw24_the_ready_items() -> None:
    hand = dict(concealed=CHOWS16, winning_tile="8s")
    assert tw(hand, seat_wind="S", discarder="W", heavenly_ready=True).total == 8 + 2
    assert tw(hand, {"preset": "open-mahjong"}, seat_wind="S", discarder="W", heavenly_ready=True).total == 16 + 1


def test_tw25_half_begging_and_last_discard() -> None:
    begging = dict(concealed="5p", melds=[{"tiles": t} for t in ("123m", "456m", "789p", "234s", "678s")],
                   winning_tile="5p")
    assert fans(tw(begging, seat_wind="S", self_drawn=True)) == {"half_begging": 1, "self_drawn": 1}
    assert fans(tw(begging, {"half_begging": 0}, seat_wind="S", self_drawn=True)) == {"self_drawn": 1}
    assert fans(tw(ONE_CHOW, seat_wind="S", discarder="W", last_wall_tile=True)) == {"all_chows": 1,
                                                                                      "last_discard": 1}
    assert fans(tw(ONE_CHOW, {"last_discard": 0}, seat_wind="S", discarder="W", last_wall_tile=True)) == {
        "all_chows": 1}


def test_tw26_items_off_by_default() -> None:
    assert "no_flowers" not in fans(tw(ONE_CHOW, seat_wind="S", discarder="W"))
    assert fans(tw(ONE_CHOW, {"no_flowers": 1}, seat_wind="S", discarder="W"))["no_flowers"] == 1
    kongs = dict(concealed="234s9p", melds=[{"tiles": "1111m", "concealed": True}, {"tiles": "2222p"},
                                            {"tiles": "3333m"}, {"tiles": "EEEE"}], winning_tile="9p")
    assert "four_kongs" not in fans(tw(kongs, seat_wind="N", prevalent_wind="S", discarder="W"))
    assert tw(kongs, {"four_kongs": 8}, seat_wind="N", prevalent_wind="S", discarder="W").total == 8 + 1


def test_tw27_any_flower() -> None:
    hand = dict(ONE_CHOW, flowers=["spring", "summer", "autumn", "winter", "orchid"])
    assert fans(tw(hand, {"flower_scoring": "any"}, seat_wind="S", discarder="W")) == {"flower": 5}


def test_tw28_any_wind() -> None:
    hand = dict(concealed="789p234s67s55p", melds=[{"tiles": "EEE"}, {"tiles": "SSS"}], winning_tile="8s")
    assert fans(tw(hand, seat_wind="S", discarder="W")) == {"seat_wind": 1, "prevalent_wind": 1}
    assert fans(tw(hand, {"wind_scoring": "any"}, seat_wind="S", discarder="W")) == {"wind_pung": 2}


def test_tw29_the_open_mahjong_preset() -> None:
    book = scorer.RULESETS["taiwan"]
    opts = book.parse_options({"preset": "open-mahjong"})
    assert (opts.flower_kong, opts.heavenly_ready, opts.earthly_ready, opts.half_begging, opts.last_discard) == (
        1, 16, 8, 0, 0)
    hand = dict(concealed=CHOWS16, winning_tile="8s")
    assert fans(tw(hand, {"preset": "open-mahjong"}, seat_wind="S", discarder="W")) == {"concealed": 1}
    assert fans(tw(hand, {"preset": "open-mahjong"}, seat_wind="E", self_drawn=True, heavenly_hand=True)) == {
        "heavenly_hand": 1, "self_drawn": 1}


def test_tw30_last_tile_and_replacement_add() -> None:
    hand = dict(ONE_CHOW, flowers=["plum"])
    assert fans(tw(hand, seat_wind="S", self_drawn=True, kong_replacement=True, last_wall_tile=True)) == {
        "self_drawn": 1, "last_tile": 1, "kong_replacement": 1}


# --- properties -------------------------------------------------------------------------------------
SEED_REQUESTS = [_load(p)["request"] for p in SEEDS]
ROTATE = {"E": "S", "S": "W", "W": "N", "N": "E"}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SEED_REQUESTS), st.randoms(use_true_random=False))
def test_tile_and_flower_order_never_change_a_result(req: dict[str, Any], rng: Any) -> None:
    hand = dict(req["hand"])
    base = scorer.score(Hand.build(**hand), ruleset="taiwan", options=req.get("options"), **req["context"]).to_dict()
    tiles = list(scorer.parse_tiles(hand["concealed"]))
    rng.shuffle(tiles)
    hand["concealed"] = [t.value for t in tiles]
    if "melds" in hand:
        hand["melds"] = rng.sample(hand["melds"], len(hand["melds"]))
    if "flowers" in hand:
        hand["flowers"] = rng.sample(hand["flowers"], len(hand["flowers"]))
    got = scorer.score(Hand.build(**hand), ruleset="taiwan", options=req.get("options"), **req["context"]).to_dict()
    assert got == base


# a turn of the three seats after the dealer (East stays the dealer): S -> W -> N -> S, and with them
# the wind tiles and the seats' own flowers (numbers 2 -> 3 -> 4 -> 2)
TURN = {"E": "E", "S": "W", "W": "N", "N": "S"}
FLOWER_TURN = {"plum": "plum", "orchid": "chrysanthemum", "chrysanthemum": "bamboo", "bamboo": "orchid",
               "spring": "spring", "summer": "autumn", "autumn": "winter", "winter": "summer"}


def _turned_tiles(tiles: Any) -> list[str]:
    return [TURN.get(t.value, t.value) for t in scorer.parse_tiles(tiles)]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SEED_REQUESTS))
def test_payments_sum_to_zero_and_turn_with_the_seats(req: dict[str, Any]) -> None:
    """Zero-sum; and turning the three seats after the dealer — the winner, the discarder, the round,
    the wind tiles and the seats' flowers with them — turns the payments and changes nothing else."""
    ctx = dict(req["context"])
    hand = dict(req["hand"])
    r = scorer.score(Hand.build(**hand), ruleset="taiwan", options=req.get("options"), **ctx)
    assert r.payouts is not None and sum(r.payouts.values()) == 0
    moved = {k: TURN[v] if k in ("seat_wind", "discarder", "prevalent_wind") else v for k, v in ctx.items()}
    turned = dict(hand, concealed=_turned_tiles(hand["concealed"]), winning_tile=TURN.get(hand["winning_tile"],
                                                                                          hand["winning_tile"]))
    if "melds" in hand:
        turned["melds"] = [dict(m, tiles=_turned_tiles(m["tiles"])) for m in hand["melds"]]
    if "flowers" in hand:
        turned["flowers"] = [FLOWER_TURN[f] for f in hand["flowers"]]
    if "prevalent_wind" not in ctx:
        moved["prevalent_wind"] = "E"
    r2 = scorer.score(Hand.build(**turned), ruleset="taiwan", options=req.get("options"), **moved)
    assert [(f.id, f.count) for f in r2.fans] == [(f.id, f.count) for f in r.fans] and r2.total == r.total
    assert {TURN[w]: v for w, v in r.payouts.items()} == dict(r2.payouts or {})
