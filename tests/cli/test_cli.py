"""The CLI prints the Green Book introduction's worked example: fans in English and Chinese, points and payouts."""

import json
import subprocess
import sys

from scorer.cli import main


def test_cli_prints_seed_003_discard_example(capsys):
    assert main(["[222m1][444m2][666m3]88mWW8m", "--discarder", "S"]) == 0
    out = capsys.readouterr().out
    assert "All Pungs" in out and "碰碰和" in out and "Half Flush" in out and "混一色" in out
    assert "Points 12 (without flowers), flowers 0, total 12" in out
    assert "Payouts: E +36  S -20  W -8  N -8" in out


def test_cli_self_drawn_and_json():
    assert main(["[222m1][444m2][666m3]88mWW8m", "--self-drawn", "--json"]) == 0


def test_cli_json_output_is_the_service_shape(capsys):
    main(["[222m1][444m2][666m3]88mWW8m", "--self-drawn", "--json"])
    body = json.loads(capsys.readouterr().out)
    assert body["total"] == 13 and body["payouts"] == {"E": 63, "S": -21, "W": -21, "N": -21}


def test_cli_reports_impossible_hands_with_exit_code_2(capsys):
    assert main(["[222m1][444m2][666m3]88mW8m"]) == 2
    err = capsys.readouterr().err
    assert "tile_count" in err and "at /hand:" in err


def test_cli_incomplete_hand_is_not_an_error(capsys):
    assert main(["[222m1][444m2][666m3]88mWW9m"]) == 0
    assert "Not a winning hand" in capsys.readouterr().out


