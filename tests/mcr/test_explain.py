"""Explaining a score (``explain=True``): the sets behind each fan, the fans left out and by which
principle, the readings weighed.

For every seed, the exact ``sets`` and ``excluded`` written in it (``"explain"``); the principles'
own examples by name; then properties over thousands of generated hands: explaining never changes
the answer, every index is in range, each fan's sets have the fan's shape, every ``by`` is a
counted fan, and a fan is counted and excluded at once only for occurrences on other sets (or the
one occurrence a row's ``implies_one`` takes away). Then the service, the batch and the CLI.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scorer
from scorer.cli import main
from scorer.result import ScoredSet
from scorer.tiles import INDEX, RANK, SUIT, Tile
from testkit.explained import EXPLAIN_KEYS, same_answer
from testkit.hands.themed import GenHand, generate_many
from testkit.seeds import load_seeds
from testkit.strategies import MCR_PROPS as PROPS
from testkit.strategies import complete_hands

SEEDS = load_seeds()



def explained(request: dict[str, Any]) -> scorer.Result:
    hand = request["hand"]
    if isinstance(hand, dict):
        hand = scorer.Hand.build(**hand)
    return scorer.score(hand, **request.get("context", {}), explain=True)


def seed(seed_id: str) -> dict[str, Any]:
    return next(s for s in SEEDS if s["id"] == seed_id)


# --- the seeds ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("s", [pytest.param(s, id=s["id"]) for s in SEEDS])
def test_seed_explanation(s: dict[str, Any]) -> None:
    """Each seed's fans are made of the sets it names, and it leaves out what it names, and why."""
    want = s["explain"]
    d = explained(s["request"]).to_dict()
    assert {f["id"]: f["sets"] for f in d["fans"]} == want["sets"] if d["winning"] else not want["sets"]
    assert [{k: x[k] for k in ("id", "by", "rule", "sets")} for x in d.get("excluded", [])] == want["excluded"]


def excluded(seed_id: str) -> dict[str, tuple[Any, str, list[list[int]]]]:
    return {x["id"]: (x["by"], x["rule"], x["sets"]) for x in seed(seed_id)["explain"]["excluded"]}


def test_pure_straight_excludes_short_straight_and_two_terminal_chows() -> None:
    """Seed 000: 清龍不再計連六、老少副 — 123m 456m 789m are sets 0, 1, 2."""
    x = excluded("028_pure_straight")
    assert x["short_straight"] == ("pure_straight", "implied", [[0, 1], [1, 2]])
    assert x["two_terminal_chows"] == ("pure_straight", "implied", [[0, 2]])
    assert seed("028_pure_straight")["explain"]["sets"]["pure_straight"] == [[0, 1, 2]]


def test_mixed_triple_chow_excludes_mixed_double_chow() -> None:
    x = excluded("041_mixed_triple_chow")
    by, rule, sets = x["mixed_double_chow"]
    assert (by, rule) == ("mixed_triple_chow", "implied") and len(sets) == 3


def test_account_once() -> None:
    """套算一次: 123m 123p 123s make Mixed Triple Chow; the second 123m combines once (Pure Double
    Chow with 123m), not again as Mixed Double Chow with 123p or 123s."""
    s = seed("907_account_once")
    assert s["explain"]["sets"]["mixed_triple_chow"] == [[0, 1, 3]]
    assert s["explain"]["sets"]["pure_double_chow"] == [[1, 2]]
    once = [x for x in s["explain"]["excluded"] if x["rule"] == "account_once"]
    assert once == [{"id": "mixed_double_chow", "by": ["mixed_triple_chow", "pure_double_chow"],
                     "rule": "account_once", "sets": [[2, 3], [0, 2]]}]


