"""``python -m scorer bulk``: JSON lines of /v1/score bodies in, the service's answers out, in order."""

import json
import subprocess
import sys

import pytest

from scorer.cli import bulk, main
from testkit.hands.themed import generate_many

BAD_LINES = [
    b"",  # an empty line: the empty-body problem
    b"{not json",
    b"[1, 2]",  # JSON, but not a body
    b'{"hand": "[222m1][444m2][666m3]88mW8m"}',  # too few tiles
    b'{"hand": "[222m1][444m2][666m3]88mWW8m", "ruleset": "nope"}',
    b'{"hand": "[222m1][444m2][666m3]88mWW8m", "context": {"self_drawn": true, "discarder": "S"}}',
    # past 64 bits: read exactly, as the service reads it, so the scorer names the range
    b'{"hand": "[222m1][444m2][666m3]88mWW8m", "context": {"discarder": "S", "base_points": 18446744073709551616}}',
]


def _lines(n: int) -> list[bytes]:
    good = [json.dumps(g.request_body()).encode() for g in generate_many(n, 31)]
    good.insert(3, b'{"hand": "[222m1][444m2][666m3]88mWW8m", "context": {"discarder": "S"}}')
    return good[:5] + BAD_LINES + good[5:]


@pytest.fixture(scope="module")
def client():
    """The service as it answers a line (marked ``server`` by tests/conftest.py, as every ``client`` is)."""
    from service import create_app

    return create_app().test_client()


def _service(client, line: bytes) -> dict:
    r = client.post("/v1/score", data=line, content_type="application/json")
    return r.get_json()


def test_each_line_gets_what_the_service_answers_in_order(client, tmp_path):
    lines = _lines(40)
    src = tmp_path / "in.jsonl"
    src.write_bytes(b"\n".join(lines) + b"\n")
    out = tmp_path / "out.jsonl"
    assert main(["bulk", str(src), "-o", str(out), "--jobs", "1"]) == 0
    answers = out.read_bytes().splitlines()
    assert len(answers) == len(lines)
    for line, answer in zip(lines, answers, strict=True):
        assert json.loads(answer) == _service(client, line), line
    statuses = [json.loads(a).get("status") for a in answers[5:5 + len(BAD_LINES)]]
    assert statuses == [400, 400, 422, 422, 422, 422, 422]


def test_jobs_give_the_same_lines_in_the_same_order(tmp_path):
    lines = _lines(300)
    src = tmp_path / "in.jsonl"
    src.write_bytes(b"\n".join(lines) + b"\n")
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert main(["bulk", str(src), "-o", str(one), "--jobs", "1"]) == 0
    # small chunks: many in flight, so the bounded window and the ordering are both exercised
    assert main(["bulk", str(src), "-o", str(two), "--jobs", "2", "--chunk", "7"]) == 0
    assert one.read_bytes() == two.read_bytes()


def test_stdin_to_stdout():
    line = b'{"hand": "[222m1][444m2][666m3]88mWW8m", "context": {"discarder": "S"}}\n{oops\n'
    out = subprocess.run([sys.executable, "-m", "scorer", "bulk", "--jobs", "1"], input=line,
                         capture_output=True, check=True, timeout=60).stdout.splitlines()
    assert json.loads(out[0])["total"] == 12 and json.loads(out[1])["status"] == 400
    assert len(out) == 2


def test_window_bounds_the_chunks_in_flight(monkeypatch):
    """However long the input, at most WINDOW chunks per process are handed out ahead of the writer."""
    drawn = []

    def lines():
        for k in range(5000):
            drawn.append(k)
            yield b"{}"

    written = []

    class Sink:
        def write(self, b: bytes) -> None:
            # when a chunk is written, the reader is never more than the window ahead of it
            written.append(b.count(b"\n"))
            assert len(drawn) - sum(written) <= (bulk.WINDOW * 2 + 1) * 10

    assert bulk.run(lines(), Sink(), jobs=2, chunk=10) == 5000


def test_ranges_of_a_file_give_the_same_lines_as_one_process(tmp_path):
    """Each process reading its own byte ranges: line ends as a file's iteration sees them (CRLF,
    blank lines, a last line without its newline, a line longer than a range), order kept."""
    lines = _lines(120)
    lines[20] = lines[20] + b"\r"  # a CRLF line
    lines[21] = b'{"hand": "' + b"1m" * 3000 + b'"}'  # longer than a range
    src = tmp_path / "in.jsonl"
    src.write_bytes(b"\n".join(lines) + b"\n\n" + lines[0])  # a blank line, then no final newline
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert main(["bulk", str(src), "-o", str(one), "--jobs", "1"]) == 0
    assert main(["bulk", str(src), "-o", str(two), "--jobs", "2", "--range", "997"]) == 0
    assert one.read_bytes() == two.read_bytes()
    assert len(one.read_bytes().splitlines()) == len(lines) + 2


def test_ranges_cut_at_line_starts(tmp_path):
    data = b"ab\n\ncdefgh\nij\n" + b"k" * 50 + b"\nl"
    src = tmp_path / "in"
    src.write_bytes(data)
    with open(src, "rb") as f:
        for step in range(1, len(data) + 2):
            cuts = list(bulk.ranges(f.fileno(), 0, len(data), step))
            assert cuts[0][0] == 0 and cuts[-1][1] == len(data)
            assert all(a < b == c for (a, b), (c, _) in zip(cuts, cuts[1:], strict=False))
            assert all(a == 0 or data[a - 1:a] == b"\n" for a, _ in cuts)


def test_a_pipe_with_jobs_gives_the_same_lines(tmp_path):
    lines = b"\n".join(given := _lines(60)) + b"\n"
    run = [sys.executable, "-m", "scorer", "bulk", "--jobs"]
    one = subprocess.run([*run, "1"], input=lines, capture_output=True, check=True, timeout=120).stdout
    two = subprocess.run([*run, "2", "--chunk", "7"], input=lines, capture_output=True, check=True, timeout=120).stdout
    assert one == two and len(one.splitlines()) == len(given)


def test_good_lines_load_neither_flask_nor_marshmallow(tmp_path):
    """A run of good lines costs the scorer's import, not the web stack's; a bad line that needs
    the schema to name its fault loads the schemas then."""
    src = tmp_path / "in.jsonl"
    src.write_bytes(b"\n".join(_lines(10)[:5]) + b"\n")
    check = ("import sys; from scorer.cli import main; main(['bulk', sys.argv[1], '-o', sys.argv[2], '--jobs', "
             "sys.argv[3]]); print(sorted({m.split('.')[0] for m in sys.modules} & {'flask', 'marshmallow', "
             "'werkzeug'}))")
    for jobs in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", check, str(src), str(tmp_path / "out"), jobs],
                             capture_output=True, text=True, check=True, timeout=120).stdout
        assert out.strip() == "[]"
    src.write_bytes(b'{"hand": 5}\n')
    out = subprocess.run([sys.executable, "-c", check, str(src), str(tmp_path / "out"), "1"],
                         capture_output=True, text=True, check=True, timeout=120).stdout
    assert out.strip() == "['marshmallow']"
