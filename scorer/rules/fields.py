"""Context fields more than one book declares, declared once here so that each book's is the same.

A field one book alone reads lives in that book's own ``context.py``; a field two books share (the
tiles turned after a win in the joker books) is declared here and named in each book's fields.
"""

from __future__ import annotations

from ..context_field import context_field
from ..errors import BAD_VALUE, UNKNOWN_TILE, ScorerError
from ..shape import Kind
from ..tiles import CODES, parse_tiles

MAX_BIRDS = 20  # the most tiles any book turns after a win (买马 goes to 20); a book's option may allow fewer
JOKER_CODE = "J"  # a faceless flower ghost (广东's 花鬼), where a book has them; the other books refuse it
_BIRD_CODES = frozenset((*CODES, JOKER_CODE))


def _birds(value: object) -> object:
    """The tiles in the order turned: a list of codes (``J`` among them where a book has flower
    ghosts), or a compact string of ordinary tiles."""
    if isinstance(value, str):
        value = tuple(t.value for t in parse_tiles(value, ("context", "birds")))
    if not isinstance(value, (list, tuple)):
        raise ScorerError(BAD_VALUE, "birds must be a list of tile codes", ("context", "birds"))
    for k, code in enumerate(value):
        if not isinstance(code, str) or code not in _BIRD_CODES:
            raise ScorerError(UNKNOWN_TILE, f"birds lists tile codes, got {code!r}", ("context", "birds", k))
    if len(value) > MAX_BIRDS:
        raise ScorerError(BAD_VALUE, f"birds holds at most {MAX_BIRDS} tiles, got {len(value)}", ("context", "birds"))
    return tuple(value)


BIRDS = context_field(
    "birds", Kind.TILES,
    "the tiles turned from the wall after the win, in order (扎鸟 birds, 买马 horses); the book decides the hits "
    "and how many may be turned", "the joker books' documents, Proposed request shape", default=(), read=_birds,
    max_items=MAX_BIRDS)
