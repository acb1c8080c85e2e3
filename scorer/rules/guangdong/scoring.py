"""Scoring a 广东推倒胡 hand: every reading of its tiles with the ghosts resolved (``scorer.wild``:
the regular divisions, seven pairs, thirteen orphans under the mil table, and 四鬼胡), every item
of the table asked of each (the table-driven loop, ``rules.tabled``), the best reading, then the
ghost coefficient, the horses and who pays (the rule document's §5, §9).

Two scoring models share the loop: the common table multiplies its items' factors (a plain win
is 1), the mil table adds its fans. ``total`` = base × points × multiplier is one payer's share
before horses."""

from __future__ import annotations

from typing import Any, Final

from ...context import Context
from ...errors import BAD_MELD, BAD_VALUE, CONTRADICTORY_CONTEXT, NOT_IN_RULESET, ScorerError
from ...forms import Form
from ...hand import Hand
from ...result import Result, ScoredSet
from ...set_kind import CHOW, KONG, PAIR, PUNG, SetKind
from ...tiles import CODES, IS_TERMINAL_OR_HONOR, NUM_TILES, WIND_CODE
from ...wild import Wild
from ..engine import BookEntry, joker_set, meld_sets, scored_set
from ..fields import JOKER_CODE
from ..tabled import TableEngine, TableReading
from .detect import FOUR, ORPHANS, PAIRS, WILD, Facts, Shape, joker_mask, shapes
from .detect import clear as clear_shapes
from .fans import TABLE, values
from .options import COMMON, MIL, RULESET, GuangdongOptions
from .payouts import horse_hits, payouts

_FORM: Final = {PAIRS: Form.SEVEN_PAIRS, ORPHANS: Form.THIRTEEN_ORPHANS}
_REGULAR: Final = Form.REGULAR  # a static of the compiled build: an enum member read by name costs a lookup and more


def _refuse(code: str, why: str, *at: str | int) -> ScorerError:
    return ScorerError(code, why, at, ruleset=RULESET)


def check(hand: Hand, ctx: Context, o: Any) -> None:
    """What the book refuses: flowers, chow melds, a ghost in a meld, the jokers under the wrong
    ghosts, context that contradicts the tiles or means nothing under these options."""
    if hand.flowers:
        raise _refuse(NOT_IN_RULESET, "广东推倒胡 is played without bonus flowers", "hand", "flowers")
    jokers: tuple[str, ...] = ctx.get("jokers")
    if o.ghosts == "flip" and not jokers:
        raise _refuse(BAD_VALUE, "jokers is required under ghosts: flip (the kind or two kinds turned up: 翻鬼)",
                      "context", "jokers")
    if o.ghosts != "flip" and jokers:
        raise _refuse(NOT_IN_RULESET, f"jokers names the flipped ghosts; under ghosts: {o.ghosts} the ghosts are "
                      "fixed", "context", "jokers")
    mask = joker_mask(o, ctx)
    for k, m in enumerate(hand.melds):
        if m.kind is CHOW:
            raise _refuse(BAD_MELD, "广东推倒胡 has no chow melds (吃): only pungs and kongs are declared",
                          "hand", "melds", k)
        if mask >> m.index & 1:
            raise _refuse(BAD_MELD, f"{m.tile.value} is a ghost here: a ghost is never punged or konged",
                          "hand", "melds", k)
    heavenly = ctx.get("heavenly_hand")  # each own field read once: every hand asks
    earthly = ctx.get("earthly_hand")
    if o.table == COMMON:
        for name, given in (("heavenly_hand", heavenly), ("earthly_hand", earthly)):
            if given:
                raise _refuse(NOT_IN_RULESET, f"{name} is an item of the mil table only", "context", name)
    elif (heavenly or earthly) and hand.melds:
        name = "heavenly_hand" if heavenly else "earthly_hand"
        raise _refuse(CONTRADICTORY_CONTEXT, f"{name} is won on the dealt tiles or the first draw: no meld yet",
                      "context", name)
    if heavenly and ctx.seat_wind != "E":
        raise _refuse(CONTRADICTORY_CONTEXT, "heavenly_hand (天胡) is the dealer's: seat E", "context", "heavenly_hand")
    if earthly and ctx.seat_wind == "E":
        raise _refuse(CONTRADICTORY_CONTEXT, "earthly_hand (地胡) is a non-dealer's", "context", "earthly_hand")
    by = ctx.get("kong_discarder")
    if by is not None:
        if not ctx.kong_replacement:
            raise _refuse(CONTRADICTORY_CONTEXT, "kong_discarder names who discarded the tile konged before a "
                          "replacement win: kong_replacement must be true", "context", "kong_discarder")
        if by == WIND_CODE[ctx.seat_wind]:
            raise _refuse(CONTRADICTORY_CONTEXT, "kong_discarder is another player than the winner",
                          "context", "kong_discarder")
        if not any(m.kind is KONG and not m.concealed for m in hand.melds):
            raise _refuse(CONTRADICTORY_CONTEXT, "kong_discarder needs a kong claimed from a discard among the melds",
                          "context", "kong_discarder")
    if ctx.get("ghosts_discarded") and (not o.ghost_discard_double or o.ghosts == "none"):
        raise _refuse(NOT_IN_RULESET, "ghosts_discarded counts only under ghost_discard_double (出鬼), with ghosts in "
                      "play", "context", "ghosts_discarded")
    birds: tuple[str, ...] = ctx.get("birds")
    for k, b in enumerate(birds):
        if b == JOKER_CODE:
            raise _refuse(NOT_IN_RULESET, "J (a faceless flower ghost) is not offered yet: this book plays "
                          "ghosts white, flip or none (GD13)", "context", "birds", k)
    if len(birds) > o.horses:
        raise _refuse(BAD_VALUE, f"birds holds {len(birds)} horses; the options turn at most {o.horses}",
                      "context", "birds")
    if birds and not ctx.self_drawn and not o.horses_on_discard:
        raise _refuse(CONTRADICTORY_CONTEXT, "no horses are turned on a discard or robbing win here "
                      "(horses_on_discard is false)", "context", "birds")


