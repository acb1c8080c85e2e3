"""Every operation of the spec, called through a client generated from it (openapi-python-client),
with a plain, unauthenticated ``Client`` against a served build with no API keys.

    PYTHONPATH=<dir holding mahjong_scorer_client> python generated_client_calls.py http://127.0.0.1:PORT

Run and type-checked (mypy --strict, with the generated package) by tests/serving/test_generated_client.py;
prints the operationIds it called, as JSON, on its last line. Each request example of the spec is
built as the generated model (``from_dict``) and sent: one the model carries unchanged must get the
status its paired response example has, parsed as that status's model (a 200 as the success model,
a 4xx as ``Problem``); one the typed model cannot carry unchanged (an unknown field, a wrong type)
must be an example of a refusal. Every response is parsed as the spec says, none "unexpected".
"""

from __future__ import annotations

import json
import sys
from typing import Any

import httpx
from mahjong_scorer_client import Client
from mahjong_scorer_client.api.operations import healthz, metrics, openapi, openapi_json, readyz
from mahjong_scorer_client.api.pages import (
    calculator_page,
    docs_page,
    docs_page_slash,
    problem_type,
    problem_types,
    problem_types_by_name,
    replay_page,
)
from mahjong_scorer_client.api.scoring import (
    list_fans,
    list_rule_sets,
    match,
    replay,
    score,
    score_batch,
    settle,
    settle_sichuan,
    standings,
    waits,
)
from mahjong_scorer_client.models import (
    BatchRequest,
    BatchResponse,
    DiscardAdvice,
    FanCatalog,
    MatchRequest,
    MatchResult,
    OpenapiJsonResponse200,
    Problem,
    Readiness,
    ReplayAnswer,
    ReplayRequest,
    RuleBooks,
    RuleSet,
    ScoreRequest,
    ScoreResult,
    SettleRuleset,
    SichuanSettlement,
    SichuanSettleRequest,
    StandingsAnswer,
    StandingsRequest,
    Status,
    TileCode,
    WaitsOutlook,
    WaitsRequest,
    Wind,
)
from mahjong_scorer_client.types import Response

called: set[str] = set()


def post(path: str, client: Client, body: dict[str, Any],
         params: dict[str, str]) -> tuple[Response[Any], dict[str, Any]]:
    """Send ``body`` as the operation's generated model; also what that model dumps (what was sent).
    ``params``: the path parameters, each as the example of the same name gives it."""
    if path == "/v1/score":
        called.add("score")
        m1 = ScoreRequest.from_dict(body)
        return score.sync_detailed(client=client, body=m1), m1.to_dict()
    if path == "/v1/score/batch":
        called.add("scoreBatch")
        m2 = BatchRequest.from_dict(body)
        return score_batch.sync_detailed(client=client, body=m2), m2.to_dict()
    if path == "/v1/{ruleset}/settle":
        called.add("settle")
        ruleset = SettleRuleset(params["ruleset"])
        m0 = MatchRequest.from_dict(body) if ruleset is SettleRuleset.MCR else SichuanSettleRequest.from_dict(body)
        return settle.sync_detailed(ruleset, client=client, body=m0), m0.to_dict()
    if path == "/v1/match":
        called.add("match")
        m3 = MatchRequest.from_dict(body)
        return match.sync_detailed(client=client, body=m3), m3.to_dict()
    if path == "/v1/sichuan/settle":
        called.add("settleSichuan")
        m4 = SichuanSettleRequest.from_dict(body)
        return settle_sichuan.sync_detailed(client=client, body=m4), m4.to_dict()
    if path == "/v1/waits":
        called.add("waits")
        m5 = WaitsRequest.from_dict(body)
        return waits.sync_detailed(client=client, body=m5), m5.to_dict()
    if path == "/v1/replay":
        called.add("replay")
        m6 = ReplayRequest.from_dict(body)
        return replay.sync_detailed(client=client, body=m6), m6.to_dict()
    if path == "/v1/standings":
        called.add("standings")
        m7 = StandingsRequest.from_dict(body)
        return standings.sync_detailed(client=client, body=m7), m7.to_dict()
    raise AssertionError(f"no call written for POST {path}: add it here")


SUCCESS: dict[str, tuple[type, ...]] = {
    "/v1/score": (ScoreResult,),
    "/v1/score/batch": (BatchResponse,),
    "/v1/{ruleset}/settle": (MatchResult, SichuanSettlement),
    "/v1/match": (MatchResult,),
    "/v1/sichuan/settle": (SichuanSettlement,),
    "/v1/waits": (WaitsOutlook, DiscardAdvice),
    "/v1/replay": (ReplayAnswer,),
    "/v1/standings": (StandingsAnswer,),
}


