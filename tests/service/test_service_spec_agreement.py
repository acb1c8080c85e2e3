"""openapi.yaml's request schemas say what the marshmallow schemas accept: the same fields, JSON
types, required fields and limits.

Both sides are brought to one plain form (``norm``) and compared. The marshmallow schemas are
derived from the library's value types (``scorer.shape``), so this holds the contract to the
library too. A new endpoint adds its request schema as a row of ``REQUEST_SCHEMAS``.
"""

from __future__ import annotations

from typing import Any

import pytest
from marshmallow import Schema, fields, validate

import scorer
from scorer.context_field import DECLARED
from scorer.shape import MAX_NOTATION, MAX_TILE_LIST, MAX_TILE_STRING, FieldSpec, Kind
from scorer.wire import schemas
from testkit.spec import load_spec, resolve_ref

SPEC = load_spec()


def _nested(schema: type[Schema], *path: str) -> type[Schema]:
    """The schema of a nested object field (through a list's items): a settlement's parts."""
    s: Any = schema
    for name in path:
        f = s().fields[name]
        f = f.inner if isinstance(f, fields.List) else f
        s = f.object_schema if isinstance(f, schemas.HandField) else f.nested
    assert isinstance(s, type) and issubclass(s, Schema)
    return s


# Each book's settlement's request body (POST /v1/{ruleset}/settle), by the component that documents it.
SETTLE_COMPONENTS = {"mcr": "MatchRequest", "sichuan": "SichuanSettleRequest"}
MATCH = schemas.settle_schemas()["mcr"]

# (openapi.yaml component, the marshmallow schema that reads it): one row per request schema.
REQUEST_SCHEMAS = [
    pytest.param("Context", schemas.ContextSchema, id="Context"),
    pytest.param("Hand", schemas.HandSchema, id="Hand"),
    pytest.param("Meld", schemas.MeldSchema, id="Meld"),
    pytest.param("ScoreRequest", schemas.ScoreRequestSchema, id="ScoreRequest"),
    pytest.param("BatchRequest", schemas.BatchRequestSchema, id="BatchRequest"),
    pytest.param("MatchRequest", MATCH, id="MatchRequest"),
    pytest.param("MatchPlayer", _nested(MATCH, "players"), id="MatchPlayer"),
    pytest.param("MatchHand", _nested(MATCH, "hands"), id="MatchHand"),
    pytest.param("MatchWin", _nested(MATCH, "hands", "win"), id="MatchWin"),
    pytest.param("WaitsRequest", schemas.WaitsRequestSchema, id="WaitsRequest"),
    pytest.param("Holding", schemas.HoldingSchema, id="Holding"),
    pytest.param("WaitContext", schemas.WaitContextSchema, id="WaitContext"),
    pytest.param("Options", schemas.OptionsSchema, id="Options"),
    pytest.param("SichuanSettleRequest", schemas.settle_schemas()["sichuan"], id="SichuanSettleRequest"),
    # a tournament's standings (POST /v1/standings)
    pytest.param("StandingsRequest", schemas.StandingsRequestSchema, id="StandingsRequest"),
    # a game record (POST /v1/replay)
    pytest.param("ReplayRequest", schemas.ReplayRequestSchema, id="ReplayRequest"),
    pytest.param("RecordAction", schemas.RecordActionSchema, id="RecordAction"),
]

Norm = dict[str, Any]
_LIMITS = ("enum", "maxLength", "minItems", "maxItems", "minimum", "maximum")


# --- openapi.yaml ------------------------------------------------------------------------------------
def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    return resolve_ref(SPEC, node)


def spec_norm(node: dict[str, Any]) -> Norm:
    """A schema of openapi.yaml in plain form: type, limits, properties, required; no prose."""
    node = _resolve(node)
    if "oneOf" in node:
        return {"oneOf": [spec_norm(alt) for alt in node["oneOf"]]}
    if "anyOf" in node:
        return {"anyOf": [spec_norm(alt) if alt else {} for alt in node["anyOf"]]}
    out: Norm = {"type": node.get("type")}
    out |= {k: sorted(node[k]) if k == "enum" else node[k] for k in _LIMITS if k in node}
    if out["type"] == "array":
        out["items"] = spec_norm(node.get("items", {}))
    if out["type"] == "object":
        assert node.get("additionalProperties") is False, "request objects are closed: unknown fields are errors"
        out["properties"] = {k: spec_norm(v) for k, v in node.get("properties", {}).items()}
        out["required"] = sorted(node.get("required", []))
    return out


