"""The 杭州 book's own context fields: the history of play no tile shows (the Hangzhou rule
document, §11): the 财飘 count, the kong chain, each seat's chows (三吃承包) and a 十风 declaration."""

from __future__ import annotations

from typing import Final

from ...context_field import context_field
from ...errors import BAD_VALUE, UNKNOWN_TILE, ScorerError
from ...shape import FieldSpec, Kind
from ...tiles import CODES, parse_tiles
from ..fields import DEALER_STREAK

SEATS = ("E", "S", "W", "N")
_DOC = "the Hangzhou rule document, §11"


NO_CHOWS: Final = (0, 0, 0, 0)  # (E, S, W, N): what an absent chow_counts means


def _chow_counts(value: object) -> object:
    """{seat: chows} as (E, S, W, N) counts; a seat not given made no chow."""
    at = ("context", "chow_counts")
    if value is None:  # none given: no seat made a chow
        return None
    if isinstance(value, tuple) and len(value) == 4 and all(type(v) is int for v in value):
        return value  # read already
    if not isinstance(value, dict):
        raise ScorerError(BAD_VALUE, "chow_counts must be an object of seats (E S W N) and their chows", at)
    out = [0, 0, 0, 0]
    for seat, n in value.items():
        if seat not in SEATS:
            raise ScorerError(BAD_VALUE, f"chow_counts names seats E S W N, got {seat!r}", (*at, str(seat)))
        if type(n) is not int or not 0 <= n <= 4:
            raise ScorerError(BAD_VALUE, f"chow_counts.{seat} must be a whole number from 0 to 4, got {n!r}",
                              (*at, seat))
        out[SEATS.index(seat)] = n
    return tuple(out)


def _ten_winds(value: object) -> object:
    """The ten discards in order, as codes; exactly ten tiles."""
    at = ("context", "ten_winds")
    if value is None:
        return None
    if isinstance(value, tuple) and all(isinstance(v, str) and v in CODES for v in value):
        tiles = value
    else:
        if isinstance(value, tuple):
            value = list(value)
        if not isinstance(value, (str, list)):
            raise ScorerError(UNKNOWN_TILE, "ten_winds lists the first ten discards as tile codes", at)
        tiles = tuple(t.value for t in parse_tiles(value, at))
    if len(tiles) != 10:
        raise ScorerError(BAD_VALUE, f"ten_winds lists the winner's first ten discards: 10 tiles, got {len(tiles)}",
                          at)
    return tiles


JOKER_DISCARDS = context_field(
    "joker_discards", Kind.INT, "财神 the winner discarded in a row since its last ordinary discard (the 财飘 count); "
    "counted only with 爆头", f"{_DOC} (MIL §八.6)", default=0, minimum=0, maximum=4)
CHAIN_KONGS = context_field(
    "chain_kongs", Kind.INT, "kongs in the winner's unbroken chain (read under kong_chain: each); absent: 1 with "
    "kong_replacement, else 0", f"{_DOC} (HMP's 连杠)", default=None, nullable=True, minimum=0, maximum=4)
CHOW_COUNTS = context_field(
    "chow_counts", Kind.OBJECT, "chows each seat made this hand, by seat (三吃承包); the winner's own, if given, "
    "equals its chow melds; absent, no seat made one", f"{_DOC} (MIL §八.8)", default=None, nullable=True,
    read=_chow_counts,
    items=tuple(FieldSpec(s, Kind.INT, f"chows {s} made", minimum=0, maximum=4) for s in SEATS))
TEN_WINDS = context_field(
    "ten_winds", Kind.TILES, "a 十风 declaration: the winner's first ten discards, in order (the hand then has no "
    "winning tile; concealed holds the 13 tiles kept)", f"{_DOC} (MIL §八.7)", default=None, nullable=True,
    read=_ten_winds, max_items=10)

FIELDS = (DEALER_STREAK, JOKER_DISCARDS, CHAIN_KONGS, CHOW_COUNTS, TEN_WINDS)
