"""Unit tests for scorer/tiles.py, scorer/hand.py and scorer/context.py.

Every parse/format pair is round-tripped over all 34 tiles; every validation error is checked
with its stable code and the field path the service turns into a JSON pointer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer import (
    Context,
    Hand,
    Meld,
    MeldKind,
    ScorerError,
    Tile,
    format_botzone,
    format_tiles,
    parse_botzone,
    parse_tiles,
)
from scorer.tiles import ALL_TILES, CODES, from_botzone, sort_tiles, to_botzone

ALL_CODES = [t.value for t in Tile]
BOTZONE_OF = {
    **{f"{r}m": f"W{r}" for r in range(1, 10)},
    **{f"{r}s": f"T{r}" for r in range(1, 10)},
    **{f"{r}p": f"B{r}" for r in range(1, 10)},
    "E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3",
}
# 13 distinct tiles (one of each terminal and honour): any tile can be added as the winning tile.
ORPHANS = "19m19p19sESWNCFP"


@contextmanager
def raises(code: str, field: tuple[Any, ...] | None = None) -> Iterator[pytest.ExceptionInfo[ScorerError]]:
    """A ScorerError (still a ValueError) with this code, and this field path when given."""
    with pytest.raises(ScorerError) as info:
        yield info
    err = info.value
    assert isinstance(err, ValueError)
    assert err.code == code, f"code {err.code!r} != {code!r}: {err.message}"
    if field is not None:
        assert err.field == field, f"field {err.field!r} != {field!r}: {err.message}"


# --- tiles ------------------------------------------------------------------------------------
def test_there_are_34_tiles_in_engine_order() -> None:
    assert len(ALL_CODES) == 34 and len(set(ALL_CODES)) == 34
    assert tuple(ALL_CODES) == CODES
    assert ALL_CODES[:9] == [f"{r}m" for r in range(1, 10)]
    assert ALL_CODES[27:] == list("ESWNCFP")


@pytest.mark.parametrize("code", ALL_CODES)
def test_tile_enum_value_index_and_repr(code: str) -> None:
    tile = Tile(code)
    assert tile.value == code and str(tile) == code
    assert Tile.at(tile.index) is tile
    assert repr(tile) == f"Tile({code!r})"
    assert eval(repr(tile), {"Tile": Tile}) is tile  # noqa: S307 - the repr pastes back


@pytest.mark.parametrize("code", ALL_CODES)
def test_compact_round_trip_every_tile(code: str) -> None:
    tile = Tile(code)
    assert parse_tiles(code) == (tile,)
    assert parse_tiles([code]) == (tile,)
    assert format_tiles((tile,)) == code
    assert parse_tiles(format_tiles((tile, tile, tile))) == (tile,) * 3


@pytest.mark.parametrize("code", ALL_CODES)
def test_botzone_round_trip_every_tile(code: str) -> None:
    tile = Tile(code)
    assert to_botzone(tile) == BOTZONE_OF[code]
    assert from_botzone(BOTZONE_OF[code]) is tile
    assert parse_botzone(BOTZONE_OF[code]) == (tile,)
    assert parse_botzone([BOTZONE_OF[code]]) == (tile,)
    assert format_botzone((tile,)) == BOTZONE_OF[code]


@pytest.mark.parametrize("code", ALL_CODES)
def test_reference_notation_round_trip_every_tile(code: str) -> None:
    as_winning = ORPHANS + code
    h = Hand.parse(as_winning)
    assert h.winning_tile is Tile(code)
    assert h.notation() == as_winning
    assert Hand.parse(h.notation()) == h

    pung = f"[{format_tiles((Tile(code),) * 3, sep='')}2]"
    rest = [t for t in parse_tiles(ORPHANS) if t is not Tile(code)][:11]
    text = pung + format_tiles(rest[:10], sep="") + rest[10].value
    h2 = Hand.parse(text)
    assert h2.melds == (Meld(MeldKind.PUNG, Tile(code)),)
    assert h2.melds[0].claimed == 2
    assert Hand.parse(h2.notation()) == h2
    assert h2.notation() == text


def test_all_34_in_one_string_round_trip() -> None:
    text = format_tiles(ALL_TILES)
    assert text == "123456789m 123456789p 123456789s ESWNCFP"
    assert parse_tiles(text) == sort_tiles(ALL_TILES)
    assert parse_botzone(format_botzone(ALL_TILES)) == ALL_TILES


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("3sS", ["3s", "S"], id="3sS-is-3-bamboo-then-South"),
        pytest.param("3s S", ["3s", "S"], id="3s-space-S"),
        pytest.param("S3s", ["S", "3s"], id="S-then-3s"),
        pytest.param("123m 456p  789s\tEE", ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E"],
                     id="spaces-and-tabs-ignored"),
        pytest.param("  123m456p789sEE  ", ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E"],
                     id="leading-trailing-spaces"),
        pytest.param("11m1m", ["1m", "1m", "1m"], id="repeated-suit-groups"),
        pytest.param("CFP", ["C", "F", "P"], id="dragons"),
        pytest.param("ESWN", ["E", "S", "W", "N"], id="winds"),
        pytest.param("5p5s5m", ["5p", "5s", "5m"], id="order-kept"),
        pytest.param("", [], id="empty"),
    ],
)
def test_parse_compact(text: str, expected: list[str]) -> None:
    assert [t.value for t in parse_tiles(text)] == expected


@pytest.mark.parametrize(
    ("text", "code"),
    [
        pytest.param("3x", "bad_notation", id="unknown-suit-letter"),
        pytest.param("1M", "bad_notation", id="uppercase-suit"),
        pytest.param("e", "bad_notation", id="lowercase-wind"),
        pytest.param("s", "bad_notation", id="lowercase-south-not-a-suit"),
        pytest.param("0m", "bad_notation", id="rank-zero"),
        pytest.param("12", "bad_notation", id="digits-without-suit"),
        pytest.param("m", "bad_notation", id="suit-without-digits"),
        pytest.param("123m4", "bad_notation", id="trailing-digit"),
        pytest.param("X", "bad_notation", id="unknown-letter"),
        pytest.param("東", "bad_notation", id="chinese-character"),
        pytest.param("1m,2m", "bad_notation", id="comma"),
    ],
)
def test_parse_compact_rejects(text: str, code: str) -> None:
    with raises(code, ("hand", "concealed")):
        parse_tiles(text, ("hand", "concealed"))


@pytest.mark.parametrize(
    ("codes", "index"),
    [
        pytest.param(["1x"], 0, id="unknown-code"),
        pytest.param(["1m", "s"], 1, id="lowercase-letter"),
        pytest.param(["1m", "2m", "1m "], 2, id="code-with-space"),
        pytest.param(["10m"], 0, id="rank-ten"),
        pytest.param(["E", 5], 1, id="not-a-string"),
        pytest.param(["W1"], 0, id="botzone-code-in-a-code-list"),
    ],
)
def test_parse_code_list_rejects(codes: list[Any], index: int) -> None:
    with raises("unknown_tile", ("hand", "concealed", index)):
        parse_tiles(codes, ("hand", "concealed"))


@pytest.mark.parametrize("code", ["W0", "W10", "X1", "F5", "F0", "J4", "w1", "1m", "E", ""])
def test_botzone_rejects(code: str) -> None:
    with raises("unknown_tile", ("x", 0)):
        parse_botzone([code], ("x",))


def test_format_sorts_by_display_order_and_can_keep_order() -> None:
    tiles = parse_tiles("EE 9s 5p 123m")
    assert format_tiles(tiles) == "123m 5p 9s EE"
    assert format_tiles(tiles, sep="") == "123m5p9sEE"
    assert format_tiles(tiles, sort=False) == "EE 9s 5p 123m"
    assert format_tiles((), sep="") == ""


# --- melds and hands ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("tiles", "kind", "lowest"),
    [
        pytest.param("123m", MeldKind.CHOW, "1m", id="chow"),
        pytest.param("798p", MeldKind.CHOW, "7p", id="chow-any-order"),
        pytest.param(["3s", "1s", "2s"], MeldKind.CHOW, "1s", id="chow-list"),
        pytest.param("EEE", MeldKind.PUNG, "E", id="honour-pung"),
        pytest.param("5555s", MeldKind.KONG, "5s", id="kong"),
    ],
)
def test_meld_kind_follows_from_tiles(tiles: Any, kind: MeldKind, lowest: str) -> None:
    m = Meld.from_tiles(tiles)
    assert m.kind is kind and m.tile is Tile(lowest)


def test_meld_claimed_digit_takes_no_part_in_equality() -> None:
    assert Meld(MeldKind.CHOW, Tile("1m"), claimed=1) == Meld(MeldKind.CHOW, Tile("1m"), claimed=3)
    assert hash(Meld(MeldKind.PUNG, Tile("E"), claimed=1)) == hash(Meld(MeldKind.PUNG, Tile("E"), claimed=2))


@pytest.mark.parametrize(
    ("text", "melds", "winning"),
    [
        pytest.param("[222m1][444m2][666m3]88mWW8m", [("pung", "2m", False), ("pung", "4m", False),
                                                     ("pung", "6m", False)], "8m", id="three-pungs"),
        pytest.param("[2222m][3333m3]123p555s9s9s", [("kong", "2m", True), ("kong", "3m", False)], "9s",
                     id="concealed-and-melded-kong"),
        pytest.param("[3333m,3]123p555s99sEE9s", [("kong", "3m", False)], "9s", id="comma-before-digit"),
    ],
)
def test_parse_reference_notation(text: str, melds: list[tuple[str, str, bool]], winning: str) -> None:
    h = Hand.parse(text)
    assert [(m.kind.value, m.tile.value, m.concealed) for m in h.melds] == melds
    assert h.winning_tile is Tile(winning)
    assert Hand.parse(h.notation()) == h


def test_parse_spaces_inside_the_notation() -> None:
    assert Hand.parse(" [2222m][3333m , 3 ]123p 555s 9s 9s ") == Hand.parse("[2222m][3333m3]123p555s9s9s")


def test_parse_spaces_between_melds() -> None:
    """Spaces are ignored everywhere in the notation, between bracketed melds too."""
    assert Hand.parse("[2222m] [3333m3] 123p555s9s 9s") == Hand.parse("[2222m][3333m3]123p555s9s9s")


def test_notation_formats_digits() -> None:
    h = Hand.build("555s9s", "9s", melds=[{"tiles": "2222m", "concealed": True}, {"tiles": "3333m"},
                                          {"tiles": "567m"}])
    # a melded kong without a recorded offer digit still prints one, so it reads back as melded
    assert h.notation() == "[2222m][3333m1][567m]5559s9s"
    assert Hand.parse(h.notation()) == h
    assert repr(h) == "Hand.parse('[2222m][3333m1][567m]5559s9s')"
    assert repr(Hand.parse("123m456p789s11sES E", flowers=3)) == "Hand.parse('123m456p11789sESE', flowers=3)"


def test_build_and_parse_agree() -> None:
    built = Hand.build(concealed="88m WW", winning_tile="8m", melds=[
        {"tiles": "222m", "concealed": False}, {"tiles": ["4m", "4m", "4m"]}, {"tiles": "666m"}])
    assert built == Hand.parse("[222m1][444m2][666m3]88mWW8m")
    assert built == Hand.build(["W", "8m", "W", "8m"], "8m", melds=[Meld.from_tiles("222m"),
                                                                   Meld.from_tiles("444m"), Meld.from_tiles("666m")])
    assert built.concealed == parse_tiles("88mWW")  # concealed tiles are kept sorted
    assert Hand.build("WW88m", "8m", melds=[{"tiles": "222m"}, {"tiles": "444m"}, {"tiles": "666m"}]) == built


def test_hand_counts_and_has_kong() -> None:
    h = Hand.parse("[2222m][3333m3]123p555s9s9s")
    c = h.counts()
    assert c[Tile("2m").index] == 4 and c[Tile("9s").index] == 2 and sum(c) == 14 + 2
    assert h.has_kong and not Hand.parse(ORPHANS + "E").has_kong


def test_meld_order_does_not_make_another_hand() -> None:
    a = Hand.parse("[123m1][EEE2]456p78s9sN9s")
    b = Hand.parse("[EEE2][123m1]456p78s9sN9s")
    assert a == b and hash(a) == hash(b)
    assert a != Hand.parse("[123m1][EEE2]456p78s9sN9s", flowers=1)
    assert a != Hand.parse("[123m1][EEEE2]456p78s9sN9s")


_SOME_MELDS = st.lists(st.sampled_from(
    [Meld.from_tiles(t) for t in ("123m", "234m", "789s", "123p", "111m", "EEE", "CCC", "999p", "444p")]
    + [Meld.from_tiles(t, concealed=c) for t in ("1111m", "CCCC", "5555s") for c in (False, True)]
), min_size=2, max_size=5)


@given(_SOME_MELDS)
def test_a_hand_lists_its_melds_as_people_write_them(melds: list[Meld]) -> None:
    """By the first tile's place in the written order (suits, then honours), then chow, pung,
    kong, then open before concealed; what the hand shows does not depend on the order given."""
    from scorer.hand import _in_order
    from scorer.tiles import DISPLAY_ORDER

    kind = {MeldKind.CHOW: 0, MeldKind.PUNG: 1, MeldKind.KONG: 2}
    assert list(_in_order(tuple(melds))) == sorted(melds, key=lambda m: (DISPLAY_ORDER[m.tile], kind[m.kind],
                                                                          m.concealed))


def test_hands_are_hashable_values() -> None:
    a, b = Hand.parse("[123p1]123m456p78s11s9s"), Hand.parse("[123p2]123m456p78s11s9s")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1


BUILD_ERRORS = [
    # (kwargs for Hand.build, code, field)
    pytest.param(dict(concealed="123m456p789s11s", winning_tile="E"), "tile_count", ("hand", "concealed"),
                 id="too-few-concealed"),
    pytest.param(dict(concealed="123m456p789s11sESW", winning_tile="E"), "tile_count", ("hand", "concealed"),
                 id="too-many-concealed"),
    pytest.param(dict(concealed="456p789s11sE", winning_tile="E", melds=[{"tiles": "1111m"}]), "tile_count",
                 ("hand", "concealed"), id="kong-counts-as-three"),
    pytest.param(dict(concealed="4p", winning_tile="4p", melds=[{"tiles": "111s"}] * 6), "tile_count",
                 ("hand", "melds"), id="six-melds"),
    pytest.param(dict(concealed="123m456p789s11sES", winning_tile="EE"), "tile_count", ("hand", "winning_tile"),
                 id="two-winning-tiles"),
    pytest.param(dict(concealed="123m456p789s11sES", winning_tile=""), "tile_count", ("hand", "winning_tile"),
                 id="no-winning-tile"),
    pytest.param(dict(concealed="123m456p789s11sES", winning_tile=5), "bad_value", ("hand", "winning_tile"),
                 id="winning-tile-not-a-string"),
    pytest.param(dict(concealed="123m456p789s11sES", winning_tile="X"), "bad_notation", ("hand", "winning_tile"),
                 id="winning-tile-bad-letter"),
    pytest.param(dict(concealed="1111m456p789s11sE", winning_tile="1m"), "too_many_copies", ("hand",),
                 id="fifth-copy-via-winning-tile"),
    pytest.param(dict(concealed="456p789s1sEEE", winning_tile="E", melds=[{"tiles": "EEE"}]), "too_many_copies",
                 ("hand",), id="fifth-copy-via-meld"),
    pytest.param(dict(concealed="456p789s1sEEE", winning_tile="1s", melds=[{"tiles": "1111s"}]), "too_many_copies",
                 ("hand",), id="fifth-copy-via-kong"),
    pytest.param(dict(concealed="456p789s11sE", winning_tile="E", melds=[{"tiles": "135m"}]), "bad_meld",
                 ("hand", "melds", 0, "tiles"), id="chow-that-is-no-run"),
    pytest.param(dict(concealed="456p789s11sE", winning_tile="E", melds=[{"tiles": "89m1p"}]), "bad_meld",
                 ("hand", "melds", 0, "tiles"), id="chow-across-suits"),
    pytest.param(dict(concealed="456p789s11sE", winning_tile="E", melds=[{"tiles": "123m"}, {"tiles": "ESW"}]),
                 "bad_meld", ("hand", "melds", 1, "tiles"), id="honours-chow"),
    pytest.param(dict(concealed="456p789s11sE", winning_tile="E", melds=[{"tiles": "CFP"}]), "bad_meld",
                 ("hand", "melds", 0, "tiles"), id="dragons-chow"),
    pytest.param(dict(concealed="456p789s11sE", winning_tile="E", melds=[{"tiles": "11m"}]), "bad_meld",
                 ("hand", "melds", 0, "tiles"), id="two-tile-meld"),
    pytest.param(dict(concealed="456p789s11sE", winning_tile="E", melds=[{}]), "bad_meld",
                 ("hand", "melds", 0, "tiles"), id="meld-without-tiles"),
    pytest.param(dict(concealed="456p789s11sE", winning_tile="E", melds=[{"tiles": "11111m"}]), "bad_meld",
                 ("hand", "melds", 0, "tiles"), id="five-alike"),
    pytest.param(dict(concealed="456p789s11sE", winning_tile="E", melds=[{"tiles": "123m", "concealed": True}]),
                 "concealed_not_kong", ("hand", "melds", 0, "concealed"), id="concealed-chow"),
    pytest.param(dict(concealed="456p789s11sE", winning_tile="E", melds=[{"tiles": "111m", "concealed": True}]),
                 "concealed_not_kong", ("hand", "melds", 0, "concealed"), id="concealed-pung"),
    pytest.param(dict(concealed="456p789s11s", winning_tile="E", melds=[{"tiles": "1111m", "concealed": 1}]),
                 "bad_value", ("hand", "melds", 0, "concealed"), id="concealed-not-a-bool"),
    pytest.param(dict(concealed="123m456p789s11sES", winning_tile="E", flowers=9), "bad_flowers",
                 ("hand", "flowers"), id="nine-flowers"),
    pytest.param(dict(concealed="123m456p789s11sES", winning_tile="E", flowers=-1), "bad_flowers",
                 ("hand", "flowers"), id="negative-flowers"),
    pytest.param(dict(concealed="123m456p789s11sES", winning_tile="E", flowers=True), "bad_flowers",
                 ("hand", "flowers"), id="flowers-bool"),
    pytest.param(dict(concealed="123m456p789s11sES", winning_tile="E", flowers=1.0), "bad_flowers",
                 ("hand", "flowers"), id="flowers-float"),
    pytest.param(dict(concealed=["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1s", "1s", "E", "Q"],
                      winning_tile="E"), "unknown_tile", ("hand", "concealed", 12), id="unknown-code-in-list"),
    pytest.param(dict(concealed="123m456p789s11sEQ", winning_tile="E"), "bad_notation", ("hand", "concealed"),
                 id="unknown-letter-in-string"),
    pytest.param(dict(concealed="456p789s11sE", winning_tile="E", melds=[{"tiles": ["1m", "1m", "x"]}]),
                 "unknown_tile", ("hand", "melds", 0, "tiles", 2), id="unknown-code-in-meld"),
]


@pytest.mark.parametrize(("kwargs", "code", "field"), BUILD_ERRORS)
def test_build_errors(kwargs: dict[str, Any], code: str, field: tuple[Any, ...]) -> None:
    with raises(code, field):
        Hand.build(**kwargs)


@pytest.mark.parametrize(
    "flowers", [pytest.param(n, id=f"{n}-flowers") for n in range(9)]
)
def test_flowers_zero_to_eight(flowers: int) -> None:
    assert Hand.build("123m456p789s11sES", "E", flowers=flowers).flowers == flowers


PARSE_ERRORS = [
    pytest.param("[1234p]234m5mEEEWW", "bad_meld", id="four-in-a-row"),
    pytest.param("[EFC1]123m345m99sS", "bad_meld", id="honours-chow"),
    pytest.param("[135m1]1234m5mEEEWWW", "bad_meld", id="chow-no-run"),
    pytest.param("[22222m]123p555s9s9s", "bad_meld", id="five-alike"),
    pytest.param("[2222m4]123p555s9s9s", "bad_notation", id="offer-digit-4"),
    pytest.param("[123p1", "bad_notation", id="unclosed-bracket"),
    pytest.param("123m[456p1]789s11pSS", "bad_notation", id="meld-after-standing-tiles"),
    pytest.param("[123p1]1234m5mEEEWWx", "bad_notation", id="bad-letter"),
    pytest.param("[123p1]", "tile_count", id="no-standing-tiles"),
    pytest.param("", "tile_count", id="empty"),
    pytest.param("123m456p789s11sE", "tile_count", id="thirteen-tiles"),
    pytest.param("[123p1][123p1][123p1][123p1][123p1][123p1]E", "tile_count", id="six-melds"),
    pytest.param("[999m1][999m1]123p555s9sE", "too_many_copies", id="six-copies"),
    pytest.param(123, "bad_notation", id="not-a-string"),
]


@pytest.mark.parametrize(("text", "code"), PARSE_ERRORS)
def test_parse_errors(text: Any, code: str) -> None:
    with raises(code) as info:
        Hand.parse(text)
    assert info.value.field[:1] == ("hand",)


def test_parse_error_names_the_meld() -> None:
    with raises("bad_meld", ("hand",)) as info:
        Hand.parse("[123m1][EFC1]345m99sSSS")
    assert "meld 2" in info.value.message


def test_error_pointer() -> None:
    with raises("bad_meld") as info:
        Hand.build("456p789s11sE", "E", melds=[{"tiles": "123m"}, {"tiles": "ESW"}])
    assert info.value.pointer == "/hand/melds/1/tiles"
    assert ScorerError("bad_value", "x", ("a/b", "c~d")).pointer == "/a~1b/c~0d"


# --- context ----------------------------------------------------------------------------------
def test_context_defaults() -> None:
    c = Context()
    assert (c.self_drawn, c.seat_wind, c.prevalent_wind, c.discarder, c.base_points) == (False, "E", "E", None, 1)
    assert Context.build() == c


CONTEXT_ERRORS = [
    # field values
    pytest.param(dict(self_drawn=1), "bad_value", "self_drawn", id="self_drawn-int"),
    pytest.param(dict(self_drawn=None), "bad_value", "self_drawn", id="self_drawn-none"),
    pytest.param(dict(last_copy="yes"), "bad_value", "last_copy", id="last_copy-string"),
    pytest.param(dict(last_wall_tile=0), "bad_value", "last_wall_tile", id="last_wall_tile-int"),
    pytest.param(dict(kong_replacement=1), "bad_value", "kong_replacement", id="kong_replacement-int"),
    pytest.param(dict(robbing_kong="true"), "bad_value", "robbing_kong", id="robbing_kong-string"),
    pytest.param(dict(seat_wind="e"), "bad_wind", "seat_wind", id="seat-lowercase"),
    pytest.param(dict(seat_wind="X"), "bad_wind", "seat_wind", id="seat-unknown"),
    pytest.param(dict(seat_wind="C"), "bad_wind", "seat_wind", id="seat-dragon"),
    pytest.param(dict(seat_wind=0), "bad_wind", "seat_wind", id="seat-int"),
    pytest.param(dict(seat_wind="SW"), "bad_wind", "seat_wind", id="seat-two-winds"),
    pytest.param(dict(seat_wind=""), "bad_wind", "seat_wind", id="seat-empty"),
    pytest.param(dict(prevalent_wind="ESWN"), "bad_wind", "prevalent_wind", id="prevalent-all-winds"),
    pytest.param(dict(prevalent_wind=None), "bad_wind", "prevalent_wind", id="prevalent-none"),
    pytest.param(dict(discarder="X"), "bad_wind", "discarder", id="discarder-unknown"),
    pytest.param(dict(discarder=3), "bad_wind", "discarder", id="discarder-int"),
    pytest.param(dict(discarder=""), "bad_wind", "discarder", id="discarder-empty"),
    pytest.param(dict(discarder="WN"), "bad_wind", "discarder", id="discarder-two-winds"),
    pytest.param(dict(base_points=0), "bad_base_points", "base_points", id="base-zero"),
    pytest.param(dict(base_points=-5), "bad_base_points", "base_points", id="base-negative"),
    pytest.param(dict(base_points=1_000_001), "bad_base_points", "base_points", id="base-too-big"),
    pytest.param(dict(base_points=True), "bad_base_points", "base_points", id="base-bool"),
    pytest.param(dict(base_points=2.0), "bad_base_points", "base_points", id="base-float"),
    pytest.param(dict(base_points="2"), "bad_base_points", "base_points", id="base-string"),
    # contradictions within the context (RULINGS.md R2-R4)
    pytest.param(dict(kong_replacement=True), "contradictory_context", "kong_replacement",
                 id="kong-replacement-on-a-discard"),
    pytest.param(dict(robbing_kong=True, self_drawn=True), "contradictory_context", "robbing_kong",
                 id="robbing-kong-self-drawn"),
    pytest.param(dict(self_drawn=True, discarder="S"), "contradictory_context", "discarder",
                 id="discarder-on-self-drawn"),
    pytest.param(dict(discarder="E"), "contradictory_context", "discarder", id="discarder-is-own-seat-east"),
    pytest.param(dict(seat_wind="N", discarder="N"), "contradictory_context", "discarder",
                 id="discarder-is-own-seat-north"),
]


@pytest.mark.parametrize(("kwargs", "code", "name"), CONTEXT_ERRORS)
def test_context_errors(kwargs: dict[str, Any], code: str, name: str) -> None:
    with raises(code, ("context", name)):
        Context(**kwargs)
    with raises(code, ("context", name)):
        Context.build(**kwargs)


@pytest.mark.parametrize("name", ["foo", "selfDrawn", "flowers"])
def test_context_build_rejects_unknown_fields(name: str) -> None:
    with raises("bad_value", ("context", name)):
        Context.build(**{name: True})


@pytest.mark.parametrize(
    "kwargs",
    [
        pytest.param(dict(self_drawn=True, kong_replacement=True), id="kong-replacement-self-drawn"),
        pytest.param(dict(robbing_kong=True, discarder="S"), id="robbing-kong-on-a-discard"),
        pytest.param(dict(self_drawn=True, last_wall_tile=True), id="last-tile-draw"),
        pytest.param(dict(last_wall_tile=True, discarder="W"), id="last-tile-claim"),
        pytest.param(dict(seat_wind="S", prevalent_wind="W", discarder="E"), id="winds"),
        pytest.param(dict(base_points=1_000_000), id="base-max"),
        pytest.param(dict(robbing_kong=True, last_copy=True), id="robbing-kong-and-last-copy"),
    ],
)
def test_context_consistent_combinations(kwargs: dict[str, Any]) -> None:
    assert Context(**kwargs) == Context.build(**kwargs)


# Against the hand: Context.for_hand checks the flags that the tiles can contradict.
HAND_CONTRADICTIONS = [
    pytest.param("123m456p789s11sEE1s", dict(self_drawn=True, kong_replacement=True), "kong_replacement",
                 id="kong-replacement-without-kong"),
    pytest.param("[123m1]456p789s11sEE1s", dict(self_drawn=True, kong_replacement=True), "kong_replacement",
                 id="kong-replacement-with-chow-meld"),
    pytest.param("123m456p789s11sEE1s", dict(robbing_kong=True), "robbing_kong",
                 id="robbing-kong-tile-concealed"),
    pytest.param("[999m1]123m456p78s1sE9m", dict(robbing_kong=True), "robbing_kong",
                 id="robbing-kong-tile-in-pung"),
    pytest.param("[789m1]123m456p78s1sE9m", dict(robbing_kong=True), "robbing_kong",
                 id="robbing-kong-tile-in-chow"),
    pytest.param("[111s1]123m456p78sEE1s", dict(last_copy=True, robbing_kong=True), "robbing_kong",
                 id="robbing-kong-tile-in-meld-with-last-copy"),
]


@pytest.mark.parametrize(("text", "kwargs", "name"), HAND_CONTRADICTIONS)
def test_context_contradicts_hand(text: str, kwargs: dict[str, Any], name: str) -> None:
    hand = Hand.parse(text)
    with raises("contradictory_context", ("context", name)):
        Context(**kwargs).for_hand(hand)


@pytest.mark.parametrize(
    ("text", "kwargs", "last_copy"),
    [
        pytest.param("[999m1]123m456p78s1sE9m", {}, True, id="pung-holds-three-inferred"),
        pytest.param("[789m1][789m2][789m3]4p5p6pE9m", {}, True, id="three-chows-hold-three-inferred"),
        pytest.param("[999m1]123m456p78s1sE9m", dict(last_copy=True), True, id="pung-holds-three-given"),
        pytest.param("[999m1]123m456p78s1sE9m", dict(self_drawn=True), True, id="inferred-self-drawn"),
        pytest.param("[789m1][789m2]123p456pE9m", {}, False, id="two-in-melds-not-inferred"),
        pytest.param("[789m1][789m2]123p456pE9m", dict(last_copy=True), True, id="two-in-melds-given"),
        pytest.param("123m456p789s11sEE1s", {}, False, id="concealed-copy-not-inferred"),
        pytest.param("123m456p789s11sEE1s", dict(last_copy=True), False, id="concealed-copy-disproves-given"),
        pytest.param("123m456p789s11sEEN", dict(last_copy=True), True, id="single-tile-given"),
        pytest.param("[1111s]123m456p78sEN9s", dict(robbing_kong=True), False, id="kong-of-other-tile"),
    ],
)
def test_last_copy_inference(text: str, kwargs: dict[str, Any], last_copy: bool) -> None:
    from scorer.rules.mcr.scoring import proven_context  # 和绝张 as the tiles prove it is MCR's rule

    ctx = Context(**kwargs)
    out = proven_context(ctx, Hand.parse(text))
    assert out.last_copy is last_copy
    assert out == ctx.__class__(**{**kwargs, "last_copy": last_copy})


def test_for_hand_with_kong_allows_kong_replacement() -> None:
    for text in ("[9999m1]123m456p78s1sE9s", "[9999m]123m456p78s1sE9s"):
        ctx = Context(self_drawn=True, kong_replacement=True)
        assert ctx.for_hand(Hand.parse(text)) == ctx


def test_robbing_kong_single_tile_ok() -> None:
    ctx = Context(robbing_kong=True, discarder="S")
    assert ctx.for_hand(Hand.parse("123m456p78s11sEEN9s")) == ctx


# A value other than the default for every field a request may give (Context.build passes them by
# position, so a field added to Context and left out there would be dropped without a word).
_NOT_DEFAULT = {"self_drawn": True, "seat_wind": "S", "prevalent_wind": "W", "last_copy": True,
                "last_wall_tile": True, "kong_replacement": True, "robbing_kong": True, "discarder": "N",
                "base_points": 3, "missing_suit": "m", "out": ["S"], "liable": "W", "heavenly_hand": True,
                "earthly_hand": True, "dealer_streak": 2, "human_hand": True, "heavenly_ready": True,
                "earthly_ready": True, "flower_win": "seven_rob_one"}
_SELF_DRAWN = {"kong_replacement", "heavenly_hand", "earthly_hand"}


def test_context_build_passes_every_field_on() -> None:
    from dataclasses import fields

    names = [f.name for f in fields(Context) if f.init]
    assert sorted(names) == sorted(_NOT_DEFAULT)  # a new field needs a row here
    for name in names:  # each beside what it needs (a kong replacement is a self-draw, ...)
        given = {name: _NOT_DEFAULT[name], **({"self_drawn": True} if name in _SELF_DRAWN else {})}
        built = Context.build(**given)
        assert built == Context(**given) != Context(**{k: v for k, v in given.items() if k != name}), name


def test_context_values_are_the_fields_in_order() -> None:
    """``values()`` is what a book's check of foreign fields reads by position: the fields set at
    init, in order, then the book's own fields."""
    from dataclasses import fields

    names = [f.name for f in fields(Context) if f.init]
    for name in names:
        given = {name: _NOT_DEFAULT[name], **({"self_drawn": True} if name in _SELF_DRAWN else {})}
        built = Context.build(**given)
        assert built.values() == (*(getattr(built, n) for n in names), built.own), name


