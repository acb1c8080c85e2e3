"""Validated hands: concealed tiles, declared melds, the winning tile and flowers.

A ``Hand`` that exists is a possible hand: the constructor refuses a wrong tile count, a fifth copy,
a chow that is no run, a "concealed" pung. Whether it is *complete* is the scorer's question, not
an error. Hands print as the reference calculator's notation, so anything printed pastes back:
``Hand.parse("[123p1][345s2]66m789sEE1m")``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Final

from .errors import (
    BAD_FLOWERS,
    BAD_MELD,
    BAD_NOTATION,
    BAD_VALUE,
    CONCEALED_NOT_KONG,
    TILE_COUNT,
    TOO_MANY_COPIES,
    Path,
    ScorerError,
)
from .flowers import Flower, parse_flowers
from .set_kind import CHOW, KONG, MELD_KINDS, PUNG, SetKind
from .set_kind import MeldKind as MeldKind  # its public home before the set kinds had one
from .shape import MAX_NOTATION, FieldSpec, Kind, field_spec, spec
from .tiles import (
    ALL_TILES,
    BY_CODE,
    DISPLAY_INDICES,
    DISPLAY_RANK,
    INDEX,
    INDEX_OF_CODE,
    IS_HONOR,
    NUM_TILES,
    Tile,
    compact_counts,
    format_tiles,
    parse_tiles,
)

MAX_FLOWERS: Final = 8
# A regular hand is this many sets and a pair: four in the 14-tile books, five in a 16-tile book
# (Taiwan's 17 tiles at the win). A hand's own count says which; a rule book refuses the other.
SET_COUNTS: Final = (4, 5)
MAX_MELDS: Final = 5


@dataclass(frozen=True, init=False)
class Meld:
    """A declared set. ``tile`` is the lowest tile of a chow, the tile of a pung or kong.

    ``claimed`` keeps the reference notation's offer digit (1–3) for round trips; it never
    changes a score, so it takes no part in equality.
    """

    kind: MeldKind
    tile: Tile
    concealed: bool = False
    claimed: int = field(default=0, compare=False)
    # ``tile``'s index (``INDEX``), read by every book: a native int, no dict lookup
    index: int = field(init=False, repr=False, compare=False)

    def __init__(self, kind: MeldKind, tile: Tile, concealed: bool = False, claimed: int = 0) -> None:
        # written out rather than generated: compiled, it is native code (see ``result.FanScore``)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "claimed", claimed)
        self.__post_init__()

    def __post_init__(self) -> None:
        # Typed values only: a plain string kind or tile would slip past the checks below (and a
        # meld keys the result cache). ``Meld.from_tiles`` is the constructor that reads codes.
        if not isinstance(self.kind, SetKind) or self.kind not in MELD_KINDS:
            raise TypeError(
                f"a meld's kind must be MeldKind.CHOW, PUNG or KONG, not {self.kind!r} (Meld.from_tiles reads tiles)"
            )
        if not isinstance(self.tile, Tile):
            raise TypeError(f"a meld's tile must be a Tile, not {self.tile!r} (Meld.from_tiles reads tile codes)")
        if self.concealed is not True and self.concealed is not False:
            raise TypeError(f"concealed must be True or False, not {self.concealed!r}")
        if isinstance(self.claimed, bool) or not isinstance(self.claimed, int) or not 0 <= self.claimed <= 3:
            raise ScorerError(BAD_VALUE, f"claimed is an offer digit from 0 to 3, got {self.claimed!r}")
        i = INDEX[self.tile]
        object.__setattr__(self, "index", i)
        if self.concealed and self.kind is not KONG:
            raise ScorerError(CONCEALED_NOT_KONG, f"only a kong can be concealed, not a {self.kind.value}")
        if self.kind is CHOW and (IS_HONOR[i] or ALL_TILES[i].value[0] > "7"):
            raise ScorerError(BAD_MELD, f"no chow starts at {self.tile}")

    @property
    def tiles(self) -> tuple[Tile, ...]:
        i = INDEX[self.tile]
        if self.kind is CHOW:
            return (ALL_TILES[i], ALL_TILES[i + 1], ALL_TILES[i + 2])
        return (self.tile,) * (4 if self.kind is KONG else 3)

    @classmethod
    def from_tiles(
        cls, tiles: str | Sequence[str], concealed: bool = False, claimed: int = 0, field: Path = ()
    ) -> Meld:
        """The kind follows from the tiles: a run is a chow, three alike a pung, four a kong."""
        ts = parse_tiles(tiles, (*field, "tiles"))
        idx = sorted(INDEX[t] for t in ts)
        kind: MeldKind | None = None
        if len(idx) in (3, 4) and len(set(idx)) == 1:
            kind = PUNG if len(idx) == 3 else KONG
        elif len(idx) == 3 and not IS_HONOR[idx[0]] and idx[0] + 1 == idx[1] and idx[1] + 1 == idx[2] \
                and ALL_TILES[idx[0]].value[1] == ALL_TILES[idx[2]].value[1]:
            kind = CHOW
        if kind is None:
            raise ScorerError(
                BAD_MELD,
                f"{format_tiles(ts) or 'no tiles'} is not a chow (three in a row of one suit), "
                "pung (three alike) or kong (four alike)",
                (*field, "tiles"),
            )
        if concealed and kind is not KONG:
            raise ScorerError(CONCEALED_NOT_KONG, f"only a kong can be concealed, not a {kind}", (*field, "concealed"))
        return cls(kind, ALL_TILES[idx[0]], concealed, claimed)

    def notation(self) -> str:
        """``[123p1]``: melded chows and pungs keep their digit; a melded kong always has one."""
        digit = ""
        if self.kind is KONG:
            digit = "" if self.concealed else str(self.claimed or 1)
        elif self.claimed:
            digit = str(self.claimed)
        return f"[{format_tiles(self.tiles, sep='')}{digit}]"


# A meld as a request gives it (``Meld.from_tiles``): its kind follows from its tiles.
MELD_FIELDS: tuple[FieldSpec, ...] = (
    field_spec("tiles", Kind.TILES, "the meld's tiles: a run is a chow, three alike a pung, four a kong",
               required=True),
    field_spec("concealed", Kind.BOOL, "a concealed kong (暗杠); only a kong may be concealed"),
)


def tile_counts(
    concealed: tuple[Tile, ...], melds: tuple[Meld, ...], winning_tile: Tile | None = None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per tile kind: the standing tiles (concealed, with the winning tile if there is one), then
    every tile of the hand, melds included — what a hand or a holding checks and scores from."""
    held = _counted(concealed)
    if winning_tile is not None:
        held[INDEX[winning_tile]] = held[INDEX[winning_tile]] + 1
    return tuple(held), _with_melds(held, melds)


