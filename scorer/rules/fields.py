"""Context fields more than one book declares, declared once here so that each book's is the same.

A field one book alone reads lives in that book's own ``context.py``; a field two books share (the
tiles turned after a win in the joker books, the first-tiles wins of Sichuan and Taiwan, the
dealer's streak) is declared here and named in each book's fields.
"""

from __future__ import annotations

from typing import Any, Final

from ..context import Context, contradiction
from ..context_field import context_field
from ..errors import BAD_VALUE, UNKNOWN_TILE, ScorerError
from ..shape import Kind
from ..tiles import CODES, parse_tiles

MAX_DEALER_STREAK: Final = 99  # hands the dealer has kept (連莊); far above any real streak
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


def _first_draw(name: str, ctx: Context) -> None:
    """天胡 and 地胡 are self-drawn wins on a player's first tiles (RULINGS S16): one of them, and
    not on the wall's last tile. (Whether one may come on a replacement is the book's to say:
    Sichuan's never does, a Taiwanese dealer's may, after replacing a dealt flower; and whose
    seat may win which is the book's too.)"""
    if ctx.get("heavenly_hand") and ctx.get("earthly_hand"):
        contradiction("earthly_hand", "heavenly_hand (天胡) is the dealer's, earthly_hand (地胡) another player's")
    if not ctx.self_drawn:
        contradiction(name, f"{name} is a self-drawn win on one's first tiles, but self_drawn is false")
    if ctx.last_wall_tile:
        contradiction(name, f"{name} is won on one's first tiles, not on the wall's last tile")


def _heavenly(ctx: Any) -> None:
    _first_draw("heavenly_hand", ctx)


def _earthly(ctx: Any) -> None:
    _first_draw("earthly_hand", ctx)


HEAVENLY_HAND = context_field(
    "heavenly_hand", Kind.BOOL, "the dealer (East) won on the tiles dealt (天胡), self-drawn, before any claim",
    "RULINGS S16 (Sichuan), TW20 (Taiwan)", default=False, agree=_heavenly)
EARTHLY_HAND = context_field(
    "earthly_hand", Kind.BOOL, "a player who is not the dealer won self-drawn on the first tile drawn, before any "
    "claim (地胡)", "RULINGS S16 (Sichuan), TW20 (Taiwan)", default=False, agree=_earthly)
DEALER_STREAK = context_field(
    "dealer_streak", Kind.INT, "hands the dealer (East) has kept in a row before this one (連莊, n), where the book "
    "pays the dealer more for it", "RULINGS TW6 (Taiwan)", default=0, minimum=0, maximum=MAX_DEALER_STREAK)
