"""Every rule book in the registry, and the toy book made from the recipe alone (``testkit.toybook``),
has the same shape: a fan table of one row type whose ids are the book's own StrEnum, a detector in
the book's detect module for every fan, an explanation group for every fan (a fan of the whole hand
and one of no set among them) and an explanation, options that cite their source in its rulings, a
rulings section, problem titles for its own refusal codes, worked examples, presets. A new book that
leaves any of these out fails here, not in review; docs/rulebooks.md's "Adding a book" states each.

And the house's one rule about layers: the library imports nothing from the web package, neither
by an import statement nor by a module path that ``import_module`` or a table of commands would load.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from enum import StrEnum
from importlib import import_module
from pathlib import Path

import pytest

import scorer
from scorer.context import Context
from scorer.rules import RULESETS, RuleBook, register, unregister
from scorer.rules.table import Fan, Group
from scorer.shape import Kind, fields_of
from testkit.toybook.book import BOOK as TOY

ROOT = Path(__file__).resolve().parents[2]
BOOKS = [*(pytest.param(book, id=name) for name, book in RULESETS.items()), pytest.param(TOY, id="toy (recipe)")]


@pytest.fixture(autouse=True, scope="module")
def _toy_registered() -> Iterator[None]:
    """The toy book is scored as a registered book is, while this module runs."""
    register(TOY)
    try:
        yield
    finally:
        unregister(TOY.name)


def package(book: RuleBook) -> str:
    """The book's package: where its fan ids are declared (``scorer.rules.<book>`` for a book that
    ships here, any package for a book of one's own)."""
    return type(book.fans.fans[0].id).__module__.rsplit(".", 1)[0]


def home(book: RuleBook) -> Path:
    return Path(str(import_module(package(book)).__file__)).parent


def ruling_ids(book: RuleBook) -> set[str]:
    """The RULINGS.md rows a book may cite: the project's, and its package's own RULINGS.md where
    it has one (a book of one's own)."""
    docs = [ROOT / "RULINGS.md", home(book) / "RULINGS.md"]
    return {i for d in docs if d.is_file() for i in re.findall(r"^\| ([A-Z]+\d+) \|", d.read_text(encoding="utf-8"),
                                                                re.M)}


def seeds_of(book: RuleBook) -> list[Path]:
    """The book's worked examples: ``seeds/<book>/`` for a book that ships here, its package's
    ``seeds/`` for a book of one's own."""
    shipped = ROOT / "seeds" / book.name
    return sorted((shipped if shipped.is_dir() else home(book) / "seeds").glob("*.json"))


@pytest.mark.parametrize("book", BOOKS)
def test_the_fan_ids_are_the_books_own_str_enum_in_table_order(book: RuleBook) -> None:
    rows = book.fans.fans
    assert rows and all(isinstance(f, Fan) for f in rows)
    ids = type(rows[0].id)
    assert issubclass(ids, StrEnum) and ids is not StrEnum
    assert [f.id for f in rows] == list(ids)  # every member has a row, once, in the enum's order
    assert [r.id for r in book.fan_table] == [f.id.value for f in rows]


@pytest.mark.parametrize("book", BOOKS)
def test_every_fan_names_its_detector_in_the_books_detect_module(book: RuleBook) -> None:
    module = f"{package(book)}.detect"
    assert [f.id for f in book.fans.fans if not callable(f.detector) or f.detector.__module__ != module] == []


@pytest.mark.parametrize("book", BOOKS)
def test_every_fan_has_an_explanation_group_and_the_book_explains(book: RuleBook) -> None:
    assert all(isinstance(f.group, Group) for f in book.fans.fans)
    assert book.fans.group(Group.WHOLE_HAND) and book.fans.group(Group.NO_SET)
    assert book.explain is not None


@pytest.mark.parametrize("book", BOOKS)
def test_the_book_has_a_rulings_section_and_every_option_cites_a_row_of_it(book: RuleBook) -> None:
    assert book.rulings
    ids = ruling_ids(book)
    for prefix in book.rulings:
        assert any(re.fullmatch(rf"{prefix}\d+", i) for i in ids), prefix
    for o in book.options:
        cited = o.source.split(":", 1)[0]
        assert cited in ids and re.fullmatch(rf"(?:{'|'.join(book.rulings)})\d+", cited), (o.name, o.source)
        assert o.source.split(":", 1)[1].strip(), o.name


@pytest.mark.parametrize("book", BOOKS)
def test_the_books_own_refusal_codes_are_problem_types(book: RuleBook) -> None:
    from scorer.wire.problems import titles

    assert all(titles()[code.replace("_", "-")] == title for code, title in book.errors)


