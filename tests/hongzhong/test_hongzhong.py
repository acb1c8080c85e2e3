"""The 红中 book (``ruleset="hongzhong"``): its seeds (``seeds/hongzhong/``, the document's worked
examples among them), one test per ruling of RULINGS.md's HZ section, bad input answered with its
pointer, and properties: payments sum to zero, tile order never matters, and the book's ``winning``
is "some reading of the 中 makes a complete hand" by brute force (``testkit.wild``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scorer
from scorer import Hand, ScorerError
from scorer.tiles import CODES, HONOR_START, NUM_TILES, RED
from scorer.wild import NUMBER_TILES_MASK, Wild
from testkit.wild import brute_complete, holdings

ROOT = Path(__file__).resolve().parents[2]
SEEDS = sorted((ROOT / "seeds" / "hongzhong").glob("*.json"))
ZZ = {"preset": "zhuanzhuan"}
PLAIN = dict(concealed="123456m123p456s8p", winning_tile="8p")  # 无红中 on the real 8p
RED_WIN = dict(concealed="123456m123p456s8p", winning_tile="C")  # 平和: the 中 pairs the 8p
PAIRS = dict(concealed="44p7p88p9pC66m88s99s", winning_tile="7p")  # 七对子 2, the 中 pairs the 9p


def hz(hand: dict[str, Any] | str, options: dict[str, Any] | None = None, **ctx: Any) -> scorer.Result:
    h = Hand.parse(hand) if isinstance(hand, str) else Hand.build(**hand)
    return scorer.score(h, ruleset="hongzhong", options=options, **ctx)


def won(hand: dict[str, Any], options: dict[str, Any] | None = None, **ctx: Any) -> scorer.Result:
    ctx.setdefault("self_drawn", True)
    return hz(hand, options, **ctx)


def fans(r: scorer.Result) -> dict[str, int]:
    return {f.id: f.count for f in r.fans}


def refused(hand: dict[str, Any], options: dict[str, Any] | None = None, **ctx: Any) -> ScorerError:
    with pytest.raises(ScorerError) as e:
        won(hand, options, **ctx)
    return e.value


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def melds(*tiles: str, concealed: bool = False) -> list[dict[str, Any]]:
    return [{"tiles": t, "concealed": concealed} if concealed else {"tiles": t} for t in tiles]


# --- the seeds ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", SEEDS, ids=[p.stem for p in SEEDS])
def test_seed(path: Path) -> None:
    seed = _load(path)
    req = seed["request"]
    got = hz(req["hand"], req.get("options"), **req["context"]).to_dict()
    exp = seed["expected"]
    assert [(f["id"], f["count"]) for f in got["fans"]] == [(f["id"], f["count"]) for f in exp["fans"]]
    assert {k: got.get(k, "absent") for k in exp if k != "fans"} == {k: v for k, v in exp.items() if k != "fans"}
    assert set(seed["covers"]) <= {f["id"] for f in got["fans"]}
    assert seed["source"] and seed["description"]


def test_every_fan_has_its_seed_in_table_order() -> None:
    """seeds/hongzhong/NNN_<fan>.json for each row, NNN its place in the table, showing it."""
    for k, fan in enumerate(scorer.hongzhong.FANS, 1):
        seed = _load(ROOT / "seeds" / "hongzhong" / f"{k:03d}_{fan.id.value}.json")
        assert fan.id.value in seed["covers"] and fan.id.value in {f["id"] for f in seed["expected"]["fans"]}


@pytest.mark.parametrize("path", SEEDS, ids=[p.stem for p in SEEDS])
def test_seed_through_http(client: Any, path: Path) -> None:
    seed = _load(path)
    resp = client.post("/v1/score", json=seed["request"])
    assert resp.status_code == 200, resp.get_data(as_text=True)
    got, exp = resp.get_json(), seed["expected"]
    assert [(f["id"], f["count"]) for f in got["fans"]] == [(f["id"], f["count"]) for f in exp["fans"]]
    assert {k: got.get(k, "absent") for k in exp if k != "fans"} == {k: v for k, v in exp.items() if k != "fans"}


def test_the_documents_worked_example_answers_as_written() -> None:
    """§11: S self-draws on a 中 that pairs the 8p, birds 1p and 9s, E paid 3 for S's kong of 9m."""
    r = won({"concealed": "123456m 123p 8p", "melds": [{"tiles": "9999m"}], "winning_tile": "C"}, seat_wind="S",
            birds=["1p", "9s"], kongs=[{"seat": "S", "tile": "9m", "kind": "exposed", "discarder": "E"}])
    d = r.to_dict()
    assert {k: d[k] for k in ("ruleset", "winning", "valid", "points", "total", "payouts", "bird_hits",
                              "kong_payouts", "reason")} == {
        "ruleset": "hongzhong", "winning": True, "valid": True, "points": 0, "total": 0,
        "payouts": {"E": -3, "S": 9, "W": -3, "N": -3}, "bird_hits": {"E": 0, "S": 2, "W": 0, "N": 0},
        "kong_payouts": {"E": -3, "S": 3, "W": 0, "N": 0}, "reason": None}
    assert d["fans"] == [{"id": "plain_win", "name": "Plain Win", "name_zh": "平和", "points": 0, "count": 1}]
    net = {w: d["payouts"][w] + d["kong_payouts"][w] for w in "ESWN"}
    assert net == {"E": -6, "S": 12, "W": -3, "N": -3}
    # the pair the 中 made shows what was held beside what it stood for
    assert d["decomposition"][-1] == {"kind": "pair", "tiles": ["8p", "8p"], "concealed": True,
                                      "physical": ["8p", "C"]}


