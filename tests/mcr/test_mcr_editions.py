"""MCR's editions and the mixed-kong fan (RULINGS.md ED1-ED12), one test per entry, named after it.

The wmo-2014 cases are the SkyEye-FAST rules review's independent rule tests of the WMO's 2014
Chinese rule book, re-expressed in this project's notation; each is scored with the option on and
off (the reference preset's answer is the reference calculator's, as the differential holds).
"""

from __future__ import annotations

from typing import Any

import pytest

import scorer
from scorer.rules.mcr import scoring
from testkit.replaying import DEAL_A, record

WMO = {"preset": "wmo-2014"}
FIVE = {"mixed_kongs": "five"}
KONG_FANS = ("concealed_kong", "two_concealed_kongs", "two_concealed_pungs", "three_concealed_pungs",
             "four_concealed_pungs", "melded_kong", "two_melded_kongs")


def score(hand: str, options: dict[str, Any] | None = None, **context: Any) -> scorer.Result:
    return scorer.score(hand, options=options, **context)


def fans(result: scorer.Result) -> dict[str, int]:
    return {f.id: f.count for f in result.fans}


def summed(result: scorer.Result) -> int:
    return sum(f.points * f.count for f in result.fans if f.id != "flower_tiles")


def kongs(concealed: int, tiles: tuple[str, ...]) -> str:
    """Kongs of ``tiles`` (``"2m"``), the first ``concealed`` of them concealed, the rest melded."""
    return "".join(f"[{t[0] * 4}{t[1]}{'' if i < concealed else '1'}]" for i, t in enumerate(tiles))


# --- ED1 ------------------------------------------------------------------------------------------
def test_ed1_two_concealed_kongs_are_eight():
    hand = scorer.Hand.parse("[1111m][2222s]345pEE67s8s", 3)
    on, off = scorer.score(hand, options=WMO, self_drawn=True), scorer.score(hand, self_drawn=True)
    entry = next(f for f in on.fans if f.id == "two_concealed_kongs")
    assert entry.points == 8 and on.points == 13 and on.total == 16 and summed(on) == on.points
    assert next(f for f in off.fans if f.id == "two_concealed_kongs").points == 6
    assert off.points == 11  # 双暗杠 6 + 不求人 4 + 幺九刻 1
    assert "two_concealed_pungs" not in fans(on) and "concealed_kong" not in fans(on)
    # the table GET /v1/fans serves is the book's: 6
    assert scorer.mcr.BY_ID["two_concealed_kongs"].points == 6


# --- ED2 ------------------------------------------------------------------------------------------
def test_ed2_melded_and_concealed_kong_stay_six():
    for hand in ("[1111m][2222s1]345pEE67s8s", "[1111m1][2222s]345pEE67s8s"):
        on, off = score(hand, WMO, self_drawn=True), score(hand, self_drawn=True)
        assert fans(on) == fans(off) == {"two_melded_kongs": 1, "concealed_kong": 1,
                                         "pung_of_terminals_or_honors": 1, "self_drawn": 1}
        assert on.points == off.points == 8 and on.valid


# --- ED3 ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("concealed", "wmo", "reference", "awards"), [
    (0, 32, 32, {}),
    (1, 34, 32, {"concealed_kong": 1}),
    (2, 40, 34, {"two_concealed_kongs": 1}),
    (3, 50, 50, {"three_concealed_pungs": 1}),
])
def test_ed3_three_kongs_add_their_concealed_kongs(concealed, wmo, reference, awards):
    hand = kongs(concealed, ("2s", "3s", "5p")) + "67mEE8m"
    on, off = score(hand, WMO), score(hand)
    assert (on.points, off.points) == (wmo, reference)
    assert fans(on)["three_kongs"] == 1
    assert {f: n for f, n in fans(on).items() if f in KONG_FANS} == awards
    assert summed(on) == on.points