def _held_of(concealed: object) -> list[int]:
    """A request's concealed tiles as counts per tile kind: a compact string or a list of codes
    counted straight, else ``parse_tiles`` (other whitespace, tuples, or the error that says why)."""
    # ``held[i] = held[i] + 1``, not ``+=``: compiled, an augmented item assignment is a generic
    # object add, the written-out one an integer add (the same in the other counting loops here)
    held = [0] * NUM_TILES
    if type(concealed) is str:
        if compact_counts(concealed, held):
            return held
        held = [0] * NUM_TILES
    elif type(concealed) is list:  # codes, as JSON gives them: counted straight, no tiles made
        counted = True
        for code in concealed:
            i = INDEX_OF_CODE.get(code, -1) if type(code) is str else -1
            if i < 0:  # not a code: parse_tiles says why
                counted = False
                break
            held[i] = held[i] + 1
        if counted:
            return held
        held = [0] * NUM_TILES
    for t in parse_tiles(concealed, ("hand", "concealed")):
        held[INDEX[t]] = held[INDEX[t]] + 1
    return held


def _counted(tiles: tuple[Tile, ...]) -> list[int]:
    held = [0] * NUM_TILES
    for t in tiles:
        held[INDEX[t]] = held[INDEX[t]] + 1
    return held


def _with_melds(held: list[int], melds: tuple[Meld, ...]) -> tuple[int, ...]:
    """``held`` with the melds' tiles added (in place), as a tuple."""
    for m in melds:
        i = m.index
        if m.kind is CHOW:
            held[i] = held[i] + 1
            held[i + 1] = held[i + 1] + 1
            held[i + 2] = held[i + 2] + 1
        else:
            held[i] = held[i] + (4 if m.kind is KONG else 3)
    return tuple(held)