# A value other than the default for a context field of each kind, that needs no other field beside it.
_SAMPLE = {Kind.BOOL: True, Kind.WIND: "N", Kind.INT: 2, Kind.SUIT: "s", Kind.WINDS: ["N"]}


def foreign_field(book: RuleBook) -> dict[str, object]:
    """A context field the book has no use for, with a value that is not its default."""
    for s in fields_of(Context):
        if s.kind in _SAMPLE and not book.means(s.name, book.parse_options(None)):
            try:
                Context.build(**{s.name: _SAMPLE[s.kind]})
            except scorer.ScorerError:  # needs another field beside it (a kong replacement, a self-draw)
                continue
            return {s.name: _SAMPLE[s.kind]}
    raise AssertionError(f"{book.name} reads every context field")


@pytest.mark.parametrize("book", BOOKS)
def test_a_refusal_for_a_context_field_carries_the_book(book: RuleBook) -> None:
    other = foreign_field(book)
    hand = "[222m1][444m2][666m3]88m99s8m" if book.sets == 4 else "[222m1][444m2][666m3]88m99s456s8m"
    with pytest.raises(scorer.ScorerError) as e:
        scorer.score(hand, ruleset=book.name, **other)
    assert (e.value.code, e.value.ruleset, e.value.field) == ("not_in_ruleset", book.name, ("context", *other))


@pytest.mark.parametrize("book", BOOKS)
def test_a_settlement_where_the_book_has_one_reads_a_body_and_settles_it(book: RuleBook) -> None:
    s = book.settlement
    if s is None:
        return
    assert s.what and s.fields and callable(s.build) and callable(s.settle)
    with pytest.raises(scorer.ScorerError) as e:
        s.of_body({"no_such_field": 1})
    assert (e.value.code, e.value.field) == ("bad_value", ("no_such_field",))


def test_the_engine_is_the_one_place_that_builds_sets_and_breakdown_entries() -> None:
    building = re.compile(r"\b(?:ScoredSet|FanScore)\(")
    rules = ROOT / "scorer" / "rules"
    assert [str(p.relative_to(ROOT)) for p in sorted(rules.rglob("*.py"))
            if p.name != "engine.py" and building.search(p.read_text(encoding="utf-8"))] == []


WEB = "service"
# a module path in a string: service.serve, service:create_app() (not a word such as a logger's name)
WEB_PATH = re.compile(rf"{WEB}[.:][\w.:()]+")
LOADERS = {"import_module", "__import__", "find_spec", "load_module"}


def web_imports(source: str) -> set[str]:
    """Where a module reaches the web package: an import statement, a loader called with a name
    under it, or a string holding a module path under it (what a table handed to ``import_module`` holds)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == WEB}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == WEB:
            found.add(str(node.module))
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            arg = node.args[0].value
            if name in LOADERS and isinstance(arg, str) and arg.split(".")[0] == WEB:
                found.add(arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and WEB_PATH.fullmatch(node.value):
            found.add(node.value)
    return found


def test_the_layer_check_sees_every_way_to_load_a_module() -> None:
    source = ('import service\nfrom service.views import api\nimport_module("service")\n'
              'importlib.import_module("service.serve")\n'
              'COMMANDS = {"serve": ("service.serve", "serve_main")}\nAPP = "service:create_app()"\n'
              'log = logging.getLogger("service")\nfrom . import service\n')
    assert web_imports(source) == {"service", "service.views", "service.serve", "service:create_app()"}


def test_the_library_imports_nothing_from_the_web_package() -> None:
    offenders = {str(p.relative_to(ROOT)): found for p in sorted((ROOT / "scorer").rglob("*.py"))
                 if (found := web_imports(p.read_text(encoding="utf-8")))}
    assert offenders == {}


@pytest.mark.parametrize("book", BOOKS)
def test_the_book_has_worked_examples_in_its_own_seeds_folder(book: RuleBook) -> None:
    seeds = seeds_of(book)
    assert len(seeds) >= len(book.fan_table)  # one or more per fan
    covered = {c for p in seeds for c in json.loads(p.read_text(encoding="utf-8")).get("covers", ())}
    assert {r.id for r in book.fan_table} <= covered
    assert not list((ROOT / "seeds").glob("*.json"))  # every seed lives in its book's folder


@pytest.mark.parametrize("book", BOOKS)
def test_every_preset_cites_a_ruling_of_the_book_and_the_default_comes_first(book: RuleBook) -> None:
    assert book.presets and not book.presets[0].values
    ids = ruling_ids(book)
    names = [p.name for p in book.presets]
    assert len(names) == len(set(names))
    for p in book.presets:
        cited = p.source.split(":", 1)[0]
        assert cited in ids and re.fullmatch(rf"(?:L|{'|'.join(book.rulings)})\d+", cited), (p.name, p.source)
