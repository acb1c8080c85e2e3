"""A toy book made from docs/rulebooks.md's "Adding a book" recipe alone (``testkit.toybook``):
registered, it scores, explains and waits like the books that ship — so the recipe cannot rot."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import scorer
from scorer.rules import register, unregister
from testkit.toybook.book import BOOK


@pytest.fixture
def toy() -> Iterator[None]:
    register(BOOK)
    try:
        yield
    finally:
        unregister(BOOK.name)


def test_the_toy_book_scores(toy: None) -> None:
    r = scorer.score("[111m1][222m2]333m444m5556m6m", ruleset="toy", discarder="W", seat_wind="S")
    assert [(f.id, f.count) for f in r.fans] == [("full_flush", 1), ("all_pungs", 1)]
    assert (r.total, dict(r.payouts or {})) == (8, {"E": 0, "S": 8, "W": -8, "N": 0})
    r = scorer.score("11m22p33s44m555m66p77s8m8m", ruleset="toy", self_drawn=True, seat_wind="S",
                     options={"stake": 2})
    assert [f.id for f in r.fans] == ["pairs", "concealed_self_drawn"] and r.total == 6
    assert dict(r.payouts or {}) == {"E": -12, "S": 36, "W": -12, "N": -12}


def test_the_toy_book_refuses_what_it_has_no_place_for(toy: None) -> None:
    with pytest.raises(scorer.ScorerError) as e:
        scorer.score("[222m1][444m2][666m3]88mWW8m", ruleset="toy")  # a 14-tile hand
    assert e.value.field == ("hand",)
    with pytest.raises(scorer.ScorerError) as e:
        scorer.score("[111m1][222m2]333m444m5556m6m", ruleset="toy", missing_suit="p")
    assert e.value.field == ("context", "missing_suit")
    with pytest.raises(scorer.ScorerError) as e:
        scorer.score("[111m1][222m2]333m444m5556m6m", ruleset="toy", options={"stake": 0})
    assert e.value.field == ("options", "stake")


def test_the_toy_book_explains(toy: None) -> None:
    r = scorer.score("[111m1][222m2]333m444m5556m6m", ruleset="toy", discarder="W", explain=True).to_dict()
    assert [f["sets"] for f in r["fans"]] == [[[0, 1, 2, 3, 4, 5]], [[0, 1, 2, 3, 4, 5]]]


def test_the_toy_book_answers_its_full_reading(toy: None) -> None:
    """The reading's sets, not only the melds: a concealed hand has its five sets and a pair."""
    r = scorer.score("11m22p33s44m555m66p77s8m8m", ruleset="toy", self_drawn=True).to_dict()
    assert sorted((s["kind"], s["tiles"][0]) for s in r["decomposition"]) == [
        ("pair", "1m"), ("pair", "2p"), ("pair", "3s"), ("pair", "4m"), ("pair", "6p"), ("pair", "7s"), ("pair", "8m"),
        ("pung", "5m")]
    r = scorer.score("123m456m789m234p567s8m8m", ruleset="toy", discarder="W", explain=True).to_dict()
    assert [(s["kind"], s["concealed"]) for s in r["decomposition"]] == [("chow", True)] * 5 + [("pair", True)]
    assert r["fans"][0]["sets"] == [[0, 1, 2, 3, 4, 5]]  # never [[]] for a concealed hand


def test_the_toy_book_pays_by_its_payouts_module(toy: None) -> None:
    from testkit.toybook.payouts import payouts

    r = scorer.score("[111m1][222m2]333m444m5556m6m", ruleset="toy", discarder="W", seat_wind="S",
                     options={"stake": 3})
    assert dict(r.payouts or {}) == payouts(r.total, "S", False, "W", 3) == {"E": 0, "S": 24, "W": -24, "N": 0}
    assert scorer.score("[111m1][222m2]333m444m5556m6m", ruleset="toy").payouts is None  # nobody named to pay


