"""Messages a newcomer reads: a tile named by its notation (``E``, never ``Tile('E')``), and a hand of
the other size named by its tile count in a room as ``POST /v1/score`` names it; on the command
line and in the HTTP problem alike."""

from __future__ import annotations

import json

from scorer.cli import main

KONG_OF_EAST = {"ruleset": "sichuan", "missing_suits": {"E": "s", "S": "s", "W": "s", "N": "s"},
                "events": [{"kong": {"player": "S", "kind": "concealed", "tile": "E"}}]}
SEVENTEEN = "123m456m789m123p456p1s1s"  # a 16-tile book's hand at the win
ROOM = {"players": [{"name": n, "beans": 100} for n in ("Ann", "Bo", "Cy", "Di")], "length": 1,
        "hands": [{"win": {"winner": "Ann", "discarder": "Bo", "hand": SEVENTEEN}}]}


def _file(tmp_path, body):
    f = tmp_path / "body.json"
    f.write_text(json.dumps(body), encoding="utf-8")
    return str(f)


def test_a_sichuan_kong_of_an_honour_names_the_tile_by_its_notation(tmp_path, capsys):
    assert main(["settle", _file(tmp_path, KONG_OF_EAST)]) == 2
    err = capsys.readouterr().err
    assert err.endswith("the 108 suited tiles, got E\n") and "Tile(" not in err, err


def test_a_sichuan_kong_of_an_honour_over_http(client):
    body = {k: v for k, v in KONG_OF_EAST.items() if k != "ruleset"}
    problem = client.post("/v1/sichuan/settle", json=body).get_json()
    assert problem["errors"] == [{"pointer": "/events/0/kong/tile",
                                  "detail": "a kong's tile is one of the 108 suited tiles, got E"}]


def test_a_16_tile_hand_in_a_room_is_named_by_its_size_as_score_names_it(tmp_path, capsys):
    assert main(["score", SEVENTEEN]) == 2
    scored = capsys.readouterr().err
    assert "17 at the win" in scored
    assert main(["settle", _file(tmp_path, ROOM), "--ruleset", "mcr"]) == 2
    room = capsys.readouterr().err
    assert room.startswith("error (tile_count) at /hands/0/win/hand: ") and "not complete" not in room
    assert room.split(": ", 1)[1] == scored.split(": ", 1)[1]  # the same words as the score's


def test_a_16_tile_hand_in_a_room_over_http(client):
    scored = client.post("/v1/score", json={"hand": SEVENTEEN}).get_json()
    room = client.post("/v1/match", json=ROOM).get_json()
    assert room["status"] == scored["status"] == 422 and room["type"] == scored["type"]
    assert room["errors"] == [{"pointer": "/hands/0/win/hand", "detail": scored["detail"]}]
