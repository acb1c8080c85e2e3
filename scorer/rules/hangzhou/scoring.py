"""The 杭州 book's hooks on the table-driven loop (``scorer.rules.tabled``): the 财神 as a joker
(``scorer.wild``), every regular reading and seven pairs, only self-drawn wins valid, 十风 as a win
without a winning tile, the cap, and the payments of §9 (the Hangzhou rule document)."""

from __future__ import annotations

from typing import Any, Final

from ...context import Context
from ...errors import (
    BAD_MELD,
    BAD_VALUE,
    CONTRADICTORY_CONTEXT,
    NOT_IN_RULESET,
    TILE_COUNT,
    TOO_MANY_COPIES,
    ScorerError,
)
from ...forms import Form
from ...hand import Hand
from ...holding import Holding
from ...result import FanScore, Result, ScoredSet
from ...set_kind import CHOW, KONG, PAIR, PUNG
from ...tiles import CODES, HONOR_START, INDEX, WIND_CODE
from ...wild import first_seven_pairs, readings, seven_pairs
from ..engine import BookEntry, fan_score, joker_set, meld_sets, scored_set
from ..tabled import TableEngine, TableReading
from .context import NO_CHOWS
from .detect import JOKER, WILD, Facts, Shape, first_reading, split
from .fan_id import HangzhouFan as H
from .fans import TABLE, TEN_WINDS_JOKER, drops, values
from .options import FIXED_8, HangzhouOptions
from .payouts import SEATS, dealer_multiplier, payouts

RULESET: Final = "hangzhou"
_REGULAR: Final = Form.REGULAR  # statics of the compiled build: an enum member read by name costs more
_SEVEN_PAIRS: Final = Form.SEVEN_PAIRS
J: Final = CODES[JOKER]  # the 财神's code, P
_DEFAULT_OPTIONS: Final = HangzhouOptions()


def _no(name: str, message: str, *at: str | int) -> None:
    raise ScorerError(CONTRADICTORY_CONTEXT, message, ("context", name, *at), ruleset=RULESET)


def check(hand: Hand | Holding, ctx: Context, jokers: int) -> None:
    """What the tiles and the history told contradict, winning tile or not (§2, §11)."""
    if hand.flowers:
        raise ScorerError(NOT_IN_RULESET, "Hangzhou mahjong is played without flowers", ("hand", "flowers"),
                          ruleset=RULESET)
    for k, m in enumerate(hand.melds):
        if m.index == JOKER:
            raise ScorerError(BAD_MELD, "a 财神 (P) is never chowed, punged or konged: no meld holds one",
                              ("hand", "melds", k, "tiles"), ruleset=RULESET)
    if jokers + ctx.get("joker_discards") > 4:
        _no("joker_discards", f"joker_discards: {ctx.get('joker_discards')} 财神 discarded and {jokers} held make "
            "more than the four there are")
    kongs = sum(1 for m in hand.melds if m.kind is KONG)
    chain = ctx.get("chain_kongs")
    if chain is not None and (chain > kongs or (ctx.kong_replacement and chain == 0)):
        _no("chain_kongs", f"chain_kongs: {chain} kongs in the chain, but the hand has {kongs} kong melds"
            + (" and won on a kong's replacement" if ctx.kong_replacement else ""))
    seat = WIND_CODE[ctx.seat_wind]
    given = (ctx.get("chow_counts") or NO_CHOWS)[SEATS.index(seat)]
    chows = sum(1 for m in hand.melds if m.kind is CHOW)
    if given and given != chows:
        _no("chow_counts", f"chow_counts.{seat}: the winner's chows are its {chows} chow melds, not {given}", seat)


def chow_counts(hand: Hand | Holding, ctx: Context) -> tuple[int, ...]:
    """Each seat's chows, the winner's own from its chow melds."""
    out = list(ctx.get("chow_counts") or NO_CHOWS)
    out[SEATS.index(WIND_CODE[ctx.seat_wind])] = sum(1 for m in hand.melds if m.kind is CHOW)
    return tuple(out)


def _physical(kind: Any, first: int, bits: int) -> tuple[str, ...]:
    if kind is CHOW:
        return tuple(J if bits >> i & 1 else CODES[first + i] for i in range(3))
    return tuple(J if bits >> i & 1 else CODES[first] for i in range(3))


