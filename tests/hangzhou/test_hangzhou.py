"""The 杭州 book (``ruleset="hangzhou"``): its seeds (``seeds/hangzhou/``), one test per ruling of
RULINGS.md's HZH section, bad input (422 paths), and properties (tile order, payments that sum to
zero, the win and 爆头 against brute force over the 财神's assignments)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scorer
from scorer import Hand, ScorerError
from scorer.rules.hangzhou.detect import WILD, can_baotou, split
from scorer.tiles import CODES, INDEX, NUM_TILES, WHITE
from scorer.wire.scoring import score_item
from testkit.wild import brute_complete

ROOT = Path(__file__).resolve().parents[2]
SEEDS = sorted((ROOT / "seeds" / "hangzhou").glob("*.json"))
PLAIN_DEALER = dict(concealed="123m456m789p2s55sP", winning_tile="3s")  # 平和 with a 财神, not 爆头
NO_JOKER = dict(concealed="123m456m789p234s5s", winning_tile="5s")  # 无财神
BAOTOU = dict(concealed="123456789m111pP", winning_tile="E")  # 爆头
THREE_CHOWS = dict(concealed="2s55sP", melds=[{"tiles": "123m"}, {"tiles": "456m"}, {"tiles": "789p"}],
                   winning_tile="3s")
KONG_BAOTOU = dict(concealed="123m456m789sP", melds=[{"tiles": "1111p", "concealed": True}], winning_tile="E")


def hz(hand: dict[str, Any] | Hand, options: dict[str, Any] | None = None, **ctx: Any) -> scorer.Result:
    h = hand if isinstance(hand, Hand) else Hand.build(**hand)
    return scorer.score(h, ruleset="hangzhou", options=options, **ctx)


def fans(r: scorer.Result) -> dict[str, int]:
    return {f.id: f.count for f in r.fans}


def extras(r: scorer.Result) -> dict[str, Any]:
    return dict(r.extras)


def refused(hand: dict[str, Any], options: dict[str, Any] | None = None, **ctx: Any) -> ScorerError:
    with pytest.raises(ScorerError) as e:
        body: dict[str, Any] = {"ruleset": "hangzhou", "hand": hand, "context": ctx}
        if options:
            body["options"] = options
        h = scorer.api.read_hand(hand)
        scorer.score(h, ruleset="hangzhou", options=options, **ctx)
    problem = score_item(body)  # the service answers the same refusal, at the same pointer
    assert problem["status"] == 422 and problem["errors"][0]["pointer"] == e.value.pointer, problem
    return e.value


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


# --- the seeds ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", SEEDS, ids=[p.stem for p in SEEDS])
def test_seed(path: Path) -> None:
    seed = _load(path)
    got = score_item(seed["request"])  # as POST /v1/score answers it
    exp = seed["expected"]
    assert [(f["id"], f["count"]) for f in got["fans"]] == [(f["id"], f["count"]) for f in exp["fans"]]
    assert {k: got[k] for k in exp if k != "fans"} == {k: v for k, v in exp.items() if k != "fans"}


def test_every_item_has_its_seed() -> None:
    """seeds/hangzhou/NNN_<item>.json for each row, NNN its place in the table, showing it."""
    for k, fan in enumerate(scorer.hangzhou.FANS, 1):
        seed = _load(ROOT / "seeds" / "hangzhou" / f"{k:03d}_{fan.id.value}.json")
        assert fan.id.value in seed["covers"] and fan.id.value in {f["id"] for f in seed["expected"]["fans"]}
        assert seed["source"] and seed["description"]


def test_the_documents_example_answers_as_written() -> None:
    """The rule document's §11 request and answer, field by field."""
    body = {"ruleset": "hangzhou",
            "hand": {"concealed": "123s EEE P", "melds": [{"tiles": "123m"}, {"tiles": "1111p", "concealed": True}],
                     "winning_tile": "W"},
            "context": {"self_drawn": True, "seat_wind": "E", "dealer_streak": 0, "kong_replacement": True,
                        "joker_discards": 1}}
    got = score_item(body)
    assert {k: got[k] for k in ("ruleset", "winning", "valid", "points", "flower_points", "total", "basic_points",
                                "dealer_multiplier", "payouts", "liability", "reason")} == {
        "ruleset": "hangzhou", "winning": True, "valid": True, "points": 3, "flower_points": 0, "total": 3,
        "basic_points": 8, "dealer_multiplier": 2, "payouts": {"E": 48, "S": -16, "W": -16, "N": -16},
        "liability": [], "reason": None}
    assert got["fans"] == [
        {"id": "baotou", "name": "Any-Tile Wait", "name_zh": "爆头", "points": 1, "count": 1},
        {"id": "cai_piao", "name": "Floating Fortune", "name_zh": "财飘", "points": 1, "count": 1},
        {"id": "kong_replacement", "name": "Win on a Kong Replacement", "name_zh": "杠开", "points": 1, "count": 1}]
    assert got["decomposition"][-1] == {"kind": "pair", "tiles": ["W", "W"], "concealed": True, "physical": ["W", "P"]}


