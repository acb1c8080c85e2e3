"""Scoring a hand by the Hong Kong table: every reading of the tiles (four sets and a pair in each
way they split, seven pairs, thirteen orphans), the fans of each, the best one, the payouts.

The best reading wins: the highest total (after the cap), then a limit hand, then the higher sum
before the cap, then the first in order (regular readings in the decomposition's order, then
seven pairs, then thirteen orphans). Results are cached by (hand, context, options).
"""

from __future__ import annotations

from typing import Any, Final

from ... import decompose
from ...caches import RESULT_CACHE_SIZE
from ...context import Context
from ...decompose import Division
from ...errors import BAD_FLOWERS, CONTRADICTORY_CONTEXT, ScorerError
from ...forms import REGULAR_FORM, SEVEN_PAIRS_FORM, THIRTEEN_ORPHANS_FORM, Form
from ...hand import Hand
from ...result import Result, ScoredSet
from ...set_kind import CHOW, KONG, NINE_GATES, THIRTEEN_ORPHANS
from ...tiles import EAST, IS_DRAGON, IS_WIND, NORTH, RED, WHITE, WINDS
from ..engine import Engine, Reading, cached, fan_score, meld_sets, pair_sets, whole_set
from ..engine import division_sets as _division_sets
from . import detect as D
from .fans import LIMITS, ORDER, TABLE
from .options import ADDS, HKOptions
from .payouts import payouts

RULESET: Final = "hk"
DRAGONS: Final = tuple(range(RED, WHITE + 1))
WIND_TILES: Final = tuple(range(EAST, NORTH + 1))
_DEFAULT_OPTIONS: Final = HKOptions()


class _Facts:
    """What every reading of one hand shares, worked out once."""

    def __init__(self, hand: Hand, ctx: Context, options: HKOptions) -> None:
        self.cap = options.max_fan  # what a limit hand is worth
        self.values = options.values  # each fan's worth by the options (HK28, HK29)
        self.little_three_adds = options.little_three_dragons == ADDS
        self.win = hand.win
        self.standing = hand.standing_counts()
        self.counts = hand.counts()
        self.melds = len(hand.melds)
        self.need = 4 - len(hand.melds)
        self.self_drawn = ctx.self_drawn
        meld_pungs: list[int] = []
        chows = kongs = exposed = concealed_kongs = 0
        for m in hand.melds:
            i = m.index
            if m.kind is CHOW:
                chows += 1
            else:
                meld_pungs.append(i)
            if m.kind is KONG:
                kongs += 1
                if m.concealed:
                    concealed_kongs += 1
            if not m.concealed:
                exposed += 1
        self.meld_pungs = meld_pungs
        self.meld_chows = chows
        self.kongs = kongs
        self.exposed = exposed
        self.concealed_kongs = concealed_kongs
        self.seat = EAST + WINDS.index(ctx.seat_wind)
        self.prevalent = EAST + WINDS.index(ctx.prevalent_wind)
        # the whole hand's limits, whatever the reading
        whole: list[str] = []
        if D.is_all_honors(self.counts):
            whole.append(D.ALL_HONORS)
        if D.is_all_terminals(self.counts):
            whole.append(D.ALL_TERMINALS)
        if D.is_nine_gates(self.counts, self.melds):
            whole.append(D.NINE_GATES)
        self.whole_limits = whole
        # the fans every non-limit reading has: how it was won, the flowers, the suits
        base: list[tuple[str, int]] = [
            (f, 1) for f in D.event_fans(ctx.self_drawn, ctx.kong_replacement, ctx.robbing_kong, ctx.last_wall_tile)
        ]
        numbers = tuple(f.number for f in hand.flower_tiles)
        seasons = tuple(f.is_season for f in hand.flower_tiles)
        seat_flower, sets = D.flower_fans(numbers, seasons, WINDS.index(ctx.seat_wind) + 1)
        if not hand.flower_tiles:
            base.append((D.NO_FLOWERS, 1))
        if seat_flower:
            base.append((D.SEAT_FLOWER, seat_flower))
        if sets:
            base.append((D.FLOWER_SET, sets))
        flush = D.flush_fan(self.counts)
        if flush is not None:
            base.append((flush, 1))
        self.base = base


class _Reading(Reading):
    """One way to read the hand, with its fans; the sets are built only for the one chosen."""

    def __init__(self, form: Form, fans: list[tuple[str, int]], points: int, limit: bool,
                 div: Division | None = None, exposed_pung: bool = False) -> None:
        super().__init__(form, points, limit)
        self.fans = sorted(fans, key=_table_order)
        self.div = div
        self.exposed_pung = exposed_pung


def _table_order(fan: tuple[str, int]) -> int:
    return ORDER[fan[0]]


def _limit_reading(form: Form, fan: str, cap: int, div: Division | None = None,
                   exposed_pung: bool = False) -> _Reading:
    return _Reading(form, [(fan, 1)], cap, True, div, exposed_pung)


