"""Each book is a namespace (``scorer.mcr``, ``scorer.hk``, ``scorer.sichuan``) of the same names;
the top level is book-neutral. The book-specific names the top level used to export, and the
service's modules that moved to ``scorer.wire``, were kept for one release and are gone in 0.2.0."""

from __future__ import annotations

import importlib
import importlib.util

import pytest

import scorer

BOOK_NAMES = ("BOOK", "BY_ID", "FANS", "TABLE", "FanId", "Options")


@pytest.mark.parametrize("name", list(scorer.RULESETS))
def test_every_book_is_a_namespace_of_the_same_names(name: str) -> None:
    ns = getattr(scorer, name)
    assert ns is importlib.import_module(f"scorer.{name}")
    assert set(BOOK_NAMES) <= set(ns.__all__)
    assert all(hasattr(ns, n) for n in ns.__all__)
    assert ns.BOOK is scorer.RULESETS[name] and ns.BOOK.fans is ns.TABLE
    assert ns.FANS == ns.TABLE.fans and ns.BOOK.options_type is ns.Options
    assert list(ns.FanId) == [f.id for f in ns.FANS]


def test_the_top_level_is_book_neutral() -> None:
    book_specific = {n for name in scorer.RULESETS for n in getattr(scorer, name).__all__}
    assert set(scorer.__all__) & book_specific == set()
    assert all(hasattr(scorer, n) for n in scorer.__all__)


# a sample of the 30 top-level names 0.1.0 kept for a release, each now only in its book's namespace
@pytest.mark.parametrize(("old", "book", "new"), [
    ("Room", "mcr", "Room"), ("FANS", "mcr", "FANS"), ("FANS_BY_ID", "mcr", "BY_ID"), ("settle", "mcr", "settle"),
    ("Play", "sichuan", "Play"), ("SichuanOptions", "sichuan", "Options"), ("settle_sichuan", "sichuan", "settle"),
])
def test_the_names_moved_to_the_books_are_gone_from_the_top_level(old: str, book: str, new: str) -> None:
    assert not hasattr(scorer, old) and not hasattr(scorer, "_MOVED")
    assert hasattr(getattr(scorer, book), new)
    with pytest.raises(ImportError):
        exec(f"from scorer import {old}", {})


@pytest.mark.parametrize("module", ["fastbody", "jsonbody", "problems", "schemas", "scoring"])
def test_the_wire_modules_live_in_the_library_only(module: str) -> None:
    assert importlib.util.find_spec(f"service.{module}") is None
    assert importlib.util.find_spec(f"scorer.wire.{module}") is not None


@pytest.mark.parametrize("name", list(scorer.RULESETS))
def test_the_namespace_examples_answer_as_shown(name: str) -> None:
    import doctest

    result = doctest.testmod(getattr(scorer, name), verbose=False)
    assert result.attempted > 0 and result.failed == 0