@given(st.text(alphabet="123456789mpsESWNCFPm0 z[\u3000\u00a0\t", max_size=24))
def test_the_character_reader_agrees_with_the_token_reader(text: str) -> None:
    """The fast reader of the compact notation reads what the token reader reads, and declines
    (to let it say why) what it refuses; beyond ASCII it leaves the reading to the token reader."""
    from scorer.tiles import _parse_compact, compact_indices

    read = compact_indices(text)
    try:
        tokens = [t.index for t in _parse_compact(text, ())]
    except ScorerError:
        assert read is None
    else:
        assert read == tokens or (read is None and not text.isascii())


@given(st.one_of(st.text(alphabet="123456789mpsESWNCFPm0 z[\u3000\t", max_size=24),
                 st.lists(st.sampled_from("1111123456789"), min_size=14, max_size=40).map(lambda d: "".join(d) + "s")))
def test_the_counting_reader_counts_what_the_character_reader_reads(text: str) -> None:
    """The reader that counts straight into a vector (a hand's concealed tiles) counts the tiles
    the character reader lists, and declines what it declines, long runs of one digit included."""
    from scorer.tiles import NUM_TILES, compact_counts, compact_indices

    read = compact_indices(text)
    held = [0] * NUM_TILES
    counted = compact_counts(text, held)
    if read is None:
        assert not counted
    elif counted:
        assert held == [read.count(i) for i in range(NUM_TILES)]
    else:  # a run of more digits than a count's five bits hold is left to the token reader
        assert max(len(run) for run in re.findall("[1-9]+", text)) > 31


