"""Property tests (hypothesis): invariants of ``scorer.score`` over generated hands.

Complete hands come from ``testkit.hands.themed`` (a hypothesis-drawn seed and structure); possibly
incomplete ones from ``legal_hands`` (any 14 tiles, at most 4 copies, sometimes with melds),
which must also be a win exactly when the reference calculator says so.
Derandomized, no example database, bounded examples: the file runs in seconds and the same on
every machine.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import given, note
from hypothesis import strategies as st

import scorer
from testkit.hands.themed import CODES, WINDS, GenHand, GenMeld, compact, generate
from testkit.oracle import compare, format_mismatch
from testkit.strategies import MCR_PROPS as PROPS
from testkit.strategies import SEED, complete_hands


def _result_key(r: scorer.Result) -> dict[str, Any]:
    """Everything a caller sees; the arrangement as a multiset (its listing order is cosmetic)."""
    d = r.to_dict()
    d["decomposition"] = sorted(json.dumps(s, sort_keys=True) for s in d["decomposition"])
    return d


def _score(g: GenHand, **hand_overrides: Any) -> scorer.Result:
    return scorer.score(scorer.Hand.build(**{**g.hand_kwargs(), **hand_overrides}), scorer.Context(**g.context))


_SETS = [("chow", i) for i in range(27) if i % 9 <= 6] + [("pung", i) for i in range(34)]


@st.composite
def legal_hands(draw: st.DrawFn) -> GenHand:
    """Any legal hand, complete or not: 0-2 random declared sets, random standing tiles, <= 4 copies."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    left = Counter({i: 4 for i in range(34)})
    melds = []
    for _ in range(draw(st.integers(0, 2))):
        kind, i = rng.choice(_SETS)
        if kind == "pung" and rng.random() < 0.3:
            tiles = [i] * 4
            kind = "kong"
        else:
            tiles = [i, i + 1, i + 2] if kind == "chow" else [i] * 3
        if any(left[x] < tiles.count(x) for x in tiles):
            continue
        left.subtract(tiles)
        concealed = kind == "kong" and rng.random() < 0.5
        melds.append(GenMeld(kind, tuple(CODES[x] for x in tiles), concealed, 0 if concealed else rng.randint(1, 3)))
    pool = [x for x, n in left.items() for _ in range(n)]
    if draw(st.booleans()):  # crowd the hand into one suit and the honours: more near-wins
        s = rng.randrange(3)
        crowded = [x for x in pool if x // 9 == s or x >= 27]
        pool = crowded
    picked = rng.sample(pool, 14 - 3 * len(melds))
    win = picked[-1]
    concealed_tiles = [CODES[x] for x in picked[:-1]]
    held = picked[:-1].count(win)
    in_melds = sum(m.tiles.count(CODES[win]) for m in melds)
    self_drawn = rng.random() < 0.4
    has_kong = any(m.kind == "kong" for m in melds)
    robbing = not self_drawn and held == 0 and in_melds == 0 and rng.random() < 0.2
    seat = rng.choice(WINDS)
    context = {
        "self_drawn": self_drawn,
        "seat_wind": seat,
        "prevalent_wind": rng.choice(WINDS),
        "last_copy": rng.random() < 0.2,
        "last_wall_tile": rng.random() < 0.1,
        "kong_replacement": self_drawn and has_kong and rng.random() < 0.4,
        "robbing_kong": robbing,
        "discarder": None if self_drawn or rng.random() < 0.1 else rng.choice([w for w in WINDS if w != seat]),
        "base_points": rng.randint(1, 5),
    }
    g = GenHand("random", "legal", tuple(concealed_tiles), tuple(melds), CODES[win], rng.randint(0, 8), context)
    note(f"{g.notation()} flowers={g.flowers} {g.context}")
    return g


# --- invariants of one result ----------------------------------------------------------------------
def check_invariants(r: scorer.Result, flowers: int, context: dict[str, Any]) -> None:
    non_flower = sum(f.points * f.count for f in r.fans if f.id != "flower_tiles")
    assert r.points == non_flower, (r.points, r.fans)
    if r.winning:
        assert r.flower_points == flowers
    assert r.total == r.points + r.flower_points
    assert r.valid == (r.winning and r.points >= 8)
    assert all(f.count >= 1 for f in r.fans)
    assert len({f.id for f in r.fans}) == len(r.fans), "a fan listed twice"
    order = [f.id for f in scorer.mcr.FANS]
    assert [f.id for f in r.fans] == sorted((f.id for f in r.fans), key=order.index), "fans not in table order"
    if r.winning and flowers:
        assert r.count("flower_tiles") == flowers
    no_discarder = not context["self_drawn"] and context["discarder"] is None
    if not r.valid or no_discarder:
        assert r.payouts is None
    else:
        assert r.payouts is not None
        assert set(r.payouts) == set(WINDS)
        assert sum(r.payouts.values()) == 0
        assert r.payouts[context["seat_wind"]] > 0
        assert all(v < 0 for w, v in r.payouts.items() if w != context["seat_wind"])
    if r.valid:
        assert r.reason is None
    if r.winning:
        assert r.fans and r.decomposition
    else:
        assert r.reason and not r.valid and r.points == 0 and r.fans == () and r.payouts is None
    json.dumps(r.to_dict())


# --- properties on complete hands ------------------------------------------------------------------
@PROPS
@given(complete_hands())
def test_complete_hands_score_without_raising(g: GenHand) -> None:
    r = _score(g)
    assert r.winning, (g.notation(), r.reason)
    check_invariants(r, g.flowers, g.context)


@PROPS
@given(complete_hands(), st.randoms(use_true_random=False))
def test_tile_and_meld_order_never_change_a_result(g: GenHand, rnd: random.Random) -> None:
    base = _result_key(_score(g))
    concealed = list(g.concealed)
    rnd.shuffle(concealed)
    melds = g.hand_kwargs()["melds"]
    rnd.shuffle(melds)
    for m in melds:
        rnd.shuffle(m["tiles"])
    assert _result_key(_score(g, concealed=concealed)) == base
    assert _result_key(_score(g, melds=melds)) == base
    assert _result_key(_score(g, concealed=concealed, melds=melds)) == base


@PROPS
@given(complete_hands())
def test_compact_string_and_list_inputs_agree(g: GenHand) -> None:
    base = _result_key(_score(g))
    as_strings = {
        "concealed": compact(g.concealed),
        "melds": [{"tiles": compact(m.tiles), "concealed": m.concealed} for m in g.melds],
    }
    spaced = {"concealed": " ".join(g.concealed)}
    assert _result_key(_score(g, **as_strings)) == base
    assert _result_key(_score(g, **spaced)) == base
    # the reference notation, and keyword context instead of a Context object
    by_notation = scorer.score(scorer.Hand.parse(g.notation(), flowers=g.flowers), **g.context)
    assert _result_key(by_notation) == base
    if not g.flowers:
        assert _result_key(scorer.score(g.notation(), **g.context)) == base


@PROPS
@given(complete_hands())
def test_scoring_is_deterministic_and_cache_transparent(g: GenHand) -> None:
    first = _score(g)
    assert _score(g) == first
    scorer.clear_caches()
    again = _score(g)
    assert again == first and again.to_dict() == first.to_dict()


@PROPS
@given(complete_hands())
def test_reference_notation_round_trips(g: GenHand) -> None:
    h = scorer.Hand.build(**g.hand_kwargs())
    assert scorer.Hand.parse(h.notation(), flowers=h.flowers) == h
    assert scorer.Hand.parse(g.notation(), flowers=g.flowers) == h
    assert eval(repr(h), {"Hand": scorer.Hand}) == h  # noqa: S307 - the repr pastes back


@PROPS
@given(complete_hands(), st.sampled_from(WINDS))
def test_payouts_none_exactly_without_a_payer(g: GenHand, discarder: str) -> None:
    ctx = dict(g.context)
    if ctx["self_drawn"]:
        return
    ctx["discarder"] = None
    r = scorer.score(scorer.Hand.build(**g.hand_kwargs()), **ctx)
    assert r.payouts is None
    if discarder != ctx["seat_wind"]:
        ctx["discarder"] = discarder
        r2 = scorer.score(scorer.Hand.build(**g.hand_kwargs()), **ctx)
        assert (r2.payouts is None) == (not r2.valid)
        if r2.valid:
            assert r2.payouts[discarder] == -(8 + r2.total) * ctx["base_points"]
            assert sum(r2.payouts.values()) == 0


@PROPS
@given(complete_hands(), st.integers(0, 8), st.integers(1, 1000))
def test_flowers_and_base_points_only_scale_the_settlement(g: GenHand, flowers: int, base: int) -> None:
    r = _score(g)
    r2 = scorer.score(scorer.Hand.build(**{**g.hand_kwargs(), "flowers": flowers}),
                      scorer.Context(**{**g.context, "base_points": base}))
    assert [f for f in r2.fans if f.id != "flower_tiles"] == [f for f in r.fans if f.id != "flower_tiles"]
    assert (r2.points, r2.valid, r2.decomposition) == (r.points, r.valid, r.decomposition)
    assert r2.total == r.points + flowers
    if r2.payouts is not None:
        unit = scorer.score(scorer.Hand.build(**{**g.hand_kwargs(), "flowers": flowers}),
                            scorer.Context(**{**g.context, "base_points": 1}))
        assert dict(r2.payouts) == {w: v * base for w, v in unit.payouts.items()}


# --- possibly incomplete hands -----------------------------------------------------------------------
@PROPS
@given(legal_hands())
def test_any_legal_hand_scores_without_raising(g: GenHand) -> None:
    h = scorer.Hand.build(**g.hand_kwargs())
    r = scorer.score(h, scorer.Context(**g.context))
    assert r.winning or r.reason
    check_invariants(r, g.flowers, g.context)
    assert scorer.score(h, scorer.Context(**g.context)) == r


@PROPS
@given(legal_hands())
def test_any_legal_hand_is_a_win_exactly_when_the_reference_says_so(g: GenHand) -> None:
    m = compare(0, g)
    assert m is None, format_mismatch(m)


@PROPS
@given(complete_hands())
def test_swapping_the_winning_tile_never_raises(g: GenHand) -> None:
    """Replace the winning tile by another kind (usually no longer a win): scoring must not raise."""
    h = scorer.Hand.build(**g.hand_kwargs())
    counts = h.counts()
    for code in CODES:
        if code == g.winning_tile or counts[CODES.index(code)] >= 4:
            continue
        r = scorer.score(scorer.Hand.build(**{**g.hand_kwargs(), "winning_tile": code}),
                         scorer.Context(**{**g.context, "last_copy": False, "robbing_kong": False}))
        assert r.winning or r.reason
        check_invariants(r, g.flowers, {**g.context, "last_copy": False, "robbing_kong": False})
        break


def test_generated_meld_dataclass_is_plain_data() -> None:
    """The generator's output carries no scorer objects (so the oracle stays independent)."""
    g = generate(SEED, 3)
    assert all(isinstance(m, GenMeld) for m in g.melds)
    json.dumps(g.request_body())