def test_the_five_copies_examples_of_mil() -> None:
    """MIL §七.1.3-4: 1234444556677m waits on 1m and 7m (a 中 may be either, never a fifth 4m);
    with 444m melded the 中 may be a logical 4m; with 3333m konged, 1255667799m + 中 is complete."""
    for t in ("1m", "7m", "C"):
        assert won(dict(concealed="1234444556677m", winning_tile=t)).winning
    assert not won(dict(concealed="1234444556677m", winning_tile="5m")).winning
    assert won(dict(concealed="1234556677m", winning_tile="C", melds=melds("444m"))).winning
    assert won(dict(concealed="1255667799m", winning_tile="C", melds=melds("3333m", concealed=True))).winning


# --- the rulings ------------------------------------------------------------------------------------
def test_hz1_the_default_table_is_mil_2024() -> None:
    book = scorer.rulebook("hongzhong")
    assert book.presets[0].name == "mil-2024" and book.jokers == ("C",)
    assert {r.id: (r.name_zh, r.points) for r in book.fan_table} == {
        "plain_win": ("平和", 0), "no_red": ("无红中", 1), "all_pungs": ("大对子", 1), "pure_straight": ("一条龙", 1),
        "kong_replacement": ("杠上花", 1), "seven_pairs": ("七对子", 2), "full_flush": ("清一色", 2),
        "long_seven_pairs": ("龙七对", 3), "four_red": ("四红中", 0)}
    assert fans(won(PLAIN)) == {"no_red": 1} and fans(won(RED_WIN)) == {"plain_win": 1}
    # 无红中 + 杠上花 + 一条龙 = 3 (the document's §7)
    r = won(dict(concealed="123456789m1p", winning_tile="1p", melds=melds("2222s")), kong_replacement=True)
    assert (fans(r), r.total) == ({"no_red": 1, "pure_straight": 1, "kong_replacement": 1}, 3)


def test_hz2_the_flat_room_pays_the_same_for_every_hand() -> None:
    cheap = won(RED_WIN, ZZ)
    dear = won(dict(concealed="11p22p33p44p55p66p7p", winning_tile="7p"), {**ZZ, "seven_pairs": True})
    assert cheap.payouts == dear.payouts == {"E": 6, "S": -2, "W": -2, "N": -2}
    assert won(RED_WIN, ZZ, birds=["5s"]).payouts == {"E": 12, "S": -4, "W": -4, "N": -4}  # 2 + 2 × 1 hit
    assert hz(PLAIN, ZZ, discarder="W").payouts == {"E": 1, "S": 0, "W": -1, "N": 0}


