"""The Green Book introduction's worked example: East wins on South's 8m."""

import scorer


def test_discard_win_scores_12_and_settles():
    r = scorer.score("[222m1][444m2][666m3]88mWW8m", discarder="S")
    assert (r.points, r.total, r.valid) == (12, 12, True)
    assert [(f.id, f.count) for f in r.fans] == [("all_pungs", 1), ("half_flush", 1)]
    assert dict(r.payouts) == {"E": 36, "S": -20, "W": -8, "N": -8}


def test_self_drawn_win_scores_13_and_settles():
    r = scorer.score("[222m1][444m2][666m3]88mWW8m", self_drawn=True)
    assert r.points == 13
    assert dict(r.payouts) == {"E": 63, "S": -21, "W": -21, "N": -21}