@pytest.mark.parametrize(("concealed", "self_drawn", "wmo", "reference", "awards"), [
    (0, False, 38, 38, {}),
    (1, False, 40, 38, {"concealed_kong": 1}),
    (2, False, 46, 40, {"two_concealed_kongs": 1}),
    (3, False, 56, 56, {"three_concealed_pungs": 1}),
    (0, True, 39, 39, {}),
    (1, True, 43, 41, {"concealed_kong": 1, "two_concealed_pungs": 1}),
    (2, True, 63, 55, {"two_concealed_kongs": 1, "three_concealed_pungs": 1}),
    (3, True, 100, 97, {"four_concealed_pungs": 1}),
])
def test_ed3_three_kongs_with_a_fourth_pung(concealed, self_drawn, wmo, reference, awards):
    """The fourth pung is concealed when self-drawn, exposed when a discard completes it."""
    hand = kongs(concealed, ("2m", "5s", "8p")) + "44mEE4m"
    on, off = score(hand, WMO, self_drawn=self_drawn), score(hand, self_drawn=self_drawn)
    assert (on.points, off.points) == (wmo, reference)
    assert {f: n for f, n in fans(on).items() if f in KONG_FANS} == awards
    if concealed == 3 and self_drawn:  # 四暗刻 self-drawn: 不求人 (ED4)
        assert fans(on)["fully_concealed_hand"] == 1 and "self_drawn" not in fans(on)


@pytest.mark.parametrize(("concealed", "wmo", "reference"), [(0, 44, 44), (1, 41, 39), (2, 47, 41), (3, 55, 55)])
def test_ed3_three_kongs_with_a_fixed_pung(concealed, wmo, reference):
    hand = kongs(concealed, ("2m", "5s", "8p")) + "[444m1]EE"
    assert (score(hand, WMO).points, score(hand).points) == (wmo, reference)


@pytest.mark.parametrize(("concealed", "wmo", "reference", "awards"), [
    (0, 94, 94, {}),
    (1, 90, 88, {"concealed_kong": 1}),
    (2, 96, 90, {"two_concealed_kongs": 1}),
    (3, 104, 104, {"three_concealed_pungs": 1}),
    (4, 156, 153, {"four_concealed_pungs": 1}),
])
def test_ed3_four_kongs_add_their_concealed_kongs(concealed, wmo, reference, awards):
    hand = kongs(concealed, ("2m", "8m", "4s", "7p")) + "EE"
    sd = concealed == 4
    on, off = score(hand, WMO, self_drawn=sd), score(hand, self_drawn=sd)
    assert (on.points, off.points) == (wmo, reference)
    got = fans(on)
    assert got["four_kongs"] == 1 and "single_wait" not in got
    assert {f: n for f, n in got.items() if f in KONG_FANS} == awards
    if sd:
        assert got["fully_concealed_hand"] == 1 and "self_drawn" not in got
    assert summed(on) == on.points


# --- ED4 ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "wmo", "reference"), [
    ("19m19s19pESWNCFPN", 92, 89),  # 十三幺
    ("11223344556677m", 92, 89),  # 连七对
    ("1133557799m22s44p", 29, 26),  # 七对
    ("1112345678999p9p", 110, 107),  # 九莲宝灯
    ("EESSWWNNCCFFPP", 92, 89),  # 字一色 七对
    ("69m258s1pESWNCFP3m", 28, 25),  # 七星不靠
    ("69m258s17pEWNCFP3m", 16, 13),  # 全不靠
    ("111m222s333pEEEFF", 88, 85),  # 四暗刻
])
def test_ed4_self_drawn_concealed_forms_score_fully_concealed_hand(hand, wmo, reference):
    on, off = score(hand, WMO, self_drawn=True), score(hand, self_drawn=True)
    assert (on.points, off.points) == (wmo, reference)
    assert fans(on).get("fully_concealed_hand") == 1 and "self_drawn" not in fans(on)
    assert fans(off).get("self_drawn") == 1 and "fully_concealed_hand" not in fans(off)
    # on a discard there is nothing to add
    assert score(hand, WMO).points == score(hand).points
    assert "fully_concealed_hand" not in fans(score(hand, WMO))


def test_ed4_seven_shifted_pairs_does_not_repeat_seven_pairs():
    for sd, want in ((False, {"seven_shifted_pairs": 1}),
                     (True, {"seven_shifted_pairs": 1, "fully_concealed_hand": 1})):
        assert fans(score("11223344556677m", WMO, self_drawn=sd)) == want


# --- ED5 ------------------------------------------------------------------------------------------
def test_ed5_all_green_keeps_half_flush():
    on, off = score("223344668888sFF", WMO, self_drawn=True), score("223344668888sFF", self_drawn=True)
    assert fans(on) == {"all_green": 1, "seven_pairs": 1, "half_flush": 1, "fully_concealed_hand": 1}
    assert on.points == 122
    assert "half_flush" not in fans(off)
    regular = "234s234s666s88sFF"  # seed 003's hand: a regular All Green with green dragons
    assert fans(score(regular + "F", WMO)).get("half_flush") == 1
    assert "half_flush" not in fans(score(regular + "F"))
    pure = score("22334466888866s", WMO, self_drawn=True)  # no dragons: 清一色, as before
    assert fans(pure).get("full_flush") == 1 and "half_flush" not in fans(pure)
    assert "half_flush" not in fans(score("[234s1][234s1][234s1][234s1]6s6s", WMO))


