"""A player's name as it shows: the checks that it shows at all (``check_name``), and the one form
of it (``normal_name``) so that one name typed two ways is one player — a room's players and a
tournament's are read through both (RULINGS M10)."""

from __future__ import annotations

import unicodedata
from typing import Any, Final

from .errors import BAD_VALUE, Path, ScorerError
from .shape import MAX_TILE_STRING

MAX_NAME: Final = MAX_TILE_STRING
# Characters a name may not hold: controls, format characters (zero-width, bidi marks), surrogates,
# private use and unassigned code points; none of them shows, or shows the same everywhere.
REFUSED_IN_NAMES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})  # line and paragraph separators too
# Characters that change no name as it shows: variation selectors and the combining grapheme joiner.
_INVISIBLE_IN_NAMES: Final = dict.fromkeys([0x034F, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)])
# Letters and symbols that render as blank space: a name of only these (or spaces) is blank.
_BLANK_LOOKING: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def check_name(name: object, at: Path) -> None:
    """A player's name must show, and show one way (RULINGS M10); the room and the standings ask this."""
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise ScorerError(BAD_VALUE, f"a player name is a non-blank string of at most {MAX_NAME} characters, "
                          f"got {name!r}", at)
    for ch in name:
        category = unicodedata.category(ch)
        if category in REFUSED_IN_NAMES:
            raise ScorerError(BAD_VALUE, f"a player name may not hold U+{ord(ch):04X} (Unicode category {category}: "
                              "control, format, surrogate, private-use or unassigned characters do not show)", at)
    if all(ch.isspace() or ch in _BLANK_LOOKING for ch in name):
        raise ScorerError(BAD_VALUE, f"a player name must show something; {name!r} is blank", at)
    if all(unicodedata.category(ch)[0] == "M" or ch.isspace() for ch in name):
        raise ScorerError(BAD_VALUE, f"a player name must show something; {name!r} is only combining marks, "
                          "which show on another character", at)


def normal_name(name: object) -> Any:
    """A name as it shows, so that one name typed two ways is one player wherever it appears: in
    Unicode NFC ("é" or "e" + a combining accent), without the spaces around it ("Ann " is "Ann"),
    variation selectors or combining grapheme joiners ("A\uFE0F" and "A\u034F" are "A"), nor the
    blank-looking fillers around it ("Ann\u2800" is "Ann"); anything else as it is, for the checks to
    refuse."""
    if not isinstance(name, str):
        return name
    n = unicodedata.normalize("NFC", name.translate(_INVISIBLE_IN_NAMES))
    start, end = 0, len(n)
    while start < end and _blank_edge(n[start]):  # spaces and fillers: a control or separator is refused
        start += 1
    while end > start and _blank_edge(n[end - 1]):
        end -= 1
    return n[start:end]


def _blank_edge(ch: str) -> bool:
    return ch in _BLANK_LOOKING or unicodedata.category(ch) == "Zs"