def _physical(tiles: tuple[str, ...], bits: int, ghosts: list[str]) -> tuple[str, ...]:
    return tuple(ghosts.pop() if bits >> i & 1 else t for i, t in enumerate(tiles))


def reading_sets(hand: Hand, f: Facts, s: Shape) -> tuple[ScoredSet, ...]:
    """The reading's sets: the melds, then the concealed sets and the pair as read, each holding a
    ghost with the tiles held (``physical``); seven pairs as pairs; thirteen orphans and 四鬼胡 as
    the concealed tiles in one group."""
    out = meld_sets(hand)
    ghosts = list(f.ghost_codes)
    exposed = not f.ctx.self_drawn
    if s.kind == FOUR or s.kind == ORPHANS:
        held = tuple(CODES[i] for i in range(NUM_TILES) for _ in range(f.counts[i]))
        if s.kind == FOUR:
            out.append(joker_set(SetKind.KNITTED, held + tuple(ghosts), True, held + tuple(ghosts)))
        else:
            read = tuple(CODES[i] for i in range(NUM_TILES) if IS_TERMINAL_OR_HONOR[i]
                         for _ in range(2 if i == s.double else 1))
            out.append(joker_set(SetKind.THIRTEEN_ORPHANS, read, True, _orphans_physical(f, s) if ghosts else None))
        return tuple(out)
    if s.kind == PAIRS:
        for t, j in s.pairs:
            two = (CODES[t], CODES[t])
            out.append(joker_set(PAIR, two, True, _physical(two, (2, 3)[j - 1], ghosts)) if j
                       else scored_set(PAIR, t, True))
        return tuple(out)
    for t, kind, bits in s.sets:
        shown = not (exposed and kind is PUNG and t == f.win and not f.win_is_ghost)
        if bits:
            tiles = (CODES[t], CODES[t + 1], CODES[t + 2]) if kind is CHOW else (CODES[t],) * 3
            out.append(joker_set(kind, tiles, shown, _physical(tiles, bits, ghosts)))
        else:
            out.append(scored_set(kind, t, shown))
    pair: tuple[str, ...] = (CODES[s.pair], CODES[s.pair])
    out.append(joker_set(PAIR, pair, True, _physical(pair, (0, 2, 3)[s.pair_jokers], ghosts)) if s.pair_jokers
               else scored_set(PAIR, s.pair, True))
    return tuple(out)


def _orphans_physical(f: Facts, s: Shape) -> tuple[str, ...]:
    ghosts = list(f.ghost_codes)
    out: list[str] = []
    for i in range(NUM_TILES):
        if IS_TERMINAL_OR_HONOR[i]:
            want = 2 if i == s.double else 1
            out.extend([CODES[i]] * f.counts[i])
            out.extend(ghosts.pop() for _ in range(want - f.counts[i]))
    return tuple(out)


def multiplier(f: Facts, o: Any) -> int:
    """The ghost coefficient: ×2 for a win holding no ghost (无鬼) while ghosts are in play, ×2 for
    each ghost the winner discarded (出鬼) where that doubles."""
    m = 1
    if o.ghosts != "none":
        if o.no_ghost_double and not f.ghosts:
            m *= 2
        if o.ghost_discard_double:
            m <<= f.ctx.get("ghosts_discarded")
    return m