def test_python_dash_m_scorer_runs():
    out = subprocess.run([sys.executable, "-m", "scorer", "[222m1][444m2][666m3]88mWW8m", "--discarder", "S"],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    assert "E +36" in out


def test_cli_has_an_option_for_every_context_field(capsys):
    """The options are derived from ``Context`` (scorer.shape): each field can be set."""
    import scorer
    from scorer.cli.score import _parser

    args = _parser().parse_args(["1m", "--seat-wind", "S", "--prevalent", "W", "--discarder", "N",
                                 "--last-copy", "--last-wall-tile", "--robbing-kong", "--base-points", "3",
                                 "--flowers", "2"])
    fields = scorer.shape.fields_of(scorer.Context)
    ctx = scorer.Context.build(**{f.name: getattr(args, f.name) for f in fields})
    assert ctx == scorer.Context(seat_wind="S", prevalent_wind="W", discarder="N", last_copy=True,
                                 last_wall_tile=True, robbing_kong=True, base_points=3)
    assert args.flowers == 2
    help_text = _parser().format_help()
    for f in fields:
        assert f"--{f.name.replace('_', '-')}" in help_text


# --- one command: its subcommands, the settlement, the old names -------------------------------------------
HAND = "[222m1][444m2][666m3]88mWW8m"
SUBCOMMANDS = ("serve", "score", "waits", "bulk", "settle", "replay", "healthcheck")


def test_help_lists_every_subcommand(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    listed = [line.split()[0] for line in out.split("commands:\n")[1].split("\n\n")[0].splitlines()]
    assert listed == list(SUBCOMMANDS)


def test_every_subcommand_has_its_own_help(capsys):
    import pytest

    for name in SUBCOMMANDS:
        with pytest.raises(SystemExit) as exit_:
            main([name, "--help"])
        assert exit_.value.code == 0
        assert f"{name} " in capsys.readouterr().out.splitlines()[0]  # usage: <prog> <name> ...


def test_score_is_the_subcommand_and_a_hand_first_still_scores(capsys):
    assert main(["score", HAND, "--discarder", "S"]) == 0
    named = capsys.readouterr()
    assert main([HAND, "--discarder", "S"]) == 0
    assert capsys.readouterr() == named and "E +36" in named.out and named.err == ""


def test_an_unknown_word_is_an_unknown_command_not_a_hand(capsys):
    assert main(["sreve"]) == 2
    err = capsys.readouterr().err
    assert "unknown command 'sreve' (did you mean serve?)" in err and "tile" not in err


def _settle_file(tmp_path, body):
    f = tmp_path / "body.json"
    f.write_text(json.dumps(body), encoding="utf-8")
    return str(f)


def test_settle_takes_the_book_from_the_flag_or_the_body(tmp_path, capsys):
    """MCR's room and Sichuan's hand of play, each as the API settles it (POST /v1/match, /v1/sichuan/settle)."""
    import scorer

    room = {"players": [{"name": n, "beans": 2000} for n in ("Ann", "Bo", "Cy", "Di")], "base_points": 10,
            "length": 4, "hands": [{"win": {"winner": "Ann", "discarder": "Bo", "points": 12, "flowers": 0}}]}
    assert main(["settle", _settle_file(tmp_path, room), "--ruleset", "mcr"]) == 0
    by_flag = json.loads(capsys.readouterr().out)
    assert by_flag == scorer.mcr.settle(scorer.mcr.Room.build(**room)).to_dict()
    assert main(["settle", _settle_file(tmp_path, {**room, "ruleset": "mcr"})]) == 0
    assert json.loads(capsys.readouterr().out) == by_flag

    play = {"missing_suits": {"E": "s", "S": "s", "W": "s", "N": "s"}, "events": []}
    assert main(["settle", _settle_file(tmp_path, {**play, "ruleset": "sichuan"})]) == 0
    assert json.loads(capsys.readouterr().out) == scorer.sichuan.settle(scorer.sichuan.Play.build(**play)).to_dict()


def test_settle_refuses_to_guess_the_book(tmp_path, capsys):
    room = _settle_file(tmp_path, {"players": [], "hands": [], "ruleset": "sichuan"})
    assert main(["settle", room, "--ruleset", "mcr"]) == 2
    assert "at /ruleset: the body's ruleset 'sichuan' is not --ruleset mcr" in capsys.readouterr().err
    bare = _settle_file(tmp_path, {"players": [], "hands": []})
    assert main(["settle", bare]) == 2
    assert "at /ruleset: name the book" in capsys.readouterr().err
    assert main(["settle", bare, "--ruleset", "hk"]) == 2
    assert "at /ruleset:" in (err := capsys.readouterr().err) and "books that settle: mcr, sichuan" in err


def test_the_old_settle_name_is_settle_for_sichuan_with_a_notice(tmp_path, capsys):
    play = _settle_file(tmp_path, {"missing_suits": {"E": "s", "S": "s", "W": "s", "N": "s"}, "events": []})
    assert main(["settle", play, "--ruleset", "sichuan"]) == 0
    new = capsys.readouterr()
    assert main(["sichuan-settle", play]) == 0
    old = capsys.readouterr()
    assert old.out == new.out
    assert old.err.count("\n") == 1 and "sichuan-settle" in old.err and "settle --ruleset sichuan" in old.err


def test_mcr_score_is_the_command_under_its_old_name(monkeypatch, capsys):
    from scorer import cli

    monkeypatch.setattr("sys.argv", ["mcr-score", HAND, "--discarder", "S"])
    assert cli.mcr_score() == 0
    old = capsys.readouterr()
    assert main([HAND, "--discarder", "S"]) == 0
    assert old.out == capsys.readouterr().out
    assert old.err == "mcr-score: this name goes away in the next release; the command is now `mahjong-scorer`\n"


def test_mcr_scorer_is_the_service_command_under_its_old_name(monkeypatch, capsys):
    """``mcr-scorer healthcheck`` (and ``serve``) as before: here nothing answers, so it exits 1."""
    from service import serve
    from testkit.server import free_port

    monkeypatch.setenv("HOST", "127.0.0.1")
    monkeypatch.setenv("PORT", str(free_port()))
    monkeypatch.setattr("sys.argv", ["mcr-scorer", "healthcheck"])
    assert serve.mcr_scorer() == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "mcr-scorer: this name goes away in the next release; the command is now `mahjong-scorer`"
    assert lines[1].startswith("mahjong-scorer healthcheck: ") and len(lines) == 2


def test_the_installed_scripts(tmp_path):
    """The console scripts of the venv running the tests: the new command, and the old names with their notice."""
    import os
    from pathlib import Path

    import pytest

    from tests.conftest import ROOT

    bindir = Path(sys.executable).parent
    if not (bindir / "mahjong-scorer").exists():
        pytest.fail(f"{bindir}/mahjong-scorer: install the package (pip install -e .) to test its scripts")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}

    def run(*argv):
        return subprocess.run([str(bindir / argv[0]), *argv[1:]], capture_output=True, text=True, timeout=60,
                              cwd=ROOT, env=env)

    new = run("mahjong-scorer", "--help")
    assert new.returncode == 0 and all(f"  {name} " in new.stdout for name in SUBCOMMANDS)
    scored = run("mahjong-scorer", "score", HAND, "--discarder", "S")
    old = run("mcr-score", HAND, "--discarder", "S")
    assert scored.returncode == old.returncode == 0 and old.stdout == scored.stdout and "E +36" in old.stdout
    assert old.stderr.splitlines() == ["mcr-score: this name goes away in the next release; the command is now "
                                       "`mahjong-scorer`"]
    served = run("mcr-scorer", "--help")
    assert served.returncode == 0 and "healthcheck" in served.stdout and served.stderr.count("\n") == 1


def test_a_preset_on_the_command_line_is_the_requests_and_options_override_it(capsys):
    kongs = "[2222m][3333m,1]456p789s11s"
    assert main(["score", kongs, "--self-drawn", "--preset", "botzone"]) == 0
    assert "明暗杠" in capsys.readouterr().out  # the platform's 5-point mixed kong
    assert main(["score", kongs, "--self-drawn", "--preset", "botzone", "--option", "mixed_kongs=six"]) == 0
    out = capsys.readouterr().out
    assert "明暗杠" not in out and "双明杠" in out
    assert main(["score", kongs, "--self-drawn", "--preset", "nope"]) == 2
    assert "/options/preset" in capsys.readouterr().err
    assert main(["waits", "[2222m][3333m,1]456p789s1s", "--preset", "wmo-2014"]) == 0
