"""Each book is a namespace (``scorer.mcr``, ``scorer.hk``, ``scorer.sichuan``) of the same names;
the top level is book-neutral; the book-specific names the top level used to export still work
for one release, each warning where it went."""

from __future__ import annotations

import importlib
import warnings

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
    assert set(scorer.__all__) & (book_specific | set(scorer._MOVED)) == set()
    assert all(hasattr(scorer, n) for n in scorer.__all__)


@pytest.mark.parametrize(("old", "book", "new"), [pytest.param(o, b, n, id=o) for o, (b, n) in scorer._MOVED.items()])
def test_an_old_name_still_works_for_one_release_and_says_where_it_went(old: str, book: str, new: str) -> None:
    with pytest.warns(DeprecationWarning, match=rf"scorer\.{old} is deprecated .* use scorer\.{book}\.{new}$"):
        value = getattr(scorer, old)
    assert value is getattr(getattr(scorer, book), new)


def test_from_import_of_an_old_name_warns_too() -> None:
    with pytest.warns(DeprecationWarning, match="scorer.mcr.Room"):
        from scorer import Room
    assert Room is scorer.mcr.Room


def test_an_unknown_name_is_an_attribute_error_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError):
            scorer.NoSuchName  # noqa: B018


@pytest.mark.parametrize("name", list(scorer.RULESETS))
def test_the_namespace_examples_answer_as_shown(name: str) -> None:
    import doctest

    result = doctest.testmod(getattr(scorer, name), verbose=False)
    assert result.attempted > 0 and result.failed == 0
