"""Every operation the spec documents without a body answers as documented: the status it gives for
success (a 308 included), the content types of that status (none where it documents none, so a
client generated from the spec has nothing to parse it cannot), every header it marks required, and
a redirect's documented ``Location``. The request examples (``test_service_openapi.py``) do the same
for the operations that take a body."""

from __future__ import annotations

from typing import Any

import pytest

from testkit.spec import load_spec, resolve_ref

SPEC = load_spec()
PATH_VALUES = {"code": "bad-value"}  # a real value for each templated segment of a GET path


def _success(op: dict[str, Any]) -> str:
    """The status an operation documents for a plain request: its one 2xx or 3xx other than 304."""
    statuses = [s for s in op["responses"] if 200 <= int(s) < 400 and s != "304"]
    assert len(statuses) == 1, statuses
    return statuses[0]


GETS = [pytest.param(path, id=path) for path, item in SPEC["paths"].items() if "get" in item]


def test_every_get_is_checked() -> None:
    assert {p.values[0] for p in GETS} >= {"/docs", "/docs/", "/problems", "/problems/", "/problems/{code}"}


@pytest.mark.parametrize("path", GETS)
def test_a_get_answers_as_documented(client: Any, path: str) -> None:
    op = SPEC["paths"][path]["get"]
    status = _success(op)
    response = resolve_ref(SPEC, op["responses"][status])
    url = path.format(**PATH_VALUES)
    resp = client.get(url)
    assert str(resp.status_code) == status, f"GET {url}: {resp.status_code}, documented {status}"
    content = response.get("content", {})
    if content:
        assert resp.mimetype in content, f"GET {url}: {resp.mimetype}, documented {sorted(content)}"
    else:
        assert resp.get_data() == b"", f"GET {url}: a {resp.mimetype} body where the spec documents none"
    for name, header in response.get("headers", {}).items():
        header = resolve_ref(SPEC, header)
        if header.get("required"):
            assert name in resp.headers, f"GET {url}: no {name}"
        if "const" in header.get("schema", {}):
            assert resp.headers.get(name) == header["schema"]["const"], (url, name)
    if 300 <= resp.status_code < 400:
        assert "const" in response["headers"]["Location"]["schema"], f"{path}: where it redirects is documented"
