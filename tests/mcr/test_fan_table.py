"""The fan table as data: the 81 fans in order, the online room rules page's point tiers, a sound
不计 graph, each fan's detector named in its row, and the table's 不计 being what the scorer does."""

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import scorer
from scorer.rules.mcr import detect, scoring
from scorer.rules.mcr.exclusion import exclude
from scorer.rules.mcr.fan_id import FanId
from testkit.seeds import load_seeds

ISSUE_ORDER = """big_four_winds big_three_dragons all_green nine_gates four_kongs seven_shifted_pairs
thirteen_orphans all_terminals little_four_winds little_three_dragons all_honors four_concealed_pungs
pure_terminal_chows quadruple_chow four_pure_shifted_pungs four_pure_shifted_chows three_kongs
all_terminals_and_honors seven_pairs greater_honors_and_knitted_tiles all_even_pungs full_flush
pure_triple_chow pure_shifted_pungs upper_tiles middle_tiles lower_tiles pure_straight
three_suited_terminal_chows pure_shifted_chows all_fives triple_pung three_concealed_pungs
lesser_honors_and_knitted_tiles knitted_straight upper_four lower_four big_three_winds mixed_straight
reversible_tiles mixed_triple_chow mixed_shifted_pungs chicken_hand last_tile_draw last_tile_claim
out_with_replacement_tile robbing_the_kong all_pungs half_flush mixed_shifted_chows all_types
melded_hand two_concealed_kongs two_dragon_pungs outside_hand fully_concealed_hand two_melded_kongs
last_tile dragon_pung prevalent_wind seat_wind concealed_hand all_chows tile_hog double_pung
two_concealed_pungs concealed_kong all_simples pure_double_chow mixed_double_chow short_straight
two_terminal_chows pung_of_terminals_or_honors melded_kong one_voided_suit no_honors edge_wait
closed_wait single_wait self_drawn flower_tiles""".split()

# The online room rules page: how many fans score each number of points.
SEED_000_TIERS = {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 9, 6: 7, 4: 4, 2: 10, 1: 13}


def test_81_fans_with_stable_ids_in_table_order():
    assert [f.id for f in scorer.mcr.FANS] == ISSUE_ORDER
    assert len(scorer.mcr.FANS) == 81


def test_points_tiers_match_seed_000():
    assert Counter(f.points for f in scorer.mcr.FANS) == SEED_000_TIERS
    points = [f.points for f in scorer.mcr.FANS]
    assert points == sorted(points, reverse=True)


def test_names_in_english_and_chinese_are_unique():
    assert len({f.name for f in scorer.mcr.FANS}) == 81
    assert len({f.name_zh for f in scorer.mcr.FANS}) == 81


@pytest.mark.parametrize("fan", scorer.mcr.FANS, ids=lambda f: f.id)
def test_implications_point_only_to_cheaper_later_fans(fan):
    order = {f.id: k for k, f in enumerate(scorer.mcr.FANS)}
    for implied in fan.implies:
        assert implied in scorer.mcr.BY_ID, implied
        assert order[implied] > order[fan.id]
        assert scorer.mcr.BY_ID[implied].points <= fan.points


def test_implication_graph_has_no_cycles():
    graph = {f.id: set(f.implies) for f in scorer.mcr.FANS}
    state: dict[str, int] = {}

    def visit(node: str) -> None:
        assert state.get(node) != 1, f"cycle through {node}"
        if state.get(node) == 2:
            return
        state[node] = 1
        for nxt in graph[node]:
            visit(nxt)
        state[node] = 2

    for node in graph:
        visit(node)


def test_fan_ids_are_the_table():
    from scorer.rules.mcr import fan_id

    assert list(FanId) == ISSUE_ORDER
    assert all(getattr(fan_id, m.name) is m for m in FanId)  # the detectors' module constants
    assert all(type(f.id) is FanId for f in scorer.mcr.FANS)
    assert all(type(i) is FanId for f in scorer.mcr.FANS for i in (*f.implies, *f.implies_one))


@pytest.mark.parametrize("fan", scorer.mcr.FANS, ids=lambda f: f.id)
def test_each_row_names_its_detector_in_detect(fan):
    assert fan.detector.__module__ == "scorer.rules.mcr.detect"
    assert getattr(detect, fan.detector.__name__) is fan.detector


def _own_fans() -> dict[str, set[str]]:
    own: dict[str, set[str]] = {}
    for f in scorer.mcr.FANS:
        own.setdefault(f.detector.__name__, set()).add(f.id)
    return own


