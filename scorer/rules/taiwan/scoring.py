"""Scoring a Taiwanese hand: every reading of its 17 tiles (five sets and a pair in each way they
split, and 嚦咕嚦咕 where it is on), every item of the table asked of each and what the items leave
out (the table-driven loop, ``rules.tabled``), the best reading (就高不就低: the most 台, then the most
items, then the first), the cap, and the payments with the dealer's 台.

A flower win (八仙過海, 七搶一) is scored alone by default: its 8 台, nothing else of the hand; a
hand given without a winning tile (the tiles held when the eighth flower came) is one (``score_held``).
"""

from __future__ import annotations

from typing import Any, Final

from ... import decompose
from ...context import Context
from ...errors import BAD_FLOWERS, BAD_VALUE, CONTRADICTORY_CONTEXT, ScorerError
from ...forms import EIGHT_AND_A_HALF_PAIRS_FORM, REGULAR_FORM, Form
from ...hand import Hand
from ...holding import Holding
from ...result import Result, ScoredSet
from ...set_kind import CHOW, PAIR, PUNG
from ..engine import BookEntry, meld_sets, pair_sets, scored_set
from ..tabled import TableEngine, TableReading
from .detect import Facts, Shape, is_pairs_and_triplet, pairs_and_triplet_shape, regular_shape
from .fans import BY_ID, FLOWER_ITEMS, TABLE, drops, values
from .options import ADDITIVE, TaiwanOptions
from .payouts import answered_dealer_tai, payouts

RULESET: Final = "taiwan"
_DEFAULT_OPTIONS: Final = TaiwanOptions()


def _flower_win(f: Facts) -> TableReading:
    """八仙過海 or 七搶一 alone (TW8)."""
    fan_id = "eight_flowers" if f.ctx.get("flower_win") == "eight_flowers" else "seven_rob_one"
    return TableReading(REGULAR_FORM, {fan_id: 1}, {}, ENGINE.derived(f.options)[0][fan_id], None)


def reading_sets(hand: Hand, r: TableReading) -> tuple[ScoredSet, ...]:
    """The reading's sets: the melds, then the concealed sets and the pair (the pung a discard
    completed shown exposed); 嚦咕嚦咕 as its triplet and pairs."""
    shape = r.shape
    if shape is None:
        return tuple(meld_sets(hand))
    standing = hand.standing_counts()
    if shape.form is EIGHT_AND_A_HALF_PAIRS_FORM:
        t = shape.pungs[0]
        rest = list(standing)
        rest[t] = rest[t] - 3
        return (scored_set(PUNG, t, True), *pair_sets(tuple(rest)))
    out = meld_sets(hand)
    win = hand.win
    for t, k in shape.own:
        if k is CHOW:
            out.append(scored_set(CHOW, t, True))
        else:
            out.append(scored_set(PUNG, t, not (shape.exposed_pung and t == win)))
    out.append(scored_set(PAIR, shape.pair, True))
    return tuple(out)


def check(hand: Hand, ctx: Context) -> None:
    """What the hand and the seat can contradict in this book (the dealer is East)."""
    _check_held(hand, ctx)
    if ctx.own and (ctx.get("heavenly_hand") or ctx.get("earthly_hand")) and ctx.kong_replacement and \
            not hand.flower_tiles:
        name = "heavenly_hand" if ctx.get("heavenly_hand") else "earthly_hand"
        _no(name, f"{name} is won on one's first tiles: on a replacement only for a flower among them, and the hand "
            "has no flower")
    if ctx.kong_replacement and not hand.has_kong and not hand.flower_tiles:
        _no("kong_replacement", "kong_replacement (槓上開花) is a win on the replacement for a kong or a flower: the "
            "hand has neither")
    held = hand.counts()[hand.win] - 1
    if ctx.robbing_kong and held > 0:
        _no("robbing_kong", f"robbing_kong (搶槓): the robbed tile {hand.winning_tile} cannot also be in the winner's "
            "hand")
    _check_flower_win(hand, ctx)


def _no(name: str, why: str) -> None:
    raise ScorerError(CONTRADICTORY_CONTEXT, why, ("context", name), ruleset=RULESET)


def _check_held(hand: Hand | Holding, ctx: Context) -> None:
    """What the tiles held and the seat can contradict, winning tile or not."""
    if hand.flowers > 0 and not hand.flower_tiles:
        raise ScorerError(BAD_FLOWERS, f"{hand.flowers} flower{'s' if hand.flowers != 1 else ''} given as a number: "
                          "Taiwanese mahjong scores flowers by seat and by set, so name them (e.g. [\"plum\", "
                          "\"spring\"])", ("hand", "flowers"), ruleset=RULESET)
    if not ctx.own:  # none of the book's own fields given: nothing below to contradict
        return
    east = ctx.seat_wind.value == "E"
    claimed = any(not m.concealed for m in hand.melds)
    no = _no
    if ctx.get("heavenly_hand") and (not east or claimed):
        no("heavenly_hand", "heavenly_hand (天胡) is the dealer's (East's) win on the dealt tiles, before any claim")
    if ctx.get("earthly_hand") and (east or claimed):
        no("earthly_hand", "earthly_hand (地胡) is a non-dealer's self-drawn win on its first draw, before any claim")
    if ctx.get("human_hand") and (east or claimed):
        no("human_hand", "human_hand (人胡) is a non-dealer's win on a discard before its own first draw, before any "
           "claim")
    if (ctx.get("heavenly_ready") or ctx.get("earthly_ready")) and claimed:
        no("heavenly_ready" if ctx.get("heavenly_ready") else "earthly_ready",
           "a hand declared ready (天聽, 地聽) claims nothing afterwards: it has no claimed meld")