def test_hz3_the_cap_applies_after_the_choice() -> None:
    r = won(dict(concealed="11p22p33p44p55p66p7p", winning_tile="7p"))
    assert (r.points, r.total, r.payouts) == (5, 4, {"E": 48, "S": -16, "W": -16, "N": -16})
    r = won(dict(concealed="11p22p33p44p55p66p7p", winning_tile="7p"), {"max_fan": 0})
    assert (r.points, r.total, r.payouts["E"]) == (5, 5, 96)
    assert won(dict(concealed="11p22p33p44p55p66p7p", winning_tile="7p"), {"max_fan": 3}).total == 3


def test_hz4_flat_scoring_lists_the_fans_at_0() -> None:
    r = won(dict(concealed="11p22p33p44p55p66p7p", winning_tile="7p"), {**ZZ, "seven_pairs": True})
    assert [(f.id, f.points) for f in r.fans] == [("no_red", 0), ("seven_pairs", 0), ("full_flush", 0)]
    assert (r.points, r.total) == (0, 0)


def test_hz5_birds_hit_on_1_5_9_and_red_and_are_counted() -> None:
    for birds, hits in (([], 0), (["C"], 1), (["1p", "9s"], 2), (["2p", "3p"], 0), (["5m", "6m"], 1)):
        r = won(PAIRS, seat_wind="S", birds=birds)
        assert r.to_dict()["bird_hits"] == {"E": 0, "S": hits, "W": 0, "N": 0}
        assert r.payouts == {"E": -(4 + hits), "S": 3 * (4 + hits), "W": -(4 + hits), "N": -(4 + hits)}
    e = refused(PAIRS, birds=["1p", "2p", "3p"])
    assert (e.code, e.field) == ("bad_value", ("context", "birds"))
    assert won(PAIRS, {"bird_count": 3}, birds=["1p", "2p", "3p"]).valid
    for bird, code in (("E", "honour_in_hongzhong"), ("J", "not_in_ruleset")):
        e = refused(PAIRS, birds=["1p", bird])
        assert (e.code, e.field) == (code, ("context", "birds", 1))
    # a bird is a physical tile: a fifth 9p counting the hand's four (three and the 中's 9p is logical)
    e = refused(dict(concealed="11m22m33p55s66s999p", winning_tile="9p"), birds=["9p"])
    assert (e.code, e.field) == ("too_many_copies", ("context", "birds"))
    e = refused(dict(concealed="CCC123456789m1p", winning_tile="1p"), birds=["C", "C"])
    assert (e.code, e.field) == ("too_many_copies", ("context", "birds"))


def test_hz6_seat_birds_count_from_the_start_seat() -> None:
    seat = {"bird_rule": "seat", "bird_count": 4}
    r = won(RED_WIN, seat, seat_wind="S", birds=["1p", "2p", "3p", "8s"])  # E, S, W, N from the dealer
    assert r.to_dict()["bird_hits"] == {"E": 1, "S": 1, "W": 1, "N": 1}
    # each payment: 1 + the birds on S and on that payer
    assert r.payouts == {"E": -3, "S": 9, "W": -3, "N": -3}
    r = won(RED_WIN, {**seat, "bird_start": "winner"}, seat_wind="S", birds=["C", "6m"])  # S, then W
    assert r.to_dict()["bird_hits"] == {"E": 0, "S": 1, "W": 1, "N": 0}
    assert r.payouts == {"E": -2, "S": 7, "W": -3, "N": -2}
    r = won(RED_WIN, {**seat, "bird_scoring": "double"}, seat_wind="S", birds=["5p", "4p"])  # E, N
    assert r.payouts == {"E": -2, "S": 5, "W": -1, "N": -2}
    # two birds on one payer: doubled twice (4), where adding them gives 3
    r = won(RED_WIN, {**seat, "bird_scoring": "double"}, seat_wind="S", birds=["5p", "9p"])  # E, E
    assert r.payouts == {"E": -4, "S": 6, "W": -1, "N": -1}
    r = won(RED_WIN, seat, seat_wind="S", birds=["5p", "9p"])
    assert r.payouts == {"E": -3, "S": 5, "W": -1, "N": -1}


