"""What every subcommand does with the files it is given and the input it reads: a file that cannot
be read or written is one line on stderr and exit status 2 (never a traceback), ``-o/--output``
names the file the answer goes to in every command, ``--jobs`` is held to the cores, and no
record is read past ``MAX_RECORD`` bytes (an endless input is refused at the bound)."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

import scorer
from scorer.cli import bulk, main
from scorer.cli import replay as replay_cli
from scorer.cli.options import MAX_RECORD, cpus
from testkit.replaying import DEAL_A, DISCARD_WIN, ILLEGAL, KONG_WIN, record

HAND = "[222m1][444m2][666m3]88mWW8m"
GOOD = b'{"hand": "[222m1][444m2][666m3]88mWW8m", "context": {"discarder": "S"}}'
ROOM = {"players": [{"name": n, "beans": 500} for n in ("Ann", "Bo", "Cy", "Di")], "length": 4,
        "hands": [{"win": {"winner": "Ann", "discarder": "Bo", "hand": HAND}}]}
# East wins on South's discard at the fifth action (index 4)
REPLAYED = record(DEAL_A, "E draw 9p; E discard 9p; S draw 5p; S discard 5p; E win")


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """An input for each command that reads one."""
    made = {"bulk": tmp_path / "hands.jsonl", "settle": tmp_path / "room.json", "replay": tmp_path / "rec.json",
            "botzone": tmp_path / "log.txt"}
    made["bulk"].write_bytes(GOOD + b"\n")
    made["settle"].write_text(json.dumps({**ROOM, "ruleset": "mcr"}), encoding="utf-8")
    made["replay"].write_text(json.dumps(REPLAYED), encoding="utf-8")
    made["botzone"].write_text(DISCARD_WIN, encoding="utf-8")
    return made


def argv(command: str, files: dict[str, Path]) -> list[str]:
    """The command reading its input, as a user types it."""
    return {"score": ["score", HAND, "--discarder", "S"], "waits": ["waits", "123m456p789s1122m"],
            "bulk": ["bulk", str(files["bulk"]), "--jobs", "1"], "settle": ["settle", str(files["settle"])],
            "replay": ["replay", str(files["replay"])],
            "botzone": ["replay", "--format", "botzone", str(files["botzone"]), "--jobs", "1"]}[command]


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


COMMANDS = ["score", "waits", "bulk", "settle", "replay", "botzone"]
READERS = ["bulk", "settle", "replay", "botzone"]


# --- a file that cannot be read or written ---------------------------------------------------------
@pytest.mark.parametrize("command", READERS)
def test_a_missing_input_is_one_line_and_exit_2(command, files, tmp_path, capsys):
    files[command].unlink()
    out = tmp_path / "kept.txt"
    out.write_text("before", encoding="utf-8")
    assert main([*argv(command, files), "-o", str(out)]) == 2
    err = one_line(capsys.readouterr().err)
    assert f"cannot read {files[command]}: No such file or directory" in err
    assert out.read_text(encoding="utf-8") == "before"  # nothing is written over for an input that is not there


@pytest.mark.parametrize("where", ["no-such-directory", "a-directory", "proc"])
@pytest.mark.parametrize("command", COMMANDS)
def test_an_output_that_cannot_be_written_is_one_line_and_exit_2(command, where, files, tmp_path, capsys):
    target = {"no-such-directory": str(tmp_path / "nope" / "x.jsonl"), "a-directory": str(tmp_path),
              "proc": "/proc/nope/x"}[where]
    assert main([*argv(command, files), "-o", target]) == 2
    err = one_line(capsys.readouterr().err)
    assert f"cannot write {target}: " in err and ("No such file" in err or "Is a directory" in err), err


@pytest.mark.parametrize("command", ["bulk", "botzone"])
def test_the_input_as_output_is_refused_before_it_is_emptied(command, files, capsys):
    before = files[command].read_bytes()
    assert main([*argv(command, files), "-o", str(files[command])]) == 2
    assert "is the input" in one_line(capsys.readouterr().err)
    assert files[command].read_bytes() == before


@pytest.mark.parametrize("command", ["bulk", "settle", "replay"])
def test_a_directory_as_input_is_one_line(command, files, tmp_path, capsys):
    args = argv(command, files)
    args[args.index(str(files[command]))] = str(tmp_path)
    assert main(args) == 2
    assert f"cannot read {tmp_path}: Is a directory" in one_line(capsys.readouterr().err)


def test_a_botzone_log_that_is_not_utf8_is_one_line_naming_the_line(files, capsys):
    files["botzone"].write_bytes(DISCARD_WIN.encode() + b"Match g9\nWind 0\n\xff\xfeoops\n")
    assert main(argv("botzone", files)) == 2
    captured = capsys.readouterr()
    assert f"{files['botzone']} line 16 is not UTF-8 text (byte 0xff at column 1)" in one_line(captured.err)
    assert [json.loads(x)["match"] for x in captured.out.splitlines()] == ["g1"]  # the games before it are written


def test_a_full_disk_on_standard_output_is_one_line():
    """Writing to /dev/full fails as a full disk does."""
    with open("/dev/full", "wb") as full:
        run = subprocess.run([sys.executable, "-m", "scorer", "score", HAND], stdout=full, stderr=subprocess.PIPE,
                             text=True, timeout=60)
    assert run.returncode == 2 and "No space left on device" in one_line(run.stderr), run.stderr


def test_no_traceback_from_the_installed_command(tmp_path):
    """As a user meets it: the process's stderr is the one line."""
    run = subprocess.run([sys.executable, "-m", "scorer", "bulk", str(tmp_path / "missing.jsonl")],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert one_line(run.stderr) == f"python -m scorer bulk: error: cannot read {tmp_path / 'missing.jsonl'}: " \
                                   "No such file or directory\n"


# --- -o/--output in every command ------------------------------------------------------------------
@pytest.mark.parametrize("command", COMMANDS)
def test_output_writes_what_standard_output_would_show(command, files, tmp_path, capsys):
    assert main(argv(command, files)) == 0
    shown = capsys.readouterr().out
    out = tmp_path / "answer.txt"
    for flag in ("-o", "--output"):
        assert main([*argv(command, files), flag, str(out)]) == 0
        assert capsys.readouterr().out == "" and out.read_text(encoding="utf-8") == shown != ""


def test_replay_of_a_record_writes_to_output_table_or_json(files, tmp_path, capsys):
    """``replay rec.json -o out.json`` once exited 0 and wrote nothing."""
    out = tmp_path / "out.json"
    assert main(["replay", str(files["replay"]), "--json", "-o", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == scorer.replay(REPLAYED).to_dict()
    assert main(["replay", str(files["replay"]), "-o", str(out)]) == 0
    assert "Action 5: E wins on S's discard" in out.read_text(encoding="utf-8")
    assert capsys.readouterr().out == ""


def test_every_command_names_output_the_same_way(capsys):
    for name in ("score", "waits", "bulk", "settle", "replay"):
        with pytest.raises(SystemExit):
            main([name, "--help"])
        assert "-o FILE, --output FILE" in capsys.readouterr().out, name


@pytest.mark.parametrize("command", ["score", "waits"])
def test_the_seats_out_are_seats_out_and_the_old_out_is_refused_with_the_new_name(command, capsys):
    hand = {"score": "[2222m]555m888p22p55p5p", "waits": "[2222m]555m888p22p55p"}[command]
    base = [command, hand, "--ruleset", "sichuan", "--missing-suit", "s"]
    assert main([*base, "--seats-out", "W", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)  # read as the seats out
    for old in (["--out", "W"], ["--out=W"], ["--out"]):
        with pytest.raises(SystemExit) as e:
            main([*base, *old])
        err = capsys.readouterr().err
        assert e.value.code == 2 and "--out is now --seats-out" in err and "-o/--output" in err, err


def test_seats_out_is_what_the_request_calls_out(capsys):
    args = ["score", "[2222m]555m888p22p55p5p", "--ruleset", "sichuan", "--self-drawn", "--missing-suit", "s"]
    assert main([*args, "--seats-out", "W", "--json"]) == 0
    by_flag = json.loads(capsys.readouterr().out)
    asked = scorer.score("[2222m]555m888p22p55p5p", ruleset="sichuan", self_drawn=True, missing_suit="s",
                         out=("W",))
    assert by_flag == asked.to_dict() and by_flag["payouts"]["W"] == 0


# --- --jobs held to the cores ----------------------------------------------------------------------
def test_bulk_jobs_past_the_cores_are_brought_down_to_them(files, tmp_path, monkeypatch, capsys):
    """``--jobs 3000`` once forked about 2,700 processes; more processes than cores only cost."""
    used: list[int] = []
    monkeypatch.setattr(bulk, "run_ranges", lambda fd, out, jobs, *a: used.append(jobs) or 0)
    monkeypatch.setattr(bulk, "run", lambda lines, out, jobs, *a: used.append(jobs) or 0)
    assert main(["bulk", str(files["bulk"]), "-o", str(tmp_path / "o"), "--jobs", "3000"]) == 0
    assert used == [cpus()]
    err = one_line(capsys.readouterr().err)
    assert f"--jobs 3000 is more than the {cpus()} cores this process may use; using {cpus()}" in err
    assert main(["bulk", str(files["bulk"]), "-o", str(tmp_path / "o"), "--jobs", "1"]) == 0
    assert used[-1] == 1 and capsys.readouterr().err == ""


def test_replay_jobs_past_the_cores_are_brought_down_to_them(files, monkeypatch, capsys):
    used: list[int] = []
    monkeypatch.setattr(replay_cli, "_botzone", lambda source, sink, jobs, *a: used.append(jobs) or 0)
    assert main(["replay", "--format", "botzone", str(files["botzone"]), "--jobs", "100000"]) == 0
    assert used == [cpus()] and "using" in one_line(capsys.readouterr().err)


@pytest.mark.parametrize("command", ["bulk", "botzone"])
def test_a_negative_number_of_jobs_is_a_usage_error(command, files, capsys):
    args = argv(command, files)
    args[args.index("--jobs") + 1] = "-3"
    with pytest.raises(SystemExit) as e:
        main(args)
    assert e.value.code == 2 and "--jobs: a number of processes is 0 or more, got -3" in capsys.readouterr().err


# --- no record past the bound ----------------------------------------------------------------------
@pytest.mark.parametrize("command", ["settle", "replay"])
def test_a_body_past_the_bound_is_refused(command, files, capsys):
    files[command].write_bytes(b" " * MAX_RECORD + b"{}")
    assert main(argv(command, files)) == 2
    assert f"is over {MAX_RECORD:,} bytes" in one_line(capsys.readouterr().err)


def test_a_body_at_the_bound_is_read(files, capsys):
    body = json.dumps({**ROOM, "ruleset": "mcr"}).encode()
    files["settle"].write_bytes(body + b" " * (MAX_RECORD - len(body)))
    assert main(argv("settle", files)) == 0


def _bulk_lines(tmp_path: Path, *lines: bytes) -> Path:
    src = tmp_path / "in.jsonl"
    src.write_bytes(b"\n".join(lines) + b"\n")
    return src


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_bulk_line_past_the_bound_stops_the_run_after_the_lines_before_it(jobs, tmp_path, monkeypatch, capsys):
    """Both ways of reading: a pipe's lines (one process) and a file's ranges (two, ranges smaller
    than the line, so that it crosses several cuts)."""
    monkeypatch.setattr("scorer.cli.options.cpus", lambda: 2)
    body = b'{"hand": "' + HAND.encode() + b'"'
    at_bound = body + b" " * (MAX_RECORD - len(body) - 1) + b"}"
    assert len(at_bound) == MAX_RECORD
    src = _bulk_lines(tmp_path, GOOD, at_bound, GOOD, b"{" + b" " * MAX_RECORD + b"}", GOOD)
    out = tmp_path / "out.jsonl"
    assert main(["bulk", str(src), "-o", str(out), "--jobs", jobs, "--range", "50000"]) == 2
    err = one_line(capsys.readouterr().err)
    assert f"line 4 of {src} is over {MAX_RECORD:,} bytes" in err and "the 3 lines before it answered" in err, err
    answers = [json.loads(x) for x in out.read_bytes().splitlines()]
    assert [a.get("total") for a in answers] == [12, 12, 12]  # the line at the bound is a body, and scored


def test_bulk_from_an_endless_pipe_is_refused_at_the_bound():
    """``bulk /dev/zero`` (and ``settle``, ``replay``) once read 11 to 14 GB: here with 1.5 GB of
    address space, so that reading on would fail the test rather than the machine."""
    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))

    for args in (["bulk", "/dev/zero", "--jobs", "1"], ["settle", "/dev/zero", "--ruleset", "mcr"],
                 ["replay", "/dev/zero"], ["replay", "--format", "botzone", "/dev/zero", "--jobs", "1"]):
        run = subprocess.run([sys.executable, "-m", "scorer", *args], capture_output=True, text=True, timeout=120,
                             preexec_fn=limited)
        assert run.returncode == 2 and f"over {MAX_RECORD:,} bytes" in one_line(run.stderr), (args, run.stderr)


def test_ranges_end_within_the_bound_past_a_cut(tmp_path):
    """A line with no end in sight makes the last range ``limit`` bytes past its cut, not the file."""
    data = b"ab\n" + b"x" * 5000 + b"\ncd\n"
    src = tmp_path / "in"
    src.write_bytes(data)
    fd = os.open(src, os.O_RDONLY)
    try:
        assert list(bulk.ranges(fd, 0, len(data), 10, limit=100)) == [(0, 110)]
        assert list(bulk.ranges(fd, 0, len(data), 10, limit=10_000)) == [(0, 5004), (5004, len(data))]
    finally:
        os.close(fd)


def test_a_botzone_game_past_the_bound_is_refused(files, capsys):
    draws = b"Player 0 Draw B9\n" * (MAX_RECORD // 17 + 1)
    files["botzone"].write_bytes(DISCARD_WIN.encode() + b"Match big\n" + draws)
    assert main(argv("botzone", files)) == 2
    assert f"is over {MAX_RECORD:,} bytes" in one_line(capsys.readouterr().err)


def test_botzone_games_are_read_as_they_are_replayed(monkeypatch):
    """A bounded window of chunks in flight: the log is not read whole before the first line is written."""
    monkeypatch.setattr(replay_cli, "CHUNK", 2)
    games = [DISCARD_WIN, ILLEGAL, KONG_WIN] * 40
    drawn: list[int] = []

    def lines():
        for k, game in enumerate(games):
            drawn.append(k)
            yield from game.splitlines(keepends=True)

    written: list[int] = []

    class Sink:
        def write(self, data: bytes | str) -> None:
            written.append(len(drawn))

        def flush(self) -> None:
            pass

    replay_cli._botzone(lines(), Sink(), 2, "-")
    assert len(written) == len(games)
    assert written[0] < len(games) // 2, written[:5]  # the first answer came before half the log was read


def test_bulk_workers_write_under_the_products_name(tmp_path, monkeypatch):
    made: list[str] = []
    real = bulk.tempfile.TemporaryDirectory

    def recorded(*args, **kwargs):
        made.append(kwargs.get("prefix", ""))
        return real(*args, **kwargs)

    monkeypatch.setattr(bulk.tempfile, "TemporaryDirectory", recorded)
    src = _bulk_lines(tmp_path, GOOD, GOOD)
    with open(src, "rb") as f, open(tmp_path / "out", "wb") as out:
        assert bulk.run_ranges(f.fileno(), out, 2) == 2
    assert made == ["mahjong-scorer-bulk-"]