# --- the rulings ------------------------------------------------------------------------------------
def test_hzh1_basic_points_and_stake() -> None:
    r = hz(NO_JOKER, {"base": 5}, seat_wind="E")
    assert extras(r)["basic_points"] == 10 and r.payouts == {"E": 60, "S": -20, "W": -20, "N": -20}
    r = hz(NO_JOKER, seat_wind="E", base_points=3)
    assert extras(r)["basic_points"] == 2 and r.payouts == {"E": 36, "S": -12, "W": -12, "N": -12}
    r = hz(PLAIN_DEALER, seat_wind="S")
    assert fans(r) == {"plain": 1} and r.payouts == {"E": -2, "S": 4, "W": -1, "N": -1}


def test_hzh2_the_cap() -> None:
    r = hz(KONG_BAOTOU, seat_wind="S", kong_replacement=True, joker_discards=3)
    assert (r.points, r.total, extras(r)["basic_points"]) == (5, 4, 16)
    r = hz(KONG_BAOTOU, {"max_fan": 0}, seat_wind="S", kong_replacement=True, joker_discards=3)
    assert (r.points, r.total, extras(r)["basic_points"]) == (5, 5, 32)


def test_hzh3_seven_pairs() -> None:
    hand = dict(concealed="11m33m55p77p99sEEN", winning_tile="N")
    assert fans(hz(hand)) == {"seven_pairs": 1, "no_joker": 1} and hz(hand).total == 3
    assert hz(hand, {"seven_pairs_fan": 1}).total == 2
    # a meld rules seven pairs out
    melded = dict(concealed="33m55p77p99sEN", melds=[{"tiles": "111m"}], winning_tile="N")
    assert not hz(melded).winning


def test_hzh4_luxury_and_four_whites() -> None:
    quad = dict(concealed="1111m33m55p77p99sE", winning_tile="E")
    assert fans(hz(quad)) == {"luxury_seven_pairs": 1, "no_joker": 1}
    # a 财神 standing in for the fourth 1m is no quad
    stand_in = dict(concealed="111m33m55p77p99sEP", winning_tile="E")
    assert "luxury_seven_pairs" not in fans(hz(stand_in)) and "seven_pairs" in fans(hz(stand_in))
    # four 财神 are a quad only while they stay two white pairs
    whites = dict(concealed="1111m2222p3sPPPP", winning_tile="3s")
    assert fans(hz(whites, {"preset": "fan-calc"}))["luxury_seven_pairs"] == 3
    odd = dict(concealed="1111m2222p3sPPPP", winning_tile="E")
    assert fans(hz(odd, {"preset": "fan-calc"}))["luxury_seven_pairs"] == 2
    assert fans(hz(quad, {"luxury_seven_pairs": "per_quad"})) == {"seven_pairs": 1, "luxury_seven_pairs": 1,
                                                                    "no_joker": 1}


def test_hzh5_no_joker() -> None:
    assert fans(hz(NO_JOKER)) == {"no_joker": 1}
    drawn = dict(concealed="123m456m789p234s5s", winning_tile="P")  # a drawn 财神 counts as held
    assert "no_joker" not in fans(hz(drawn))
    assert fans(hz(NO_JOKER, {"no_joker": 0})) == {"plain": 1}


