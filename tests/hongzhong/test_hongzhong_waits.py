"""Waits and shanten of the 红中 book (``scorer.analyze(..., ruleset="hongzhong")``, ``POST /v1/waits``):
the held 中 are a count, not honour tiles; a ready hand also waits on 中 (a drawn one stands for
any completing number tile the copy cap allows); a tile the hand holds four of is no wait (the
红中 rule document, §4 and §13; RULINGS HZ17). Checked on the document's examples and by brute
force over the readings of the 中 (``testkit.wild``)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import scorer
from scorer.tiles import CODES, DISPLAY_INDICES, HONOR_START, NUM_TILES, RED
from scorer.wild import NUMBER_TILES_MASK, Wild
from testkit.wild import brute_regular_shanten, brute_seven_pairs_shanten, brute_waits, holdings

CAPPED = Wild(NUMBER_TILES_MASK, 4)


def waits(hand: str | dict[str, Any], **kw: Any) -> list[str]:
    a = scorer.analyze(hand, ruleset="hongzhong", **kw)
    return [w.tile.value for w in a.outlook.waits] if a.outlook is not None else []


def test_hz17_the_documents_waits() -> None:
    """MIL §七.1.3-4 and the document's §13: the five-copies examples and the lone 中."""
    assert waits("1234444556677m") == ["1m", "7m", "C"]
    assert waits("[444m]1234556677m") == ["1m", "7m", "C"]  # the 4m a 中 may be, no real 4m left
    assert waits({"concealed": "1255667799m", "melds": [{"tiles": "3333m", "concealed": True}]}) == ["C"]
    lone = waits({"concealed": "C", "melds": [{"tiles": "111m"}, {"tiles": "111p"},
                                                {"tiles": "1111s", "concealed": True}, {"tiles": "9999m"}]})
    assert lone == [CODES[t] for t in DISPLAY_INDICES if t < HONOR_START and CODES[t] not in ("9m", "1s")] + ["C"]
    assert "C" not in waits("CCCC123456789m")  # all four 中 held: none left to draw


def test_hz17_a_held_red_is_no_honour_and_a_seen_one_is_allowed() -> None:
    a = scorer.analyze("123456m123p456sC", ruleset="hongzhong", visible=["C", "C"])
    assert a.outlook is not None and a.outlook.shanten == 0 and len(a.outlook.waits) == 28
    red = next(w for w in a.outlook.waits if w.tile.value == "C")
    assert red.unseen == 1 and red.self_drawn is not None and red.self_drawn.valid
    assert red.discard is not None and not red.discard.valid  # a discarded 中 is never won on
    far = scorer.analyze("19m19p19s3456m2pCC", ruleset="hongzhong")
    assert far.outlook is not None and far.outlook.shanten == 2 and "C" in [u.tile.value for u in far.outlook.useful]


def test_hz17_fourteen_tiles_get_discard_advice() -> None:
    a = scorer.analyze("123456m123p45sCC8p", ruleset="hongzhong")
    assert a.win is not None and a.win.score.valid and a.win.score.winning


def test_waits_over_http(client: Any) -> None:
    body = {"ruleset": "hongzhong", "hand": {"concealed": "1234444556677m"}, "visible": ["C"]}
    resp = client.post("/v1/waits", json=body)
    assert resp.status_code == 200, resp.get_data(as_text=True)
    got = resp.get_json()
    assert [w["tile"] for w in got["waits"]] == ["1m", "7m", "C"] and got["waits"][2]["unseen"] == 3
    resp = client.post("/v1/waits", json={**body, "visible": ["E"]})
    assert resp.status_code == 422 and resp.get_json()["type"].endswith("honour-in-hongzhong")


@st.composite
def ready_hands(draw: st.DrawFn) -> tuple[tuple[int, ...], int, str]:
    jokers = draw(st.integers(0, 3))
    counts = draw(holdings(13 - jokers).filter(lambda c: not any(c[HONOR_START:]) and sum(c) == 13 - jokers))
    tiles = [CODES[t] for t in range(NUM_TILES) for _ in range(counts[t])] + ["C"] * jokers
    return counts, jokers, " ".join(draw(st.permutations(tiles)))


@settings(max_examples=60, deadline=None)
@given(ready_hands())
def test_waits_and_shanten_are_the_readings_of_the_reds_by_brute_force(hand: tuple[tuple[int, ...], int, str]) -> None:
    counts, jokers, text = hand
    a = scorer.analyze({"concealed": text}, ruleset="hongzhong")
    assert a.outlook is not None
    regular = brute_regular_shanten(counts, jokers, 4, CAPPED)
    pairs = brute_seven_pairs_shanten(counts, jokers, CAPPED)
    want = min(v for v in (regular, pairs) if v is not None)
    assert a.outlook.shanten == want, text
    if want == 0:
        tiles, red = brute_waits(counts, jokers, 4, CAPPED, seven=True)
        own = [counts[t] for t in range(NUM_TILES)]
        own[RED] = jokers
        expected = {t for t in tiles if own[t] < 4} | ({RED} if red and jokers < 4 else set())
        assert {scorer.tiles.INDEX_OF_CODE[w.tile.value] for w in a.outlook.waits} == expected, text