class _Guangdong(TableEngine):
    """广东推倒胡's hooks: the checks, the readings with ghosts, the values by table, a product of
    factors in the common table, and the payments with horses."""

    def prepare(self, hand: Hand, context: Context, options: Any) -> Context:
        ctx = context.for_hand(hand)
        check(hand, ctx, options)
        return ctx

    def facts(self, hand: Hand, ctx: Context, options: Any) -> Facts:
        return Facts(hand, ctx, options)

    def shapes(self, hand: Hand, f: Facts) -> list[Shape]:
        return shapes(f)

    def form_of(self, shape: Shape) -> Form:
        return _FORM.get(shape.kind, _REGULAR)

    def values(self, options: Any) -> dict[str, int]:
        return values(options)

    def reading(self, f: Any, shape: Any, found: dict[str, int], options: Any) -> TableReading:
        if options.table == MIL:
            return super().reading(f, shape, found, options)
        worth, drops = self.derived(options)
        left_out = self.exclude(found, drops)
        points = 1
        counted: dict[str, int] = {}
        for fan_id, n in found.items():
            w = worth[fan_id]
            if w:
                points *= w ** n
                counted[fan_id] = n
        return TableReading(self.form_of(shape), counted, left_out, points, shape)

    def better(self, f: Any, cur: TableReading, best: TableReading) -> bool:
        # the most, then a complete reading before 四鬼胡 (§12, 5), then the most items, then the first
        return ((cur.total, cur.shape.kind != FOUR, len(cur.fans))
                > (best.total, best.shape.kind != FOUR, len(best.fans)))

    def incomplete(self, hand: Hand, f: Facts) -> str:
        return (f"not a complete hand: the tiles with the winning tile {hand.winning_tile.value} and "
                f"{f.ghosts} ghost{'s' if f.ghosts != 1 else ''} do not form {f.need} set"
                f"{'s' if f.need != 1 else ''} and a pair in any reading")

    def result(self, hand: Hand, ctx: Context, options: Any, f: Facts, best: TableReading) -> Result:
        o = options
        mult = multiplier(f, o)
        points = best.total
        total = o.base * points * mult
        seat = WIND_CODE[ctx.seat_wind]
        reason = invalid(f, o, best, points * mult)
        birds: tuple[str, ...] = ctx.get("birds")
        hits = horse_hits(birds, seat, o.horse_table)
        pay = None
        if reason is None:
            each = total if o.horses_follow_hand else o.horse_value * o.base
            share = (total + hits * each) * ctx.base_points  # every book's payouts are times base_points
            by = WIND_CODE[ctx.discarder] if ctx.discarder is not None else None
            kong_by = ctx.get("kong_discarder")
            if ctx.self_drawn and kong_by is not None and o.kong_flower_pays_all:
                pay = payouts(share, seat, True, kong_by, True)
            else:
                pay = payouts(share, seat, ctx.self_drawn, by, ctx.robbing_kong and o.rob_kong_pays_all)
        extras = (("multiplier", mult), ("horse_hits", hits))
        return Result(True, reason is None, points, 0, total, self.breakdown(best.fans, o),
                      reading_sets(hand, f, best.shape), pay, reason, RULESET, None, None, extras)


def invalid(f: Facts, o: Any, best: TableReading, points: int) -> str | None:
    """Why a complete hand does not win here, or None: a ghost taken from a discard, a discard win
    where only self-draws count, robbing where it does not win, under the minimums."""
    ctx = f.ctx
    if not ctx.self_drawn:
        if f.win_is_ghost:
            return "a ghost is never claimed: a win on a discarded (or robbed) ghost does not count"
        if ctx.robbing_kong and not o.rob_kong_win:
            return "robbing a kong does not win here (rob_kong_win is false)"
        if not ctx.robbing_kong and not o.discard_win:
            return "a win on a discard does not count here: self-draw only (discard_win is false)"
    if o.table == MIL:
        fan = best.total
        if fan < o.min_fan:
            return f"{fan} fan; a win needs {o.min_fan}"
    if points < o.min_points:
        return f"{points} points (fan × the ghost coefficient); a win needs {o.min_points}"
    return None


def deal_wild(options: Any, ctx: Context) -> tuple[Wild, int] | None:
    """The ghosts of a deal for the waits (``RuleBook.wild``): any kind, never a fifth copy, and
    the kinds that are ghosts under ``ghosts``; None under ``ghosts: none``."""
    mask = joker_mask(options, ctx)
    return (WILD, mask) if mask else None


ENGINE: Final = _Guangdong(RULESET, TABLE)
ENTRY: Final = BookEntry(ENGINE, GuangdongOptions())
score_hand = ENTRY.score


def clear_caches() -> None:
    """The result cache and the shapes kept for the next hand of the same tiles."""
    ENTRY.clear_caches()
    clear_shapes()


__all__ = ["ENGINE", "RULESET", "clear_caches", "deal_wild", "reading_sets", "score_hand"]
