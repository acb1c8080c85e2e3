"""Explaining a Hong Kong score (``scorer.score(..., ruleset="hk", explain=True)``): the sets
behind every fan, the fans whose place another took, and the other readings weighed.

Only an explained request comes here; plain scoring never loads this module. The engine is the one
judge of *what* counts (``scoring.weighed_readings``: the readings ``_best`` looked at, and the one
that scored); this module says *which* sets make each occurrence and names what was not counted:

- 小三元 takes the place of its two dragon pungs' 箭刻 (``replaces``, ``by`` 小三元);
- 齐四季/四君子 takes the place of that set's own-seat 正花 (``replaces``, ``by`` the flower set);
- a limit hand is worth the cap and nothing else: every fan the same reading would have scored
  without the limit, and any other limit it also is, are ``replaces`` with ``by`` the limit
  (the rule vocabulary has no ``limit``: the limit takes their place).

Set rules: a fan of sets (箭刻, 门风刻, 圈风刻, 小三元, 大三元, 大四喜, 十八罗汉, 自摸四暗刻) names
its pungs, kongs and pair; a fan about the whole hand (the flushes, 碰碰胡, 平胡, 门前清, 七对,
字一色, 清幺九) lists every entry; a fan resting on no set (自摸, 无花, 正花, 齐四季/四君子, 杠上开花,
抢杠胡, 海底捞月) has ``[]`` per occurrence; a hand shown as one group (十三幺, 九莲宝灯) points
at that group, ``[0]``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from ...context import Context
from ...forms import Form
from ...hand import Hand
from ...result import Arrangement, Excluded, Explanation, Result, ScoredSet
from ...set_kind import CHOW, KONG, PAIR, PUNG
from ...tiles import INDEX, IS_DRAGON, IS_WIND, Tile
from ..table import Group
from ..tabled import TableReading
from . import detect as D
from .detect import Facts, Shape
from .fans import BY_ID, ORDER, TABLE
from .options import ADDS, HKOptions
from .scoring import ENGINE, division_sets, reading_sets, score_hand, weighed_readings

MAX_ARRANGEMENTS = 10
Occ = tuple[int, ...]

NO_SET = TABLE.group(Group.NO_SET)  # fans that rest on no set: how the hand was won, the flowers
WHOLE_HAND = TABLE.group(Group.WHOLE_HAND)  # fans that judge the whole hand: every set and the pair
REPLACES = "replaces"


class _Sets:
    """One reading's sets as the explanation reads them (melds first, as the decomposition)."""

    def __init__(self, sets: Sequence[ScoredSet]) -> None:
        self.n = len(sets)
        self.pungs: list[tuple[int, int]] = []  # (index, tile), kongs included
        self.kongs: list[int] = []
        self.concealed_pungs: list[int] = []
        self.chows = 0
        self.pair = -1  # the pair's tile, or -1 (seven pairs, one group)
        self.pair_at = -1
        pairs = [k for k, s in enumerate(sets) if s.kind is PAIR]
        for k, s in enumerate(sets):
            tile = INDEX[Tile(s.tiles[0])]
            if s.kind is PUNG or s.kind is KONG:
                self.pungs.append((k, tile))
                if s.kind is KONG:
                    self.kongs.append(k)
                if s.concealed:
                    self.concealed_pungs.append(k)
            elif s.kind is CHOW:
                self.chows += 1
            elif s.kind is PAIR and len(pairs) == 1:
                self.pair, self.pair_at = tile, k

    @property
    def everything(self) -> Occ:
        return tuple(range(self.n))

    def occurrences(self, fan: str, count: int, f: Facts) -> list[Occ]:
        """The sets of each of ``count`` occurrences of ``fan`` in this reading."""
        if fan in NO_SET:
            return [()] * count
        if fan in WHOLE_HAND:
            return [self.everything] * count
        if fan == D.DRAGON_PUNG:
            return _each(k for k, t in self.pungs if IS_DRAGON[t])[:count]
        if fan == D.SEAT_WIND or fan == D.PREVALENT_WIND:
            wind = f.seat if fan == D.SEAT_WIND else f.prevalent
            return _each(k for k, t in self.pungs if t == wind)[:count]
        if fan == D.LITTLE_THREE_DRAGONS:
            return [tuple(sorted([*(k for k, t in self.pungs if IS_DRAGON[t]), self.pair_at]))]
        if fan == D.BIG_THREE_DRAGONS:
            return [tuple(k for k, t in self.pungs if IS_DRAGON[t])]
        if fan == D.BIG_FOUR_WINDS:
            return [tuple(k for k, t in self.pungs if IS_WIND[t])]
        if fan == D.FOUR_KONGS:
            return [tuple(self.kongs)]
        if fan == D.FOUR_CONCEALED_PUNGS:
            return [tuple(sorted(self.concealed_pungs))]
        return [self.everything] * count  # a fan no rule above knows: judged on the whole hand


