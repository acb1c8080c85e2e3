"""Botzone's MCR log format read into records (scorer.records.botzone) and
``python -m scorer replay --format botzone``: the verbs, the judge's four walls, one JSON line a
game, and a bad game answered in its own line without stopping the run.

The games here are written for these tests in the log's format (README, "Game records"); the
public 16-game sample is checked by the command the README gives."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import scorer
from scorer.records.botzone import games, mixed_kongs, read_game
from scorer.tiles import parse_tiles, to_botzone


def bz(tiles: str) -> str:
    return " ".join(to_botzone(t) for t in parse_tiles(tiles))


DEAL = (f"Player 0 Deal {bz('123456789m1235p')}\nPlayer 1 Deal {bz('111222333444sE')}\n"
        f"Player 2 Deal {bz('ESWNCFPESWNCF')}\nPlayer 3 Deal {bz('56789s56789s678p')}\n")
DISCARD_WIN = ("Match g1\nWind 1\n" + DEAL + "Player 0 Draw B9\nPlayer 0 Play B9\nPlayer 1 Draw B5\nPlayer 1 Play B5\n"
               "Player 0 Hu B5 Ignore Player 3 Peng B5\nFan 23 清龙*1+门前清*1+平和*1+喜相逢*1+缺一门*1+单钓将*1\n"
               "Score 47 -31 -8 -8\n")
KONG_WIN = ("Match g2\nWind 0\n" + DEAL + "Player 0 Draw B9\nPlayer 0 Play B9\nPlayer 1 Draw T1\nPlayer 1 AnGang T1\n"
            "Player 1 Draw F1\nPlayer 1 Hu F1\nFan 1 x*1\nScore 0 0 0 0\n")
DRAWN = "Match g3\nWind 0\n" + DEAL + "Player 0 Draw B9\nPlayer 0 Play B9\nHuang\nScore 0 0 0 0\n"
ILLEGAL = "Match g4\nWind 0\n" + DEAL + "Player 2 Draw B9\nHuang\nScore 0 0 0 0\n"


def test_a_game_reads_into_a_record_the_replay_agrees_with():
    (g,) = games(DISCARD_WIN.splitlines())
    assert not isinstance(g, scorer.ScorerError)
    assert (g.match, g.fan_total, g.scores) == ("g1", 23, (47, -31, -8, -8))
    assert g.body["prevalent_wind"] == "S" and g.body["walls"] == "four"
    assert g.body["actions"][-1] == {"seat": "E", "action": "win", "outranked": [{"seat": "N", "action": "pung"}]}
    r = scorer.replay(g.body)
    assert r.wins[0].result.total == 23 and [r.changes[w] for w in "ESWN"] == [47, -31, -8, -8]


def test_rp9_verbs_chi_gang_and_the_replacement_draw():
    lines = ["Match x", "Wind 0", "Player 0 Chi T5", "Player 1 Gang W1", "Player 1 Draw W2", "Player 2 BuGang J1",
             "Player 2 Draw B1", "Player 3 AnGang F4", "Player 3 Draw F1", "Player 0 Draw T1"]
    acts = read_game(lines).body["actions"]
    assert acts == [
        {"seat": "E", "action": "chow", "tiles": "4s5s6s"}, {"seat": "S", "action": "kong"},
        {"seat": "S", "action": "replacement", "tile": "2m"}, {"seat": "W", "action": "added_kong", "tile": "C"},
        {"seat": "W", "action": "replacement", "tile": "1p"}, {"seat": "N", "action": "concealed_kong", "tile": "N"},
        {"seat": "N", "action": "replacement", "tile": "E"}, {"seat": "E", "action": "draw", "tile": "1s"}]


def test_a_drawn_game_ends_with_the_wall():
    (g,) = games(DRAWN.splitlines())
    assert g.fan_total is None and g.body["actions"][-1] == {"action": "wall_end"}
    with pytest.raises(scorer.ScorerError) as e:  # South's own wall still holds its 21 tiles
        scorer.replay(g.body)
    assert e.value.pointer == "/actions/2" and "21 tiles left for S" in e.value.message


def _four_wall_game(rounds: int) -> dict:
    """East dealt 14 (its wall keeps 20), the others 13 (21 each); everyone discards what it draws."""
    deal = {"E": "123456789m1235p5p", "S": "111222333444sE", "W": "ESWNCFPESWNCF", "N": "56789s56789s678p"}
    left = [4] * 34
    for tiles in deal.values():
        for t in parse_tiles(tiles):
            left[scorer.tiles.INDEX[t]] -= 1
    pool = [scorer.tiles.ALL_TILES[i] for i in range(34) for _ in range(left[i])]
    acts = [{"seat": "E", "action": "discard", "tile": "5p"}]
    for _ in range(rounds):
        for seat in "SWNE":
            if not pool:  # East's wall: 20 tiles
                break
            t = pool.pop().value
            acts += [{"seat": seat, "action": "draw", "tile": t}, {"seat": seat, "action": "discard", "tile": t}]
    return {"walls": "four", "deal": deal, "actions": acts}


def test_the_judges_four_walls_end_the_game_when_the_seat_to_draw_has_an_empty_wall():
    # 20 rounds: East's own wall is empty, the others hold one each; then South, West, North draw theirs
    rec = _four_wall_game(20)
    with pytest.raises(scorer.ScorerError) as e:
        scorer.replay({**rec, "actions": [*rec["actions"], {"action": "wall_end"}]})
    assert "1 tile left for S" in e.value.message  # South still has a tile in its own wall
    rec = _four_wall_game(21)  # East is to draw a 21st tile: its wall is empty
    r = scorer.replay({**rec, "actions": [*rec["actions"], {"action": "wall_end"}]})
    assert r.outcome == "draw"


def test_unreadable_lines_are_errors_naming_the_game_and_line():
    (g,) = games(["Match bad", "Wind 0", "Player 0 Fly W1"])
    assert isinstance(g, scorer.ScorerError) and g.field == ("bad", "line", 2)


def test_rp9_mixed_kong_fan_is_noticed():
    (g,) = games(("Match m\nWind 0\nFan 9 明暗杠*1+x*1\nScore 0 0 0 0\n").splitlines())
    assert mixed_kongs(g)
    (h,) = games(DISCARD_WIN.splitlines())
    assert not mixed_kongs(h)


def test_cli_writes_one_line_a_game_and_a_bad_game_never_stops_the_run(tmp_path):
    path = tmp_path / "log.txt"
    path.write_text("\n".join([DISCARD_WIN, ILLEGAL, KONG_WIN]), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "scorer", "replay", "--format", "botzone", "--jobs", "2", str(path)],
                         capture_output=True, text=True, check=True)
    lines = [json.loads(x) for x in out.stdout.splitlines()]
    assert lines[0] == {"match": "g1", "fan_total": 23, "scores": [47, -31, -8, -8],
                        "record": {"fan_total": 23, "scores": [47, -31, -8, -8]}, "agrees": True}
    assert lines[1]["match"] == "g4" and lines[1]["error"]["pointer"] == "/actions/0/seat"
    assert lines[2]["match"] == "g2" and lines[2]["agrees"] is False  # the log's made-up Fan line disagrees
    assert lines[2]["fan_total"] > 8 and sum(lines[2]["scores"]) == 0
    assert "3 games, 1 agree with the log" in out.stderr


def test_every_replay_and_standings_ruling_has_its_test():
    """RULINGS RP1-RP10 and ST1-ST5: each entry has a test named after it (test_rp<n>_..., test_st<n>_...)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent
    rulings = (root.parents[1] / "RULINGS.md").read_text(encoding="utf-8")
    entries = re.findall(r"^\| (RP\d+|ST\d+) \|", rulings, re.M)
    assert len(entries) == 15
    names = " ".join(re.findall(r"def (test_\w+)", "".join(
        (root / f).read_text(encoding="utf-8") for f in ("test_replay.py", "test_replay_books.py",
                                                        "test_replay_botzone.py", "test_standings.py"))))
    for e in entries:
        assert re.search(rf"test_(\w+_)?{e.lower()}_", names), e
