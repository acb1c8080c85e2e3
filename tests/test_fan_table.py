"""The fan table as data: the 81 fans in order, the online room rules page's point tiers, a sound 不计 graph, and
exactly one detector family per fan."""

from collections import Counter

import pytest

import scorer
from scorer.detect import FAMILIES

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
    assert [f.id for f in scorer.FANS] == ISSUE_ORDER
    assert len(scorer.FANS) == 81


def test_points_tiers_match_seed_000():
    assert Counter(f.points for f in scorer.FANS) == SEED_000_TIERS
    points = [f.points for f in scorer.FANS]
    assert points == sorted(points, reverse=True)


def test_names_in_english_and_chinese_are_unique():
    assert len({f.name for f in scorer.FANS}) == 81
    assert len({f.name_zh for f in scorer.FANS}) == 81


@pytest.mark.parametrize("fan", scorer.FANS, ids=lambda f: f.id)
def test_implications_point_only_to_cheaper_later_fans(fan):
    order = {f.id: k for k, f in enumerate(scorer.FANS)}
    for implied in fan.implies:
        assert implied in scorer.FANS_BY_ID, implied
        assert order[implied] > order[fan.id]
        assert scorer.FANS_BY_ID[implied].points <= fan.points


def test_implication_graph_has_no_cycles():
    graph = {f.id: set(f.implies) for f in scorer.FANS}
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


def test_exactly_one_detector_family_per_fan():
    owners = Counter(fan for fans in FAMILIES.values() for fan in fans)
    assert set(owners) == set(ISSUE_ORDER)
    assert [fan for fan, n in owners.items() if n != 1] == []


def test_each_detector_emits_only_its_own_fans():
    """Drive every family over many random inputs: what it reports is in its declared family."""
    import random
    from collections import Counter as C

    from scorer import detect
    from scorer.tiles import NUM_TILES

    rng = random.Random(81)
    suited_mids = [i for i in range(27) if 0 < i % 9 < 8]
    seen: dict[str, set[str]] = {name: set() for name in FAMILIES}

    def run(name, fn, *args):
        fans = C()
        fn(*args, fans)
        seen[name] |= set(fans)

    for _ in range(3000):
        mids = [rng.choice(suited_mids) for _ in range(rng.randint(0, 4))]
        pungs = rng.sample(range(NUM_TILES), rng.randint(0, 4))
        pair = rng.randrange(NUM_TILES)
        run("chow_fans", detect.chow_fans, mids)
        run("pung_fans", detect.pung_fans, pungs)
        run("single_pung_fans", detect.single_pung_fans, pungs, 27 + rng.randrange(4), 27 + rng.randrange(4))
        run("pair_fans", detect.pair_fans, pair, len(mids), pungs)
        run("kong_fans", detect.kong_fans, rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 2))
        traits = [detect.set_traits(m, True) for m in mids] + [detect.set_traits(p, False) for p in pungs]
        run("pack_trait_fans", detect.pack_trait_fans, traits + [detect.set_traits(pair, False)])
        counts = [0] * NUM_TILES
        for t in rng.sample(range(NUM_TILES), rng.randint(1, 8)):
            counts[t] = rng.randint(1, 4)
        run("tile_fans", detect.tile_fans, counts, rng.randint(0, 1))
        flags = [rng.random() < 0.5 for _ in range(5)]
        run("win_event_fans", detect.win_event_fans, *flags)
        run("concealment_fans", detect.concealment_fans, rng.randint(0, 4), flags[0])
        seen["terminal_chows_fan"].add(detect.terminal_chows_fan(mids, pair) or "pure_terminal_chows")
        seen["wait_fan"].add(detect.wait_fan(mids, pair, rng.randrange(NUM_TILES)) or "single_wait")
    for name, fans in seen.items():
        assert fans <= set(FAMILIES[name]), (name, fans - set(FAMILIES[name]))
