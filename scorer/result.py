"""What scoring returns: frozen values that serialise to the service's JSON shape."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .fans import BY_ID
from .set_kind import SetKind


@dataclass(frozen=True)
class FanScore:
    """One fan in a breakdown; a fan scored twice is one entry with ``count`` 2."""

    id: str
    count: int = 1

    @property
    def points(self) -> int:
        """Points per occurrence."""
        return BY_ID[self.id].points

    @property
    def name(self) -> str:
        return BY_ID[self.id].name

    @property
    def name_zh(self) -> str:
        return BY_ID[self.id].name_zh

    def to_dict(self) -> dict[str, Any]:
        fan = BY_ID[self.id]  # one lookup, not one per property
        return {"id": self.id, "name": fan.name, "name_zh": fan.name_zh, "points": fan.points, "count": self.count}


@dataclass(frozen=True)
class ScoredSet:
    """One group of the chosen arrangement.

    ``kind``: chow, pung, kong, pair, knitted_straight (the 9 tiles of 组合龙), knitted (the 14
    singles of 全不靠/七星不靠), thirteen_orphans or nine_gates (all 14 tiles): a ``SetKind``,
    which is its JSON string.
    """

    kind: SetKind
    tiles: tuple[str, ...]
    concealed: bool

    def to_dict(self) -> dict[str, Any]:
        return {"kind": str(self.kind), "tiles": list(self.tiles), "concealed": self.concealed}


@dataclass(frozen=True)
class Result:
    winning: bool
    valid: bool
    points: int
    flower_points: int
    total: int
    fans: tuple[FanScore, ...]
    decomposition: tuple[ScoredSet, ...]
    payouts: Mapping[str, int] | None
    reason: str | None = None

    def __post_init__(self) -> None:
        if self.payouts is not None and not isinstance(self.payouts, MappingProxyType):
            object.__setattr__(self, "payouts", MappingProxyType(dict(self.payouts)))

    def count(self, fan_id: str) -> int:
        return sum(f.count for f in self.fans if f.id == fan_id)

    def to_dict(self) -> dict[str, Any]:
        return {
            "winning": self.winning,
            "valid": self.valid,
            "points": self.points,
            "flower_points": self.flower_points,
            "total": self.total,
            "fans": [f.to_dict() for f in self.fans],
            "decomposition": [s.to_dict() for s in self.decomposition],
            "payouts": dict(self.payouts) if self.payouts is not None else None,
            "reason": self.reason,
        }