def test_each_detector_emits_only_its_own_fans():
    """Drive every family over many random inputs: what it reports is in the rows that name it."""
    import random
    from collections import Counter as C

    from scorer.tiles import NUM_TILES

    rng = random.Random(81)
    suited_mids = [i for i in range(27) if 0 < i % 9 < 8]
    own = _own_fans()
    seen: dict[str, set[str]] = {name: set() for name in own}

    def run(fn: Callable[..., Any], *args: Any) -> None:
        fans: C[str] = C()
        fn(*args, fans)
        seen[fn.__name__] |= set(fans)

    def got(fn: Callable[..., Any], fan: str | None) -> None:
        if fan is not None:
            seen[fn.__name__].add(fan)

    for _ in range(3000):
        mids = [rng.choice(suited_mids) for _ in range(rng.randint(0, 4))]
        pungs = rng.sample(range(NUM_TILES), rng.randint(0, 4))
        pair = rng.randrange(NUM_TILES)
        run(detect.chow_fans, mids)
        run(detect.pung_fans, pungs)
        run(detect.single_pung_fans, pungs, 27 + rng.randrange(4), 27 + rng.randrange(4))
        run(detect.pair_fans, pair, len(mids), pungs)
        run(detect.kong_fans, rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 2))
        traits = detect.set_traits(pair, False)
        for m in mids:
            traits &= detect.set_traits(m, True)
        for p in pungs:
            traits &= detect.set_traits(p, False)
        run(detect.pack_trait_fans, traits)
        counts = [0] * NUM_TILES
        for t in rng.sample(range(NUM_TILES), rng.randint(1, 8)):
            counts[t] = rng.randint(1, 4)
        run(detect.tile_fans, tuple(counts), rng.randint(0, 1))
        flags = [rng.random() < 0.5 for _ in range(5)]
        run(detect.win_event_fans, *flags)
        run(detect.concealment_fans, rng.randint(0, 4), flags[0])
        run(detect.seven_pairs_fans, tuple(counts))
        run(detect.thirteen_orphans_fan)
        run(detect.honors_and_knitted_fan, counts)
        run(detect.knitted_straight_fan, rng.randint(7, 9))
        run(detect.nine_gates_fan, tuple(counts), rng.randrange(NUM_TILES))
        got(detect.terminal_chows_fan, detect.terminal_chows_fan(mids, pair))
        got(detect.wait_fan, detect.wait_fan(mids, pair, rng.randrange(NUM_TILES)))
        kept: list[tuple[FanId, int]] = []
        detect.chicken_hand_fan(kept)
        got(detect.chicken_hand_fan, kept[0][0])
        flower = detect.flower_fan(rng.randint(0, 8))
        got(detect.flower_fan, flower[0] if flower else None)
    for name, fans in seen.items():
        assert fans <= own[name], (name, fans - own[name])


# --- the table's 不计 is what the scorer does ---------------------------------------------------------
SEEDS = load_seeds()


def _seed_hand(seed: dict[str, Any]) -> tuple[scorer.Hand, scorer.Context]:
    req = seed["request"]
    hand = req["hand"]
    hand = scorer.Hand.build(**hand) if isinstance(hand, dict) else scorer.Hand.parse(hand)
    return hand, scorer.Context.build(**req.get("context", {}))


def _implied_pairs(result: scorer.Result) -> set[tuple[str, str]]:
    ids = {f.id for f in result.fans}
    return {(f.id, g) for f in result.fans for g in scorer.mcr.BY_ID[f.id].implies if g in ids}


@pytest.mark.parametrize("seed", [pytest.param(s, id=s["id"]) for s in SEEDS])
def test_a_scored_fan_never_comes_with_a_fan_it_implies(seed: dict[str, Any]) -> None:
    assert _implied_pairs(scorer.score(*_seed_hand(seed))) == set()


@pytest.mark.parametrize("structure", ["regular", "seven_pairs", "seven_shifted_pairs", "thirteen_orphans",
                                       "honors_and_knitted", "knitted_straight", "nine_gates", "crowded"])
def test_generated_hands_never_report_a_fan_with_one_it_implies(structure: str) -> None:
    from testkit.hands.themed import generate

    for i in range(150):
        g = generate(8, i, structure)
        hand = scorer.Hand.build(**g.hand_kwargs())
        result = scorer.score(hand, **g.context_kwargs())
        assert _implied_pairs(result) == set(), (hand, result.fans)


@pytest.mark.parametrize("seed", [pytest.param(s, id=s["id"]) for s in SEEDS])
def test_what_is_reported_is_the_table_applied_to_what_was_detected(seed: dict[str, Any]) -> None:
    """The scoring arrangement's detected fans, with every implied fan of a kept fan removed (one
    count for ``implies_one``), are exactly the fans reported: no exclusion happens anywhere else."""
    hand, ctx = _seed_hand(seed)
    result = scorer.score(hand, ctx)
    raw = scoring.detected_fans(hand, ctx)
    if raw is None:
        assert not result.winning
        return
    expect = dict(raw)
    reported = {f.id: f.count for f in result.fans if f.id != FanId.FLOWER_TILES}
    for i in reported:
        row = scorer.mcr.BY_ID[i]
        for g in row.implies:
            expect.pop(g, None)
        for g in row.implies_one:
            if g in expect:
                expect[g] -= 1
    expect = {i: n for i, n in expect.items() if n > 0} or {FanId.CHICKEN_HAND: 1}
    assert expect == reported
    assert dict(exclude(raw)) == reported


def test_nine_gates_exclusions_act() -> None:
    """Nine gates is scored with the fans of its tiles and sets, and the table takes away what its
    shape makes certain: 清一色, 无字, 缺一门, 门前清, and one 幺九刻."""
    hand, ctx = _seed_hand(next(s for s in SEEDS if s["id"] == "004_nine_gates"))
    result = scorer.score(hand, ctx)
    raw = scoring.detected_fans(hand, ctx)
    assert raw is not None and raw[FanId.NINE_GATES] == 1
    for implied in (FanId.FULL_FLUSH, FanId.NO_HONORS, FanId.ONE_VOIDED_SUIT, FanId.CONCEALED_HAND):
        assert raw.get(implied), implied
    assert raw[FanId.PUNG_OF_TERMINALS_OR_HONORS] == 2
    assert {f.id: f.count for f in result.fans}["pung_of_terminals_or_honors"] == 1
