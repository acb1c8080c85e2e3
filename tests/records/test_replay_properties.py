"""Generated legal hands of play in all three books (testkit/records.py, which keeps the facts of
every win itself) replay to the same scores and settlements as the direct endpoints' code given
those facts: scorer.score for each win (POST /v1/score), its payouts (MCR, Hong Kong), and
scorer.settle_sichuan over the simulation's own events and holdings (POST /v1/sichuan/settle)."""

from __future__ import annotations

import os

import pytest

import scorer
from testkit.records import game

GAMES = int(os.environ.get("REPLAY_GAMES", "300"))  # per book; the README's figure used more


@pytest.mark.parametrize("ruleset", ["mcr", "hk", "sichuan"])
def test_replay_agrees_with_the_direct_endpoints_on_generated_hands_of_play(ruleset):
    wins = kinds = 0
    seen: set[str] = set()
    for seed in range(GAMES):
        g = game(seed, ruleset)
        r = scorer.replay(g.record)
        assert [w.seat for w in r.wins] == [w.seat for w in g.wins], seed
        for mine, theirs in zip(r.wins, g.wins, strict=True):
            assert mine.hand == theirs.hand, seed
            got = {k: v for k, v in mine.derived.items() if k != "flowers"}
            assert got == {**theirs.context, **({"out": theirs.context["out"]} if "out" in theirs.context else {})}, \
                seed
            assert mine.result.to_dict() == theirs.result.to_dict(), seed
            seen |= {k for k, v in got.items() if v is True}
            wins += 1
        assert dict(r.changes) == g.expected_changes(), seed
        if ruleset == "sichuan" and (g.events or g.exhausted):
            assert r.settlement is not None and r.settlement.to_dict() == g.expected_settlement().to_dict(), seed
        kinds += len({a["action"] for a in g.record["actions"]})
    # the generator reaches the interesting cases, not only plain wins
    assert wins >= GAMES // 4
    assert {"self_drawn", "last_wall_tile", "kong_replacement"} <= seen
    if ruleset == "mcr":
        assert "last_copy" in seen
