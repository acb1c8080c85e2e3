"""Make ``scorer/waits/shanten_tables.bin``: every suit and honour shape's frontier, numbered, and
what any two frontiers merge to (the layout is ``scorer/waits/tables.py``'s docstring).

    python tools/make_shanten_tables.py          # rewrite the file
    python tools/make_shanten_tables.py --check  # exit 1 if the shipped file differs

The file is committed and shipped in the wheel; rerun this only after changing
``scorer/waits/frontier.py`` (tests/core/test_shanten_tables.py fails until then). It loads
``frontier.py`` by its path, so it runs even while the package cannot import its tables.
"""

from __future__ import annotations

import importlib.util
import marshal
import operator
import sys
from array import array
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "scorer" / "waits" / "shanten_tables.bin"
if not __package__:  # run as a script: this checkout's tools package
    sys.path.insert(0, str(ROOT))
from tools.shipped_file import write_or_check  # noqa: E402

FORMAT = 1  # as scorer/waits/tables.py reads it
ABSENT = 255
SUIT_RANKS = 9
HONORS = 7
MAX_COPIES = 4
MAX_TILES = 14  # a suit or the honours of 13 standing tiles and one drawn
FIXED = 5  # finished sets beside the standing tiles: 0 to 4


def _frontier() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_frontier", ROOT / "scorer" / "waits" / "frontier.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def shapes(size: int) -> list[tuple[int, ...]]:
    """Every count vector of ``size`` groups with at most 4 of a tile and 14 tiles in all."""
    out: list[tuple[int, ...]] = []

    def grow(prefix: list[int], left: int) -> None:
        if len(prefix) == size:
            out.append(tuple(prefix))
            return
        for n in range(min(MAX_COPIES, left) + 1):
            prefix.append(n)
            grow(prefix, left - n)
            prefix.pop()

    grow([], MAX_TILES)
    return out


def key(counts: tuple[int, ...]) -> int:
    """Counts as a base-5 number, the first rank lowest: drawing rank ``r`` adds ``5**r``."""
    return sum(n * 5**r for r, n in enumerate(counts))


def build() -> bytes:
    """The tables, searched afresh, as the file's bytes (the same bytes every time)."""
    fr = _frontier()
    suits = {key(c): fr.group(c, True) for c in shapes(SUIT_RANKS)}
    honors = {key(c): fr.honors(c) for c in shapes(HONORS)}
    frontiers = sorted({fr.EMPTY, *suits.values(), *honors.values()})
    assert len(frontiers) < ABSENT, "a group's frontier id must fit a byte"
    ids = {f: i for i, f in enumerate(frontiers)}
    merged: dict[tuple[int, int], int] = {}
    done = 0
    while done < len(frontiers):  # close the ids under merging, new frontiers numbered as found
        count = len(frontiers)
        for a in range(count):
            for b in range(done if a < done else 0, count):
                m = fr.merge(frontiers[a], frontiers[b])
                if m not in ids:
                    ids[m] = len(frontiers)
                    frontiers.append(m)
                merged[a, b] = ids[m]
        done = count
    count = len(frontiers)
    suit = bytearray([ABSENT]) * 5**SUIT_RANKS
    for k, f in suits.items():
        suit[k] = ids[f]
    honor = bytearray([ABSENT]) * 5**HONORS
    for k, f in honors.items():
        honor[k] = ids[f]
    merge = array("H", [merged[a, b] for a in range(count) for b in range(count)])
    if sys.byteorder == "big":
        merge.byteswap()  # the file is little-endian
    value = array("b", [fr.best(f, fr.EMPTY, fixed) for f in frontiers for fixed in range(FIXED)])
    payload = (FORMAT, bytes(suit), bytes(honor), merge.tobytes(), value.tobytes(), tuple(frontiers))
    # version 2: no back-references, so no refcount sways the bytes. Not compressed: inflating 2.3 MB
    # took 4 ms of every import, and git and the wheel compress the file anyway (to 125 kB).
    return marshal.dumps(payload, 2)


def main(argv: list[str] | None = None) -> int:
    return write_or_check(OUT, build, operator.eq, argv, (__doc__ or "").split("\n")[0])


if __name__ == "__main__":
    sys.exit(main())
