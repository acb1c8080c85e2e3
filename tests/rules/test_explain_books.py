"""Explaining Hong Kong and Sichuan scores (``explain=True`` with ``ruleset="hk"`` / ``"sichuan"``).

For every scoring seed, the exact ``sets`` and ``excluded`` written in it; the replacements by name
(小三元, 齐四季/四君子, a limit hand, 将对) and where a 根 rests; then properties over generated
hands of each book: explaining never changes the answer, every index is in range, each fan has one
list of sets per count, each set-made fan's sets have its shape, every ``by`` is a counted fan, and
the readings weighed are at most ten, best first, none better than the one that scored. Then the
service, the batch, the CLI, and that plain scoring never loads the explaining modules.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scorer
from scorer.cli import main
from scorer.forms import Form
from scorer.rules.hk.explain import NO_SET as HK_NO_SET
from scorer.rules.hk.explain import WHOLE_HAND as HK_WHOLE
from scorer.rules.hk.explain import _Sets, plain
from scorer.rules.hk.fans import LIMITS as HK_LIMIT_ORDER
from scorer.rules.hk.scoring import division_sets, weighed_readings
from scorer.rules.sichuan.explain import NO_SET as SC_NO_SET
from scorer.tiles import INDEX, Tile
from testkit.explained import same_answer
from testkit.hands.books import hk_requests, sichuan_requests
from testkit.strategies import HK_PROPS, winning_hands
from testkit.strategies import SICHUAN_PROPS as SC_PROPS
from testkit.strategies import hk_hands as hk_strategy

ROOT = Path(__file__).resolve().parents[2]
EXPLAIN_KEYS = ("excluded", "arrangements")
RULES = ("implied", "non_identical", "account_once", "no_splitting", "replaces")


def _seeds(book: str) -> list[dict[str, Any]]:
    out = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "seeds" / book).glob("*.json"))]
    out = [s for s in out if s.get("kind", "score") == "score"]
    for s in out:  # the Sichuan seeds' requests leave the rule book to their folder
        s["request"] = {"ruleset": book, **s["request"]}
    return out


HK_SEEDS = _seeds("hk")
HK_LIMITS = frozenset(row.id for row in scorer.rulebook("hk").fan_table if row.limit)
SC_SEEDS = _seeds("sichuan")


def _hand(given: str | dict[str, Any]) -> scorer.Hand:
    return scorer.Hand.parse(given) if isinstance(given, str) else scorer.Hand.build(**given)


def explained(request: dict[str, Any], explain: bool = True) -> scorer.Result:
    return scorer.score(_hand(request["hand"]), ruleset=request["ruleset"], options=request.get("options"),
                        explain=explain, **request.get("context", {}))


def seed(book: str, seed_id: str) -> dict[str, Any]:
    return next(s for s in (HK_SEEDS if book == "hk" else SC_SEEDS) if s["id"] == seed_id)


def hk(hand: str, flowers: tuple[str, ...] = (), **context: Any) -> dict[str, Any]:
    h = scorer.Hand.parse(hand, list(flowers)) if flowers else scorer.Hand.parse(hand)
    return scorer.score(h, ruleset="hk", explain=True, **context).to_dict()


def sc(hand: str, **context: Any) -> dict[str, Any]:
    context.setdefault("missing_suit", "s")
    return scorer.score(hand, ruleset="sichuan", explain=True, **context).to_dict()


def sets_of(d: dict[str, Any]) -> dict[str, list[list[int]]]:
    return {f["id"]: f["sets"] for f in d["fans"]}


def excluded_of(d: dict[str, Any]) -> dict[str, tuple[Any, str, list[list[int]]]]:
    return {x["id"]: (x["by"], x["rule"], x["sets"]) for x in d["excluded"]}


# --- the seeds ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("s", [pytest.param(s, id=f"hk-{s['id']}") for s in HK_SEEDS]
                         + [pytest.param(s, id=f"sichuan-{s['id']}") for s in SC_SEEDS])
def test_seed_explanation(s: dict[str, Any]) -> None:
    """Each seed's fans are made of the sets it names, and it leaves out what it names, and why."""
    want = s["explain"]
    d = explained(s["request"]).to_dict()
    assert sets_of(d) == want["sets"]
    assert [{k: x[k] for k in ("id", "by", "rule", "sets")} for x in d["excluded"]] == want["excluded"]


def test_every_scoring_seed_says_its_explanation() -> None:
    assert HK_SEEDS and SC_SEEDS and all("explain" in s for s in HK_SEEDS + SC_SEEDS)


