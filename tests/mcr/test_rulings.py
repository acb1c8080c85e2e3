"""One test per entry of RULINGS.md, named after it: the divergences from the reference calculator
(R), the conventions copied from it (C, each also checked against the reference) and the conflicts
between the rule documents (D)."""

import MahjongGB
import pytest

import scorer
from scorer.tiles import parse_tiles, to_botzone


def fans(result):
    return {f.id: f.count for f in result.fans}


def test_r1_melded_plus_concealed_kong_scores_six():
    # 2222m melded, 5555p concealed; 双明杠 4 + 暗杠 2, not the reference's 明暗杠 5.
    r = scorer.score("[2222m1][5555p]123s789s4p4p", self_drawn=True)
    got = fans(r)
    assert got["two_melded_kongs"] == 1 and got["concealed_kong"] == 1
    assert "melded_kong" not in got
    assert sum(f.points * f.count for f in r.fans if f.id in ("two_melded_kongs", "concealed_kong")) == 6


@pytest.mark.parametrize(
    ("hand", "context", "field"),
    [
        pytest.param("[2222m1]123p456p789s5s5s", {"kong_replacement": True}, "kong_replacement", id="R2-discard"),
        pytest.param("[222m1]123p456p789s5s5s", {"kong_replacement": True, "self_drawn": True}, "kong_replacement",
                     id="R2-no-kong"),
        pytest.param("123m456p789s55s23m1m", {"robbing_kong": True, "self_drawn": True}, "robbing_kong", id="R3-self"),
        pytest.param("123m456p789s55s12m3m", {"robbing_kong": True}, "robbing_kong", id="R3-held"),
        pytest.param("123m456p789s55s23m1m", {"self_drawn": True, "discarder": "S"}, "discarder", id="R4-self"),
        pytest.param("123m456p789s55s23m1m", {"discarder": "E"}, "discarder", id="R4-own-seat"),
    ],
)
def test_r2_r3_r4_contradictory_context_is_an_error(hand, context, field):
    with pytest.raises(scorer.ScorerError) as e:
        scorer.score(hand, **context)
    assert e.value.code == "contradictory_context"
    assert e.value.field == ("context", field)


def test_c6_three_copies_in_own_melds_make_the_last_copy():
    r = scorer.score("[111p1][234m1][789s2]55m23p1p", discarder="S")
    assert fans(r).get("last_tile") == 1


def test_c6_a_concealed_copy_means_it_is_not_the_last_copy():
    # 1m is held among the concealed tiles, so the winning 1m cannot be the last copy.
    r = scorer.score("123m456p789s55s11m1m", last_copy=True, discarder="S")
    assert "last_tile" not in fans(r)


def test_c7_robbing_the_kong_on_the_last_tile_scores_both_as_the_reference_does():
    r = scorer.score("234m456p789s55s23m1m", robbing_kong=True, last_wall_tile=True, discarder="S")
    assert {"robbing_the_kong", "last_tile_claim"} <= set(fans(r))


# --- the copied conventions, each checked against the reference as well -------------------------
ZH = {f.name_zh: f.id for f in scorer.mcr.FANS} | {"独听・边张": "edge_wait", "独听・嵌张": "closed_wait",
                                              "独听・单钓": "single_wait"}


def reference_fans(concealed: str, win: str, *, self_drawn: bool = False) -> dict[str, int]:
    """The reference's fans for a concealed hand won on ``win``, in our ids, counts summed."""
    tiles = tuple(to_botzone(t) for t in parse_tiles(concealed))
    raw = MahjongGB.MahjongFanCalculator((), tiles, to_botzone(parse_tiles(win)[0]), 0, self_drawn,
                                         False, False, False, 0, 0)
    out: dict[str, int] = {}
    for points, name in raw:
        fan = scorer.mcr.BY_ID[ZH[name]]
        out[fan.id] = out.get(fan.id, 0) + points // fan.points
    return out


def both(concealed: str, win: str, *, self_drawn: bool = False) -> dict[str, int]:
    """Our fans for the hand, after checking that the reference gives exactly the same."""
    ours = fans(scorer.score(concealed + win, **({"self_drawn": True} if self_drawn else {"discarder": "S"})))
    assert ours == reference_fans(concealed, win, self_drawn=self_drawn)
    return ours


def test_c1_a_regular_reading_beats_seven_pairs_on_equal_totals():
    got = both("445566m445566p5s", "5s")  # seven pairs + middle tiles = 48 = four chows + all fives + ...
    assert "seven_pairs" not in got and got["all_chows"] == 1


def test_c1_pure_triple_chow_is_preferred_on_equal_totals():
    got = both("567m2223334455p", "4p")
    assert got.get("pure_triple_chow") == 1


@pytest.mark.parametrize(("concealed", "win"), [pytest.param("2222333344445m", "5m", id="fifth-copy")])
def test_c2_a_wait_on_a_fifth_copy_still_counts_so_no_single_wait(concealed, win):
    got = both(concealed, win)
    assert not {"single_wait", "edge_wait", "closed_wait"} & set(got)


@pytest.mark.parametrize(
    ("concealed", "win", "wait"),
    [
        pytest.param("123p456p789s1233m", "3m", "edge_wait", id="edge-over-single"),
        pytest.param("123p456p789s1223m", "2m", "closed_wait", id="closed-over-single"),
    ],
)
def test_c3_one_wait_fan_in_the_references_order(concealed, win, wait):
    got = both(concealed, win)
    assert got[wait] == 1 and len({"single_wait", "edge_wait", "closed_wait"} & set(got)) == 1


@pytest.mark.parametrize(
    ("rank", "extras"),
    [
        (1, {"pure_straight", "tile_hog"}), (9, {"pure_straight", "tile_hog"}),
        (2, {"two_concealed_pungs", "short_straight", "pung_of_terminals_or_honors"}),
        (8, {"two_concealed_pungs", "short_straight", "pung_of_terminals_or_honors"}),
        (5, {"two_concealed_pungs", "pung_of_terminals_or_honors"}),
        (3, {"short_straight"}), (4, {"short_straight"}), (6, {"short_straight"}), (7, {"short_straight"}),
    ],
)
def test_c4_nine_gates_extras_by_the_rank_of_the_extra_tile(rank, extras):
    got = both("1112345678999p", f"{rank}p", self_drawn=True)
    assert set(got) == {"nine_gates", "self_drawn", *extras}


def test_c5_knitted_straight_wait_fans_may_use_the_tile_in_the_straight():
    # 147m258p369s + 123s + 5p5p: the winning 3s closes the chow 123s only through the straight's 3s
    got = both("147m258p69s12s3s55p", "3s")
    assert got["knitted_straight"] == 1
    assert {"edge_wait", "closed_wait", "single_wait"} & set(got)


@pytest.mark.parametrize(
    ("concealed", "win"),
    [
        pytest.param("1133m5577p22sEEC", "C", id="seven-pairs"),
        pytest.param("19m19p19sESWNCFP", "P", id="thirteen-orphans"),
        pytest.param("111m222p333sEEE5s", "5s", id="four-concealed-pungs"),
        pytest.param("1112345678999s", "5s", id="nine-gates"),
        pytest.param("147m258p369sESWC", "F", id="honors-and-knitted"),
    ],
)
def test_d1_self_drawn_concealed_special_hands_score_self_drawn_not_fully_concealed(concealed, win):
    got = both(concealed, win, self_drawn=True)
    assert got.get("self_drawn") == 1 and "fully_concealed_hand" not in got and "concealed_hand" not in got