def test_non_identical() -> None:
    """不得相同: 345m 345m 678m score one Short Straight; the second 345m cannot make another with 678m."""
    s = seed("060_prevalent_wind")
    assert s["explain"]["sets"]["short_straight"] == [[1, 3]]
    assert excluded("060_prevalent_wind")["short_straight"] == ("short_straight", "non_identical", [[2, 3]])


def test_no_splitting() -> None:
    """不拆移: 333p 444p 555p 666p cannot be split into chows for Pure Triple Chow (another reading)."""
    by, rule, _ = excluded("015_four_pure_shifted_pungs")["pure_triple_chow"]
    assert (by, rule) == ("four_pure_shifted_pungs", "no_splitting")
    assert any(f["id"] == "pure_triple_chow" for a in explained(seed("015_four_pure_shifted_pungs")["request"])
               .to_dict()["arrangements"] for f in a["fans"])


def test_every_seed_says_its_explanation() -> None:
    assert all("explain" in s for s in SEEDS)


# --- shapes ----------------------------------------------------------------------------------------------
def _t(code: str) -> int:
    return INDEX[Tile(code)]


def _chows(sets: Sequence[ScoredSet]) -> list[int] | None:
    """First tiles of the chows, in order, if every set is a chow."""
    if any(s.kind != "chow" for s in sets):
        return None
    return sorted(_t(s.tiles[0]) for s in sets)


def _pungs(sets: Sequence[ScoredSet]) -> list[int] | None:
    if any(s.kind not in ("pung", "kong") for s in sets):
        return None
    return sorted(_t(s.tiles[0]) for s in sets)


def _suited(ts: Sequence[int]) -> bool:
    return all(t < 27 for t in ts)


def _chow_shape(n: int, test: Callable[[list[int], list[int], list[int]], bool]) -> Callable[..., bool]:
    def check(sets: Sequence[ScoredSet], **_: Any) -> bool:
        c = _chows(sets)
        return c is not None and len(c) == n and test(c, [SUIT[t] for t in c], [RANK[t] for t in c])
    return check


def _pung_shape(n: int, test: Callable[[list[int]], bool]) -> Callable[..., bool]:
    def check(sets: Sequence[ScoredSet], **_: Any) -> bool:
        p = _pungs(sets)
        return p is not None and len(p) == n and test(p)
    return check


def _steps(xs: list[int], *steps: int) -> bool:
    return any(all(b - a == s for a, b in zip(xs, xs[1:], strict=False)) for s in steps)


def _three_suits(suits: list[int]) -> bool:
    return len(set(suits)) == len(suits)