# --- Hong Kong: what takes another's place ---------------------------------------------------------------
def test_hk_little_three_dragons_replaces_its_dragon_pungs() -> None:
    """Seed 010: CCC (melded) and FFF with a PP pair; 小三元 takes the two 箭刻' place."""
    x = seed("hk", "010_little_three_dragons")["explain"]
    assert x["sets"]["little_three_dragons"] == [[0, 3, 4]]
    assert x["excluded"] == [{"id": "dragon_pung", "by": "little_three_dragons", "rule": "replaces",
                              "sets": [[0], [3]]}]


def test_hk_flower_set_replaces_its_own_seat_flower() -> None:
    x = seed("hk", "014_flower_set")["explain"]
    assert x["sets"]["flower_set"] == [[]] and x["sets"]["seat_flower"] == [[]]  # the other set's own tile
    assert x["excluded"] == [{"id": "seat_flower", "by": "flower_set", "rule": "replaces", "sets": [[]]}]
    both = hk("[123m1]456p789s22sCCC", ("plum", "orchid", "chrysanthemum", "bamboo", "spring", "summer", "autumn",
                                       "winter"), discarder="N")
    assert excluded_of(both)["seat_flower"] == ("flower_set", "replaces", [[], []])


def test_hk_a_limit_hand_replaces_everything_else() -> None:
    """Seed 004: 大三元 rests on its three dragon pungs and takes the place of 碰碰胡, the three
    箭刻, 门前清 and 无花, each with the sets it would have had."""
    x = seed("hk", "004_big_three_dragons")["explain"]
    assert x["sets"] == {"big_three_dragons": [[1, 2, 3]]}
    assert {e["id"]: e["sets"] for e in x["excluded"]} == {
        "all_pungs": [[0, 1, 2, 3, 4]], "dragon_pung": [[1], [2], [3]], "concealed": [[0, 1, 2, 3, 4]],
        "no_flowers": [[]]}
    assert {(e["by"], e["rule"]) for e in x["excluded"]} == {("big_three_dragons", "replaces")}


def test_hk_several_limits_name_the_first_and_the_others_are_replaced() -> None:
    """Seed 002: 字一色 that is also 大四喜 (HK16): 大四喜 is listed, replaced by 字一色."""
    x = seed("hk", "002_all_honors")["explain"]
    assert x["sets"] == {"all_honors": [[0, 1, 2, 3, 4]]}
    assert {"id": "big_four_winds", "by": "all_honors", "rule": "replaces", "sets": [[0, 1, 2, 3]]} in x["excluded"]


def test_hk_a_hand_shown_as_one_group_points_at_it() -> None:
    """十三幺 and 九莲宝灯 are one group: every set-made occurrence is [0], a no-set one []."""
    x = seed("hk", "007_nine_gates")["explain"]
    assert x["sets"] == {"nine_gates": [[0]]}
    assert {e["id"]: e["sets"] for e in x["excluded"]} == {"full_flush": [[0]], "concealed": [[0]],
                                                           "no_flowers": [[]]}
    assert seed("hk", "001_thirteen_orphans")["explain"]["sets"] == {"thirteen_orphans": [[0]]}


def test_hk_whole_hand_and_no_set_fans() -> None:
    x = seed("hk", "023_kong_replacement")["explain"]["sets"]
    assert x["half_flush"] == x["concealed"] == [[0, 1, 2, 3, 4]]
    assert x["self_drawn"] == x["no_flowers"] == x["kong_replacement"] == [[]]


def test_hk_readings_weighed() -> None:
    """111222333m 789p 55s read as chows (平胡) or as pungs: the chows win (3 fan), the pungs are listed (2)."""
    d = hk("111m222m333m789p5s5s", discarder="N")
    assert [f["id"] for f in d["fans"]] == ["all_chows", "concealed", "no_flowers"]
    assert [(a["points"], a["total"], [f["id"] for f in a["fans"]], [s["kind"] for s in a["decomposition"]])
            for a in d["arrangements"]] == [(2, 2, ["concealed", "no_flowers"],
                                             ["pung", "pung", "pung", "chow", "pair"])]


# --- Sichuan ---------------------------------------------------------------------------------------------
def test_sichuan_all_258_pungs_replaces_all_pungs() -> None:
    x = seed("sichuan", "005_all_258_pungs")["explain"]
    assert x["sets"] == {"all_258_pungs": [[0, 1, 2, 3, 4]]}
    assert x["excluded"] == [{"id": "all_pungs", "by": "all_258_pungs", "rule": "replaces",
                              "sets": [[0, 1, 2, 3, 4]]}]


