"""The fixtures of the in-process HTTP client, for every test folder: ``client`` checks every
response it receives against ``openapi.yaml`` (``testkit.spec``). They import the web stack only
when a test asks for one, and such a test is marked ``server`` (needs the server extra), as every
test in the service's own folders is (their conftests): with the library installed alone,
``pytest -m "not server"`` over the library's folders runs (docs/testing.md)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from flask import Flask
    from flask.testing import FlaskClient

    from testkit.spec import SpecChecker

SERVER_FIXTURES = frozenset({"spec", "checker", "app", "client", "make_client"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if SERVER_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.server)


@pytest.fixture(scope="session")
def spec() -> dict[str, Any]:
    from testkit.spec import load_spec

    return load_spec()


@pytest.fixture(scope="session")
def checker(spec: dict[str, Any]) -> SpecChecker:
    from testkit.spec import SpecChecker

    return SpecChecker(spec)


def _checked(app: Flask, checker: SpecChecker) -> FlaskClient:
    from testkit.spec import CheckedClient

    app.test_client_class = type("Client", (CheckedClient,), {"checker": checker})
    return app.test_client()


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    from service import create_app

    for var in ("SCORER_API_KEYS", "MAX_CONTENT_LENGTH", "LOG_LEVEL", "SCORER_CORS_ORIGINS"):
        monkeypatch.delenv(var, raising=False)
    app = create_app({"TESTING": True})
    yield app


@pytest.fixture
def client(app: Flask, checker: SpecChecker) -> FlaskClient:
    return _checked(app, checker)


@pytest.fixture
def make_client(checker: SpecChecker, monkeypatch: pytest.MonkeyPatch):
    """A checked client for an app built under the given environment variables."""
    from service import create_app

    def make(**env: str) -> FlaskClient:
        for k, v in env.items():
            monkeypatch.setenv(k, v)
        return _checked(create_app({"TESTING": True}), checker)

    return make


@pytest.fixture
def example_body() -> dict[str, Any]:
    """The Green Book introduction's worked example: 12 points on a discard from S."""
    from testkit.spec import EXAMPLE_BODY

    return json.loads(json.dumps(EXAMPLE_BODY))
