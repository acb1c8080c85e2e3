"""Make ``scorer/wild/least_ways.bin``: each suit shape's ways packed, as ``scorer.wild.lookup`` reads them.

    python tools/make_wild_tables.py          # rewrite the file
    python tools/make_wild_tables.py --check  # exit 1 if the shipped file differs

Two tables, keyed as the per-suit tables are (a suit's 9 counts as a base-6 number, rank 1 lowest),
for every shape a real hand can hold. Each way (set codes ascending, then the pair's rank, -1 for
none) is packed in one int: the codes five bits each, first most significant, then the pair's
rank + 1. The first table holds each shape's least way, shifted left one bit, the bit set when the
shape has more ways; the second holds those more ways (1,568 shapes, about one in fourteen), ascending. The
joker engine asks for every placement of a suit's jokers that splits, and most shapes are asked
for the first time in a process: making each least way there was a tenth of a 广东 hand with three
ghosts, and reading each way's codes back from the decomposition table's tuples a tenth of a 红中
hand with four. Loading the tables takes about 2 ms.
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

FORMAT = 2  # as scorer/wild/lookup.py reads it


def packed(codes: tuple[int, ...], pair: int) -> int:
    """One way packed: every way of one shape holds as many sets, so the ints compare as the ways do."""
    out = 0
    for c in sorted(codes):
        out = out << 5 | c
    return out << 5 | (pair + 1)


def payload() -> tuple[object, ...]:
    """What the file holds: the format, each shape's least way (shifted, flagged when it has more)
    by key, then the shapes with more ways and those ways, keys ascending."""
    divisions = suit_divisions()
    least: dict[int, int] = {}
    more: dict[int, tuple[int, ...]] = {}
    for s in sorted(divisions, key=key):
        ways = sorted(packed(c, p) for c, p in divisions[s])
        least[key(s)] = ways[0] << 1 | (len(ways) > 1)
        if len(ways) > 1:
            more[key(s)] = tuple(ways[1:])
    return FORMAT, least, more


def build() -> bytes:
    """The table as the file's bytes (compared by what they load: ``same``)."""
    return marshal.dumps(payload(), 4)


def main(argv: list[str] | None = None) -> int:
    return write_or_check(OUT, build, same, argv, (__doc__ or "").split("\n")[0])


if __name__ == "__main__":
    sys.exit(main())
