"""What scoring returns: frozen values that serialise to the service's JSON shape."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from .set_kind import SetKind

# The read-only view's type under a Final name of this module: the compiled build reads it as a
# static, where an imported name is looked up by name (every result is made through it).
_PROXY: Final = MappingProxyType


# The values made for every hand scored write their own ``__init__`` (``init=False``): compiled,
# it is native code, where the one a dataclass generates is interpreted Python, and a frozen one
# sets each field through ``object.__setattr__`` in that Python — about twenty times the cost.
@dataclass(frozen=True, init=False)
class FanScore:
    """One fan in a breakdown; a fan scored twice is one entry with ``count`` 2. It carries its
    names and value (points in MCR, fan in Hong Kong and Sichuan), so a result needs no fan table
    to be read: the rule book that scored it filled them in."""

    id: str
    count: int
    points: int  # per occurrence
    name: str
    name_zh: str

    def __init__(self, id: str, count: int, points: int, name: str, name_zh: str) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "name_zh", name_zh)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "name_zh": self.name_zh, "points": self.points, "count": self.count}


@dataclass(frozen=True, init=False)
class ScoredSet:
    """One group of the chosen arrangement.

    ``kind``: chow, pung, kong, pair, knitted_straight (the 9 tiles of 组合龙), knitted (the 14
    singles of 全不靠/七星不靠), thirteen_orphans or nine_gates (all 14 tiles): a ``SetKind``,
    which is its JSON string. ``physical``, in a book with jokers, is the tiles held for the set
    (a joker as its own code, ``C`` for 红中's 中) where ``tiles`` says what they stood for; None
    (and absent from the JSON) where no joker is in the set.
    """

    kind: SetKind
    tiles: tuple[str, ...]
    concealed: bool
    physical: tuple[str, ...] | None

    def __init__(self, kind: SetKind, tiles: tuple[str, ...], concealed: bool,
                 physical: tuple[str, ...] | None = None) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "physical", physical)

    def to_dict(self) -> dict[str, Any]:
        if self.physical is None:
            return {"kind": str(self.kind), "tiles": list(self.tiles), "concealed": self.concealed}
        return {"kind": str(self.kind), "tiles": list(self.tiles), "concealed": self.concealed,
                "physical": list(self.physical)}


@dataclass(frozen=True)
class Excluded:
    """A fan the chosen reading shows but does not count, and why (``scorer.score(..., explain=True)``).

    ``by``: the counted fan or fans that exclude it; ``rule``: the counting principle —
    ``implied`` (不重复: the fan table's 不计), ``non_identical`` (不得相同), ``account_once``
    (套算一次), ``no_splitting`` (不拆移), or ``replaces`` (a fan that takes another's place, as
    Hong Kong's 小三元 takes its dragon pungs'); ``sets``: for each occurrence left out, the
    0-based indices into the decomposition of the sets and pair concerned."""

    id: str
    name: str
    name_zh: str
    by: tuple[str, ...]
    rule: str
    sets: tuple[tuple[int, ...], ...]

    def to_dict(self) -> dict[str, Any]:
        by: str | list[str] = self.by[0] if len(self.by) == 1 else list(self.by)
        return {"id": self.id, "name": self.name, "name_zh": self.name_zh, "by": by, "rule": self.rule,
                "sets": [list(s) for s in self.sets]}


@dataclass(frozen=True)
class Arrangement:
    """Another reading of the hand that was weighed (就高不就低): its sets, fans and total."""

    points: int
    total: int
    fans: tuple[FanScore, ...]
    decomposition: tuple[ScoredSet, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"points": self.points, "total": self.total, "fans": [f.to_dict() for f in self.fans],
                "decomposition": [s.to_dict() for s in self.decomposition]}


@dataclass(frozen=True)
class Explanation:
    """Why a result is what it is. ``sets`` runs beside ``Result.fans``: for each fan, one tuple
    per occurrence, each the indices into ``Result.decomposition`` of the sets and pair that make
    it (every index for a fan about the whole hand, none for one resting on no set);
    ``excluded``: the fans shown but not counted; ``arrangements``: the other readings weighed,
    best first (at most ten)."""

    sets: tuple[tuple[tuple[int, ...], ...], ...]
    excluded: tuple[Excluded, ...]
    arrangements: tuple[Arrangement, ...]


@dataclass(frozen=True, init=False)
class Result:
    winning: bool
    valid: bool
    points: int
    flower_points: int
    total: int
    fans: tuple[FanScore, ...]
    decomposition: tuple[ScoredSet, ...]
    payouts: Mapping[str, int] | None
    reason: str | None
    ruleset: str  # the rule book that scored it (each book says its own name: there is no default book here)
    limit: bool | None = None  # a limit hand (Hong Kong); None where the book has no such notion
    explanation: Explanation | None = None  # only when asked for (``score(..., explain=True)``)
    # A book's own answer fields beside the shared ones, as (name, value) pairs in answer order (the
    # dealer's 台 of a book that pays the dealer apart); the book's ``answer_fields`` declare them.
    extras: tuple[tuple[str, Any], ...] = ()

    def __init__(self, winning: bool, valid: bool, points: int, flower_points: int, total: int,
                 fans: tuple[FanScore, ...], decomposition: tuple[ScoredSet, ...], payouts: Mapping[str, int] | None,
                 reason: str | None, ruleset: str, limit: bool | None = None,
                 explanation: Explanation | None = None, extras: tuple[tuple[str, Any], ...] = ()) -> None:
        object.__setattr__(self, "winning", winning)
        object.__setattr__(self, "valid", valid)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "flower_points", flower_points)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "fans", fans)
        object.__setattr__(self, "decomposition", decomposition)
        if payouts is not None and not isinstance(payouts, _PROXY):
            payouts = _PROXY(dict(payouts))
        object.__setattr__(self, "payouts", payouts)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "limit", limit)
        object.__setattr__(self, "explanation", explanation)
        object.__setattr__(self, "extras", extras)

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
        for name, value in self.extras:
            out[name] = value
        if self.explanation is not None:
            self._explain(out, self.explanation)
        return out

    def _explain(self, out: dict[str, Any], e: Explanation) -> None:
        for entry, sets in zip(out["fans"], e.sets, strict=True):
            entry["sets"] = [list(s) for s in sets]
        out["excluded"] = [x.to_dict() for x in e.excluded]
        out["arrangements"] = [a.to_dict() for a in e.arrangements]
