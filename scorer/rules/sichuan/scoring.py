"""Scoring a Sichuan hand: every reading (four sets and a pair, seven pairs), its fans, the best
one, the cap, the payouts.

Only the 108 suited tiles take part: an honour, a flower or a chow meld (there is no 吃) is an
error pointing at it; the missing suit must be known. A complete hand that still holds its
missing suit cannot win: it is scored, but ``valid`` is false and nothing is paid.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Final

from ... import decompose
from ...caches import RESULT_CACHE_SIZE
from ...context import Context
from ...errors import (
    CHOW_IN_SICHUAN,
    CONTRADICTORY_CONTEXT,
    HONOUR_IN_SICHUAN,
    MISSING_SUIT_REQUIRED,
    NOT_IN_RULESET,
    TOO_MANY_WINNERS,
    ScorerError,
)
from ...hand import Hand, Meld
from ...result import FanScore, Result, ScoredSet
from ...set_kind import CHOW, KONG, PAIR, PUNG, MeldKind, SetKind
from ...tiles import CODES, INDEX, IS_HONOR, NUM_TILES, Tile
from .detect import Fans, event_fans, golden_hook_fan, holds_suit, regular_fans, seven_pairs_fans, tile_fans
from .fans import BASIC, BY_ID, ORDER, SHAPES
from .payouts import payouts

SUIT_INDEX: Final[dict[str, int]] = {"m": 0, "s": 1, "p": 2}  # the engine's suit order: 萬 條 餅
SUIT_NAMES: Final[dict[str, str]] = {"m": "characters (万)", "p": "dots (筒)", "s": "bamboo (条)"}


def check_tiles(concealed: tuple[Tile, ...], melds: tuple[Meld, ...], flowers: int) -> None:
    """Refuse what Sichuan has no place for: flowers, honours, chow melds (``melds`` in the order
    given, which a ``Hand`` keeps sorted)."""
    if flowers:
        raise ScorerError(NOT_IN_RULESET, "Sichuan is played without flowers", ("hand", "flowers"))
    for k, m in enumerate(melds):
        if IS_HONOR[INDEX[m.tile]]:
            raise ScorerError(HONOUR_IN_SICHUAN, f"Sichuan uses only the 108 suited tiles, not {m.tile.value}",
                              ("hand", "melds", k))
        if m.kind is MeldKind.CHOW:
            raise ScorerError(CHOW_IN_SICHUAN, "Sichuan has no chow melds (吃): only pungs and kongs are declared",
                              ("hand", "melds", k))
    for t in concealed:
        if IS_HONOR[INDEX[t]]:
            raise ScorerError(HONOUR_IN_SICHUAN, f"Sichuan uses only the 108 suited tiles, not {t.value}",
                              ("hand", "concealed"))


def check_hand(hand: Hand) -> None:
    """``check_tiles`` for a winning hand, and its winning tile."""
    check_tiles(hand.concealed, hand.melds, hand.flowers)
    if IS_HONOR[INDEX[hand.winning_tile]]:
        raise ScorerError(HONOUR_IN_SICHUAN, f"Sichuan uses only the 108 suited tiles, not {hand.winning_tile.value}",
                          ("hand", "winning_tile"))


MAX_OUT: Final = 2  # play ends when three have won (直到三家胡牌): a win has at most two before it


def missing_suit(context: Context) -> str:
    """The winner's missing suit; and the context could have happened: ``out`` leaves room for
    this win (RULINGS S12), a robbed kong was not made on the wall's last tile (T14)."""
    suit = context.missing_suit
    if suit is None:
        raise ScorerError(MISSING_SUIT_REQUIRED, "Sichuan needs the winner's missing suit (定缺): m, p or s",
                          ("context", "missing_suit"))
    if len(context.out) > MAX_OUT:
        raise ScorerError(TOO_MANY_WINNERS, f"play ends when three have won (直到三家胡牌): with "
                          f"{', '.join(w.value for w in context.out)} out, nobody wins again", ("context", "out"))
    if context.robbing_kong and context.last_wall_tile:  # RULINGS T14
        raise ScorerError(CONTRADICTORY_CONTEXT, "robbing_kong (抢杠胡) with last_wall_tile (海底): the robbed kong "
                          "was declared with a replacement tile still in the wall (没有补牌可摸时不能开杠), so "
                          "the wall's last tile was not yet drawn", ("context", "last_wall_tile"))
    return suit


@cache
def _fan_score(fan_id: str, count: int) -> FanScore:
    row = BY_ID[fan_id]
    return FanScore(fan_id, count, row.points, row.name, row.name_zh)


@cache
def _set(kind: SetKind, first: int, concealed: bool) -> ScoredSet:
    tiles: tuple[str, ...]
    if kind is CHOW:
        tiles = (CODES[first], CODES[first + 1], CODES[first + 2])
    else:
        tiles = (CODES[first],) * (2 if kind is PAIR else 4 if kind is KONG else 3)
    return ScoredSet(kind, tiles, concealed)


