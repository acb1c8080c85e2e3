"""The 广东推倒胡 book's own context fields (the rule document's §11): the horses turned (the joker
books' shared ``birds``), the flip ghosts' kinds, the liable kong discarder and the ghosts the
winner discarded."""

from __future__ import annotations

from ...context_field import context_field
from ...errors import BAD_VALUE, UNKNOWN_TILE, ScorerError
from ...shape import Kind
from ...tiles import CODES, parse_tiles
from ..fields import BIRDS, EARTHLY_HAND, HEAVENLY_HAND

_CODES = frozenset(CODES)


def _jokers(value: object) -> object:
    """One or two distinct tile codes (a compact string or a list)."""
    at = ("context", "jokers")
    if isinstance(value, str):
        value = tuple(t.value for t in parse_tiles(value, at))
    if not isinstance(value, (list, tuple)):
        raise ScorerError(BAD_VALUE, "jokers must be a list of one or two tile codes", at)
    for k, code in enumerate(value):
        if not isinstance(code, str) or code not in _CODES:
            raise ScorerError(UNKNOWN_TILE, f"jokers lists tile codes, got {code!r}", (*at, k))
        if code in value[:k]:
            raise ScorerError(BAD_VALUE, f"jokers lists {code} twice", (*at, k))
    if len(value) > 2:  # none is its default: under ghosts flip the book asks for one or two
        raise ScorerError(BAD_VALUE, f"jokers names one or two kinds (翻鬼, 翻双鬼), got {len(value)}", at)
    return tuple(value)


JOKERS = context_field(
    "jokers", Kind.TILES, "the kinds that are ghosts in this deal under ghosts: flip (翻鬼: one kind, 翻双鬼: two); "
    "required there, refused otherwise", "GD2: the 广东推倒胡 rule document, §11", default=(), read=_jokers,
    max_items=2, waits=True)
KONG_DISCARDER = context_field(
    "kong_discarder", Kind.WIND, "the seat whose discard the winner claimed as a kong just before this replacement "
    "win (杠爆全包: that seat pays for all three); absent after a concealed or added kong",
    "GD5: the 广东推倒胡 rule document, §11", default=None, nullable=True)
GHOSTS_DISCARDED = context_field(
    "ghosts_discarded", Kind.INT, "how many ghosts the winner discarded this hand (出鬼: each doubles under "
    "ghost_discard_double)", "GD7: the 广东推倒胡 rule document, §11", default=0, minimum=0, maximum=4)

FIELDS = (BIRDS, JOKERS, KONG_DISCARDER, GHOSTS_DISCARDED, HEAVENLY_HAND, EARTHLY_HAND)
