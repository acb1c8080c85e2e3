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
from testkit.replaying import DISCARD_WIN, DRAWN, ILLEGAL, KONG_WIN, bz


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
    """RULINGS RP1-RP13 and ST1-ST6: each entry has a test named after it (test_rp<n>_..., test_st<n>_...)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent
    rulings = (root.parents[1] / "RULINGS.md").read_text(encoding="utf-8")
    entries = re.findall(r"^\| (RP\d+|ST\d+) \|", rulings, re.M)
    assert len(entries) == 19
    names = " ".join(re.findall(r"def (test_\w+)", "".join(
        (root / f).read_text(encoding="utf-8") for f in ("test_replay.py", "test_replay_books.py",
                                                        "test_replay_botzone.py", "test_standings.py",
                                                        "test_referee.py"))))
    for e in entries:
        assert re.search(rf"test_(\w+_)?{e.lower()}_", names), e


# --- the judge's wall rules (RULINGS RP11) ----------------------------------------------------------
class Table:
    """A Botzone log written turn by turn, as the judge deals: each player draws from its own wall
    (21 tiles after a 13-tile deal, kong replacements included); a plain turn draws a tile from what
    the deal and the scripted draws leave and discards it at once."""

    def __init__(self, deal: list[str], reserved: str = "") -> None:
        self.lines = ["Match w", "Wind 0"] + [f"Player {i} Deal {bz(d)}" for i, d in enumerate(deal)]
        left = {t: 4 for t in scorer.tiles.ALL_TILES}
        for t in parse_tiles("".join(deal) + reserved):
            left[t] -= 1
        self.pool = [t for t in scorer.tiles.ALL_TILES for _ in range(left[t])]
        self.walls = [21] * 4
        self.turn = 0

    def draw(self, p: int, tile: str | None = None) -> str:
        code = bz(tile) if tile else to_botzone(self.pool.pop())
        self.walls[p] -= 1
        self.lines.append(f"Player {p} Draw {code}")
        return code

    def plain(self, turns: int = 1) -> None:
        for _ in range(turns):
            p, self.turn = self.turn, (self.turn + 1) % 4
            self.lines.append(f"Player {p} Play {self.draw(p)}")

    def concealed_kong(self, p: int, tile: str) -> None:
        """p draws the fourth ``tile``, declares the kong, draws its replacement and discards it."""
        self.draw(p, tile)
        self.lines.append(f"Player {p} AnGang {bz(tile)}")
        self.lines.append(f"Player {p} Play {self.draw(p)}")
        self.turn = (p + 1) % 4


def _exposed_kong_by_an_empty_wall() -> Table:
    t = Table(["123456789m1235p", "999p111s222s333s5p", "9pESWNCFPESWNC", "56789s56789s678p"], reserved="1s")
    t.plain(1)
    t.concealed_kong(1, "1s")  # South draws one tile more than the others: its wall empties first
    t.plain(2 + 4 * 18 + 2)
    t.draw(2)
    assert t.walls == [1, 0, 1, 2]
    t.lines += ["Player 2 Play B9", "Player 1 Gang B9", "Huang"]
    return t


def _after_the_discarder_empty(*claim: str, south: str = "999p222s333s444sE") -> Table:
    t = Table(["123456789m1235p", south, "9pESWNCFPESWNC", "111s999s5678p567s"], reserved="1s9s")
    t.plain(3)
    t.concealed_kong(3, "1s")
    t.plain(3)
    t.concealed_kong(3, "9s")  # North two tiles ahead: its wall is empty when West discards
    t.plain(4 * 17 + 2)
    t.draw(2)
    assert t.walls == [1, 1, 1, 0]
    t.lines += ["Player 2 Play B9", *claim]
    return t


def _own_kong_before_an_empty_next_wall(added: bool) -> Table:
    if not added:
        t = Table(["111m2345678m999m", "123p111s222s333s5p", "9pESWNCFPESWNC", "56789s56789s678p"],
                  reserved="1m1s2s")
        t.plain(1)
    else:  # East pungs North's 1m first, and adds the fourth later
        t = Table(["11m2345678m999mE", "123p111s222s333s5p", "9pESWNCFPESWNC", "1m56789s56789s67p"],
                  reserved="1m1s2s")
        t.plain(1)
    t.concealed_kong(1, "1s")
    if added:
        t.plain(1)
        t.draw(3)
        t.lines += ["Player 3 Play W1", "Player 0 Peng W1", "Player 0 Play F1"]
        t.turn = 1
    else:
        t.plain(3)
    t.concealed_kong(1, "2s")  # South two tiles ahead
    while not (t.turn == 0 and t.walls[1] == 0):
        t.plain(1)
    t.draw(0, "1m")
    assert t.walls[0] > 0 and t.walls[1] == 0  # East's own wall still holds a tile
    t.lines.append(f"Player 0 {'BuGang' if added else 'AnGang'} W1")
    return t


def _kong_replacement_from_the_last_of_ones_wall() -> Table:
    t = Table(["1235p5678m9m123s7s", "999p123456789m4s", "9pESWNCFPESWNC", "56789s56789s678p"], reserved="4s")
    t.plain(4 * 19 + 2)
    t.draw(2)
    t.lines += ["Player 2 Play B9", "Player 1 Gang B9"]
    t.draw(1, "4s")
    assert t.walls == [1, 0, 1, 2]
    t.lines.append("Player 1 Hu T4")
    return t


def _drawn_when_the_seat_to_draw_is_out_of_tiles() -> Table:
    t = Table(["123456789m1235p", "999p111s222s333s5p", "9pESWNCFPESWNC", "56789s56789s678p"], reserved="1s")
    t.plain(1)
    t.concealed_kong(1, "1s")
    t.plain(2 + 4 * 19 + 1)
    assert t.walls == [0, 0, 1, 1]
    t.lines.append("Huang")
    return t


# What the judge program (Botzone's judge/main.cpp) answers when these games are played through it:
# HUANG (a drawn game), HU with its scores, or WA for the player of the last action.
JUDGED = [
    pytest.param(_exposed_kong_by_an_empty_wall, ("draw",), id="exposed-kong-by-a-seat-with-an-empty-wall"),
    pytest.param(lambda: _after_the_discarder_empty("Player 1 Peng B9", "Player 1 Play F1"), ("WA", -2),
                 id="pung-when-the-wall-after-the-discarder-is-empty"),
    pytest.param(lambda: _after_the_discarder_empty("Player 1 Gang B9"), ("WA", -1),
                 id="exposed-kong-when-the-wall-after-the-discarder-is-empty"),
    pytest.param(lambda: _after_the_discarder_empty("Player 3 Chi B8", "Player 3 Play T5"), ("WA", -2),
                 id="chow-when-the-wall-after-the-discarder-is-empty"),
    pytest.param(lambda: _after_the_discarder_empty("Huang"), ("draw",), id="no-claim-then-drawn"),
    pytest.param(lambda: _after_the_discarder_empty("Player 1 Hu B9", south="123456789m1239p"),
                 ("win", 31, (-8, 55, -39, -8)), id="a-win-may-claim-the-last-discard"),
    pytest.param(lambda: _own_kong_before_an_empty_next_wall(added=False), ("WA", -1),
                 id="concealed-kong-when-the-next-wall-is-empty"),
    pytest.param(lambda: _own_kong_before_an_empty_next_wall(added=True), ("WA", -1),
                 id="added-kong-when-the-next-wall-is-empty"),
    pytest.param(_kong_replacement_from_the_last_of_ones_wall, ("win", 28, (-36, 108, -36, -36)),
                 id="kong-replacement-win-on-the-last-tile-of-ones-wall"),
    pytest.param(_drawn_when_the_seat_to_draw_is_out_of_tiles, ("draw",), id="drawn-with-tiles-in-other-walls"),
]


@pytest.mark.parametrize(("game", "judged"), JUDGED)
def test_rp11_the_replay_plays_the_judges_walls(game, judged):
    (g,) = games(game().lines)
    assert not isinstance(g, scorer.ScorerError)
    if judged[0] == "WA":  # refused at the action the judge refuses (counted from the log's end)
        with pytest.raises(scorer.ScorerError) as e:
            scorer.replay(g.body)
        assert e.value.code == "illegal_action"
        assert e.value.pointer == f"/actions/{len(g.body['actions']) + judged[1]}", e.value.message
        return
    r = scorer.replay(g.body)
    assert r.outcome == judged[0]
    if judged[0] == "win":
        assert r.wins[0].result.total == judged[1] and tuple(r.changes[w] for w in "ESWN") == judged[2]


def test_cli_an_unreadable_game_is_its_line_on_every_core_too(tmp_path):
    """A game that cannot be read travels to a worker process as its error, and back."""
    path = tmp_path / "log.txt"
    path.write_text("\n".join([DISCARD_WIN, "Match bad\nWind 0\nPlayer 0 Fly W1\n", KONG_WIN]), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "scorer", "replay", "--format", "botzone", "--jobs", "2", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    lines = [json.loads(x) for x in out.stdout.splitlines()]
    assert [x["match"] for x in lines] == ["g1", "bad", "g2"]
    assert lines[1]["error"] == {"code": "bad_notation", "pointer": "/line/2",
                                 "detail": "unknown action line 'Player 0 Fly W1'"}
