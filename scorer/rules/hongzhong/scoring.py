"""Scoring a 红中 hand: every reading the joker engine gives (regular, seven pairs; 四红中 where its
option allows), every row of the table asked of each (``rules.tabled``), the most raw fan wins (a
tie: the larger single fan, then table order), the cap after the choice, then validity and money.

Only the 108 number tiles and the four 中 take part: another honour, a flower, a chow meld or a
meld holding 中 is an error pointing at it; the birds and the other seats' kongs count toward the
four copies of a tile. A complete hand won in a way the table does not allow (a discard or a
robbed kong under the MIL table) is ``winning`` but not ``valid``: its fans are shown, nothing is paid.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...context import Context
from ...errors import BAD_VALUE, CONTRADICTORY_CONTEXT, NOT_IN_RULESET, TOO_MANY_COPIES, ScorerError
from ...forms import Form
from ...hand import Hand
from ...result import Result, ScoredSet
from ...set_kind import CHOW, KONG, PAIR, PUNG
from ...tiles import CODES, HONOR_START, INDEX_OF_CODE, NUM_TILES, RED, WIND_CODE
from ..engine import BookEntry, joker_set, meld_sets, scored_set
from ..tabled import TableEngine, TableReading
from .context import CHOW_IN_HONGZHONG, CONCEALED, HONOUR_IN_HONGZHONG, RED_IN_MELD, RULESET, Kong
from .detect import Facts, Shape, shapes
from .detect import clear as clear_shapes
from .fans import TABLE, values
from .options import HongzhongOptions
from .payouts import bird_hits, kong_payouts, win_payouts

JOKER: Final = CODES[RED]  # "C"
_TILES: Final = "红中麻将 uses only the 108 number tiles and the four 中"
_HONOURS: Final = tuple(k for k in range(HONOR_START, NUM_TILES) if k != RED)  # every honour but 中


def _refuse(code: str, message: str, *at: str | int) -> ScorerError:
    return ScorerError(code, message, at, ruleset=RULESET)


def check_tiles(hand: Hand) -> None:
    """Refuse what 红中 has no place for: flowers, honours but 中, chow melds, a meld holding 中."""
    if hand.flowers:
        raise _refuse(NOT_IN_RULESET, "红中麻将 is played without flowers", "hand", "flowers")
    for k, m in enumerate(hand.melds):
        if m.index == RED:
            raise _refuse(RED_IN_MELD, "中 is the joker: it is never in a meld (melds hold number tiles only)",
                          "hand", "melds", k)
        if m.index >= HONOR_START:
            raise _refuse(HONOUR_IN_HONGZHONG, f"{_TILES}, not {m.tile.value}", "hand", "melds", k)
        if m.kind is CHOW:
            raise _refuse(CHOW_IN_HONGZHONG, "红中麻将 has no chow melds (吃): only pungs and kongs are declared",
                          "hand", "melds", k)
    standing = hand.standing_counts()
    if not any(standing[k] for k in _HONOURS):  # the usual hand: nothing more to look at
        return
    for t in hand.concealed:
        if INDEX_OF_CODE[t.value] in _HONOURS:
            raise _refuse(HONOUR_IN_HONGZHONG, f"{_TILES}, not {t.value}", "hand", "concealed")
    raise _refuse(HONOUR_IN_HONGZHONG, f"{_TILES}, not {hand.winning_tile.value}", "hand", "winning_tile")


def check_birds(birds: Sequence[str], options: HongzhongOptions) -> None:
    """At most ``bird_count`` birds, each a number tile or 中."""
    if len(birds) > options.bird_count:
        raise _refuse(BAD_VALUE, f"birds: at most {options.bird_count} are turned (bird_count), got {len(birds)}",
                      "context", "birds")
    for k, b in enumerate(birds):
        i = INDEX_OF_CODE.get(b)
        if i is None:
            raise _refuse(NOT_IN_RULESET, f"birds: {b} is no tile of 红中麻将 (it has no flower ghosts)",
                          "context", "birds", k)
        if i >= HONOR_START and i != RED:
            raise _refuse(HONOUR_IN_HONGZHONG, f"{_TILES}, not {b}", "context", "birds", k)


def check_kongs(hand: Hand, winner: str, kongs: Sequence[Kong]) -> None:
    """The winner's kongs are its kong melds (concealed ones concealed), each once."""
    mine = sorted((k.tile, k.kind == CONCEALED) for k in kongs if k.seat == winner)
    melds = sorted((m.index, m.concealed) for m in hand.melds if m.kind is KONG)
    if mine != melds:
        raise _refuse(CONTRADICTORY_CONTEXT, f"kongs: the winner {winner}'s kongs must be its kong melds "
                      f"({', '.join(CODES[t] + (' concealed' if c else '') for t, c in melds) or 'none'})",
                      "context", "kongs")