def plain(f: Facts, shape: Shape) -> tuple[list[tuple[str, int]], list[str]]:
    """What a reading shows by the table's rows: the fans it would score were it no limit hand (after
    what they replace), in table order, and the limits it is."""
    found = ENGINE.detect(f, shape)
    limits = [i for i in found if BY_ID[i].limit]
    for i in limits:
        del found[i]
    ENGINE.exclude(found, ENGINE.derived(f.options)[1])
    return list(found.items()), limits


def _each(indices: Iterable[int]) -> list[Occ]:
    """One occurrence per set."""
    return [(k,) for k in indices]


def made_of(hand: Hand, f: Facts, r: TableReading, shown: tuple[ScoredSet, ...]) -> tuple[ScoredSet, ...]:
    """The sets a reading is made of: a regular reading's division (nine gates too, though it is
    shown as one group), else what the result shows."""
    return division_sets(hand, f, r) if r.form is Form.REGULAR else shown


def explain_hand(hand: Hand, context: Context, options: HKOptions | None = None, /) -> Result:
    """The Hong Kong rule book's ``explain``: ``score_hand``'s result, with its ``explanation``."""
    opts = options if options is not None else HKOptions()
    result = score_hand(hand, context, opts)
    if not result.winning:
        return replace(result, explanation=Explanation((), (), ()))
    f, best, weighed = weighed_readings(hand, context, opts)
    assert best is not None
    detail = made_of(hand, f, best, result.decomposition)
    sets = _Sets(detail)
    whole = len(result.decomposition) == 1  # thirteen orphans, nine gates: one group

    def mapped(o: Occ) -> Occ:
        return ((0,) if o else ()) if whole else o

    fan_sets = tuple(tuple(mapped(o) for o in sets.occurrences(fs.id, fs.count, f)) for fs in result.fans)
    rows: list[tuple[str, str, list[Occ]]] = []  # (fan, by, occurrences)
    counted = {fs.id: fs.count for fs in result.fans}
    if best.limit:
        limit = next(iter(best.fans))
        shown, limits = plain(f, best.shape)
        rows += [(fan, limit, sets.occurrences(fan, n, f)) for fan, n in shown]
        rows += [(other, limit, sets.occurrences(other, 1, f)) for other in limits if other != limit]
    else:
        if D.LITTLE_THREE_DRAGONS in counted and opts.little_three_dragons != ADDS:
            rows.append((D.DRAGON_PUNG, D.LITTLE_THREE_DRAGONS, sets.occurrences(D.DRAGON_PUNG, 2, f)))
        if D.FLOWER_SET in counted:  # every complete set holds the seat's own number
            rows.append((D.SEAT_FLOWER, D.FLOWER_SET, [()] * counted[D.FLOWER_SET]))
    excluded = tuple(
        Excluded(fan, BY_ID[fan].name, BY_ID[fan].name_zh, (by,), REPLACES, tuple(mapped(o) for o in occs))
        for fan, by, occs in sorted(rows, key=lambda row: (ORDER[row[0]], ORDER[row[1]])))
    ranked = sorted((r for r in weighed if r is not best), key=lambda r: (r.total, r.limit, r.points),
                    reverse=True)[:MAX_ARRANGEMENTS]
    arrangements = tuple(Arrangement(r.points, r.total, ENGINE.breakdown(r.fans, opts), reading_sets(hand, f, r))
                         for r in ranked)
    return replace(result, explanation=Explanation(fan_sets, excluded, arrangements))
