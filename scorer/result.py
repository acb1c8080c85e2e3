"""What scoring returns: frozen values that serialise to the service's JSON shape."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .set_kind import SetKind


@dataclass(frozen=True)
class FanScore:
    """One fan in a breakdown; a fan scored twice is one entry with ``count`` 2. It carries its
    names and value (points in MCR, fan in Hong Kong and Sichuan), so a result needs no fan table
    to be read: the rule book that scored it filled them in."""

    id: str
    count: int
    points: int  # per occurrence
    name: str
    name_zh: str

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "name_zh": self.name_zh, "points": self.points, "count": self.count}


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
    ruleset: str = "mcr"  # the rule book that scored it
    limit: bool | None = None  # a limit hand (Hong Kong); None where the book has no such notion

    def __post_init__(self) -> None:
        if self.payouts is not None and not isinstance(self.payouts, MappingProxyType):
            object.__setattr__(self, "payouts", MappingProxyType(dict(self.payouts)))

    def count(self, fan_id: str) -> int:
        return sum(f.count for f in self.fans if f.id == fan_id)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "ruleset": self.ruleset,
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
        if self.limit is not None:
            out["limit"] = self.limit
        return out