def check_copies(hand: Hand, kongs: Sequence[Kong], winner: str, birds: Sequence[str]) -> None:
    """No more than four of a tile, 中 included, among the hand, the other seats' kongs and the birds."""
    if not kongs and not birds:  # the hand's own copies are checked when it is built
        return
    counts = list(hand.counts())
    for k in kongs:
        if k.seat != winner:
            counts[k.tile] += 4
    for t in range(NUM_TILES):
        if counts[t] > 4:
            raise _refuse(TOO_MANY_COPIES, f"{CODES[t]}: the hand and another seat's kong hold {counts[t]} copies; "
                          "there are only 4", "context", "kongs")
    for b in birds:
        counts[INDEX_OF_CODE[b]] += 1
    for t in range(NUM_TILES):
        if counts[t] > 4:
            raise _refuse(TOO_MANY_COPIES, f"{CODES[t]}: the hand, the kongs and the birds hold {counts[t]} copies; "
                          "there are only 4", "context", "birds")


def check_first_turn(hand: Hand, ctx: Context) -> None:
    """天胡 and 地胡, as 四红中's first turn: the dealer (E) or another seat, no meld."""
    name = "heavenly_hand" if ctx.get("heavenly_hand") else "earthly_hand"
    if ctx.get("heavenly_hand") and ctx.seat_wind.value != "E":
        raise _refuse(CONTRADICTORY_CONTEXT, "heavenly_hand is the dealer's (East's) first turn", "context", name)
    if ctx.get("earthly_hand") and ctx.seat_wind.value == "E":
        raise _refuse(CONTRADICTORY_CONTEXT, "earthly_hand is a first turn of a seat that is not the dealer (East)",
                      "context", name)
    if hand.melds:
        raise _refuse(CONTRADICTORY_CONTEXT, f"{name}: a first turn has declared no meld", "context", name)


def _held(first: int, kind: Any, bits: int) -> tuple[str, ...]:
    """A set's tiles as held: a joker's position holds ``C``."""
    n = 3 if kind is CHOW or kind is PUNG else 2
    return tuple(JOKER if bits >> i & 1 else CODES[first + i if kind is CHOW else first] for i in range(n))


def reading_sets(hand: Hand, shape: Shape, exposed_win: bool) -> tuple[ScoredSet, ...]:
    """A reading's sets: the melds, then its sets and pair, each with the tiles held beside what
    they stood for where a 中 is among them (``physical``); seven pairs as its pairs; 四红中 as its
    melds alone (it has no shape). ``exposed_win``: the pung a discard completed shows exposed."""
    out = meld_sets(hand)
    r = shape.reading
    win = hand.win
    if r is not None:
        for t, kind, bits in r.sets:
            concealed = not (exposed_win and kind is PUNG and t == win)
            out.append(scored_set(kind, t, concealed) if not bits else
                       joker_set(kind, scored_set(kind, t, concealed).tiles, concealed, _held(t, kind, bits)))
        bits = (1 << r.pair_jokers) - 1 << (2 - r.pair_jokers)
        out.append(scored_set(PAIR, r.pair, True) if not bits else
                       joker_set(PAIR, scored_set(PAIR, r.pair, True).tiles, True, _held(r.pair, PAIR, bits)))
    elif shape.pairs is not None:
        for t, j in shape.pairs:
            bits = (1 << j) - 1 << (2 - j)
            out.append(scored_set(PAIR, t, True) if not j else
                       joker_set(PAIR, scored_set(PAIR, t, True).tiles, True, _held(t, PAIR, bits)))
    return tuple(out)


def _biggest(fans: dict[str, int], worth: dict[str, int]) -> int:
    return max((worth[i] for i in fans), default=0)


