"""openapi.yaml is valid, served, true to live responses, and its examples come from seeds/."""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml
from openapi_spec_validator import validate

from testkit import ROOT
from testkit.seeds import SEEDS, load_seed
from testkit.spec import SPEC_PATH, load_spec, resolve_ref

SPEC = load_spec()


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    return resolve_ref(SPEC, node)


def request_examples() -> list[Any]:
    """(path, method, example name, example) for each request example; ``path`` as the spec writes
    it (templated: ``/v1/{ruleset}/settle``)."""
    out = []
    for path, item in SPEC["paths"].items():
        for method, op in item.items():
            for media in op.get("requestBody", {}).get("content", {}).values():
                for name, ex in media.get("examples", {}).items():
                    out.append(pytest.param(path, method, name, ex, id=f"{method}-{path}-{name}"))
    return out


def concrete(path: str, method: str, name: str) -> str:
    """The path a request example is sent to: each path parameter's example of the example's name
    (OpenAPI pairs a parameter's examples with the body's by name)."""
    for p in SPEC["paths"][path][method].get("parameters", []):
        p = _resolve(p)
        if p["in"] == "path":
            path = path.replace(f"{{{p['name']}}}", p["examples"][name]["value"])
    assert "{" not in path, f"{name}: every path parameter needs an example named {name!r}"
    return path


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

    routes = {(re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", r.rule), m.lower()) for r in app.url_map.iter_rules()
              if r.endpoint.rpartition(".")[2] != "static" for m in r.methods - {"HEAD", "OPTIONS"}}
    documented = {(p, m) for p, item in SPEC["paths"].items() for m in item if m != "parameters"}
    assert routes == documented


@pytest.mark.parametrize(("path", "method", "name", "example"), request_examples())
def test_examples_are_what_the_service_answers(client, path, method, name, example):
    status, expected = response_example(path, method, name)
    resp = client.open(concrete(path, method, name), method=method.upper(), json=example["value"])
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


def test_the_settle_route_offers_the_books_that_settle_and_names_its_aliases():
    """``POST /v1/{ruleset}/settle``'s path parameter is the registry's books with a settlement;
    each book's older paths (``Settlement.aliases``) are documented operations that say they are
    its aliases, and they answer what the route answers."""
    import scorer

    settling = [name for name, book in scorer.RULESETS.items() if book.settlement is not None]
    op = SPEC["paths"]["/v1/{ruleset}/settle"]["post"]
    (param,) = [p for p in op["parameters"] if p.get("in") == "path"]
    assert param["name"] == "ruleset" and param["schema"]["enum"] == settling
    aliases = {f"/v1/{a}": name for name in settling for a in scorer.RULESETS[name].settlement.aliases}
    assert aliases == {"/v1/match": "mcr", "/v1/sichuan/settle": "sichuan"}
    for path, name in aliases.items():
        assert f"An alias of `POST /v1/{{ruleset}}/settle` for `{name}`" in SPEC["paths"][path]["post"]["description"]


@pytest.mark.parametrize(("path", "method", "name", "example"), [
    p for p in request_examples() if p.values[0] in ("/v1/match", "/v1/sichuan/settle")])
def test_an_alias_answers_byte_for_byte_what_the_settle_route_answers(client, path, method, name, example):
    import scorer

    (book,) = [n for n, b in scorer.RULESETS.items()
               if b.settlement is not None and path.removeprefix("/v1/") in b.settlement.aliases]
    alias = client.post(path, json=example["value"])
    route = client.post(f"/v1/{book}/settle", json=example["value"])
    assert (route.status_code, route.get_data()) == (alias.status_code, alias.get_data())


@pytest.mark.parametrize("book", ["hk", "taiwan", "nosuchbook"])
def test_a_book_that_settles_nothing_is_a_404_naming_those_that_do(client, book):
    resp = client.post(f"/v1/{book}/settle", json={"missing_suits": {}, "events": []})
    assert resp.status_code == 404
    problem = resp.get_json()
    assert problem["type"].endswith("/not-found") and problem["detail"].endswith("books that settle: mcr, sichuan")
    assert repr(book) in problem["detail"]


def test_the_spec_has_no_key_twice() -> None:
    """YAML readers differ on a repeated key (PyYAML keeps the last; the docs page's reader refuses the
    whole document): a response code written twice in one operation would break /docs silently."""
    import yaml

    from testkit import ROOT

    class Strict(yaml.SafeLoader):
        pass

    def mapping(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> object:
        keys = [loader.construct_object(k, deep=deep) for k, _ in node.value]
        repeated = {k for k in keys if keys.count(k) > 1}
        assert not repeated, (repeated, node.start_mark.line + 1)
        return yaml.SafeLoader.construct_mapping(loader, node, deep)

    Strict.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    yaml.load((ROOT / "openapi.yaml").read_text(encoding="utf-8"), Loader=Strict)  # noqa: S506 (a safe loader)