def reading_sets(hand: Hand, shape: Shape) -> tuple[ScoredSet, ...]:
    """The reading's sets: the melds, then the concealed sets and the pair (seven pairs: the pairs),
    each holding a 财神 with its ``physical`` tiles."""
    out = meld_sets(hand)
    r = shape.reading
    if r is not None:
        for t, kind, bits in r.sets:
            kind = PUNG if kind is not CHOW else CHOW
            out.append(joker_set(kind, scored_set(kind, t, True).tiles, True, _physical(kind, t, bits)) if bits
                       else scored_set(kind, t, True))
        pairs: tuple[tuple[int, int], ...] = ((r.pair, r.pair_jokers),)
    else:
        pairs = shape.pairs
    for t, j in pairs:
        out.append(joker_set(PAIR, scored_set(PAIR, t, True).tiles, True, (CODES[t],) * (2 - j) + (J,) * j) if j
                   else scored_set(PAIR, t, True))
    return tuple(out)


class _Hangzhou(TableEngine):
    """Hangzhou's hooks: the 财神 wild, no flowers, the dealer at E; regular readings and seven
    pairs, every row asked of each; the values by the options; the most fan after the cap wins."""

    def prepare(self, hand: Hand, context: Context, options: Any) -> Context:
        if context.get("ten_winds") is not None:
            _no("ten_winds", "ten_winds (十风) is a win without a winning tile: give the 13 tiles kept as concealed "
                "and no winning_tile")
        check(hand, context, hand.standing_counts()[JOKER])
        return context.for_hand(hand)

    def facts(self, hand: Hand, ctx: Context, options: Any) -> Facts:
        return Facts(hand, ctx, options)

    def __init__(self, every: bool = False) -> None:
        super().__init__(RULESET, TABLE, zero_is_off=False)  # 平和 is shown at 0
        self.every = every  # every reading (explaining), not one of each form (scoring)

    def shapes(self, hand: Hand, f: Facts) -> list[Shape]:
        """One regular reading and one of seven pairs (every item scores alike in all readings of a
        form); explaining, the other readings after them."""
        out: list[Shape] = []
        first = first_reading(f.counts, f.jokers, f.need)
        if first is not None:
            out.append(Shape(_REGULAR, first))
        pairs = first_seven_pairs(f.counts, f.jokers, WILD) if not f.melds else None
        if pairs is not None:
            out.append(Shape(_SEVEN_PAIRS, None, pairs))
        if self.every:
            if first is not None:
                out.extend(Shape(_REGULAR, r) for r in readings(f.counts, f.jokers, f.need, WILD)
                           if r.division() != first.division())
            if pairs is not None:
                out.extend(Shape(_SEVEN_PAIRS, None, p) for p in seven_pairs(f.counts, f.jokers, WILD)[1:])
        return out

    def form_of(self, shape: Shape) -> Form:
        return shape.form

    def values(self, options: Any) -> dict[str, int]:
        return values(options)

    def drops(self, options: Any) -> dict[str, tuple[str, ...]]:
        return drops(options)

    def adjust(self, f: Facts, found: dict[str, int]) -> None:
        """An item worth nothing under the options is off; 平和 (worth 0) is listed when alone."""
        worth = self.derived(f.options)[0]
        for fan_id in [i for i in found if not worth[i] and i != H.PLAIN]:
            del found[fan_id]

    def cap(self, options: Any) -> int:
        cap: int = options.max_fan
        return cap if cap else -1

    def incomplete(self, hand: Hand, f: Facts) -> str:
        return (f"not a complete hand: the concealed tiles with the winning tile {hand.winning_tile.value} (each 财神 "
                f"any tile) form neither {f.need} set{'s' if f.need != 1 else ''} and a pair nor seven pairs")

    def result(self, hand: Hand, ctx: Context, options: Any, f: Facts, best: TableReading) -> Result:
        return answer(ctx, options, best.points, best.total, self.breakdown(best.fans, options),
                      reading_sets(hand, best.shape), chow_counts(hand, ctx))