def test_hz7_only_self_drawn_wins_are_valid_by_default() -> None:
    robbed = dict(concealed="123456m12p456s88p", winning_tile="3p")
    for ctx in ({"discarder": "N"}, {"discarder": "N", "robbing_kong": True}):
        r = hz(robbed, **ctx)
        assert (r.winning, r.valid, r.payouts, fans(r)) == (True, False, None, {"no_red": 1})
        assert r.reason and "self-drawn" in r.reason and r.to_dict()["bird_hits"] is None
    r = hz(PLAIN, {"discard_win": True}, discarder="N", birds=["9m"])  # one payer's share: 2^1 + 1
    assert (r.valid, r.payouts) == (True, {"E": 3, "S": 0, "W": 0, "N": -3})
    r = hz(robbed, {"rob_kong_win": True}, discarder="N", robbing_kong=True)
    assert r.payouts == {"E": 6, "S": 0, "W": 0, "N": -6}  # three shares of 2^1
    r = hz(RED_WIN, {"discard_win": True}, discarder="N")
    assert (r.winning, r.valid) == (True, False) and "中" in str(r.reason)
    e = refused(RED_WIN, {"rob_kong_win": True}, self_drawn=False, discarder="N", robbing_kong=True)
    assert (e.code, e.field) == ("contradictory_context", ("context", "robbing_kong"))


def test_hz8_seven_pairs_is_a_form_while_its_option_is_on() -> None:
    assert fans(won(PAIRS)) == {"seven_pairs": 1}
    assert fans(won(dict(concealed="1111m33p55p77s99s2m", winning_tile="2m"))) == {"no_red": 1, "seven_pairs": 1}
    r = won(PAIRS, {"seven_pairs": False})
    assert not r.winning and "seven pairs" not in str(r.reason)


def test_hz9_long_seven_pairs_needs_the_winning_tile_as_the_fourth() -> None:
    assert fans(won(dict(concealed="4444p33p55p77s99s9m", winning_tile="9m"))) == {"no_red": 1, "seven_pairs": 1}
    assert fans(won(dict(concealed="444p33p55p77s99s22m", winning_tile="C"))) == {"long_seven_pairs": 1}
    assert fans(won(dict(concealed="11mC33p55p77s99s22m", winning_tile="1m"))) == {"long_seven_pairs": 1}
    r = won(dict(concealed="1111m33p55p77s99s2m", winning_tile="2m"), {"long_seven_pairs": "any_quad"})
    assert fans(r) == {"no_red": 1, "long_seven_pairs": 1}
    # two quads, the winning tile the fourth of one: one 龙七对
    r = won(dict(concealed="1111m333p55p77s99s", winning_tile="3p"))
    assert fans(r) == {"no_red": 1, "long_seven_pairs": 1} and r.points == 4


def test_hz10_no_fifth_copy_among_the_concealed_tiles() -> None:
    # four real 1m and a 中: 11m 111m would read the 中 as a fifth 1m, which the cap refuses
    hand = dict(concealed="1111m234p567s888s", winning_tile="C")
    assert not won(hand).winning
    r = won(hand, {"joker_limit": "none"})
    assert r.winning and fans(r) == {"plain_win": 1}
    # melds do not count: a 中 may be a 3m while the four real 3m are konged (MIL's own example)
    assert won(dict(concealed="1255667799m", winning_tile="C", melds=melds("3333m", concealed=True))).winning


def test_hz11_four_red_wins_only_on_the_first_turn_with_its_option() -> None:
    hand = dict(concealed="CCC1m2m4m7m2p5p8p3s6s9s", winning_tile="C")
    r = won(hand, {"four_red_win": True}, heavenly_hand=True)
    assert (r.valid, fans(r), r.payouts, r.decomposition) == (True, {"four_red": 1},
                                                               {"E": 3, "S": -1, "W": -1, "N": -1}, ())
    assert not won(hand, {"four_red_win": True}).winning  # not the first turn: just tiles
    e = refused(hand, heavenly_hand=True)  # the option is off: the flag means nothing
    assert (e.code, e.field) == ("not_in_ruleset", ("context", "heavenly_hand"))
    e = refused(hand, ZZ, seat_wind="S", heavenly_hand=True)
    assert (e.code, e.field) == ("contradictory_context", ("context", "heavenly_hand"))
    assert fans(won(hand, ZZ, seat_wind="S", earthly_hand=True)) == {"four_red": 1}
    # a complete hand with four 中 scores as usual when that reads better
    r = won(dict(concealed="CCC123456m123p4p", winning_tile="C"), {"four_red_win": True}, heavenly_hand=True)
    assert "four_red" not in fans(r) and r.winning