def _first_limit(found: list[str]) -> str:
    """Of several limits in one reading, the first in the table names it (it is worth the cap once)."""
    return min(found, key=LIMITS.index)


def _sum(values: dict[str, int], fans: list[tuple[str, int]]) -> int:
    points = 0
    for fan, n in fans:
        points += values[fan] * n
    return points


def reading_fans(f: _Facts, pungs: list[int], pair: int, chows: int, kongs: int,
                 concealed_pungs: int) -> tuple[list[tuple[str, int]], list[str]]:
    """What a regular reading shows by the detectors: the fans it scores were it no limit hand, and
    the limits it is. The explanation reads readings through this too, to name what a limit replaces."""
    dragons, little_three, big_three = D.dragon_fans(pungs, pair)
    seat_n, prevalent_n, big_four = D.wind_fans(pungs, f.seat, f.prevalent)
    limits = list(f.whole_limits)
    if big_three:
        limits.append(D.BIG_THREE_DRAGONS)
    if big_four:
        limits.append(D.BIG_FOUR_WINDS)
    if D.is_four_kongs(kongs):
        limits.append(D.FOUR_KONGS)
    if D.is_four_concealed_pungs(len(pungs), concealed_pungs, f.self_drawn):
        limits.append(D.FOUR_CONCEALED_PUNGS)
    fans = list(f.base)
    if little_three and f.little_three_adds:
        dragons = 2  # 小三元 3 beside its two dragon pungs (HK28)
    if dragons:
        fans.append((D.DRAGON_PUNG, dragons))
    if little_three:
        fans.append((D.LITTLE_THREE_DRAGONS, 1))
    if seat_n:
        fans.append((D.SEAT_WIND, seat_n))
    if prevalent_n:
        fans.append((D.PREVALENT_WIND, prevalent_n))
    if D.is_all_chows(chows, pair):
        fans.append((D.ALL_CHOWS, 1))
    if D.is_all_pungs(pungs):
        fans.append((D.ALL_PUNGS, 1))
    if D.is_concealed(f.exposed):
        fans.append((D.CONCEALED, 1))
    return fans, limits


def _regular(f: _Facts, div: Division) -> _Reading:
    sets, pair = div
    own_pungs: list[int] = []
    own_chows: list[int] = []
    for t, k in sets:
        if k is CHOW:
            own_chows.append(t)
        else:
            own_pungs.append(t)
    win = f.win
    # a pung the discarded tile completes is not concealed (unless the tile reads into a chow)
    exposed_pung = (not f.self_drawn and win in own_pungs and pair != win
                    and not any(c <= win <= c + 2 for c in own_chows))
    pungs = f.meld_pungs + own_pungs
    concealed_pungs = f.concealed_kongs + len(own_pungs) - (1 if exposed_pung else 0)
    fans, limits = reading_fans(f, pungs, pair, f.meld_chows + len(own_chows), f.kongs, concealed_pungs)
    if limits:
        return _limit_reading(REGULAR_FORM, _first_limit(limits), f.cap, div, exposed_pung)
    return _Reading(REGULAR_FORM, fans, _sum(f.values, fans), False, div, exposed_pung)


def _seven_pairs(f: _Facts) -> _Reading:
    if f.whole_limits:
        return _limit_reading(SEVEN_PAIRS_FORM, _first_limit(f.whole_limits), f.cap)
    fans = [*f.base, (D.SEVEN_PAIRS, 1)]  # no 门前清 beside it: the form is concealed by nature
    return _Reading(SEVEN_PAIRS_FORM, fans, _sum(f.values, fans), False)


# --- the chosen reading's sets -------------------------------------------------------------------
def _sets(hand: Hand, f: _Facts, r: _Reading) -> tuple[ScoredSet, ...]:
    if r.form is THIRTEEN_ORPHANS_FORM:
        return (whole_set(THIRTEEN_ORPHANS, f.standing),)
    if r.form is SEVEN_PAIRS_FORM:
        return tuple(pair_sets(f.standing))
    if r.limit and r.fans[0][0] == D.NINE_GATES:
        return (whole_set(NINE_GATES, f.standing),)
    assert r.div is not None
    return tuple(_division_sets(hand, (), r.div, r.exposed_pung, f.win))


def division_sets(hand: Hand, f: _Facts, r: _Reading) -> tuple[ScoredSet, ...]:
    """A regular reading's sets, melds first (nine gates too, before it is shown as one group)."""
    if r.div is None:
        return tuple(meld_sets(hand))
    return tuple(_division_sets(hand, (), r.div, r.exposed_pung, f.win))