# --- the marshmallow schemas ------------------------------------------------------------------------
TILE_CODE: Norm = {"type": "string", "enum": sorted(t.value for t in scorer.Tile)}
WIND: Norm = {"type": "string", "enum": sorted("ESWN")}
ENUMS = {Kind.WIND: WIND, Kind.TILE: TILE_CODE, Kind.SUIT: {"type": "string", "enum": sorted("mps")}}
FLOWER_NAMES = sorted(scorer.flowers.BY_NAME)
NAME: Norm = {"type": "string", "maxLength": MAX_TILE_STRING}


def schema_norm(schema: Schema | type[Schema]) -> Norm:
    s = schema() if isinstance(schema, type) else schema
    return {
        "type": "object",
        "properties": {name: field_norm(f) for name, f in s.fields.items()},
        "required": sorted(name for name, f in s.fields.items() if f.required),
    }


def field_norm(f: fields.Field) -> Norm:
    spec: FieldSpec | None = f.metadata.get("spec")
    out: Norm
    if isinstance(f, schemas.StrictBool):
        out = {"type": "boolean"}
    elif isinstance(f, schemas.StrictInt):
        out = {"type": "integer"}
        if spec is not None:
            out |= {k: v for k, v in (("minimum", spec.minimum), ("maximum", spec.maximum)) if v is not None}
            if spec.choices is not None:
                out["enum"] = sorted(spec.choices)
    elif isinstance(f, schemas.TileList):
        out = {"oneOf": [{"type": "string", "maxLength": 2 * f.max_items},
                         {"type": "array", "maxItems": f.max_items, "items": TILE_CODE}]}
    elif isinstance(f, schemas.Tiles):
        out = {"oneOf": [{"type": "string", "maxLength": MAX_TILE_STRING},
                         {"type": "array", "maxItems": MAX_TILE_LIST, "items": TILE_CODE}]}
    elif isinstance(f, schemas.Str):
        assert spec is not None and (spec.kind in ENUMS or spec.kind is Kind.NAME), (
            f"{f.name}: a string field says what it holds")
        out = dict(ENUMS[spec.kind]) if spec.kind in ENUMS else dict(NAME)
    elif isinstance(f, schemas.Choice):
        out = {"type": "string", "enum": sorted(f.choices)}
    elif isinstance(f, schemas.Winds):
        out = {"type": "array", "maxItems": f.max_items, "items": dict(WIND)}
    elif isinstance(f, schemas.Flowers):
        assert spec is not None
        out = {"oneOf": [{"type": "integer", "minimum": spec.minimum, "maximum": spec.maximum},
                         {"type": "array", "maxItems": scorer.hand.MAX_FLOWERS,
                          "items": {"type": "string", "enum": FLOWER_NAMES}}]}
    elif isinstance(f, schemas.Names):
        names = {"type": "array", **_min_items(spec), "maxItems": f.max_items, "items": dict(NAME)}
        out = {"oneOf": [dict(NAME), names]}
    elif isinstance(f, schemas.HandField):
        out = {"oneOf": [schema_norm(f.object_schema), {"type": "string", "maxLength": MAX_NOTATION}]}
    elif isinstance(f, schemas.BoundedList):
        assert isinstance(f.inner, fields.Nested)
        out = {"type": "array", **_min_items(spec), "maxItems": f.max_items,
               "items": schema_norm(f.inner.nested)}  # type: ignore[arg-type]
    elif isinstance(f, fields.Nested):
        out = schema_norm(f.nested)  # type: ignore[arg-type]
    elif isinstance(f, fields.List):
        # the batch's items: loaded one by one as POST /v1/score bodies (a bad one fails only its own
        # slot), and the spec says so: each is a ScoreRequest, so that clients build them typed, or
        # any other value, answered in its slot
        assert isinstance(f.inner, fields.Raw) and type(f.parent) is schemas.BatchRequestSchema
        out = {"type": "array", "items": {"anyOf": [schema_norm(schemas.ScoreRequestSchema), {}]}}
        for v in f.validators:
            if isinstance(v, validate.Length):
                out |= {k: n for k, n in (("minItems", v.min), ("maxItems", v.max)) if n is not None}
    else:
        raise TypeError(f"no openapi form known for {type(f).__name__}")
    return {"oneOf": [out, {"type": "null"}]} if f.allow_none else out