def test_hz12_a_held_added_kong_pays_only_with_its_option() -> None:
    kongs = [{"seat": "E", "tile": "5p", "kind": "added", "drawn": False}]
    assert won(RED_WIN, seat_wind="S", kongs=kongs).to_dict()["kong_payouts"] == {"E": 0, "S": 0, "W": 0, "N": 0}
    r = won(RED_WIN, {"held_added_kong_pays": True}, seat_wind="S", kongs=kongs)
    assert r.to_dict()["kong_payouts"] == {"E": 3, "S": -1, "W": -1, "N": -1}


def test_hz13_the_kongs_must_agree_with_the_hand_and_pay_when_made() -> None:
    hand = dict(concealed="123456m123pC", winning_tile="8p", melds=melds("3333s", concealed=True))
    mine = {"seat": "E", "tile": "3s", "kind": "concealed"}
    assert won(hand, kongs=[mine]).to_dict()["kong_payouts"] == {"E": 6, "S": -2, "W": -2, "N": -2}
    assert "kong_payouts" not in won(hand).to_dict()  # not sent: not answered
    for kongs in ([], [{**mine, "kind": "added"}], [mine, {"seat": "E", "tile": "4s", "kind": "concealed"}]):
        e = refused(hand, kongs=kongs)
        assert (e.code, e.field) == ("contradictory_context", ("context", "kongs"))
    e = refused(hand, kongs=[mine, {"seat": "S", "tile": "3s", "kind": "concealed"}])
    assert (e.code, e.field) == ("contradictory_context", ("context", "kongs", 1, "tile"))
    e = refused(hand, kongs=[mine, {"seat": "S", "tile": "1m", "kind": "concealed"}])
    assert (e.code, e.field) == ("too_many_copies", ("context", "kongs"))
    for bad, code, at in (({"kind": "exposed"}, "bad_wind", "discarder"), ({"tile": "C"}, "red_in_meld", "tile"),
                          ({"tile": "F"}, "honour_in_hongzhong", "tile"), ({"kind": "open"}, "bad_value", "kind"),
                          ({"kind": "exposed", "discarder": "S"}, "contradictory_context", "discarder"),
                          ({"drawn": False}, "bad_value", "drawn"), ({"tile": "9x"}, "unknown_tile", "tile")):
        e = refused(PLAIN, kongs=[{"seat": "S", "tile": "9m", "kind": "concealed", **bad}])
        assert (e.code, e.field) == (code, ("context", "kongs", 0, at)), bad
    r = hz(PLAIN, discarder="N", kongs=[{"seat": "S", "tile": "9m", "kind": "concealed"}])
    assert r.to_dict()["kong_payouts"] is None and not r.valid


def test_hz14_a_tie_prefers_the_larger_single_fan() -> None:
    """Readings of equal raw fan are told apart by their largest fan, then by table order: the
    engine's choice is asked directly (a tie between two real readings is rare in this table)."""
    from scorer.rules.hongzhong.detect import Facts
    from scorer.rules.hongzhong.scoring import ENGINE
    from scorer.rules.tabled import TableReading

    f = Facts(Hand.build(**PLAIN), scorer.Context.build(self_drawn=True), scorer.hongzhong.Options())
    one = TableReading(scorer.Form.REGULAR, {"no_red": 1, "all_pungs": 1}, {}, 2, None)
    two = TableReading(scorer.Form.SEVEN_PAIRS, {"seven_pairs": 1}, {}, 2, None)
    assert ENGINE.better(f, two, one) and not ENGINE.better(f, one, two)  # 2 beats 1 + 1
    first = TableReading(scorer.Form.REGULAR, {"no_red": 1}, {}, 1, None)
    later = TableReading(scorer.Form.REGULAR, {"pure_straight": 1}, {}, 1, None)
    assert ENGINE.better(f, first, later) and not ENGINE.better(f, later, first)  # then table order
    assert not ENGINE.better(f, first, first)  # then the first read
    # and the most raw fan first: 七对子 2 + 无红中 1 over 123m 123m 456p 456p 77s's 无红中 1
    assert fans(won(dict(concealed="112233m445566p7s", winning_tile="7s"))) == {"no_red": 1, "seven_pairs": 1}


