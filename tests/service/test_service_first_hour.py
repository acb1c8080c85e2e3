"""What a new user meets first over HTTP: problem types that resolve, /docs/ with a slash, a query
parameter the operation does not take, and the spec's YAML form as a generated client reads it."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from scorer.wire.problems import MEANINGS, TYPE_BASE, meaning, titles
from service.pages import CSP


def test_a_problems_type_resolves_to_its_documentation(client: FlaskClient) -> None:
    p = client.post("/v1/score", json={"hand": "[888m1][444m2][666m3]88mWW8m"}).get_json()
    assert p["type"] == "/problems/too-many-copies" and TYPE_BASE == "/problems/"
    page = client.get(p["type"])  # relative to the service's address: the test client's base
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert page.headers["Content-Security-Policy"] == CSP
    text = page.get_data(as_text=True)
    assert "More than four copies of a tile" in text and "/problems/too-many-copies" in text
    index = client.get("/problems/").get_data(as_text=True)
    assert all(f'href="{code}"' in index for code in titles())
    assert client.get("/problems/no-such-problem").status_code == 404


@pytest.mark.parametrize("code", sorted(titles()))
def test_every_problem_type_has_a_page_that_says_what_it_means(client: FlaskClient, code: str) -> None:
    text = client.get(f"/problems/{code}").get_data(as_text=True)
    assert titles()[code].replace("'", "&#x27;") in text and meaning(code).split(":")[0].replace("'", "&#x27;") in text
    if code in ("unknown-parameter", "malformed-json", "illegal-action"):
        assert code in MEANINGS


def test_docs_with_a_slash_is_the_docs_page(client: FlaskClient) -> None:
    resp = client.get("/docs/")
    assert resp.status_code == 308 and resp.headers["Location"] == "/docs"
    assert client.get("/docs/", follow_redirects=True).status_code == 200


@pytest.mark.parametrize(("method", "url", "body"), [
    ("GET", "/v1/fans?book=hk", None),
    ("GET", "/v1/fans?ruleset=hk&book=hk", None),
    ("GET", "/v1/rulesets?ruleset=hk", None),
    ("POST", "/v1/score?explain=true", {"hand": "[222m1][444m2][666m3]88mWW8m"}),
    ("POST", "/v1/waits?ruleset=hk", {"hand": "123m456p789s1122m"}),
])
def test_a_query_parameter_the_operation_does_not_take_is_refused(client: FlaskClient, method: str, url: str,
                                                                   body: Any) -> None:
    resp = client.open(url, method=method, json=body)
    assert resp.status_code == 400, resp.get_data(as_text=True)
    p = resp.get_json()
    assert p["type"] == "/problems/unknown-parameter" and "unknown query parameter" in p["detail"]
    assert ("'book'" in p["detail"] and "it takes ruleset" in p["detail"]) or "takes no query" in p["detail"]


def test_the_parameters_an_operation_takes_still_work(client: FlaskClient) -> None:
    hk = client.get("/v1/fans?ruleset=hk").get_json()
    assert hk["ruleset"] == "hk"


def test_the_spec_as_yaml_also_comes_as_text_yaml(client: FlaskClient) -> None:
    plain = client.get("/openapi.yaml")
    assert plain.mimetype == "application/yaml" and plain.get_data().startswith(b"openapi: 3.1")
    text = client.get("/openapi.yaml", headers={"Accept": "text/yaml"})
    assert text.mimetype == "text/yaml" and text.get_data() == plain.get_data()