@pytest.mark.server
def test_the_toy_book_is_served(toy: None) -> None:
    """Registered before the app is made, the book is served with nothing else edited: listed,
    its fans, its scores and its options, each answer as the served spec documents it."""
    import yaml

    from service import create_app
    from testkit.spec import CheckedClient, SpecChecker

    app = create_app({"TESTING": True})
    served = yaml.safe_load(app.test_client().get("/openapi.yaml").get_data())
    assert "toy" in served["components"]["schemas"]["RuleSet"]["enum"]
    app.test_client_class = type("Client", (CheckedClient,), {"checker": SpecChecker(served)})
    client = app.test_client()
    assert "toy" in [b["name"] for b in client.get("/v1/rulesets").get_json()["rulesets"]]
    assert [f["id"] for f in client.get("/v1/fans?ruleset=toy").get_json()["fans"]][0] == "pairs"
    body = {"ruleset": "toy", "hand": "[111m1][222m2]333m444m5556m6m", "context": {"discarder": "W"},
            "options": {"stake": 2}}
    resp = client.post("/v1/score", json=body)
    assert resp.status_code == 200 and resp.get_json()["total"] == 8, resp.get_json()
    resp = client.post("/v1/score", json=dict(body, options={"stake": 0}))
    assert resp.status_code == 422 and resp.get_json()["errors"][0]["pointer"] == "/options/stake"


def test_the_toy_book_waits(toy: None) -> None:
    a = scorer.analyze("11m22p33s44m555m66p77s8m", ruleset="toy")
    assert a.outlook is not None and a.outlook.shanten == 0
    assert [w.tile.value for w in a.outlook.waits or ()] == ["8m"]
    assert a.outlook.waits[0].self_drawn is not None and a.outlook.waits[0].self_drawn.total == 6


def test_the_toy_book_is_in_the_registry_while_registered(toy: None) -> None:
    assert scorer.RULESETS["toy"] is BOOK and BOOK.to_dict()["tiles"]["sets"] == 5
    with pytest.raises(ValueError):
        register(BOOK)


def test_the_toy_book_replays(toy: None) -> None:
    deal = {"E": "11m22p33s44m555m66p77s8m", "S": "EEESSSWWWNNNCCCF", "W": "333m777m999m1234567s",
            "N": "111p333p444p888p5p9p2m3m"}
    r = scorer.replay({"ruleset": "toy", "deal": deal,
                       "actions": [{"seat": "E", "action": "draw", "tile": "8m"}, {"seat": "E", "action": "win"}]})
    (win,) = r.wins
    assert [f.id for f in win.result.fans] == ["pairs", "concealed_self_drawn"]
    assert dict(r.changes) == {"E": 18, "S": -6, "W": -6, "N": -6}
    with pytest.raises(scorer.ScorerError) as e:  # no flowers at this table
        scorer.replay({"ruleset": "toy", "deal": deal, "actions": [
            {"seat": "E", "action": "flower", "flower": "plum"}]})
    assert e.value.field == ("actions", 0, "action")


SEEDS = sorted((Path(__file__).resolve().parents[2] / "testkit" / "toybook" / "seeds").glob("*.json"))


@pytest.mark.parametrize("path", SEEDS, ids=[p.stem for p in SEEDS])
def test_the_toy_books_seeds_answer_as_stated(toy: None, path: Path) -> None:
    seed = json.loads(path.read_text(encoding="utf-8"))
    from scorer.wire.scoring import score_item

    answer = score_item(seed["request"])
    answer["fans"] = [{"id": f["id"], "count": f["count"]} for f in answer["fans"]]
    assert {k: answer[k] for k in seed["expected"]} == seed["expected"]


def test_the_toy_book_is_on_the_command_line(toy: None, capsys: pytest.CaptureFixture[str]) -> None:
    from scorer.cli import main

    assert main(["score", "--ruleset", "toy", "--discarder", "W", "[111m1][222m2]333m444m5556m6m"]) == 0
    assert "total 8" in capsys.readouterr().out
