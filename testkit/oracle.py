"""The reference calculator ``pymahjonggb`` (``import MahjongGB``) as an oracle for generated hands.

``reference_score(g)`` scores a ``testkit.hands.themed.GenHand`` with the reference and returns what our
scorer must return for it: fans as ``{fan_id: count}`` in our ids, points without flowers,
validity and payouts. The reference's names are mapped onto ours through ``scorer.mcr.FANS``'
``name_zh``; the only deliberate differences are the written rulings, applied in one place,
``apply_rulings``. A name that maps to nothing fails loudly (``UnmappedFan``): a silent drop would
hide exactly the disagreements this oracle exists to find.

``compare(i, g)`` scores ``g`` with both and returns a ``Mismatch`` or ``None``; the differential
test and ``tests/mcr/differential_report.py`` share it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import MahjongGB

import scorer
from testkit.hands.themed import WINDS, GenHand, generate

MIN_POINTS = 8
ID_BY_NAME_ZH: dict[str, str] = {f.name_zh: f.id for f in scorer.mcr.FANS}

# The same fan under another label in this build of the reference (its wait fans carry a 独听・
# prefix, and it writes 嵌张 for our 坎张). Labels only: no score changes here.
REFERENCE_LABELS: dict[str, str] = {
    "独听・单钓": "单钓将",
    "独听・边张": "边张",
    "独听・嵌张": "坎张",
    "嵌张": "坎张",
}
# The reference's fans that are not among the 81 (SUPPORT_CONCEALED_KONG_AND_MELDED_KONG).
CONCEALED_AND_MELDED_KONG = "明暗杠"


class UnmappedFan(AssertionError):
    """The reference reported a fan this adapter has no mapping or ruling for."""


@dataclass(frozen=True)
class Oracle:
    """What the reference says, after the rulings, in the shape of ``scorer.Result``."""

    winning: bool
    fans: dict[str, int]
    points: int
    flower_points: int
    total: int
    valid: bool
    payouts: dict[str, int] | None
    raw: tuple[tuple[int, int, str, str], ...] = field(repr=False)


def reference_raw(g: GenHand) -> tuple[tuple[int, int, str, str], ...]:
    """The reference's verbose answer: ``((points, count, name_zh, name_en), ...)``, flowers included."""
    return tuple(MahjongGB.MahjongFanCalculator(*g.reference_args()))


def apply_rulings(raw: tuple[tuple[int, int, str, str], ...]) -> dict[str, int]:
    """Map the reference's fans onto our ids, applying the written rulings where we differ.

    The rulings (RULINGS.md):

    * R1 — 明暗杠, one melded and one concealed kong, 5 points in the reference and not one of
      the 81 — is scored two_melded_kongs (4) + concealed_kong (2) = 6 (the illustrated rules, 双明杠:
      "一副明杠和一副暗杠计 6 分").
    * R2-R4 — contradictory contexts (kong_replacement without a self-drawn win or a kong,
      robbing_kong on a self-draw or with the tile elsewhere in the hand, a discarder on a
      self-drawn win or equal to the seat) are errors here where the reference ignores the flag;
      the generator never produces them, so nothing to map.
    * Inferences, the same in both (RULINGS.md): the tiles decide last_copy; the generator tells
      the reference what they prove (``GenHand.is_last_copy``).

    Every other name must be one of ours (through ``REFERENCE_LABELS``) with the same points.
    """
    fans: dict[str, int] = {}
    for points, count, name_zh, name_en in raw:
        if name_zh == CONCEALED_AND_MELDED_KONG:
            for fan_id in ("two_melded_kongs", "concealed_kong"):
                fans[fan_id] = fans.get(fan_id, 0) + count
            continue
        fan_id = ID_BY_NAME_ZH.get(REFERENCE_LABELS.get(name_zh, name_zh))
        if fan_id is None:
            raise UnmappedFan(f"reference fan {name_zh} ({name_en}, {points} points) has no id and no ruling")
        if scorer.mcr.BY_ID[fan_id].points != points:
            raise UnmappedFan(f"reference fan {name_zh} is worth {points}, our {fan_id} "
                              f"{scorer.mcr.BY_ID[fan_id].points}: the mapping is wrong")
        fans[fan_id] = fans.get(fan_id, 0) + count
    return fans


def settle(total: int, valid: bool, context: Mapping[str, Any]) -> dict[str, int] | None:
    """Payouts by seat wind (the Green Book introduction): a discarder pays 8 + total and the others 8 each; on a
    self-drawn win everyone pays 8 + total; times base_points. None when not valid or when a
    discard win names no discarder."""
    if not valid:
        return None
    seat, base = context["seat_wind"], context["base_points"]
    if context["self_drawn"]:
        pay = {w: -(8 + total) * base for w in WINDS if w != seat}
    else:
        if context["discarder"] is None:
            return None
        pay = {w: -8 * base for w in WINDS if w != seat}
        pay[context["discarder"]] = -(8 + total) * base
    pay[seat] = -sum(pay.values())
    return {w: pay[w] for w in WINDS}


NOT_A_WIN = "ERROR_NOT_WIN"


def reference_score(g: GenHand) -> Oracle:
    """The reference's verdict on any legal hand; an incomplete one is ``winning=False``."""
    try:
        raw = reference_raw(g)
    except TypeError as e:
        if str(e) != NOT_A_WIN:
            raise
        return Oracle(False, {}, 0, 0, 0, False, None, ())
    fans = apply_rulings(raw)
    points = sum(scorer.mcr.BY_ID[f].points * n for f, n in fans.items() if f != "flower_tiles")
    flower_points = fans.get("flower_tiles", 0)
    valid = points >= MIN_POINTS
    total = points + flower_points
    return Oracle(True, fans, points, flower_points, total, valid, settle(total, valid, g.context), raw)