def test_hz15_a_missing_self_drawn_is_a_discard_win() -> None:
    r = hz(PLAIN)
    assert (r.winning, r.valid, r.payouts) == (True, False, None)


def test_hz16_only_number_tiles_and_red_are_played() -> None:
    cases = [
        (dict(concealed="123456m123p456sE", winning_tile="E"), "honour_in_hongzhong", ("hand", "concealed")),
        (dict(concealed="123456m123p456s8p", winning_tile="F"), "honour_in_hongzhong", ("hand", "winning_tile")),
        (dict(concealed="123p456s789s8p", winning_tile="C", melds=melds("123m")), "chow_in_hongzhong",
         ("hand", "melds", 0)),
        (dict(concealed="123p456s789s5m", winning_tile="5m", melds=melds("CCC")), "red_in_meld",
         ("hand", "melds", 0)),
        (dict(concealed="123p456s789s5m", winning_tile="5m", melds=melds("WWW")), "honour_in_hongzhong",
         ("hand", "melds", 0)),
        (dict(concealed="123456m123p456s8p", winning_tile="8p", flowers=1), "not_in_ruleset", ("hand", "flowers")),
    ]
    for hand, code, at in cases:
        e = refused(hand)
        assert (e.code, e.field, e.ruleset) == (code, at, "hongzhong"), hand


# --- over HTTP: the 422s name their field ------------------------------------------------------------
@pytest.mark.parametrize(("context", "pointer", "type_"), [
    pytest.param({"birds": ["1p", "2p", "3p"]}, "/context/birds", "bad-value", id="too-many-birds"),
    pytest.param({"birds": ["1p", "W"]}, "/context/birds/1", "honour-in-hongzhong", id="honour-bird"),
    pytest.param({"kongs": [{"seat": "E", "tile": "C", "kind": "concealed"}]}, "/context/kongs/0/tile",
                 "red-in-meld", id="red-kong"),
    pytest.param({"kongs": [{"seat": "E", "tile": "1m", "kind": "concealed"}]}, "/context/kongs",
                 "contradictory-context", id="winner-kong-not-melded"),
    pytest.param({"kongs": [{"seat": "S", "tile": "1m", "kind": "concealed", "x": 1}]}, "/context/kongs/0/x",
                 "validation-error", id="unknown-key"),
])
def test_bad_context_is_a_422_at_its_pointer(client: Any, context: dict[str, Any], pointer: str, type_: str) -> None:
    body = {"ruleset": "hongzhong", "hand": {"concealed": "123456m123p456s8p", "winning_tile": "C"},
            "context": {"self_drawn": True, **context}}
    resp = client.post("/v1/score", json=body)
    assert resp.status_code == 422, resp.get_data(as_text=True)
    problem = resp.get_json()
    assert problem["type"].rsplit("/", 1)[-1] == type_
    assert pointer in [e["pointer"] for e in problem.get("errors", [])] or problem.get("pointer") == pointer


def test_explain_shows_the_sets_and_what_each_red_stood_for() -> None:
    h = Hand.build(concealed="1234567m9m7pC", winning_tile="8m", melds=[{"tiles": "222s"}])
    d = scorer.score(h, ruleset="hongzhong", explain=True, self_drawn=True).to_dict()
    assert [f["id"] for f in d["fans"]] == ["pure_straight"]
    straight = d["fans"][0]["sets"][0]
    assert [d["decomposition"][k]["tiles"][0] for k in straight] == ["1m", "4m", "7m"]
    assert {"kind": "pair", "tiles": ["7p", "7p"], "concealed": True, "physical": ["7p", "C"]} in d["decomposition"]
    r = scorer.score(Hand.build(concealed="11mC33p55p77s99s22m", winning_tile="1m"), ruleset="hongzhong",
                     explain=True, self_drawn=True).to_dict()
    assert [(x["id"], x["by"], x["rule"]) for x in r["excluded"]] == [("seven_pairs", "long_seven_pairs", "replaces")]