def build_melds(melds: object) -> list[Meld]:
    """Melds from loose parts (``Meld`` values or ``{"tiles": ..., "concealed": ...}`` objects, as
    JSON gives them), for every builder of a hand; errors point at ``/hand/melds/k``."""
    if not isinstance(melds, (list, tuple)):
        raise ScorerError(BAD_VALUE, "melds must be a list of melds", ("hand", "melds"))
    built: list[Meld] = []
    for k, m in enumerate(melds):
        if isinstance(m, Meld):
            built.append(m)
            continue
        if type(m) is dict:  # as JSON gives it: read natively (an ABC's isinstance is slow)
            concealed = m.get("concealed", False)
            tiles = m.get("tiles", "")
        elif isinstance(m, Mapping):
            concealed = m.get("concealed", False)
            tiles = m.get("tiles", "")
        else:
            raise ScorerError(BAD_VALUE, "a meld must be an object with tiles", ("hand", "melds", k))
        if not isinstance(concealed, bool):
            raise ScorerError(BAD_VALUE, "concealed must be true or false", ("hand", "melds", k, "concealed"))
        # Melds are values: one read from the same codes before is handed out again.
        key: object = None
        if type(tiles) is list:
            key = (tuple(tiles), concealed)
        elif type(tiles) is str:  # an open meld's string itself: no tuple left behind for most melds
            key = (tiles, True) if concealed else tiles
        try:
            meld = _MELDS.get(key) if key is not None else None
        except TypeError:  # an unhashable "code": from_tiles names the error
            key = meld = None
        if meld is None:
            meld = Meld.from_tiles(tiles, concealed, field=("hand", "melds", k))
            if key is not None:
                if len(_MELDS) >= _MELDS_MAX:
                    _MELDS.clear()
                _MELDS[key] = meld
        built.append(meld)
    return built


_MELDS: Final[dict[object, Meld]] = {}
_MELDS_MAX: Final = 4096


