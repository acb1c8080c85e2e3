"""``scorer.analyze``, ``scorer.Holding`` and ``scorer.shanten``: the rule documents' waiting
examples, errors, and hypothesis properties (the reference comparison is test_waits_differential).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import scorer
from scorer.tiles import ALL_TILES, DISPLAY_ORDER, INDEX, NUM_TILES
from scorer.waits import shanten

PROPS = settings(max_examples=150, derandomize=True, database=None, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])


def outlook(hand: str, visible: str = "") -> scorer.Outlook:
    a = scorer.analyze(hand, visible=visible)
    assert a.outlook is not None
    return a.outlook


def waits(hand: str, visible: str = "") -> dict[str, scorer.Wait]:
    o = outlook(hand, visible)
    assert o.shanten == 0 and o.useful == ()
    return {w.tile.value: w for w in o.waits}


def fans(r: scorer.Result | None) -> set[str]:
    assert r is not None
    return {f.id for f in r.fans}


# --- the rule documents' waiting examples ----------------------------------------------------------
def test_green_book_introduction_double_pung_wait() -> None:
    """The Green Book introduction's worked example: three melded pungs, 88m and WW wait on 8m or
    West; on a discard of 8m 12 points (all pungs, half flush), self-drawn 13."""
    w = waits("[222m1][444m2][666m3]88mWW")
    assert set(w) == {"8m", "W"}
    d, s = w["8m"].discard, w["8m"].self_drawn
    assert d is not None and s is not None
    assert (d.points, fans(d), d.valid) == (12, {"all_pungs", "half_flush"}, True)
    assert (s.points, fans(s), s.valid) == (13, {"all_pungs", "half_flush", "self_drawn"}, True)
    assert "single_wait" not in fans(d)  # the document: a double pung wait, so no single wait


def test_online_rules_page_nine_gates_waits_on_any_tile_of_the_suit() -> None:
    """The online room rules page: 九蓮寶燈, 1112345678999 of one suit, waits on any tile of it."""
    w = waits("1112345678999s")
    assert list(w) == [f"{r}s" for r in range(1, 10)]
    assert all("nine_gates" in fans(x.discard) and "nine_gates" in fans(x.self_drawn) for x in w.values())


def test_online_rules_page_thirteen_orphans_waits_on_all_thirteen() -> None:
    w = waits("19m19p19sESWNCFP")
    assert len(w) == 13 and all(fans(x.discard) == {"thirteen_orphans"} for x in w.values())
    assert outlook("19m19p19sESWNCFP").forms[2] == (shanten.Form.THIRTEEN_ORPHANS, 0)


def test_online_rules_page_seven_pairs_four_alike_count_as_two_pairs() -> None:
    """七對: seven pairs, four alike counting as two."""
    o = outlook("1111m3355p77sEEF")
    assert dict(o.forms)[shanten.Form.SEVEN_PAIRS] == 0
    w = waits("1111m3355p77sEEF")
    assert list(w) == ["F"] and "seven_pairs" in fans(w["F"].discard)


@pytest.mark.parametrize(("hand", "winning", "wait_fan"), [
    pytest.param("12m345p678s99pEEE", ["3m"], "edge_wait", id="123-waiting-3"),
    pytest.param("1233m345p678sEEE", ["3m"], "edge_wait", id="1233-waiting-3"),
    pytest.param("7789m345p678sEEE", ["7m"], "edge_wait", id="7789-waiting-7"),
    pytest.param("4556m345p678sEEE", ["5m"], "closed_wait", id="4556-waiting-5"),
    pytest.param("12345m345p678sEE", ["3m", "6m"], None, id="12345-waiting-3-not-edge"),
    pytest.param("56789m345p678sEE", ["4m", "7m"], None, id="56789-waiting-7-not-edge"),
    pytest.param("45567m345p678sEE", ["3m", "6m"], None, id="45567-waiting-6-not-closed"),
])
def test_illustrated_rules_edge_and_closed_waits(hand: str, winning: list[str], wait_fan: str | None) -> None:
    """The illustrated rules and the 1998 national rules article: 1233 on 3 and 7789 on 7 are
    edge waits, 4556 on 5 a closed wait; 12345 on 3, 56789 on 7, 45567 on 6 are not, since they
    also wait on another tile."""
    w = waits(hand)
    assert list(w) == winning
    for x in w.values():
        got = fans(x.discard) & {"edge_wait", "closed_wait", "single_wait"}
        assert got == ({wait_fan} if wait_fan else set())


def test_online_rules_page_last_copy_from_visible_tiles() -> None:
    """和絕張: winning on the fourth copy when the other three are on the table."""
    w = waits("12m345p678s99pEEE", visible="333m")
    assert w["3m"].unseen == 1
    assert "last_tile" in fans(w["3m"].discard) and "last_tile" in fans(w["3m"].self_drawn)
    assert "last_tile" not in fans(waits("12m345p678s99pEEE", visible="33m")["3m"].discard)


def test_last_copy_counts_the_hands_own_melds() -> None:
    w = waits("[111m1]23m456p789s99p", visible="1m")  # waits 1m and 4m: 1m is the last copy
    assert w["1m"].unseen == 0 and "last_tile" in fans(w["1m"].discard)
    assert "last_tile" not in fans(w["4m"].discard)


def test_knitted_forms_wait_on_what_is_missing() -> None:
    """The online room rules page: 全不靠 and 組合龍 (147, 258, 369 in three suits)."""
    w = waits("147m258s369pESWN")
    assert list(w) == ["C", "F", "P"]
    assert fans(w["C"].discard) == {"lesser_honors_and_knitted_tiles", "knitted_straight"}
    w = waits("147m25s3pESWNCFP")
    assert list(w) == ["6p", "9p", "8s"]
    assert all("greater_honors_and_knitted_tiles" in fans(x.discard) for x in w.values())


# --- the contract -----------------------------------------------------------------------
def test_a_seven_point_discard_win_can_be_valid_self_drawn() -> None:
    w = waits("12m345p678s99pEEE")["3m"]
    assert w.discard is not None and w.self_drawn is not None
    assert (w.discard.points, w.discard.valid) == (7, False)
    assert (w.self_drawn.points, w.self_drawn.valid) == (9, True)


def test_a_wait_on_a_fifth_copy_is_listed_without_a_score() -> None:
    w = waits("1111m234p567s789s")  # 1111m waits 1m (a formal fifth copy) and 4m (234 + 1m 1m... )
    assert w["1m"].unseen == 0 and w["1m"].discard is None and w["1m"].self_drawn is None
    assert all(x.discard is not None for t, x in w.items() if t != "1m")


def test_forms_ruled_out_by_melds_are_none() -> None:
    o = outlook("[123m1]456p789s1pEEE")
    assert dict(o.forms) == {shanten.Form.REGULAR: 0, shanten.Form.SEVEN_PAIRS: None,
                             shanten.Form.THIRTEEN_ORPHANS: None, shanten.Form.HONORS_AND_KNITTED: None,
                             shanten.Form.KNITTED_STRAIGHT: 5}
    assert dict(outlook("[123m1][456p1]789s1pEEE").forms)[shanten.Form.KNITTED_STRAIGHT] is None
    # a concealed kong is a meld: no seven pairs with it
    assert dict(outlook("[1111m]456p789s1pEEE").forms)[shanten.Form.SEVEN_PAIRS] is None


def test_useful_tiles_of_a_hand_one_away() -> None:
    o = outlook("12m345p678s9pEEEW")
    assert o.shanten == 1 and o.waits == ()
    assert {u.tile.value for u in o.useful} == {"3m", "9p", "W"}  # not 1m, 2m, 8p: no discard then leaves it ready
    assert {u.tile.value: u.unseen for u in o.useful}["W"] == 3


def test_the_lists_a_hand_does_not_have_are_empty_not_none() -> None:
    """A bot loops over ``outlook.waits`` whatever the hand: a hand not ready has none, a ready hand
    no useful tiles, 13 tiles no discards; the answer as JSON keeps its nulls (the HTTP contract)."""
    far = scorer.analyze("12m345p678s9pEEEW")
    ready = scorer.analyze("[123p1]456m789s1122m")
    assert far.outlook is not None and ready.outlook is not None
    assert far.outlook.shanten == 1 and ready.outlook.shanten == 0
    assert [w.tile for w in far.outlook.waits] == [] and [u.tile for u in ready.outlook.useful] == []
    assert far.discards == () and ready.discards == ()
    assert far.outlook.waits == () and ready.outlook.useful == ()
    assert far.to_dict()["waits"] is None and ready.to_dict()["useful"] is None
    assert far.to_dict()["useful"] and ready.to_dict()["waits"]
    assert scorer.Outlook(1, (), None, None).waits == ()  # built by hand the old way, still iterable


def test_fourteen_tiles_discards_best_first() -> None:
    a = scorer.analyze("12m345p678s99pEEE5s")
    assert a.outlook is None and a.discards is not None and a.win is None
    assert len(a.discards) == len(set(a.holding.concealed))
    assert a.discards[0].tile.value == "5s" and a.discards[0].outlook.shanten == 0
    keys = [(d.outlook.effective_shanten, -d.outlook.unseen, -d.outlook.best_live_total, DISPLAY_ORDER[d.tile])
            for d in a.discards]
    assert keys == sorted(keys)
    assert a.to_dict()["winning"] is False


def _live_best(o: scorer.Outlook) -> int:
    """The best valid total over the waits that still have a copy left, from the waits themselves."""
    return max((r.total for w in o.waits or () if w.unseen for r in (w.discard, w.self_drawn)
                if r is not None and r.valid), default=0)


def test_discards_rank_by_wins_that_can_still_happen() -> None:
    """Discarding 1p or 2p leaves 10 unseen winning tiles either way; 1p's best wait (1p itself,
    61 self-drawn) is dead once the other three 1p are in the hand, so 2p, whose 2p wait is still
    live and worth as much, comes first."""
    a = scorer.analyze("11112233334455p")
    assert a.discards is not None
    by = {d.tile.value: d.outlook for d in a.discards}
    assert by["1p"].unseen == by["2p"].unseen == 10
    assert next(w for w in by["1p"].waits or () if w.tile.value == "1p").unseen == 0
    assert by["2p"].best_live_total == _live_best(by["2p"]) > by["1p"].best_live_total == _live_best(by["1p"])
    order = [d.tile.value for d in a.discards]
    assert order.index("2p") < order.index("1p")
    assert order[0] == "2p"


def test_a_dead_wait_never_lifts_a_discard() -> None:
    """With 2222m, 33m and 8888m seen, discarding 5m keeps waits on 2m, 3m, 5m and 8m that are
    all dead and one live 6m (2 left) worth little; 3m and 6m keep two live 6m worth more."""
    hand = {"concealed": "34556777m", "melds": [{"tiles": "345m"}, {"tiles": "456m"}]}
    a = scorer.analyze(hand, visible="2222m33m8888m")
    assert a.discards is not None
    by = {d.tile.value: d.outlook for d in a.discards}
    live = {d: [w.tile.value for w in by[d].waits or () if w.unseen] for d in ("5m", "3m", "6m")}
    assert live == {"5m": ["6m"], "3m": ["6m"], "6m": ["6m"]}
    assert by["5m"].best_live_total == _live_best(by["5m"]) < by["3m"].best_live_total == _live_best(by["3m"])
    assert a.discards[0].tile.value != "5m"
    order = [d.tile.value for d in a.discards]
    assert order.index("3m") < order.index("5m") and order.index("6m") < order.index("5m")


def test_a_ready_hand_whose_waits_are_all_dead_ranks_after_live_hands_one_away() -> None:
    """Discarding 1p or W leaves a ready hand on a tile all of whose copies are in sight: it cannot
    win, so it ranks after every discard one tile from ready that can still move on."""
    a = scorer.analyze("123m456p789sEEE1pW", visible="111pWWW")
    assert a.discards is not None
    dead = [d for d in a.discards if d.outlook.shanten == 0]
    assert {d.tile.value for d in dead} == {"1p", "W"}
    assert all(d.outlook.unseen == 0 and d.outlook.effective_shanten == 1 for d in dead)
    assert a.discards[-2:] == tuple(sorted(dead, key=lambda d: DISPLAY_ORDER[d.tile]))
    assert all(d.outlook.shanten == 1 and d.outlook.unseen > 0 for d in a.discards[:-2])


def test_fourteen_tiles_that_already_win_say_so() -> None:
    a = scorer.analyze("123m345p678s99pEEE")
    assert a.win is not None and a.win.score.winning and a.win.score.valid
    assert "self_drawn" in fans(a.win.score) or "fully_concealed_hand" in fans(a.win.score)
    d = a.to_dict()
    assert d["tiles"] == 14 and d["winning"] is True and d["win"]["score"]["total"] == a.win.score.total


def test_a_discarded_tile_counts_as_seen() -> None:
    a = scorer.analyze("12m345p678s99pEEE3m")  # discarding 3m: its copy is gone from the wall
    assert a.discards is not None
    d = next(d for d in a.discards if d.tile.value == "3m")
    assert d.outlook.waits is not None and d.outlook.waits[0].unseen == 3


def test_context_is_shared_and_per_win_fields_are_refused() -> None:
    w = scorer.analyze("12m345p678s99pEEE", seat_wind="S", base_points=2)
    assert w.outlook is not None and w.outlook.waits is not None
    d = w.outlook.waits[0].discard
    assert d is not None and "seat_wind" not in fans(d)
    per_win: list[dict[str, Any]] = [{"self_drawn": True}, {"discarder": "S"}, {"last_copy": True},
                                     {"robbing_kong": True}]
    for kwargs in per_win:
        name = next(iter(kwargs))
        with pytest.raises(scorer.ScorerError) as e:
            scorer.analyze("12m345p678s99pEEE", **kwargs)
        assert e.value.field == ("context", name)
    with pytest.raises(scorer.ScorerError) as e:
        scorer.analyze("12m345p678s99pEEE", scorer.Context(self_drawn=True))
    assert e.value.field == ("context", "self_drawn")


@pytest.mark.parametrize(("call", "code", "field"), [
    pytest.param(lambda: scorer.analyze("123m456p789s1122mE1s"), "tile_count", ("hand",), id="15-tiles"),
    pytest.param(lambda: scorer.Holding.build("123m456p789s1122mE1s"), "tile_count", ("hand", "concealed"),
                 id="15-tiles-build"),
    pytest.param(lambda: scorer.analyze("123m456p789s11m"), "tile_count", ("hand",), id="11-tiles"),
    pytest.param(lambda: scorer.analyze("12m345p678s99pEEE", visible="EE"), "too_many_copies", ("visible",),
                 id="fifth-copy-visible"),
    pytest.param(lambda: scorer.analyze("11111m345p678sEE"), "too_many_copies", ("hand",), id="fifth-copy-hand"),
    pytest.param(lambda: scorer.analyze("12m345p678s99pEEE", visible=["1m", "X"]), "unknown_tile", ("visible", 1),
                 id="bad-visible-code"),
    pytest.param(lambda: scorer.Holding.build("12m345p678sEEE", [{"tiles": "124p"}]), "bad_meld",
                 ("hand", "melds", 0, "tiles"), id="bad-meld"),
    pytest.param(lambda: scorer.Holding.build("12m345p678s99pEEE", flowers=9), "bad_flowers",
                 ("hand", "flowers"), id="flowers"),
    pytest.param(lambda: scorer.analyze("[124p1]345p678sEEE"), "bad_meld", ("hand",), id="bad-meld-notation"),
])
def test_impossible_input_is_an_error_naming_the_field(call: object, code: str, field: tuple[object, ...]) -> None:
    with pytest.raises(scorer.ScorerError) as e:
        call()  # type: ignore[operator]
    assert (e.value.code, e.value.field) == (code, field)


def test_holding_notation_round_trips() -> None:
    for text in ["[123p1][2222m]45m6p66sEE", "12m345p678s99pEEE", "[111m1]23m456p789s99p", "[1111s3]123m456p78pE9s"]:
        h = scorer.Holding.parse(text)
        assert scorer.Holding.parse(str(h)) == h
        assert repr(h) == f"Holding.parse({str(h)!r})"


# --- properties ------------------------------------------------------------------------------------
@st.composite
def holdings(draw: st.DrawFn) -> tuple[scorer.Holding, str]:
    """Any legal 13-tile holding (0-2 melds, often crowded into one suit and the honours, so many
    are ready) and some visible tiles."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    left = Counter({i: 4 for i in range(NUM_TILES)})
    melds = []
    for _ in range(rng.choice((0, 0, 1, 2))):
        i = rng.randrange(NUM_TILES)
        tiles = [i, i + 1, i + 2] if i < 27 and i % 9 <= 6 and rng.random() < 0.5 else [i] * rng.choice((3, 3, 4))
        if any(left[x] < tiles.count(x) for x in tiles):
            continue
        left.subtract(tiles)
        concealed = len(tiles) == 4 and rng.random() < 0.5
        melds.append({"tiles": [ALL_TILES[x].value for x in tiles], "concealed": concealed})
    pool = [x for x, n in left.items() for _ in range(n)]
    if rng.random() < 0.7:
        s = rng.randrange(3)
        pool = [x for x in pool if x // 9 == s or x >= 27]
    picked = rng.sample(pool, 13 - 3 * len(melds))
    h = scorer.Holding.build([ALL_TILES[x].value for x in picked], melds)
    rest = [ALL_TILES[x].value for x in range(NUM_TILES) for _ in range(4 - h.counts()[x])]
    visible = "".join(rng.sample(rest, rng.choice((0, 4, 20))))
    note(f"{h} visible={visible!r}")
    return h, visible


@PROPS
@given(holdings())
def test_waits_are_exactly_the_tiles_that_complete_the_hand(case: tuple[scorer.Holding, str]) -> None:
    """Shanten 0 lists every tile the scorer accepts as a win, and nothing else (a fifth copy,
    which the scorer cannot be asked about, aside); shanten >= 1 means no tile wins."""
    h, visible = case
    o = scorer.analyze(h, visible=visible).outlook
    assert o is not None
    wins = set()
    for t in ALL_TILES:
        if h.counts()[INDEX[t]] < 4 and scorer.score(scorer.Hand(h.concealed, h.melds, t)).winning:
            wins.add(t)
    listed = {w.tile for w in o.waits or ()}
    assert {t for t in listed if h.counts()[INDEX[t]] < 4} == wins
    assert (o.shanten == 0) == (o.useful == ()) and (o.shanten > 0) <= (o.waits == ())
    assert o.shanten == min(s for _, s in o.forms if s is not None)
    for w in o.waits or ():
        assert (w.discard is None) == (h.counts()[INDEX[w.tile]] == 4)
        if w.discard is not None and w.self_drawn is not None:
            assert w.discard.winning and w.self_drawn.winning


@PROPS
@given(holdings())
def test_useful_tiles_lower_the_shanten_and_others_do_not(case: tuple[scorer.Holding, str]) -> None:
    """A useful tile, drawn, lets some discard leave a hand one step closer; any other tile does not."""
    h, visible = case
    o = scorer.analyze(h, visible=visible).outlook
    assert o is not None
    if o.shanten == 0:
        return
    assert o.useful is not None
    useful = {u.tile for u in o.useful}
    standing = list(h.standing_counts())
    for t in ALL_TILES:
        if h.counts()[INDEX[t]] == 4:
            continue
        standing[INDEX[t]] += 1
        after = set()
        for d in range(NUM_TILES):
            if standing[d]:
                standing[d] -= 1
                after.add(shanten.best(shanten.forms(tuple(standing), len(h.melds)))[0])
                standing[d] += 1
        standing[INDEX[t]] -= 1
        assert (min(after) < o.shanten) == (t in useful), t


@PROPS
@given(holdings())
def test_unseen_counts_and_order(case: tuple[scorer.Holding, str]) -> None:
    h, visible = case
    o = scorer.analyze(h, visible=visible).outlook
    assert o is not None
    seen = Counter(scorer.parse_tiles(visible))
    listed: list[scorer.Wait | scorer.Useful] = [*(o.waits or ()), *(o.useful or ())]
    for x in listed:
        assert x.unseen == max(0, 4 - h.counts()[INDEX[x.tile]] - seen[x.tile])
    assert [x.tile for x in listed] == sorted((x.tile for x in listed), key=DISPLAY_ORDER.__getitem__)
    assert o.unseen == sum(x.unseen for x in listed)


@PROPS
@given(holdings(), st.integers(0, 33))
def test_fourteen_tiles_one_entry_per_distinct_discard(case: tuple[scorer.Holding, str], extra: int) -> None:
    h, visible = case
    if h.counts()[extra] + scorer.parse_tiles(visible).count(ALL_TILES[extra]) >= 4:
        return
    h14 = scorer.Holding((*h.concealed, ALL_TILES[extra]), h.melds)
    a = scorer.analyze(h14, visible=visible)
    assert a.discards is not None and a.outlook is None
    assert sorted(d.tile for d in a.discards) == sorted(set(h14.concealed))
    keys = [(d.outlook.effective_shanten, -d.outlook.unseen, -d.outlook.best_live_total, DISPLAY_ORDER[d.tile])
            for d in a.discards]
    assert keys == sorted(keys)
    complete = any(scorer.score(scorer.Hand(tuple(c for k, c in enumerate(h14.concealed) if k != i), h14.melds,
                                            h14.concealed[i])).winning for i in range(len(h14.concealed)))
    assert (a.win is not None) == complete
    back = next(d for d in a.discards if d.tile == ALL_TILES[extra])
    assert back.outlook.shanten == scorer.analyze(h, visible=visible).outlook.shanten  # type: ignore[union-attr]


@PROPS
@given(holdings())
def test_outlook_is_forms_and_best_at_once(case: tuple[scorer.Holding, str]) -> None:
    """``shanten.outlook`` skips the useful tiles of a knitted straight further away than the best
    form; what it answers is still ``forms`` and ``best``'s answer, for every book's forms."""
    h, _ = case
    standing, melds = h.standing_counts(), len(h.melds)
    for only in (shanten.ALL_FORMS, (shanten.Form.REGULAR, shanten.Form.SEVEN_PAIRS)):
        per = shanten.forms(standing, melds, only)
        want = (tuple((f, None if r is None else r.shanten) for f, r in per.items()), *shanten.best(per))
        assert shanten.outlook(standing, melds, only) == want


@PROPS
@given(holdings())
def test_a_sole_wait_is_a_wait_set_of_one(case: tuple[scorer.Holding, str]) -> None:
    """``sole_wait``, which a wait fan asks, answers as the whole wait set would: for every tile
    that completes the holding as a regular hand, whether it was the only one."""
    from scorer import decompose

    h, _ = case
    before = h.standing_counts()
    need = 4 - len(h.melds)
    wait_set = decompose.waits(before, need)
    for win in range(NUM_TILES):
        if before[win] == 4:
            continue
        after = list(before)
        after[win] += 1
        if decompose.regular_divisions(tuple(after), need):
            assert decompose.sole_wait(tuple(after), need, win) == (wait_set == {win}), ALL_TILES[win]
