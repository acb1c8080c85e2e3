"""Waits and shanten of 广东推倒胡 hands (``scorer.analyze``, ``POST /v1/waits``): a ghost is a free
tile, never a tile waited on as itself, and a ghost kind is listed exactly when drawing a ghost
wins (or helps). The waits are held to the book's own ``winning`` on every possible drawn tile."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scorer
from scorer.hand import Hand
from scorer.tiles import CODES, NUM_TILES, WHITE, parse_tiles

HANDS = ["123m 456p 789s EEE P", "123m 456p 78s EEE PP", "123m 456p 7s EE 19s PP", "1122m 3344p 5566s P",
         "123m 456p 789s EEE S", "1112345678m PPP", "19m19p19s ESWNC PP"]


def searched(concealed: str, options: dict[str, Any] | None = None, **ctx: Any) -> list[str]:
    """Every tile that completes the hand, by scoring it (a fifth copy is no tile to draw)."""
    held = [t.index for t in parse_tiles(concealed)]
    out = []
    for t in range(NUM_TILES):
        if held.count(t) >= 4:
            continue
        r = scorer.score(Hand.build(concealed=concealed, winning_tile=CODES[t]), ruleset="guangdong", options=options,
                         seat_wind="S", self_drawn=True, **ctx)
        if r.winning:
            out.append(CODES[t])
    return sorted(out)


@pytest.mark.parametrize("options", [None, {"preset": "mil-2023"}])
@pytest.mark.parametrize("concealed", HANDS)
def test_waits_are_the_tiles_that_win(concealed: str, options: dict[str, Any] | None) -> None:
    a = scorer.analyze(concealed, ruleset="guangdong", options=options)
    assert a.outlook is not None
    got = sorted(w.tile.value for w in a.outlook.waits)
    assert got == searched(concealed, options)
    assert (a.outlook.shanten == 0) == bool(got)


def test_gd19_a_held_ghost_is_a_free_tile() -> None:
    a = scorer.analyze("123m 456p 789s EEE P", ruleset="guangdong")
    assert a.outlook is not None and a.outlook.shanten == 0
    tiles = {w.tile.value for w in a.outlook.waits}
    assert "E" not in tiles  # a fifth E: the ghost may not be one
    assert "P" in tiles  # a drawn ghost wins too
    ghost = next(w for w in a.outlook.waits if w.tile.value == "P")
    assert ghost.self_drawn is not None and ghost.self_drawn.valid
    assert ghost.discard is not None and not ghost.discard.valid  # a ghost is never won from a discard
    plain = scorer.analyze("123m 456p 789s EEE P", ruleset="guangdong", options={"ghosts": "none"})
    assert plain.outlook is not None and [w.tile.value for w in plain.outlook.waits] == ["P"]


def test_flip_ghosts_in_the_waits() -> None:
    a = scorer.analyze("123m 456p 789s EEE S", ruleset="guangdong", options={"ghosts": "flip"}, jokers=["1m"])
    assert a.outlook is not None and sorted(w.tile.value for w in a.outlook.waits) == ["1m", "4m", "S"]
    assert sorted(w.tile.value for w in a.outlook.waits) == searched("123m 456p 789s EEE S", {"ghosts": "flip"},
                                                                     jokers=["1m"])


def test_useful_tiles_lower_the_shanten() -> None:
    a = scorer.analyze("159m 258p 369s ES PP", ruleset="guangdong", options={"seven_pairs": False})
    assert a.outlook is not None and a.outlook.shanten > 0
    useful = {u.tile.value for u in a.outlook.useful}
    assert "P" in useful  # a drawn ghost helps
    for u in useful - {"P"}:
        after = scorer.analyze("159m 258p 369s ES PP " + u, ruleset="guangdong", options={"seven_pairs": False})
        assert any(d.outlook.shanten < a.outlook.shanten for d in after.discards)


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_generated_waits_are_the_tiles_that_win(data: st.DataObject) -> None:
    start = data.draw(st.integers(0, 20))
    window = [t for t in range(start, start + 7) if t != WHITE]
    held = data.draw(st.lists(st.sampled_from(window), min_size=11, max_size=11))
    if max(held.count(t) for t in held) > 4:
        return
    concealed = " ".join(CODES[t] for t in held) + " PP"
    a = scorer.analyze(concealed, ruleset="guangdong")
    assert a.outlook is not None
    assert sorted(w.tile.value for w in a.outlook.waits) == searched(concealed)


def test_waits_over_http(client: Any) -> None:
    r = client.post("/v1/waits", json={"ruleset": "guangdong", "hand": "123m 456p 789s EEE P"})
    assert r.status_code == 200
    body = r.get_json()
    assert body["shanten"] == 0 and "P" in [w["tile"] for w in body["waits"]]
    r = client.post("/v1/score", json={"ruleset": "guangdong", "hand": {"concealed": "123m 456p 789s EEE S",
                                                                          "winning_tile": "S"},
                                       "context": {"seat_wind": "E", "self_drawn": True,
                                                   "birds": ["1m", "5p", "C", "2s"]}})
    assert r.status_code == 200
    got = r.get_json()
    assert (got["total"], got["points"], got["multiplier"], got["horse_hits"]) == (4, 2, 2, 3)
    assert got["payouts"] == {"E": 30, "S": -10, "W": -10, "N": -10}
    for context, pointer in (({"self_drawn": True, "jokers": ["1m"]}, "/context/jokers"),
                             ({"self_drawn": True, "birds": ["J"]}, "/context/birds/0"),
                             ({"self_drawn": True, "prevalent_wind": "S"}, "/context/prevalent_wind")):
        r = client.post("/v1/score", json={"ruleset": "guangdong", "hand": "123m456p789sEEESS", "context": context})
        assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == pointer
    # an option of the other table, on hands no table scores: not ready (shanten 4), and 14 tiles to discard from
    for hand in ("1m4m7m2p5p8p3s6s9sEESS", "1m4m7m2p5p8p3s6s9sEESSW"):
        r = client.post("/v1/waits", json={"ruleset": "guangdong", "hand": hand, "options": {"min_fan": 2}})
        assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/options/min_fan"