def test_sichuan_a_root_rests_on_the_entries_holding_its_four_tiles() -> None:
    assert seed("sichuan", "009_kong_replacement")["explain"]["sets"]["root"] == [[0]]  # a kong
    assert seed("sichuan", "008_root")["explain"]["sets"]["root"] == [[0, 1]]  # a pung and a chow with the fourth
    assert seed("sichuan", "012_dragon_seven_pairs")["explain"]["sets"]["root"] == [[0, 1]]  # two pairs
    d = sc("11m123m123m456p78p9p", discarder="N")  # four 1m, none in a pung: two chows and the pair
    assert [("".join(s["tiles"])) for s in d["decomposition"]] == ["1m2m3m", "1m2m3m", "4p5p6p", "7p8p9p", "1m1m"]
    assert sets_of(d)["root"] == [[0, 1, 4]]


def test_sichuan_readings_weighed() -> None:
    d = sc("112233m445566p9m9m", discarder="N")  # seven pairs, or chows 123m 123m 456p 456p and 99m
    assert sets_of(d) == {"seven_pairs": [list(range(7))]}
    assert [([f["id"] for f in a["fans"]], a["points"]) for a in d["arrangements"]] == [(["basic"], 0)]


# --- properties ------------------------------------------------------------------------------------------
def _pungs(sets: list[dict[str, Any]]) -> list[int] | None:
    if any(s["kind"] not in ("pung", "kong") for s in sets):
        return None
    return [INDEX[Tile(s["tiles"][0])] for s in sets]


def _hk_shape(fan: str, sets: list[dict[str, Any]], ctx: scorer.Context) -> bool:
    pungs = _pungs([s for s in sets if s["kind"] != "pair"])
    pairs = [s for s in sets if s["kind"] == "pair"]
    if pungs is None:
        return False
    if fan == "dragon_pung":
        return len(pungs) == 1 and not pairs and pungs[0] in (31, 32, 33)
    if fan in ("seat_wind", "prevalent_wind"):
        wind = ctx.seat_wind if fan == "seat_wind" else ctx.prevalent_wind
        return len(pungs) == 1 and not pairs and sets[0]["tiles"][0] == wind
    if fan == "little_three_dragons":
        return len(pungs) == 2 and len(pairs) == 1 and sorted(
            [*pungs, INDEX[Tile(pairs[0]["tiles"][0])]]) == [31, 32, 33]
    if fan == "big_three_dragons":
        return sorted(pungs) == [31, 32, 33] and not pairs
    if fan == "big_four_winds":
        return sorted(pungs) == [27, 28, 29, 30] and not pairs
    if fan == "four_kongs":
        return len(pungs) == 4 and all(s["kind"] == "kong" for s in sets)
    if fan == "four_concealed_pungs":
        return len(pungs) == 4 and all(s["concealed"] for s in sets)
    raise AssertionError(f"no shape known for {fan}")


