"""POST /v1/waits (every response is checked against openapi.yaml by the ``client`` fixture) and
``python -m scorer waits``."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from flask.testing import FlaskClient

import scorer
from scorer.cli import main


def test_ready_hand_lists_waits_scored_both_ways(client: FlaskClient) -> None:
    resp = client.post("/v1/waits", json={"hand": {"concealed": "12m 345p 678s 99p EEE"}, "visible": ["3m"]})
    assert resp.status_code == 200
    body = resp.get_json()
    assert (body["tiles"], body["shanten"], body["useful"]) == (13, 0, None)
    [w] = body["waits"]
    assert (w["tile"], w["unseen"]) == ("3m", 3)
    assert (w["discard"]["points"], w["discard"]["valid"], w["discard"]["payouts"]) == (7, False, None)
    assert (w["self_drawn"]["points"], w["self_drawn"]["valid"]) == (9, True)
    assert w["self_drawn"]["payouts"] == {"E": 51, "S": -17, "W": -17, "N": -17}
    # exactly what /v1/score gives for that win
    scored = client.post("/v1/score", json={"hand": "12m345p678s99pEEE3m", "context": {"self_drawn": True}})
    assert scored.get_json() == w["self_drawn"]


@pytest.mark.parametrize("hand", [
    pytest.param("[123m1]456p789s1pEEE", id="notation"),
    pytest.param({"concealed": "456p789s1pEEE", "melds": [{"tiles": "123m"}]}, id="object"),
    pytest.param({"concealed": ["4p", "5p", "6p", "7s", "8s", "9s", "1p", "E", "E", "E"],
                  "melds": [{"tiles": ["1m", "2m", "3m"]}], "flowers": 0}, id="lists"),
])
def test_every_way_to_write_a_holding_answers_the_same(client: FlaskClient, hand: Any) -> None:
    body = client.post("/v1/waits", json={"hand": hand, "context": {"seat_wind": "S"}}).get_json()
    assert body == scorer.analyze("[123m1]456p789s1pEEE", seat_wind="S").to_dict()
    assert body["forms"]["seven_pairs"] is None and [w["tile"] for w in body["waits"]] == ["1p"]


def test_a_hand_further_away_lists_useful_tiles(client: FlaskClient) -> None:
    body = client.post("/v1/waits", json={"hand": "12m345p678s9pEEEW", "visible": "WW"}).get_json()
    assert (body["shanten"], body["waits"]) == (1, None)
    assert body["useful"] == [{"tile": "3m", "unseen": 4}, {"tile": "9p", "unseen": 3}, {"tile": "W", "unseen": 1}]


def test_fourteen_tiles_advise_a_discard(client: FlaskClient) -> None:
    body = client.post("/v1/waits", json={"hand": "[123m1][456p1][789s1]EEW55m"}).get_json()
    assert (body["tiles"], body["winning"], body["win"]) == (14, False, None)
    assert [d["tile"] for d in body["discards"]] == ["W", "5m", "E"]
    assert [w["tile"] for w in body["discards"][0]["waits"]] == ["5m", "E"]


def test_fourteen_tiles_that_win_say_so(client: FlaskClient) -> None:
    body = client.post("/v1/waits", json={"hand": "[123m1][456p1][789s1]EE5m5m5m"}).get_json()
    assert body["winning"] is True and body["win"]["score"]["valid"] is True


@pytest.mark.parametrize(("body", "pointer", "problem"), [
    pytest.param({"hand": "123m456p789s1122mE1s"}, "/hand", "tile-count", id="15-tiles"),
    pytest.param({"hand": {"concealed": "123m456p789s1122mE1s"}}, "/hand/concealed", "tile-count",
                 id="15-tiles-object"),
    pytest.param({"hand": "12m345p678s99pEEE", "visible": "EE"}, "/visible", "too-many-copies", id="fifth-copy"),
    pytest.param({"hand": "12m345p678s99pEEE", "visible": ["1m", "X"]}, "/visible/1", "unknown-tile", id="bad-code"),
    pytest.param({"hand": {"concealed": "456p789s1pEEE", "melds": [{"tiles": "124m"}]}}, "/hand/melds/0/tiles",
                 "bad-meld", id="bad-meld"),
    pytest.param({"hand": "12m345p678s99pEEE", "context": {"self_drawn": True}}, "/context/self_drawn",
                 "validation-error", id="per-win-field"),
    pytest.param({"hand": "12m345p678s99pEEE", "context": {"seat_wind": "X"}}, "/context/seat_wind", "bad-wind",
                 id="bad-wind"),
    pytest.param({"hand": "12m345p678s99pEEE", "winning_tile": "3m"}, "/winning_tile", "validation-error",
                 id="no-winning-tile"),
    pytest.param({"hand": {"concealed": "12m345p678s99pEEE", "winning_tile": "3m"}}, "/hand/winning_tile",
                 "validation-error", id="no-winning-tile-in-hand"),
    pytest.param({"visible": "1m"}, "/hand", "validation-error", id="no-hand"),
])
def test_impossible_input_is_a_422_naming_the_field(client: FlaskClient, body: dict[str, Any], pointer: str,
                                                     problem: str) -> None:
    resp = client.post("/v1/waits", json=body)
    assert resp.status_code == 422 and resp.mimetype == "application/problem+json"
    got = resp.get_json()
    assert got["type"].endswith("/" + problem)
    assert pointer in [e["pointer"] for e in got["errors"]]


# --- the CLI ----------------------------------------------------------------------------------------
def test_cli_waits_prints_both_scores(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["waits", "12m345p678s99pEEE"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("Ready (regular 0")
    assert "3m" in out and "7 under 8" in out and "9 valid" in out


def test_cli_waits_json_is_the_service_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["waits", "123m456p789s1122m", "--visible", "1m", "--seat-wind", "S", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body == scorer.analyze("123m456p789s1122m", seat_wind="S", visible="1m").to_dict()


def test_cli_waits_reports_impossible_input_with_exit_code_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["waits", "123m456p789s1122mE1s"]) == 2
    assert "tile_count" in capsys.readouterr().err


def test_python_dash_m_scorer_waits_runs() -> None:
    out = subprocess.run([sys.executable, "-m", "scorer", "waits", "123m456p789s1122m"], capture_output=True,
                         text=True, check=True).stdout
    assert out.startswith("Ready") and "1m" in out and "4m" in out
    scored = subprocess.run([sys.executable, "-m", "scorer", "[222m1][444m2][666m3]88mWW8m"], capture_output=True,
                            text=True, check=True).stdout
    assert "All Pungs" in scored  # the plain form works as before
