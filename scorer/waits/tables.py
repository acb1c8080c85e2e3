"""The regular shanten as table lookups: every suit and honour shape's frontier, numbered, and
what any two numbered frontiers make together.

A hand's regular shanten and useful tiles come from its groups' frontiers (``frontier``); searching
them is most of the time a fresh process spends on a hand it has never seen. So every frontier a
group can have is found once, by ``tools/make_shanten_tables.py``, and shipped in
``shanten_tables.bin`` beside this module:

* ``SUIT[key]``: the frontier id of a suit whose counts ``c`` (each 0-4, at most 14 tiles) have
  ``key = sum(c[r] * 5**r)``, so drawing a tile of rank ``r`` is ``key + 5**r``; ``ABSENT`` for
  shapes no hand holds (more than 14 tiles);
* ``HONOR[key]``: the same for the seven honours' counts (merged as ``frontier.honors`` merges them);
* ``MERGE[a * COUNT + b]``: the id of ``frontier.merge`` of frontiers ``a`` and ``b`` (ids are
  closed under merging: ``COUNT`` frontiers in all);
* ``VALUE[a * 5 + fixed]``: the shanten of frontier ``a`` beside ``fixed`` finished sets, so the
  best of two frontiers (``frontier.best``) is ``VALUE[MERGE[a * COUNT + b] * 5 + fixed]``
  (merging keeps every shape that could be best);
* ``FRONTIERS[a]``: frontier ``a`` itself (for the shapes the tables leave out).

Loaded at import: a marshal of bytes and tuples of ints (uncompressed: a copy, well under a
millisecond; git and the wheel compress it).
``tools/make_shanten_tables.py`` makes the file's bytes again (a test compares them with it).
"""

from __future__ import annotations

import marshal
import os
import sys
from array import array
from typing import Final

from .frontier import Frontier

FILE = os.path.join(os.path.dirname(__file__), "shanten_tables.bin")  # not pathlib: 6 more modules to import
FORMAT = 1  # bump (here and in tools/make_shanten_tables.py) when the layout changes
# Final, so the compiled lookups read them as constants, not from the module's dict each time
ABSENT: Final = 255
POW5: Final[tuple[int, ...]] = tuple([5**i for i in range(9)])  # typed, as decompose.POW6 is
FIXED: Final = 5  # finished sets beside the standing tiles: 0 to 4


def _load() -> tuple[bytes, bytes, array[int], tuple[int, ...], tuple[Frontier, ...], bytes]:
    with open(FILE, "rb") as f:
        fmt, suit, honor, merge_bytes, value_bytes, frontiers = marshal.loads(f.read())
    if fmt != FORMAT:
        raise RuntimeError(f"{os.path.basename(FILE)} is format {fmt}, this code reads {FORMAT}: "
                           "run tools/make_shanten_tables.py")
    merge = array("H")
    merge.frombytes(merge_bytes)
    if sys.byteorder == "big":
        merge.byteswap()
    value = array("b")
    value.frombytes(value_bytes)
    # VALUE as a tuple (1,660 small ints): compiled, a tuple's item is read natively, an array's
    # through the generic item protocol
    return suit, honor, merge, tuple(value), frontiers, merge_bytes


_TABLES = _load()
SUIT: Final = _TABLES[0]
HONOR: Final = _TABLES[1]
MERGE: Final = _TABLES[2]
VALUE: Final = _TABLES[3]
FRONTIERS: Final = _TABLES[4]
COUNT: Final = len(FRONTIERS)
MERGE_LE: Final = _TABLES[5]  # MERGE's own bytes, two a frontier id, little-endian as the file has them


def merged(a: int, b: int) -> int:
    """``MERGE[a * COUNT + b]`` read from the file's bytes: two native byte reads where the array's
    item would be the generic protocol and a new int (ids past 256 are not cached ints)."""
    k = 2 * (a * COUNT + b)
    return MERGE_LE[k] | (MERGE_LE[k + 1] << 8)
