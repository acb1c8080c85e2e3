"""Public Sichuan engines' fixtures, re-expressed where their rule agrees with ours (the list of
engines: the survey of public Hong Kong and Sichuan scorers in the rule documents). Each case
names the engine and its test; the hands are written in this project's notation, with the missing
suit the fixture declared, and the expectation is the fixture's own number. Where the engines'
rules differ from the game site's rules page (seed 004), RULINGS.md ("Sichuan: public engines")
lists the difference and the case is left out or only its agreeing part is checked."""

from __future__ import annotations

from typing import Any

import pytest

import scorer
from scorer.rules.sichuan.settlement import settle
from scorer.sichuan import build_play

RA = "EpicOrange/riichi_advanced sichuan_yaku_test.exs"
ZX = "zhuxuanjian/sichuan-mahjong-calculator tests/scoring.test.js"
ZXS = "zhuxuanjian/sichuan-mahjong-calculator tests/settlement.test.js"

# (engine and test, hand, missing suit, the fixture's fans as ours name them, fan before the cap)
HANDS = [
    (f"{RA} 'sichuan - root'", "234456m6777789p6p", "s", {"basic": 1, "root": 1}, 1),
    (f"{RA} 'sichuan - root x2'", "233334m5m777789p1m", "s", {"basic": 1, "root": 2}, 2),
    (f"{RA} 'sichuan - all triplets'", "222333m7778889p9p", "s", {"all_pungs": 1}, 1),
    (f"{RA} 'sichuan - full flush'", "222345777888m9m9m", "s", {"basic": 1, "full_flush": 1}, 2),
    (f"{RA} 'sichuan - seven pairs (with repeat)'", "22223355m77889p9p", "s", {"seven_pairs": 1, "root": 1}, 3),
    # their 'Golden Single Wait' is worth 2 alone; ours is 碰碰胡 1 + 金钩钓 1: the same fan
    (f"{RA} 'sichuan - golden single wait'", "[2222m][333m1][555m1][777p1]8p8p", "s",
     {"all_pungs": 1, "golden_hook": 1, "root": 1}, 3),
    (f"{ZX} 'scores seven pairs plus each root without merging standard labels'", "1111223344556m6m", "p",
     {"seven_pairs": 1, "full_flush": 1, "root": 1}, 5),
    (f"{ZX} 'counts every concealed four-of-a-kind as a separate root'", "1111222233445m5m", "p",
     {"seven_pairs": 1, "full_flush": 1, "root": 2}, 6),
    (f"{ZX} 'adds pure one suit only when every concealed and exposed tile shares a suit'", "1231234567877m9m",
     "s", {"basic": 1, "full_flush": 1}, 2),
    (f"{ZX} 'chooses the interpretation with the highest raw fan before applying the cap'", "1122334455667m7m",
     "s", {"seven_pairs": 1, "full_flush": 1}, 4),
    # their test is self-drawn and adds 自摸 +1 (4); the hand's own fans agree: 大对子 1 + 清一色 2
    (f"{ZX} 'does not cap exactly four raw fan'", "1112223334445m5m", "s", {"all_pungs": 1, "full_flush": 1}, 3),
]


@pytest.mark.parametrize(("hand", "missing", "fans", "points"), [pytest.param(*h[1:], id=h[0]) for h in HANDS])
def test_peer_hand(hand: str, missing: str, fans: dict[str, int], points: int) -> None:
    r = scorer.score(hand, ruleset="sichuan", missing_suit=missing, discarder="S")
    assert {f.id: f.count for f in r.fans} == fans
    assert r.points == points and r.total == min(points, 5)


def test_riichi_advanced_rinshan_and_chankan() -> None:
    """'sichuan - rinshan': a concealed kong, then the win on its replacement: root + 杠上开花;
    'sichuan - chankan': 抢杠胡 1 on a plain hand."""
    r = scorer.score("[2222m]3456m6m778899p", ruleset="sichuan", missing_suit="s", self_drawn=True,
                     kong_replacement=True)
    assert {f.id: f.count for f in r.fans} == {"basic": 1, "root": 1, "kong_replacement": 1}
    r = scorer.score("[333m1]222m44m78m789p9m", ruleset="sichuan", missing_suit="s", discarder="S", robbing_kong=True)
    assert {f.id: f.count for f in r.fans} == {"basic": 1, "robbing_kong": 1}


SUITS = {"E": "s", "S": "s", "W": "m", "N": "m"}


def _settle(events: list[dict[str, Any]]) -> scorer.sichuan.Settlement:
    return settle(build_play(missing_suits=SUITS, events=events))


def test_zhuxuanjian_settles_the_three_kong_types_with_fixed_amounts() -> None:
    """'settles the three kong types with fixed amounts': nets 5, 1, -5, -1."""
    s = _settle([{"kong": {"player": "E", "kind": "concealed", "tile": "9p"}},
                 {"kong": {"player": "S", "kind": "added", "tile": "7p"}},
                 {"kong": {"player": "N", "kind": "exposed", "tile": "8p", "discarder": "W"}}])
    assert dict(s.totals) == {"E": 5, "S": 1, "W": -5, "N": -1}


def test_zhuxuanjian_settles_one_discard_with_multiple_winners() -> None:
    """'settles one discard with multiple winners before both exit': fan 1 and fan 2 on one discard."""
    s = _settle([{"win": {"discarder": "E", "winners": [{"player": "S", "hand": "[555m1]345m666p789p2p2p"},
                                                         {"player": "W", "hand": "11s22s33s44s55s66s2p2p"}]}}])
    assert [r.points for r in s.events[0].scores] == [1, 2]
    assert dict(s.totals) == {"E": -6, "S": 2, "W": 4, "N": 0}


def test_zhuxuanjian_excludes_exited_winners_from_later_kong_payments() -> None:
    """'excludes exited winners from later kong payments': the kongs' part (their self-draw pays 2 ** fan
    with no 自摸加底, so the win itself differs)."""
    win = {"win": {"discarder": None, "winners": [{"player": "E", "hand": "123m456m789m11p23p4p"}]}}
    s = _settle([win, {"kong": {"player": "S", "kind": "concealed", "tile": "9p"}}])
    assert dict(s.events[1].changes) == {"E": 0, "S": 4, "W": -2, "N": -2}
    s = _settle([win, {"kong": {"player": "S", "kind": "added", "tile": "9p"}}])
    assert dict(s.events[1].changes) == {"E": 0, "S": 2, "W": -1, "N": -1}


def test_zhuxuanjian_rejects_later_events_of_a_player_who_has_won() -> None:
    win = {"win": {"discarder": None, "winners": [{"player": "E", "hand": "123m456m789m11p23p4p"}]}}
    with pytest.raises(scorer.ScorerError) as e:
        _settle([win, {"kong": {"player": "E", "kind": "added", "tile": "9p"}}])
    assert e.value.code == "player_out"
