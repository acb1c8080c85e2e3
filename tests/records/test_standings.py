"""A tournament's standings (scorer.tournament, POST /v1/standings): table points with ties, the
ranking, the EMA results CSV, and bad input as problems naming the field."""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction

import pytest

import scorer
from scorer.tournament import table_points


def session(*scores: int, names: str = "ABCD", won: tuple[int, ...] | None = None) -> dict:
    players = [{"name": n, "score": s} for n, s in zip(names, scores, strict=True)]
    if won is not None:
        for p, w in zip(players, won, strict=True):
            p["hands_won"] = w
    return {"players": players}


def ranked(*sessions: dict, **kw) -> scorer.TournamentStandings:
    return scorer.standings(scorer.Tournament.build(sessions=list(sessions), **kw))


@pytest.mark.parametrize(("scores", "want"), [
    pytest.param((30, 10, -10, -30), [(1, 4), (2, 2), (3, 1), (4, 0)], id="no-tie"),
    pytest.param((30, 30, -10, -50), [(1, 3), (1, 3), (3, 1), (4, 0)], id="two-tied-first"),
    pytest.param((30, 0, 0, -30), [(1, 4), (2, Fraction(3, 2)), (2, Fraction(3, 2)), (4, 0)], id="two-tied-second"),
    pytest.param((30, 0, -15, -15), [(1, 4), (2, 2), (3, Fraction(1, 2)), (3, Fraction(1, 2))], id="two-tied-last"),
    pytest.param((10, 10, 10, -30), [(1, Fraction(7, 3))] * 3 + [(4, 0)], id="three-tied-first"),
    pytest.param((30, -10, -10, -10), [(1, 4)] + [(2, 1)] * 3, id="three-tied-second"),
    pytest.param((0, 0, 0, 0), [(1, Fraction(7, 4))] * 4, id="all-four-tied"),
    pytest.param((-5, 20, 20, -35), [(3, 1), (1, 3), (1, 3), (4, 0)], id="order-given-kept"),
])
def test_st1_table_points_tied_players_share_the_places_they_tie_for(scores, want):
    assert list(table_points(scores)) == want
    assert sum(tp for _, tp in table_points(scores)) == 7


def test_ranking_by_table_points_then_score_then_hands_won():
    r = ranked(session(40, 40, -30, -50, won=(3, 4, 1, 0)), session(-10, 60, -20, -30, names="ACBD"))
    got = [(s.place, s.name, s.table_points, s.score, s.hands_won) for s in r.standings]
    # Ann and Cy: 5 table points and 30 each; Ann won more hands.
    assert got == [(1, "A", 5, 30, 3), (2, "C", 5, 30, 1), (3, "B", 4, 20, 4), (4, "D", 0, -80, 0)]


def test_st5_players_equal_on_everything_share_a_place():
    r = ranked(session(10, 10, -10, -10))
    assert [(s.place, s.name) for s in r.standings] == [(1, "A"), (1, "B"), (3, "C"), (3, "D")]


def test_score_breaks_a_tie_of_table_points():
    r = ranked(session(50, 0, -20, -30), session(-40, 60, 0, -20, names="ABCD"))
    # A: 4 + 0 = 4, B: 2 + 4 = 6, C: 1 + 2 = 3, D: 0 + 1 = 1
    assert [s.name for s in r.standings] == ["B", "A", "C", "D"]
    r = ranked(session(50, 0, -20, -30), session(60, -40, 0, -20, names="BACD"))
    # A: 4 + 0, B: 2 + 4; tie broken the other way round needs equal points: A 4, B 6 still
    assert r.standings[0].name == "B"


def test_st3_hands_won_unknown_is_null_and_counts_as_none():
    r = ranked(session(10, 10, -10, -10), session(10, 10, -10, -10, names="BACD", won=(2, 0, 0, 0)))
    by = {s.name: s for s in r.standings}
    assert by["B"].hands_won == 2 and by["A"].hands_won == 0 and by["D"].hands_won == 0
    assert r.standings[0].name == "B"
    assert ranked(session(1, 2, 3, 4)).standings[0].hands_won is None


