"""A hand between turns: 13 tiles waiting to win, or 14 about to discard (kongs count as three);
16 and 17 in a 16-tile rule book (five sets and a pair).

``Holding`` is ``Hand`` without a winning tile: the same tile and meld forms, the same checks (no
fifth copy, melds that are sets, flowers 0–8), and it prints as the reference notation without
the last tile, so ``Holding.parse(str(h)) == h``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .errors import (
    BAD_FLOWERS,
    BAD_NOTATION,
    TILE_COUNT,
    TOO_MANY_COPIES,
    Path,
    ScorerError,
)
from .flowers import Flower, parse_flowers
from .hand import (
    MAX_FLOWERS,
    MAX_MELDS,
    MELD_FIELDS,
    SET_COUNTS,
    Meld,
    build_melds,
    named_flowers_count,
    read_flowers,
    tile_counts,
)
from .shape import MAX_NOTATION, Kind, spec
from .tiles import (
    ALL_TILES,
    INDEX,
    NUM_TILES,
    Tile,
    format_tiles,
    parse_tiles,
    sort_tiles,
)

# Waiting (3 per set and one) or about to discard (one more), for each rule book's set count.
SIZES: Final = tuple(n for sets in SET_COUNTS for n in (3 * sets + 1, 3 * sets + 2))
_MELD = re.compile(r"\[([^\[\]]*)\]")
_MELD_BODY = re.compile(r"\s*((?:[1-9]+[mps]|[ESWNCFP])+)\s*(?:,?\s*([0-3]))?\s*")


@dataclass(frozen=True, init=False)
class Holding:
    """Concealed tiles and declared melds: 13 (a hand waiting) or 14 (a hand about to discard); 16
    or 17 in a 16-tile rule book."""

    concealed: tuple[Tile, ...] = field(metadata=spec(
        Kind.TILES, "the concealed tiles: with three per meld, 13 (waiting) or 14 (about to discard); 16 or 17 in a "
        "16-tile rule book", required=True))
    melds: tuple[Meld, ...] = field(default=(), metadata=spec(
        Kind.OBJECTS, "the declared sets", max_items=MAX_MELDS, items=MELD_FIELDS))
    flowers: int = field(default=0, metadata=spec(
        Kind.FLOWERS, "flower tiles: how many (MCR counts them), or which, by name (Hong Kong scores them by seat)",
        minimum=0, maximum=MAX_FLOWERS))
    flower_tiles: tuple[Flower, ...] = ()  # the flowers by name when they were named
    _standing: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _counts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __init__(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...] = (), flowers: int = 0,
                 flower_tiles: tuple[Flower, ...] = ()) -> None:
        # written out rather than generated: compiled, it is native code (see ``result.FanScore``);
        # an analysis of 14 tiles makes one per discard
        object.__setattr__(self, "concealed", sort_tiles(concealed))
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "flowers", flowers)
        object.__setattr__(self, "flower_tiles", flower_tiles)
        if self.flower_tiles:
            object.__setattr__(self, "flower_tiles", parse_flowers(self.flower_tiles))
            named_flowers_count(self)
        if len(melds) > 1:
            object.__setattr__(self, "melds", tuple(sorted(melds, key=_meld_order)))
        elif type(melds) is not tuple:
            object.__setattr__(self, "melds", tuple(melds))
        standing, counts = tile_counts(self.concealed, self.melds)
        object.__setattr__(self, "_standing", standing)
        object.__setattr__(self, "_counts", counts)
        _validate(self)

    @classmethod
    def build(
        cls, concealed: str | Sequence[str], melds: Iterable[Meld | Mapping[str, Any]] = (), flowers: object = 0
    ) -> Holding:
        """From loose parts, as ``Hand.build`` takes them (without ``winning_tile``)."""
        tiles = parse_tiles(concealed, ("hand", "concealed"))
        return cls(tiles, tuple(build_melds(melds)), *read_flowers(flowers))

    @classmethod
    def parse(cls, text: str, flowers: object = 0) -> Holding:
        """The reference notation without a winning tile: ``"[123p1]456m789s11m22m"``;
        ``[2222m]`` without an offer digit is a concealed kong."""
        if not isinstance(text, str):
            raise ScorerError(BAD_NOTATION, "hand notation must be a string", ("hand",))
        if len(text) > MAX_NOTATION:
            raise ScorerError(BAD_NOTATION, f"hand notation longer than {MAX_NOTATION} characters", ("hand",))
        melds: list[Meld] = []
        pos = 0
        body = text.strip()
        while (m := _MELD.match(body, pos)) is not None:
            inner = _MELD_BODY.fullmatch(m.group(1))
            if inner is None:
                raise ScorerError(BAD_NOTATION, f"cannot read meld {m.group(0)!r}: expected tiles and an optional "
                                  "offer digit 1-3", ("hand",))
            digit = int(inner.group(2) or 0)
            ts = parse_tiles(inner.group(1), ("hand",))
            try:
                melds.append(Meld.from_tiles(list(ts), concealed=len(ts) == 4 and digit == 0, claimed=digit))
            except ScorerError as e:
                raise ScorerError(e.code, f"meld {len(melds) + 1} {m.group(0)!r}: {e.message}", ("hand",)) from None
            pos = m.end()
            while pos < len(body) and body[pos].isspace():
                pos += 1
        if "[" in body[pos:] or "]" in body[pos:]:
            raise ScorerError(BAD_NOTATION, "melds must come before the standing tiles, each closed by ']'", ("hand",))
        rest = parse_tiles(body[pos:], ("hand",))
        try:
            return cls(rest, tuple(melds), *read_flowers(flowers))
        except ScorerError as e:
            raise ScorerError(e.code, e.message, e.field if e.field[1:2] == ("flowers",) else ("hand",)) from None

    # --- views ----------------------------------------------------------------------------------
    @property
    def size(self) -> int:
        """13 or 14 (16 or 17 in a 16-tile book): concealed tiles plus three per meld."""
        return len(self.concealed) + 3 * len(self.melds)

    @property
    def sets(self) -> int:
        """The sets of a complete hand of this size: 4, or 5 in a 16-tile book."""
        return (self.size - 1) // 3

    @property
    def waiting(self) -> bool:
        """A hand waiting for its winning tile (13 or 16), not one about to discard (14 or 17)."""
        return self.size % 3 == 1

    def counts(self) -> tuple[int, ...]:
        """Copies of each tile kind over the whole holding, melds included (a kong is four)."""
        return self._counts

    def standing_counts(self) -> tuple[int, ...]:
        return self._standing

    def notation(self) -> str:
        return "".join(m.notation() for m in self.melds) + format_tiles(self.concealed, sep="")

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        extra = f", flowers={[f.value for f in self.flower_tiles] or self.flowers}" if self.flowers else ""
        return f"Holding.parse({self.notation()!r}{extra})"


def _meld_order(m: Meld) -> tuple[int, str]:
    return m.index, str(m.kind)


def _validate(h: Holding) -> None:
    if len(h.melds) > MAX_MELDS:
        raise ScorerError(TILE_COUNT, f"at most {MAX_MELDS} melds, got {len(h.melds)}", ("hand", "melds"))
    if h.size not in SIZES or len(h.melds) > h.sets:
        raise ScorerError(
            TILE_COUNT,
            f"the concealed tiles and melds (three tiles each, kongs too) make {h.size} tiles; a hand before "
            f"winning has 13 (waiting) or 14 (about to discard), or 16 or 17 in a 16-tile rule book",
            ("hand", "concealed"),
        )
    f = h.flowers
    if isinstance(f, bool) or not isinstance(f, int) or not 0 <= f <= MAX_FLOWERS:
        raise ScorerError(BAD_FLOWERS, f"flowers must be a whole number from 0 to {MAX_FLOWERS}, got {f!r}",
                          ("hand", "flowers"))
    for k, c in enumerate(h.counts()):
        if c > 4:
            raise ScorerError(TOO_MANY_COPIES, f"{c} copies of {ALL_TILES[k].value} across concealed tiles and "
                              "melds; there are only 4", ("hand",))


def visible_counts(holding: Holding, visible: str | Sequence[str], field: Path = ("visible",)) -> tuple[int, ...]:
    """Count the tiles seen elsewhere; refuse any that would make a fifth copy with the holding."""
    seen = [0] * NUM_TILES
    for t in parse_tiles(visible, field):
        seen[INDEX[t]] = seen[INDEX[t]] + 1
    own = holding.counts()
    for k in range(NUM_TILES):
        if own[k] + seen[k] > 4:
            raise ScorerError(
                TOO_MANY_COPIES,
                f"{seen[k]} visible and {own[k]} in the hand make {own[k] + seen[k]} copies of "
                f"{ALL_TILES[k].value}; there are only 4",
                field,
            )
    return tuple(seen)

