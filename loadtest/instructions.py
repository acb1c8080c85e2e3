"""Instructions per hand, counted by valgrind's callgrind: a figure the machine's load cannot move.

    python loadtest/instructions.py PYTHON [PYTHON ...]

For each interpreter (each a venv with a build of the scorer installed), a fresh process builds
and scores 400 generated hands it has never seen, from JSON-shaped fields (``Hand.build``,
``Context.build``, ``score``), once with the scoring and once without; the difference over 400 is
the instructions one hand costs, parsing and collection included. Two builds of different commits
compare exactly, however busy the machine: this is how the rule-book layer's cost on MCR's path
was measured (README, Performance). Needs Debian's ``valgrind``.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HANDS = 400
CHILD = f"""
import sys
sys.path.append({str(ROOT)!r})  # tests.handgen only: the scorer is the interpreter's installed build
from tests.handgen import generate_many
import scorer
n = int(sys.argv[1])
hands = []
for g in generate_many({HANDS}, seed=3):
    h = scorer.Hand.parse(g.notation())
    body = {{"concealed": [t.value for t in h.concealed], "winning_tile": h.winning_tile.value,
            "melds": [{{"tiles": [t.value for t in m.tiles], "concealed": m.concealed}} for m in h.melds]}}
    hands.append((body, dict(g.context)))
scorer.clear_caches()
for body, ctx in hands[:n]:
    scorer.score(scorer.Hand.build(**body), scorer.Context.build(**ctx))
"""


def instructions(python: str, n: int) -> int:
    with tempfile.TemporaryDirectory() as d:
        script = Path(d) / "child.py"
        script.write_text(CHILD, encoding="utf-8")
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={d}/cg.out", python, "-P",
                              str(script), str(n)], capture_output=True, text=True, check=True, cwd=d)
    m = re.search(r"refs:\s+([\d,]+)", out.stderr)
    if m is None:
        raise RuntimeError(f"no instruction count from valgrind:\n{out.stderr[-2000:]}")
    return int(m.group(1).replace(",", ""))


def main(pythons: list[str]) -> None:
    first = None
    for python in pythons:
        per_hand = (instructions(python, HANDS) - instructions(python, 0)) / HANDS
        first = first or per_hand
        print(f"{python}: {per_hand:,.0f} instructions per hand, {per_hand / first:.3f}x the first")


if __name__ == "__main__":
    main(sys.argv[1:])
