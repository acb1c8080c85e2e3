"""What a book's jokers may stand for, and how their copies count: one frozen value per book.

A joker is not a tile of the hand: the hand is its 34-slot counts of ordinary tiles plus a number
of jokers, and a reading says what each joker stood for. Which physical tiles are jokers (红中's
中, 杭州's 白板, a flipped kind) is the book's business; ``counts_and_jokers`` splits a tile list
by that set.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from ..tiles import HONOR_START, NUM_TILES

Counts = tuple[int, ...]

ALL_TILES_MASK: Final = (1 << NUM_TILES) - 1
NUMBER_TILES_MASK: Final = (1 << HONOR_START) - 1


def mask_of(tiles: Iterable[int]) -> int:
    """The 34-bit mask of tile indices ``tiles``."""
    m = 0
    for t in tiles:
        if not 0 <= t < NUM_TILES:
            raise ValueError(f"tile index {t} is not one of the 34")
        m |= 1 << t
    return m


# It writes its own ``__init__`` (``init=False``), as ``scorer.result``'s values do: compiled, a
# dataclass's generated one is interpreted Python, and 广东 narrows its ghosts to a new Wild a hand.
@dataclass(frozen=True, init=False)
class Wild:
    """A book's jokers: ``stands_for``, the 34-bit mask of tiles a joker may be read as, and
    ``cap``, the most copies of one tile the concealed tiles (winning tile included) may show
    with each joker counted as what it stands for — 4 where a joker may not be a fifth copy
    (红中 and 广东's 'no fifth copy'), None where it may (杭州). Melds never count toward the cap:
    the books that have one say so. Frozen and hashable, so the tables below key on it."""

    stands_for: int
    cap: int | None

    def __init__(self, stands_for: int = ALL_TILES_MASK, cap: int | None = 4) -> None:
        if not 0 <= stands_for <= ALL_TILES_MASK:
            raise ValueError("stands_for must be a mask of the 34 tiles")
        if cap is not None and cap < 1:
            raise ValueError("cap must be at least 1 copy, or None for no limit")
        object.__setattr__(self, "stands_for", stands_for)
        object.__setattr__(self, "cap", cap)

    @classmethod
    def over(cls, tiles: Iterable[int], cap: int | None = 4) -> Wild:
        """Jokers that may stand for ``tiles`` (indices), with that copy ``cap``."""
        return cls(mask_of(tiles), cap)

    def may_be(self, tile: int) -> bool:
        """Whether a joker may be read as ``tile``."""
        return bool(self.stands_for >> tile & 1)

    def room(self, tile: int, held: int) -> int:
        """How many jokers may stand for ``tile`` beside ``held`` real copies of it: -1 where the
        held copies alone pass the cap (no reading at all), 0 where a joker may not be that tile,
        a large number where there is no cap."""
        if self.cap is not None and held > self.cap:
            return -1
        if not self.stands_for >> tile & 1:
            return 0
        return NO_LIMIT if self.cap is None else self.cap - held


NO_LIMIT: Final = 1 << 20  # "room" where a book has no copy cap


def split_counts(counts: Counts, jokers: int) -> tuple[Counts, int]:
    """``counts_and_jokers`` of a hand already counted (34 counts): the kinds in the mask
    ``jokers`` taken out as jokers. The counts are returned as they are where none is held."""
    out = list(counts)
    n = 0
    for t in range(NUM_TILES):
        if jokers >> t & 1 and out[t]:
            n += out[t]
            out[t] = 0
    return (tuple(out), n) if n else (counts, 0)


def counts_and_jokers(tiles: Iterable[int], jokers: int) -> tuple[Counts, int]:
    """A list of physical tile indices split into the counts of ordinary tiles and the number of
    jokers, ``jokers`` being the 34-bit mask of the kinds that are wild in this deal (中 for 红中,
    白 for 杭州, the flipped kinds for 翻鬼). The order of ``tiles`` never matters."""
    counts = [0] * NUM_TILES
    n = 0
    for t in tiles:
        if jokers >> t & 1:
            n += 1
        else:
            counts[t] = counts[t] + 1
    return tuple(counts), n
