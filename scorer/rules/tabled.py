"""The scoring loop of a book whose fan table drives its detection.

Each row of such a table names a detector that takes the hand's facts and one reading (a shape of
the book's own) and returns how many times the row's fan is there; the loop asks every row of
every reading, leaves out what the counted fans leave out (their ``implies`` and ``replaces``, in
table order, as the options have them), sums the reading's worth from the book's values, and keeps
the best: the most after the cap, then the most fans, then the first. A reading that is a limit
hand (a row marked ``limit``) is that limit alone, the first the table lists, worth its value (the
book's cap), every other fan it shows left out by it. A book supplies its facts, its shapes (the
ways its tiles read), its values and its result; one place — the row — wires a fan.
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from ..forms import Form
from ..result import FanScore
from .engine import Engine, Reading, fan_score
from .table import FanTable

_NO_OPTIONS: Final = object()  # what ``TableEngine.derived`` has seen before any options


@mypyc_attr(allow_interpreted_subclasses=True)
class TableReading(Reading):
    """One reading: its fans after exclusion (by id), what they left out (each with the fans that
    left it out), and the book's shape it was read from (None: a reading of no shape)."""

    def __init__(self, form: Form, fans: dict[str, int], left_out: dict[str, tuple[str, ...]], points: int,
                 shape: Any, limit: bool = False) -> None:
        super().__init__(form, points, limit)
        self.fans = fans
        self.left_out = left_out
        self.shape = shape


@mypyc_attr(allow_interpreted_subclasses=True)
class TableEngine(Engine[Any, TableReading]):
    """The loop; a subclass gives ``facts``, ``shapes``, ``form_of`` and ``result`` (and, where its
    values or exclusions follow options, ``values`` and ``drops``). A book written outside this
    package subclasses it in Python even when the engine is compiled (``allow_interpreted_subclasses``)."""

    def __init__(self, ruleset: str, table: FanTable[Any], zero_is_off: bool = True) -> None:
        limits = frozenset(i.value for i in table.limits)
        super().__init__(ruleset, bool(limits))
        self.table = table
        self.limit_ids = limits
        # a fan worth 0 under the options is off (not in the breakdown); False: shown at 0
        self.zero_is_off = zero_is_off
        self.detectors = tuple((f.id.value, f.detector) for f in table.fans)
        self.order = dict(table.order)
        self.default_points = dict(table.points)
        self.default_drops = {f.id.value: tuple(i.value for i in (*f.implies, *f.replaces))
                              for f in table.fans if f.implies or f.replaces}
        # the last options' values and drops, by identity (``derived``)
        self._last: tuple[object, dict[str, int], dict[str, tuple[str, ...]]] = (_NO_OPTIONS, {}, {})

    # --- the hooks -------------------------------------------------------------------------------
    def shapes(self, hand: Any, f: Any) -> list[Any]:
        """Every reading of the tiles, in the book's order (none: the hand is not complete)."""
        raise NotImplementedError

    def form_of(self, shape: Any) -> Form:
        raise NotImplementedError

    def values(self, options: Any) -> dict[str, int]:
        """Each fan's worth under ``options`` (by default the table's)."""
        return self.default_points

    def drops(self, options: Any) -> dict[str, tuple[str, ...]]:
        """What each fan leaves out under ``options`` (by default its row's implies and replaces)."""
        return self.default_drops

    def adjust(self, f: Any, found: dict[str, int]) -> None:
        """A last word on what a reading shows, before exclusion (by default none)."""

    def derived(self, options: Any) -> tuple[dict[str, int], dict[str, tuple[str, ...]]]:
        """``values`` and ``drops`` of ``options``, worked out again only for other options: a book's
        options are shared values (a request's are read once, the defaults made once), and every
        reading asks; hashing a frozen dataclass of options to key a cache costs more than the
        reading's own detectors. One tuple, swapped whole, so threads never see half of it."""
        last = self._last
        if last[0] is not options:
            last = (options, self.values(options), self.drops(options))
            self._last = last
        return last[1], last[2]

    # --- the loop --------------------------------------------------------------------------------
    def detect(self, f: Any, shape: Any) -> dict[str, int]:
        """Every row's count in one reading, in table order (none that is 0)."""
        found: dict[str, int] = {}
        for fan_id, detector in self.detectors:
            n: int = detector(f, shape)  # type: ignore[assignment]  # a table's detectors return counts
            if n:
                found[fan_id] = n
        return found

    def reading(self, f: Any, shape: Any, found: dict[str, int], options: Any) -> TableReading:
        worth, drops = self.derived(options)
        if self.limit_ids:
            for fan_id in found:  # in table order: the first limit names the reading
                if fan_id in self.limit_ids:
                    return self.limit_reading(shape, fan_id, found, worth[fan_id])
        left_out = self.exclude(found, drops)
        points = 0
        counted: dict[str, int] = {}
        off = self.zero_is_off
        for fan_id, n in found.items():
            w = worth[fan_id]
            if w or not off:  # a fan worth nothing under the options is off, where the book says so
                points += w * n
                counted[fan_id] = n
        return TableReading(self.form_of(shape), counted, left_out, points, shape)

    def exclude(self, found: dict[str, int], drops: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
        """Leave out of ``found`` (in place) what its fans leave out, in table order (a fan left out
        leaves nothing out itself); ``drops`` is each fan's list (its ``implies`` and ``replaces``,
        as the options have them). Returns what was left out, each with the fans that left it out.
        ``found`` is in table order (``detect`` asks the rows in order), so it is visited as it is."""
        left_out: dict[str, tuple[str, ...]] = {}
        if not drops:
            return left_out
        for fan_id in list(found):
            if fan_id not in found:  # left out by an earlier fan
                continue
            dropped = drops.get(fan_id)
            if dropped is None:
                continue
            for other in dropped:
                if other in found:
                    del found[other]
                    left_out[other] = (fan_id,)
                elif other in left_out and fan_id not in left_out[other]:
                    left_out[other] += (fan_id,)
        return left_out

    def limit_reading(self, shape: Any, limit: str, found: dict[str, int], worth: int) -> TableReading:
        """A limit hand: the limit alone, worth ``worth``; every other fan found left out by it."""
        return TableReading(self.form_of(shape), {limit: 1}, {i: (limit,) for i in found if i != limit}, worth,
                            shape, True)

    def readings(self, hand: Any, f: Any) -> list[TableReading]:
        out: list[TableReading] = []
        for shape in self.shapes(hand, f):
            found = self.detect(f, shape)
            self.adjust(f, found)
            out.append(self.reading(f, shape, found, f.options))
        return out

    def better(self, f: Any, cur: TableReading, best: TableReading) -> bool:
        return (cur.total, len(cur.fans)) > (best.total, len(best.fans))

    def breakdown(self, fans: dict[str, int], options: Any) -> tuple[FanScore, ...]:
        """A reading's fans (in table order, as every reading keeps them) as breakdown entries,
        valued by the options."""
        worth = self.derived(options)[0]
        default = self.default_points
        return tuple(fan_score(self.table, i, n, -1 if worth[i] == default[i] else worth[i]) for i, n in fans.items())
