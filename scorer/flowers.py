"""The eight flower tiles by name: 梅兰菊竹 (flowers 1-4) and 春夏秋冬 (seasons 1-4).

MCR only counts flowers; Hong Kong scores them by seat (flower number = seat number, East 1 …
North 4) and by complete set, so a hand there names them. A name is its English word or its
Chinese character; each tile exists once.
"""

from __future__ import annotations

from enum import StrEnum

from .errors import BAD_FLOWERS, Path, ScorerError


class Flower(StrEnum):
    """One flower tile; the value is its English name, as the JSON gives it."""

    PLUM = "plum"
    ORCHID = "orchid"
    CHRYSANTHEMUM = "chrysanthemum"
    BAMBOO = "bamboo"
    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"

    @property
    def number(self) -> int:
        """1-4 within its set: the seat it belongs to (East 1, South 2, West 3, North 4)."""
        return _ORDER.index(self) % 4 + 1

    @property
    def is_season(self) -> bool:
        return _ORDER.index(self) >= 4

    @property
    def zh(self) -> str:
        return _ZH[_ORDER.index(self)]


_ORDER: tuple[Flower, ...] = tuple(Flower)
_ZH = "梅兰菊竹春夏秋冬"
BY_NAME: dict[str, Flower] = {f.value: f for f in _ORDER} | {_ZH[k]: f for k, f in enumerate(_ORDER)}
BY_NAME |= {"蘭": Flower.ORCHID}  # the traditional form, as Hong Kong tables print it
_PLACE: dict[Flower, int] = {f: k for k, f in enumerate(_ORDER)}
# every set of flowers, by its bits (``1 << place``), in table order: made once, handed out as is
_IN_ORDER: tuple[tuple[Flower, ...], ...] = tuple(
    tuple(f for k, f in enumerate(_ORDER) if mask >> k & 1) for mask in range(1 << len(_ORDER)))
FLOWERS: tuple[Flower, ...] = _ORDER[:4]
SEASONS: tuple[Flower, ...] = _ORDER[4:]


def parse_flowers(value: object, field: Path = ("hand", "flowers")) -> tuple[Flower, ...]:
    """A list of flower names, each at most once, in table order; errors point at the item."""
    if not isinstance(value, (list, tuple)):
        raise ScorerError(BAD_FLOWERS, "flowers must be a list of flower names", field)
    if len(value) > len(_ORDER):
        raise ScorerError(BAD_FLOWERS, f"at most {len(_ORDER)} flowers, got {len(value)}", field)
    seen = 0  # a bit per flower, by its place in the table
    for k, name in enumerate(value):
        f = BY_NAME.get(name) if isinstance(name, str) else (name if isinstance(name, Flower) else None)
        if f is None:
            raise ScorerError(BAD_FLOWERS, f"{name!r} is not a flower: one of {', '.join(_ORDER)} or "
                              f"{' '.join(_ZH)}", (*field, k))
        bit = 1 << _PLACE[f]
        if seen & bit:
            raise ScorerError(BAD_FLOWERS, f"{f.value} is listed twice; there is one of each flower", (*field, k))
        seen |= bit
    return _IN_ORDER[seen]