def fan_total(fans: Fans) -> int:
    return sum(BY_ID[i].points * n for i, n in fans.items())


class Reading:
    """One way to read a complete hand: its fans and its sets (melds first)."""

    def __init__(self, fans: Fans, sets: list[ScoredSet]) -> None:
        self.fans = fans
        self.points = fan_total(fans)
        self.sets = sets


def _shared_fans(hand: Hand, ctx: Context) -> Fans:
    fans: Fans = {}
    tile_fans(hand.counts(), fans)
    golden_hook_fan(len(hand.melds), fans)
    event_fans(ctx.kong_replacement, ctx.robbing_kong, ctx.last_wall_tile, fans)
    return fans


def readings(hand: Hand, ctx: Context) -> list[Reading]:
    """Every reading of a complete hand (none when it is not complete), regular ones first."""
    shared = _shared_fans(hand, ctx)
    standing = hand.standing_counts()
    melds = [_set(m.kind, INDEX[m.tile], m.concealed) for m in hand.melds]
    meld_pungs = [INDEX[m.tile] for m in hand.melds]
    win = INDEX[hand.winning_tile]
    out: list[Reading] = []
    for sets, pair in decompose.regular_divisions(standing, 4 - len(hand.melds)):
        pungs = list(meld_pungs)
        chows: list[int] = []
        shown = list(melds)
        own_chow_tiles: list[int] = []
        for t, k in sets:
            if k is CHOW:
                chows.append(t)
                own_chow_tiles += (t, t + 1, t + 2)
        for t, k in sets:
            if k is CHOW:
                shown.append(_set(CHOW, t, True))
            else:
                pungs.append(t)
                # a pung completed by a discard shows as exposed, unless the tile reads into a chow
                exposed = not ctx.self_drawn and t == win and win not in own_chow_tiles
                shown.append(_set(PUNG, t, not exposed))
        shown.append(_set(PAIR, pair, True))
        fans = dict(shared)
        regular_fans(pungs, chows, pair, fans)
        out.append(Reading(fans, shown))
    if not hand.melds and decompose.is_seven_pairs(standing):
        fans = dict(shared)
        seven_pairs_fans(fans)
        out.append(Reading(fans, [_set(PAIR, i, True) for i in range(NUM_TILES) for _ in range(standing[i] // 2)]))
    return out


def best_reading(hand: Hand, ctx: Context) -> Reading | None:
    """The reading of the most fan (before the cap); the first on a tie, regular before seven pairs."""
    best: Reading | None = None
    for r in readings(hand, ctx):
        if best is None or r.points > best.points:
            best = r
    return best


def _breakdown(fans: Fans) -> tuple[FanScore, ...]:
    shown = {i: n for i, n in fans.items() if n}
    if not any(i in SHAPES for i in shown):
        shown[BASIC] = 1
    return tuple(_fan_score(i, shown[i]) for i in sorted(shown, key=ORDER.__getitem__))


def _score(hand: Hand, context: Context, max_fan: int) -> Result:
    check_hand(hand)
    suit = missing_suit(context)
    ctx = context.for_hand(hand)
    best = best_reading(hand, ctx)
    if best is None:
        return Result(
            winning=False, valid=False, points=0, flower_points=0, total=0, fans=(), decomposition=(), payouts=None,
            reason=f"not a complete hand: the concealed tiles with the winning tile {hand.winning_tile.value} do not "
            f"form {4 - len(hand.melds)} sets and a pair, nor seven pairs", ruleset="sichuan",
        )
    fans = _breakdown(best.fans)
    total = min(best.points, max_fan)
    if holds_suit(hand.counts(), SUIT_INDEX[suit]):
        return Result(True, False, best.points, 0, total, fans, tuple(best.sets), None,
                      f"the hand still holds its missing suit, {SUIT_NAMES[suit]}: it cannot win (花猪)", "sichuan")
    pay = payouts(total, ctx.seat_wind.value, ctx.self_drawn, None if ctx.discarder is None else ctx.discarder.value,
                  tuple(w.value for w in ctx.out), ctx.base_points)
    return Result(True, True, best.points, 0, total, fans, tuple(best.sets), pay, None, "sichuan")


_cached_score = lru_cache(maxsize=RESULT_CACHE_SIZE)(_score)  # off unless asked for (``scorer.caches``)


def score_hand(hand: Hand, context: Context, max_fan: int) -> Result:
    """A checked ``Hand`` and ``Context`` scored with the fan capped at ``max_fan``."""
    return _cached_score(hand, context, max_fan)


def clear_caches() -> None:
    _cached_score.cache_clear()
    _fan_score.cache_clear()
