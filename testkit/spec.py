"""The in-process client the service's tests use: every answer it receives is checked against
``openapi.yaml`` (documented operations with openapi-core, every error as a Problem), and the
spec's loading. Needs the server extra and the test tools (Flask, openapi-core, jsonschema); the
fixtures over it are in ``tests/conftest.py``."""

from __future__ import annotations

import json
import re
from typing import Any

import yaml
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from openapi_core import Config, OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from werkzeug.test import TestResponse

from testkit import ROOT

SPEC_PATH = ROOT / "service" / "openapi.yaml"
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
                   "text/csv": lambda b: b.decode() if isinstance(b, bytes) else b,
                   "text/yaml": lambda b: b.decode() if isinstance(b, bytes) else b}
        self.openapi = OpenAPI.from_dict(spec, config=Config(extra_media_type_deserializers=parsers))
        registry = Registry().with_resource("urn:spec", Resource.from_contents(spec, default_specification=DRAFT202012))
        self._validators: dict[str, Draft202012Validator] = {}
        self._registry = registry
        self.paths = [(re.compile(re.sub(r"\\\{[^}/]+\\\}", "[^/]+", re.escape(p))), item)
                      for p, item in spec["paths"].items()]

    def component(self, name: str) -> Draft202012Validator:
        if name not in self._validators:
            self._validators[name] = Draft202012Validator(
                {"$ref": f"urn:spec#/components/schemas/{name}"}, registry=self._registry,
                format_checker=Draft202012Validator.FORMAT_CHECKER,
            )
        return self._validators[name]

    def documented(self, path: str, method: str) -> bool:
        """Whether ``path`` is an operation of the spec: a path as written, or one of a templated
        path's (``/v1/mcr/settle`` is ``/v1/{ruleset}/settle``'s)."""
        return any(method.lower() in item and template.fullmatch(path) for template, item in self.paths)

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
