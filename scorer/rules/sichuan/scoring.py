"""Scoring a Sichuan hand: every reading (four sets and a pair, seven pairs), every row of the
table asked of each (the table-driven loop, ``rules.tabled``), the best one, the cap, the payouts.

Only the 108 suited tiles take part: an honour, a flower or a chow meld (there is no 吃) is an
error pointing at it; the missing suit must be known. A complete hand that still holds its
missing suit cannot win: it is scored, but ``valid`` is false and nothing is paid.
"""

from __future__ import annotations

from typing import Any, Final

from ... import decompose
from ...context import Context
from ...errors import CONTRADICTORY_CONTEXT, MISSING_SUIT_REQUIRED, NOT_IN_RULESET, TOO_MANY_WINNERS, ScorerError
from ...forms import Form
from ...hand import Hand, Meld
from ...result import Result, ScoredSet
from ...set_kind import CHOW
from ...tiles import INDEX, IS_HONOR, Tile
from ..engine import BookEntry, division_sets, pair_sets
from ..tabled import TableEngine, TableReading
from .detect import Facts, Shape, holds_suit, regular_shape, seven_pairs_shape
from .fans import TABLE, values
from .options import UNUSED_CONTEXT, SichuanOptions
from .payouts import payouts

RULESET: Final = "sichuan"
# The book's own refusal codes (``RuleBook.errors``), with their problem titles.
HONOUR_IN_SICHUAN: Final = "honour_in_sichuan"
CHOW_IN_SICHUAN: Final = "chow_in_sichuan"
ERRORS: Final = ((HONOUR_IN_SICHUAN, "No honour tiles in Sichuan"), (CHOW_IN_SICHUAN, "No chows in Sichuan"))
SUIT_INDEX: Final[dict[str, int]] = {"m": 0, "s": 1, "p": 2}  # the engine's suit order: 萬 條 餅
SUIT_NAMES: Final[dict[str, str]] = {"m": "characters (万)", "p": "dots (筒)", "s": "bamboo (条)"}


def check_tiles(concealed: tuple[Tile, ...], melds: tuple[Meld, ...], flowers: int) -> None:
    """Refuse what Sichuan has no place for: flowers, honours, chow melds (``melds`` in the order
    given, which a ``Hand`` keeps sorted)."""
    if flowers:
        raise ScorerError(NOT_IN_RULESET, "Sichuan is played without flowers", ("hand", "flowers"), ruleset=RULESET)
    for k, m in enumerate(melds):
        if IS_HONOR[m.index]:
            raise ScorerError(HONOUR_IN_SICHUAN, f"Sichuan uses only the 108 suited tiles, not {m.tile.value}",
                              ("hand", "melds", k), ruleset=RULESET)
        if m.kind is CHOW:
            raise ScorerError(CHOW_IN_SICHUAN, "Sichuan has no chow melds (吃): only pungs and kongs are declared",
                              ("hand", "melds", k), ruleset=RULESET)
    for t in concealed:
        if IS_HONOR[INDEX[t]]:
            raise ScorerError(HONOUR_IN_SICHUAN, f"Sichuan uses only the 108 suited tiles, not {t.value}",
                              ("hand", "concealed"), ruleset=RULESET)


def check_hand(hand: Hand) -> None:
    """``check_tiles`` for a winning hand, and its winning tile."""
    check_tiles(hand.concealed, hand.melds, hand.flowers)
    if IS_HONOR[hand.win]:
        raise ScorerError(HONOUR_IN_SICHUAN, f"Sichuan uses only the 108 suited tiles, not {hand.winning_tile.value}",
                          ("hand", "winning_tile"), ruleset=RULESET)


MAX_OUT: Final = 2  # play ends when three have won (直到三家胡牌): a win has at most two before it


def missing_suit(context: Context) -> str:
    """The winner's missing suit; and the context could have happened: ``out`` leaves room for
    this win (RULINGS S12), a robbed kong was not made on the wall's last tile (T14)."""
    suit: str | None = context.get("missing_suit")
    if suit is None:
        raise ScorerError(MISSING_SUIT_REQUIRED, "Sichuan needs the winner's missing suit (定缺): m, p or s",
                          ("context", "missing_suit"), ruleset=RULESET)
    out = context.get("out")
    if len(out) > MAX_OUT:
        raise ScorerError(TOO_MANY_WINNERS, f"play ends when three have won (直到三家胡牌): with "
                          f"{', '.join(w.value for w in out)} out, nobody wins again", ("context", "out"),
                          ruleset=RULESET)
    if context.robbing_kong and context.last_wall_tile:  # RULINGS T14
        raise ScorerError(CONTRADICTORY_CONTEXT, "robbing_kong (抢杠胡) with last_wall_tile (海底): the robbed kong "
                          "was declared with a replacement tile still in the wall (没有补牌可摸时不能开杠), so "
                          "the wall's last tile was not yet drawn", ("context", "last_wall_tile"), ruleset=RULESET)
    return suit


