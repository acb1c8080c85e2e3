"""The same bad body gets the same bytes back from every replica: a problem's ``errors`` (and its
``detail``) list unknown fields in the order of the body's keys, never in the order of a set of them,
which changes with each process's hash seed (``PYTHONHASHSEED``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from testkit import ROOT

# Unknown fields at every level the schemas close (the body's top, a hand, a meld, the context, the
# options and their fan values, a batch, a record's action, each operation's own body), many enough at
# each level that two hash seeds all but never list them in one order by chance; the keys are out of
# alphabetical order, so neither a sort nor a set passes for the body's order.
_KEYS = ("zeta", "alpha", "mu", "beta", "omicron", "gamma", "kappa", "delta", "iota", "eta")


def _extra(tag: str) -> dict[str, int]:
    return {f"{key}_{tag}": i for i, key in enumerate(_KEYS)}


BODIES: list[tuple[str, dict[str, Any]]] = [
    ("/v1/score", {"hand": "[222m1][444m2][666m3]88mWW8m", **_extra("top")}),
    ("/v1/score", {"hand": {"concealed": "88mWW", "melds": [{"tiles": "222m", **_extra("meld")}],
                            "winning_tile": "8m", **_extra("hand")},
                   "context": _extra("context"), "options": {"fan_values": _extra("fan"), **_extra("option")}}),
    ("/v1/score/batch", {"requests": [{"hand": "[222m1][444m2][666m3]88mWW8m", **_extra("item")}],
                         **_extra("batch")}),
    ("/v1/waits", {"hand": "[123p1]456m789s1122m", "context": _extra("context"), **_extra("top")}),
    ("/v1/replay", {"actions": [{"action": "draw", **_extra("action")}], **_extra("top")}),
    ("/v1/standings", _extra("top")),
    ("/v1/match", _extra("top")),
    ("/v1/mcr/settle", _extra("top")),
    ("/v1/sichuan/settle", _extra("top")),
]

# One process's answers, as hex of the bytes, one line per body; the bodies keep their key order
# (json.dumps, not the client's JSON, which sorts keys).
_ANSWER = """
import json, sys
from service import create_app
client = create_app({"TESTING": True}).test_client()
for path, body in json.loads(sys.stdin.read()):
    resp = client.post(path, data=json.dumps(body), content_type="application/json")
    print(resp.status_code, resp.get_data().hex())
"""


def _answers(seed: str) -> list[str]:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run([sys.executable, "-c", _ANSWER], input=json.dumps(BODIES), capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120, check=True)
    return done.stdout.splitlines()


def test_two_hash_seeds_answer_the_same_bytes() -> None:
    first, second = _answers("1"), _answers("2")
    assert len(first) == len(BODIES)
    for (path, _), a, b in zip(BODIES, first, second, strict=True):
        assert a.startswith("422 "), (path, a[:4])
        assert a == b, f"{path}: two replicas answered one body with different bytes"


@pytest.mark.parametrize(("path", "body"), [pytest.param(p, b, id=f"{p}-{i}") for i, (p, b) in enumerate(BODIES)])
def test_unknown_fields_are_listed_in_the_order_of_the_body(client: Any, path: str, body: dict[str, Any]) -> None:
    resp = client.post(path, data=json.dumps(body), content_type="application/json")
    assert resp.status_code == 422
    problem = resp.get_json(force=True)
    unknown = [e["pointer"] for e in problem["errors"] if e["detail"] == "unknown field"]
    assert unknown, problem
    for parent in dict.fromkeys(p.rsplit("/", 1)[0] for p in unknown):
        names = [p.rsplit("/", 1)[1] for p in unknown if p.rsplit("/", 1)[0] == parent]
        tag = names[0].rsplit("_", 1)[1]
        assert names == list(_extra(tag)), parent
    assert problem["detail"].count("unknown field") == len(unknown)