# --- comparing ours with the reference ------------------------------------------------------------
def our_score(g: GenHand) -> scorer.Result:
    return scorer.score(scorer.Hand.build(**g.hand_kwargs()), scorer.Context(**g.context_kwargs()))


def fan_counts(result: scorer.Result) -> dict[str, int]:
    return {f.id: f.count for f in result.fans}


@dataclass(frozen=True)
class Mismatch:
    index: int
    hand: GenHand
    ours: dict[str, Any]  # fans, points, valid, payouts, or error
    ref: Oracle
    what: tuple[str, ...]  # which comparisons failed: fans, points, valid, payouts, total, raised

    @property
    def missing(self) -> dict[str, int]:
        """Fans the reference scores and we don't (or fewer times)."""
        ours = self.ours.get("fans", {})
        return {f: n - ours.get(f, 0) for f, n in self.ref.fans.items() if n > ours.get(f, 0)}

    @property
    def extra(self) -> dict[str, int]:
        ours = self.ours.get("fans", {})
        return {f: n - self.ref.fans.get(f, 0) for f, n in ours.items() if n > self.ref.fans.get(f, 0)}

    @property
    def signature(self) -> tuple[str, str]:
        if "raised" in self.what:
            return (f"raised {self.ours['error']}", "")
        if "winning" in self.what:
            return (f"winning: ours {self.ours['winning']}, reference {self.ref.winning}", self.hand.structure)
        if "fans" not in self.what:
            return ("(same fans)", "differs: " + " ".join(self.what))

        def fmt(d: dict[str, int]) -> str:
            return " ".join(f"{f}x{n}" if n > 1 else f for f, n in sorted(d.items())) or "-"
        return (fmt(self.missing), fmt(self.extra))


def compare(index: int, g: GenHand) -> Mismatch | None:
    ref = reference_score(g)
    try:
        r = our_score(g)
    except Exception as e:  # noqa: BLE001 - any exception on a legal hand is a finding
        code = getattr(e, "code", type(e).__name__)
        return Mismatch(index, g, {"error": f"{code}: {e}"}, ref, ("raised",))
    ours = {"fans": fan_counts(r), "points": r.points, "valid": r.valid, "total": r.total,
            "winning": r.winning, "reason": r.reason,
            "payouts": dict(r.payouts) if r.payouts is not None else None}
    what = []
    if r.winning != ref.winning:
        what.append("winning")
    if ours["fans"] != ref.fans:
        what.append("fans")
    if r.points != ref.points:
        what.append("points")
    if r.valid != ref.valid:
        what.append("valid")
    if ref.winning and (r.total != ref.total or r.flower_points != ref.flower_points):
        what.append("total")  # flowers of a hand that is no win are not specified
    if ours["payouts"] != ref.payouts:
        what.append("payouts")
    return Mismatch(index, g, ours, ref, tuple(what)) if what else None


def _fans_str(fans: Mapping[str, int]) -> str:
    return " ".join(f"{f}x{n}" if n > 1 else f for f, n in fans.items()) or "-"


def format_mismatch(m: Mismatch) -> str:
    g = m.hand
    if "raised" in m.what:
        ours = f"RAISED {m.ours['error']}"
    elif not m.ours["winning"]:
        ours = f"no win: {m.ours['reason']}"
    else:
        ours = f"{m.ours['points']}p valid={m.ours['valid']} {_fans_str(m.ours['fans'])} payouts={m.ours['payouts']}"
    if m.ref.winning:
        ref = f"{m.ref.points}p valid={m.ref.valid} {_fans_str(m.ref.fans)} payouts={m.ref.payouts}"
    else:
        ref = "no win (ERROR_NOT_WIN)"
    return (f"#{m.index} [{g.structure}/{g.theme}] {g.notation()}  ({g.context_str()})  differs: {','.join(m.what)}\n"
            f"    ours: {ours}\n    ref:  {ref}")


def format_table(mismatches: list[Mismatch], n: int, limit: int = 20) -> str:
    rate = 100.0 * (n - len(mismatches)) / n if n else 100.0
    lines = [f"agreement {n - len(mismatches)}/{n} = {rate:.2f}%; first {min(limit, len(mismatches))} mismatches:"]
    lines += [format_mismatch(m) for m in mismatches[:limit]]
    return "\n".join(lines)


# The differential's samples: hands per structure; "mixed" draws the structure at random, the rest
# force one (tests/mcr/test_differential.py, and the editions' differential over the same hands)
SAMPLE_SEED = 20240607
SAMPLES = {
    "mixed": 3000,
    "regular": 3000,
    "seven_pairs": 600,
    "seven_shifted_pairs": 200,
    "thirteen_orphans": 200,
    "honors_and_knitted": 500,
    "knitted_straight": 600,
    "nine_gates": 200,
    "crowded": 400,
}


@functools.cache
def hands(structure: str) -> tuple[GenHand, ...]:
    """The differential's sample for one structure (made once per session: treat as read-only)."""
    forced = None if structure == "mixed" else structure
    return tuple(generate(SAMPLE_SEED, i, forced) for i in range(SAMPLES[structure]))