# --- properties ----------------------------------------------------------------------------------------
def _codes(counts: tuple[int, ...], jokers: int) -> list[str]:
    return [CODES[t] for t in range(NUM_TILES) for _ in range(counts[t])] + ["C"] * jokers


@st.composite
def joker_hands(draw: st.DrawFn) -> tuple[tuple[int, ...], int, list[str]]:
    """14 concealed tiles of the number tiles and 0-4 中, shuffled: (counts without 中, 中, the tiles)."""
    jokers = draw(st.integers(0, 4))
    counts = draw(holdings(14 - jokers).filter(lambda c: not any(c[HONOR_START:]) and sum(c) == 14 - jokers))
    return counts, jokers, draw(st.permutations(_codes(counts, jokers)))


@settings(max_examples=150, deadline=None)
@given(joker_hands(), st.sampled_from([None, ZZ]))
def test_winning_is_some_reading_of_the_reds_by_brute_force(hand: tuple[tuple[int, ...], int, list[str]],
                                                              options: dict[str, Any] | None) -> None:
    counts, jokers, tiles = hand
    r = won(dict(concealed=tiles[:-1], winning_tile=tiles[-1]), options)
    wild = Wild(NUMBER_TILES_MASK, None if options else 4)
    assert r.winning == brute_complete(counts, jokers, 4, wild, options is None, False, True), tiles


@settings(max_examples=80, deadline=None)
@given(joker_hands(), st.randoms(use_true_random=False))
def test_tile_order_and_where_the_reds_sit_never_change_a_result(hand: tuple[tuple[int, ...], int, list[str]],
                                                                   rnd: Any) -> None:
    _, _, tiles = hand
    held, win = tiles[:-1], tiles[-1]
    again = list(held)
    rnd.shuffle(again)
    a = won(dict(concealed=held, winning_tile=win)).to_dict()
    b = won(dict(concealed=" ".join(again), winning_tile=win)).to_dict()
    assert a == b


WINNING = [PLAIN, RED_WIN, PAIRS, dict(concealed="11p22p33p44p55p66p7p", winning_tile="7p"),
           dict(concealed="88p9mC", winning_tile="9m", melds=melds("555m", "666m", "777p"))]


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(WINNING), st.sampled_from("ESWN"), st.lists(st.sampled_from(["1s", "5s", "2s", "3s", "4s",
       "6s", "7s", "8s", "9s"]), max_size=4, unique=True), st.integers(1, 5), st.booleans(),
       st.fixed_dictionaries({"bird_rule": st.sampled_from(["winner_159", "seat"]),
                              "bird_scoring": st.sampled_from(["add", "double"]),
                              "bird_start": st.sampled_from(["dealer", "winner"]), "bird_value": st.integers(1, 2),
                              "scoring": st.sampled_from(["fan", "flat"]), "bird_count": st.just(4),
                              "held_added_kong_pays": st.booleans(), "discard_win": st.booleans()}))
def test_payments_sum_to_zero(hand: dict[str, Any], seat: str, birds: list[str], base: int, drawn: bool,
                              options: dict[str, Any]) -> None:
    others = [w for w in "ESWN" if w != seat]
    kongs = [{"seat": others[0], "tile": "9m" if "9m" not in str(hand) else "1s", "kind": "exposed",
              "discarder": others[1]},
             {"seat": others[1], "tile": "2s", "kind": "added", "drawn": drawn},
             {"seat": others[2], "tile": "3s", "kind": "concealed"}]
    kongs = [k for k in kongs if k["tile"] not in birds]
    birds = [b for b in birds if b not in ("1s",) or all(k["tile"] != "1s" for k in kongs)]
    ctx: dict[str, Any] = {"seat_wind": seat, "birds": birds, "base_points": base, "kongs": kongs}
    if options["discard_win"] and drawn and hand["winning_tile"] != "C":  # a discarded 中 is never won on
        ctx["discarder"] = others[2]
    else:
        ctx["self_drawn"] = True
    r = hz(hand, options, **ctx).to_dict()
    assert r["valid"]
    assert sum(r["payouts"].values()) == 0 and sum(r["kong_payouts"].values()) == 0
    assert r["payouts"][seat] > 0 and all(v % base == 0 for v in (*r["payouts"].values(), *r["kong_payouts"].values()))


