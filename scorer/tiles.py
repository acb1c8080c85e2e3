"""The 34 tile kinds, their predicates, and the tile-list notations (compact and Botzone).

Tiles are a ``StrEnum`` whose values are the canonical codes (``Tile("5p")``), so parsing one
code is a lookup. The engine works on small ints: ``Tile.index`` follows the reference
calculator's order (characters, bamboo, dots, then E S W N C F P) so that ties between
arrangements are broken the way users of that tool are used to.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Final

from .errors import BAD_NOTATION, UNKNOWN_TILE, Path, ScorerError

DISPLAY_SUITS: Final = "mps"  # how people write a hand: 萬 餅 條
WINDS: Final = "ESWN"
DRAGONS: Final = "CFP"  # red 中, green 發, white 白


class Wind(StrEnum):
    """A seat or prevalent wind (a discarder is a seat); the value is the code of its tile."""

    E = "E"
    S = "S"
    W = "W"
    N = "N"


# A wind's code by the wind: an enum member's ``value`` is a property, a Python call ten times a
# dict lookup, and a book reads the winner's seat for every hand it scores.
WIND_CODE: Final[dict[Wind, str]] = {w: w.value for w in Wind}


class Tile(StrEnum):
    """One tile kind; the value is its canonical code."""

    M1 = "1m"
    M2 = "2m"
    M3 = "3m"
    M4 = "4m"
    M5 = "5m"
    M6 = "6m"
    M7 = "7m"
    M8 = "8m"
    M9 = "9m"
    S1 = "1s"
    S2 = "2s"
    S3 = "3s"
    S4 = "4s"
    S5 = "5s"
    S6 = "6s"
    S7 = "7s"
    S8 = "8s"
    S9 = "9s"
    P1 = "1p"
    P2 = "2p"
    P3 = "3p"
    P4 = "4p"
    P5 = "5p"
    P6 = "6p"
    P7 = "7p"
    P8 = "8p"
    P9 = "9p"
    E = "E"
    S = "S"
    W = "W"
    N = "N"
    C = "C"
    F = "F"
    P = "P"

    @property
    def index(self) -> int:  # type: ignore[override]  # the tile's engine index, not str.index
        return INDEX[self]

    @classmethod
    def at(cls, index: int) -> Tile:
        return ALL_TILES[index]

    def __repr__(self) -> str:
        return f"Tile({self.value!r})"


ALL_TILES: Final[tuple[Tile, ...]] = tuple(Tile)
INDEX: Final[dict[Tile, int]] = {t: i for i, t in enumerate(ALL_TILES)}
CODES: Final[tuple[str, ...]] = tuple(t.value for t in ALL_TILES)

# --- predicates on indices, precomputed once -------------------------------------------------
NUM_TILES: Final = 34
HONOR_START: Final = 27
# The honours' indices, each a literal: the compiled build puts a literal Final's value in place
# where it is read, and looks any other module-level name up by name at every read.
EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
RED: Final = 31
GREEN: Final = 32
WHITE: Final = 33


def suit_of(i: int) -> int:
    """0 characters, 1 bamboo, 2 dots, 3 honours."""
    return i // 9 if i < HONOR_START else 3


def rank_of(i: int) -> int:
    """1–9 for suited tiles, 0 for honours."""
    return i % 9 + 1 if i < HONOR_START else 0


SUIT: Final = tuple(suit_of(i) for i in range(NUM_TILES))
RANK: Final = tuple(rank_of(i) for i in range(NUM_TILES))
IS_HONOR: Final = tuple(i >= HONOR_START for i in range(NUM_TILES))
IS_WIND: Final = tuple(EAST <= i <= NORTH for i in range(NUM_TILES))
IS_DRAGON: Final = tuple(RED <= i <= WHITE for i in range(NUM_TILES))
IS_TERMINAL: Final = tuple(RANK[i] in (1, 9) for i in range(NUM_TILES))
IS_TERMINAL_OR_HONOR: Final = tuple(IS_TERMINAL[i] or IS_HONOR[i] for i in range(NUM_TILES))
# 推不倒: 1234589 dots, 245689 bamboo, white dragon — faces with no up or down.
IS_REVERSIBLE: Final = tuple(
    (SUIT[i] == 2 and RANK[i] in (1, 2, 3, 4, 5, 8, 9))
    or (SUIT[i] == 1 and RANK[i] in (2, 4, 5, 6, 8, 9))
    or i == WHITE
    for i in range(NUM_TILES)
)
# 绿一色: 23468 bamboo and the green dragon.
IS_GREEN: Final = tuple((SUIT[i] == 1 and RANK[i] in (2, 3, 4, 6, 8)) or i == GREEN for i in range(NUM_TILES))


BY_CODE: Final[dict[str, Tile]] = {t.value: t for t in ALL_TILES}  # a dict lookup beats Tile(code) tenfold
INDEX_OF_CODE: Final[dict[str, int]] = {t.value: i for i, t in enumerate(ALL_TILES)}  # a code straight to its index


# --- compact notation: "123m 456p 789s EE" ------------------------------------------------------
_COMPACT_TOKEN: Final = re.compile(r"\s+|([1-9]+)([mps])|([ESWNCFP])")


def parse_tiles(text: object, field: Path = ()) -> tuple[Tile, ...]:
    """Read a tile list: a JSON-style list of codes, or a compact string such as ``"123m EE"``.

    Case matters (``"3sS"`` is 3-bamboo then South), so a bad letter is an error, never a guess.
    """
    if not isinstance(text, str):
        if not isinstance(text, (list, tuple)):
            raise ScorerError(BAD_NOTATION, "tiles must be a compact string or a list of tile codes", field)
        tiles = []
        for k, code in enumerate(text):
            if not isinstance(code, str):
                raise ScorerError(UNKNOWN_TILE, f"tile code must be a string, got {code!r}", (*field, k))
            tile = BY_CODE.get(code)
            if tile is None:
                raise ScorerError(UNKNOWN_TILE, f"unknown tile code {code!r}", (*field, k))
            tiles.append(tile)
        return tuple(tiles)
    read = compact_indices(text)
    if read is not None:
        return tuple([ALL_TILES[i] for i in read])
    return _parse_compact(text, field)


# The compact notation's characters, by code point (ASCII): a digit's rank (1-9), a suit letter's
# first tile index + 100, an honour letter's index + 200, -1 whitespace, 0 anything else.
def _char_class(o: int) -> int:
    ch = chr(o)
    if "1" <= ch <= "9":
        return o - ord("0")
    if ch in "mps":
        return 100 + INDEX[BY_CODE["1" + ch]]
    if ch in WINDS or ch in DRAGONS:
        return 200 + INDEX[BY_CODE[ch]]
    return -1 if ch.isspace() else 0


_CHAR_CLASS: Final[tuple[int, ...]] = tuple(_char_class(o) for o in range(128))


def compact_indices(text: str) -> list[int] | None:
    """The tile indices of a well-formed compact string in ASCII, read byte by byte from a table
    (the hot path: most requests write their tiles this way); None otherwise, for ``parse_tiles``
    to read it token by token (other whitespace) or say why it cannot."""
    if not text.isascii():
        return None
    out: list[int] = []
    pending = 0  # digits read whose suit letter is still to come
    for o in text.encode():
        c = _CHAR_CLASS[o]
        if 0 < c < 10:
            out.append(c - 1)
            pending += 1
        elif c >= 200:
            if pending:
                return None
            out.append(c - 200)
        elif c >= 100:
            if not pending:
                return None
            base = c - 100
            for j in range(len(out) - pending, len(out)):
                out[j] = out[j] + base  # not +=: compiled, that is a generic object add
            pending = 0
        elif c < 0 and not pending:
            continue
        else:
            return None
    return None if pending else out


def compact_counts(text: str, held: list[int]) -> bool:
    """``compact_indices``' reading counted straight into ``held`` (added per tile kind), with no
    list of indices between: False where that says None (``held`` is then half written)."""
    if not text.isascii():
        return False
    digits = 0  # the digits whose suit letter is still to come, five bits of count per rank
    pending = 0
    for o in text.encode():
        c = _CHAR_CLASS[o]
        if 0 < c < 10:
            if pending == 31:  # a count could overflow its five bits: let the token reader judge
                return False
            digits = digits + (1 << (5 * (c - 1)))
            pending = pending + 1
        elif c >= 200:
            if pending:
                return False
            held[c - 200] = held[c - 200] + 1
        elif c >= 100:
            if not pending:
                return False
            i = c - 100
            while digits:
                n = digits & 31
                if n:
                    held[i] = held[i] + n
                digits = digits >> 5
                i = i + 1
            pending = 0
        elif c < 0 and not pending:
            continue
        else:
            return False
    return not pending


def _parse_compact(text: str, field: Path) -> tuple[Tile, ...]:
    """The compact notation read token by token: what says where a malformed string goes wrong."""
    tiles: list[Tile] = []
    pos = 0
    while pos < len(text):
        m = _COMPACT_TOKEN.match(text, pos)
        if m is None:
            raise ScorerError(
                BAD_NOTATION,
                f"cannot read {text!r} at position {pos} ({text[pos]!r}): {notation_hint(text, pos)}",
                field,
            )
        if m.group(1):
            suit = m.group(2)
            tiles.extend(BY_CODE[d + suit] for d in m.group(1))
        elif m.group(3):
            tiles.append(BY_CODE[m.group(3)])
        pos = m.end()
    return tuple(tiles)


_EXPECTED: Final = "expected digits closed by m, p or s (1-9 each), or one of E S W N C F P"
_CHINESE: Final = frozenset("一二三四五六七八九万萬条條索筒饼餅东東南西北中发發白红紅")
_Z_HONOURS: Final = "1z-4z are E S W N, 5z 6z 7z are P F C (white, green, red)"


def notation_hint(text: str, pos: int) -> str:
    """What to write instead of the character at ``pos``, for the mistakes people make: other
    notations' z-honours and red fives, lower-case honours, Chinese names. Case matters, and none of
    these is read as a guess."""
    ch = text[pos]
    run = re.match(r"[0-9]+([a-zA-Z]?)", text[pos:])
    if run and "0" in run.group(0) and run.group(1) in ("m", "p", "s"):
        return f"{_EXPECTED}; red fives (0m, 0p, 0s) are not in these rule books: write 5m, 5p or 5s"
    if run and run.group(1) in ("z", "Z"):
        return f"{_EXPECTED}; z-honours are not this notation: {_Z_HONOURS}"
    if run and run.group(1) in ("M", "P", "S"):
        return f"{_EXPECTED}; case matters: suits are lower case (m, p, s), honours capitals"
    if run and run.group(1) and run.group(1) not in "mps":  # digits closed by another letter: what is it?
        return notation_hint(text, pos + len(run.group(0)) - 1)
    if ch == "r" and pos > 0 and text[pos - 1] in "mps":
        return f"{_EXPECTED}; a red five (5mr) is not in these rule books: write 5m"
    if ch in "eswncfp":
        return (f"{_EXPECTED}; case matters: honours are capitals, E S W N (winds) and C F P (red, green, "
                "white dragons), and a lower-case m, p or s closes a run of digits")
    if ch in _CHINESE:
        return (f"{_EXPECTED}; Chinese tile names are not the notation: 一万 is 1m, 条/索 s, 筒/饼 p, "
                "东南西北 E S W N, 中发白 C F P")
    return _EXPECTED


def _display_key(t: Tile) -> tuple[int, int]:
    i = INDEX[t]
    if IS_HONOR[i]:
        return (3, i)
    return (DISPLAY_SUITS.index(t.value[1]), RANK[i])


DISPLAY_ORDER: Final[dict[Tile, tuple[int, int]]] = {t: _display_key(t) for t in ALL_TILES}
# The same order as one int per tile (an int key sorts faster than a pair).
DISPLAY_INDICES: Final[tuple[int, ...]] = tuple(sorted(range(NUM_TILES), key=lambda i: DISPLAY_ORDER[ALL_TILES[i]]))
DISPLAY_RANK: Final[dict[Tile, int]] = {t: n for n, t in enumerate(sorted(ALL_TILES, key=DISPLAY_ORDER.__getitem__))}


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Tiles in the order people write them: characters, dots, bamboo, then honours."""
    return tuple(sorted(tiles, key=DISPLAY_RANK.__getitem__))