@dataclass(frozen=True, eq=False, init=False)
class Hand:
    """A possible hand at the moment of winning: 14 tiles, or 17 in a 16-tile book (kongs count as
    three); ``sets`` says which (4 or 5 sets and a pair).

    Equal hands are the same tiles, the same melds in any order, the same winning tile and
    flowers; the hash is computed once, when first asked (hands key the result cache, when it is on).
    """

    concealed: tuple[Tile, ...] = field(metadata=spec(
        Kind.TILES, "the concealed tiles, without the winning tile (13 minus 3 per meld; 16 minus 3 per meld in a "
        "16-tile rule book)", required=True))
    melds: tuple[Meld, ...] = field(metadata=spec(
        Kind.OBJECTS, "the declared sets", max_items=MAX_MELDS, items=MELD_FIELDS))
    winning_tile: Tile = field(metadata=spec(
        Kind.TILE, "the winning tile; left out only for a win by the flowers alone (a Taiwanese 八仙過海 or 七搶一, "
        "context flower_win), where concealed holds the tiles held"))
    flowers: int = field(default=0, metadata=spec(
        Kind.FLOWERS, "flower tiles: how many (MCR counts them), or which, by name (Hong Kong scores them by seat)",
        minimum=0, maximum=MAX_FLOWERS))
    # The flowers by name when they were named (their count is then ``flowers``).
    flower_tiles: tuple[Flower, ...] = ()
    # Count vectors, worked out once here since validation needs them anyway.
    _standing: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _counts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _key: tuple[object, ...] = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)
    # 4 or 5: the sets of a regular hand of this size (from the tile count; one of ``SET_COUNTS``)
    sets: int = field(init=False, repr=False, compare=False)
    # the winning tile's index (``INDEX``), read by every book's facts: a native int, no dict lookup
    win: int = field(init=False, repr=False, compare=False)

    def __init__(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...], winning_tile: Tile, flowers: int = 0,
                 flower_tiles: tuple[Flower, ...] = (), *, _held: list[int] | None = None) -> None:
        # written out rather than generated: compiled, it is native code (see ``result.FanScore``).
        # ``_held``: the concealed tiles as counts, from ``Hand.build``, which read them as such;
        # ``concealed`` is then made from them.
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "winning_tile", winning_tile)
        object.__setattr__(self, "flowers", flowers)
        object.__setattr__(self, "flower_tiles", flower_tiles)
        self._settle(_held)

    def __post_init__(self) -> None:
        self._settle(None)

    def _settle(self, counted: list[int] | None) -> None:
        # Typed values only: plain strings would look equal to tiles (Tile is a StrEnum) in the
        # result cache's key yet fail every identity test in the scorer. ``Hand.build`` and
        # ``Hand.parse`` are the constructors that read codes and notations.
        if counted is None and not _tuple_of(self.concealed, Tile):
            raise TypeError(
                f"concealed must be a tuple of Tile values, not {self.concealed!r} (Hand.build reads codes)"
            )
        if not _tuple_of(self.melds, Meld):
            raise TypeError(f"melds must be a tuple of Meld values, not {self.melds!r} (Hand.build reads tiles)")
        if not isinstance(self.winning_tile, Tile):
            raise TypeError(f"winning_tile must be a Tile, not {self.winning_tile!r} (Hand.build reads codes)")
        # Counted once: the counts give the tiles in written order (a counting sort, no key calls)
        # and, with the winning tile and the melds, the hand's count vectors.
        held = _counted(self.concealed) if counted is None else counted
        ordered: list[Tile] = []
        for i in DISPLAY_INDICES:
            n = held[i]
            if n:
                tile = ALL_TILES[i]
                for _ in range(n):
                    ordered.append(tile)
        object.__setattr__(self, "concealed", tuple(ordered))
        if self.flower_tiles:
            object.__setattr__(self, "flower_tiles", parse_flowers(self.flower_tiles))
            named_flowers_count(self)
        # Equal hands list their melds in one order, so whichever is scored first, the cached
        # result shows the same arrangement.
        if 1 < len(self.melds) <= MAX_MELDS:  # more is refused below
            object.__setattr__(self, "melds", _in_order(self.melds))
        win = INDEX[self.winning_tile]
        object.__setattr__(self, "win", win)
        held[win] = held[win] + 1
        object.__setattr__(self, "_standing", tuple(held))
        object.__setattr__(self, "_counts", _with_melds(held, self.melds))
        _validate(self)
        # plain ints and bools only, so that the garbage collector soon stops tracking the key
        melds = tuple([(m.index, _KIND_ORDER[m.kind], m.concealed) for m in self.melds])
        key = (self._standing, melds, win, self.flowers, self.flower_tiles)
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_hash", -1)  # hashed when first asked: most are never hashed

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._key == other._key

    def __hash__(self) -> int:
        if self._hash == -1:  # never a hash's value (CPython makes -1 into -2)
            object.__setattr__(self, "_hash", hash(self._key))
        return self._hash

    # --- constructors -------------------------------------------------------------------------
    @classmethod
    def build(
        cls,
        concealed: str | Sequence[str],
        winning_tile: object = None,
        melds: Iterable[Meld | Mapping[str, Any]] = (),
        flowers: object = 0,
    ) -> Hand:
        """From loose parts (codes or compact strings, as JSON gives them); errors name the field at
        fault. ``winning_tile`` (one code) and ``flowers`` (0–8) are typed ``object`` because they
        are checked here, not at the call. (A request may leave the winning tile out for a win by
        the flowers alone: ``scorer.api.read_hand`` then reads a ``Holding``.)"""
        held = _held_of(concealed)
        built = build_melds(melds)
        if winning_tile is None:
            raise ScorerError(BAD_VALUE, "winning_tile is missing: a hand is scored at its winning tile (only a win by "
                              "the flowers alone, where the rule book has one, gives none)", ("hand", "winning_tile"))
        if not isinstance(winning_tile, str):
            raise ScorerError(BAD_VALUE, "winning_tile must be one tile code", ("hand", "winning_tile"))
        tile = BY_CODE.get(winning_tile)  # one code, as JSON gives it: no need to read a notation
        if tile is None:
            win = parse_tiles(winning_tile, ("hand", "winning_tile"))
            if len(win) != 1:
                raise ScorerError(
                    TILE_COUNT, f"winning_tile must be exactly one tile, got {len(win)}", ("hand", "winning_tile")
                )
            tile = win[0]
        if type(flowers) is int and 0 <= flowers <= MAX_FLOWERS:
            # a direct native call when compiled (``cls(...)`` is the interpreter's call protocol)
            if cls is Hand:
                return Hand((), tuple(built), tile, flowers, _held=held)
            return cls((), tuple(built), tile, flowers, _held=held)
        count, named = read_flowers(flowers)
        if cls is Hand:
            return Hand((), tuple(built), tile, count, named, _held=held)
        return cls((), tuple(built), tile, count, named, _held=held)

    @classmethod
    def parse(cls, text: object, flowers: object = 0) -> Hand:
        """The reference calculator's notation: bracketed melds, standing tiles, winning tile last.

        ``[123p1]`` a chow claimed with offer digit 1; a bracketed chow or pung is always melded;
        ``[2222m]`` without a digit is a concealed kong; ``[2222m,3]`` a melded one.
        """
        if not isinstance(text, str):
            raise ScorerError(BAD_NOTATION, "hand notation must be a string", ("hand",))
        if len(text) > MAX_NOTATION:
            raise ScorerError(BAD_NOTATION, f"hand notation longer than {MAX_NOTATION} characters", ("hand",))
        count, named = read_flowers(flowers)
        return _parse(text, count) if not named else replace(_parse(text, count), flower_tiles=named)

    # --- views ----------------------------------------------------------------------------------
    def notation(self) -> str:
        melds = "".join(m.notation() for m in self.melds)
        return melds + format_tiles(self.concealed, sep="") + self.winning_tile.value

    def counts(self) -> tuple[int, ...]:
        """Copies of each tile kind over the whole hand, melds and winning tile included."""
        return self._counts

    def standing_counts(self) -> tuple[int, ...]:
        """Copies of each tile kind among the concealed tiles and the winning tile."""
        return self._standing

    @property
    def has_kong(self) -> bool:
        return any(m.kind is KONG for m in self.melds)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        extra = f", flowers={[f.value for f in self.flower_tiles] or self.flowers}" if self.flowers else ""
        return f"Hand.parse({self.notation()!r}{extra})"


