"""Instructions per hand, counted by valgrind's callgrind: a figure the machine's load cannot move.

    python -m bench.instructions [--what score|not_ready|ready] [--collected] PYTHON [PYTHON ...]

For each interpreter (each a venv with a build of the scorer installed), a fresh process builds
and scores 400 generated hands it has never seen, from JSON-shaped fields (``Hand.build``,
``Context.build``, ``score``), once with the scoring and once without; the difference over 400 is
the instructions one hand costs, parsing and collection included. Two builds of different commits
compare exactly, however busy the machine: this is how the rule-book layer's cost on MCR's path
was measured (README, Performance). Needs Debian's ``valgrind``.

``--what not_ready`` and ``--what ready`` count ``scorer.analyze(...).to_dict()`` instead, on the
waits stream's hands (``testkit.hands.waiting.waits_hands``: 13 tiles one or more away, and ready with every wait
scored), each analysed once by a process that has analysed nothing before.

A process's first full collection lands wherever its allocations cross the threshold: a build
that allocates less at import (tables loaded rather than generated) has it inside the 400 hands
instead of before them, ~10M instructions (~24,000 a hand) that are no hand's cost. Between such
builds compare with ``--collected``, which runs a full collection just before the hands.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HANDS = 400
CHILD = f"""
import sys
sys.path.append({str(ROOT)!r})  # testkit only: the scorer is the interpreter's installed build
from testkit.hands.themed import generate_many
import scorer
n = int(sys.argv[1])
hands = []
for g in generate_many({HANDS}, seed=3):
    h = scorer.Hand.parse(g.notation())
    body = {{"concealed": [t.value for t in h.concealed], "winning_tile": h.winning_tile.value,
            "melds": [{{"tiles": [t.value for t in m.tiles], "concealed": m.concealed}} for m in h.melds]}}
    hands.append((body, dict(g.context)))
scorer.clear_caches()
if sys.argv[3] == "collected":
    import gc
    gc.collect()
for body, ctx in hands[:n]:
    scorer.score(scorer.Hand.build(**body), scorer.Context.build(**ctx))
"""


WAITS_CHILD = f"""
import sys
sys.path.append({str(ROOT)!r})
from testkit.hands.waiting import waits_hands
import scorer
n = int(sys.argv[1])
ready, not_ready = waits_hands({HANDS}, 3)
bodies = [body for body, _ in (ready if sys.argv[2] == "ready" else not_ready)]
if sys.argv[3] == "collected":
    import gc
    gc.collect()
for body in bodies[:n]:
    scorer.analyze(body["hand"], body["context"]).to_dict()
"""


def instructions(python: str, n: int, what: str = "score", collected: bool = False) -> int:
    return callgrind(python, CHILD if what == "score" else WAITS_CHILD,
                     [str(n), what, "collected" if collected else "as-is"])[0]


def callgrind(python: str, child: str, args: list[str], env: dict[str, str] | None = None) -> tuple[int, str]:
    """The instructions ``python -P`` running ``child`` with ``args`` executes (valgrind's
    callgrind), and what it printed."""
    with tempfile.TemporaryDirectory() as d:
        script = Path(d) / "child.py"
        script.write_text(child, encoding="utf-8")
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={d}/cg.out", python, "-P",
                              str(script), *args], capture_output=True, text=True, check=True, cwd=d, env=env)
    m = re.search(r"refs:\s+([\d,]+)", out.stderr)
    if m is None:
        raise RuntimeError(f"no instruction count from valgrind:\n{out.stderr[-2000:]}")
    return int(m.group(1).replace(",", "")), out.stdout


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--what", choices=("score", "not_ready", "ready"), default="score")
    p.add_argument("--collected", action="store_true", help="a full collection just before the hands")
    p.add_argument("pythons", nargs="+")
    args = p.parse_args(argv)
    first = None
    for python in args.pythons:
        base = instructions(python, 0, args.what, args.collected)
        hands = HANDS if args.what == "score" else instructions_hands(python, args.what)
        per_hand = (instructions(python, hands, args.what, args.collected) - base) / hands
        first = first or per_hand
        print(f"{python}: {per_hand:,.0f} instructions per hand ({args.what}), {per_hand / first:.3f}x the first")


def instructions_hands(python: str, what: str) -> int:
    """How many hands the waits child has of a kind (a not-ready one is not found for every hand)."""
    code = (f"import sys; sys.path.append({str(ROOT)!r}); from testkit.hands.waiting import waits_hands; "
            f"r, nr = waits_hands({HANDS}, 3); print(len(r if {what!r} == 'ready' else nr))")
    return int(subprocess.run([python, "-P", "-c", code], capture_output=True, text=True, check=True,
                              cwd="/").stdout.split()[-1])


if __name__ == "__main__":
    main()
