"""The micro-benchmarks' own pieces (``bench/``): the harder mix is what it says, and two runs compare.

The timings themselves are never asserted (the machine is shared); what is checked is that the
hands are legal, of the kinds and shanten claimed by the reference, and that the scorer takes them.
"""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from collections import Counter

import MahjongGB
import pytest

import scorer
from bench import __main__ as bench_main
from bench import compare
from bench.__main__ import FIGURES
from bench.common import Clock, ratios
from scorer.tiles import from_botzone
from testkit import ROOT
from testkit.hands import hard


def test_complete_hands_are_legal_winning_hands_of_the_mix() -> None:
    hands = hard.complete(400, 3)
    kinds = Counter(g.structure for g in hands)
    assert set(kinds) <= set(hard.COMPLETE_WEIGHTS)
    assert kinds["regular"] > 300 and kinds["seven_pairs"] + kinds["knitted_straight"] > 0
    melded = Counter(len(g.melds) for g in hands if g.structure == "regular")
    assert set(melded) <= {0, 1, 2, 3, 4} and melded[0] and melded[3]  # 4 only with a concealed kong
    for g in hands:
        tiles = g.all_tiles()
        assert len(tiles) - sum(1 for m in g.melds if len(m.tiles) == 4) == 14
        assert max(Counter(tiles).values()) <= 4
        assert scorer.score(scorer.Hand.build(**g.hand_kwargs()), scorer.Context.build(**g.context)).winning
    assert hard.complete(50, 3) == hands[:50]  # hand k depends on the seed and k alone


def test_not_ready_hands_are_shanten_one_to_six_by_the_reference_and_the_scorer() -> None:
    far = hard.not_ready(90, 4)
    seen = set()
    for body, packs, standing in far:
        s = MahjongGB.MahjongShanten(packs, standing)
        assert 1 <= s <= 6
        seen.add(s)
        assert scorer.analyze(body["hand"], body["context"]).outlook.shanten == s  # type: ignore[union-attr]
    assert len(seen) >= 3


def test_fourteen_and_ready_hands_are_what_analyze_takes() -> None:
    for body, _, standing in hard.fourteen(30, 5):
        assert len(standing) + 3 * len(body["hand"]["melds"]) == 14
        assert scorer.analyze(body["hand"], body["context"]).discards
    for (body, _, _), waits, *_ in hard.ready_from(hard.complete(30, 6)):
        outlook = scorer.analyze(body["hand"], body["context"]).outlook
        assert outlook is not None and outlook.shanten == 0 and outlook.waits
        assert {w.tile for w in outlook.waits} == {from_botzone(w) for w in waits}  # the reference's own waits


def test_clock_counts_a_refusal_and_ratios_divide_means() -> None:
    clock = Clock()
    clock.time("ref", lambda: 1 / 0)
    assert clock.time("ours", sum, [1, 2]) == 3
    means = clock.means()
    assert means["ref"]["n"] == 1 and means["ours"]["n"] == 1
    r = ratios({"a": {"wall_us": 6.0, "cpu_us": 4.0}, "b": {"wall_us": 2.0, "cpu_us": 2.0}}, {"x": (("a",), "b")})
    assert r == {"x": 3.0, "cpu x": 2.0}


def test_compare_sets_two_runs_side_by_side() -> None:
    def run(commit: str, lo: float) -> dict[str, object]:
        return {"bench": "score", "commit": commit, "n": 10, "compiled": True,
                "rounds": {"hard": [{}, {}]}, "ranges": {"hard": {"stream": [lo, lo + 1.0]}}}

    lines = compare.compare(run("a", 4.0), run("b", 2.0))
    assert lines[0].startswith("bench.score: a (10 hands x 2) -> b")
    assert lines[1].split()[-1] == "0.56"  # midpoints 2.5 / 4.5
    with pytest.raises(SystemExit):
        compare.compare(run("a", 1.0), {**run("b", 1.0), "bench": "waits"})