def answer(ctx: Context, options: Any, points: int, total: int, fans: tuple[FanScore, ...],
           sets: tuple[ScoredSet, ...], chows: tuple[int, ...]) -> Result:
    """A win's result: valid only self-drawn (§3), paid by §9, with the book's answer fields."""
    basic = options.base << total
    multiplier = dealer_multiplier(ctx.get("dealer_streak"), options.dealer_multiplier == FIXED_8)
    pay: dict[str, int] | None = None
    liable: list[dict[str, Any]] = []
    reason = None
    valid = ctx.self_drawn
    if valid:
        pay, liable = payouts(basic, WIND_CODE[ctx.seat_wind], multiplier, chows, options.contract, ctx.base_points)
    else:
        reason = "Hangzhou mahjong wins only on a self-drawn tile: no win on a discard or a robbed kong"
    extras = (("basic_points", basic), ("dealer_multiplier", multiplier), ("liability", liable))
    return Result(True, valid, points, 0, total, fans, sets, pay, reason, RULESET, None, None, extras)


def score_held(held: Holding, context: Context, options: Any = None, /) -> Result:
    """十风 (MIL §八.7): a win declared after the tenth discard, all ten honours, no claim and no kong;
    the 13 tiles kept need form nothing. 3 fan, 4 with a 财神 among the ten, and 无财神 beside it."""
    opts = options if options is not None else _DEFAULT_OPTIONS
    ten = context.get("ten_winds")
    if ten is None:
        raise ScorerError(BAD_VALUE, "winning_tile is missing: a Hangzhou hand wins without one only by 十风 (context "
                          "ten_winds: the first ten discards)", ("hand", "winning_tile"), ruleset=RULESET)
    counts, jokers = split(held.standing_counts())
    if sum(counts) + jokers + 3 * len(held.melds) != 13:
        raise ScorerError(TILE_COUNT, "十风: concealed holds the 13 tiles kept after the tenth discard (13 minus 3 "
                          "per meld), with no winning tile", ("hand", "concealed"), ruleset=RULESET)
    check(held, context, jokers)
    for name in ("kong_replacement", "robbing_kong"):
        if getattr(context, name):
            _no(name, f"{name}: 十风 is declared after a discard, on no tile")
    if context.discarder is not None:
        _no("discarder", "十风 is declared after one's own discard: nobody discards a winning tile")
    seen = list(held.standing_counts())
    for k, code in enumerate(ten):
        t = INDEX[code]
        seen[t] += 1
        if seen[t] > 4:
            raise ScorerError(TOO_MANY_COPIES, f"ten_winds: {code} is held and discarded more than four times",
                              ("context", "ten_winds", k), ruleset=RULESET)
    why = None
    if held.melds:
        why = "十风 is declared with no chow, pung or kong made"
    elif any(INDEX[c] < HONOR_START for c in ten):
        why = "十风 needs the first ten discards all honours (风牌: winds and dragons)"
    if why is not None:
        return Result(False, False, 0, 0, 0, (), (), None, f"not a win: {why}", RULESET)
    worth = values(opts)
    fan = TEN_WINDS_JOKER if J in ten else worth[H.TEN_WINDS.value]
    fans = [fan_score(TABLE, H.TEN_WINDS.value, 1, fan)]
    points = fan
    if not jokers and worth[H.NO_JOKER.value]:
        fans.append(fan_score(TABLE, H.NO_JOKER.value, 1, -1))
        points += worth[H.NO_JOKER.value]
    total = min(points, opts.max_fan) if opts.max_fan else points
    ctx = context if context.self_drawn else context.replace(self_drawn=True)  # a declaration: paid as self-drawn
    return answer(ctx, opts, points, total, tuple(fans), (), chow_counts(held, context))


ENGINE: Final = _Hangzhou()
EXPLAINING: Final = _Hangzhou(every=True)  # the same hooks, every reading weighed
ENTRY: Final = BookEntry(ENGINE, _DEFAULT_OPTIONS)
score_hand = ENTRY.score  # the Hangzhou book's ``score``: a checked ``Hand`` and ``Context`` and ``HangzhouOptions``
clear_caches = ENTRY.clear_caches

__all__ = ["ENGINE", "RULESET", "reading_sets", "score_hand", "score_held"]