WINDS_ = range(27, 31)
DRAGONS_ = range(31, 34)
SHAPES: dict[str, Callable[..., bool]] = {
    "pure_double_chow": _chow_shape(2, lambda c, s, r: c[0] == c[1]),
    "mixed_double_chow": _chow_shape(2, lambda c, s, r: r[0] == r[1] and s[0] != s[1]),
    "short_straight": _chow_shape(2, lambda c, s, r: c[1] - c[0] == 3 and s[0] == s[1]),
    "two_terminal_chows": _chow_shape(2, lambda c, s, r: s[0] == s[1] and r == [1, 7]),
    "pure_triple_chow": _chow_shape(3, lambda c, s, r: len(set(c)) == 1),
    "pure_straight": _chow_shape(3, lambda c, s, r: len(set(s)) == 1 and r == [1, 4, 7]),
    "pure_shifted_chows": _chow_shape(3, lambda c, s, r: len(set(s)) == 1 and _steps(c, 1, 2)),
    "mixed_triple_chow": _chow_shape(3, lambda c, s, r: _three_suits(s) and len(set(r)) == 1),
    "mixed_straight": _chow_shape(3, lambda c, s, r: _three_suits(s) and sorted(r) == [1, 4, 7]),
    "mixed_shifted_chows": _chow_shape(3, lambda c, s, r: _three_suits(s) and _steps(sorted(r), 1)),
    "quadruple_chow": _chow_shape(4, lambda c, s, r: len(set(c)) == 1),
    "four_pure_shifted_chows": _chow_shape(4, lambda c, s, r: len(set(s)) == 1 and _steps(c, 1, 2)),
    "double_pung": _pung_shape(2, lambda p: _suited(p) and RANK[p[0]] == RANK[p[1]] and SUIT[p[0]] != SUIT[p[1]]),
    "triple_pung": _pung_shape(3, lambda p: _suited(p) and len({RANK[t] for t in p}) == 1
                               and _three_suits([SUIT[t] for t in p])),
    "pure_shifted_pungs": _pung_shape(3, lambda p: _suited(p) and len({SUIT[t] for t in p}) == 1 and _steps(p, 1)),
    "mixed_shifted_pungs": _pung_shape(3, lambda p: _suited(p) and _three_suits([SUIT[t] for t in p])
                                       and _steps(sorted(RANK[t] for t in p), 1)),
    "four_pure_shifted_pungs": _pung_shape(4, lambda p: _suited(p) and len({SUIT[t] for t in p}) == 1
                                           and _steps(p, 1)),
    "two_dragon_pungs": _pung_shape(2, lambda p: all(t in DRAGONS_ for t in p)),
    "big_three_dragons": _pung_shape(3, lambda p: p == [31, 32, 33]),
    "big_three_winds": _pung_shape(3, lambda p: all(t in WINDS_ for t in p)),
    "big_four_winds": _pung_shape(4, lambda p: p == [27, 28, 29, 30]),
    "dragon_pung": _pung_shape(1, lambda p: p[0] in DRAGONS_),
    "pung_of_terminals_or_honors": _pung_shape(1, lambda p: p[0] >= 27 or RANK[p[0]] in (1, 9)),
}


def _shape_ok(fan: str, sets: Sequence[ScoredSet], r: scorer.Result, hand: scorer.Hand,
              ctx: scorer.Context) -> bool:
    kinds = [s.kind for s in sets]
    if fan in SHAPES:
        return SHAPES[fan](sets)
    if fan in ("seat_wind", "prevalent_wind"):
        wind = ctx.seat_wind if fan == "seat_wind" else ctx.prevalent_wind
        return kinds in (["pung"], ["kong"]) and sets[0].tiles[0] == wind
    if fan in ("little_three_dragons", "little_four_winds"):
        group = DRAGONS_ if fan == "little_three_dragons" else WINDS_
        pungs = [s for s in sets if s.kind in ("pung", "kong")]
        return (kinds.count("pair") == 1 and len(pungs) == (2 if group is DRAGONS_ else 3)
                and all(_t(s.tiles[0]) in group for s in sets))
    if fan in ("pure_terminal_chows", "three_suited_terminal_chows"):
        c = _chows([s for s in sets if s.kind == "chow"])
        pair = [s for s in sets if s.kind == "pair"]
        return c is not None and len(c) == 4 and len(pair) == 1 and RANK[_t(pair[0].tiles[0])] == 5 and sorted(
            RANK[t] for t in c) == [1, 1, 7, 7]
    if fan in ("melded_kong", "concealed_kong"):
        return kinds == ["kong"] and sets[0].concealed == (fan == "concealed_kong")
    if fan in ("two_melded_kongs", "two_concealed_kongs", "three_kongs", "four_kongs"):
        n = {"three_kongs": 3, "four_kongs": 4}.get(fan, 2)
        return kinds == ["kong"] * n and (fan != "two_concealed_kongs" or all(s.concealed for s in sets))
    if fan in ("two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs"):
        n = {"two_concealed_pungs": 2, "three_concealed_pungs": 3, "four_concealed_pungs": 4}[fan]
        return len(sets) == n and all(k in ("pung", "kong") for k in kinds)
    if fan == "tile_hog":
        tiles = [t for s in sets for t in s.tiles]
        return any(tiles.count(t) == 4 for t in tiles) and "kong" not in kinds
    if fan in ("edge_wait", "closed_wait"):
        win = hand.winning_tile.value
        return (kinds == ["chow"] and sets[0].concealed and win in sets[0].tiles
                and (sets[0].tiles[1] == win) == (fan == "closed_wait"))
    if fan == "single_wait":
        return kinds == ["pair"] and sets[0].tiles[0] == hand.winning_tile.value
    if fan == "knitted_straight":
        return kinds in (["knitted_straight"], ["knitted"])
    raise AssertionError(f"no shape known for {fan}")


