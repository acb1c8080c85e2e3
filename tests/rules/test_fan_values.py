"""The rule-book layer's general house rule ``options.fan_values`` (RULINGS L7) and hand sizes by
book (L8)."""

from __future__ import annotations

import pytest

import scorer
from scorer import Hand, ScorerError

HK_HAND = "[CCC1]123456789m5m5m"


def test_l7_fan_values_set_a_fans_value() -> None:
    base = scorer.score(HK_HAND, discarder="W", seat_wind="S", ruleset="hk")
    more = scorer.score(HK_HAND, discarder="W", seat_wind="S", ruleset="hk", options={"fan_values": {"dragon_pung": 3}})
    assert more.total == base.total + 2
    assert next(f.points for f in more.fans if f.id == "dragon_pung") == 3
    r = scorer.score("[222m1][444m2][666m3]88m99s8m", ruleset="sichuan", missing_suit="p", discarder="W",
                     options={"fan_values": {"all_pungs": 2}})
    assert next(f.points for f in r.fans if f.id == "all_pungs") == 2
    hand = Hand.build(concealed="456m789p234s67s55p", melds=[{"tiles": "123m"}], winning_tile="8s")
    r = scorer.score(hand, ruleset="taiwan", seat_wind="S", discarder="W", options={"fan_values": {"all_chows": 3}})
    assert r.total == 3
    # beside a preset and an option: the value wins over both
    r = scorer.score(HK_HAND, discarder="W", seat_wind="S", ruleset="hk",
                     options={"preset": "two-two", "full_flush_fan": 5, "fan_values": {"dragon_pung": 2}})
    assert next(f.points for f in r.fans if f.id == "dragon_pung") == 2


@pytest.mark.parametrize("ruleset, values, at", [
    ("mcr", {"all_pungs": 8}, ("options", "fan_values")),
    ("hk", {"no_such_fan": 1}, ("options", "fan_values", "no_such_fan")),
    ("hk", {"thirteen_orphans": 5}, ("options", "fan_values", "thirteen_orphans")),
    ("hk", {"dragon_pung": 14}, ("options", "fan_values", "dragon_pung")),
    ("hk", {"dragon_pung": True}, ("options", "fan_values", "dragon_pung")),
    ("taiwan", {"all_chows": 100}, ("options", "fan_values", "all_chows")),
    ("sichuan", {"dragon_pung": 1}, ("options", "fan_values", "dragon_pung")),
    ("hk", [1, 2], ("options", "fan_values")),
])
def test_l7_fan_values_are_refused_where_they_cannot_apply(ruleset: str, values: object, at: tuple[str, ...]) -> None:
    book = scorer.rulebook(ruleset)
    with pytest.raises(ScorerError) as e:
        book.parse_options({"fan_values": values})
    assert (e.value.code, e.value.field) == ("bad_option", at)


def test_l7_over_http_a_bad_value_is_a_422_at_the_field(client) -> None:  # type: ignore[no-untyped-def]
    body = {"hand": HK_HAND, "ruleset": "hk", "context": {"discarder": "W", "seat_wind": "S"},
            "options": {"fan_values": {"dragon_pung": 99}}}
    resp = client.post("/v1/score", json=body)
    assert resp.status_code == 422
    assert resp.get_json()["errors"][0]["pointer"] == "/options/fan_values/dragon_pung"


def test_l8_a_hand_is_refused_by_a_book_of_the_other_size() -> None:
    sized = {5: Hand.build(concealed="456m789p234s67s55p", melds=[{"tiles": "123m"}], winning_tile="8s"),
             4: Hand.build(concealed="456m789p234s5p", melds=[{"tiles": "123m"}], winning_tile="5p")}
    assert {b.sets for b in scorer.RULESETS.values()} == set(sized)  # both sizes are played
    for book in scorer.RULESETS.values():
        other = sized[9 - book.sets]
        with pytest.raises(ScorerError) as e:
            scorer.score(other, ruleset=book.name, discarder="W")
        assert (e.value.code, e.value.field) == ("tile_count", ("hand",)), book.name