def _tuple_of(value: object, kind: type) -> bool:
    """A tuple whose items are all ``kind`` (a plain loop, not all() over a generator: every hand runs it)."""
    if type(value) is not tuple:
        return False
    for v in value:
        if not isinstance(v, kind):
            return False
    return True


_KIND_ORDER: Final = {CHOW: 0, PUNG: 1, KONG: 2}


def _in_order(melds: tuple[Meld, ...]) -> tuple[Meld, ...]:
    """Melds as people write them: by suit and rank (as the concealed tiles), then chow, pung, kong,
    open before concealed; equal melds as given. Sorted as one int each, the meld's place in its
    low bits: compiled, ``sorted(key=...)`` calls the key through the interpreter and compares tuples."""
    keys = [((DISPLAY_RANK[m.tile] * 3 + _KIND_ORDER[m.kind]) * 2 + m.concealed) * 8 + j for j, m in enumerate(melds)]
    keys.sort()
    return tuple([melds[k & 7] for k in keys])


def read_flowers(flowers: object) -> tuple[int, tuple[Flower, ...]]:
    """``flowers`` as a request gives it: a count (0-8), or a list of flower names."""
    if isinstance(flowers, (list, tuple)):
        named = parse_flowers(flowers)
        return len(named), named
    return _flowers(flowers), ()


def named_flowers_count(h: Hand | Any) -> None:
    """Named flowers fix the count: ``flowers`` is 0 (filled in) or their number."""
    if h.flowers == 0:
        object.__setattr__(h, "flowers", len(h.flower_tiles))
    elif h.flowers != len(h.flower_tiles):
        raise ScorerError(BAD_FLOWERS, f"flowers is {h.flowers} but {len(h.flower_tiles)} are named",
                          ("hand", "flowers"))


def _flowers(flowers: object) -> int:
    if isinstance(flowers, bool) or not isinstance(flowers, int) or not 0 <= flowers <= MAX_FLOWERS:
        raise ScorerError(BAD_FLOWERS, f"flowers must be a whole number from 0 to {MAX_FLOWERS}, got {flowers!r}",
                          ("hand", "flowers"))
    return flowers


_MELD_BODY: Final = re.compile(r"\s*((?:[1-9]+[mps]|[ESWNCFP])+)\s*(?:,?\s*([0-3]))?\s*")