def check(book: str, hand: scorer.Hand, ctx: dict[str, Any], opts: dict[str, Any]) -> dict[str, Any]:
    plain = scorer.score(hand, ruleset=book, options=opts, **ctx)
    r = scorer.score(hand, ruleset=book, options=opts, explain=True, **ctx)
    d = same_answer(plain, r)  # fans, points, total, valid, payouts, limit, decomposition unchanged
    if not r.winning:
        assert d["excluded"] == [] and d["arrangements"] == [] and d["fans"] == []
        return d
    dec = d["decomposition"]
    n = len(dec)
    counted = {f["id"]: f for f in d["fans"]}
    no_set, whole_hand = (HK_NO_SET, HK_WHOLE) if book == "hk" else (SC_NO_SET, None)
    context = scorer.Context.build(**{k: v for k, v in ctx.items() if k != "missing_suit" or book == "sichuan"})
    for f in d["fans"]:
        assert len(f["sets"]) == f["count"], f
        for occ in f["sets"]:
            assert all(0 <= i < n for i in occ) and occ == sorted(set(occ)), (f, n)
            if f["id"] in no_set:
                assert occ == []
            elif n == 1:
                assert occ == [0]
            elif book == "sichuan" and f["id"] == "root":
                held = [t for i in occ for t in dec[i]["tiles"]]
                tile = max(set(held), key=held.count)
                assert held.count(tile) == 4 and all(tile in dec[i]["tiles"] for i in occ), (occ, dec)
            elif book == "sichuan" and f["id"] == "middle_five":  # the chow 4-5-6 of the winning 5
                chow = dec[occ[0]]
                assert len(occ) == 1 and chow["kind"] == "chow" and hand.winning_tile.value in chow["tiles"]
            elif book == "sichuan" or f["id"] in (whole_hand or ()):
                assert occ == list(range(n)), f
            else:
                assert _hk_shape(f["id"], [dec[i] for i in occ], context), (f, occ, dec)
    if book == "sichuan" and "root" in counted:
        assert len({tuple(o) for o in counted["root"]["sets"]}) == counted["root"]["count"]
    for x in d["excluded"]:
        by = [x["by"]] if isinstance(x["by"], str) else x["by"]
        assert by and all(b in counted for b in by), x
        assert x["rule"] == "replaces" and x["rule"] in RULES
        # counted and replaced at once: only 正花, one set's own tile counted, the other's replaced by its set
        assert x["id"] not in counted or (x["id"], by, len(x["sets"]) + counted[x["id"]]["count"]) == (
            "seat_flower", ["flower_set"], 2), x
        assert x["sets"] and all(all(0 <= i < n for i in occ) for occ in x["sets"])
        if book == "hk" and r.limit:
            assert by == [d["fans"][0]["id"]]
    assert len(d["arrangements"]) <= 10
    cap = opts.get("max_fan", 13 if book == "hk" else 5)

    def rank(points: int, total: int, fans: list[dict[str, Any]]) -> tuple[int, bool, int]:
        return total, book == "hk" and bool(fans) and fans[0]["id"] in HK_LIMITS, points

    ranks = [rank(a["points"], a["total"], a["fans"]) for a in d["arrangements"]]
    if book == "sichuan":
        ranks = [(0, False, pts) for _, _, pts in ranks]  # the most fan before the cap
    assert ranks == sorted(ranks, reverse=True)
    mine = rank(r.points, r.total, d["fans"]) if book == "hk" else (0, False, r.points)
    assert all(k <= mine for k in ranks)
    for a in d["arrangements"]:
        assert a["total"] == min(a["points"], cap)
        assert sum(f["points"] * f["count"] for f in a["fans"]) == a["points"]
    return d


@pytest.mark.slow
@pytest.mark.parametrize("start", range(0, 2000, 500))
def test_hk_explained_properties_over_generated_hands(start: int) -> None:
    reqs = list(hk_requests(2000, seed=5))[start:start + 500]
    for hand, ctx, opts in reqs:
        check("hk", hand, ctx, opts)


@pytest.mark.slow
@pytest.mark.parametrize("start", range(0, 2000, 500))
def test_sichuan_explained_properties_over_generated_hands(start: int) -> None:
    reqs = list(sichuan_requests(2000, seed=7))[start:start + 500]
    for hand, ctx, opts in reqs:
        check("sichuan", hand, ctx, opts)


def test_generated_hands_reach_every_replacement_and_some_readings() -> None:
    """The generated hands above are not all trivial: they show each kind of replacement and weigh
    more than one reading."""
    seen: set[str] = set()
    readings = 0
    for book, reqs in (("hk", hk_requests(2000, seed=5)), ("sichuan", sichuan_requests(2000, seed=7))):
        for hand, ctx, opts in reqs:
            d = scorer.score(hand, ruleset=book, options=opts, explain=True, **ctx).to_dict()
            seen |= {f"{x['id']}<{x['by']}" for x in d.get("excluded", [])}
            readings += bool(d.get("arrangements"))
    assert {"dragon_pung<little_three_dragons", "seat_flower<flower_set", "all_pungs<all_258_pungs"} <= seen
    assert any(s.endswith("<thirteen_orphans") for s in seen) and readings >= 50


@HK_PROPS
@given(hk_strategy())
def test_hk_explained_properties(req: tuple[dict[str, Any], dict[str, Any], dict[str, Any]]) -> None:
    hand, ctx, opts = req
    check("hk", scorer.Hand.build(**hand), ctx, opts)


@SC_PROPS
@given(winning_hands(), st.sampled_from("ESWN"), st.booleans(), st.integers(1, 13))
def test_sichuan_explained_properties(hand_missing: tuple[scorer.Hand, str], seat: str, self_drawn: bool,
                                      cap: int) -> None:
    hand, missing = hand_missing
    discarder = None if self_drawn else next(w for w in "ESWN" if w != seat)
    check("sichuan", hand, {"missing_suit": missing, "seat_wind": seat, "self_drawn": self_drawn,
                            "discarder": discarder}, {"max_fan": cap})


