"""A bounded schemathesis run against the WSGI app: no 5xx, and every response fits openapi.yaml.

Requests are generated from the spec itself, valid ones (positive) and schema-violating ones
(negative), for every operation; each response goes through schemathesis' checks. Bounded by
``MAX_EXAMPLES`` per operation and mode (a few seconds in all).
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from service import create_app
from testkit.spec import load_spec

MAX_EXAMPLES = 40
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance, content_type_conformance,
          response_headers_conformance]
SPEC = load_spec()
OPERATIONS = [(path, method) for path, item in SPEC["paths"].items() for method in item]
# Negative data needs something to violate: only operations that take a body have it.
CASES = [pytest.param(path, method, mode, id=f"{method.upper()} {path} {mode}")
         for path, method in OPERATIONS for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
         if mode is GenerationMode.POSITIVE or "requestBody" in SPEC["paths"][path][method]]


@pytest.fixture(scope="module")
def web_schema():
    return schemathesis.openapi.from_wsgi("/openapi.yaml", create_app())


@pytest.mark.slow
@pytest.mark.parametrize(("path", "method", "mode"), CASES)
def test_api_conforms_to_its_spec(web_schema, path, method, mode):
    operation = web_schema[path][method.upper()]

    @settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case):
        # the WSGI transport decodes no Content-Encoding: ask for none (large answers are compressed
        # otherwise; test_service_schemathesis_live.py goes over HTTP, whose client decodes them)
        case.call_and_validate(checks=CHECKS, headers={"Accept-Encoding": "identity"})

    run()