def format_tiles(tiles: Iterable[Tile], sep: str = " ", sort: bool = True) -> str:
    """The compact notation; ``parse_tiles(format_tiles(ts))`` gives the same tiles back."""
    seq = tuple(tiles)
    for t in seq:
        if not isinstance(t, Tile):
            raise TypeError(f"format_tiles takes Tile values, not {t!r} (parse_tiles reads codes)")
    if sort:
        seq = sort_tiles(seq)
    groups: list[list[str]] = []  # [suit letter or "", digits or honour letters]
    for t in seq:
        v = t.value
        suit, face = (v[1], v[0]) if len(v) == 2 else ("", v)
        if groups and groups[-1][0] == suit:
            groups[-1][1] += face
        else:
            groups.append([suit, face])
    return sep.join(face + suit for suit, face in groups)


# --- Botzone codes: W1-W9 萬, T1-T9 條, B1-B9 餅, F1-F4 winds, J1-J3 中發白 -----------------------
_BOTZONE_SUIT = {"W": "m", "T": "s", "B": "p"}
_BOTZONE_HONOR = {"F1": "E", "F2": "S", "F3": "W", "F4": "N", "J1": "C", "J2": "F", "J3": "P"}
_TO_BOTZONE = {v: k for k, v in _BOTZONE_HONOR.items()} | {
    f"{r}{s}": f"{b}{r}" for b, s in _BOTZONE_SUIT.items() for r in range(1, 10)
}