# --- ED6 ------------------------------------------------------------------------------------------
def test_ed6_all_terminals_keeps_double_pungs():
    doubles = "[111m1][111s1][999m1]99s1p1p9s"
    on, off = score(doubles, WMO), score(doubles)
    assert on.points == 68 and fans(on)["double_pung"] == 2
    assert off.points == 64 and "double_pung" not in fans(off)
    triple = score("[111m1][111p1][111s1]99s99p9p", WMO)
    assert fans(triple)["triple_pung"] == 1 and "double_pung" not in fans(triple)
    assert "double_pung" not in fans(score("1199m1199s11999p9p", WMO))  # seven pairs: no pungs


# --- ED7 ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "compound", "quads"), [
    ("223344668888sFF", "all_green", 1),
    ("22333344668888s", "all_green", 2),
    ("22223333666688s", "all_green", 3),
    ("1199m1199s119999p", "all_terminals", 1),
    ("11119999m1199s11p", "all_terminals", 2),
    ("11119999m1111s99p", "all_terminals", 3),
])
@pytest.mark.parametrize("self_drawn", [False, True])
def test_ed7_seven_pairs_forced_four_is_no_tile_hog(hand, compound, quads, self_drawn):
    on, off = score(hand, WMO, self_drawn=self_drawn), score(hand, self_drawn=self_drawn)
    assert fans(on)["seven_pairs"] == 1 and fans(on)[compound] == 1
    assert fans(on).get("tile_hog", 0) == quads - 1
    assert fans(off).get("tile_hog", 0) == quads
    assert summed(on) == on.points


def test_ed7_only_the_compound_seven_pairs_loses_a_tile_hog():
    for quads, hand in enumerate(("113355m2277s4499p", "111133m2277s4499p", "11113333m77s4499p",
                                  "11113333m7777s99p")):
        assert fans(score(hand, WMO)).get("tile_hog", 0) == quads
    regular = score("22223333444466s", WMO)  # four 234s beat the seven pairs: their own exclusions
    assert regular.points == 166 and fans(regular)["quadruple_chow"] == 1
    assert "seven_pairs" not in fans(regular) and "tile_hog" not in fans(regular)
    pung = score("[222s1][234s1][666s1][FFF1]8s8s", WMO)
    assert fans(pung).get("tile_hog") == 1


# --- ED8 ------------------------------------------------------------------------------------------
def test_ed8_edition_values_apply_before_the_best_reading():
    hand = "44556m445566s55p6m"
    on, off = score(hand, WMO, self_drawn=True), score(hand, self_drawn=True)
    assert on.points == 52
    assert fans(on) == {"seven_pairs": 1, "middle_tiles": 1, "fully_concealed_hand": 1}
    assert off.points == 49 and fans(off).get("all_fives") == 1 and "seven_pairs" not in fans(off)


# --- ED9 ------------------------------------------------------------------------------------------
def test_ed9_mixed_kongs_five_scores_the_reference_fan():
    hand = "[2222m1][5555p]123s789s4p4p"
    five, six = score(hand, FIVE, self_drawn=True), score(hand, self_drawn=True)
    entry = next(f for f in five.fans if f.id == "concealed_kong_and_melded_kong")
    assert (entry.points, entry.count, entry.name_zh) == (5, 1, "明暗杠")
    assert not {"two_melded_kongs", "concealed_kong"} & set(fans(five))
    assert five.points == six.points - 1 and summed(five) == five.points
    assert [f.id for f in five.fans].index("concealed_kong_and_melded_kong") == 0  # where 双明杠 stood
    # the same in the 2014 edition, which keeps its own values elsewhere
    both = score(hand, {"preset": "wmo-2014", "mixed_kongs": "five"}, self_drawn=True)
    assert fans(both) == fans(five)
    # no other kongs change
    for other in ("[2222m1][5555p1]123s789s4p4p", "[2222m][5555p]123s789s4p4p", "[2222m1]123s789s456p4p4p"):
        assert score(other, FIVE, self_drawn=True) == score(other, self_drawn=True)
    # explained: it rests on the two kongs; GET /v1/fans's table does not list it
    explained = scorer.score(hand, options=FIVE, self_drawn=True, explain=True)
    assert explained.fans == five.fans
    sets = explained.to_dict()["fans"][0]["sets"]
    assert sets == [[0, 1]]
    assert "concealed_kong_and_melded_kong" not in {f.id for f in scorer.mcr.FANS}