@given(st.lists(st.one_of(st.sampled_from(["1m", "9p", "5s", "E", "C", "P"]),
                          st.sampled_from(["1z", "", "m", "10m", " 1m", 5, None])), max_size=18))
def test_a_list_of_codes_is_counted_as_the_tile_reader_reads_it(codes: list[Any]) -> None:
    """Hand.build's counting of a list of codes agrees with ``parse_tiles``: the same counts, or
    the same error at the same item."""
    from scorer.hand import _held_of
    from scorer.tiles import INDEX, NUM_TILES, parse_tiles

    try:
        tiles = parse_tiles(codes, ("hand", "concealed"))
    except ScorerError as e:
        with pytest.raises(ScorerError) as got:
            _held_of(codes)
        assert (got.value.code, got.value.field, got.value.message) == (e.code, e.field, e.message)
    else:
        assert _held_of(codes) == [sum(1 for t in tiles if INDEX[t] == i) for i in range(NUM_TILES)]


# --- what a new user types ------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "says"), [
    ("1z2z3z4z5z6z7z11223344m", "z-honours are not this notation: 1z-4z are E S W N, 5z 6z 7z are P F C"),
    ("123m456p789s1122m5mr", "a red five (5mr) is not in these rule books: write 5m"),
    ("123m406p789s11223m", "red fives (0m, 0p, 0s) are not in these rule books"),
    ("123m456p789s11eee", "case matters: honours are capitals, E S W N (winds) and C F P"),
    ("123M456p789s11223m", "case matters: suits are lower case"),
    ("一万二万三万456p789s11223m", "Chinese tile names are not the notation: 一万 is 1m"),
])
def test_a_notation_error_says_what_to_write_instead(hand, says):
    with pytest.raises(ScorerError) as e:
        Hand.parse(hand)
    assert e.value.code == "bad_notation" and says in e.value.message, e.value.message


def test_thirteen_tiles_to_score_say_what_was_counted_and_where_waits_are():
    with pytest.raises(ScorerError) as e:
        Hand.parse("123m456p789s1122m")
    assert e.value.code == "tile_count" and e.value.pointer == "/hand"
    assert "counted 13 concealed tiles, the last (2m) read as the winning tile" in e.value.message
    assert "POST /v1/waits" in e.value.message and "mahjong-scorer waits" in e.value.message
    with pytest.raises(ScorerError) as e:  # too many: no word of waits
        Hand.parse("123m456p789s11223m4m")
    assert "counted 15" in e.value.message and "waits" not in e.value.message