def test_hzh6_four_jokers() -> None:
    three = dict(concealed="123m456m789s5sPPP", winning_tile="E")  # 爆头, three held
    assert "four_jokers" not in fans(hz(three, joker_discards=1))
    assert fans(hz(three, {"four_jokers": 1}, joker_discards=1))["four_jokers"] == 1
    not_baotou = dict(concealed="123m456m789p2s55sP", winning_tile="5s")  # discards that scored no 财飘
    assert "four_jokers" not in fans(hz(not_baotou, {"four_jokers": 1}, joker_discards=3))


def test_hzh7_ten_winds() -> None:
    held = {"concealed": "123m456m789p1259s"}
    r = hz_held(held, seat_wind="S", ten_winds="EESSWWNNCF")
    assert fans(r) == {"ten_winds": 1, "no_joker": 1} and (r.points, r.total) == (4, 4)
    r = hz_held({"concealed": "123m456m789p125sP"}, ten_winds="EESSWWNNCF")
    assert fans(r) == {"ten_winds": 1} and r.total == 3
    r = hz_held({"concealed": "123m456m789p125sP"}, ten_winds="EESSWWNNCP")
    assert r.fans[0].points == 4 and r.total == 4
    assert not hz_held(held, ten_winds="EESSWWNNC1m").winning  # a number tile among the ten
    assert not hz_held({"concealed": "456m789p1259s", "melds": [{"tiles": "123m"}]}, ten_winds="EESSWWNNCF").winning
    assert refused(held, ten_winds="EESSWWNNC").field == ("context", "ten_winds")
    assert refused({"concealed": "123m456m789p12sEE"}, ten_winds="EEESSWWNNC").code == "too_many_copies"
    assert refused(held, {"preset": "fan-calc"}, ten_winds="EESSWWNNCF").field == ("context", "ten_winds")
    assert refused({**held, "winning_tile": "9s"},
                   ten_winds="EESSWWNNCF").field == ("context", "ten_winds")
    assert refused(held).field == ("hand", "winning_tile")


def hz_held(hand: dict[str, Any], options: dict[str, Any] | None = None, **ctx: Any) -> scorer.Result:
    return scorer.score(scorer.Holding.build(**hand), ruleset="hangzhou", options=options, **ctx)


def test_hzh8_kong_chain() -> None:
    hand = dict(concealed="123m456m789s5s", melds=[{"tiles": "1111p"}], winning_tile="5s")
    assert fans(hz(hand, kong_replacement=True))["kong_replacement"] == 1
    two = dict(concealed="123m456m5s", melds=[{"tiles": "1111p"}, {"tiles": "EEEE"}], winning_tile="5s")
    assert fans(hz(two, kong_replacement=True, chain_kongs=2))["kong_replacement"] == 1
    assert fans(hz(two, {"kong_chain": "each"}, kong_replacement=True, chain_kongs=2))["kong_replacement"] == 2
    assert fans(hz(two, {"kong_chain": "each"}, chain_kongs=1))["kong_replacement"] == 1  # not on a replacement
    assert refused(two, kong_replacement=True, chain_kongs=3).field == ("context", "chain_kongs")
    assert refused(NO_JOKER, kong_replacement=True).field == ("context", "kong_replacement")


def test_hzh9_dealer_multiplier() -> None:
    assert [extras(hz(NO_JOKER, dealer_streak=n))["dealer_multiplier"] for n in (0, 1, 2, 7)] == [2, 4, 8, 8]
    assert extras(hz(NO_JOKER, {"dealer_multiplier": "fixed_8"}))["dealer_multiplier"] == 8
    assert scorer.hangzhou.dealer_multiplier(1, False) == 4
    r = hz(NO_JOKER, seat_wind="N", dealer_streak=1)
    assert r.payouts == {"E": -8, "S": -2, "W": -2, "N": 12}


