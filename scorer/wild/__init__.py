"""Jokers (wild tiles) in the engine: a hand is its counts of ordinary tiles plus a number of
jokers, and a book's ``Wild`` says what a joker may stand for and how copies count.

* ``regular``: is the regular form complete, and every logical reading of it (``Reading``);
* ``forms``: seven pairs and thirteen orphans with jokers;
* ``waits``: the tiles that complete a hand, and whether a drawn joker does;
* ``shanten``: how far a hand is from ready, each joker a free tile.
"""

from __future__ import annotations

from .forms import PairT, first_seven_pairs, is_seven_pairs, is_thirteen_orphans, seven_pairs, thirteen_orphans
from .regular import Reading, WildSet, is_complete, logical_divisions, place, readings
from .shanten import regular_shanten, seven_pairs_shanten
from .spec import ALL_TILES_MASK, NUMBER_TILES_MASK, Wild, counts_and_jokers, mask_of
from .waits import Waits, completes, waits

__all__ = ["ALL_TILES_MASK", "NUMBER_TILES_MASK", "PairT", "Reading", "Waits", "Wild", "WildSet", "completes",
           "counts_and_jokers", "first_seven_pairs", "is_complete", "is_seven_pairs", "is_thirteen_orphans",
           "logical_divisions", "mask_of", "place", "readings", "regular_shanten", "seven_pairs",
           "seven_pairs_shanten", "thirteen_orphans", "waits"]