def _check_flower_win(hand: Hand | Holding, ctx: Context) -> None:
    no = _no
    won_by = ctx.get("flower_win")
    if won_by == "eight_flowers" and (len(hand.flower_tiles) != 8 or not ctx.self_drawn):
        no("flower_win", "eight_flowers (八仙過海) is a self-drawn win holding all eight flowers")
    if won_by == "seven_rob_one" and (len(hand.flower_tiles) != 7 or ctx.self_drawn or ctx.discarder is None):
        no("flower_win", "seven_rob_one (七搶一) holds seven flowers and robs the eighth from the discarder who "
           "revealed it (not self-drawn)")


def score_held(held: Holding, context: Context, options: Any = None, /) -> Result:
    """A win that takes no tile (TW8): 八仙過海 or 七搶一 on the tiles held, scored alone in either
    ``flower_win_mode`` (with no winning tile there is no complete hand to add it to)."""
    opts = options if options is not None else _DEFAULT_OPTIONS
    if context.get("flower_win") is None:
        raise ScorerError(BAD_VALUE, "winning_tile is missing: a Taiwanese hand wins without one only by its flowers "
                          "(context flower_win: eight_flowers or seven_rob_one)", ("hand", "winning_tile"),
                          ruleset=RULESET)
    _check_held(held, context)
    if context.robbing_kong:
        _no("robbing_kong", "robbing_kong (搶槓): a win by the flowers alone takes no tile from a kong")
    _check_flower_win(held, context)
    fan_id = context.get("flower_win")
    best = TableReading(REGULAR_FORM, {fan_id: 1}, {}, ENGINE.derived(opts)[0][fan_id], None)
    return ENGINE.answer(context, opts, best, tuple(scored_set(m.kind, m.index, m.concealed) for m in held.melds))


class _Taiwan(TableEngine):
    """Taiwan's hooks: named flowers, the dealer at East; regular readings and 嚦咕嚦咕, every row of
    the table asked of each (``TableEngine``); the values and exclusions by the options; a flower
    win alone or in the place of the flower items; the most 台 after the cap wins, then the most
    items, then the first."""

    def prepare(self, hand: Hand, context: Context, options: Any) -> Context:
        check(hand, context)
        return context

    def facts(self, hand: Hand, ctx: Context, options: Any) -> Facts:
        return Facts(hand, ctx, options)

    def shapes(self, hand: Hand, f: Facts) -> list[Shape]:
        out = [regular_shape(f, div) for div in decompose.regular_divisions(f.standing, f.need)]
        if f.options.eight_and_a_half_pairs and not hand.melds and is_pairs_and_triplet(f.standing):
            out.append(pairs_and_triplet_shape(f))
        return out

    def form_of(self, shape: Shape) -> Form:
        return shape.form

    def values(self, options: Any) -> dict[str, int]:
        return values(options)

    def drops(self, options: Any) -> dict[str, tuple[str, ...]]:
        return drops(options)

    def adjust(self, f: Facts, found: dict[str, int]) -> None:
        if f.ctx.get("flower_win") is not None:  # additive: the flower win in the place of the flower items (TW8)
            for i in FLOWER_ITEMS:
                found.pop(i, None)

    def readings(self, hand: Hand, f: Facts) -> list[TableReading]:
        if f.ctx.get("flower_win") is not None and f.options.flower_win_mode != ADDITIVE:
            return [_flower_win(f)]
        out = super().readings(hand, f)
        if not out and f.ctx.get("flower_win") is not None:
            out.append(_flower_win(f))
        return out

    def cap(self, options: Any) -> int:
        cap: int = options.max_tai
        return cap if cap else -1

    def incomplete(self, hand: Hand, f: Facts) -> str:
        return (f"not a complete hand: the concealed tiles with the winning tile {hand.winning_tile.value} do not "
                f"form {f.need} set{'s' if f.need != 1 else ''} and a pair")

    def result(self, hand: Hand, ctx: Context, options: Any, f: Facts, best: TableReading) -> Result:
        return self.answer(ctx, options, best, reading_sets(hand, best))

    def answer(self, ctx: Context, options: Any, best: TableReading, sets: tuple[ScoredSet, ...]) -> Result:
        """The result of the reading ``best`` (whose sets are ``sets``): its 台, the cap, the payments."""
        total = best.total
        valid = total >= options.min_tai
        seat = ctx.seat_wind.value
        by = None if ctx.discarder is None else ctx.discarder.value
        pay = None
        reason = None
        if valid:
            pay = payouts(total, seat, ctx.self_drawn, by, ctx.get("dealer_streak"), options.base, options.per_tai,
                          ctx.base_points)
        else:
            reason = f"{total} 台; a win needs {options.min_tai} (起胡)"
        extras = (("dealer_tai", answered_dealer_tai(seat, ctx.self_drawn, by, ctx.get("dealer_streak"))),)
        return Result(True, valid, best.points, 0, total, self.breakdown(best.fans, options),
                      sets, pay, reason, RULESET, None, None, extras)


ENGINE: Final = _Taiwan(RULESET, TABLE)
ENTRY: Final = BookEntry(ENGINE, _DEFAULT_OPTIONS)
score_hand = ENTRY.score  # the Taiwanese book's ``score``: a checked ``Hand`` and ``Context`` and ``TaiwanOptions``
clear_caches = ENTRY.clear_caches


__all__ = ["BY_ID", "ENGINE", "RULESET", "reading_sets", "score_hand", "score_held"]
