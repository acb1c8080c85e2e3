"""Scoring a hand by the Hong Kong table: every reading of the tiles (four sets and a pair in each
way they split, seven pairs, thirteen orphans), every row of the table asked of each and what the
rows leave out (the table-driven loop, ``rules.tabled``), the best one, the payouts.

The best reading wins: the highest total (after the cap), then a limit hand, then the higher sum
before the cap, then the first in order (regular readings in the decomposition's order, then
seven pairs, then thirteen orphans). Results are cached by (hand, context, options) when the
result cache is on.
"""

from __future__ import annotations

from typing import Any, Final

from ... import decompose
from ...context import Context
from ...errors import BAD_FLOWERS, CONTRADICTORY_CONTEXT, ScorerError
from ...forms import SEVEN_PAIRS_FORM, THIRTEEN_ORPHANS_FORM, Form
from ...hand import Hand
from ...result import Result, ScoredSet
from ...set_kind import NINE_GATES, THIRTEEN_ORPHANS
from ...tiles import EAST, IS_DRAGON, IS_WIND, NORTH, RED, WHITE
from ..engine import BookEntry, meld_sets, pair_sets, whole_set
from ..engine import division_sets as _division_sets
from ..tabled import TableEngine, TableReading
from . import detect as D
from .detect import Facts, Shape, regular_shape, special_shape
from .fans import TABLE
from .options import ADDS, HKOptions
from .payouts import payouts

RULESET: Final = "hk"
DRAGONS: Final = tuple(range(RED, WHITE + 1))
WIND_TILES: Final = tuple(range(EAST, NORTH + 1))
_DEFAULT_OPTIONS: Final = HKOptions()
# 小三元 takes its two dragon pungs' place, unless the options add it to them (HK28). 齐四季/四君子
# takes its own set's 正花's place, set by set: the detectors count 正花 only in a set not complete.
_REPLACING: Final[dict[str, tuple[str, ...]]] = {D.LITTLE_THREE_DRAGONS.value: (D.DRAGON_PUNG.value,)}
_ADDING: Final[dict[str, tuple[str, ...]]] = {}


def reading_sets(hand: Hand, f: Facts, r: TableReading) -> tuple[ScoredSet, ...]:
    """The sets a reading shows: thirteen orphans and nine gates as one group, seven pairs as its
    pairs, a regular reading as its melds, sets and pair (the pung a discard completed shown exposed)."""
    if r.form is THIRTEEN_ORPHANS_FORM:
        return (whole_set(THIRTEEN_ORPHANS, f.standing),)
    if r.form is SEVEN_PAIRS_FORM:
        return tuple(pair_sets(f.standing))
    if r.limit and D.NINE_GATES in r.fans:
        return (whole_set(NINE_GATES, f.standing),)
    return division_sets(hand, f, r)


def division_sets(hand: Hand, f: Facts, r: TableReading) -> tuple[ScoredSet, ...]:
    """A regular reading's sets, melds first (nine gates too, before it is shown as one group)."""
    shape: Shape = r.shape
    if shape.div is None:
        return tuple(meld_sets(hand))
    return tuple(_division_sets(hand, (), shape.div, shape.exposed_pung, f.win))