# --- scoring --------------------------------------------------------------------------------------
class _Hk(Engine[_Facts, _Reading]):
    """Hong Kong's hooks: flowers named; regular readings, seven pairs, thirteen orphans; a limit
    hand is worth the cap and nothing else; the highest total after the cap wins, then a limit
    hand, then the higher sum before it; the least to win and the payouts are options."""

    def prepare(self, hand: Hand, context: Context, options: Any) -> Context:
        # Hong Kong scores flowers by seat and by set, so they must be named: a bare count cannot
        # say which they are. (Raised here, not in a function of its own: a refusal is one
        # compiled frame shorter.)
        if hand.flowers > 0 and not hand.flower_tiles:
            raise ScorerError(BAD_FLOWERS, f"{hand.flowers} flower{'s' if hand.flowers != 1 else ''} given as a "
                              "number: Hong Kong scores flowers by seat and by set, so name them (e.g. "
                              "[\"plum\", \"spring\"])", ("hand", "flowers"))
        return context.for_hand(hand)

    def facts(self, hand: Hand, ctx: Context, options: Any) -> _Facts:
        return _Facts(hand, ctx, options)

    def readings(self, hand: Hand, f: _Facts) -> list[_Reading]:
        out = [_regular(f, div) for div in decompose.regular_divisions(f.standing, f.need)]
        if D.is_seven_pairs(f.standing, f.melds):
            out.append(_seven_pairs(f))
        if D.is_thirteen_orphans(f.standing, f.melds):
            out.append(_limit_reading(THIRTEEN_ORPHANS_FORM, D.THIRTEEN_ORPHANS, f.cap))
        return out

    def cap(self, options: Any) -> int:
        cap: int = options.max_fan
        return cap

    def better(self, f: _Facts, cur: _Reading, best: _Reading) -> bool:
        return (cur.total, cur.limit, cur.points) > (best.total, best.limit, best.points)

    def incomplete(self, hand: Hand, f: _Facts) -> str:
        need = f.need
        return (f"not a complete hand: the concealed tiles with the winning tile {hand.winning_tile} do not form "
                f"{need} set{'s' if need != 1 else ''} and a pair, nor seven pairs or thirteen orphans")

    def result(self, hand: Hand, ctx: Context, options: Any, f: _Facts, best: _Reading) -> Result:
        cap = f.cap
        values = f.values
        fans = tuple(fan_score(TABLE, i, n, cap if best.limit else values[i]) for i, n in best.fans)
        total = best.total
        valid = total >= options.min_fan
        pay = None
        reason = None
        if ctx.liable is not None:
            check_liable(hand, ctx, best.limit)
        if valid:
            pay = payouts(total, ctx.seat_wind, ctx.self_drawn, ctx.discarder, ctx.base_points,
                          options.points_table, options.discard_payment, options.stakes, ctx.liable)
        else:
            reason = f"{total} fan; a win needs {options.min_fan}"
        return Result(True, valid, best.points, 0, total, fans, _sets(hand, f, best), pay, reason, RULESET,
                      best.limit)


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
    if shown == need or (shown == need - 1 and not ctx.self_drawn and ctx.discarder == ctx.liable and completes):
        return
    if shown == need - 1 and not ctx.self_drawn and ctx.discarder == ctx.liable:
        _contradiction_liable(f"the last {what} set was whole in the concealed hand: {ctx.liable}'s discard "
                              f"{hand.winning_tile} did not complete it, and no discard let the winner complete them")
    _contradiction_liable(f"{shown} of the {need} {what} sets are exposed melds: no discard by {ctx.liable} let the "
                          "winner complete them")


def _contradiction_liable(message: str) -> None:
    raise ScorerError(CONTRADICTORY_CONTEXT, message, ("context", "liable"))


ENGINE: Final = _Hk(RULESET, limits=True)
_cached_score = cached(ENGINE, RESULT_CACHE_SIZE)  # off unless asked for (``scorer.caches``)
_caching = RESULT_CACHE_SIZE > 0  # when not, ``score_hand`` calls the engine directly


def weighed_readings(hand: Hand, context: Context,
                     options: HKOptions) -> tuple[_Facts, _Reading | None, list[_Reading]]:
    """For explaining (cold path, never cached): the hand's facts, the reading that scores, and
    every reading weighed, in the order they were looked at."""
    return ENGINE.weighed(hand, context, options)


def score_hand(hand: Hand, context: Context, options: Any = None, /) -> Result:
    """The Hong Kong rule book's ``score``: a checked ``Hand`` and ``Context`` and ``HKOptions``."""
    opts = options if options is not None else _DEFAULT_OPTIONS
    if _caching:
        return _cached_score(hand, context, opts)
    return ENGINE.score(hand, context, opts)  # a cache of size 0 is still a call through it


def clear_caches() -> None:
    _cached_score.cache_clear()


def cache_info() -> dict[str, int]:
    ci = _cached_score.cache_info()
    return {"hits": ci.hits, "misses": ci.misses, "size": ci.currsize, "maxsize": ci.maxsize or 0}
