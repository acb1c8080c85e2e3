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


# --- the four books' own fields: moved out of the shared Context, read and checked as before ----------
@pytest.mark.parametrize(("given", "at", "message"), [
    pytest.param({"out": ["E"]}, "out", "the winner E cannot have already won", id="out-winner"),
    pytest.param({"out": ["S"], "discarder": "S"}, "out", "the discarder S has already won", id="out-discarder"),
    pytest.param({"liable": "E"}, "liable", "the liable seat E is the winner's own seat", id="liable-own-seat"),
    pytest.param({"human_hand": True, "self_drawn": True}, "human_hand", "人胡", id="human-self-drawn"),
    pytest.param({"heavenly_hand": True, "earthly_hand": True, "self_drawn": True}, "earthly_hand",
                 "the dealer's, earthly_hand (地胡) another player's", id="heavenly-and-earthly"),
    pytest.param({"heavenly_hand": True}, "heavenly_hand", "but self_drawn is false", id="heavenly-not-drawn"),
    pytest.param({"earthly_hand": True, "self_drawn": True, "last_wall_tile": True}, "earthly_hand",
                 "not on the wall's last tile", id="earthly-last-tile"),
    pytest.param({"heavenly_ready": True, "earthly_ready": True}, "earthly_ready", "one of them", id="ready-both"),
])
def test_an_own_field_that_contradicts_the_context_is_refused_when_it_is_built(
        given: dict[str, object], at: str, message: str) -> None:
    for build in (Context, Context.build):
        with pytest.raises(ScorerError) as e:
            build(**given)
        assert (e.value.code, e.value.field) == ("contradictory_context", ("context", at))
        assert message in str(e.value)


@pytest.mark.parametrize(("given", "at", "code"), [
    pytest.param({"missing_suit": "z"}, ("missing_suit",), "bad_value", id="suit"),
    pytest.param({"out": ["E", "X"]}, ("out", 1), "bad_wind", id="out-wind"),
    pytest.param({"out": ["S", "S"]}, ("out", 1), "bad_value", id="out-twice"),
    pytest.param({"liable": "X"}, ("liable",), "bad_wind", id="liable"),
    pytest.param({"dealer_streak": 100}, ("dealer_streak",), "bad_value", id="streak"),
    pytest.param({"flower_win": "nine_flowers"}, ("flower_win",), "bad_value", id="flower-win"),
    pytest.param({"human_hand": 1}, ("human_hand",), "bad_value", id="flag"),
])
def test_an_own_fields_value_is_read_by_its_declaration(given: dict[str, object], at: tuple[object, ...],
                                                        code: str) -> None:
    with pytest.raises(ScorerError) as e:
        Context.build(**given)
    assert (e.value.code, e.value.field) == (code, ("context", *at))


def test_own_fields_are_read_as_the_books_read_them_and_a_default_given_is_left_out() -> None:
    from scorer.tiles import Wind

    ctx = Context.build(seat_wind="S", missing_suit="m", out=["W", "E"], liable="N", dealer_streak=3)
    assert ctx.get("out") == (Wind.E, Wind.W) and ctx.get("liable") is Wind.N and ctx.get("missing_suit") == "m"
    assert ctx.get("dealer_streak") == 3 and ctx.get("flower_win") is None and ctx.get("heavenly_hand") is False
    plain = Context.build(seat_wind="S", missing_suit=None, out=[], liable=None, dealer_streak=0, human_hand=False)
    assert plain.own == () and plain == Context(seat_wind="S") and hash(plain) == hash(Context(seat_wind="S"))
    assert not hasattr(Context(), "missing_suit")  # the shared Context holds none of a book's own fields


def test_the_library_api_takes_own_fields_by_keyword() -> None:
    r = scorer.score("[2222m]555m888p22p55p5p", ruleset="sichuan", self_drawn=True, missing_suit="s", out=["W"])
    assert r.valid and r.payouts == {"E": 34, "S": -17, "W": 0, "N": -17}
    with pytest.raises(ScorerError) as e:  # Sichuan's own field, refused by another book
        scorer.score("123m456m789m123p55p", ruleset="hk", missing_suit="s")
    assert (e.value.code, e.value.field) == ("not_in_ruleset", ("context", "missing_suit"))


def test_waits_take_the_own_fields_that_hold_for_every_wait_only() -> None:
    from scorer.waits.analysis import wait_context_fields

    names = {s.name for s in wait_context_fields()}
    assert {"missing_suit", "out"} <= names and not names & {"liable", "dealer_streak", "heavenly_hand"}
    a = scorer.analyze("[2222m]555m888p22p55p", {"missing_suit": "s", "out": ["W"]}, ruleset="sichuan")
    assert a.outlook is not None and a.outlook.waits
    for given in ({"liable": "S"}, {"dealer_streak": 1}, {"heavenly_hand": False}):
        with pytest.raises(ScorerError) as e:
            scorer.analyze("123m456m789m123p5p", given)
        assert e.value.field == ("context", *given) and "decided per wait" in str(e.value)
    with pytest.raises(ScorerError) as one:  # a Context given whole: the same
        scorer.analyze("123m456m789m123p5p", Context(dealer_streak=1))
    assert one.value.field == ("context", "dealer_streak")


def test_the_fast_check_takes_declared_own_fields_of_plain_kinds() -> None:
    from scorer.wire.fastbody import fast_load

    body = {"hand": "123m456m789m123p55p", "ruleset": "taiwan",
            "context": {"self_drawn": True, "dealer_streak": 2, "human_hand": False, "missing_suit": "m", "liable": "S",
                        "flower_win": None}}
    assert fast_load(body) is body
    assert fast_load({**body, "context": {"dealer_streak": "2"}}) is None  # the schema names the error
    assert fast_load({**body, "context": {"out": ["S"]}}) is None  # a list of winds: the schema's path
    assert fast_load({**body, "context": {"no_such_field": 1}}) is None
    toy = {**body, "context": {"toy_doubles": 1}}
    assert fast_load(toy) is toy  # the toy book's, registered here: the check follows the registry
    unregister(TOY.name)
    try:
        assert fast_load(toy) is None  # taken out, an unknown field
    finally:
        register(TOY)
