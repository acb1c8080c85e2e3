"""The library's edges: wrong types fail clearly where they enter, nothing reaches the result cache
unchecked, equal hands get one answer whichever was scored first, and the CLI survives its terminal.

Each test is a regression test for a defect found by an adversarial run; they hold for the compiled
build too (typed constructors reject wrong types with ``TypeError`` in both builds).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

import scorer
from scorer import Context, Hand, Meld, MeldKind, ScorerError, SetKind, Tile

PLAIN = "1m 2m 3m 4p 5p 6p 7s 8s 9s 5s E E E".split()


@pytest.fixture(autouse=True)
def _fresh_caches() -> None:
    scorer.clear_caches()


def _fans(r: scorer.Result) -> list[str]:
    return [f.id for f in r.fans]


def test_a_hand_of_plain_strings_is_refused_and_cannot_poison_the_cache() -> None:
    with pytest.raises(TypeError, match="Tile"):
        Hand(tuple(PLAIN), (), "5s")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Tile"):
        Hand(tuple(Tile(c) for c in PLAIN), (), "5s")  # type: ignore[arg-type]
    built = Hand.build(" ".join(PLAIN), "5s")
    # 5s is held, so it cannot be the last copy, and a held tile cannot be robbed from a kong
    assert "last_tile" not in _fans(scorer.score(built, discarder="S", last_copy=True))
    with pytest.raises(ScorerError) as e:
        scorer.score(built, discarder="S", robbing_kong=True)
    assert e.value.code == "contradictory_context"


@pytest.mark.parametrize(
    ("make", "match"),
    [
        # (the compiled build checks the annotated type itself: "SetKind object expected; got str")
        pytest.param(lambda: Meld("chow", Tile("1m")), "(Meld|Set)Kind", id="string-kind"),
        pytest.param(lambda: Meld("kong", Tile("1m"), concealed=True), "(Meld|Set)Kind", id="string-kind-concealed"),
        pytest.param(lambda: Meld(SetKind.PAIR, Tile("1m")), "MeldKind", id="pair-is-no-meld"),
        pytest.param(lambda: Meld(SetKind.KNITTED_STRAIGHT, Tile("1m")), "MeldKind", id="group-is-no-meld"),
        pytest.param(lambda: Meld(MeldKind.PUNG, "xx"), "Tile", id="string-tile"),
        pytest.param(lambda: Meld(MeldKind.PUNG, "1m"), "Tile", id="code-for-tile"),
        pytest.param(lambda: Hand((), [Meld(MeldKind.PUNG, Tile("1m"))], Tile("E")), "tuple", id="melds-list"),
        pytest.param(lambda: scorer.format_tiles(["1m"]), "Tile", id="format-codes"),
        pytest.param(lambda: scorer.format_botzone(["1m"]), "Tile", id="format-botzone-codes"),
        pytest.param(lambda: scorer.score(Hand.parse("[123m1]22m456p789sEEE"), "E"), "Context", id="score-wind"),
        pytest.param(lambda: scorer.score(Hand.parse("[123m1]22m456p789sEEE"), {"self_drawn": True}), "Context",
                     id="score-dict"),
        pytest.param(lambda: scorer.score(5), "Hand", id="score-int"),
    ],
)
def test_wrong_types_are_a_type_error_at_the_call(make: Any, match: str) -> None:
    with pytest.raises(TypeError, match=match):
        make()


def test_a_string_kind_cannot_score_a_chow_as_a_pung() -> None:
    with pytest.raises(TypeError):
        Meld("chow", Tile("1m"))  # type: ignore[arg-type]
    assert scorer.score("[123m1]22m456p789sEEE").points == 12


def test_a_concealed_pung_names_its_kind() -> None:
    with pytest.raises(ScorerError, match="not a pung$") as e:
        Meld(MeldKind.PUNG, Tile("1m"), concealed=True)
    assert e.value.code == "concealed_not_kong"


@pytest.mark.parametrize(
    ("call", "code", "pointer"),
    [
        pytest.param(lambda: Hand.build("123m", "1m", melds=None), "bad_value", "/hand/melds", id="melds-none"),
        pytest.param(lambda: Hand.build("123m", "1m", melds=5), "bad_value", "/hand/melds", id="melds-int"),
        pytest.param(lambda: scorer.parse_botzone(None), "bad_notation", "", id="botzone-none"),
        pytest.param(lambda: scorer.parse_botzone(["W1", 5]), "unknown_tile", "/1", id="botzone-int-code"),
        pytest.param(lambda: scorer.parse_tiles(None), "bad_notation", "", id="tiles-none"),
        pytest.param(lambda: Hand.parse(None), "bad_notation", "/hand", id="parse-none"),
        pytest.param(lambda: Hand.parse("123m456p789s11sES1m", flowers=True), "bad_flowers", "/hand/flowers",
                     id="parse-flowers-bool"),
        pytest.param(lambda: Context.build(self_drawn="yes"), "bad_value", "/context/self_drawn", id="context-str"),
    ],
)
def test_loose_input_is_a_scorer_error_naming_the_field(call: Any, code: str, pointer: str) -> None:
    with pytest.raises(ScorerError) as e:
        call()
    assert (e.value.code, e.value.pointer) == (code, pointer)


def test_equal_hands_show_one_arrangement_whichever_is_scored_first() -> None:
    a = Hand.parse("[789s1][123m2][EEE3]456p5p5p")
    b = Hand.parse("[EEE3][123m2][789s1]456p5p5p")
    assert a == b and a.melds == b.melds
    first = scorer.score(b, discarder="S").decomposition
    scorer.clear_caches()
    assert scorer.score(a, discarder="S").decomposition == first
    kinds = [s.kind for s in first]
    assert kinds[:3] == ["chow", "chow", "pung"]  # the melds as people write them: 123m, 789s, EEE


def test_knitted_straight_shows_a_discard_completed_pung_as_exposed() -> None:
    r = scorer.score("147m258p369sEE11p1p", discarder="S")
    pungs = [s for s in r.decomposition if s.kind == "pung"]
    assert [(s.tiles, s.concealed) for s in pungs] == [(("1p", "1p", "1p"), False)]
    drawn = scorer.score("147m258p369sEE11p1p", self_drawn=True)
    assert [s.concealed for s in drawn.decomposition if s.kind == "pung"] == [True]


# --- the CLI and its terminal ----------------------------------------------------------------------------
def _cli(*args: str, env: dict[str, str] | None = None, **kw: Any) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "scorer", *args], env={**os.environ, **(env or {})},
                          timeout=60, check=False, **kw)


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C", "PYTHONIOENCODING": ""}])
def test_cli_on_a_terminal_that_cannot_show_chinese(env: dict[str, str]) -> None:
    p = _cli("[222m1][444m2][666m3]88mWW8m", "--discarder", "S", env=env, capture_output=True)
    assert p.returncode == 0, p.stderr
    # Python may coerce the C locale to UTF-8; where it does not, the names come out escaped
    assert "碰碰和".encode() in p.stdout or b"\\u78b0\\u78b0\\u548c" in p.stdout
    assert b"Traceback" not in p.stderr
    j = _cli("[222m1][444m2][666m3]88mWW8m", "--json", env=env, capture_output=True)
    assert j.returncode == 0
    assert json.loads(j.stdout)["fans"][0]["name_zh"] == "碰碰和"  # the escapes are valid JSON


def test_cli_into_a_closed_pipe_stops_quietly() -> None:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the CLI writes, as when `head` has exited
    try:
        p = _cli("[222m1][444m2][666m3]88mWW8m", stdout=write, stderr=subprocess.PIPE)
    finally:
        os.close(write)
    assert p.returncode == 1
    assert b"Traceback" not in p.stderr and b"BrokenPipeError" not in p.stderr, p.stderr


def test_winds_are_a_typed_vocabulary_read_from_their_codes() -> None:
    c = Context(seat_wind="W", prevalent_wind=scorer.Wind.S, discarder="N")  # type: ignore[arg-type]
    assert (c.seat_wind, c.prevalent_wind, c.discarder) == (scorer.Wind.W, scorer.Wind.S, scorer.Wind.N)
    assert all(type(w) is scorer.Wind for w in (c.seat_wind, c.prevalent_wind, c.discarder))
    # the codes and the winds are one value: equal contexts, one cache entry
    assert c == Context(seat_wind=scorer.Wind.W, prevalent_wind=scorer.Wind.S, discarder=scorer.Wind.N)
    assert hash(c) == hash(Context.build(seat_wind="W", prevalent_wind="S", discarder="N"))
    assert [w.value for w in scorer.Wind] == ["E", "S", "W", "N"]