NO_SET = {"self_drawn", "flower_tiles", "last_tile", "fully_concealed_hand", "concealed_hand", "melded_hand",
          "last_tile_draw", "last_tile_claim", "out_with_replacement_tile", "robbing_the_kong"}


def check_explained(plain: scorer.Result, r: scorer.Result, hand: scorer.Hand, ctx: scorer.Context) -> None:
    d = same_answer(plain, r)
    if not r.winning:
        assert d["excluded"] == [] and d["arrangements"] == [] and d["fans"] == []
        return
    dec = r.decomposition
    n = len(dec)
    one_set = n == 1  # the whole hand as one group (thirteen orphans, honours and knitted)
    counted = {f["id"]: f for f in d["fans"]}
    for f in d["fans"]:
        assert len(f["sets"]) == f["count"], f["id"]
        for occ in f["sets"]:
            assert all(0 <= i < n for i in occ) and len(set(occ)) == len(occ) and occ == sorted(occ)
            if f["id"] in NO_SET:
                assert occ == []
            elif one_set:
                assert occ == [0]
            elif f["id"] in scorer.rules.mcr.explain.WHOLE_HAND:
                assert occ == list(range(n)), f["id"]
            else:
                assert _shape_ok(f["id"], [dec[i] for i in occ], r, hand, ctx), (f["id"], occ, dec)
    for x in d["excluded"]:
        by = [x["by"]] if isinstance(x["by"], str) else x["by"]
        assert by and all(b in counted for b in by), x
        assert x["rule"] in ("implied", "non_identical", "account_once", "no_splitting")
        for occ in x["sets"]:
            assert all(0 <= i < n for i in occ)
            if x["rule"] != "no_splitting" and occ and not one_set and x["id"] in SHAPES:
                assert _shape_ok(x["id"], [dec[i] for i in occ], r, hand, ctx), (x, dec)
        if x["id"] in counted:
            # counted and left out at once: only other occurrences (other sets; Nine Gates' row
            # takes away one Pung of Terminals, the other pung counts)
            same = [o for o in x["sets"] if o in counted[x["id"]]["sets"]]
            assert not same, (x, counted[x["id"]])
    assert len(d["arrangements"]) <= 10
    points = [a["points"] for a in d["arrangements"]]
    assert points == sorted(points, reverse=True) and all(pt <= r.points for pt in points)
    for a in d["arrangements"]:
        assert a["total"] == a["points"] + r.flower_points
        assert sum(f["points"] * f["count"] for f in a["fans"] if f["id"] != "flower_tiles") == a["points"]


def _check(g: GenHand) -> None:
    hand, ctx = scorer.Hand.build(**g.hand_kwargs()), scorer.Context(**g.context)
    check_explained(scorer.score(hand, ctx), scorer.score(hand, ctx, explain=True), hand, ctx)


@pytest.mark.slow
@pytest.mark.parametrize("start", range(0, 3000, 500))
def test_explained_properties_over_generated_hands(start: int) -> None:
    """3,000 generated hands (seed 17), in six slices so that a failure names its slice."""
    for g in generate_many(3000, seed=17)[start:start + 500]:
        _check(g)


@PROPS
@given(complete_hands())
def test_explained_properties(g: GenHand) -> None:
    _check(g)