def test_ed9_the_five_point_fan_can_decide_the_minimum():
    hand = "[1111m1][2222s]345pEE67s8s"  # 8 with six, 7 with five
    assert score(hand, self_drawn=True).valid
    five = score(hand, FIVE, self_drawn=True)
    assert five.points == 7 and not five.valid


# --- ED10 -----------------------------------------------------------------------------------------
def test_ed10_botzone_preset_is_the_reference_with_five():
    hand = "[2222m1][5555p]123s789s4p4p"
    assert score(hand, {"preset": "botzone"}, self_drawn=True) == score(hand, FIVE, self_drawn=True)
    assert score(hand, {"preset": "botzone", "mixed_kongs": "six"}, self_drawn=True) == score(hand, self_drawn=True)
    # nothing of the edition: 双暗杠 stays 6
    assert score("[1111m][2222s]345pEE67s8s", {"preset": "botzone"}, self_drawn=True).points == 11
    book = scorer.rulebook("mcr")
    assert book.parse_options({"preset": "botzone"}) == scorer.mcr.Options(mixed_kongs="five")
    assert book.parse_options({"preset": "wmo-2014"}) == scorer.mcr.Options(edition="wmo-2014")


def test_ed10_a_botzone_log_is_replayed_by_the_botzone_preset():
    from scorer.records.botzone import games
    from testkit.replaying import DISCARD_WIN

    (g,) = games(DISCARD_WIN.splitlines())
    assert g.body["options"] == {"preset": "botzone"}
    win = scorer.replay(g.body).wins[0]
    assert win.result.total == g.fan_total


# --- ED11 -----------------------------------------------------------------------------------------
ROOM = {"players": [{"name": n, "beans": 1000} for n in ("A", "B", "C", "D")], "length": 1,
        "hands": [{"win": {"winner": "A", "discarder": None, "hand": "1133557799m22p44p"}}]}


def test_ed11_options_reach_the_room_the_waits_and_the_replay():
    # a room: every full hand by the room's options
    plain = scorer.mcr.settle(scorer.mcr.build_room(**ROOM)).to_dict()
    wmo = scorer.mcr.settle(scorer.mcr.build_room(**ROOM, options=WMO)).to_dict()
    assert plain["hands"][0]["win"]["points"] == 27 and wmo["hands"][0]["win"]["points"] == 30
    with pytest.raises(scorer.ScorerError) as e:
        scorer.mcr.build_room(**ROOM, options={"mixed_kongs": "four"})
    assert e.value.field == ("options", "mixed_kongs")
    # the waits: each candidate win scored by the request's options
    on = scorer.analyze("1133557799m22p4p", options=WMO).outlook
    off = scorer.analyze("1133557799m22p4p").outlook
    assert on is not None and off is not None and on.waits is not None and off.waits is not None
    assert [w.self_drawn.points for w in on.waits if w.self_drawn] == [30]
    assert [w.self_drawn.points for w in off.waits if w.self_drawn] == [27]
    # a replayed record: its options
    deal = {**DEAL_A, "E": "1133557799m22p4p"}
    assert scorer.replay(record(deal, "E draw 4p; E win", options=WMO)).wins[0].result.points == 30
    assert scorer.replay(record(deal, "E draw 4p; E win")).wins[0].result.points == 27


def test_ed11_the_cache_keys_on_the_options(monkeypatch):
    """With the result cache on, the same hand under two editions is two entries, two answers."""
    from scorer.rules import engine

    # the book's registered cache comes back after the test too (RuleBook.cache_info reads it)
    monkeypatch.setitem(engine._RESULT_CACHES, "mcr", engine._RESULT_CACHES["mcr"])
    monkeypatch.setattr(scoring.ENTRY, "cached", engine.cached(scoring.ENGINE, 64))
    monkeypatch.setattr(scoring.ENTRY, "caching", True)
    hand = scorer.Hand.parse("1133557799m22s44p")
    ctx = scorer.Context(self_drawn=True)
    editions = [scorer.mcr.Options(edition=e) for e in ("reference", "wmo-2014")]
    first = [scoring.score_hand(hand, ctx, o).points for o in editions]
    again = [scoring.score_hand(hand, ctx, o).points for o in editions]
    assert first == again == [26, 29]
    assert scoring.score_hand(hand, ctx).points == 26  # None: the defaults, the same key as Options()
    info = scoring.cache_info()["result"]
    assert (info["misses"], info["hits"], info["size"]) == (2, 3, 2)


