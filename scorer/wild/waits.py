"""What completes a hand with jokers: the ordinary tiles it waits on, and whether a drawn joker
completes it (reported as a flag, never as a tile: a joker is not a kind one waits on).

A wait is a tile read as itself: the copy cap counts it like any held tile, so under 红中's rule
1234444556677m does not wait on a fifth 4m. Whether a tile is still there to draw (the melds, the
discards, a kind that is wild in this deal) is the book's question: ``joker_kinds`` drops the
kinds that are jokers in the deal, since every copy of them is drawn as a joker.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tiles import NUM_TILES
from .forms import is_seven_pairs, is_thirteen_orphans
from .regular import is_complete
from .spec import Counts, Wild


@dataclass(frozen=True)
class Waits:
    """``tiles``: the ordinary tiles that complete the hand; ``joker``: whether a drawn joker does
    (exactly when one of those tiles is one a joker may stand for)."""

    tiles: frozenset[int]
    joker: bool


def completes(counts: Counts, jokers: int, need: int, wild: Wild, seven_pairs: bool = False, orphans: bool = False,
              quads: bool = True) -> bool:
    """Whether the hand is complete in the regular form, or as seven pairs or thirteen orphans
    where the book has them (both need a concealed hand of 14: ``need`` 4)."""
    if is_complete(counts, jokers, need, wild):
        return True
    if need == 4 and seven_pairs and is_seven_pairs(counts, jokers, wild, 7, quads):
        return True
    return need == 4 and orphans and is_thirteen_orphans(counts, jokers, wild)


def waits(counts: Counts, jokers: int, need: int, wild: Wild, seven_pairs: bool = False, orphans: bool = False,
          quads: bool = True, joker_kinds: int = 0) -> Waits:
    """What completes ``counts`` and ``jokers`` (3·``need`` + 1 tiles, jokers included) into
    ``need`` sets and a pair, or the special forms asked for."""
    found: set[int] = set()
    joker = False
    c = list(counts)
    for t in range(NUM_TILES):
        c[t] = c[t] + 1
        if completes(tuple(c), jokers, need, wild, seven_pairs, orphans, quads):
            if wild.may_be(t):
                joker = True
            if not joker_kinds >> t & 1:
                found.add(t)
        c[t] = c[t] - 1
    return Waits(frozenset(found), joker)
