"""The 广东推倒胡 book (``ruleset="guangdong"``): one test per RULINGS row (GD1-GD18), bad input as
422s naming the field, payments that sum to zero, results that tile order never changes, and the
book's ``winning`` against a brute force over every assignment of the ghosts."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scorer
from scorer.decompose import regular_divisions
from scorer.hand import Hand
from scorer.tiles import CODES, NUM_TILES, WHITE
from scorer.wild import ALL_TILES_MASK, Wild
from testkit.wild import assignments, seven_pairs_plain

MIL = {"preset": "mil-2023"}
PLAIN = "123m 456p 789s EEE S"  # won on S: a plain hand with no ghost


def gd(concealed: str, win: str, options: dict[str, Any] | None = None, melds: list[dict[str, Any]] | None = None,
       **ctx: Any) -> scorer.Result:
    hand: dict[str, Any] = {"concealed": concealed, "winning_tile": win}
    if melds:
        hand["melds"] = melds
    return scorer.score(Hand.build(**hand), ruleset="guangdong", options=options, **ctx)


def fans(r: scorer.Result) -> dict[str, int]:
    return {f.id: f.points for f in r.fans}


def extras(r: scorer.Result) -> dict[str, Any]:
    return dict(r.extras)


def refused(concealed: str, win: str, options: dict[str, Any] | None = None, melds: list[dict[str, Any]] | None = None,
            **ctx: Any) -> scorer.ScorerError:
    with pytest.raises(scorer.ScorerError) as e:
        gd(concealed, win, options, melds, **ctx)
    return e.value


# --- the rulings ------------------------------------------------------------------------------------
def test_gd1_two_tables_and_their_options() -> None:
    common = gd("123m 456m 789m EEE S", "S", seat_wind="S", self_drawn=True)
    mil = gd("123m 456m 789m EEE S", "S", MIL, seat_wind="S", self_drawn=True)
    assert fans(common) == {"self_drawn": 2} and (common.points, common.total) == (2, 4)  # no pattern scores
    assert fans(mil) == {"self_drawn": 1, "concealed": 1, "half_flush": 4} and (mil.points, mil.total) == (6, 12)
    for opts, name in (({"four_ghosts": "fan"}, "four_ghosts"), ({"thirteen_orphans": True}, "thirteen_orphans"),
                       ({"min_fan": 2}, "min_fan"), ({**MIL, "four_ghosts": "double"}, "four_ghosts"),
                       ({**MIL, "seven_pairs_double": True}, "seven_pairs_double"),
                       ({**MIL, "last_tile_double": True}, "last_tile_double")):
        e = refused(PLAIN, "S", opts, seat_wind="S", self_drawn=True)
        assert (e.code, e.field) == ("bad_option", ("options", name))
        # refused when the options are read, whatever the hand: one not ready, which no table scores, too
        with pytest.raises(scorer.ScorerError) as bad:
            scorer.analyze("1m4m7m2p5p8p3s6s9sEESS", ruleset="guangdong", options=opts)
        assert (bad.value.code, bad.value.field) == ("bad_option", ("options", name))


def test_gd2_ghosts_and_jokers() -> None:
    flip = {"ghosts": "flip"}
    # under flip the named kind is the ghost and 白 a plain tile
    r = gd("123m 456p 789s EEE 9m", "S", flip, seat_wind="S", self_drawn=True, jokers=["9m"])
    assert r.valid and extras(r)["multiplier"] == 1
    assert r.decomposition[-1].physical == ("S", "9m")
    assert not gd("123m 456p 789s EEE P", "S", flip, seat_wind="S", self_drawn=True, jokers=["9m"]).winning
    assert gd("123m 456p 789s EEE P", "S", seat_wind="S", self_drawn=True).winning  # 白 is the ghost by default
    # two kinds (翻双鬼), as a compact string
    assert gd("123m 456p 789s EE 9m 1p", "S", flip, seat_wind="S", self_drawn=True, jokers="9m1p").winning
    e = refused(PLAIN, "S", flip, seat_wind="S", self_drawn=True)
    assert (e.code, e.field) == ("bad_value", ("context", "jokers"))
    e = refused(PLAIN, "S", seat_wind="S", self_drawn=True, jokers=["9m"])
    assert (e.code, e.field) == ("not_in_ruleset", ("context", "jokers"))
    e = refused(PLAIN, "S", flip, seat_wind="S", self_drawn=True, jokers=["9m", "1p", "2p"])
    assert e.field == ("context", "jokers")
    e = refused(PLAIN, "S", flip, seat_wind="S", self_drawn=True, jokers=["9m", "9m"])
    assert e.field == ("context", "jokers", 1)
    e = refused(PLAIN, "S", flip, seat_wind="S", self_drawn=True, jokers=["J"])
    assert e.field == ("context", "jokers", 0)
    e = refused(PLAIN, "S", {"ghosts": "none"}, seat_wind="S", self_drawn=True, jokers=["9m"])
    assert e.field == ("context", "jokers")


def test_gd3_base_scales_hand_and_horses() -> None:
    r = gd(PLAIN, "S", {"base": 3}, seat_wind="E", self_drawn=True, birds=["1m", "5p", "C", "2s"])
    assert r.total == 12 and r.payouts == {"E": 90, "S": -30, "W": -30, "N": -30}  # (12 + 3 hits × 2 × 3) each
    r = gd(PLAIN, "S", seat_wind="E", self_drawn=True, birds=["1m", "5p", "C", "2s"], base_points=5)
    assert r.total == 4 and r.payouts == {"E": 150, "S": -50, "W": -50, "N": -50}


def test_gd4_ways_to_win() -> None:
    r = gd(PLAIN, "S", seat_wind="S", discarder="W")
    assert r.winning and not r.valid and r.payouts is None and "self-draw only" in str(r.reason)
    r = gd(PLAIN, "S", {"discard_win": True}, seat_wind="S", discarder="W")
    assert r.valid and (r.points, r.total) == (1, 2) and r.payouts == {"E": 0, "S": 2, "W": -2, "N": 0}
    robbed = gd("12p 456m 789s EEE SS", "3p", {"rob_kong_win": False}, seat_wind="S", robbing_kong=True, discarder="W")
    assert robbed.winning and not robbed.valid and robbed.payouts is None
    assert gd(PLAIN, "S", MIL, seat_wind="S", discarder="W").valid is False  # 门清 1 fan: under MIL's minimum
    r = gd("123m 456m 789m EEE S", "S", MIL, seat_wind="S", discarder="W")
    assert r.valid and r.payouts == {"E": 0, "S": 10, "W": -10, "N": 0}  # 门清 + 混一色 = 5 × 2


def test_gd5_liability() -> None:
    rob = {"seat_wind": "S", "robbing_kong": True, "discarder": "W"}
    assert gd("12p 456m 789s EEE SS", "3p", **rob).payouts == {"E": 0, "S": 12, "W": -12, "N": 0}
    assert gd("12p 456m 789s EEE SS", "3p", {"rob_kong_pays_all": False}, **rob).payouts == {
        "E": 0, "S": 4, "W": -4, "N": 0}
    kong = {"seat_wind": "S", "self_drawn": True, "kong_replacement": True, "kong_discarder": "W"}
    claimed = [{"tiles": "5555p"}]
    assert gd("123m 456m 789s N", "N", melds=claimed, **kong).payouts == {"E": 0, "S": 12, "W": -12, "N": 0}
    assert gd("123m 456m 789s N", "N", {"kong_flower_pays_all": False}, melds=claimed, **kong).payouts == {
        "E": -4, "S": 12, "W": -4, "N": -4}
    e = refused("123m 456m 789s N", "N", melds=[{"tiles": "5555p", "concealed": True}], **kong)
    assert (e.code, e.field) == ("contradictory_context", ("context", "kong_discarder"))
    e = refused("123m 456m 789s N", "N", melds=claimed, seat_wind="S", self_drawn=True, kong_discarder="W")
    assert e.field == ("context", "kong_discarder")
    e = refused("123m 456m 789s N", "N", melds=claimed, **{**kong, "kong_discarder": "S"})
    assert e.field == ("context", "kong_discarder")


def test_gd6_forms() -> None:
    quads = gd("1111m 3344p 55667s", "7s", MIL, seat_wind="S", self_drawn=True)  # four alike are two pairs
    assert "seven_pairs" in fans(quads)
    assert not gd("1122m 3344p 55667s", "7s", {"seven_pairs": False}, seat_wind="S", self_drawn=True).winning
    orphans = "19m19p19s ESWNCFF"
    assert gd(orphans, "P", {"ghosts": "none", **MIL}, seat_wind="S", self_drawn=True).count("thirteen_orphans") == 1
    assert not gd(orphans, "P", {"ghosts": "none"}, seat_wind="S", self_drawn=True).winning
    e = refused("456m 789s EEE S", "S", melds=[{"tiles": "123m"}], seat_wind="S", self_drawn=True)
    assert (e.code, e.field) == ("bad_meld", ("hand", "melds", 0))


def test_gd7_ghost_coefficient() -> None:
    assert extras(gd(PLAIN, "S", seat_wind="S", self_drawn=True))["multiplier"] == 2
    assert extras(gd(PLAIN, "S", {"ghosts": "none"}, seat_wind="S", self_drawn=True))["multiplier"] == 1
    assert extras(gd(PLAIN, "S", {"no_ghost_double": False}, seat_wind="S", self_drawn=True))["multiplier"] == 1
    assert extras(gd("123m 456p 789s EEE P", "S", seat_wind="S", self_drawn=True))["multiplier"] == 1
    r = gd(PLAIN, "S", MIL, seat_wind="S", self_drawn=True, ghosts_discarded=2)
    assert extras(r)["multiplier"] == 8 and r.total == 2 * 8
    e = refused(PLAIN, "S", seat_wind="S", self_drawn=True, ghosts_discarded=1)
    assert (e.code, e.field) == ("not_in_ruleset", ("context", "ghosts_discarded"))
    e = refused(PLAIN, "S", MIL, seat_wind="S", self_drawn=True, ghosts_discarded=5)
    assert e.field == ("context", "ghosts_discarded")


def test_gd8_four_ghosts() -> None:
    junk = "PPPP 159m 258p 369s"
    r = gd(junk, "S", seat_wind="S", self_drawn=True)
    assert r.valid and fans(r) == {"self_drawn": 2, "four_ghosts": 1} and r.total == 2
    assert gd(junk, "S", {"four_ghosts": "double"}, seat_wind="S", self_drawn=True).total == 4
    assert not gd(junk, "S", {"four_ghosts": "off"}, seat_wind="S", self_drawn=True).winning
    # common: not on a discard; MIL: on a discard too, alone (12)
    assert not gd(junk, "S", {"discard_win": True}, seat_wind="S", discarder="W").winning
    mil = gd(junk, "S", MIL, seat_wind="S", discarder="W")
    assert mil.valid and fans(mil) == {"four_ghosts": 12} and mil.payouts == {"E": 0, "S": 12, "W": -12, "N": 0}
    # a complete hand of the same value is reported as complete
    tie = gd("PPPP 123m 456p 789s", "S", seat_wind="S", self_drawn=True)
    assert fans(tie) == {"self_drawn": 2} and all(s.kind != "knitted" for s in tie.decomposition)
    # and a better complete reading wins: nine gates + self-drawn 17 over 四鬼胡 12
    assert fans(gd("1112346789m PPP", "P", MIL, seat_wind="S", self_drawn=True)) == {"self_drawn": 1, "nine_gates": 16}


def test_gd9_last_tile() -> None:
    assert fans(gd(PLAIN, "S", seat_wind="S", self_drawn=True, last_wall_tile=True)) == {"self_drawn": 2}
    r = gd(PLAIN, "S", {"last_tile_double": True}, seat_wind="S", self_drawn=True, last_wall_tile=True)
    assert fans(r) == {"self_drawn": 2, "last_tile": 2} and r.points == 4
    r = gd(PLAIN, "S", MIL, seat_wind="S", discarder="W", last_wall_tile=True)
    assert fans(r) == {"concealed": 1, "last_tile": 4} and r.valid


def test_gd10_horses() -> None:
    def hits(seat: str, birds: list[str], options: dict[str, Any] | None = None) -> int:
        return int(extras(gd(PLAIN, "S", options, seat_wind=seat, self_drawn=True, birds=birds))["horse_hits"])

    assert hits("S", ["C", "F", "2m", "6s", "S"]) == 4  # common: 發 for the next seat, 中 the dealer's
    assert hits("S", ["C", "F", "2m", "6s", "S"], {"horse_table": "mil"}) == 4  # mil: 中, not 發
    assert hits("N", ["P", "P", "4m", "8p"], {"horse_table": "mil"}) == 4  # a 白板 ghost by its face, twice
    assert hits("N", ["P", "P", "4m", "8p"]) == 2
    assert hits("E", ["9s", "5p", "C"]) == 3
    r = gd(PLAIN, "S", {"horse_value": 5}, seat_wind="S", self_drawn=True, birds=["2m"])
    assert r.payouts == {"E": -9, "S": 27, "W": -9, "N": -9}
    e = refused(PLAIN, "S", MIL, seat_wind="S", self_drawn=True, birds=["1m"] * 5)
    assert (e.code, e.field) == ("bad_value", ("context", "birds"))
    e = refused("123m 456m 789m EEE S", "S", MIL, seat_wind="S", discarder="W", birds=["1m"])
    assert (e.code, e.field) == ("contradictory_context", ("context", "birds"))
    # common: horses on a discard win too, paid by the discarder
    r = gd(PLAIN, "S", {"discard_win": True}, seat_wind="S", discarder="W", birds=["2m"])
    assert r.payouts == {"E": 0, "S": 4, "W": -4, "N": 0}
    e = refused(PLAIN, "S", seat_wind="S", self_drawn=True, birds=["1x"])
    assert e.field == ("context", "birds", 0)


def test_gd11_horses_follow_hand() -> None:
    r = gd(PLAIN, "S", {"horses_follow_hand": True}, seat_wind="S", self_drawn=True, birds=["2m", "6m"])
    assert r.total == 4 and r.payouts == {"E": -12, "S": 36, "W": -12, "N": -12}


def test_gd12_minimums() -> None:
    ghost = "123m 456p 789s EEE P"
    r = gd(ghost, "S", MIL, seat_wind="S", self_drawn=True)  # 自摸 + 门清 = 2 fan × 1 = 2 points
    assert r.winning and not r.valid and r.reason == "2 points (fan × the ghost coefficient); a win needs 4"
    assert gd(ghost, "S", {**MIL, "min_points": 0}, seat_wind="S", self_drawn=True).valid
    r = gd(PLAIN, "S", {**MIL, "min_points": 0}, seat_wind="S", discarder="W", ghosts_discarded=4)
    assert not r.valid and r.total == 32 and r.reason == "1 fan; a win needs 2"
    assert not gd(PLAIN, "S", {"min_points": 5}, seat_wind="S", self_drawn=True).valid  # common: 2 × 2 = 4


def test_gd13_flower_ghosts_not_offered() -> None:
    e = refused(PLAIN, "S", {"ghosts": "flowers"}, seat_wind="S", self_drawn=True)
    assert (e.code, e.field) == ("bad_option", ("options", "ghosts"))
    e = refused(PLAIN, "S", seat_wind="S", self_drawn=True, birds=["1m", "J"])
    assert (e.code, e.field) == ("not_in_ruleset", ("context", "birds", 1))
    with pytest.raises(scorer.ScorerError) as bad:
        gd("123m 456p 789s EEE J", "S", seat_wind="S", self_drawn=True)
    assert bad.value.field == ("hand", "concealed")
    assert dict(scorer.guangdong.BOOK.presets[1].values)["horses"] == 4


def test_gd14_no_fifth_copy() -> None:
    for options in (None, MIL, {"ghosts": "flip"}):
        jokers = {"jokers": ["P"]} if options and options.get("ghosts") == "flip" else {}
        assert not gd("123m 123p 123s EEEE", "P", options, seat_wind="S", self_drawn=True, **jokers).winning
    # melds do not count toward the cap: a punged E beside a ghost read as the fourth E is fine
    r = gd("123m 123p 123s E", "P", melds=[{"tiles": "EEE"}], seat_wind="S", self_drawn=True)
    assert r.winning and r.decomposition[-1].tiles == ("E", "E")


def test_gd15_ghosts_are_never_claimed() -> None:
    e = refused("123m 456p 789s S", "S", melds=[{"tiles": "PPP"}], seat_wind="S", self_drawn=True)
    assert (e.code, e.field) == ("bad_meld", ("hand", "melds", 0))
    for options in ({"discard_win": True}, MIL):
        r = gd("123m 456m 789m EEE S", "P", options, seat_wind="S", discarder="W")
        assert r.winning and not r.valid and r.payouts is None and "never claimed" in str(r.reason)
    assert gd("123m 456m 789m EEE S", "P", seat_wind="S", self_drawn=True).valid  # a drawn ghost wins


def test_gd16_kong_money_is_not_in_payouts() -> None:
    r = gd("123m 456m 789s N", "N", melds=[{"tiles": "5555p", "concealed": True}], seat_wind="S", self_drawn=True)
    assert r.total == 4 and r.payouts == {"E": -4, "S": 12, "W": -4, "N": -4}


def test_gd17_four_ghosts_decomposition() -> None:
    r = gd("PPPP 159m 258p 369s", "S", seat_wind="S", self_drawn=True)
    (whole,) = r.decomposition
    assert whole.kind == "knitted" and whole.physical == whole.tiles and sorted(whole.tiles).count("P") == 4


def test_gd18_context_refusals() -> None:
    e = refused(PLAIN, "S", seat_wind="S", self_drawn=True, prevalent_wind="S")
    assert (e.code, e.field) == ("not_in_ruleset", ("context", "prevalent_wind"))
    e = refused(PLAIN, "S", seat_wind="E", self_drawn=True, heavenly_hand=True)
    assert (e.code, e.field) == ("not_in_ruleset", ("context", "heavenly_hand"))
    e = refused(PLAIN, "S", MIL, seat_wind="S", self_drawn=True, heavenly_hand=True)
    assert (e.code, e.field) == ("contradictory_context", ("context", "heavenly_hand"))
    e = refused(PLAIN, "S", MIL, seat_wind="E", self_drawn=True, earthly_hand=True)
    assert e.field == ("context", "earthly_hand")
    e = refused("123m 456p EEE S", "S", MIL, melds=[{"tiles": "777s"}], seat_wind="E", self_drawn=True,
                heavenly_hand=True)
    assert e.field == ("context", "heavenly_hand")


# --- properties -------------------------------------------------------------------------------------
HANDS = ["123m 456p 789s EEE S", "123m 456p 789s EEE P", "PPPP 159m 258p 369s", "1112345678m PPP",
         "111m 333s 555p EEE C", "1122m 3344p 55667s", "12p 456m 789s EEE SP"]
WINS = {"PPPP 159m 258p 369s": "S", "1112345678m PPP": "P", "111m 333s 555p EEE C": "C", "1122m 3344p 55667s": "7s",
        "12p 456m 789s EEE SP": "3p"}


@settings(max_examples=150, deadline=None)
@given(hand=st.sampled_from(HANDS), seat=st.sampled_from("ESWN"), how=st.sampled_from(["self", "discard", "rob"]),
       by=st.sampled_from("ESWN"), preset=st.sampled_from(["common", "mil-2023"]), base=st.integers(1, 5),
       birds=st.lists(st.sampled_from(CODES), max_size=4), follow=st.booleans(), liable=st.booleans())
def test_payouts_sum_to_zero(hand: str, seat: str, how: str, by: str, preset: str, base: int, birds: list[str],
                             follow: bool, liable: bool) -> None:
    win = WINS.get(hand, "S")
    if by == seat:
        by = "ESWN"[("ESWN".index(seat) + 1) % 4]
    ctx: dict[str, Any] = {"seat_wind": seat}
    if how == "self":
        ctx["self_drawn"] = True
    else:
        ctx["discarder"] = by
        ctx["robbing_kong"] = how == "rob" and win == "3p"
        if preset == "mil-2023":
            birds = []
    opts = {"preset": preset, "base": base, "horses_follow_hand": follow, "discard_win": True,
            "rob_kong_pays_all": liable}
    r = gd(hand, win, opts, birds=birds, **ctx)
    if r.valid:
        assert r.payouts is not None and sum(r.payouts.values()) == 0 and r.payouts[seat] > 0
    else:
        assert r.payouts is None


@settings(max_examples=60, deadline=None)
@given(hand=st.sampled_from(HANDS), seed=st.integers(0, 10 ** 6), preset=st.sampled_from(["common", "mil-2023"]))
def test_tile_order_and_ghost_position_never_change_a_result(hand: str, seed: int, preset: str) -> None:
    win = WINS.get(hand, "S")
    tiles = [t.value for t in scorer.tiles.parse_tiles(hand)]
    random.Random(seed).shuffle(tiles)
    ctx = {"seat_wind": "S", "self_drawn": True}
    a = gd(hand, win, {"preset": preset}, **ctx).to_dict()
    b = gd(" ".join(tiles), win, {"preset": preset}, **ctx).to_dict()
    assert a == b


WILD = Wild(ALL_TILES_MASK, 4)
POOL = [t for t in range(NUM_TILES) if t != WHITE]


def _near_win(data: st.DataObject) -> list[int]:
    """Fourteen tiles of a narrow window: four sets and a pair, then (often) one tile changed, so the
    hands are near wins both ways."""
    start = data.draw(st.integers(0, 24))
    window = [t for t in POOL if start <= t < start + 5 or t >= 27][:9]
    out: list[int] = []
    for _ in range(4):
        t = data.draw(st.sampled_from(window))
        if data.draw(st.booleans()) and t < 27 and t % 9 <= 6:
            out += [t, t + 1, t + 2]
        else:
            out += [t, t, t]
    p = data.draw(st.sampled_from(window))
    out += [p, p]
    if data.draw(st.booleans()):
        out[data.draw(st.integers(0, 13))] = data.draw(st.sampled_from(window))
    return out


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_winning_is_some_assignment_of_the_ghosts_complete(data: st.DataObject) -> None:
    """The book's ``winning`` on small hands (0-3 白板 ghosts, no melds, self-drawn) equals a brute
    force: some reading of each ghost as a tile makes four sets and a pair, or seven pairs."""
    held = _near_win(data)
    ghosts = data.draw(st.integers(0, 3))
    order = data.draw(st.permutations(range(14)))
    counts = [0] * NUM_TILES
    for k in order[ghosts:]:
        counts[held[k]] += 1
    if max(counts) > 4:
        return
    real = tuple(counts)
    tiles = [CODES[t] for t in range(NUM_TILES) for _ in range(real[t])] + ["P"] * ghosts
    win = tiles.pop(data.draw(st.integers(0, 13)))
    expect = any(any(True for _ in regular_divisions(c, 4)) or seven_pairs_plain(c, True)
                 for c in assignments(real, ghosts, WILD))
    r = gd(" ".join(tiles), win, {"ghosts": "white"}, seat_wind="S", self_drawn=True)
    assert r.winning == expect, (tiles, win)


@pytest.mark.parametrize("preset", ["common", "mil-2023"])
def test_explain_points_every_item_at_its_sets(preset: str) -> None:
    r = scorer.score(Hand.build(concealed="111m EEE SSS WWW N", winning_tile="N"), ruleset="guangdong",
                     options={"preset": preset}, seat_wind="S", self_drawn=True, explain=True)
    assert r.explanation is not None and len(r.explanation.sets) == len(r.fans)
    n = len(r.decomposition)
    for f, occ in zip(r.fans, r.explanation.sets, strict=True):
        assert len(occ) == f.count and all(0 <= k < n for o in occ for k in o)
    if preset == "mil-2023":
        sets = dict(zip((f.id for f in r.fans), r.explanation.sets, strict=True))
        winds = sets["small_four_winds"][0]
        assert sorted(r.decomposition[k].tiles[0] for k in winds) == ["E", "N", "S", "W"]
        assert {e.id for e in r.explanation.excluded} == {"all_pungs"}


# --- the Open Mahjong server's MIL tests, as the rule document transcribes them ---------------------
@pytest.mark.parametrize("suit", "mps")
@pytest.mark.parametrize("rank", range(1, 10))
def test_mil_nine_gates_on_each_of_the_nine_tiles(suit: str, rank: int) -> None:
    """1112345678999 of a suit, won on any of its nine tiles: 九莲宝灯 (27 cases)."""
    r = gd(f"1112345678999{suit}", f"{rank}{suit}", MIL, seat_wind="S", self_drawn=True)
    assert fans(r) == {"self_drawn": 1, "nine_gates": 16}


def test_mil_nine_gates_needs_the_pre_win_shape_and_no_kong() -> None:
    assert fans(gd("1123456789999m", "1m", MIL, seat_wind="S", self_drawn=True)) == {
        "self_drawn": 1, "concealed": 1, "full_flush": 8}
    kong = gd("2345678999m", "2m", MIL, melds=[{"tiles": "1111m", "concealed": True}], seat_wind="S",
              self_drawn=True)
    assert "nine_gates" not in fans(kong) and "full_flush" in fans(kong)


def test_mil_four_ghosts_on_a_robbed_kong_stacks_only_the_event() -> None:
    r = gd("PPPP 159m 258p 69s E", "3s", MIL, seat_wind="S", robbing_kong=True, discarder="W")
    assert fans(r) == {"robbing_kong": 4, "four_ghosts": 12} and r.payouts == {"E": 0, "S": 48, "W": -48, "N": 0}


def test_mil_seven_pairs_may_repeat_a_pair_and_be_a_flush() -> None:
    r = gd("1111223344556m", "6m", MIL, seat_wind="S", discarder="W")
    assert fans(r) == {"seven_pairs": 6, "full_flush": 8} and r.total == 28


def test_mil_honours_only_is_no_flush() -> None:
    r = gd("EEE SSS WWW NNN C", "C", MIL, seat_wind="S", discarder="W")
    assert "half_flush" not in fans(r) and "full_flush" not in fans(r)


def _best(f: Any, narrow: bool) -> tuple[int, list[str]] | None:
    from scorer.rules.guangdong.detect import shapes
    from scorer.rules.guangdong.scoring import ENGINE

    got = [ENGINE.reading(f, s, ENGINE.detect(f, s), f.options) for s in shapes(f, narrow)]
    if not got:
        return None
    top = max(r.total for r in got)
    return top, sorted({i for r in got if r.total == top for i in r.fans})


@settings(max_examples=120, deadline=None)
@given(data=st.data(), preset=st.sampled_from(["common", "mil-2023"]))
def test_the_narrowed_ghosts_score_as_every_reading_does(data: st.DataObject, preset: str) -> None:
    """The readings enumerated with the ghosts narrowed (``narrow_wild``) reach the same best value,
    with the same items among the best, as those with every kind (2-4 白板 ghosts)."""
    from scorer.context import Context
    from scorer.rules.guangdong.scoring import ENGINE

    held = _near_win(data)
    ghosts = data.draw(st.integers(2, 4))
    order = data.draw(st.permutations(range(14)))
    counts = [0] * NUM_TILES
    for k in order[ghosts:]:
        counts[held[k]] += 1
    if max(counts) > 4:
        return
    tiles = [CODES[t] for t in range(NUM_TILES) for _ in range(counts[t])] + ["P"] * ghosts
    win = tiles.pop(data.draw(st.integers(0, 13)))
    hand = Hand.build(concealed=" ".join(tiles), winning_tile=win)
    options = scorer.guangdong.BOOK.parse_options({"preset": preset})
    f = ENGINE.facts(hand, Context.build(seat_wind="S", self_drawn=True), options)
    assert _best(f, True) == _best(f, False), (tiles, win)


def test_a_wait_scored_both_ways_reads_its_tiles_once() -> None:
    """The same tiles scored on a discard and self-drawn (``scorer.analyze`` scores each wait so)
    share their shapes; ``clear_caches`` forgets them."""
    from scorer.context import Context
    from scorer.rules.guangdong.detect import Facts, shapes
    from scorer.rules.guangdong.scoring import clear_caches

    hand = Hand.build(concealed="1m 2m 3m 4p 5p P 7s 8s 9s E E E P", winning_tile="5m")
    options = scorer.guangdong.BOOK.parse_options({})
    on_discard = Facts(hand, Context(discarder="N").for_hand(hand), options)
    drawn = Facts(hand, Context(self_drawn=True).for_hand(hand), options)
    first = shapes(on_discard)
    assert first and shapes(drawn) is first
    clear_caches()
    assert shapes(drawn) is not first