def from_botzone(code: str, field: Path = ()) -> Tile:
    """``"W1"`` → ``Tile("1m")``."""
    if code in _BOTZONE_HONOR:
        return Tile(_BOTZONE_HONOR[code])
    if len(code) == 2 and code[0] in _BOTZONE_SUIT and code[1] in "123456789":
        return Tile(code[1] + _BOTZONE_SUIT[code[0]])
    raise ScorerError(UNKNOWN_TILE, f"unknown Botzone tile code {code!r}", field)


def to_botzone(tile: Tile) -> str:
    """``Tile("1m")`` → ``"W1"``."""
    if not isinstance(tile, Tile):
        raise TypeError(f"to_botzone takes a Tile, not {tile!r}")
    return _TO_BOTZONE[tile.value]


def parse_botzone(text: object, field: Path = ()) -> tuple[Tile, ...]:
    """A Botzone tile list, space-separated or as a list: ``"W1 T2 J3"``."""
    if isinstance(text, str):
        codes: Sequence[object] = text.split()
    elif isinstance(text, (list, tuple)):
        codes = text
    else:
        raise ScorerError(BAD_NOTATION, "Botzone tiles must be a space-separated string or a list of codes", field)
    tiles = []
    for k, code in enumerate(codes):
        if not isinstance(code, str):
            raise ScorerError(UNKNOWN_TILE, f"Botzone tile code must be a string, got {code!r}", (*field, k))
        tiles.append(from_botzone(code, (*field, k)))
    return tuple(tiles)


def format_botzone(tiles: Iterable[Tile]) -> str:
    return " ".join(to_botzone(t) for t in tiles)
