"""Make ``scorer/decompose_tables.bin``: the per-suit tables ``scorer.decompose`` looks hands up in.

    python tools/make_decompose_tables.py          # rewrite the file
    python tools/make_decompose_tables.py --check  # exit 1 if the shipped file differs

Three tables, each keyed by a suit's 9 counts as a base-6 number (rank 1 lowest:
``decompose.suit_key``):

* the shapes that split into sets only, and into sets and one pair (at most 4 sets, at most 5 of a
  tile: 5 when a wait is probed on a tile the hand holds four of), as sorted tuples of keys;
* every way to split each shape a real hand can hold (at most 4 sets and a pair, at most 4 of a
  tile): a tuple of (set codes ``2·rank index + 1 for a chow``, sorted; pair rank index or -1).

Generating them took a tenth of a second of every process's start; loading them takes ~15 ms.
The file is committed and shipped in the wheel; rerun this only to change them
(tests/core/test_decompose.py fails until then).
"""

from __future__ import annotations

import marshal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "scorer" / "decompose_tables.bin"
if not __package__:  # run as a script: this checkout's tools package
    sys.path.insert(0, str(ROOT))
from tools.shipped_file import write_or_check  # noqa: E402

FORMAT = 1  # as scorer/decompose.py reads it
RANKS = 9
CHOWS = 7


def key(shape: tuple[int, ...]) -> int:
    return sum(n * 6**r for r, n in enumerate(shape))


def suit_shapes() -> tuple[set[tuple[int, ...]], set[tuple[int, ...]]]:
    """Every shape of one suit that splits into sets only (up to 4), and into sets and a pair."""
    kinds = [(i, i, i) for i in range(RANKS)] + [(i, i + 1, i + 2) for i in range(CHOWS)]
    sets_only: set[tuple[int, ...]] = set()
    frontier: set[tuple[int, ...]] = {(0,) * RANKS}
    for _ in range(5):  # up to 4 sets
        sets_only |= frontier
        grown = set()
        for shape in frontier:
            for k in kinds:
                c = list(shape)
                for i in k:
                    c[i] += 1
                if max(c) <= 5:  # 5: a wait probed on a tile the hand holds four of
                    grown.add(tuple(c))
        frontier = grown
    with_pair = set()
    for shape in sets_only:
        for i in range(RANKS):
            if shape[i] <= 3:
                c = list(shape)
                c[i] += 2
                with_pair.add(tuple(c))
    return sets_only, with_pair


def suit_divisions() -> dict[tuple[int, ...], tuple[tuple[tuple[int, ...], int], ...]]:
    """For every shape of at most 4 sets and a pair, at most 4 of a tile: each way to split it,
    in the order the multisets of sets are generated (set codes ascending)."""
    kinds = [2 * r for r in range(RANKS)] + [2 * r + 1 for r in range(CHOWS)]
    table: dict[tuple[int, ...], list[tuple[tuple[int, ...], int]]] = {}

    def add(sets: tuple[int, ...], shape: list[int]) -> None:
        for pair in range(-1, RANKS):
            c = list(shape)
            if pair >= 0:
                c[pair] += 2
            if max(c) <= 4:
                table.setdefault(tuple(c), []).append((sets, pair))

    def grow(start: int, sets: tuple[int, ...], shape: list[int]) -> None:
        add(sets, shape)
        if len(sets) == 4:
            return
        for k in range(start, len(kinds)):
            code = kinds[k]
            r = code >> 1
            c = list(shape)
            for i in (r, r + 1, r + 2) if code & 1 else (r, r, r):
                c[i] += 1
            if max(c) <= 4:
                grow(k, (*sets, code), c)

    grow(0, (), [0] * RANKS)
    return {shape: tuple(options) for shape, options in table.items()}


def _shared(value: object, seen: dict[object, object]) -> object:
    """``value`` with every equal tuple inside it one object, so that marshal writes it once and
    loading makes it once (48,000 distinct tuples instead of 69,000)."""
    if isinstance(value, tuple):
        value = tuple(_shared(v, seen) for v in value)
        return seen.setdefault(value, value)
    return value


def payload() -> tuple[object, ...]:
    """What the file holds: the format, the two shape sets' keys, the divisions by key."""
    sets_only, with_pair = suit_shapes()
    divisions = suit_divisions()
    seen: dict[object, object] = {}
    return (
        FORMAT,
        tuple(sorted(key(s) for s in sets_only)),
        tuple(sorted(key(s) for s in with_pair)),
        {key(s): _shared(divisions[s], seen) for s in sorted(divisions, key=key)},
    )


def build() -> bytes:
    """The tables as the file's bytes. Not compressed: inflating them took ~20M instructions of
    every import, and git and the wheel compress the file anyway. Marshal's version 4 writes a
    shared tuple once; since which objects it shares can follow reference counts, compare files
    by what they load (``same``), not byte for byte."""
    return marshal.dumps(payload(), 4)


def same(a: bytes, b: bytes) -> bool:
    return bool(marshal.loads(a) == marshal.loads(b))


def main(argv: list[str] | None = None) -> int:
    return write_or_check(OUT, build, same, argv, (__doc__ or "").split("\n")[0])


if __name__ == "__main__":
    sys.exit(main())
