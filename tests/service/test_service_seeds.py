"""Every example in seeds/ through HTTP: the seed's request body in, its expected answer out."""

from __future__ import annotations

import pytest

from testkit.seeds import SEEDS, load_seed


@pytest.mark.parametrize("path", SEEDS, ids=[p.stem for p in SEEDS])
def test_seed_through_http(client, path):
    seed = load_seed(path)
    resp = client.post("/v1/score", json=seed["request"])
    assert resp.status_code == 200, resp.get_data(as_text=True)
    got, exp = resp.get_json(), seed["expected"]
    assert [(f["id"], f["count"]) for f in got["fans"]] == [(f["id"], f["count"]) for f in exp["fans"]]
    assert {k: got[k] for k in exp if k != "fans"} == {k: v for k, v in exp.items() if k != "fans"}
    assert set(seed["covers"]) <= {f["id"] for f in got["fans"]}


def test_seeds_through_one_batch(client):
    seeds = [load_seed(p) for p in SEEDS]
    resp = client.post("/v1/score/batch", json={"requests": [s["request"] for s in seeds]})
    assert resp.status_code == 200
    for seed, got in zip(seeds, resp.get_json()["results"], strict=True):
        assert got["total"] == seed["expected"]["total"], seed["id"]
        assert got["payouts"] == seed["expected"]["payouts"], seed["id"]
