"""Generated input through HTTP.

* Thousands of independently generated hands (``testkit.hands.themed``), written in every form the API
  takes, agree with the reference calculator after the written rulings (``testkit.oracle``) on fans,
  points, validity, totals and payouts.
* Malformed and impossible requests drawn by hypothesis are answered 4xx problem+json, never 200
  or 5xx.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from testkit.bodies import body
from testkit.hands.themed import GenHand, compact, generate
from testkit.oracle import reference_score

SEED = 4242  # not the differential test's seed: a different sample of hands
N_HANDS = 3000
CHUNK = 500


def encode(i: int, g: GenHand) -> dict[str, Any]:
    """Hand ``i`` as a request body, cycling through the ways the API lets one write it."""
    form = i % 3
    if form == 0 and g.flowers == 0:
        hand: Any = g.notation()
    elif form == 1:
        hand = g.hand_kwargs()  # lists of codes
    else:
        hand = {
            "concealed": compact(g.concealed),
            "winning_tile": g.winning_tile,
            "melds": [{"tiles": compact(m.tiles), **({"concealed": True} if m.concealed else {})} for m in g.melds],
            "flowers": g.flowers,
        }
    context = {k: v for k, v in g.context.items() if not (k == "discarder" and v is None and i % 2)}
    return {"hand": hand, "context": context}


def check(i: int, g: GenHand, got: dict[str, Any]) -> list[str]:
    ref = reference_score(g)
    wrong = []
    if "type" in got:
        return [f"problem {got['type']}: {got['detail']}"]
    if {f["id"]: f["count"] for f in got["fans"]} != ref.fans:
        wrong.append(f"fans {[(f['id'], f['count']) for f in got['fans']]} != {ref.fans}")
    for key in ("points", "valid", "flower_points", "total", "payouts"):
        if got[key] != getattr(ref, key):
            wrong.append(f"{key} {got[key]} != {getattr(ref, key)}")
    if not got["winning"]:
        wrong.append("not winning")
    if got["payouts"] is not None and sum(got["payouts"].values()) != 0:
        wrong.append("payouts do not sum to zero")
    return [f"#{i} {g.notation()} ({g.context_str()}): " + "; ".join(wrong)] if wrong else []


@pytest.mark.slow
@pytest.mark.parametrize("start", range(0, N_HANDS, CHUNK), ids=lambda s: f"hands-{s}")
def test_generated_hands_agree_with_the_reference(client, start):
    hands = [(i, generate(SEED, i)) for i in range(start, start + CHUNK)]
    resp = client.post("/v1/score/batch", json={"requests": [encode(i, g) for i, g in hands]})
    assert resp.status_code == 200
    results = resp.get_json()["results"]
    failures = [msg for (i, g), got in zip(hands, results, strict=True) for msg in check(i, g, got)]
    # a sample through the single endpoint too: the same answer as its batch slot
    for (i, g), got in list(zip(hands, results, strict=True))[::50]:
        single = client.post("/v1/score", json=encode(i, g))
        assert single.status_code == 200 and single.get_json() == got, i
    assert not failures, f"{len(failures)} of {CHUNK} disagree:\n" + "\n".join(failures[:20])


# --- malformed and impossible requests ---------------------------------------------------------------
GOOD = "[222m1][444m2][666m3]88mWW8m"


def _answer_is_a_problem_or_a_result(resp: Any) -> None:
    assert resp.status_code < 500, resp.get_data(as_text=True)
    if resp.status_code == 200:  # only a hand that happens to be legal and consistent may pass
        return
    assert 400 <= resp.status_code < 500
    assert resp.mimetype == "application/problem+json"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                     HealthCheck.too_slow])
@given(body=body)
def test_random_bodies_never_500(client, body):
    _answer_is_a_problem_or_a_result(client.post("/v1/score", json=body))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_random_bytes_never_500(client, raw):
    resp = client.post("/v1/score", data=raw, content_type="application/json")
    assert resp.status_code in (200, 400, 422), resp.get_data(as_text=True)


IMPOSSIBLE = [
    # each is wrong in a way a hand generator does not produce by accident
    {"hand": "[222m1][444m2][666m3][888m1][999m1]W"},  # five melds
    {"hand": "[2222m1][2222m2][444m3]88mWW8m"},  # same kong twice
    {"hand": "[123m1][123m1][123m1][123m1]1m1m"},  # six 1m
    {"hand": "[135m1][444m2][666m3]88mWW8m"},  # a chow with a gap
    {"hand": "[89m1p][444m2][666m3]88mWW8m"},  # chow across suits
    {"hand": "[EWS1][444m2][666m3]88mWW8m"},  # honour "chow"
    {"hand": "[222m4][444m2][666m3]88mWW8m"},  # offer digit 4
    {"hand": "88mWW8m[222m1][444m2][666m3]"},  # melds after standing tiles
    {"hand": GOOD, "context": {"self_drawn": True, "robbing_kong": True}},
    {"hand": GOOD, "context": {"robbing_kong": True}},  # the robbed 8m is also in the hand
    {"hand": GOOD, "context": {"discarder": "E", "seat_wind": "E"}},
    {"hand": GOOD, "context": {"seat_wind": "east"}},
    {"hand": GOOD, "context": {"base_points": -1}},
    {"hand": GOOD, "context": {"base_points": 10**12}},
    {"hand": {"concealed": "1m" * 13, "winning_tile": "1m"}},
    {"hand": {"concealed": "123456789m1234p", "winning_tile": "5p", "melds": [{"tiles": "111m"}]}},
    {"hand": {"concealed": "11m", "winning_tile": "1m", "melds": [{"tiles": "22m"}] * 4}},
    {"hand": {"concealed": "88m WW", "winning_tile": "8m", "melds": [{"tiles": "2222m", "concealed": 1}] * 3}},
    {"hand": {"concealed": "88m WW", "winning_tile": "8m", "melds": [{"tiles": ""}] * 3}},
    {"hand": {"concealed": "88m WW", "winning_tile": "", "melds": [{"tiles": "222m"}] * 3}},
    {"hand": {"concealed": "88m WW", "winning_tile": "8m", "flowers": 8.0, "melds": [{"tiles": "234m"}] * 3}},
    {"hand": {"concealed": ["8m", "8m", "W", "W"], "winning_tile": "8M",
              "melds": [{"tiles": "222m"}, {"tiles": "444m"}, {"tiles": "666m"}]}},
    {"hand": {"concealed": ["8m", "8m", "W", "W "], "winning_tile": "8m",
              "melds": [{"tiles": "222m"}, {"tiles": "444m"}, {"tiles": "666m"}]}},
    {"requests": [{"hand": GOOD}]},  # a batch body sent to /v1/score
]


@pytest.mark.parametrize("body", IMPOSSIBLE, ids=[json.dumps(b)[:60] for b in IMPOSSIBLE])
def test_impossible_requests_are_4xx_problems(client, body):
    resp = client.post("/v1/score", json=body)
    assert 400 <= resp.status_code < 500, resp.get_data(as_text=True)
    assert resp.mimetype == "application/problem+json"