def test_st2_to_dict_rounds_shared_points_to_two_decimals():
    d = ranked(session(10, 10, 10, -30)).to_dict()
    assert [p["table_points"] for p in d["sessions"][0]["players"]] == [2.33, 2.33, 2.33, 0]
    assert d["standings"][0] == {"place": 1, "name": "A", "table_points": 2.33, "score": 10, "hands_won": None,
                                 "sessions": 1, "ema_number": None, "member": None, "country": None}


def test_st4_csv_has_the_ema_results_columns():
    people = [{"name": "A", "ema_number": "04990001", "member": "FRA", "country": "France"},
              {"name": "B"}, {"name": "C, Jr."}, {"name": "D"}]
    r = ranked(session(10, 10, -10, -10, names=["A", "B", "C, Jr.", "D"]), players=people)
    text = r.to_csv()
    assert text.startswith("place,name,ema_number,table_points,score,member,country\r\n")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1:] == [["1", "A", "04990001", "3", "10", "FRA", "France"], ["1", "B", "", "3", "10", "", ""],
                        ["3", "C, Jr.", "", "0.50", "-10", "", ""], ["3", "D", "", "0.50", "-10", "", ""]]


FORMULA = ("=", "+", "-", "@")
INJECTED = [("A;=1+1;", "FR|+33"), ("B,@SUM(A1)", "x;=1"), ("C; \"-2", ""), ("D", "=cmd")]


@pytest.mark.parametrize("sep", [",", ";", "\t", "|"])
def test_st4_csv_quotes_text_and_no_separator_a_spreadsheet_splits_on_starts_a_formula(sep):
    """A spreadsheet that splits rows on ``;`` (or a tab, a pipe) ignores the commas' quoting: a name
    ``A;=1+1;`` would give it the cell ``=1+1``. Every piece after any separator is text."""
    names = [n for n, _ in INJECTED]
    people = [{"name": n, "country": c or None} for n, c in INJECTED]
    text = ranked(session(10, 5, 0, -15, names=names), players=people).to_csv()
    for line in text.splitlines()[1:]:
        for piece in line.split(sep):
            if not re.fullmatch(r"-?\d+(\.\d+)?", piece):  # a number the service wrote (a score of -15)
                assert not piece.lstrip(' "').startswith(FORMULA), (sep, piece, line)
    rows = list(csv.reader(io.StringIO(text)))
    assert [r[1] for r in rows[1:]] == ["A;'=1+1;", "B,'@SUM(A1)", "C;' \"-2", "D"]
    assert [r[6] for r in rows[1:]] == ["FR|'+33", "x;'=1", "", "'=cmd"]


def test_st4_csv_quotes_every_text_cell_and_no_number():
    text = ranked(session(10, 10, -10, -10), players=[{"name": n} for n in "ABCD"]).to_csv()
    assert text.splitlines()[1:3] == ['1,"A","",3,10,"",""', '1,"B","",3,10,"",""']
    assert text.splitlines()[3] == '3,"C","",0.50,-10,"",""'


@pytest.mark.parametrize(("body", "code", "pointer"), [
    pytest.param({"sessions": []}, "bad_value", "/sessions", id="no-session"),
    pytest.param({"sessions": [session(1, 2, 3, 4, names="AABC")]}, "duplicate_player", "/sessions/0/players/1/name",
                 id="twice-at-a-table"),
    pytest.param({"sessions": [{"players": session(1, 2, 3, 4)["players"][:3]}]}, "bad_value", "/sessions/0/players",
                 id="three-players"),
    pytest.param({"sessions": [session(1, 2, 3, 4)], "players": [{"name": "A"}]}, "unknown_player",
                 "/sessions/0/players/1/name", id="not-registered"),
    pytest.param({"sessions": [session(1, 2, 3, 4)], "players": [{"name": "A"}, {"name": "A"}]}, "duplicate_player",
                 "/players/1/name", id="registered-twice"),
    pytest.param({"sessions": [session(1, 2, 3, 4, won=(1, 0, 0, 0))]}, "bad_value", None, id="hands-won-all-or-none"),
    pytest.param({"sessions": [{"players": [{"name": "A", "score": 1.5}] + session(1, 2, 3, names="BCD")["players"]}]},
                 "bad_value", "/sessions/0/players/0/score", id="fractional-score"),
    pytest.param({"sessions": [session(10**13, 2, 3, 4)]}, "bad_value", "/sessions/0/players/0/score",
                 id="huge-score"),
    pytest.param({"sessions": [session(1, 2, 3, 4, names=["", "B", "C", "D"])]}, "bad_value",
                 "/sessions/0/players/0/name", id="blank-name"),
])
def test_impossible_tournaments_are_errors_naming_the_field(body, code, pointer):
    if code == "bad_value" and pointer is None:
        body["sessions"][0]["players"][1].pop("hands_won")
        pointer = "/sessions/0/players/1/hands_won"
    with pytest.raises(scorer.ScorerError) as e:
        scorer.standings(scorer.Tournament.build(**body))
    assert (e.value.code, e.value.pointer) == (code, pointer)