def test_hzh10_contract() -> None:
    r = hz(THREE_CHOWS)
    assert r.payouts == {"E": 6, "S": 0, "W": 0, "N": -6}
    assert hz(THREE_CHOWS, {"contract": False}).payouts == {"E": 6, "S": -2, "W": -2, "N": -2}
    # a winner who is not the dealer, both relations: its 上家 (E) pays T, its 下家 (W, three chows off
    # it) 2T; T = 8 at base_points 2 (the dealer's 4, two others' 2 each)
    r = hz(THREE_CHOWS, seat_wind="S", chow_counts={"W": 3}, base_points=2)
    assert r.payouts == {"E": -8, "S": 24, "W": -16, "N": 0}
    assert extras(r)["liability"] == [{"seat": "E", "kind": "contract", "pays": 8},
                                      {"seat": "W", "kind": "reverse_contract", "pays": 16}]
    # relations between other seats change nothing; four chows count as three
    assert hz(PLAIN_DEALER, chow_counts={"W": 4, "N": 3}).payouts == {"E": 6, "S": -2, "W": -2, "N": -2}
    assert refused(THREE_CHOWS, chow_counts={"E": 2}).field == ("context", "chow_counts", "E")
    assert refused(PLAIN_DEALER, chow_counts={"X": 1}).field == ("context", "chow_counts", "X")
    assert refused(PLAIN_DEALER, chow_counts={"S": 5}).field == ("context", "chow_counts", "S")


def test_hzh11_presets() -> None:
    r = hz(BAOTOU, {"preset": "fan-calc"})
    assert extras(r) == {"basic_points": 2, "dealer_multiplier": 8, "liability": []}
    assert [p.name for p in scorer.hangzhou.BOOK.presets] == ["mil-2025", "fan-calc"]
    assert hz(BAOTOU, {"preset": "fan-calc", "max_fan": 4}).payouts == r.payouts


def test_hzh12_self_drawn_only() -> None:
    for ctx in ({"discarder": "S"}, {"self_drawn": False}, {"robbing_kong": True}):
        r = hz(PLAIN_DEALER, **ctx)
        assert (r.winning, r.valid, r.payouts, fans(r)) == (True, False, None, {"plain": 1}), ctx
        assert r.reason
    assert hz(NO_JOKER).valid  # said nothing: self-drawn
    assert score_item({"ruleset": "hangzhou", "hand": NO_JOKER})["valid"] is True
    # a library Context is read as given
    assert not scorer.score(Hand.build(**NO_JOKER), scorer.Context(), ruleset="hangzhou").valid
    assert score_item({"ruleset": "hangzhou", "hand": NO_JOKER, "context": {"kong_replacement": True}})["status"] == 422


def test_hzh13_cai_piao_needs_baotou() -> None:
    assert fans(hz(BAOTOU, joker_discards=2)) == {"baotou": 1, "cai_piao": 2}
    assert fans(hz(PLAIN_DEALER, joker_discards=2)) == {"plain": 1}
    three = dict(concealed="123m456m789s5sPPP", winning_tile="E")
    assert refused(three, joker_discards=2).field == ("context", "joker_discards")


def test_hzh14_baotou() -> None:
    # every draw completes a 爆头 hand, a 财神 too, and scores it
    for t in ("1m", "9s", "E", "C", "P"):
        assert "baotou" in fans(hz(dict(concealed="123456789m111pP", winning_tile=t))), t
    # the only 财神 the drawn tile: not 爆头
    assert "baotou" not in fans(hz(dict(concealed="123456789m111pE", winning_tile="P")))
    # one 财神 set aside, the others stay wild; one 财神 and four melds
    assert "baotou" in fans(hz(dict(concealed="123456789m11pPP", winning_tile="S")))
    four = dict(concealed="P", melds=[{"tiles": "123m"}, {"tiles": "456m"}, {"tiles": "789m"}, {"tiles": "111p"}],
                winning_tile="N")
    assert fans(hz(four)) == {"baotou": 1}


