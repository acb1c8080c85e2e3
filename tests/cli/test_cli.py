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
