"""Sichuan's house rules (RULINGS S14-S21, T19-T23, ``test_s<n>_...`` / ``test_t<n>_...``): caps,
自摸加番, the optional fans, 呼叫转移, 血流成河 and the exhausted wall's variants, each with the option
on and off; the refusals (a 422 at ``/options/<name>`` over HTTP); a property: every settlement
sums to zero under every preset."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scorer
from scorer.rules.sichuan.options import PRESETS
from scorer.rules.sichuan.settlement import settle
from scorer.sichuan import build_play
from testkit import ROOT
from testkit.strategies import HOLDINGS, PUNGS, draw_kong, kong, shown

PROPS = settings(max_examples=120, derandomize=True, database=None, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
SEEDS = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "seeds" / "sichuan").glob("*.json"))}
SIX_FAN = "[2222m][5555m1][888p1][222p1]5p5p"  # 将对 3 + 金钩钓 1 + 根 2 (seed 013)
PLAIN = "123m456m789m11p23p4p"


SUITS = {"E": "s", "S": "s", "W": "m", "N": "m"}  # the settlement tests' table
E_WINS = "123m456m789m11p23p4p"  # E (missing s), 平胡
W_WINS = "111s234s567s888s6p6p"  # W (missing m), 平胡 on 6p
N_WINS_6P = "999s555p777p888p6p6p"  # N (missing m), 碰碰胡 on the pair, 6p
S_WINS = "234m567m345p99p88m8m"  # S (missing s), 平胡 on 8m


def plain_win(discarder: str | None, *winners: tuple[str, Any], **context: bool) -> dict[str, Any]:
    """A win event: its winners, each with these context flags."""
    return {"win": {"discarder": discarder, "winners": [
        {"player": p, "hand": h, **({"context": context} if context else {})} for p, h in winners]}}


def win(discarder: str | None, *winners: tuple[str, Any], after_kong: object = None, **context: bool) -> dict[str, Any]:
    """A win event; ``after_kong`` (杠上炮) on the event itself when given."""
    w = plain_win(discarder, *winners, **context)
    if after_kong is not None:
        w["win"]["after_kong"] = after_kong
    return w


def sc(hand: str, options: dict[str, Any] | None = None, **context: Any) -> scorer.Result:
    context.setdefault("missing_suit", "s")
    return scorer.score(hand, ruleset="sichuan", options=options, **context)


def fans(r: scorer.Result) -> dict[str, int]:
    return {f.id: f.count for f in r.fans}


def refused(fn: Any, *args: Any, **kwargs: Any) -> scorer.ScorerError:
    with pytest.raises(scorer.ScorerError) as e:
        fn(*args, **kwargs)
    return e.value


def settled(events: list[dict[str, Any]], **more: Any) -> scorer.sichuan.Settlement:
    return settle(build_play(missing_suits=dict(SUITS), events=events, **more))


# --- scoring (S14-S21) -----------------------------------------------------------------------------
@pytest.mark.parametrize(("options", "total", "base"), [
    ({"max_fan": 3}, 3, 8), ({"max_fan": 4}, 4, 16), ({}, 5, 32), ({"max_fan": 0}, 6, 64),
    ({"preset": "cap3"}, 3, 8), ({"preset": "cap4"}, 4, 16),
    ({"preset": "cap3", "max_fan": 5}, 5, 32),  # an option beside a preset overrides it
])
def test_s14_the_cap_is_an_option_and_0_is_no_cap(options: dict[str, Any], total: int, base: int) -> None:
    r = sc(SIX_FAN, options, seat_wind="S", discarder="W")
    assert (r.points, r.total) == (6, total)
    assert r.payouts is not None and r.payouts["W"] == -base


def test_s14_the_server_preset_has_no_cap() -> None:
    r = sc(SIX_FAN, {"preset": "server"}, seat_wind="S", discarder="W")  # and 中张 on: no 1 or 9
    assert (r.points, r.total, fans(r)["all_simples"]) == (7, 7, 1) and r.payouts is not None
    assert r.payouts["W"] == -128


@pytest.mark.parametrize(("options", "name"), [
    ({"max_fan": -1}, "max_fan"), ({"max_fan": 14}, "max_fan"), ({"preset": "xuezhan_plus"}, "preset"),
    ({"self_drawn": "double"}, "self_drawn"), ({"heavenly_hand": 5}, "heavenly_hand"),
    ({"outside_hand": -1}, "outside_hand"), ({"kong_transfer": True}, "kong_transfer"),
    ({"play": "xueliu_plus"}, "play"), ({"flower_pig": "cap", "max_fan": 0}, "flower_pig"),
    ({"cha_da_jiao": "lowest"}, "cha_da_jiao"), ({"refund": 1}, "refund"),
])
def test_options_outside_their_values_are_refused_at_the_option(options: dict[str, Any], name: str) -> None:
    e = refused(sc, PLAIN, options, discarder="S")
    assert (e.code, e.field) == ("bad_option", ("options", name))
    e = refused(lambda: settle(build_play(missing_suits=dict(SUITS), events=[], options=options)))
    assert (e.code, e.field) == ("bad_option", ("options", name))


@pytest.mark.parametrize(("options", "name"), [
    ({"preset": "nope"}, "preset"), ({"max_fan": 14}, "max_fan"), ({"middle_five": 9}, "middle_five"),
    ({"play": "bloody"}, "play"), ({"flower_pig": "cap", "max_fan": 0}, "flower_pig"),
])
def test_a_bad_option_is_a_422_at_it_over_http(client: Any, options: dict[str, Any], name: str) -> None:
    r = client.post("/v1/score", json={"ruleset": "sichuan", "hand": PLAIN, "options": options,
                                       "context": {"missing_suit": "s", "discarder": "S"}})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == f"/options/{name}"
    r = client.post("/v1/sichuan/settle", json={"missing_suits": SUITS, "events": [], "options": options})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == f"/options/{name}"


def test_the_presets_over_http_and_in_the_rulesets(client: Any) -> None:
    book = next(b for b in client.get("/v1/rulesets").get_json()["rulesets"] if b["name"] == "sichuan")
    assert [p["name"] for p in book["presets"]] == [p.name for p in PRESETS]
    assert {"heavenly_hand", "earthly_hand", "last_copy"} <= set(book["context"])
    r = client.post("/v1/score", json={"ruleset": "sichuan", "hand": SIX_FAN, "options": {"preset": "cap3"},
                                       "context": {"missing_suit": "s", "seat_wind": "S", "discarder": "W"}})
    assert r.status_code == 200 and r.get_json()["total"] == 3


def test_s15_self_drawn_adds_a_base_point_or_a_fan() -> None:
    base = sc("111m555m777p99p22m2m", self_drawn=True)
    fan = sc("111m555m777p99p22m2m", {"self_drawn": "fan"}, self_drawn=True)
    assert fans(base) == {"all_pungs": 1} and base.payouts == {"E": 9, "S": -3, "W": -3, "N": -3}
    assert fans(fan) == {"all_pungs": 1, "self_drawn": 1} and fan.payouts == {"E": 12, "S": -4, "W": -4, "N": -4}
    on_discard = sc("111m555m777p99p22m2m", {"self_drawn": "fan"}, discarder="S")
    assert "self_drawn" not in fans(on_discard)
    capped = sc(SIX_FAN, {"self_drawn": "fan"}, seat_wind="S", self_drawn=True)
    assert (capped.points, capped.total) == (7, 5)  # the fan counts before the cap


def test_s16_heavenly_and_earthly_hands_are_first_draws() -> None:
    on = {"heavenly_hand": 4, "earthly_hand": 3}
    assert fans(sc(PLAIN, on, self_drawn=True, heavenly_hand=True)) == {"basic": 1, "heavenly_hand": 1}
    assert sc(PLAIN, on, self_drawn=True, heavenly_hand=True).total == 4
    r = sc(PLAIN, on, self_drawn=True, seat_wind="N", earthly_hand=True)
    assert fans(r) == {"basic": 1, "earthly_hand": 1} and r.total == 3
    e = refused(sc, PLAIN, self_drawn=True, heavenly_hand=True)  # the option off: the flag means nothing
    assert (e.code, e.field) == ("not_in_ruleset", ("context", "heavenly_hand"))
    e = refused(sc, PLAIN, {"heavenly_hand": 4}, self_drawn=True, earthly_hand=True)
    assert (e.code, e.field) == ("not_in_ruleset", ("context", "earthly_hand"))
    for ctx, field in [
        ({"discarder": "S", "heavenly_hand": True}, "heavenly_hand"),  # 天胡 not self-drawn
        ({"self_drawn": True, "seat_wind": "S", "heavenly_hand": True}, "heavenly_hand"),  # not the dealer
        ({"self_drawn": True, "out": ["S"], "heavenly_hand": True}, "heavenly_hand"),  # someone won before
        ({"self_drawn": True, "earthly_hand": True}, "earthly_hand"),  # the dealer's is 天胡
        ({"self_drawn": True, "heavenly_hand": True, "earthly_hand": True}, "earthly_hand"),
        ({"self_drawn": True, "heavenly_hand": True, "last_wall_tile": True}, "heavenly_hand"),
    ]:
        e = refused(sc, PLAIN, on, **ctx)
        assert (e.code, e.field) == ("contradictory_context", ("context", field)), ctx
    # on a kong's replacement: the book's to refuse (a Taiwanese dealer may win 天胡 on a flower's)
    for h in (PLAIN, "[5555m]123m456p789p4p4p"):
        e = refused(sc, h, on, self_drawn=True, heavenly_hand=True, kong_replacement=True)
        assert (e.code, e.field) == ("contradictory_context", ("context", "heavenly_hand")), h
    e = refused(sc, "[5555m]123m456p789p4p4p", on, self_drawn=True, heavenly_hand=True)  # a meld declared
    assert (e.code, e.field) == ("contradictory_context", ("context", "heavenly_hand"))
    assert "heavenly_hand" not in scorer.rulebook("mcr").context_fields
    e = refused(scorer.score, PLAIN, self_drawn=True, heavenly_hand=True)  # MCR has no use for it
    assert (e.code, e.field) == ("not_in_ruleset", ("context", "heavenly_hand"))


def test_s16_in_a_hand_of_play() -> None:
    on = {"heavenly_hand": 4}
    first = plain_win(None, ("E", E_WINS), heavenly_hand=True)
    s = settled([first], options=on)
    assert dict(s.events[0].changes) == {"E": 51, "S": -17, "W": -17, "N": -17}
    e = refused(settled, [first])  # the option off
    assert (e.code, e.field) == ("not_in_ruleset", ("events", 0, "win", "winners", 0, "context", "heavenly_hand"))
    e = refused(settled, [kong("S", "concealed", "5m"), first], options=on)
    assert (e.code, e.field) == ("contradictory_context",
                                 ("events", 1, "win", "winners", 0, "context", "heavenly_hand"))


def test_s17_concealed_hand_and_all_simples_are_switches() -> None:
    opts = {"concealed_hand": 2, "all_simples": 1}
    assert fans(sc("[2222m]345m678m11p34p5p", opts, discarder="W")) == {"basic": 1, "root": 1, "concealed_hand": 1}
    assert fans(sc("[2222m1]345m678m11p34p5p", opts, discarder="W")) == {"basic": 1, "root": 1}  # exposed kong
    assert "concealed_hand" not in fans(sc("[222m1]345m678m11p34p5p", opts, discarder="W"))  # a pung
    assert fans(sc("234m456m678m22p34p5p", opts, discarder="N")) == {"basic": 1, "concealed_hand": 1,
                                                                     "all_simples": 1}
    assert sc("234m456m678m22p34p5p", opts, discarder="N").total == 3
    assert fans(sc("234m456m678m22p34p5p", discarder="N")) == {"basic": 1}
    assert "all_simples" not in fans(sc("234m456m789m22p34p5p", opts, discarder="N"))


def test_s18_outside_hand_is_valued_by_its_option() -> None:
    hand = "123m789m111p999p9m9m"
    assert [(f.id, f.points) for f in sc(hand, discarder="E", seat_wind="S").fans] == [("outside_hand", 2)]
    assert [(f.id, f.points) for f in sc(hand, {"outside_hand": 4}, discarder="E", seat_wind="S").fans] == [
        ("outside_hand", 4)]
    assert fans(sc(hand, {"outside_hand": 0}, discarder="E", seat_wind="S")) == {"basic": 1}


def test_s19_middle_five_is_the_winning_5_between_4_and_6() -> None:
    on = {"middle_five": 1}
    assert fans(sc("123m456m789m11p4p6p5p", on, discarder="N")) == {"basic": 1, "middle_five": 1}
    assert fans(sc("123m456m789m11p4p6p5p", discarder="N")) == {"basic": 1}
    assert "middle_five" not in fans(sc("123m456m789m11p6p7p5p", on, discarder="N"))  # 5 at the edge
    assert "middle_five" not in fans(sc("123m456m789m11p3p5p4p", on, discarder="N"))  # a 4 in the middle
    d = scorer.score("123m456m789m11p4p6p5p", ruleset="sichuan", options=on, explain=True, missing_suit="s",
                     discarder="N").to_dict()
    sets = {f["id"]: f["sets"] for f in d["fans"]}["middle_five"]
    assert [d["decomposition"][i]["tiles"] for i in sets[0]] == [["4p", "5p", "6p"]]


def test_s20_last_copy_is_a_switch_with_its_flag() -> None:
    assert fans(sc(PLAIN, {"last_copy": 2}, discarder="S", last_copy=True)) == {"basic": 1, "last_copy": 1}
    assert sc(PLAIN, {"last_copy": 2}, discarder="S", last_copy=True).total == 2
    assert fans(sc(PLAIN, {"last_copy": 2}, discarder="S")) == {"basic": 1}
    e = refused(sc, PLAIN, discarder="S", last_copy=True)
    assert (e.code, e.field, e.message) == ("not_in_ruleset", ("context", "last_copy"),
                                            "last_copy means nothing in the rule book 'sichuan'")


def test_s21_last_discard_takes_the_place_of_last_tile_on_a_discard() -> None:
    on = {"last_discard": 2}
    assert fans(sc(PLAIN, on, discarder="S", last_wall_tile=True)) == {"basic": 1, "last_discard": 1}
    assert sc(PLAIN, on, discarder="S", last_wall_tile=True).total == 2
    assert fans(sc(PLAIN, on, self_drawn=True, last_wall_tile=True)) == {"basic": 1, "last_tile": 1}
    assert fans(sc(PLAIN, discarder="S", last_wall_tile=True)) == {"basic": 1, "last_tile": 1}
    d = scorer.score(PLAIN, ruleset="sichuan", options=on, explain=True, missing_suit="s", discarder="S",
                     last_wall_tile=True).to_dict()
    assert [(x["id"], x["by"], x["rule"]) for x in d["excluded"]] == [("last_tile", "last_discard", "replaces")]


def test_the_optional_fans_are_rows_of_the_one_table_naming_their_option() -> None:
    rows = {r.id: r for r in scorer.rulebook("sichuan").fan_table}
    optional = {i: r.option for i, r in rows.items() if r.option is not None}
    assert optional == {"outside_hand": "outside_hand", "heavenly_hand": "heavenly_hand",
                        "earthly_hand": "earthly_hand", "concealed_hand": "concealed_hand",
                        "all_simples": "all_simples", "middle_five": "middle_five", "last_copy": "last_copy",
                        "last_discard": "last_discard", "self_drawn": "self_drawn"}
    options = {o.name: o for o in scorer.rulebook("sichuan").options}
    for fan_id, name in optional.items():  # a row's points: its value under the default options
        assert rows[fan_id].points == (0 if name == "self_drawn" else options[name].default)
    assert all(r.option is None for b in ("mcr", "hk") for r in scorer.rulebook(b).fan_table)


def test_the_variant_seeds_differ_from_their_counterparts() -> None:
    """Each worked example of an option has its counterpart with the option off (or another value)."""
    pairs = [("015_all_simples", "020_all_simples_off"), ("016_middle_five", "021_middle_five_off"),
             ("014_concealed_hand", "022_concealed_hand_off"), ("019_self_drawn", "023_self_drawn_base"),
             ("018_last_discard", "024_last_discard_off"), ("004_outside_hand", "025_outside_hand_off"),
             ("026_outside_hand_value", "004_outside_hand"), ("027_cap3", "029_no_cap"), ("028_cap4", "013_cap"),
             ("106_kong_transfer", "108_kong_transfer_off"), ("110_xueliu_winners_pay",
                                                              "111_xuezhan_winners_pay_nothing"),
             ("112_flower_pig_cap", "105_flower_pig"), ("117_xueliu_exhausted", "105_flower_pig"),
             ("113_flower_pig_16", "114_flower_pig_48"),
             ("115_no_refund", "104_refund_and_cha_da_jiao"), ("116_no_cha_da_jiao", "104_refund_and_cha_da_jiao")]
    for on, off in pairs:
        a, b = SEEDS[on], SEEDS[off]
        assert a["request"].get("options") != b["request"].get("options"), (on, off)
        assert a["expected"] != b["expected"], (on, off)


# --- 呼叫转移 (T19) ---------------------------------------------------------------------------------
ON = {"kong_transfer": "on"}


def test_t19_kong_transfer_moves_the_kongs_money_to_the_winners() -> None:
    s = settled([kong("E", "concealed", "9m"), win("E", ("S", S_WINS), after_kong=True)], options=ON)
    assert dict(s.events[1].changes) == {"E": -7, "S": 7, "W": 0, "N": 0} and s.events[1].transferred == 6
    assert s.events[1].to_dict()["win"]["transferred"] == 6 and s.events[1].to_dict()["win"]["after_kong"]
    off = settled([kong("E", "concealed", "9m"), win("E", ("S", S_WINS))], options=ON)
    assert dict(off.events[1].changes) == {"E": -1, "S": 1, "W": 0, "N": 0} and "after_kong" not in (
        off.events[1].to_dict()["win"])
    # several winners: equal shares in base points, the rest to the nearest after the discarder
    two = settled([kong("E", "added", "9m"), win("E", ("N", N_WINS_6P), ("W", W_WINS), after_kong=True)],
                  options=ON, base_points=2)
    assert dict(two.events[1].changes) == {"E": -12, "S": 0, "W": 6, "N": 6}  # kong 6: W 4 (nearer), N 2


def test_t19_kong_money_transferred_is_not_refunded() -> None:
    b = {"missing_suits": {"E": "s", "S": "s", "W": "m", "N": "p"}, "options": ON,
         "events": [kong("S", "concealed", "7p"), win("S", ("E", PLAIN), after_kong=True)],
         "exhausted": {"S": "[7777p]134569m2p5p8p9p", "W": "1245789s134689p", "N": "11m22m33m44s55s66s7s"}}
    s = settle(build_play(**b))
    assert s.exhaustion is not None and s.exhaustion.players["S"] == "not_ready"
    assert [p for p in s.exhaustion.payments if p.reason == "refund"] == []
    b["options"] = {}
    b["events"][1]["win"].pop("after_kong")
    assert [p.reason for p in settle(build_play(**b)).exhaustion.payments].count("refund") == 3  # type: ignore[union-attr]


@pytest.mark.parametrize(("events", "code"), [
    pytest.param([win("E", ("S", S_WINS), after_kong=True)], "bad_claim", id="no-kong-before"),
    pytest.param([kong("W", "concealed", "5s"), win("E", ("S", S_WINS), after_kong=True)], "bad_claim",
                 id="another-players-kong"),
    pytest.param([kong("E", "concealed", "9m"), win(None, ("S", S_WINS), after_kong=True)], "bad_claim",
                 id="self-drawn"),
    pytest.param([kong("E", "concealed", "9m"), win("E", ("S", S_WINS), after_kong=1)], "bad_value",
                 id="not-a-bool"),
])
def test_t19_after_kong_follows_the_discarders_own_kong(events: list[dict[str, Any]], code: str) -> None:
    e = refused(settled, events, options=ON)
    assert (e.code, e.field) == (code, ("events", len(events) - 1, "win", "after_kong"))


def test_t19_after_kong_means_nothing_without_kong_transfer(client: Any) -> None:
    events = [kong("E", "concealed", "9m"), win("E", ("S", S_WINS), after_kong=True)]
    e = refused(settled, events)
    assert (e.code, e.field) == ("not_in_ruleset", ("events", 1, "win", "after_kong"))
    r = client.post("/v1/sichuan/settle", json={"missing_suits": SUITS, "events": events})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/events/1/win/after_kong"
    ok = client.post("/v1/sichuan/settle", json={"missing_suits": SUITS, "events": events, "options": ON})
    assert ok.status_code == 200 and ok.get_json()["events"][1]["win"]["transferred"] == 6


# --- 血流成河 (T20) ---------------------------------------------------------------------------------
XUELIU = {"preset": "xueliu"}


def test_t20_xueliu_winners_stay_win_again_and_pay() -> None:
    events = [win("E", ("S", S_WINS)), win(None, ("S", S_WINS)), kong("S", "exposed", "5m", "W"),
              win(None, ("E", E_WINS))]
    s = settled(events[:2] + events[3:], options=XUELIU)
    assert [dict(e.changes) for e in s.events] == [{"E": -1, "S": 1, "W": 0, "N": 0},
                                                   {"E": -2, "S": 6, "W": -2, "N": -2},
                                                   {"E": 6, "S": -2, "W": -2, "N": -2}]
    e = refused(settled, events[:2])  # 血战到底: S is out after its win
    assert (e.code, e.field) == ("player_out", ("events", 1, "win", "winners", 0, "player"))
    everyone = settled([win("E", ("S", S_WINS)), win("S", ("E", E_WINS)), win(None, ("W", W_WINS)),
                        win("W", ("N", N_WINS_6P))], options=XUELIU)  # all four win: play goes on
    assert sum(everyone.totals.values()) == 0 and all(e.scores for e in everyone.events)
    e = refused(settled, [win("E", ("S", S_WINS)), win("S", ("E", E_WINS))])  # 血战: S discards no more
    assert (e.code, e.field) == ("player_out", ("events", 1, "win", "discarder"))


def test_t20_nobody_is_out_of_a_xueliu_score() -> None:
    e = refused(sc, PLAIN, XUELIU, discarder="S", out=["W"])
    assert (e.code, e.field) == ("contradictory_context", ("context", "out"))
    assert sc(PLAIN, discarder="S", out=["W"]).valid  # 血战到底: W has won and pays nothing


def test_t20_xueliu_at_the_exhausted_wall() -> None:
    """Every player who has won is ``won``: no holding, paid by a flower pig, no 查大叫 either way."""
    b = {"missing_suits": {"E": "m", "S": "s", "W": "p", "N": "p"}, "options": XUELIU,
         "events": [win(None, ("E", "123p456p789p11s23s4s")), win(None, ("E", "123p456p789p11s23s4s"))],
         "exhausted": {"S": "456m456m789p11p23p", "W": "123m99m2p34567s88s", "N": "134679m1235789s"}}
    s = settle(build_play(**b))
    assert s.exhaustion is not None and s.exhaustion.players["E"] == "won"
    assert {(p.payer, p.receiver) for p in s.exhaustion.payments if p.reason == "flower_pig"} == {
        ("W", "E"), ("W", "S"), ("W", "N")}
    assert all("E" not in (p.payer, p.receiver) for p in s.exhaustion.payments if p.reason == "not_ready")
    b["exhausted"]["E"] = "123p456p789p11s23s"
    e = refused(lambda: settle(build_play(**b)))
    assert (e.code, e.field) == ("bad_exhausted", ("exhausted", "E"))
    four = {"missing_suits": dict(SUITS), "options": XUELIU, "exhausted": {},
            "events": [win("E", ("S", S_WINS)), win("S", ("E", E_WINS)), win(None, ("W", W_WINS)),
                       win("W", ("N", N_WINS_6P))]}
    assert settle(build_play(**four)).exhaustion is not None  # everyone has won, the wall still runs out


# --- the exhausted wall's variants (T21-T23) ----------------------------------------------------------
def _exhausted(seed: str, **options: Any) -> scorer.sichuan.Settlement:
    return settle(build_play(**{**SEEDS[seed]["request"], "options": options}))


def test_t21_flower_pig_penalties() -> None:
    for options, fine in [({}, 32), ({"flower_pig_penalty": 16}, 16), ({"flower_pig_penalty": 48}, 48),
                          ({"flower_pig": "cap"}, 32), ({"flower_pig": "cap", "max_fan": 3}, 8),
                          ({"flower_pig": "cap", "max_fan": 4, "flower_pig_penalty": 48}, 16)]:
        s = _exhausted("105_flower_pig", **options)
        assert s.exhaustion is not None
        assert {p.amount for p in s.exhaustion.payments if p.reason == "flower_pig"} == {fine}, options


def test_t22_cha_da_jiao_off() -> None:
    on, off = _exhausted("104_refund_and_cha_da_jiao"), _exhausted("104_refund_and_cha_da_jiao", cha_da_jiao="off")
    assert on.exhaustion is not None and off.exhaustion is not None
    assert {p.reason for p in on.exhaustion.payments} == {"refund", "not_ready"}
    assert {p.reason for p in off.exhaustion.payments} == {"refund"}
    assert off.exhaustion.players == on.exhaustion.players and off.exhaustion.ready.keys() == {"E", "N"}


def test_t23_refund_off() -> None:
    on, off = _exhausted("104_refund_and_cha_da_jiao"), _exhausted("104_refund_and_cha_da_jiao", refund="off")
    assert on.exhaustion is not None and off.exhaustion is not None
    assert {p.reason for p in off.exhaustion.payments} == {"not_ready"}
    assert off.totals["S"] - on.totals["S"] == 6  # S keeps its concealed kong's 6


# --- properties ------------------------------------------------------------------------------------------
@st.composite
def plays_under_a_preset(draw: st.DrawFn) -> dict[str, Any]:
    """A hand of play that could have happened, under any preset, 呼叫转移 on or off: kongs of free
    tiles (each shown in its player's later hands), wins of four-pung hands on the pair (several
    on one discard; the kong's player discarding right after it, flagged after_kong when 呼叫转移
    is on; under 血流成河 a player who has won may win again with its hand), and the final
    holdings at an exhausted wall."""
    options: dict[str, Any] = {"preset": draw(st.sampled_from([p.name for p in PRESETS] + ["xueliu"] * 3))}
    if draw(st.integers(0, 3)):
        options["kong_transfer"] = "on"
    transfer = options.get("kong_transfer") == "on" or options["preset"] == "server"
    stays = options["preset"] == "xueliu"
    won: list[str] = []  # in order, once each
    used: set[str] = set()
    made: dict[str, list[tuple[str, str]]] = {w: [] for w in "ESWN"}
    pair: dict[str, str] = {}  # a winner's winning pair tile: it wins again on the same tile
    free = ["1p", "2p", "3p", "4p"]
    events: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 8))):
        if not stays and len(won) == 3:  # 血战到底: three winners end the hand
            break
        still = list("ESWN") if stays else [w for w in "ESWN" if w not in won]
        prev = events[-1].get("kong") if events else None
        if draw(st.booleans()):
            made_kong = draw_kong(draw, still, made, used)
            if made_kong is not None:
                events.append(made_kong)
            continue
        discarder = prev["player"] if prev and draw(st.booleans()) else draw(st.sampled_from([None, *still]))
        eligible = [w for w in still if w != discarder and (w in pair or free)]
        if not eligible:
            continue
        most = 1 if discarder is None else min(len(eligible), 3 if stays else 3 - len(won))
        winners = draw(st.lists(st.sampled_from(eligible), min_size=1, max_size=most, unique=True))
        tile = pair.get(winners[0]) or free.pop()
        winners = [p for p in winners if pair.get(p, tile) == tile]  # one discard: one tile
        for p in winners:
            pair[p] = tile
        last = draw(st.booleans()) and draw(st.booleans())
        event = plain_win(discarder, *((p, shown(made[p], PUNGS[p]) + tile + tile) for p in winners),
                          **({"last_wall_tile": True} if last else {}))
        if transfer and discarder is not None and prev and prev["player"] == discarder:
            event["win"]["after_kong"] = draw(st.integers(0, 3)) > 0
        events.append(event)
        won += [p for p in winners if p not in won]
        if last:
            break
    b: dict[str, Any] = {"missing_suits": dict(SUITS), "events": events, "base_points": draw(st.integers(1, 5)),
                         "options": options}
    if (stays or len(won) < 3) and draw(st.booleans()):
        b["exhausted"] = {w: shown(made[w], draw(st.sampled_from(HOLDINGS[w]))) for w in "ESWN" if w not in won}
    return b


@PROPS
@given(plays_under_a_preset())
def test_property_every_settlement_sums_to_zero_under_every_preset(b: dict[str, Any]) -> None:
    try:
        s = settle(build_play(**b))
    except scorer.ScorerError as e:
        assert e.code == "too_many_copies", e  # a generated kong of a tile a holding also shows
        return
    assert sum(s.totals.values()) == 0
    for e in s.events:
        assert sum(e.changes.values()) == 0
        assert e.transferred >= 0
    if s.exhaustion is not None:
        assert sum(s.exhaustion.changes.values()) == 0
        assert all(p.amount > 0 for p in s.exhaustion.payments)


@PROPS
@given(st.sampled_from([p.name for p in PRESETS]), st.sampled_from([
    ("[2222m][5555m1][888p1][222p1]5p5p", {"seat_wind": "S", "discarder": "W"}),
    ("111m555m777p99p22m2m", {"self_drawn": True}),
    ("123m456m789m11p4p6p5p", {"discarder": "N", "last_wall_tile": True}),
    ("234m456m678m22p34p5p", {"self_drawn": True, "seat_wind": "S"}),
]), st.integers(1, 50))
def test_property_a_score_sums_to_zero_under_every_preset(preset: str, case: tuple[str, dict[str, Any]],
                                                          base_points: int) -> None:
    hand, ctx = case
    r = sc(hand, {"preset": preset}, base_points=base_points, **ctx)
    assert r.payouts is not None and sum(r.payouts.values()) == 0
    book = scorer.rulebook("sichuan")
    cap = book.parse_options({"preset": preset}).cap
    assert r.total == (r.points if cap < 0 else min(r.points, cap))


def test_s20_the_waits_decide_last_copy_per_wait_under_its_option() -> None:
    from scorer.waits.analysis import analyze

    def wait_fans(options: dict[str, Any] | None) -> dict[str, set[str]]:
        a = analyze("123m456m789m11p23p", {"missing_suit": "s"}, ruleset="sichuan", options=options,
                    visible="4p4p4p").to_dict()
        return {w["tile"]: {f["id"] for f in w["discard"]["fans"]} for w in a["waits"]}

    assert wait_fans({"last_copy": 1}) == {"1p": {"basic"}, "4p": {"basic", "last_copy"}}  # 4p: three seen
    assert wait_fans(None) == {"1p": {"basic"}, "4p": {"basic"}}


# --- replaying a record under the house rules (RULINGS T19, T20) -------------------------------------------
RECORD_SUITS = {"E": "s", "S": "m", "W": "m", "N": "m"}
RECORD_DEAL = {"E": "123456789m1255p", "S": "33p111222666s4s5s", "W": "3p7m8m9m4s5s6s7s8s3s1p2p1p",
               "N": "7899s7899s6789p9p"}  # East waits on 3p


def _kong_then_discard(options: dict[str, Any] | None) -> Any:
    from testkit.replaying import record

    # South makes a concealed kong of 1s, draws its replacement and discards 3p, on which East wins
    script = "E draw; E discard 7s; S draw; S concealed_kong 1s; S replacement; S discard 3p; E win; wall_end"
    rec = record(RECORD_DEAL, script, ruleset="sichuan", missing_suits=RECORD_SUITS, wall=["7s", "1s", "8s"],
                 **({"options": options} if options else {}))
    return scorer.replay(rec)


def test_t19_a_replayed_discard_right_after_a_kong_is_flagged_under_kong_transfer() -> None:
    on, off = _kong_then_discard(ON), _kong_then_discard(None)
    assert on.events[1]["win"]["after_kong"] is True and "after_kong" not in off.events[1]["win"]
    assert on.settlement is not None and off.settlement is not None
    assert on.settlement.events[1].transferred == 6 and off.settlement.events[1].transferred == 0
    won_on, won_off = on.settlement.events[1].changes, off.settlement.events[1].changes
    assert (won_on["S"] - won_off["S"], won_on["E"] - won_off["E"]) == (-6, 6)


def test_t20_a_xueliu_record_is_refused_at_the_option() -> None:
    e = refused(_kong_then_discard, XUELIU)
    assert (e.code, e.field) == ("bad_option", ("options", "play"))


def test_what_the_book_says_means_nothing_under_an_option_is_refused_there_and_only_there() -> None:
    """GET /v1/rulesets' unused_context is the rule the scoring applies (RULINGS T20), not a copy."""
    from scorer.rules import RULESETS

    book = RULESETS["sichuan"]
    assert book.to_dict()["unused_context"] == [{"field": "out", "option": "play", "value": "xueliu"}]
    hand, ctx = "[555m1]22m666p789p34p2p", {"self_drawn": True, "missing_suit": "s"}
    for entry in book.unused_context:
        field, option_name, value = entry
        given = {**ctx, field: ["N"]}
        assert scorer.score(hand, ruleset="sichuan", **given).valid  # under the default it counts
        with pytest.raises(scorer.ScorerError) as e:
            scorer.score(hand, ruleset="sichuan", options={option_name: value}, **given)
        assert (e.value.code, e.value.pointer) == ("contradictory_context", f"/context/{field}")
