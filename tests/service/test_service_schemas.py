"""The edge schemas: the fast path accepts a strict subset of what the marshmallow schema accepts,
and returns the same thing for it; error messages flatten into JSON pointers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from marshmallow import ValidationError

import scorer
from scorer.wire.fastbody import MAX_BATCH, fast_batch, fast_load
from scorer.wire.problems import error_pointers
from scorer.wire.schemas import BatchRequestSchema, ScoreRequestSchema
from testkit.bodies import body
from testkit.seeds import SEEDS, load_seed
from testkit.spec import EXAMPLE_BODY

SCHEMA = ScoreRequestSchema()


def schema_load(data):
    try:
        return SCHEMA.load(data)
    except ValidationError:
        return None


@settings(max_examples=1500, deadline=None)
@given(data=body)
def test_fast_path_is_a_strict_subset_of_the_schema(data):
    fast = fast_load(data)
    if fast is not None:
        assert schema_load(data) == fast


@pytest.mark.parametrize("data", [EXAMPLE_BODY, *(load_seed(p)["request"] for p in SEEDS)],
                         ids=["issue", *(p.stem for p in SEEDS)])
def test_fast_path_takes_the_common_bodies(data):
    assert fast_load(data) == schema_load(data) == data


@pytest.mark.parametrize("data", [
    {"hand": "x", "context": None}, {"hand": "x", "context": {"base_points": True}},
    {"hand": "x", "context": {"self_drawn": 1}}, {"hand": {"concealed": "1m", "winning_tile": "1m", "flowers": False}},
    {"hand": {"concealed": "1m", "winning_tile": "1m", "melds": [{"tiles": "222m", "concealed": None}]}},
    {"hand": {"concealed": ["1m", 1], "winning_tile": "1m"}}, {"hand": "x", "extra": 1}, {"context": {}}, [], None,
])
def test_fast_path_declines_what_the_schema_must_judge(data):
    assert fast_load(data) is None


@pytest.mark.parametrize("data", [
    {"requests": [EXAMPLE_BODY]}, {"requests": [None, 1, "x", [], {}]}, {"requests": [{}] * MAX_BATCH},
    {"requests": []}, {"requests": [{}] * (MAX_BATCH + 1)}, {"requests": None}, {"requests": {}},
    {"requests": [{}], "extra": 1}, {"extra": [{}]}, {}, [], None, "requests",
])
def test_fast_batch_is_the_batch_schema_where_it_answers(data):
    """The batch envelope's fast check: the schema's load where it accepts, the schema's to judge otherwise."""
    fast = fast_batch(data)
    try:
        loaded = BatchRequestSchema().load(data)
    except ValidationError:
        loaded = None
    assert fast == loaded if fast is not None else loaded is None


@pytest.mark.parametrize(("messages", "expected"), [
    ({"_schema": ["Invalid input type."]}, [("", "must be a JSON object")]),
    ({"hand": {"melds": {1: {"tiles": ["bad"]}}}}, [("/hand/melds/1/tiles", "bad")]),
    ({"a/b": {"c~d": ["Unknown field."]}}, [("/a~1b/c~0d", "unknown field")]),
    ({"x": ["one", "two"], "y": {"_schema": ["Missing data for required field."]}},
     [("/x", "one"), ("/x", "two"), ("/y", "required field is missing")]),
])
def test_error_pointers(messages, expected):
    assert [(e["pointer"], e["detail"]) for e in error_pointers(messages)] == expected


# --- the pattern for a new endpoint: declare the fields on the library value, derive the schema ------
def test_schema_for_derives_a_strict_schema_from_a_value_type():
    """A value type with declared fields (as a new endpoint's would be) gives a strict schema, and
    the fast path's shape check reads the same declarations."""
    from dataclasses import dataclass, field

    from scorer.shape import Kind, field_spec, spec
    from scorer.wire.fastbody import _Shape
    from scorer.wire.schemas import schema_for

    seat = (field_spec("name", Kind.NAME, "a player's name", required=True),
            field_spec("wind", Kind.WIND, "the seat"))

    @dataclass(frozen=True)
    class Table:
        round: int = field(default=1, metadata=spec(Kind.INT, "the round", minimum=1, maximum=16))
        dealer: str | None = field(default=None, metadata=spec(Kind.WIND, "the dealer", nullable=True))
        last: bool = field(default=False, metadata=spec(Kind.BOOL, "the last hand"))
        host: dict[str, str] | None = field(default=None, metadata=spec(Kind.OBJECT, "the host", items=seat))
        seats: tuple[str, ...] = field(default=(), metadata=spec(Kind.OBJECTS, "the seats", required=True,
                                                                 max_items=4, items=seat))
        hand: str = field(default="", metadata=spec(Kind.TILES, "tiles"))
        not_a_request_field: int = 0

    schema = schema_for(Table)()
    assert schema.__class__.__name__ == "TableSchema"
    good = {"round": 2, "dealer": None, "last": True, "host": {"name": "Ann"},
            "seats": [{"name": "Bo", "wind": "S"}], "hand": "123m"}
    assert schema.load(good) == good
    assert _Shape(scorer.shape.fields_of(Table)).accepts(good)
    for bad, pointer in [({**good, "not_a_request_field": 1}, "not_a_request_field"), ({**good, "round": "2"}, "round"),
                         ({**good, "seats": [{"name": "x"}] * 5}, "seats"), ({"round": 1}, "seats"),
                         ({**good, "host": {"wind": "E"}}, "host"), ({**good, "last": 1}, "last")]:
        with pytest.raises(ValidationError) as e:
            schema.load(bad)
        assert pointer in e.value.messages
        assert not _Shape(scorer.shape.fields_of(Table)).accepts(bad)