def test_hzh15_the_joker() -> None:
    e = refused(dict(concealed="123m456m789p2s", melds=[{"tiles": "PPP"}], winning_tile="2s"))
    assert (e.code, e.field) == ("bad_meld", ("hand", "melds", 0, "tiles"))
    # a 财神 as a fifth E (no copy cap)
    r = hz(dict(concealed="EEEE123m456m7mPP", winning_tile="7m"))
    assert r.winning
    assert refused(NO_JOKER, prevalent_wind="S").field == ("context", "prevalent_wind")
    assert refused(NO_JOKER, last_wall_tile=True).field == ("context", "last_wall_tile")
    assert refused(NO_JOKER, last_copy=True).field == ("context", "last_copy")
    assert refused({**NO_JOKER, "flowers": 1}).field == ("hand", "flowers")
    assert scorer.hangzhou.BOOK.jokers == ("P",)
    more = refused(dict(concealed="PPPP123m456m789m", winning_tile="P"))  # five 财神: there are four
    assert (more.code, more.field) == ("too_many_copies", ("hand",))


def test_hzh16_not_offered() -> None:
    orphans = dict(concealed="19m19p19sESWNCFP", winning_tile="1m")
    assert not hz(orphans).winning
    assert not hz(dict(concealed="PPPP13579m1357p", winning_tile="E")).winning


# --- properties ---------------------------------------------------------------------------------------
POOL = [0, 1, 2, 3, 4, 27, 28, WHITE]  # 1-5m, E, S and the 财神


@st.composite
def small_hands(draw: st.DrawFn) -> tuple[list[int], int, int]:
    """Two chow melds (123p, 456p) and 8 tiles at the win from a small pool: (concealed, winning, jokers)."""
    tiles = draw(st.lists(st.sampled_from(POOL), min_size=8, max_size=8))
    counts = [tiles.count(t) for t in POOL]
    if max(counts) > 4:
        tiles = [t for t in tiles if tiles.count(t) <= 4][:8]
        if len(tiles) < 8:
            tiles = [0, 1, 2, 3, 4, 27, 27, WHITE]
    return tiles[:7], tiles[7], tiles.count(WHITE)


def _hand(concealed: list[int], win: int) -> dict[str, Any]:
    return dict(concealed=[CODES[t] for t in concealed], melds=[{"tiles": "123p"}, {"tiles": "456p"}],
                winning_tile=CODES[win])


@settings(max_examples=150, deadline=None)
@given(small_hands())
def test_winning_is_some_assignment_of_the_jokers_complete(h: tuple[list[int], int, int]) -> None:
    concealed, win, _ = h
    counts = [0] * NUM_TILES
    for t in (*concealed, win):
        counts[t] += 1
    plain, jokers = split(tuple(counts))
    assert hz(_hand(concealed, win)).winning == brute_complete(plain, jokers, 2, WILD, False, False, True)


@settings(max_examples=120, deadline=None)
@given(small_hands())
def test_baotou_is_every_draw_wins(h: tuple[list[int], int, int]) -> None:
    """MIL's test (one 财神 set aside, sets alone) picks the hands HMP's "any draw wins" does."""
    concealed, _, _ = h
    counts = [0] * NUM_TILES
    for t in concealed:
        counts[t] += 1
    plain, jokers = split(tuple(counts))
    every = jokers > 0 and all(
        brute_complete(tuple(c + (t == k) for k, c in enumerate(plain)), jokers, 2, WILD, False, False, True)
        for t in range(NUM_TILES) if t != WHITE)
    assert can_baotou(plain, jokers, 2, 2) == every


@settings(max_examples=100, deadline=None)
@given(small_hands(), st.randoms(use_true_random=False))
def test_tile_order_and_joker_position_change_nothing(h: tuple[list[int], int, int], rnd: Any) -> None:
    concealed, win, _ = h
    shuffled = list(concealed)
    rnd.shuffle(shuffled)
    a, b = hz(_hand(concealed, win)), hz(_hand(shuffled, win))
    assert a.to_dict() == b.to_dict()


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([PLAIN_DEALER, NO_JOKER, BAOTOU, THREE_CHOWS, KONG_BAOTOU]),
       st.sampled_from(["E", "S", "W", "N"]), st.integers(0, 5), st.sampled_from(["mil-2025", "fan-calc"]),
       st.fixed_dictionaries({s: st.integers(0, 4) for s in ("S", "W", "N")}), st.integers(1, 3))
