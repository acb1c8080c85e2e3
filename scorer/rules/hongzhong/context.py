"""The 红中 book's own context fields (the 红中 rule document, §11): the birds turned after the
win (the shared ``birds``, its count checked against ``bird_count`` when scoring) and the kongs of
the hand (``kongs``), each read into a ``Kong`` here; what the hand must agree with is checked when
scoring (``scoring.check_kongs``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from ...context_field import context_field
from ...errors import BAD_VALUE, BAD_WIND, CONTRADICTORY_CONTEXT, UNKNOWN_TILE, ScorerError
from ...shape import Kind, field_spec
from ...tiles import BY_CODE, HONOR_START, INDEX, RED, WINDS
from ..fields import BIRDS, EARTHLY_HAND, HEAVENLY_HAND

RULESET: Final = "hongzhong"
HONOUR_IN_HONGZHONG: Final = "honour_in_hongzhong"
CHOW_IN_HONGZHONG: Final = "chow_in_hongzhong"
RED_IN_MELD: Final = "red_in_meld"
ERRORS: Final = ((HONOUR_IN_HONGZHONG, "No honour tiles but 红中 in 红中麻将"),
                 (CHOW_IN_HONGZHONG, "No chows in 红中麻将"),
                 (RED_IN_MELD, "红中 is never in a meld"))
EXPOSED: Final = "exposed"
ADDED: Final = "added"
CONCEALED: Final = "concealed"
KINDS: Final = (EXPOSED, ADDED, CONCEALED)
MAX_KONGS: Final = 16  # four seats, at most four kongs each
_KEYS: Final = frozenset({"seat", "tile", "kind", "discarder", "drawn"})


@dataclass(frozen=True)
class Kong:
    """One kong of the hand: who made it, of which tile (an index), how (exposed from a discard,
    added to one's pung, concealed), who discarded it (exposed only) and whether an added kong's
    fourth tile was the one just drawn."""

    seat: str
    tile: int
    kind: str
    discarder: str | None = None
    drawn: bool = True


def _fail(code: str, message: str, *at: str | int) -> ScorerError:
    return ScorerError(code, message, ("context", "kongs", *at), ruleset=RULESET)


def _seat(value: object, k: int, key: str) -> str:
    if not isinstance(value, str) or value not in WINDS:
        raise _fail(BAD_WIND, f"kongs[{k}].{key} must be one of E S W N, got {value!r}", k, key)
    return value


def _kong(value: object, k: int) -> Kong:
    if isinstance(value, Kong):
        return value
    if not isinstance(value, Mapping):
        raise _fail(BAD_VALUE, f"kongs[{k}] must be an object (seat, tile, kind, discarder, drawn)", k)
    for key in value:
        if key not in _KEYS:
            raise _fail(BAD_VALUE, f"kongs[{k}] has no field {key!r}", k, str(key))
    seat = _seat(value.get("seat"), k, "seat")
    code = value.get("tile")
    tile = BY_CODE.get(code) if isinstance(code, str) else None
    if tile is None:
        raise _fail(UNKNOWN_TILE, f"kongs[{k}].tile must be one tile code, got {code!r}", k, "tile")
    i = INDEX[tile]
    if i == RED:
        raise _fail(RED_IN_MELD, "中 is the joker: it is never konged (a meld holds number tiles only)", k, "tile")
    if i >= HONOR_START:
        raise _fail(HONOUR_IN_HONGZHONG, f"红中麻将 uses only the number tiles and 中, not {code}", k, "tile")
    kind = value.get("kind")
    if kind not in KINDS:
        raise _fail(BAD_VALUE, f"kongs[{k}].kind must be one of {', '.join(KINDS)}, got {kind!r}", k, "kind")
    by = value.get("discarder")
    if kind == EXPOSED:
        by = _seat(by, k, "discarder")
        if by == seat:
            raise _fail(CONTRADICTORY_CONTEXT, f"kongs[{k}]: an exposed kong is made on another seat's discard", k,
                        "discarder")
    elif by is not None:
        raise _fail(BAD_VALUE, f"kongs[{k}].discarder belongs to an exposed kong, not a {kind} one", k, "discarder")
    drawn = value.get("drawn", True)
    if drawn is not True and drawn is not False:
        raise _fail(BAD_VALUE, f"kongs[{k}].drawn must be true or false, got {drawn!r}", k, "drawn")
    if kind != ADDED and "drawn" in value:
        raise _fail(BAD_VALUE, f"kongs[{k}].drawn belongs to an added kong, not a {kind} one", k, "drawn")
    return Kong(seat, i, str(kind), by, drawn)


def _kongs(value: object) -> object:
    """Every kong of the hand, in the order made; a tile konged twice is refused."""
    if value is None:
        return None
    if not isinstance(value, (list, tuple)):
        raise _fail(BAD_VALUE, "kongs must be a list of kong objects")
    if len(value) > MAX_KONGS:
        raise _fail(BAD_VALUE, f"kongs holds at most {MAX_KONGS} kongs, got {len(value)}")
    out = tuple(_kong(v, k) for k, v in enumerate(value))
    seen: set[int] = set()
    for k, kong in enumerate(out):
        if kong.tile in seen:
            raise _fail(CONTRADICTORY_CONTEXT, "a tile is konged once at most: there are four copies", k, "tile")
        seen.add(kong.tile)
    return out


KONG_FIELDS: Final = (
    field_spec("seat", Kind.WIND, "the seat that made the kong", required=True),
    field_spec("tile", Kind.TILE, "the konged tile (a number tile)", required=True),
    field_spec("kind", Kind.NAME, "exposed (from a discard), added (to one's pung) or concealed", required=True),
    field_spec("discarder", Kind.WIND, "an exposed kong's discarder", nullable=True),
    field_spec("drawn", Kind.BOOL, "an added kong's fourth tile was the one just drawn (default true)"),
)

KONGS = context_field(
    "kongs", Kind.OBJECTS, "every kong of the hand (红中麻将): seat, tile, kind exposed|added|concealed, discarder "
    "(exposed), drawn (added); the winner's must be its kong melds", "HZ13: the 红中 rule document, §9 and §11",
    default=None, read=_kongs, nullable=True, max_items=MAX_KONGS, items=KONG_FIELDS)

FIELDS: Final = (BIRDS, KONGS, HEAVENLY_HAND, EARTHLY_HAND)