def test_the_seeds_hold_the_properties() -> None:
    for s in HK_SEEDS + SC_SEEDS:
        req = s["request"]
        check(req["ruleset"], _hand(req["hand"]), req.get("context", {}), req.get("options", {}))


def test_hk_explanation_reads_the_fans_as_scoring_counts_them() -> None:
    """``explain.plain`` (what a limit reading would have scored) agrees with the engine on every
    reading of 2,000 generated hands: the fans of a reading that is no limit, the named limit (the
    first the table lists) of one that is; and the sets the explanation reads from a regular
    reading's division make each of its set fans as many times as the engine counted it."""
    for hand, ctx, opts in hk_requests(2000, seed=5):
        try:
            f, _, weighed = weighed_readings(hand, scorer.Context.build(**ctx),
                                             scorer.rulebook("hk").parse_options(opts))
        except scorer.ScorerError:
            continue
        for r in weighed:
            fans, limits = plain(f, r.shape)
            if r.limit:
                assert limits and min(limits, key=HK_LIMIT_ORDER.index) == next(iter(r.fans))
                continue
            assert not limits and fans == list(r.fans.items())
            if r.form is Form.REGULAR:
                sets = _Sets(division_sets(hand, f, r))
                for fan, n in fans:
                    if fan not in HK_NO_SET and fan not in HK_WHOLE:
                        assert len(sets.occurrences(fan, n, f)) == n, (hand, fan)


# --- the interface ---------------------------------------------------------------------------------------
def test_plain_scoring_never_loads_the_explaining_modules() -> None:
    code = ("import sys, scorer\n"
            "scorer.score('[CCC1][FFF]PP123p78p9p', ruleset='hk', discarder='W')\n"
            "scorer.score('[5555m1]123m666p789p22p', ruleset='sichuan', missing_suit='s', self_drawn=True)\n"
            "scorer.score('[123m1]456m789m33p56s4s', discarder='W')\n"
            "loaded = [m for m in sys.modules if m.endswith('.explain')]\n"
            "assert not loaded, loaded\n"
            "scorer.score('[CCC1][FFF]PP123p78p9p', ruleset='hk', discarder='W', explain=True)\n"
            "assert 'scorer.rules.hk.explain' in sys.modules and 'scorer.rules.sichuan.explain' not in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


@pytest.mark.parametrize("book", ["hk", "sichuan"])
def test_service_explains(client: Any, book: str) -> None:
    s = (HK_SEEDS if book == "hk" else SC_SEEDS)[9]
    body = {**s["request"], "explain": True}
    resp = client.post("/v1/score", json=body)
    assert resp.status_code == 200, resp.get_json()
    got = resp.get_json()
    assert {f["id"]: f["sets"] for f in got["fans"]} == s["explain"]["sets"]
    assert [{k: x[k] for k in ("id", "by", "rule", "sets")} for x in got["excluded"]] == s["explain"]["excluded"]
    plain = client.post("/v1/score", json=s["request"]).get_json()
    assert {k: v for k, v in got.items() if k not in EXPLAIN_KEYS and k != "fans"} == {
        k: v for k, v in plain.items() if k != "fans"}


def test_service_batch_explains_each_book(client: Any) -> None:
    hk_req = seed("hk", "010_little_three_dragons")["request"]
    sc_req = seed("sichuan", "005_all_258_pungs")["request"]
    got = client.post("/v1/score/batch", json={"requests": [
        {**hk_req, "explain": True}, hk_req, {**sc_req, "explain": True}]}).get_json()["results"]
    assert got[0]["excluded"][0]["rule"] == "replaces" and "sets" in got[0]["fans"][0]
    assert "excluded" not in got[1] and "sets" not in got[1]["fans"][0]
    assert got[2]["excluded"] == [{"id": "all_pungs", "name": "All Pungs", "name_zh": "碰碰胡", "by": "all_258_pungs",
                                   "rule": "replaces", "sets": [[0, 1, 2, 3, 4]]}]


def test_cli_explains_hk(capsys: Any) -> None:
    assert main(["[CCC1][FFF]PP123p78p9p", "--ruleset", "hk", "--discarder", "W", "--explain"]) == 0
    out = capsys.readouterr().out
    assert "Little Three Dragons: CCC FFF PP" in out
    assert "Dragon Pung 箭刻 — replaced by Little Three Dragons (CCC; FFF)" in out
