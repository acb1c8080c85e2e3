"""The generators' tiles: plain ints, m 0-8, p 9-17, s 18-26, then E S W N C F P 27-33 (the
reference notation's order, not the engine's). Imports nothing of the scorer, so a generated hand
never borrows the judgement of the code it tests."""

from __future__ import annotations

import random

SUIT_LETTERS = "mps"
HONOR_CODES = "ESWNCFP"
CODES: tuple[str, ...] = tuple(f"{r}{s}" for s in SUIT_LETTERS for r in range(1, 10)) + tuple(HONOR_CODES)
INDEX: dict[str, int] = {c: i for i, c in enumerate(CODES)}
WINDS = "ESWN"
WIND_TILES = (27, 28, 29, 30)
DRAGON_TILES = (31, 32, 33)
HONORS = WIND_TILES + DRAGON_TILES
TERMINALS = tuple(s * 9 + r for s in range(3) for r in (0, 8))
ORPHANS = TERMINALS + HONORS


def t(suit: int, rank: int) -> int:
    """Tile index of ``rank`` (1-9) in ``suit`` (0 m, 1 p, 2 s)."""
    return suit * 9 + rank - 1


def rank(i: int) -> int:
    """1-9 for a suited tile, 0 for an honour."""
    return i % 9 + 1 if i < 27 else 0


def suit_tiles(s: int) -> list[int]:
    return list(range(s * 9, s * 9 + 9))


def knitted_tiles(rng: random.Random) -> list[int]:
    """The nine tiles of a knitted straight: 147, 258, 369 in three different suits."""
    suits = rng.sample(range(3), 3)
    return [t(suits[k], r) for k in range(3) for r in (k + 1, k + 4, k + 7)]


class Retry(Exception):
    """This draw broke a limit (a fifth copy, an empty pool): draw again."""