# --- ED12 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "wait", "points"), [
    ("1233369m147s258p3m", "edge_wait", 19),
    ("2333469m147s258p3m", "closed_wait", 19),
    ("3369m147s258pEEE3m", "single_wait", 19),
    ("12358s33369p147m2s", "closed_wait", 17),
    ("147s12358m36999p2m", "closed_wait", 17),
    ("45669m147s258pEE3m", None, None),
    ("1234447m258s369p4m", None, None),
])
def test_ed12_the_edition_keeps_the_reference_waits(hand, wait, points):
    """The knitted straight's residual wait (C5), in the edition as in the reference."""
    on, off = score(hand, WMO), score(hand)
    assert on == off
    got = fans(on)
    assert got["knitted_straight"] == 1
    assert {f for f in got if f.endswith("_wait")} == ({wait} if wait else set())
    if points is not None:
        assert on.points == points
    # a tile all in sight still counts as waited on (C2): no single wait in either
    assert "single_wait" not in fans(score("2222333344445m5m", WMO))


# --- bad input and the service --------------------------------------------------------------------
def test_an_unknown_edition_or_mixed_kongs_value_points_at_it():
    for given, name in (({"mixed_kongs": "four"}, "mixed_kongs"), ({"edition": "wmo-2006"}, "edition"),
                        ({"preset": "wmo-2006"}, "preset")):
        with pytest.raises(scorer.ScorerError) as e:
            score("1133557799m22s44p", given)
        assert e.value.code == "bad_option" and e.value.field == ("options", name)


def test_service_scores_by_the_preset_and_refuses_a_bad_value(client):
    body = {"hand": "1133557799m22s44p", "context": {"self_drawn": True}}
    assert client.post("/v1/score", json=body).get_json()["points"] == 26
    resp = client.post("/v1/score", json={**body, "options": {"preset": "wmo-2014"}})
    assert resp.status_code == 200 and resp.get_json()["points"] == 29
    assert {"id": "fully_concealed_hand"}.items() <= resp.get_json()["fans"][1].items()
    bad = client.post("/v1/score", json={**body, "options": {"mixed_kongs": "four"}})
    assert bad.status_code == 422 and bad.get_json()["errors"][0]["pointer"] == "/options/mixed_kongs"
    five = client.post("/v1/score", json={"hand": "[2222m1][5555p]123s789s4p4p", "context": {"self_drawn": True},
                                          "options": {"preset": "botzone"}}).get_json()
    assert five["fans"][0] == {"id": "concealed_kong_and_melded_kong", "count": 1, "points": 5,
                               "name": "Concealed Kong and Melded Kong", "name_zh": "明暗杠"}
    room = client.post("/v1/match", json={**ROOM, "options": {"preset": "wmo-2014"}})
    assert room.status_code == 200 and room.get_json()["hands"][0]["win"]["points"] == 30
    bad_room = client.post("/v1/match", json={**ROOM, "options": {"mixed_kongs": "four"}})
    assert bad_room.status_code == 422
    presets = {p["name"]: p["values"] for p in client.get("/v1/rulesets").get_json()["rulesets"][0]["presets"]}
    assert presets == {"reference": {}, "wmo-2014": {"edition": "wmo-2014"}, "botzone": {"mixed_kongs": "five"}}
    table = client.get("/v1/fans").get_json()["fans"]
    assert len(table) == 81 and "concealed_kong_and_melded_kong" not in {f["id"] for f in table}


def test_every_edition_ruling_names_tests_that_exist():
    """RULINGS.md ED1-ED12: each row names its tests, and each is a test of this module."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "RULINGS.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (ED\d+) \|.*\| ([^|]*) \|$", text, re.M)
    assert [r[0] for r in rows] == [f"ED{i}" for i in range(1, 13)]
    for ed, tests in rows:
        names = re.findall(r"`(test_\w+)`", tests)
        assert names and all(n.startswith(f"test_{ed.lower()}_") and n in globals() for n in names), (ed, names)