def examples(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any], int, dict[str, str]]]:
    """(path, example name, request body, the status of the response example of the same name, the
    path parameters: each parameter's example of the same name)."""
    out = []
    for path, item in spec["paths"].items():
        body = item.get("post", {}).get("requestBody", {}).get("content", {}).get("application/json", {})
        in_path = [p for p in item.get("post", {}).get("parameters", []) if p.get("in") == "path"]
        for name, ex in body.get("examples", {}).items():
            statuses = [int(status) for status, resp in item["post"]["responses"].items()
                        if name in resp.get("content", {}).get("application/json", {}).get("examples", {})
                        or name in resp.get("content", {}).get("application/problem+json", {}).get("examples", {})]
            assert len(statuses) == 1, (path, name, statuses)
            params = {p["name"]: p["examples"][name]["value"] for p in in_path}
            out.append((path, name, ex["value"], statuses[0], params))
    return out


def expect(r: Response[Any], status: int, *types: type) -> None:
    assert r.status_code == status, (r.status_code, r.content[:300])
    assert isinstance(r.parsed, types), (status, type(r.parsed).__name__, r.content[:300])


def main(base_url: str) -> None:
    client = Client(base_url=base_url, raise_on_unexpected_status=True, timeout=httpx.Timeout(30.0))

    called.add("openapiJson")
    doc = openapi_json.sync_detailed(client=client)
    expect(doc, 200, OpenapiJsonResponse200)
    assert isinstance(doc.parsed, OpenapiJsonResponse200)
    spec = doc.parsed.to_dict()
    assert spec["openapi"].startswith("3.1") and spec["paths"]

    sent = 0
    for path, name, body, status, params in examples(spec):
        try:
            r, dumped = post(path, client, body, params)
        except (KeyError, ValueError, TypeError, AttributeError) as e:  # the typed model cannot hold it
            assert status >= 400, f"{path} {name}: a {status} example the generated model refuses: {e!r}"
            continue
        if dumped != body:  # what the model sent is not the example: it could only have been refused
            assert status >= 400, f"{path} {name}: the model sent {dumped}, not the example {body}"
            continue
        expect(r, status, *(SUCCESS[path] if status == 200 else (Problem,)))
        sent += 1
    assert sent >= 10, sent

    called.add("listRuleSets")
    books = list_rule_sets.sync_detailed(client=client)
    expect(books, 200, RuleBooks)
    assert isinstance(books.parsed, RuleBooks)
    called.add("listFans")
    for book in RuleSet:
        fans = list_fans.sync_detailed(client=client, ruleset=book)
        expect(fans, 200, FanCatalog)
        assert isinstance(fans.parsed, FanCatalog) and fans.parsed.fans
    called.add("healthz")
    expect(healthz.sync_detailed(client=client), 200, Status)
    called.add("readyz")
    expect(readyz.sync_detailed(client=client), 200, Readiness)
    called.add("openapi")
    yaml_doc = openapi.sync_detailed(client=client)  # no setting needed: its text/yaml form is read as text
    assert yaml_doc.status_code == 200 and isinstance(yaml_doc.parsed, str)
    assert yaml_doc.parsed.startswith("openapi: 3.1")
    called.add("metrics")
    expect(metrics.sync_detailed(client=client), 200, str)
    called.add("calculatorPage")
    page = calculator_page.sync_detailed(client=client)
    assert page.status_code == 200 and b"<html" in page.content
    called.add("docsPage")
    page = docs_page.sync_detailed(client=client)
    assert page.status_code == 200 and b"<html" in page.content
    called.add("docsPageSlash")
    moved = docs_page_slash.sync_detailed(client=client)
    assert moved.status_code == 308 and moved.headers["location"] == "/docs"
    called.add("problemTypes")
    page = problem_types.sync_detailed(client=client)
    assert page.status_code == 200 and b"/problems/" in page.content
    called.add("problemTypesByName")
    moved = problem_types_by_name.sync_detailed(client=client)
    assert moved.status_code == 308 and moved.headers["location"].endswith("/problems/")
    called.add("problemType")
    page = problem_type.sync_detailed("too-many-copies", client=client)
    assert page.status_code == 200 and b"More than four copies" in page.content
    called.add("replayPage")
    page = replay_page.sync_detailed(client=client)
    assert page.status_code == 200 and b"<html" in page.content

    # the enums by name, as a client author writes them
    hand = ScoreRequest.from_dict({"hand": {"concealed": [TileCode.EIGHT_CHARACTERS.value] * 2 + ["W", "W"],
                                            "winning_tile": TileCode.EIGHT_CHARACTERS.value,
                                            "melds": [{"tiles": "222m"}, {"tiles": "444m"}, {"tiles": "666m"}]},
                                   "context": {"discarder": Wind.SOUTH.value}})
    result = score.sync_detailed(client=client, body=hand)
    expect(result, 200, ScoreResult)
    assert isinstance(result.parsed, ScoreResult) and result.parsed.total > 0

    # a documented 404: a server without these paths answers a Problem, not an "unexpected status"
    elsewhere = Client(base_url=base_url + "/not-here", raise_on_unexpected_status=True, timeout=httpx.Timeout(30.0))
    missing = healthz.sync_detailed(client=elsewhere)
    expect(missing, 404, Problem)
    assert isinstance(missing.parsed, Problem) and missing.parsed.status == 404

    print(json.dumps(sorted(called)))


if __name__ == "__main__":
    main(sys.argv[1])