class _Hongzhong(TableEngine):
    """红中's hooks: the number tiles and 中, readings from the joker engine, the MIL table's
    choice of reading, the cap, validity by how the hand was won, birds and kong money."""

    def prepare(self, hand: Hand, context: Context, options: Any) -> Context:
        check_tiles(hand)
        birds: tuple[str, ...] = context.get("birds")
        check_birds(birds, options)
        kongs: tuple[Kong, ...] | None = context.get("kongs")
        winner = WIND_CODE[context.seat_wind]
        if kongs is not None:
            check_kongs(hand, winner, kongs)
        check_copies(hand, kongs or (), winner, birds)
        if context.robbing_kong and hand.win == RED:
            raise _refuse(CONTRADICTORY_CONTEXT, "robbing_kong: 中 is never konged, so it cannot be robbed",
                          "context", "robbing_kong")
        if context.get("heavenly_hand") or context.get("earthly_hand"):
            check_first_turn(hand, context)
        return context.for_hand(hand)

    def facts(self, hand: Hand, ctx: Context, options: Any) -> Facts:
        return Facts(hand, ctx, options)

    def shapes(self, hand: Hand, f: Facts) -> list[Shape]:
        return shapes(f)

    def form_of(self, shape: Shape) -> Form:
        return shape.form

    def values(self, options: Any) -> dict[str, int]:
        return values(options)

    def cap(self, options: Any) -> int:
        cap: int = options.max_fan
        return cap if cap else -1

    def better(self, f: Facts, cur: TableReading, best: TableReading) -> bool:
        """The most raw fan; on a tie the larger single fan, then the fans that come first in the
        table (RULINGS HZ14); else the first reading."""
        if cur.points != best.points:
            return cur.points > best.points
        worth = self.derived(f.options)[0]
        a, b = _biggest(cur.fans, worth), _biggest(best.fans, worth)
        if a != b:
            return a > b
        order = self.order
        return sorted(order[i] for i in cur.fans) < sorted(order[i] for i in best.fans)

    def incomplete(self, hand: Hand, f: Facts) -> str:
        pairs = ", nor seven pairs" if not hand.melds and f.options.seven_pairs else ""
        return (f"not a complete hand: the concealed tiles with the winning tile {hand.winning_tile.value} do not "
                f"form {f.need} sets and a pair{pairs}, whatever each 中 stands for")

    def result(self, hand: Hand, ctx: Context, options: Any, f: Facts, best: TableReading) -> Result:
        fans = self.breakdown(best.fans, options)
        sets = reading_sets(hand, best.shape, not ctx.self_drawn and hand.win != RED)
        kongs: tuple[Kong, ...] | None = ctx.get("kongs")
        reason = invalid(hand, ctx, options)
        if reason is not None:
            extras: tuple[tuple[str, Any], ...] = (("bird_hits", None),)
            if kongs is not None:
                extras += (("kong_payouts", None),)
            return Result(True, False, best.points, 0, best.total, fans, sets, None, reason, RULESET, None, None,
                          extras)
        winner = WIND_CODE[ctx.seat_wind]
        hits = bird_hits(ctx.get("birds"), winner, options)
        by = None if ctx.discarder is None else WIND_CODE[ctx.discarder]
        pay = win_payouts(best.total, winner, ctx.self_drawn, by, ctx.robbing_kong, hits, options, ctx.base_points)
        extras = (("bird_hits", hits),)
        if kongs is not None:
            extras += (("kong_payouts", kong_payouts(kongs, options, ctx.base_points)),)
        return Result(True, True, best.points, 0, best.total, fans, sets, pay, None, RULESET, None, None, extras)


def invalid(hand: Hand, ctx: Context, options: HongzhongOptions) -> str | None:
    """Why a complete hand cannot win the way it was won, or None (RULINGS HZ7)."""
    if ctx.self_drawn:
        return None
    if ctx.robbing_kong:
        if options.rob_kong_win:
            return None
        return "a win by robbing a kong is not allowed: every win is self-drawn (rob_kong_win is off)"
    if not options.discard_win:
        return "a win on a discard is not allowed: every win is self-drawn (discard_win is off)"
    if hand.win == RED:
        return "a discarded 中 cannot be won on (nor punged or konged)"
    return None


ENGINE: Final = _Hongzhong(RULESET, TABLE, zero_is_off=False)
ENTRY: Final = BookEntry(ENGINE, HongzhongOptions())
score_hand = ENTRY.score


def clear_caches() -> None:
    """The result cache and the shapes kept for the next hand of the same tiles."""
    ENTRY.clear_caches()
    clear_shapes()

__all__ = ["ENGINE", "clear_caches", "reading_sets", "score_hand"]