@pytest.mark.parametrize("name", ["score", "waits", "service", "wild", "hongzhong"])
def test_each_bench_runs_end_to_end_and_writes_json_the_compare_reads(name: str, tmp_path) -> None:
    import json
    import subprocess
    import sys

    from testkit import ROOT

    out = tmp_path / f"{name}.json"
    run = subprocess.run([sys.executable, "-m", f"bench.{name}", "--n", "5", "--rounds", "1", "--json", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert json.loads(out.read_text(encoding="utf-8"))
    same = subprocess.run([sys.executable, "-m", "bench.compare", str(out), str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert same.returncode == 0 and "1.00" in same.stdout, same.stderr


# --- one home for speed: the package, its one command and the figures the docs quote --------------
_DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _quoted_commands() -> set[str]:
    """Every ``python -m bench...`` command the manual quotes, up to the end of its code span."""
    texts = [path.read_text(encoding="utf-8") for path in _DOCS]
    return {m.strip() for text in texts for m in re.findall(r"python -m bench[^`\n]*", text)}


def _reproduce_column() -> list[str]:
    """The figures table's "reproduce with" cells that name a command."""
    text = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    table = text.split("| figure | now | target | reproduce with |", 1)[1].split("\n\n", 1)[0]
    cells = [row.rsplit("|", 2)[1].strip() for row in table.splitlines()[1:] if row.startswith("|")]
    return [c.strip("`") for c in cells if c.startswith("`python")]


def test_every_command_the_manual_quotes_is_a_module_of_the_package_with_a_main() -> None:
    quoted = _quoted_commands()
    assert len(quoted) > 10
    for command in quoted:
        words = command.split()
        name = words[2].removeprefix("bench").removeprefix(".") or "__main__"
        module = importlib.import_module(f"bench.{name}")
        assert callable(getattr(module, "main", None)), command


def test_the_figures_table_and_python_m_bench_all_run_the_same_commands() -> None:
    column = _reproduce_column()
    listed = [f.command for f in FIGURES]
    assert column and set(column) <= set(listed), set(column) - set(listed)
    text = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert [c for c in listed if c not in text] == []  # every figure `all` prints is one the docs quote


def test_python_m_bench_list_prints_every_figure() -> None:
    out = subprocess.run([sys.executable, "-m", "bench", "list"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert [line.split()[0] for line in out.stdout.splitlines()] == [f.name for f in FIGURES]


def test_a_quick_run_replaces_the_quoted_sizes() -> None:
    argv = bench_main._argv(bench_main.BY_NAME["worst-median"], quick=True)
    assert argv[1:] == ["-m", "bench.worst_median", "--procs", "1", "--n", "100", "--reps", "1"]
    assert bench_main._argv(bench_main.BY_NAME["stream"], quick=False)[1:] == ["-m", "bench.stream"]


def test_the_speed_tools_live_in_bench_and_loadtest_keeps_the_load_tools() -> None:
    assert {p.name for p in (ROOT / "loadtest").iterdir() if not p.name.startswith(("__", "."))} == {
        "ci_smoke.sh", "locustfile.py", "run_load.py", "soak.py"}
    assert not list((ROOT / "bench").glob("bench_*.py"))
    for path in [*_DOCS, ROOT / ".ci" / "run", ROOT / "Dockerfile"]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"loadtest[/.](bench_|stream|instructions|compare_|digest|worst_)", text), path


@pytest.mark.parametrize("book", ["hongzhong", "hangzhou", "guangdong"])
def test_the_joker_instruction_counts_make_the_benchmarks_calls_part_by_part(book: str) -> None:
    """``bench.joker_instructions`` makes the calls its benchmark times, every part, the same ones
    for the same seed; each is a real call (made here, on the interpreter's build)."""
    from bench import joker_instructions

    got = joker_instructions.calls(book, 4, 7)
    assert set(joker_instructions.PARTS) <= set(got)
    scored = {len(got[part]) for part in joker_instructions.PARTS if part == "mcr" or part.startswith("score")}
    assert len(scored) == 1 and 0 < scored.pop() <= 4  # one hand's calls in each part
    assert got["waits_2"] and len(got["waits_2"]) == len(got["mcr_waits"])
    again = joker_instructions.calls(book, 4, 7)
    assert [(a, kw) for _, a, kw in again["score_3"]] == [(a, kw) for _, a, kw in got["score_3"]]
    for part in joker_instructions.PARTS:
        fn, args, kwargs = got[part][0]
        assert fn(*args, **kwargs) is not None, part
