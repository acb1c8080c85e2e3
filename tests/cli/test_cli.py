"""The CLI prints the Green Book introduction's worked example: fans in English and Chinese, points and payouts."""

import json
import re
import subprocess
import sys

import pytest

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


# --- one command: its subcommands, the settlement ------------------------------------------------------------
HAND = "[222m1][444m2][666m3]88mWW8m"
# the library's, then those the service adds through the entry-point group (pyproject.toml), by name
SUBCOMMANDS = ("score", "waits", "bulk", "settle", "replay", "healthcheck", "serve")


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
    assert main(["settle", _settle_file(tmp_path, room), "--ruleset", "mcr", "--json"]) == 0
    by_flag = json.loads(capsys.readouterr().out)
    assert by_flag == scorer.mcr.settle(scorer.mcr.build_room(**room)).to_dict()
    assert main(["settle", _settle_file(tmp_path, {**room, "ruleset": "mcr"}), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == by_flag

    play = {"missing_suits": {"E": "s", "S": "s", "W": "s", "N": "s"}, "events": []}
    assert main(["settle", _settle_file(tmp_path, {**play, "ruleset": "sichuan"}), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == scorer.sichuan.settle(scorer.sichuan.build_play(**play)).to_dict()


def test_settle_refuses_to_guess_the_book(tmp_path, capsys):
    room = _settle_file(tmp_path, {"players": [], "hands": [], "ruleset": "sichuan"})
    assert main(["settle", room, "--ruleset", "mcr"]) == 2
    assert "at /ruleset: the body's ruleset 'sichuan' is not --ruleset mcr" in capsys.readouterr().err
    bare = _settle_file(tmp_path, {"players": [], "hands": []})
    assert main(["settle", bare]) == 2
    assert "at /ruleset: name the book" in capsys.readouterr().err
    hk = _settle_file(tmp_path, {"players": [], "hands": [], "ruleset": "hk"})
    assert main(["settle", hk]) == 2
    assert "at /ruleset:" in (err := capsys.readouterr().err) and "books that settle: mcr, sichuan" in err
    with pytest.raises(SystemExit) as e:  # --ruleset offers only the books that settle
        main(["settle", bare, "--ruleset", "hk"])
    assert e.value.code == 2 and "invalid choice: 'hk' (choose from 'mcr', 'sichuan')" in capsys.readouterr().err


def test_settle_prints_a_table_by_default(tmp_path, capsys):
    room = {"players": [{"name": n, "beans": 500} for n in ("Ann", "Bo", "Cy", "Di")], "length": 4, "hands": [
        {"win": {"winner": "Cy", "discarder": None, "points": 8}}, {"draw": {}},
        {"win": {"winner": "Ann", "discarder": "Bo", "hand": "[222m1][444m2][666m3]88mWW8m"}}]}
    assert main(["settle", _settle_file(tmp_path, room), "--ruleset", "mcr"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "hand  dealer  outcome                      Ann   Bo   Cy   Di",
        "1     Ann     Cy self-drawn, 8 pts         -16  -16  +48  -16",
        "2     Bo      drawn                          0    0    0    0",
        "3     Cy      Ann on Bo's discard, 12 pts  +36  -20   -8   -8",
        "              beans                        520  464  540  476",
        "Standings: 1. Cy 540 (+40)  2. Ann 520 (+20)  3. Di 476 (-24)  4. Bo 464 (-36)",
        "3 of 4 hands played."]
    play = {"missing_suits": {"E": "s", "S": "m", "W": "m", "N": "m"}, "events": [
        {"win": {"discarder": None, "winners": [{"player": "E", "hand": "123456789m1255p3p"}]}},
        {"kong": {"player": "S", "kind": "concealed", "tile": "1s"}}], "exhausted": {
        "S": {"concealed": "33p222666s4s5s", "melds": [{"tiles": "1111s", "concealed": True}]},
        "W": {"concealed": "3p1p2p1p8m9m4s5s6s7s8s3s7m"}, "N": {"concealed": "7899s7899s6789p9p"}}}
    assert main(["settle", _settle_file(tmp_path, play), "--ruleset", "sichuan"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["#", "event", "E", "S", "W", "N"]
    assert out[1].split()[-4:] == ["+6", "-2", "-2", "-2"] and "Basic Hand 平胡" in out[1]
    assert out[-2].split() == ["totals", "+38", "+34", "-100", "+28"]
    assert out[-1].startswith("At the exhausted wall: W pays E 32 (flower pig)")


@pytest.mark.parametrize("command", ["settle", "replay"])
def test_a_file_that_is_not_json_is_one_line_not_a_traceback(tmp_path, capsys, command):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000, encoding="utf-8")
    assert main([command, str(deep), *(["--ruleset", "sichuan"] if command == "settle" else [])]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not JSON" in err, err
    assert main([command, str(tmp_path / "absent.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_settle_offers_exactly_the_books_that_settle(tmp_path, capsys):
    """--ruleset's choices are the registry's books with a settlement: one without is refused by
    the argument parser, before any body is read."""
    import scorer

    settling = [name for name, book in scorer.RULESETS.items() if book.settlement is not None]
    assert settling == ["mcr", "sichuan"]
    with pytest.raises(SystemExit) as exit_:
        main(["settle", "-", "--ruleset", "hk"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "--ruleset: invalid choice: 'hk'" in err and re.search(r"choose from '?mcr'?, '?sichuan'?\)", err), err
    with pytest.raises(SystemExit):
        main(["settle", "--help"])
    assert "{mcr,sichuan}" in capsys.readouterr().out


def test_serve_and_healthcheck_are_the_services_commands_added_through_the_entry_point_group():
    from scorer import cli

    added = cli.added()
    assert {name: ep.value for name, ep in added.items()} == {
        "serve": "service.serve:serve_main", "healthcheck": "service.serve:healthcheck_main"}
    assert set(added).isdisjoint(cli.COMMANDS)


def test_serve_without_the_server_extra_says_what_to_install(monkeypatch, capsys):
    """What a bare ``pip install mahjong-scorer`` answers (tests/shipping/test_bare_install.py runs one)."""
    from importlib import metadata

    real = metadata.distribution

    def without_the_web_stack(name):
        if name in ("flask", "gunicorn"):
            raise metadata.PackageNotFoundError(name)
        return real(name) if name == "mahjong-scorer" else object()  # the extra's others, here or not

    monkeypatch.setattr(metadata, "distribution", without_the_web_stack)
    assert main(["serve", "--port", "1"]) == 2
    assert capsys.readouterr().err == ("mahjong-scorer serve: the HTTP service needs the server extra (flask, "
                                       'gunicorn not installed): pip install "mahjong-scorer[server]"\n')


def test_the_installed_script(tmp_path):
    """The console script of the venv running the tests, the only one the package installs."""
    import os
    from pathlib import Path

    import pytest

    from testkit import ROOT

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
    assert scored.returncode == 0 and "E +36" in scored.stdout and scored.stderr == ""
    assert not [p.name for p in bindir.iterdir() if p.name in ("mcr-score", "mcr-scorer")]  # the names 0.2.0 removed


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


# --- a new user's first commands ------------------------------------------------------------------
def test_a_sichuan_hand_with_players_out_scores_as_over_http(capsys):
    import scorer

    args = ["score", "[2222m]555m888p22p55p5p", "--ruleset", "sichuan", "--self-drawn", "--missing-suit", "s",
            "--seats-out", "W"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "All 2-5-8 Pungs" in out and "Payouts: E +34  S -17  W +0  N -17" in out
    assert scorer.Context(out=("W",)).out == (scorer.tiles.Wind.W,)
    assert type(scorer.Context(out=("W",)).out[0]) is scorer.tiles.Wind


def test_version_names_the_release_and_the_build(capsys):
    import scorer

    for flag in ("--version", "-V"):
        assert main([flag]) == 0
        out = capsys.readouterr().out
        assert out.startswith("mahjong-scorer ") and ("compiled" if scorer.COMPILED else "pure Python") in out


def test_healthcheck_has_help_and_takes_the_port(capsys):
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    with pytest.raises(SystemExit) as e:
        main(["healthcheck", "--help"])
    assert e.value.code == 0 and "--port" in (out := capsys.readouterr().out) and "/healthz" in out

    class Healthz(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
            self.send_response(200 if self.path == "/healthz" else 404)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Healthz)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        assert main(["healthcheck", "--port", str(port)]) == 0
        assert main(["healthcheck", "--host", "127.0.0.1", "--port", str(port)]) == 0
    finally:
        server.shutdown()
        server.server_close()
    assert main(["healthcheck", "--port", str(port)]) == 1  # nothing answers there now
    assert "healthcheck" in capsys.readouterr().err


def test_every_subcommands_options_have_help(capsys):
    for name in ("score", "waits", "bulk", "settle", "replay", "healthcheck"):
        with pytest.raises(SystemExit):
            main([name, "--help"])
        text = capsys.readouterr().out
        lines = text[text.index("options:"):].splitlines()[1:]
        for k, line in enumerate(lines):  # an option alone on its line has its help on the next
            if line.startswith("  -") and len(line.strip().split("  ")) < 2:
                nxt = lines[k + 1] if k + 1 < len(lines) else ""
                assert nxt.startswith(" " * 10), f"{name}: {line.strip()} has no help"


# --- words count from 1, pointers from 0; the books as the registry has them ---------------------------
def test_a_replays_actions_are_counted_from_1_in_words_and_0_in_json(tmp_path, capsys):
    """The fifth action (index 4) is "Action 5" in the table; the answer's ``action`` stays 4."""
    from testkit.replaying import DEAL_A, record

    rec = record(DEAL_A, "E draw 9p; E discard 9p; S draw 5p; S discard 5p; E win")
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Action 5: E wins on S's discard" in out and "Action 4" not in out
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["wins"][0]["action"] == 4


def test_the_help_texts_list_every_registered_book(capsys):
    """``mahjong-scorer --help`` and ``score --help`` read the registry: its five books, and a book
    registered later is listed too."""
    import dataclasses

    import scorer
    from scorer import rules

    def helps() -> tuple[str, str]:
        assert main(["--help"]) == 0
        top = capsys.readouterr().out
        with pytest.raises(SystemExit):
            main(["score", "--help"])
        return top, " ".join(capsys.readouterr().out.split())  # argparse wraps the description

    for text in helps():
        for name, book in scorer.RULESETS.items():
            assert book.title in text and name in text, (name, text)
    assert len(scorer.RULESETS) == 5 and "Taiwanese" in helps()[0] and "红中麻将" in helps()[0]
    rules.register(dataclasses.replace(scorer.RULESETS["hk"], name="toy", title="Toy Book", title_zh="玩具"))
    try:
        top, score_help = helps()
    finally:
        rules.unregister("toy")
    assert any(re.fullmatch(r"  toy +Toy Book \(玩具\)", line) for line in top.splitlines())
    assert "Toy Book (玩具, --ruleset toy)" in score_help
