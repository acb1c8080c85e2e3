"""Two runs of a benchmark side by side: ``python -m bench.compare before.json after.json``.

For each mix and figure: the range over rounds of each run, and the change of the midpoints
(after / before; below 1 is faster). Both files must be the same benchmark's (``bench`` field).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def _mid(r: list[float]) -> float:
    return (r[0] + r[1]) / 2


def compare(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    if a["bench"] != b["bench"]:
        raise SystemExit(f"not the same benchmark: {a['bench']} and {b['bench']}")
    lines = [f"bench.{a['bench']}: {a['commit']} ({a['n']} hands x {_rounds(a)}) -> {b['commit']} "
             f"({b['n']} hands x {_rounds(b)}); {'compiled' if a['compiled'] else 'pure'} -> "
             f"{'compiled' if b['compiled'] else 'pure'}"]
    for mix in a["ranges"]:
        if mix not in b["ranges"]:
            continue
        for fig, ra in a["ranges"][mix].items():
            rb = b["ranges"][mix].get(fig)
            if rb is None:
                continue
            lines.append(f"  {mix:4} {fig:16} {ra[0]:6.2f}-{ra[1]:6.2f}x -> {rb[0]:6.2f}-{rb[1]:6.2f}x"
                         f"   {_mid(rb) / _mid(ra):5.2f}")
    return lines


def _rounds(r: dict[str, Any]) -> int:
    return max(len(v) for v in r["rounds"].values())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("before")
    p.add_argument("after")
    args = p.parse_args(argv)
    a, b = (json.loads(Path(x).read_text(encoding="utf-8")) for x in (args.before, args.after))
    print("\n".join(compare(a, b)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