def first_draw(hand: Hand, context: Context) -> None:
    """天胡 and 地胡 (RULINGS S16) as the hand and seat can contradict them: the dealer (East) wins
    天胡 before anyone has won, a player who is not the dealer 地胡; neither on a kong replacement,
    nor having declared a meld."""
    name = "heavenly_hand" if context.get("heavenly_hand") else "earthly_hand"
    if context.kong_replacement:
        raise ScorerError(CONTRADICTORY_CONTEXT, f"{name} is won on one's first tiles, not on a kong replacement",
                          ("context", name), ruleset=RULESET)
    if context.get("heavenly_hand") and (context.seat_wind.value != "E" or context.get("out")):
        raise ScorerError(CONTRADICTORY_CONTEXT, "heavenly_hand (天胡) is the dealer's (East's) win on the first "
                          "fourteen tiles, before anyone has won", ("context", "heavenly_hand"), ruleset=RULESET)
    if context.get("earthly_hand") and context.seat_wind.value == "E":
        raise ScorerError(CONTRADICTORY_CONTEXT, "earthly_hand (地胡) is won by a player who is not the dealer "
                          "(East)", ("context", "earthly_hand"), ruleset=RULESET)
    if hand.melds:
        raise ScorerError(CONTRADICTORY_CONTEXT, f"{name}: a win on one's first tiles has declared no meld",
                          ("context", name), ruleset=RULESET)


def reading_sets(hand: Hand, f: Facts, r: TableReading) -> tuple[ScoredSet, ...]:
    """A reading's sets: the melds, then the division's sets and its pair (the pung a discard
    completed shown exposed); seven pairs as its pairs."""
    shape: Shape = r.shape
    if shape.div is None:
        return tuple(pair_sets(f.standing))
    return tuple(division_sets(hand, (), shape.div, shape.exposed_pung, f.win))


class _Sichuan(TableEngine):
    """Sichuan's hooks: the 108 suited tiles and a declared missing suit; regular readings and
    seven pairs, every row of the table asked of each (``TableEngine``); the most fan before the
    cap wins, the first on a tie; a hand that still holds its missing suit is scored but cannot win.
    Its options are the book's ``SichuanOptions``: the cap, the optional fans' values, how a
    self-draw is paid."""

    def prepare(self, hand: Hand, context: Context, options: Any) -> Context:
        check_hand(hand)
        missing_suit(context)
        if context.get("heavenly_hand") or context.get("earthly_hand"):
            first_draw(hand, context)
        for name, option_name, value in UNUSED_CONTEXT:  # RULINGS T20: under 血流成河 nobody is out
            if context.get(name) and getattr(options, option_name) == value:
                raise ScorerError(CONTRADICTORY_CONTEXT, f"under {option_name} {value} {name} means nothing: a player "
                                  "who has won stays at the table and pays", ("context", name), ruleset=RULESET)
        return context.for_hand(hand)

    def facts(self, hand: Hand, ctx: Context, options: Any) -> Facts:
        return Facts(hand, ctx, options, self.derived(options)[0])

    def shapes(self, hand: Hand, f: Facts) -> list[Shape]:
        out = [regular_shape(f, div) for div in decompose.regular_divisions(f.standing, f.need)]
        if not hand.melds and decompose.is_seven_pairs(f.standing):
            out.append(seven_pairs_shape())
        return out

    def form_of(self, shape: Shape) -> Form:
        return shape.form

    def values(self, options: Any) -> dict[str, int]:
        return values(options)

    def better(self, f: Facts, cur: TableReading, best: TableReading) -> bool:
        return cur.points > best.points

    def cap(self, options: Any) -> int:
        cap: int = options.cap
        return cap

    def incomplete(self, hand: Hand, f: Facts) -> str:
        return (f"not a complete hand: the concealed tiles with the winning tile {hand.winning_tile.value} do not "
                f"form {4 - len(hand.melds)} sets and a pair, nor seven pairs")

    def result(self, hand: Hand, ctx: Context, options: Any, f: Facts, best: TableReading) -> Result:
        suit = missing_suit(ctx)
        fans = self.breakdown(best.fans, options)
        total = best.total
        sets = reading_sets(hand, f, best)
        if holds_suit(hand.counts(), SUIT_INDEX[suit]):
            return Result(True, False, best.points, 0, total, fans, sets, None,
                          f"the hand still holds its missing suit, {SUIT_NAMES[suit]}: it cannot win (花猪)", "sichuan")
        pay = payouts(total, ctx.seat_wind.value, ctx.self_drawn,
                      None if ctx.discarder is None else ctx.discarder.value, tuple(w.value for w in ctx.get("out")),
                      ctx.base_points, options.self_drawn == "base")
        return Result(True, True, best.points, 0, total, fans, sets, pay, None, "sichuan")


ENGINE: Final = _Sichuan(RULESET, TABLE, zero_is_off=False)
ENTRY: Final = BookEntry(ENGINE, SichuanOptions())
score_hand = ENTRY.score  # a checked ``Hand`` and ``Context`` scored under the options (the cap, the optional fans)
clear_caches = ENTRY.clear_caches