def test_st6_a_listed_player_plays_in_some_session():
    with pytest.raises(scorer.ScorerError) as e:
        ranked(session(1, 2, 3, 4), players=[{"name": n} for n in "ABCDE"])
    assert (e.value.code, e.value.pointer) == ("unknown_player", "/players/4/name") and "no session" in e.value.message


@pytest.mark.parametrize("blank", ["\u3164", "\u2800", " \u2800 ", "\u115f\u1160"])
def test_st6_names_are_read_as_the_room_reads_them_blank_fillers_refused(blank):
    names = [blank, "B", "C", "D"]
    with pytest.raises(scorer.ScorerError) as e:
        ranked(session(1, 2, 3, 4, names=names))
    assert (e.value.code, e.value.pointer) == ("bad_value", "/sessions/0/players/0/name") and "blank" in e.value.message
    body = {"players": [{"name": n, "beans": 100} for n in names], "length": 1}
    with pytest.raises(scorer.ScorerError) as e:  # as /v1/match refuses it
        scorer.mcr.settle(scorer.mcr.build_room(**body))
    assert e.value.pointer == "/players/0/name"


def test_st6_names_that_show_the_same_are_one_player():
    with pytest.raises(scorer.ScorerError) as e:
        ranked(session(1, 2, 3, 4, names=["Ann", "Ann\u2800", "C", "D"]))
    assert (e.value.code, e.value.pointer) == ("duplicate_player", "/sessions/0/players/1/name")
    r = ranked(session(1, 2, 3, 4, names=["Ann", "B", "C", "D"]),
               session(4, 3, 2, 1, names=["Ann\u3164", "B", "C", "D"]))
    assert [s.name for s in r.standings if s.name.startswith("Ann")] == ["Ann"]
    body = {"players": [{"name": n, "beans": 100} for n in ("Ann", "Ann\u2800", "C", "D")], "length": 1}
    with pytest.raises(scorer.ScorerError) as e:  # the room compares names as they show (M10)
        scorer.mcr.settle(scorer.mcr.build_room(**body))
    assert (e.value.code, e.value.pointer) == ("duplicate_player", "/players/1/name")

# --- the service ---------------------------------------------------------------------------------
BODY = {"sessions": [session(40, 40, -30, -50), session(-10, 60, -20, -30, names="ACBD")]}


def test_service_answers_json(client):
    resp = client.post("/v1/standings", json=BODY)
    assert resp.status_code == 200
    assert resp.get_json() == ranked(*BODY["sessions"]).to_dict()


def test_service_answers_csv_when_asked(client):
    resp = client.post("/v1/standings", json=BODY, headers={"Accept": "text/csv"})
    assert resp.status_code == 200 and resp.mimetype == "text/csv"
    assert resp.get_data(as_text=True) == ranked(*BODY["sessions"]).to_csv()
    resp = client.post("/v1/standings", json=BODY, headers={"Accept": "application/json, text/csv;q=0.5"})
    assert resp.mimetype == "application/json"


@pytest.mark.parametrize(("body", "pointer"), [
    pytest.param({"sessions": [{"players": [{"name": "A"}]}]}, "/sessions/0/players/0/score", id="missing-score"),
    pytest.param({"sessions": [{"players": [{"name": "A", "score": "1"}] * 4}]}, "/sessions/0/players/0/score",
                 id="string-score"),
    pytest.param({"sessions": [], "extra": 1}, "/extra", id="unknown-field"),
    pytest.param({"sessions": [{"players": []}]}, "/sessions/0/players", id="empty-table"),
])
def test_service_bad_bodies_are_problems_naming_the_field(client, body, pointer):
    resp = client.post("/v1/standings", json=body)
    assert resp.status_code == 422
    assert pointer in [e["pointer"] for e in resp.get_json()["errors"]]