def test_the_seeds_hold_the_properties() -> None:
    for s in SEEDS:
        req = s["request"]
        hand = scorer.Hand.build(**req["hand"]) if isinstance(req["hand"], dict) else scorer.Hand.parse(req["hand"])
        ctx = scorer.Context.build(**req.get("context", {}))
        check_explained(scorer.score(hand, ctx), scorer.score(hand, ctx, explain=True), hand, ctx)


def test_traced_sets_match_the_engines_raw_counts() -> None:
    """The explanation's occurrences, counted and excluded by the table, add up to the detectors' raw
    counts for the arrangement that scored: the explanation reads the engine, it does not judge anew."""
    from scorer.rules.mcr.scoring import detected_fans

    for g in generate_many(1500, seed=23):
        hand, ctx = scorer.Hand.build(**g.hand_kwargs()), scorer.Context(**g.context)
        raw = detected_fans(hand, ctx)
        if raw is None:
            continue
        d = scorer.score(hand, ctx, explain=True).to_dict()
        got = {f["id"]: f["count"] for f in d["fans"] if f["id"] not in ("chicken_hand", "flower_tiles")}
        by_table = {}
        for x in d["excluded"]:
            by = [x["by"]] if isinstance(x["by"], str) else x["by"]
            if x["rule"] == "implied" and x["id"] in raw and all(
                    x["id"] in scorer.mcr.BY_ID[b].implies + scorer.mcr.BY_ID[b].implies_one for b in by):
                by_table[x["id"]] = by_table.get(x["id"], 0) + len(x["sets"])
        for fan, n in raw.items():
            assert got.get(fan, 0) + by_table.get(fan, 0) >= n, (g.notation(), fan, d)


# --- Nine Gates -----------------------------------------------------------------------------------------
def _nine_gates(suit: str, rank: int, self_drawn: bool) -> tuple[scorer.Hand, scorer.Context]:
    hand = scorer.Hand.parse(f"1112345678999{suit}{rank}{suit}")
    return hand, scorer.Context(self_drawn=self_drawn, discarder=None if self_drawn else "S")


def _check_nine_gates(suit: str, rank: int, self_drawn: bool) -> None:
    """Explained, a Nine Gates hand is its regular reading: each fan's sets have the fan's shape,
    Nine Gates rests on every entry, and the plain answer still shows one group of 14 tiles."""
    hand, ctx = _nine_gates(suit, rank, self_drawn)
    plain, r = scorer.score(hand, ctx), scorer.score(hand, ctx, explain=True)
    assert plain.count("nine_gates") == 1 and [s.kind for s in plain.decomposition] == ["nine_gates"]
    check_explained(plain, r, hand, ctx)
    assert r.explanation is not None and len(r.decomposition) == 5
    for f, sets in zip(r.fans, r.explanation.sets, strict=True):
        if f.id == "nine_gates":
            assert sets == ((0, 1, 2, 3, 4),)
        elif f.id not in NO_SET:
            for occ in sets:
                assert _shape_ok(f.id, [r.decomposition[i] for i in occ], r, hand, ctx), (f.id, occ)


@PROPS
@given(st.sampled_from("mps"), st.integers(1, 9), st.booleans())
def test_e13_every_nine_gates_fan_has_its_shape(suit: str, rank: int, self_drawn: bool) -> None:
    _check_nine_gates(suit, rank, self_drawn)


def test_e13_every_nine_gates_hand_explained() -> None:
    """All 54: each suit, each of the nine winning tiles, on a discard and self-drawn."""
    for suit in "mps":
        for rank in range(1, 10):
            for self_drawn in (False, True):
                _check_nine_gates(suit, rank, self_drawn)


