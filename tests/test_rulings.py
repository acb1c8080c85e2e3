"""One test per entry of RULINGS.md: the deliberate differences from the reference calculator."""

import pytest

import scorer


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
        pytest.param("123m456p789s55s23m1m", {"self_drawn": True, "discarder": "S"}, "discarder", id="R6-self"),
        pytest.param("123m456p789s55s23m1m", {"discarder": "E"}, "discarder", id="R6-own-seat"),
    ],
)
def test_contradictory_context_is_an_error(hand, context, field):
    with pytest.raises(scorer.ScorerError) as e:
        scorer.score(hand, **context)
    assert e.value.code == "contradictory_context"
    assert e.value.field == ("context", field)


def test_three_copies_in_own_melds_make_the_last_copy():
    r = scorer.score("[111p1][234m1][789s2]55m23p1p", discarder="S")
    assert fans(r).get("last_tile") == 1


def test_a_concealed_copy_means_it_is_not_the_last_copy():
    # 1m is held among the concealed tiles, so the winning 1m cannot be the last copy.
    r = scorer.score("123m456p789s55s11m1m", last_copy=True, discarder="S")
    assert "last_tile" not in fans(r)


def test_robbing_the_kong_on_the_last_tile_scores_both_as_the_reference_does():
    r = scorer.score("234m456p789s55s23m1m", robbing_kong=True, last_wall_tile=True, discarder="S")
    assert {"robbing_the_kong", "last_tile_claim"} <= set(fans(r))