# --- scoring --------------------------------------------------------------------------------------
class _Hk(TableEngine):
    """Hong Kong's hooks: flowers named; regular readings, seven pairs, thirteen orphans, every row
    of the table asked of each (``TableEngine``); a limit hand is worth the cap and nothing else; the
    highest total after the cap wins, then a limit hand, then the higher sum before it; a fan the
    options value at 0 is shown at 0; the least to win and the payouts are options."""

    def prepare(self, hand: Hand, context: Context, options: Any) -> Context:
        # Hong Kong scores flowers by seat and by set, so they must be named: a bare count cannot
        # say which they are. (Raised here, not in a function of its own: a refusal is one
        # compiled frame shorter.)
        if hand.flowers > 0 and not hand.flower_tiles:
            raise ScorerError(BAD_FLOWERS, f"{hand.flowers} flower{'s' if hand.flowers != 1 else ''} given as a "
                              "number: Hong Kong scores flowers by seat and by set, so name them (e.g. "
                              "[\"plum\", \"spring\"])", ("hand", "flowers"))
        return context.for_hand(hand)

    def facts(self, hand: Hand, ctx: Context, options: Any) -> Facts:
        return Facts(hand, ctx, options)

    def shapes(self, hand: Hand, f: Facts) -> list[Shape]:
        out = [regular_shape(f, div) for div in decompose.regular_divisions(f.standing, f.need)]
        if D.is_seven_pairs(f.standing, f.melds):
            out.append(special_shape(f, SEVEN_PAIRS_FORM))
        if D.is_thirteen_orphans(f.standing, f.melds):
            out.append(special_shape(f, THIRTEEN_ORPHANS_FORM))
        return out

    def form_of(self, shape: Shape) -> Form:
        return shape.form

    def values(self, options: Any) -> dict[str, int]:
        """The options' values (HK28, HK29, ``fan_values``), a limit hand's the cap."""
        worth: dict[str, int] = options.values
        return worth

    def drops(self, options: Any) -> dict[str, tuple[str, ...]]:
        return _ADDING if options.little_three_dragons == ADDS else _REPLACING

    def cap(self, options: Any) -> int:
        cap: int = options.max_fan
        return cap

    def better(self, f: Facts, cur: TableReading, best: TableReading) -> bool:
        return (cur.total, cur.limit, cur.points) > (best.total, best.limit, best.points)

    def incomplete(self, hand: Hand, f: Facts) -> str:
        need = f.need
        return (f"not a complete hand: the concealed tiles with the winning tile {hand.winning_tile} do not form "
                f"{need} set{'s' if need != 1 else ''} and a pair, nor seven pairs or thirteen orphans")

    def result(self, hand: Hand, ctx: Context, options: Any, f: Facts, best: TableReading) -> Result:
        total = best.total
        valid = total >= options.min_fan
        pay = None
        reason = None
        if ctx.get("liable") is not None:
            check_liable(hand, ctx, best.limit)
        if valid:
            pay = payouts(total, ctx.seat_wind, ctx.self_drawn, ctx.discarder, ctx.base_points,
                          options.points_table, options.discard_payment, options.stakes, ctx.get("liable"))
        else:
            reason = f"{total} fan; a win needs {options.min_fan}"
        return Result(True, valid, best.points, 0, total, self.breakdown(best.fans, options),
                      reading_sets(hand, f, best), pay, reason, RULESET, best.limit)


def check_liable(hand: Hand, ctx: Context, limit: bool) -> None:
    """包 (HK30) only where a discard can have let the winner complete the hand: 十二张落地 (four
    exposed melds), or a limit hand holding 大三元 / 大四喜 (whichever limit names it) with those
    dragon or wind sets exposed, all of them or all but the one the liable seat's discard completes
    as the winning tile: the limit's last set was claimed, or won on (a set whole in the concealed
    hand was completed by no discard, whatever tile the win was on)."""
    exposed = [m.index for m in hand.melds if not m.concealed]
    if len(exposed) == 4:
        return
    counts = hand.counts()
    win = hand.win
    if limit and all(counts[t] >= 3 for t in DRAGONS):
        need, shown, what, completes = 3, sum(1 for t in exposed if IS_DRAGON[t]), "dragon", IS_DRAGON[win]
    elif limit and all(counts[t] >= 3 for t in WIND_TILES):
        need, shown, what, completes = 4, sum(1 for t in exposed if IS_WIND[t]), "wind", IS_WIND[win]
    else:
        _contradiction_liable("包 is for 大三元, 大四喜 or four exposed melds (十二张落地); this hand is none of them")
        return
    liable = ctx.get("liable")
    if shown == need or (shown == need - 1 and not ctx.self_drawn and ctx.discarder == liable and completes):
        return
    if shown == need - 1 and not ctx.self_drawn and ctx.discarder == liable:
        _contradiction_liable(f"the last {what} set was whole in the concealed hand: {liable}'s discard "
                              f"{hand.winning_tile} did not complete it, and no discard let the winner complete them")
    _contradiction_liable(f"{shown} of the {need} {what} sets are exposed melds: no discard by {liable} let the "
                          "winner complete them")


def _contradiction_liable(message: str) -> None:
    raise ScorerError(CONTRADICTORY_CONTEXT, message, ("context", "liable"))


ENGINE: Final = _Hk(RULESET, TABLE, zero_is_off=False)
ENTRY: Final = BookEntry(ENGINE, _DEFAULT_OPTIONS)
score_hand = ENTRY.score  # the Hong Kong rule book's ``score``: a checked ``Hand`` and ``Context`` and ``HKOptions``
clear_caches = ENTRY.clear_caches


def weighed_readings(hand: Hand, context: Context,
                     options: HKOptions) -> tuple[Facts, TableReading | None, list[TableReading]]:
    """For explaining (cold path, never cached): the hand's facts, the reading that scores, and
    every reading weighed, in the order they were looked at."""
    return ENGINE.weighed(hand, context, options)


def cache_info() -> dict[str, int]:
    ci = ENTRY.cached.cache_info()
    return {"hits": ci.hits, "misses": ci.misses, "size": ci.currsize, "maxsize": ci.maxsize or 0}