def test_payments_sum_to_zero(hand: dict[str, Any], seat: str, streak: int, preset: str, chows: dict[str, int],
                              base: int) -> None:
    chows.pop(seat, None)
    ctx: dict[str, Any] = {"seat_wind": seat, "dealer_streak": streak, "chow_counts": chows, "base_points": base}
    if "melds" in hand and any(m.get("concealed") for m in hand["melds"]):
        ctx["kong_replacement"] = True
    r = hz(hand, {"preset": preset}, **ctx)
    assert r.valid and r.payouts is not None and sum(r.payouts.values()) == 0
    assert r.payouts[seat] > 0 and all(v <= 0 for s, v in r.payouts.items() if s != seat)


# --- the cases the rule document states from OMU's tests and HMP's golden responses ------------------
def test_omu_no_logical_four_copy_cap() -> None:
    """test_hangzhou_has_no_unpublished_logical_four_copy_cap: four E held, the 财神 a fifth E."""
    r = hz(dict(concealed="EEEE123m456m789m", winning_tile="P"))
    assert r.winning and r.decomposition[-1].physical == ("E", "P")


def test_omu_open_short_hand_baotou_and_all_joker_pair() -> None:
    melds = [{"tiles": "123m"}, {"tiles": "456m"}, {"tiles": "789m"}, {"tiles": "111p"}]
    r = hz(dict(concealed="P", melds=melds, winning_tile="P"))
    assert fans(r) == {"baotou": 1} and r.decomposition[-1].physical == ("P", "P")


def test_omu_kong_and_seven_pairs_exclude_each_other() -> None:
    """test_open_hand_and_kong_cannot_be_seven_pairs: a concealed kong is no two pairs."""
    r = hz(dict(concealed="33m55p77p99sEN", melds=[{"tiles": "1111m", "concealed": True}], winning_tile="N"))
    assert not r.winning


def test_omu_four_whites_luxury_in_the_default_table() -> None:
    """test_four_whites_luxury_only_when_they_are_literal_white_pairs, in MIL's table."""
    odd = fans(hz(dict(concealed="11m33m55p77p9sPPPP", winning_tile="E")))  # whites partner the singles
    assert "seven_pairs" in odd and "luxury_seven_pairs" not in odd
    assert "luxury_seven_pairs" in fans(hz(dict(concealed="11m33m55p77pEPPPP", winning_tile="E")))


def test_omu_ten_winds_joker_combinations() -> None:
    """test_ten_winds_all_four_joker_combinations: 3+1 → 4, 3 → 3, 4+1 → 5 → 4, 4 → 4."""
    none, held = "123m456m789p1259s", "123m456m789p125sP"
    got = [(r.points, r.total) for r in (hz_held({"concealed": c}, ten_winds=t) for c, t in
                                         ((none, "EESSWWNNCF"), (held, "EESSWWNNCF"), (none, "EESSWWNNCP"),
                                          (held, "EESSWWNNCP")))]
    assert got == [(4, 4), (3, 3), (5, 4), (4, 4)]


def test_hmp_golden_no_joker_is_times_one() -> None:
    """HMP's golden 1w1w1w…9w东东 + 东 is ×1 (no 无财神 on the platform); MIL's table scores 无财神."""
    hand = dict(concealed="11123456789mEE", winning_tile="E")
    assert (fans(hz(hand, {"preset": "fan-calc"})), extras(hz(hand, {"preset": "fan-calc"}))["basic_points"]) == (
        {"plain": 1}, 1)
    assert fans(hz(hand)) == {"no_joker": 1}


def test_hmp_golden_luxury_by_quads() -> None:
    """HMP's golden 1w×4 2b×4 3t 白×4 + 3t is 豪华七对×3; + 东 it is ×2 (the whites no longer two pairs)."""
    calc = {"preset": "fan-calc"}
    assert fans(hz(dict(concealed="1111m2222p3sPPPP", winning_tile="3s"), calc))["luxury_seven_pairs"] == 3
    assert fans(hz(dict(concealed="1111m2222p3sPPPP", winning_tile="E"), calc))["luxury_seven_pairs"] == 2


