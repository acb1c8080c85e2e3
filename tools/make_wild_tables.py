"""Make ``scorer/wild/least_ways.bin``: each suit shape's least way, as ``scorer.wild.lookup`` reads it.

    python tools/make_wild_tables.py          # rewrite the file
    python tools/make_wild_tables.py --check  # exit 1 if the shipped file differs

One table, keyed as the per-suit tables are (a suit's 9 counts as a base-6 number, rank 1 lowest),
for every shape a real hand can hold: the least of its ways (set codes ascending, then the pair's
rank, -1 for none) packed in one int, the codes five bits each, first most significant, then the
pair's rank + 1. The joker engine asks it for every placement of a suit's jokers that splits, and
most shapes are asked for the first time in a process: making each least way there was a tenth
of a 广东 hand with three ghosts. Loading the table takes about 1.5 ms.
"""

from __future__ import annotations

import marshal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "scorer" / "wild" / "least_ways.bin"
if not __package__:  # run as a script: this checkout's tools package
    sys.path.insert(0, str(ROOT))
from tools.make_decompose_tables import key, same, suit_divisions  # noqa: E402
from tools.shipped_file import write_or_check  # noqa: E402

FORMAT = 1  # as scorer/wild/lookup.py reads it


def packed(ways: tuple[tuple[tuple[int, ...], int], ...]) -> int:
    """The least way of a shape, packed: every way of one shape holds as many sets, so the least
    packed int is the least way."""
    codes, pair = min((tuple(sorted(c)), p) for c, p in ways)
    out = 0
    for c in codes:
        out = out << 5 | c
    return out << 5 | (pair + 1)


def payload() -> tuple[object, ...]:
    """What the file holds: the format, then each shape's least way by key, keys ascending."""
    divisions = suit_divisions()
    return FORMAT, {key(s): packed(divisions[s]) for s in sorted(divisions, key=key)}


def build() -> bytes:
    """The table as the file's bytes (compared by what they load: ``same``)."""
    return marshal.dumps(payload(), 4)


def main(argv: list[str] | None = None) -> int:
    return write_or_check(OUT, build, same, argv, (__doc__ or "").split("\n")[0])


if __name__ == "__main__":
    sys.exit(main())
