"""Shared fixtures. ``client`` checks every response it receives against ``openapi.yaml``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from openapi_core import Config, OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from werkzeug.test import TestResponse

from service import create_app

ROOT = Path(__file__).resolve().parents[1]
SPEC_PATH = ROOT / "service" / "openapi.yaml"
SEEDS = sorted((ROOT / "seeds" / "mcr").glob("*.json"))
PROBLEM_JSON = "application/problem+json"
STATIC_PREFIXES = ("/static/", "/docs/assets/")  # files served for the pages at / and /docs


def load_spec() -> dict[str, Any]:
    return yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))


def resolve_ref(spec: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """Follow a node's local ``$ref`` chain within ``spec`` to the node it names."""
    while "$ref" in node:
        target: Any = spec
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def load_seed(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


class _SentRequest(WerkzeugOpenAPIRequest):
    """The request as openapi-core sees it; its body was consumed by the app (and is not needed)."""

    @property
    def body(self) -> bytes:
        return b""


class SpecChecker:
    """Validates responses: documented operations with openapi-core, everything else as a Problem."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        # openapi-core parses only application/json by itself
        parsers = {PROBLEM_JSON: json.loads, "application/yaml": yaml.safe_load,
                   "text/csv": lambda b: b.decode() if isinstance(b, bytes) else b}
        self.openapi = OpenAPI.from_dict(spec, config=Config(extra_media_type_deserializers=parsers))
        registry = Registry().with_resource("urn:spec", Resource.from_contents(spec, default_specification=DRAFT202012))
        self._validators: dict[str, Draft202012Validator] = {}
        self._registry = registry

    def component(self, name: str) -> Draft202012Validator:
        if name not in self._validators:
            self._validators[name] = Draft202012Validator(
                {"$ref": f"urn:spec#/components/schemas/{name}"}, registry=self._registry,
                format_checker=Draft202012Validator.FORMAT_CHECKER,
            )
        return self._validators[name]

    def documented(self, path: str, method: str) -> bool:
        return method.lower() in self.spec["paths"].get(path, {})

    def check(self, resp: TestResponse) -> None:
        req = resp.request
        assert resp.headers.get("X-Request-ID"), "every response carries X-Request-ID"
        if req.method in ("HEAD", "OPTIONS") and resp.status_code < 400:
            return
        if resp.status_code >= 400:
            assert resp.mimetype == PROBLEM_JSON, (resp.status_code, resp.mimetype, resp.get_data(as_text=True))
            body = resp.get_json(force=True)
            self.component("Problem").validate(body)
            assert body["status"] == resp.status_code
        if self.documented(req.path, req.method):
            self.openapi.validate_response(_SentRequest(req), WerkzeugOpenAPIResponse(resp))
        elif req.path.startswith(STATIC_PREFIXES) and resp.status_code < 400:
            pass  # the pages' files (scripts, styles, tile pictures): not API operations
        else:
            assert resp.status_code in (404, 405), f"{req.method} {req.path} is not in openapi.yaml"


class CheckedClient(FlaskClient):
    checker: SpecChecker

    def open(self, *args: Any, **kwargs: Any) -> TestResponse:
        resp = super().open(*args, **kwargs)
        self.checker.check(resp)
        return resp


@pytest.fixture(scope="session")
def spec() -> dict[str, Any]:
    return load_spec()


@pytest.fixture(scope="session")
def checker(spec: dict[str, Any]) -> SpecChecker:
    return SpecChecker(spec)


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    for var in ("SCORER_API_KEYS", "MAX_CONTENT_LENGTH", "LOG_LEVEL", "SCORER_CORS_ORIGINS"):
        monkeypatch.delenv(var, raising=False)
    app = create_app({"TESTING": True})
    yield app


@pytest.fixture
def client(app: Flask, checker: SpecChecker) -> FlaskClient:
    app.test_client_class = type("Client", (CheckedClient,), {"checker": checker})
    return app.test_client()


@pytest.fixture
def make_client(checker: SpecChecker, monkeypatch: pytest.MonkeyPatch):
    """A checked client for an app built under the given environment variables."""

    def make(**env: str) -> FlaskClient:
        for k, v in env.items():
            monkeypatch.setenv(k, v)
        app = create_app({"TESTING": True})
        app.test_client_class = type("Client", (CheckedClient,), {"checker": checker})
        return app.test_client()

    return make


EXAMPLE_BODY = {
    "hand": {
        "concealed": "88m WW",
        "melds": [{"tiles": "222m"}, {"tiles": "444m"}, {"tiles": "666m"}],
        "winning_tile": "8m",
        "flowers": 0,
    },
    "context": {
        "self_drawn": False, "seat_wind": "E", "prevalent_wind": "E", "last_copy": False, "last_wall_tile": False,
        "kong_replacement": False, "robbing_kong": False, "discarder": "S", "base_points": 1,
    },
}


@pytest.fixture
def example_body() -> dict[str, Any]:
    """The Green Book introduction's worked example: 12 points on a discard from S."""
    return json.loads(json.dumps(EXAMPLE_BODY))
