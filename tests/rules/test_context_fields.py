"""A book declares its own context fields (``scorer.context_field``): the shared ``Context`` carries
them as ``own`` values read by their declaration, the book reads them with ``ctx.get``, and a book
that has not declared one refuses it. The toy book (``testkit.toybook``) declares ``toy_doubles``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import scorer
from scorer.context import Context
from scorer.context_field import DECLARED, context_field, declare
from scorer.errors import ScorerError
from scorer.rules import register, unregister
from scorer.shape import Kind
from testkit.toybook.book import BOOK as TOY

HAND = "11m22p33s44m555m66p77s8m8m"  # the toy book's seed: seven pairs and a pung, 6 points self-drawn


@pytest.fixture(autouse=True, scope="module")
def _toy_registered() -> Iterator[None]:
    register(TOY)
    try:
        yield
    finally:
        unregister(TOY.name)


def test_a_books_own_context_field_is_read_checked_and_refused_elsewhere() -> None:
    plain = scorer.score(HAND, ruleset="toy", self_drawn=True, seat_wind="S")
    doubled = scorer.score(HAND, ruleset="toy", self_drawn=True, seat_wind="S", toy_doubles=2)
    assert plain.total == doubled.total == 6
    assert plain.payouts == {"E": -6, "S": 18, "W": -6, "N": -6}
    assert doubled.payouts == {"E": -24, "S": 72, "W": -24, "N": -24}
    with pytest.raises(ScorerError) as bad:
        scorer.score(HAND, ruleset="toy", self_drawn=True, toy_doubles=4)
    assert bad.value.field == ("context", "toy_doubles") and "0 to 3" in str(bad.value)
    with pytest.raises(ScorerError) as foreign:  # MCR has not declared it: a silent ignore would mislead
        scorer.score("123m456m789m123p55p", ruleset="mcr", self_drawn=True, toy_doubles=1)
    assert foreign.value.field == ("context", "toy_doubles") and foreign.value.code == "not_in_ruleset"
    # its default, given, means what leaving it out means, in any book
    assert scorer.score("123m456m789m123p55p", ruleset="mcr", toy_doubles=0).total > 0


def test_own_fields_take_part_in_equality_and_survive_a_variant_for_one_win() -> None:
    a = Context.build(self_drawn=False, toy_doubles=1)
    assert a.get("toy_doubles") == 1 and a.own == (("toy_doubles", 1),)
    assert a != Context.build(self_drawn=False) and a == Context(toy_doubles=1)
    assert hash(a) == hash(Context(toy_doubles=1))
    assert a.with_win(True, False).get("toy_doubles") == 1
    assert a.replace(seat_wind="S").get("toy_doubles") == 1
    assert Context().get("toy_doubles") == 0  # the declared default
    with pytest.raises(KeyError):
        Context().get("no_such_field")
    with pytest.raises(ScorerError) as unknown:
        Context.build(no_such_field=1)
    assert unknown.value.field == ("context", "no_such_field")


def test_a_name_is_declared_once_or_with_the_same_declaration() -> None:
    f = context_field("test_marks", Kind.TILES, "tiles for a test", "a test", default=(), max_items=3)
    try:
        declare((f,), "test")
        declare((f,), "another test")  # the same declaration: shared, as two joker books share their birds
        assert Context(test_marks="1m C").get("test_marks") == ("1m", "C")
        with pytest.raises(ScorerError) as many:
            Context(test_marks=["1m", "2m", "3m", "4m"])
        assert many.value.field == ("context", "test_marks")
        with pytest.raises(ScorerError) as bad:
            Context(test_marks=["1m", "X"])
        assert bad.value.field == ("context", "test_marks", 1)
        with pytest.raises(ValueError, match="declared already"):
            declare((context_field("test_marks", Kind.INT, "other", "a test"),), "a third")
    finally:
        DECLARED.pop("test_marks", None)


def test_a_book_registered_after_import_has_its_refusal_titles() -> None:
    """Problem titles are read from the registry as it is, not copied when the wire layer loads."""
    from dataclasses import replace

    from scorer.wire.problems import problem, titles

    late = replace(TOY, name="toy_late", errors=(("toy_refusal", "A toy refusal"),))
    assert "toy-refusal" not in titles()
    register(late)
    try:
        assert titles()["toy-refusal"] == "A toy refusal"
        assert problem(422, "toy-refusal", "no")["title"] == "A toy refusal"
    finally:
        unregister(late.name)
    assert "toy-refusal" not in titles()


def test_a_settling_book_registered_after_import_has_its_settle_schema() -> None:
    """The settle route reads the registry as it is: a settling book registered late is settled."""
    from dataclasses import replace

    from scorer.wire.schemas import settle_schemas

    late = replace(scorer.RULESETS["sichuan"], name="sichuan_late")
    assert "sichuan_late" not in settle_schemas()
    register(late)
    try:
        assert "sichuan_late" in settle_schemas()
    finally:
        unregister(late.name)
    assert "sichuan_late" not in settle_schemas()