def _min_items(spec: FieldSpec | None) -> Norm:
    """A declared least length (judged by the library, like minimum and maximum)."""
    return {"minItems": spec.min_items} if spec is not None and spec.min_items is not None else {}


@pytest.mark.parametrize(("component", "schema"), REQUEST_SCHEMAS)
def test_openapi_request_schema_agrees_with_marshmallow(component: str, schema: type[Schema]) -> None:
    want = schema_norm(schema)
    got = spec_norm(SPEC["components"]["schemas"][component])
    assert got["properties"].keys() == want["properties"].keys()
    assert got["required"] == want["required"]
    for name in want["properties"]:
        assert got["properties"][name] == want["properties"][name], name
    assert got == want


def test_every_request_schema_of_openapi_has_a_row() -> None:
    """Each request body of openapi.yaml is checked here: a new endpoint cannot skip its row."""
    rows = {p.values[0] for p in REQUEST_SCHEMAS}
    bodies = {
        op["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
        for item in SPEC["paths"].values() for op in item.values()
        if isinstance(op, dict) and "requestBody" in op
    }
    assert bodies <= rows | {"SettleRequest"}  # one of each book's settlement bodies: the next test


def test_the_settle_body_is_one_of_each_settling_books_body() -> None:
    """``SettleRequest`` is exactly the settlement bodies of the books that settle (each a row above)."""
    one_of = [alt["$ref"].rsplit("/", 1)[-1] for alt in SPEC["components"]["schemas"]["SettleRequest"]["oneOf"]]
    assert list(schemas.settle_schemas()) == list(SETTLE_COMPONENTS)
    assert one_of == [SETTLE_COMPONENTS[name] for name in schemas.settle_schemas()]
    rows = {p.values[0]: p.values[1] for p in REQUEST_SCHEMAS}
    assert all(rows[SETTLE_COMPONENTS[name]] is schema for name, schema in schemas.settle_schemas().items())


# --- the library is the source ------------------------------------------------------------------------
@pytest.mark.parametrize(("value_type", "schema"), [
    pytest.param(scorer.Context, schemas.ContextSchema, id="Context"),
    pytest.param(scorer.Hand, schemas.HandSchema, id="Hand"),
    pytest.param(scorer.mcr.Room, MATCH, id="Room"),
    pytest.param(scorer.mcr.Player, _nested(MATCH, "players"), id="Player"),
    pytest.param(scorer.sichuan.Play, schemas.settle_schemas()["sichuan"], id="Play"),
    pytest.param(scorer.Holding, schemas.HoldingSchema, id="Holding"),
])
def test_schemas_are_derived_from_the_library_value_types(value_type: type, schema: type[Schema]) -> None:
    declared = scorer.shape.fields_of(value_type)
    if value_type is scorer.Context:  # and the fields the registered books declare as their own
        declared = (*declared, *(f.spec for f in DECLARED.values()))
    assert list(schema().fields) == [s.name for s in declared]
    assert [f.metadata["spec"] for f in schema().fields.values()] == list(declared)


def test_every_context_field_is_a_request_field() -> None:
    """Context has no field that a request cannot give (the CLI and the service derive from these)."""
    import dataclasses

    assert [f.name for f in dataclasses.fields(scorer.Context) if f.init] == [
        s.name for s in scorer.shape.fields_of(scorer.Context)]


def test_the_problem_types_of_openapi_are_the_ones_the_service_answers() -> None:
    """The spec's list of problem ``type`` codes is the wire layer's ``titles()``, every book's own
    codes included: a code renamed or added on one side only fails here."""
    import re

    from scorer.wire.problems import titles

    described = SPEC["components"]["schemas"]["Problem"]["properties"]["type"]["description"]
    hyphenated = set(re.findall(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b", described))
    assert hyphenated <= set(titles())
    assert [c for c in titles() if not re.search(rf"\b{c}\b", described)] == []


@pytest.mark.parametrize("name", [n for n, b in scorer.RULESETS.items() if b.settlement is not None])
def test_a_settlement_body_is_its_books_declared_fields(name: str) -> None:
    settlement = scorer.RULESETS[name].settlement
    assert settlement is not None
    schema = schemas.settle_schemas()[name]()
    assert [f.metadata["spec"] for f in schema.fields.values()] == list(settlement.fields)