def test_e13_nine_gates_lights_its_pungs() -> None:
    """The issue's hand: 1112345678999s + 5s, self-drawn: 111s 234s 678s 999s 55s."""
    hand, ctx = _nine_gates("s", 5, True)
    d = scorer.score(hand, ctx, explain=True).to_dict()
    assert [s["tiles"] for s in d["decomposition"]] == [["1s"] * 3, ["2s", "3s", "4s"], ["6s", "7s", "8s"],
                                                        ["9s"] * 3, ["5s"] * 2]
    sets = {f["id"]: f["sets"] for f in d["fans"]}
    assert sets == {"nine_gates": [[0, 1, 2, 3, 4]], "two_concealed_pungs": [[0, 3]],
                    "pung_of_terminals_or_honors": [[0]], "self_drawn": [[]]}
    assert {x["id"]: x["sets"] for x in d["excluded"]}["pung_of_terminals_or_honors"] == [[3]]


# --- the interface ---------------------------------------------------------------------------------------
def test_without_explain_nothing_is_added() -> None:
    r = scorer.score("[222m1][444m2][666m3]88mWW8m", discarder="S")
    assert r.explanation is None
    assert set(r.to_dict()) == {"ruleset", "winning", "valid", "points", "flower_points", "total", "fans",
                                "decomposition", "payouts", "reason"}
    assert all("sets" not in f for f in r.to_dict()["fans"])


def test_an_incomplete_hand_explains_nothing() -> None:
    d = scorer.score("123m456m789p11s35s7s", discarder="S", explain=True).to_dict()
    assert d["winning"] is False and d["excluded"] == [] and d["arrangements"] == []


def test_a_book_without_explain_says_so() -> None:
    book = dataclasses.replace(scorer.rulebook("mcr"), explain=None)
    with pytest.raises(scorer.ScorerError) as e:
        book.explained(scorer.Hand.parse("[222m1][444m2][666m3]88mWW8m"), scorer.Context(), book.parse_options(None))
    assert e.value.code == "not_in_ruleset" and e.value.pointer == "/explain"


def test_service_explains(client: Any) -> None:
    body = {**seed("028_pure_straight")["request"], "explain": True}
    got = client.post("/v1/score", json=body).get_json()
    assert [f["sets"] for f in got["fans"]] == list(seed("028_pure_straight")["explain"]["sets"].values())
    assert {x["id"] for x in got["excluded"]} >= {"short_straight", "two_terminal_chows"}
    plain = client.post("/v1/score", json=seed("028_pure_straight")["request"]).get_json()
    assert {k: v for k, v in got.items() if k not in EXPLAIN_KEYS and k != "fans"} == {
        k: v for k, v in plain.items() if k != "fans"}


def test_service_batch_items_explain_one_by_one(client: Any) -> None:
    req = seed("041_mixed_triple_chow")["request"]
    got = client.post("/v1/score/batch", json={"requests": [{**req, "explain": True}, req]}).get_json()["results"]
    assert "sets" in got[0]["fans"][0] and "excluded" in got[0]
    assert "sets" not in got[1]["fans"][0] and "excluded" not in got[1]


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_service_explain_must_be_a_boolean(client: Any, value: Any) -> None:
    resp = client.post("/v1/score", json={"hand": "[222m1][444m2][666m3]88mWW8m", "explain": value})
    assert resp.status_code == 422
    assert resp.get_json()["errors"][0]["pointer"] == "/explain"


def test_fast_path_reads_explain() -> None:
    from scorer.wire.schemas import fast_load

    body = {"hand": "[222m1][444m2][666m3]88mWW8m", "explain": True}
    assert fast_load(body) == body
    assert fast_load({**body, "explain": "yes"}) is None


def test_cli_explain(capsys: Any) -> None:
    assert main(["[123m1]456m789m33p56s4s", "--discarder", "W", "--explain"]) == 0
    out = capsys.readouterr().out
    assert "Pure Straight: 123m 456m 789m" in out
    assert "Short Straight 连六 — implied by Pure Straight (123m 456m; 456m 789m)" in out
    assert main(["[123m1]456m789m33p56s4s", "--discarder", "W", "--explain", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["fans"][0]["sets"] == [[0, 1, 2]]