def hand_sets(concealed: int, melds: int) -> int:
    """The sets of a regular hand with ``concealed`` tiles besides the winning tile and ``melds``
    melds (4 for 13 tiles in all, 5 for 16); 0 for a count no rule book plays."""
    size = concealed + 3 * melds
    for sets in SET_COUNTS:
        if size == 3 * sets + 1 and melds <= sets:
            return sets
    return 0


def size_message(concealed: int, melds: int, what: str) -> str:
    """Why ``concealed`` tiles beside ``melds`` melds are no hand: what each hand size needs."""
    m = f"with {melds} meld{'s' if melds != 1 else ''}"
    want = [f"{3 * sets + 1 - 3 * melds}" for sets in SET_COUNTS if melds <= sets]
    sizes = want[0] if len(want) == 1 else f"{want[0]} (or {want[1]} in a 16-tile rule book)"
    return f"{m} the concealed part holds {sizes} tiles{what}, got {concealed}"


def _validate(hand: Hand) -> None:
    if len(hand.melds) > MAX_MELDS:
        raise ScorerError(TILE_COUNT, f"at most {MAX_MELDS} melds, got {len(hand.melds)}", ("hand", "melds"))
    sets = hand_sets(len(hand.concealed), len(hand.melds))
    if not sets:
        got = len(hand.concealed)
        waiting = any(got == 3 * n + 1 - 3 * len(hand.melds) - 1 for n in SET_COUNTS)
        short = (" A hand that still waits for its winning tile is asked what it waits on: POST /v1/waits, "
                 "mahjong-scorer waits or scorer.analyze.") if waiting else ""
        raise ScorerError(
            TILE_COUNT,
            f"{size_message(got, len(hand.melds), ' besides the winning tile')}: counted {got + 1} concealed tiles, "
            f"the last ({hand.winning_tile}) read as the winning tile.{short}",
            ("hand", "concealed"),
        )
    object.__setattr__(hand, "sets", sets)
    if isinstance(hand.flowers, bool) or not isinstance(hand.flowers, int) or not 0 <= hand.flowers <= MAX_FLOWERS:
        raise ScorerError(BAD_FLOWERS, f"flowers must be a whole number from 0 to {MAX_FLOWERS}, got {hand.flowers!r}",
                          ("hand", "flowers"))
    for k, c in enumerate(hand.counts()):
        if c > 4:
            raise ScorerError(
                TOO_MANY_COPIES,
                f"{c} copies of {ALL_TILES[k].value} across concealed tiles, melds and winning tile; there are only 4",
                ("hand",),
            )


@lru_cache(maxsize=4096)
def _parse(text: str, flowers: int) -> Hand:
    """Hands are immutable, so parsed ones are kept: the same notation comes back often."""
    melds: list[Meld] = []
    pos = 0
    body = text.strip()
    while True:
        while pos < len(body) and body[pos].isspace():
            pos += 1
        if pos >= len(body) or body[pos] != "[":
            break
        end = body.find("]", pos)
        if end < 0:
            raise ScorerError(BAD_NOTATION, f"unclosed '[' at position {pos} in {text!r}", ("hand",))
        m = _MELD_BODY.fullmatch(body[pos + 1 : end])
        if m is None:
            raise ScorerError(
                BAD_NOTATION, f"cannot read meld {body[pos:end + 1]!r}: expected tiles and an optional offer digit 1-3",
                ("hand",),
            )
        digit = int(m.group(2) or 0)
        ts = parse_tiles(m.group(1), ("hand",))
        is_kong = len(ts) == 4
        try:
            melds.append(Meld.from_tiles(list(ts), concealed=is_kong and digit == 0, claimed=digit))
        except ScorerError as e:
            raise ScorerError(e.code, f"meld {len(melds) + 1} {body[pos:end + 1]!r}: {e.message}", ("hand",)) from None
        pos = end + 1
    if "[" in body[pos:] or "]" in body[pos:]:
        raise ScorerError(BAD_NOTATION, "melds must come before the standing tiles", ("hand",))
    rest = parse_tiles(body[pos:], ("hand",))
    if not rest:
        raise ScorerError(TILE_COUNT, "no standing tiles: the last tile written is the winning tile", ("hand",))
    try:
        return Hand(rest[:-1], tuple(melds), rest[-1], flowers)
    except ScorerError as e:
        # the notation is one field: point there, not into parts it does not have
        field = e.field if e.field[1:2] == ("flowers",) else ("hand",)
        raise ScorerError(e.code, e.message, field) from None