def _brute_points(counts: tuple[int, ...], jokers: int, win: int) -> int | None:
    """The most raw fan over every reading of the 中 (each as every number tile, within the cap)
    and every division of the tiles so read, with the table written out again here; None: no win."""
    from scorer.set_kind import CHOW
    from testkit.wild import assignments, divisions, plain_pairs

    best: int | None = None
    red = jokers > 0
    for c in assignments(counts, jokers, Wild(NUMBER_TILES_MASK, 4)):
        flush = 2 if len({t // 9 for t in range(27) if c[t]}) == 1 else 0
        base = (0 if red else 1) + flush
        for sets, _ in divisions(c, 4):
            chows = {t for t, k in sets if k is CHOW}
            extra = 1 if not chows else 1 if any({b, b + 3, b + 6} <= chows for b in (0, 9, 18)) else 0
            best = max(best if best is not None else -1, base + extra)
        if plain_pairs(c, 7, True):
            if win != RED:
                long = c[win] == 4
            else:
                long = any(c[t] == 4 and c[t] > counts[t] for t in range(27))
            best = max(best if best is not None else -1, base + (3 if long else 2))
    return best


@settings(max_examples=60, deadline=None)
@given(joker_hands().filter(lambda h: h[1] <= 2))
def test_the_points_are_the_best_reading_by_brute_force(hand: tuple[tuple[int, ...], int, list[str]]) -> None:
    """Of readings the table reads alike only one is scored: the most raw fan is still the most
    over every reading of the 中, as the table's rows written out again find it."""
    counts, jokers, tiles = hand
    r = won(dict(concealed=tiles[:-1], winning_tile=tiles[-1]))
    win = scorer.tiles.INDEX_OF_CODE[tiles[-1]]
    assert (r.points if r.winning else None) == _brute_points(counts, jokers, win), tiles


@st.composite
def pair_hands(draw: st.DrawFn) -> tuple[tuple[int, ...], int]:
    """14 tiles that make seven pairs with 2-4 中: pairs and singles of number tiles, the 中 pairing
    the singles and each other."""
    jokers = draw(st.integers(2, 4))
    singles = draw(st.integers(0, jokers))
    alone = (jokers - singles) // 2
    singles = jokers - 2 * alone
    kinds = draw(st.lists(st.integers(0, HONOR_START - 1), min_size=7 - alone, max_size=7 - alone))
    counts = [0] * NUM_TILES
    for i, t in enumerate(kinds):
        counts[t] += 1 if i < singles else 2
    return tuple(counts), jokers


@settings(max_examples=300, deadline=None)
@given(pair_hands(), st.sampled_from(["winning_fourth", "any_quad"]), st.sampled_from(["concealed_four", "none"]),
       st.booleans())
def test_seven_pairs_narrowed_keeps_each_keys_first_reading(hand: tuple[tuple[int, ...], int], long: str,
                                                             limit: str, red_wins: bool) -> None:
    """``pairs_wild`` narrows what a pair of 中 alone may stand for: the shapes kept (the first
    reading of each key) are the ones every kind gives."""
    from scorer.rules.hongzhong.detect import Facts, pairs_shape, read_shapes
    from scorer.wild import seven_pairs

    counts, jokers = hand
    if max(counts) > 4:
        return
    tiles = [CODES[t] for t in range(NUM_TILES) for _ in range(counts[t])] + ["C"] * jokers
    win = "C" if red_wins else tiles[0]
    tiles.remove(win)
    options = scorer.hongzhong.Options(seven_pairs=True, long_seven_pairs=long, joker_limit=limit)
    f = Facts(Hand.build(tiles, win), scorer.Context.build(self_drawn=True), options)
    want: list[tuple[Any, ...]] = []
    seen: set[int] = set()
    for p in seven_pairs(f.counts, f.jokers, f.wild):
        s = pairs_shape(f, p)
        if s.suits | (16 if s.long else 0) not in seen:
            seen.add(s.suits | (16 if s.long else 0))
            want.append((s.pairs, s.suits, s.long))
    got = [(s.pairs, s.suits, s.long) for s in read_shapes(f) if s.pairs is not None]
    assert got == want
