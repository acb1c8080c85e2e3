"""The rule-book layer: naming a book, its house rules, its context, and what the registry serves.

Every book answers through the same doors (``scorer.score``, ``scorer.analyze``, the CLI, the
service); these tests hold the doors, whatever books are registered. A book's own fans are its
own test module's.
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

import pytest

import scorer
from scorer.cli import main as cli
from scorer.rules import RULESETS, rulebook
from scorer.rules.book import OptionSpec

GREEN_BOOK = "[222m1][444m2][666m3]88mWW8m"
GREEN_BOOK_BODY = {"hand": GREEN_BOOK, "context": {"discarder": "S"}}


# --- the library ------------------------------------------------------------------------------------
def test_mcr_is_the_default_and_says_so() -> None:
    r = scorer.score(GREEN_BOOK, discarder="S")
    assert r.ruleset == "mcr" and r.to_dict()["ruleset"] == "mcr"
    assert scorer.score(GREEN_BOOK, discarder="S", ruleset="mcr") == r
    assert "limit" not in r.to_dict()  # MCR results gain the ruleset field and nothing else


@pytest.mark.parametrize("name", ["", "MCR", "riichi", 7, None])
def test_an_unknown_rule_book_points_at_ruleset(name: Any) -> None:
    with pytest.raises(scorer.ScorerError) as e:
        scorer.score(GREEN_BOOK, ruleset=name)
    assert e.value.code == "bad_ruleset" and e.value.pointer == "/ruleset"


@pytest.mark.parametrize("options", [[], 0, "max_fan=3"])
def test_options_that_are_no_object_are_refused(options: object) -> None:
    with pytest.raises(scorer.ScorerError) as e:
        scorer.score(GREEN_BOOK, ruleset="hk", options=options)
    assert e.value.code == "bad_option" and e.value.pointer == "/options"


def test_an_option_the_book_does_not_have_points_at_it() -> None:
    with pytest.raises(scorer.ScorerError) as e:
        scorer.score(GREEN_BOOK, options={"max_fan": 10})  # MCR has no house rules
    assert e.value.code == "bad_option" and e.value.pointer == "/options/max_fan"


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_option_has_a_default_that_its_own_check_accepts(name: str) -> None:
    book = RULESETS[name]
    for o in book.options:
        assert o.check(o.default) == o.default
    assert book.parse_options({o.name: o.default for o in book.options}) == book.options_type()


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_preset_is_a_row_of_options_and_options_override_it(name: str) -> None:
    book = RULESETS[name]
    assert book.presets and not book.presets[0].values  # the default first, setting nothing
    assert book.parse_options({"preset": book.presets[0].name}) == book.options_type()
    for p in book.presets:
        assert book.parse_options({"preset": p.name}) == book.options_type(**dict(p.values))
        for o in book.options:  # each option beside a preset wins over it
            other = next((c for c in o.choices if c != dict(p.values).get(o.name, o.default)), None)
            if other is None and o.minimum is not None:
                other = o.minimum if dict(p.values).get(o.name, o.default) != o.minimum else o.maximum
            try:
                got = book.parse_options({"preset": p.name, o.name: other})
            except scorer.ScorerError:
                continue  # a combination the book refuses as a whole (Hong Kong's min_fan above max_fan)
            assert getattr(got, o.name) == other
    served = {r["name"]: r for r in scorer.rules.rulebook(name).to_dict()["presets"]}
    assert list(served) == [p.name for p in book.presets]
    assert all(r["source"] and isinstance(r["values"], dict) for r in served.values())


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_an_unknown_preset_points_at_it(name: str) -> None:
    with pytest.raises(scorer.ScorerError) as e:
        RULESETS[name].parse_options({"preset": "no-such-house"})
    assert e.value.code == "bad_option" and e.value.pointer == "/options/preset"
    assert RULESETS[name].presets[0].name in e.value.message


@pytest.mark.server  # the in-process app without the client fixture: the server extra
def test_an_unknown_preset_over_http_is_a_422_at_it() -> None:
    from service import create_app

    client = create_app().test_client()
    resp = client.post("/v1/score", json={**GREEN_BOOK_BODY, "options": {"preset": "xuezhan"}})  # Sichuan's
    assert resp.status_code == 422
    assert [e["pointer"] for e in resp.get_json()["errors"]] == ["/options/preset"]
    resp = client.post("/v1/score", json={**GREEN_BOOK_BODY, "options": {"preset": "nope"}})
    assert resp.status_code == 422 and resp.get_json()["errors"][0]["pointer"] == "/options/preset"
    ok = client.post("/v1/score", json={**GREEN_BOOK_BODY, "options": {"preset": "reference"}})
    assert ok.status_code == 200 and ok.get_json() == client.post("/v1/score", json=GREEN_BOOK_BODY).get_json()


@pytest.mark.parametrize(("spec", "value", "ok"), [
    pytest.param(OptionSpec("max_fan", 5, "cap", minimum=1, maximum=13), 13, True, id="int-top"),
    pytest.param(OptionSpec("max_fan", 5, "cap", minimum=1, maximum=13), 0, False, id="int-below"),
    pytest.param(OptionSpec("max_fan", 5, "cap", minimum=1, maximum=13), 14, False, id="int-above"),
    pytest.param(OptionSpec("max_fan", 5, "cap", minimum=1, maximum=13), True, False, id="bool-is-no-int"),
    pytest.param(OptionSpec("max_fan", 5, "cap", minimum=1, maximum=13), "5", False, id="string-is-no-int"),
    pytest.param(OptionSpec("table", "a", "t", choices=("a", "b")), "b", True, id="choice"),
    pytest.param(OptionSpec("table", "a", "t", choices=("a", "b")), "c", False, id="unknown-choice"),
])
def test_option_values_are_checked(spec: OptionSpec, value: object, ok: bool) -> None:
    if ok:
        assert spec.check(value) == value
    else:
        with pytest.raises(scorer.ScorerError) as e:
            spec.check(value)
        assert e.value.pointer == f"/options/{spec.name}"


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_context_field_that_means_nothing_in_a_book_is_refused(name: str) -> None:
    """Each book names the context fields it uses; any other, given a value, would be silently
    ignored: it is an error pointing at the field."""
    book = rulebook(name)
    foreign = {"last_copy": True, "missing_suit": "s", "out": ("N",), "prevalent_wind": "S"}
    for field_name, value in foreign.items():
        if field_name in book.context_fields:
            continue
        with pytest.raises(scorer.ScorerError) as e:
            book.check_context(scorer.Context.build(**{field_name: value}))
        assert e.value.code == "not_in_ruleset" and e.value.pointer == f"/context/{field_name}"


def test_the_layer_knows_every_context_field() -> None:
    """A new Context field is either one every book reads or one some book names: none is orphaned."""
    named = set().union(*(b.context_fields for b in RULESETS.values()))
    always = {"self_drawn", "discarder", "seat_wind", "base_points"}
    assert {f.name for f in fields(scorer.Context) if f.init} <= named | always


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_book_serves_a_fan_table_with_unique_ids(name: str) -> None:
    table = RULESETS[name].fan_table
    ids = [f.id for f in table]
    assert len(ids) == len(set(ids)) > 0
    known = set(ids)
    for f in table:
        assert set(f.implies) <= known and set(f.replaces) <= known, f.id
        assert f.name and f.name_zh


def test_waits_name_their_book() -> None:
    a = scorer.analyze("[222m1][444m2][666m3]88mWW")
    assert a.ruleset == "mcr" and a.to_dict()["ruleset"] == "mcr"
    with pytest.raises(scorer.ScorerError) as e:
        scorer.analyze("[222m1][444m2][666m3]88mWW", ruleset="nope")
    assert e.value.pointer == "/ruleset"


# --- flowers by name ----------------------------------------------------------------------------------
def test_named_flowers_are_counted_by_mcr() -> None:
    counted = scorer.Hand.build("88m WW", "8m", [{"tiles": "222m"}, {"tiles": "444m"}, {"tiles": "666m"}], 2)
    named = scorer.Hand.build("88m WW", "8m", [{"tiles": "222m"}, {"tiles": "444m"}, {"tiles": "666m"}],
                              ["plum", "冬"])
    assert named.flowers == 2 and [f.value for f in named.flower_tiles] == ["plum", "winter"]
    assert scorer.score(named, discarder="S").total == scorer.score(counted, discarder="S").total == 14


@pytest.mark.parametrize(("flowers", "pointer"), [
    pytest.param(["plum", "梅"], "/hand/flowers/1", id="repeat-in-two-scripts"),
    pytest.param(["rose"], "/hand/flowers/0", id="not-a-flower"),
    pytest.param([3], "/hand/flowers/0", id="a-number-in-the-list"),
    pytest.param(["plum"] * 9, "/hand/flowers", id="too-many"),
])
def test_bad_flower_names_point_at_the_item(flowers: list[Any], pointer: str) -> None:
    with pytest.raises(scorer.ScorerError) as e:
        scorer.Hand.build("88m WW", "8m", [{"tiles": "222m"}, {"tiles": "444m"}, {"tiles": "666m"}], flowers)
    assert e.value.code == "bad_flowers" and e.value.pointer == pointer


def test_flower_order_and_script_do_not_change_a_hand() -> None:
    a = scorer.Hand.build("88m WW", "8m", [{"tiles": "222m"}, {"tiles": "444m"}, {"tiles": "666m"}],
                          ["summer", "orchid"])
    b = scorer.Hand.build("88m WW", "8m", [{"tiles": "222m"}, {"tiles": "444m"}, {"tiles": "666m"}], ["兰", "夏"])
    assert a == b and hash(a) == hash(b)


# --- the service ---------------------------------------------------------------------------------------
def test_get_rulesets_lists_every_book(client: Any) -> None:
    body = client.get("/v1/rulesets").get_json()
    assert [b["name"] for b in body["rulesets"]] == list(RULESETS)
    mcr = body["rulesets"][0]
    assert mcr == {"name": "mcr", "title": "Mahjong Competition Rules", "title_zh": "国标麻将", "unit": "points",
                   "minimum": 8, "maximum": None, "fans": 81, "options": mcr["options"],
                   "presets": mcr["presets"], "context": mcr["context"], "optional_context": {},
                   "unused_context": [], "own_context": [], "jokers": [],
                   "explain": True, "tiles": {"flowers": "count", "honors": True, "chows": True, "sets": 4,
                                                        "wall": 144}}
    assert mcr["presets"][0] == {"name": "reference", "help": mcr["presets"][0]["help"],
                                 "source": mcr["presets"][0]["source"], "values": {}}
    tiles = {b["name"]: b["tiles"] for b in body["rulesets"]}
    assert tiles["hk"]["flowers"] == "named"
    assert tiles["sichuan"] == {"flowers": "none", "honors": False, "chows": False, "sets": 4, "wall": 108}
    # 红中: the number tiles and four 中, its jokers, no honour besides (112 tiles)
    assert tiles["hongzhong"] == {"flowers": "none", "honors": False, "chows": False, "sets": 4, "wall": 112}
    assert next(b for b in body["rulesets"] if b["name"] == "hongzhong")["jokers"] == ["C"]
    assert "last_copy" in mcr["context"] and "missing_suit" not in mcr["context"]


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_get_fans_serves_each_books_table(client: Any, name: str) -> None:
    body = client.get(f"/v1/fans?ruleset={name}").get_json()
    assert body["ruleset"] == name
    assert [f["id"] for f in body["fans"]] == [f.id for f in RULESETS[name].fan_table]


def test_get_fans_alone_is_mcr(client: Any) -> None:
    assert client.get("/v1/fans").get_data() == client.get("/v1/fans?ruleset=mcr").get_data()


def test_get_fans_of_an_unknown_book_is_a_422(client: Any) -> None:
    r = client.get("/v1/fans?ruleset=riichi")
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/ruleset"


@pytest.mark.parametrize(("body", "code", "pointer"), [
    pytest.param({**GREEN_BOOK_BODY, "ruleset": "riichi"}, "bad-ruleset", "/ruleset", id="unknown-book"),
    pytest.param({**GREEN_BOOK_BODY, "ruleset": 3}, "validation-error", "/ruleset", id="book-not-a-string"),
    pytest.param({**GREEN_BOOK_BODY, "options": {"no_such_rule": 1}}, "validation-error", "/options/no_such_rule",
                 id="unknown-option"),
    pytest.param({**GREEN_BOOK_BODY, "options": []}, "validation-error", "/options", id="options-not-an-object"),
    pytest.param({"hand": GREEN_BOOK, "context": {"missing_suit": "s"}}, "not-in-ruleset", "/context/missing_suit",
                 id="sichuan-field-in-mcr"),
    pytest.param({"hand": GREEN_BOOK, "context": {"out": ["N"]}}, "not-in-ruleset", "/context/out",
                 id="out-in-mcr"),
    pytest.param({"hand": GREEN_BOOK, "context": {"missing_suit": "z"}}, "bad-value", "/context/missing_suit",
                 id="not-a-suit"),
])
def test_bad_rule_book_fields_are_422_at_the_field(client: Any, body: dict[str, Any], code: str,
                                                   pointer: str) -> None:
    r = client.post("/v1/score", json=body)
    assert r.status_code == 422
    problem = r.get_json()
    assert problem["type"].endswith("/" + code) and problem["errors"][0]["pointer"] == pointer


def test_batch_items_name_their_own_book(client: Any) -> None:
    r = client.post("/v1/score/batch", json={"requests": [
        GREEN_BOOK_BODY, {**GREEN_BOOK_BODY, "ruleset": "riichi"}, {**GREEN_BOOK_BODY, "ruleset": "mcr"}]})
    first, bad, third = r.get_json()["results"]
    assert first == third and first["ruleset"] == "mcr"
    assert bad["status"] == 422 and bad["errors"][0]["pointer"] == "/ruleset"


def test_waits_take_a_book(client: Any) -> None:
    r = client.post("/v1/waits", json={"hand": "[222m1][444m2][666m3]88mWW", "ruleset": "mcr"})
    assert r.status_code == 200 and r.get_json()["ruleset"] == "mcr"
    bad = client.post("/v1/waits", json={"hand": "[222m1][444m2][666m3]88mWW", "ruleset": "x"})
    assert bad.status_code == 422 and bad.get_json()["errors"][0]["pointer"] == "/ruleset"


# --- the command line ----------------------------------------------------------------------------------
def test_cli_takes_a_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli([GREEN_BOOK, "--discarder", "S", "--ruleset", "mcr"]) == 0
    assert "Points 12" in capsys.readouterr().out


def test_cli_refuses_an_unknown_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli([GREEN_BOOK, "--option", "max_fan=10"]) == 2
    assert "/options/max_fan" in capsys.readouterr().err


def test_cli_option_needs_name_and_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli([GREEN_BOOK, "--option", "max_fan"]) == 2
    assert "NAME=VALUE" in capsys.readouterr().err


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_options_read_once_are_shared_and_a_bool_is_still_no_whole_number(name: str) -> None:
    book = RULESETS[name]
    for p in book.presets:
        assert book.parse_options({"preset": p.name}) is book.parse_options({"preset": p.name})
    number = next((o for o in book.options if not o.choices), None)
    if number is None:
        return
    assert book.parse_options({number.name: 1 if number.minimum == 1 else number.default}) is not None
    for bad in (True, False):  # equal to 1 and 0 as keys, never the same options
        with pytest.raises(scorer.ScorerError) as e:
            book.parse_options({number.name: bad})
        assert e.value.pointer == f"/options/{number.name}"


def test_each_book_counts_its_result_cache_and_the_service_adds_them_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """``RuleBook.cache_info`` is the book's result cache (off by default, when it counts nothing:
    a score goes straight to the engine); ``scorer.api.cache_info`` adds every book's up, beside
    the shared decomposition cache."""
    from scorer.rules import engine
    from scorer.rules.hk import scoring as hk_scoring
    from scorer.rules.mcr import scoring as mcr_scoring

    scorer.clear_caches()
    scorer.score("[222m1][444m2][666m3]88mWW8m", discarder="S")
    assert scorer.RULESETS["mcr"].cache_info() == {"hits": 0, "misses": 0, "size": 0, "maxsize": 0}
    for module, name in ((mcr_scoring, "mcr"), (hk_scoring, "hk")):  # on, as SCORER_RESULT_CACHE_SIZE turns them on
        monkeypatch.setitem(engine._RESULT_CACHES, name, engine._RESULT_CACHES[name])  # put back after the test
        monkeypatch.setattr(module.ENTRY, "cached", engine.cached(module.ENGINE, 16))
        monkeypatch.setattr(module.ENTRY, "caching", True)
    before = {name: book.cache_info() for name, book in scorer.RULESETS.items()}  # other tests' threads may score

    def calls(name: str) -> int:
        now = scorer.RULESETS[name].cache_info()
        return now["hits"] + now["misses"] - before[name]["hits"] - before[name]["misses"]

    scorer.score("[222m1][444m2][666m3]88mWW8m", discarder="S")
    scorer.score("[222m1][444m2][666m3]88mWW8m", discarder="S", ruleset="hk")
    scorer.score("[222m1][444m2][666m3]88mWW8m", discarder="S", ruleset="hk")
    books = {name: book.cache_info() for name, book in scorer.RULESETS.items()}
    assert (calls("mcr"), calls("hk"), calls("sichuan")) == (1, 2, 0)
    assert books["hk"]["hits"] - before["hk"]["hits"] == 1 and books["hk"]["size"] == 1
    total = scorer.api.cache_info()
    assert set(total) == {"result", "decomposition"}
    assert total["result"] == {k: sum(b[k] for b in books.values()) for k in ("hits", "misses", "size", "maxsize")}
    assert total["decomposition"] == scorer.mcr.cache_info()["decomposition"]


@pytest.mark.parametrize("ruleset", [pytest.param(b, id=b) for b, book in scorer.RULESETS.items()
                                     if book.score_held is None])
def test_a_book_without_wins_that_take_no_tile_asks_for_the_winning_tile(ruleset: str) -> None:
    book = scorer.RULESETS[ruleset]
    tiles = "123m456m789p234s67s55p" if book.sets == 5 else "123m456m789p2345s"
    with pytest.raises(scorer.ScorerError) as e:
        scorer.score(scorer.Holding.build(tiles), ruleset=ruleset)
    assert e.value.field == ("hand", "winning_tile")


# --- the contract's parts that list the books are the registry's (scorer.wire.contract) ----------------
def test_the_spec_file_holds_what_the_registry_generates() -> None:
    from scorer.wire.contract import parts, render
    from testkit import ROOT

    text = (ROOT / "service" / "openapi.yaml").read_text(encoding="utf-8")
    assert set(parts(text)) == {"ruleset", "options", "fan-values", "settling"}
    assert render(text) == text, "python -m scorer.wire.contract writes the spec's generated parts"


@pytest.mark.server  # PyYAML reads the spec: the server extra
def test_a_registered_book_is_in_the_generated_parts() -> None:
    import yaml

    from scorer.rules import register, unregister
    from scorer.wire.contract import render
    from testkit.spec import SPEC_PATH
    from testkit.toybook.book import BOOK

    before = scorer.rules.version()
    register(BOOK)
    try:
        assert scorer.rules.version() != before
        spec = yaml.safe_load(render(SPEC_PATH.read_text(encoding="utf-8")))
    finally:
        unregister(BOOK.name)
    schemas = spec["components"]["schemas"]
    assert schemas["RuleSet"]["enum"][-1] == "toy"
    assert schemas["Options"]["properties"]["stake"]["type"] == "integer"
    assert "plain" in schemas["Options"]["properties"]["preset"]["enum"]


@pytest.mark.server
def test_the_served_spec_is_the_generated_one_and_names_a_registered_book(client: Any) -> None:
    import yaml

    from scorer.rules import register, unregister
    from scorer.wire.contract import render
    from service import create_app
    from testkit.spec import SPEC_PATH
    from testkit.toybook.book import BOOK

    assert client.get("/openapi.yaml").get_data(as_text=True) == render(SPEC_PATH.read_text(encoding="utf-8"))
    register(BOOK)
    try:
        served = create_app({"TESTING": True}).test_client().get("/openapi.yaml").get_data(as_text=True)
        assert served == render(SPEC_PATH.read_text(encoding="utf-8"))
    finally:
        unregister(BOOK.name)
    assert "toy" in yaml.safe_load(served)["components"]["schemas"]["RuleSet"]["enum"]


@pytest.mark.server  # PyYAML reads the spec: the server extra
def test_the_spec_says_the_package_version_and_no_count_of_books() -> None:
    """The summary ``/docs`` shows first names the registry's books and the package's version."""
    import tomllib

    import yaml

    from testkit.spec import SPEC_PATH

    info = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))["info"]
    project = tomllib.loads((SPEC_PATH.parents[1] / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert info["version"] == project["version"]
    assert "GET /v1/rulesets" in info["summary"]  # the authority on which books there are
    counts = re.compile(r"\b(?:two|three|four|five|six)\b", re.I)  # no count of books to fall behind
    assert not counts.search(info["summary"]) and not counts.search(project["description"])
