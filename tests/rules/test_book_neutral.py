"""No module outside a book's own package names a book: the engine, the wire layer, the service and
the command line ask the registry (``scorer.rules``) what books there are and what each offers.

Every ``.py`` under ``scorer/`` and ``service/`` is read, except a book's package
(``scorer/rules/<book>/``, which is also its public namespace) and the registry
(``scorer/rules/__init__.py``: the one list of books and the default). A book's name (the
registry's keys, so that a new book is looked for too) is reported, with its file and line, where it
is used as a name:

- an import path (``from ..rules.<book>.reading import ...``, ``import scorer.<book>``);
- an identifier, or one word of one (``settle_<book>``, ``<Book>SettleRequestSchema``, ``scorer.<book>.x``);
- a string that is a book's name (``"<book>"``);
- in any string (docstrings too) and any comment: a dotted path into a book (``scorer.<book>.x``,
  ``rules.<book>.x``, ``import_module("scorer.<book>...")``), a book's name quoted (``"<book>"``,
  ```<book>```), a path segment (``/v1/<book>/settle``, ``seeds/<book>/``), or a ruleset's value
  (``--ruleset <book>``, ``?ruleset=<book>``).

Decided: prose may name a book by its title (MCR, Hong Kong, Sichuan, Taiwanese) where it describes
data or an example (a rule book's fields, a problem's title); such words are not looked for, so a
docstring can say "Sichuan's hand of play" without tripping the test. The project's former name
(``mcr-scorer``, the ``mcr-score`` command and their entry points ``mcr_score``, ``mcr_scorer``) is
not a book's: strings such as ``"mcr-bulk-"`` or ``"mcr.request_id"`` (the service's environ key of
its first days, now ``"scorer.request_id"``) are not names of a book and are not reported; the
identifiers of the two entry points are let through by name (``PRODUCT``).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorer.rules import RULESETS

ROOT = Path(__file__).resolve().parents[2]
BOOKS = frozenset(RULESETS)

# The one list of books: where naming a book is the point.
ALLOWED = frozenset({"scorer/rules/__init__.py"})
# The project's former command names (pyproject.toml's entry points): the old product name, not the book.
PRODUCT = frozenset({"mcr_score", "mcr_scorer"})

_ALT = "|".join(sorted(BOOKS))
TEXT = [
    ("a dotted path into a book", re.compile(rf"\b(?:scorer|rules)\.(?:{_ALT})\b")),
    ("a book's name quoted", re.compile(rf"([\"'`])(?:{_ALT})\1")),
    ("a book's name as a path segment", re.compile(rf"(?<=/)(?:{_ALT})(?![\w.-])")),
    ("a book's name as a ruleset's value", re.compile(rf"\bruleset\W{{1,4}}(?:{_ALT})\b")),
]
_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def words(identifier: str) -> set[str]:
    """The words of an identifier, lowercased: ``SichuanSettle`` and ``SICHUAN_SETTLE`` are both
    {sichuan, settle}; ``HKOptions`` is {hk, options}."""
    return {w.lower() for part in identifier.split("_") for w in _WORDS.findall(part)}


def scanned() -> list[str]:
    books = tuple(f"scorer/rules/{book}/" for book in BOOKS)
    out = []
    for top in ("scorer", "service"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if not rel.startswith(books) and rel not in ALLOWED:
                out.append(rel)
    return out


def _in_text(text: str) -> Iterator[tuple[int, str]]:
    """(line offset within the text, what) for each way ``text`` names a book."""
    for what, pattern in TEXT:
        for m in pattern.finditer(text):
            yield text.count("\n", 0, m.start()), f"{what}: {m.group(0)!r}"


def findings(source: str) -> list[tuple[int, str]]:
    """(line, what) for each place ``source`` (a module's text) names a book."""
    tree = ast.parse(source)
    out: list[tuple[int, str]] = []

    def name(node: ast.AST, identifier: str | None, what: str) -> None:
        if identifier and identifier not in PRODUCT and words(identifier) & BOOKS:
            out.append((getattr(node, "lineno", 0), f"{what}: {identifier}"))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if set(a.name.split(".")) & BOOKS:
                    out.append((node.lineno, f"an import path: {a.name}"))
                name(node, a.asname, "an identifier")
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            if set((node.module or "").split(".")) & BOOKS:
                out.append((node.lineno, f"an import path: {module}"))
            for a in node.names:
                if a.name in BOOKS:
                    out.append((node.lineno, f"an import path: {module}.{a.name}" if node.module else
                                f"an import path: {module}{a.name}"))
                else:
                    name(node, a.name, "an identifier")
                name(node, a.asname, "an identifier")
        elif isinstance(node, ast.Name):
            name(node, node.id, "an identifier")
        elif isinstance(node, ast.Attribute):
            name(node, node.attr, "an identifier")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name(node, node.name, "an identifier")
        elif isinstance(node, ast.arg):
            name(node, node.arg, "an identifier")
        elif isinstance(node, ast.keyword):
            name(node, node.arg, "an identifier")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value in BOOKS:
                out.append((node.lineno, f"a book's name as a string: {node.value!r}"))
            out += [(node.lineno + k, what) for k, what in _in_text(node.value)]
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            out += [(tok.start[0], what) for _, what in _in_text(tok.string)]
    return sorted(set(out))


@pytest.mark.parametrize("rel", scanned())
def test_the_module_names_no_book(rel: str) -> None:
    found = findings((ROOT / rel).read_text(encoding="utf-8"))
    assert [f"{rel}:{line}: {what}" for line, what in found] == []


# --- the test can fail: each way of naming a book is caught, and prose is not ------------------------
@pytest.mark.parametrize(("source", "caught"), [
    pytest.param("from ..rules.mcr.reading import normal_name\n", "an import path: ..rules.mcr.reading", id="from"),
    pytest.param("from . import hk\n", "an import path: .hk", id="from-dot"),
    pytest.param("import scorer.sichuan\n", "an import path: scorer.sichuan", id="import"),
    pytest.param("x = scorer.mcr.settle\n", "an identifier: mcr", id="attribute"),
    pytest.param("SichuanSettleRequestSchema = 1\n", "an identifier: SichuanSettleRequestSchema", id="camel"),
    pytest.param("def settle_taiwan(): pass\n", "an identifier: settle_taiwan", id="snake"),
    pytest.param("book = 'sichuan'\n", "a book's name as a string: 'sichuan'", id="string"),
    pytest.param("m = import_module('scorer.mcr.scoring')\n", "a dotted path into a book: 'scorer.mcr'", id="module"),
    pytest.param("'''Score (``\"mcr\"``, the default).'''\n", "a book's name quoted: '\"mcr\"'", id="docstring"),
    pytest.param("x = 1  # see rules.sichuan.play\n", "a dotted path into a book: 'rules.sichuan'", id="comment"),
    pytest.param("h = 'POST /v1/sichuan/settle'\n", "a book's name as a path segment: 'sichuan'", id="route"),
    pytest.param("h = f'{p} play.json --ruleset sichuan'\n", "a book's name as a ruleset's value: 'ruleset sichuan'",
                 id="ruleset"),
])
def test_each_way_of_naming_a_book_is_caught(source: str, caught: str) -> None:
    assert caught in [what for _, what in findings(source)]


@pytest.mark.parametrize("source", [
    pytest.param("'''Sichuan's hand of play, MCR's room, Hong Kong's flowers.'''\n", id="prose"),
    pytest.param("TYPE_BASE = 'https://mcr-scorer.dev/problems/'\n", id="old-product-url"),
    pytest.param("KEY = 'mcr.request_id'\n", id="old-product-key"),
    pytest.param("def mcr_score(): pass\n", id="old-entry-point"),
    pytest.param("books = [f'scorer.{name}' for name in RULESETS]\n", id="from-the-registry"),
])
def test_prose_and_the_former_product_name_are_not_a_book(source: str) -> None:
    assert findings(source) == []


def test_the_exceptions_are_files_that_exist() -> None:
    """An exception left behind after its file is renamed or made neutral is noticed."""
    assert [rel for rel in sorted(ALLOWED) if not (ROOT / rel).is_file()] == []