# --- waits and shanten (scorer.analyze, POST /v1/waits) ----------------------------------------------
def test_a_baotou_hand_waits_on_every_kind_the_joker_too() -> None:
    out = scorer.analyze(scorer.Holding.build(concealed="123456789m111pP"), ruleset="hangzhou")
    assert out.outlook is not None and out.outlook.shanten == 0
    assert {w.tile.value for w in out.outlook.waits} == set(CODES)
    assert all(w.self_drawn is not None and w.self_drawn.valid and w.self_drawn.count("baotou") for w in
               out.outlook.waits)


def test_a_held_joker_is_no_tile_to_wait_on() -> None:
    out = scorer.analyze(scorer.Holding.build(concealed="11m33m55p77p99sENP"), ruleset="hangzhou")
    assert out.outlook is not None
    assert dict(out.outlook.forms)[scorer.forms.Form.SEVEN_PAIRS] == 0
    assert [w.tile.value for w in out.outlook.waits] == ["E", "N", "P"]


@settings(max_examples=60, deadline=None)
@given(small_hands())
def test_waits_are_the_draws_that_win(h: tuple[list[int], int, int]) -> None:
    concealed, _, _ = h
    melds = [{"tiles": "123p"}, {"tiles": "456p"}]
    holding = scorer.Holding.build(concealed=[CODES[t] for t in concealed], melds=melds)
    out = scorer.analyze(holding, ruleset="hangzhou").outlook
    assert out is not None
    own = holding.counts()
    winning = {CODES[t] for t in range(NUM_TILES) if own[t] < 4 and hz(_hand(concealed, t)).winning}
    listed = {w.tile.value for w in out.waits if own[INDEX[w.tile]] < 4}
    assert listed == winning and (out.shanten == 0) == bool(winning)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([0, 1, 2, 3, 4, 5, 9, 10, 27, 28]), min_size=8, max_size=14), st.integers(0, 4))
def test_the_one_reading_scored_is_one_of_every_reading(tiles: list[int], jokers: int) -> None:
    """``first_reading`` (scoring reads one reading of the regular form) is None exactly when
    ``scorer.wild.readings`` finds none, and else is one of them."""
    from scorer.rules.hangzhou.detect import first_reading
    from scorer.wild import readings

    counts = [0] * NUM_TILES
    for t in tiles:
        counts[t] = min(4, counts[t] + 1)
    n = sum(counts) + jokers
    need = (n - 2) // 3
    if (n - 2) % 3 or need < 1:
        return
    every = readings(tuple(counts), jokers, need, WILD)
    one = first_reading(tuple(counts), jokers, need)
    assert (one is None) == (not every)
    assert one is None or one in every


def test_the_command_line_reads_a_hand_silent_on_the_win_as_self_drawn(capsys: pytest.CaptureFixture[str]) -> None:
    from scorer.cli.score import main

    assert main(["--ruleset", "hangzhou", "--json", "123456789m111pPE"]) == 0
    assert json.loads(capsys.readouterr().out)["valid"] is True
    assert main(["--ruleset", "hangzhou", "--json", "--discarder", "S", "123456789m111pPE"]) == 0
    assert json.loads(capsys.readouterr().out)["valid"] is False


def test_explain_weighs_every_reading_of_the_jokers_and_answers_as_scoring_does() -> None:
    hand = Hand.build(concealed="123m456m789p2s5sPP", winning_tile="5s")
    plain = scorer.score(hand, ruleset="hangzhou")
    r = scorer.score(hand, ruleset="hangzhou", explain=True)
    assert (r.fans, r.decomposition, r.payouts) == (plain.fans, plain.decomposition, plain.payouts)
    assert r.explanation is not None and len(r.explanation.arrangements) == 3  # the two 财神 read three other ways
    assert all(a.decomposition != r.decomposition for a in r.explanation.arrangements)
    quad = scorer.score(Hand.build(concealed="1111m33m55p77p99sE", winning_tile="E"), ruleset="hangzhou", explain=True)
    assert quad.explanation is not None
    assert [(x.id, x.by) for x in quad.explanation.excluded] == [("seven_pairs", ("luxury_seven_pairs",))]
