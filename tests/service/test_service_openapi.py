"""openapi.yaml is valid, served, true to live responses, and its examples come from seeds/."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from openapi_spec_validator import validate

from tests.conftest import ROOT, SEEDS, SPEC_PATH, load_seed, load_spec, resolve_ref

SPEC = load_spec()


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    return resolve_ref(SPEC, node)


def request_examples() -> list[Any]:
    out = []
    for path, item in SPEC["paths"].items():
        for method, op in item.items():
            for media in op.get("requestBody", {}).get("content", {}).values():
                for name, ex in media.get("examples", {}).items():
                    out.append(pytest.param(path, method, name, ex, id=f"{method}-{path}-{name}"))
    return out


def response_example(path: str, method: str, name: str) -> tuple[int, dict[str, Any]]:
    found = []
    for status, resp in SPEC["paths"][path][method]["responses"].items():
        for media in _resolve(resp).get("content", {}).values():
            if name in media.get("examples", {}):
                found.append((int(status), media["examples"][name]["value"]))
    assert len(found) == 1, f"request example {name!r} needs exactly one response example of the same name"
    return found[0]


def test_spec_is_valid_openapi_3_1():
    assert SPEC["openapi"].startswith("3.1")
    validate(SPEC)


def test_repo_root_openapi_is_the_served_file():
    assert (ROOT / "openapi.yaml").read_bytes() == SPEC_PATH.read_bytes()


def test_spec_is_served(client):
    resp = client.get("/openapi.yaml")
    assert resp.status_code == 200
    assert resp.mimetype == "application/yaml"
    assert resp.get_data() == SPEC_PATH.read_bytes()
    assert yaml.safe_load(resp.get_data()) == SPEC


def test_every_route_is_documented(app):
    routes = {(r.rule, m.lower()) for r in app.url_map.iter_rules() if r.endpoint.rpartition(".")[2] != "static"
              for m in r.methods - {"HEAD", "OPTIONS"}}
    documented = {(p, m) for p, item in SPEC["paths"].items() for m in item if m != "parameters"}
    assert routes == documented


@pytest.mark.parametrize(("path", "method", "name", "example"), request_examples())
def test_examples_are_what_the_service_answers(client, path, method, name, example):
    status, expected = response_example(path, method, name)
    resp = client.open(path, method=method.upper(), json=example["value"])
    assert (resp.status_code, resp.get_json(force=True)) == (status, expected)


@pytest.mark.parametrize(("path", "method", "name", "example"), [
    p for p in request_examples() if "x-seed" in p.values[3]
])
def test_seed_examples_are_the_seeds(path, method, name, example):
    seed = load_seed(ROOT / "seeds" / "mcr" / f"{example['x-seed']}.json")
    assert example["value"] == seed["request"]
    _, answer = response_example(path, method, name)
    exp = seed["expected"]
    assert {k: answer[k] for k in exp if k != "fans"} == {k: v for k, v in exp.items() if k != "fans"}
    assert [(f["id"], f["count"]) for f in answer["fans"]] == [(f["id"], f["count"]) for f in exp["fans"]]


def test_most_examples_come_from_seeds():
    examples = [p.values[3] for p in request_examples()]
    assert sum("x-seed" in e for e in examples) >= 6
    assert len(SEEDS) > 0


def test_the_spec_is_served_as_json_too(client):
    as_yaml = client.get("/openapi.yaml")
    as_json = client.get("/openapi.json")
    assert as_json.status_code == 200 and as_json.mimetype == "application/json"
    assert as_json.get_json() == yaml.safe_load(as_yaml.data)


def test_security_is_optional_where_generators_read_it():
    """Top-level ``[{}, {apiKey: []}]``: no credentials is an alternative; operations that are open
    even with keys on say ``security: []``; none repeats the optional pair (generators take any
    per-operation requirement as "authenticated client required")."""
    spec = load_spec()
    assert spec["security"] == [{}, {"apiKey": []}]
    for path, item in spec["paths"].items():
        for op in item.values():
            assert op.get("security", "inherited") in ("inherited", []), (path, op["operationId"])
            assert (op.get("security") == []) == (not path.startswith("/v1/")), path


def test_every_operation_documents_404_and_405():
    spec = load_spec()
    for item in spec["paths"].values():
        for op in item.values():
            assert op["responses"]["404"] == {"$ref": "#/components/responses/NotFound"}, op["operationId"]
            assert op["responses"]["405"] == {"$ref": "#/components/responses/MethodNotAllowed"}, op["operationId"]


def test_request_fields_say_their_defaults_in_words_not_as_default():
    """A field with ``default`` is generated as required by openapi-typescript's default mode: request
    bodies name their defaults in their descriptions instead (the server applies them)."""
    spec = load_spec()
    found = []

    def walk(node, where):
        if isinstance(node, dict):
            if "default" in node and not isinstance(node["default"], dict):
                found.append(where)
            for k, v in node.items():
                walk(v, f"{where}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{where}/{i}")

    walk(spec, "#")
    assert found == []
