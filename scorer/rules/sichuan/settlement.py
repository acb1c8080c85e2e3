"""A whole Sichuan hand of play settled (血战到底, the game site's rules page, seed 004): kongs and
wins in order, then, when the wall ran out with fewer than three winners, the exhausted wall's
rules (退税, 花猪, 查大叫). Every amount is × the base points.

    >>> from scorer.sichuan import build_play
    >>> play = build_play(missing_suits={"E": "s", "S": "m", "W": "p", "N": "s"},
    ...                   events=[{"kong": {"player": "E", "kind": "concealed", "tile": "9m"}},
    ...                           {"win": {"discarder": "S", "winners": [
    ...                               {"player": "W", "hand": "111m234m678m999s5m5m"}]}}])
    >>> ledger = settle(play)
    >>> [dict(e.changes) for e in ledger.events]
    [{'E': 6, 'S': -2, 'W': -2, 'N': -2}, {'E': 0, 'S': -1, 'W': 1, 'N': 0}]

House rules (``options``, RULINGS T19-T23): 呼叫转移 (a win flagged ``after_kong`` takes the
discarder's kong money), 血流成河 (``play`` ``xueliu``: winners stay, win again and pay; only the
wall ends the hand), and the exhausted wall's 花猪 penalty, 查大叫 and 退税 switches.

Seats are E S W N. The hand of play is a ``Play`` (``play``), read and checked by ``reading.build_play``;
``settle`` plays it through into a ``Settlement``.
"""


from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from ...context import Context
from ...errors import MISSING_SUIT_HELD, NOT_IN_RULESET, NOT_WINNING, Path, ScorerError
from ...hand import Hand
from ...holding import Holding
from ...result import Result
from ...shape import within as _within
from ...tiles import ALL_TILES, HONOR_START, SUIT, WINDS, Tile, Wind
from .detect import holds_suit
from .payouts import base, kong_payments
from .play import OPTIONAL_FLAGS, SEATS, Event, Kong, Play, Win, Winner
from .scoring import SUIT_INDEX, score_hand

Status = Literal["won", "ready", "not_ready", "flower_pig"]
Reason = Literal["refund", "flower_pig", "not_ready"]


def _frozen(changes: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType({w: changes.get(w, 0) for w in WINDS})


@dataclass(frozen=True)
class EventRecord:
    """One event settled: what it was, each winner's score, and the money it moved (by seat)."""

    event: Event
    changes: Mapping[str, int]
    scores: tuple[Result, ...] = ()  # a win's, one per winner
    robbed: bool = False  # a kong robbed by the next event's winners: it scores nothing
    transferred: int = 0  # 呼叫转移: the kong money this win took from its discarder (RULINGS T19)

    def __post_init__(self) -> None:
        object.__setattr__(self, "changes", _frozen(self.changes))

    def to_dict(self) -> dict[str, Any]:
        e = self.event
        if isinstance(e, Kong):
            return {"kong": {"player": e.player.value, "kind": e.kind, "tile": e.tile.value,
                             "discarder": None if e.discarder is None else e.discarder.value, "robbed": self.robbed},
                    "changes": dict(self.changes)}
        return {"win": {"discarder": None if e.discarder is None else e.discarder.value,
                        "robbing_kong": e.robbing_kong,
                        **({"after_kong": True, "transferred": self.transferred} if e.after_kong else {}),
                        "winners": [{"player": w.player.value, "score": r.to_dict()}
                                    for w, r in zip(e.winners, self.scores, strict=True)]},
                "changes": dict(self.changes)}


@dataclass(frozen=True)
class Payment:
    """One payment at an exhausted wall: 退税 (``refund``), 花猪 (``flower_pig``) or 查大叫 (``not_ready``)."""

    payer: str
    receiver: str
    amount: int
    reason: Reason

    def to_dict(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.receiver, "amount": self.amount, "reason": self.reason}


@dataclass(frozen=True)
class ReadyWin:
    """A ready player's highest possible win: the tile, and its score as on a discard without event fans."""

    tile: Tile
    score: Result
    base: int  # 2 ** total × base points: what each not-ready player pays

    def to_dict(self) -> dict[str, Any]:
        return {"tile": self.tile.value, "base": self.base, "score": self.score.to_dict()}


@dataclass(frozen=True)
class Exhaustion:
    """The exhausted wall settled: each seat's status, the ready players' highest wins, the payments."""

    players: Mapping[str, Status]
    ready: Mapping[str, ReadyWin]
    payments: tuple[Payment, ...]
    changes: Mapping[str, int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", MappingProxyType(dict(self.players)))
        object.__setattr__(self, "ready", MappingProxyType(dict(self.ready)))
        object.__setattr__(self, "changes", _frozen(self.changes))

    def to_dict(self) -> dict[str, Any]:
        return {"players": dict(self.players), "ready": {w: r.to_dict() for w, r in self.ready.items()},
                "payments": [p.to_dict() for p in self.payments], "changes": dict(self.changes)}


@dataclass(frozen=True)
class Settlement:
    play: Play
    events: tuple[EventRecord, ...]
    exhaustion: Exhaustion | None
    totals: Mapping[str, int]  # by seat, zero-sum

    def __post_init__(self) -> None:
        object.__setattr__(self, "totals", _frozen(self.totals))

    def to_dict(self) -> dict[str, Any]:
        return {
            "base_points": self.play.base_points,
            "events": [e.to_dict() for e in self.events],
            "exhaustion": None if self.exhaustion is None else self.exhaustion.to_dict(),
            "totals": dict(self.totals),
        }


def _robbed(play: Play, i: int) -> bool:
    """The kong at ``i`` is robbed: the next event is a win robbing it."""
    nxt = play.events[i + 1] if i + 1 < len(play.events) else None
    return isinstance(nxt, Win) and nxt.robbing_kong


def _win_context(play: Play, win: Win, w: Winner, out: tuple[Wind, ...]) -> Context:
    return Context(self_drawn=win.self_drawn, seat_wind=w.player, discarder=win.discarder,
                   base_points=play.base_points, missing_suit=play.missing_suits[w.player], out=out,
                   robbing_kong=win.robbing_kong, kong_replacement=w.kong_replacement,
                   last_wall_tile=w.last_wall_tile, heavenly_hand=w.heavenly_hand, earthly_hand=w.earthly_hand,
                   last_copy=w.last_copy)


def xueliu(play: Play) -> bool:
    """血流成河 (RULINGS T20): a player who has won stays at the table."""
    return play.options.play == "xueliu"


def score_win(play: Play, win: Win, index: int, out: tuple[Wind, ...]) -> tuple[Result, ...]:
    """Each winner's score; a hand that is not complete or still holds its missing suit is an error
    (a settlement never pays an invalid win)."""
    results = []
    for k, w in enumerate(win.winners):
        at: Path = ("events", index, "win", "winners", k)
        for flag in OPTIONAL_FLAGS:  # as RuleBook.check_context refuses them in POST /v1/score
            if getattr(w, flag) and not getattr(play.options, flag):
                raise ScorerError(NOT_IN_RULESET, f"{flag} means nothing in the rule book 'sichuan' unless its option "
                                  f"{flag} is on", (*at, "context", flag), ruleset="sichuan")
        with _within(at):
            r = score_hand(w.hand, _win_context(play, win, w, out), play.options)
        if not r.winning:
            raise ScorerError(NOT_WINNING, f"the hand is not complete: {r.reason}", (*at, "hand"))
        if not r.valid:
            raise ScorerError(MISSING_SUIT_HELD, f"the hand cannot win: {r.reason}", (*at, "hand"))
        results.append(r)
    return tuple(results)


def best_wait(holding: Holding, seat: Wind, suit: str, play: Play) -> ReadyWin | None:
    """查大叫: the best win of a 13-tile holding over every tile that completes it (not a tile it
    already holds four of), as on a discard, without self-draw or event fans; None: not ready."""
    ctx = Context(seat_wind=seat, missing_suit=suit, base_points=play.base_points)
    own = holding.counts()
    dead = SUIT_INDEX[suit]
    best: ReadyWin | None = None
    for i in range(HONOR_START):
        if SUIT[i] == dead or own[i] >= 4:
            continue
        t = ALL_TILES[i]
        r = score_hand(Hand(holding.concealed, holding.melds, t), ctx, play.options)
        if r.valid and (best is None or r.total > best.score.total):
            best = ReadyWin(t, r, base(r.total) * play.base_points)
    return best


def status(holding: Holding, suit: str, wait: ReadyWin | None) -> Status:
    if holds_suit(holding.counts(), SUIT_INDEX[suit]):
        return "flower_pig"
    return "ready" if wait is not None else "not_ready"


def settle(play: Play) -> Settlement:
    """Play the hand through: each event's money, then the exhausted wall's, and the totals."""
    bp = play.base_points
    won: list[Wind] = []
    kong_money: list[tuple[str, str, int, int]] = []  # (receiver, payer, amount, event), for 退税
    records: list[EventRecord] = []
    stays = xueliu(play)
    for i, e in enumerate(play.events):
        out = () if stays else tuple(won)  # 血流成河: everyone pays and is paid (T20)
        if isinstance(e, Kong):
            if _robbed(play, i):
                records.append(EventRecord(e, {}, robbed=True))
                continue
            changes = kong_payments(e.kind, e.player.value, None if e.discarder is None else e.discarder.value,
                                    tuple(w.value for w in out), bp)
            kong_money += [(e.player.value, w, -n, i) for w, n in changes.items() if n < 0]
            records.append(EventRecord(e, changes))
        else:
            scores = score_win(play, e, i, out)
            total = dict.fromkeys(WINDS, 0)
            for r in scores:
                assert r.payouts is not None  # a valid win with its discarder known
                for w, n in r.payouts.items():
                    total[w] += n
            moved = 0
            if e.after_kong and play.options.kong_transfer == "on":
                moved = _transfer(e, records[-1], total, bp)
                kong_money = [k for k in kong_money if k[3] != i - 1]  # the money left the kong's player
            records.append(EventRecord(e, total, scores, transferred=moved))
            won += [w.player for w in e.winners if w.player not in won]
    exhaustion = None if play.exhausted is None else _exhaustion(play, tuple(won), kong_money)
    totals = dict.fromkeys(WINDS, 0)
    for rec in records:
        for w, n in rec.changes.items():
            totals[w] += n
    if exhaustion is not None:
        for w, n in exhaustion.changes.items():
            totals[w] += n
    return Settlement(play, tuple(records), exhaustion, totals)


def _transfer(win: Win, kong: EventRecord, total: dict[str, int], bp: int) -> int:
    """呼叫转移 (RULINGS T19): the discarder hands what its kong (the event before) earned to the
    winners, in equal shares of base points; a share left over goes one by one to the winners
    nearest after the discarder. Returns the amount moved."""
    assert win.discarder is not None
    amount = kong.changes[win.discarder.value]
    if amount <= 0:
        return 0
    order = [w.value for w in SEATS[SEATS.index(win.discarder) + 1:] + SEATS[:SEATS.index(win.discarder)]]
    takers = sorted((w.player.value for w in win.winners), key=order.index)
    each, extra = divmod(amount // bp, len(takers))
    total[win.discarder.value] -= amount
    for k, w in enumerate(takers):
        total[w] += (each + (1 if k < extra else 0)) * bp
    return amount


def _exhaustion(play: Play, won: tuple[Wind, ...], kong_money: list[tuple[str, str, int, int]]) -> Exhaustion:
    assert play.exhausted is not None
    players: dict[str, Status] = {}
    ready: dict[str, ReadyWin] = {}
    for seat in SEATS:
        if seat in won:
            players[seat.value] = "won"
            continue
        h = play.exhausted[seat]
        suit = play.missing_suits[seat]
        wait = None if holds_suit(h.counts(), SUIT_INDEX[suit]) else best_wait(h, seat, suit, play)
        players[seat.value] = status(h, suit, wait)
        if wait is not None:
            ready[seat.value] = wait
    payments: list[Payment] = []
    owed: dict[tuple[str, str, Reason], int] = {}  # summed per payer, receiver and reason, in order
    for receiver, payer, amount, _ in kong_money:  # 退税: not ready players give their kong money back (T23)
        if play.options.refund == "on" and players[receiver] in ("not_ready", "flower_pig"):
            key: tuple[str, str, Reason] = (receiver, payer, "refund")
            owed[key] = owed.get(key, 0) + amount
    fine = (base(play.options.max_fan) if play.options.flower_pig == "cap" else play.options.flower_pig_penalty) * \
        play.base_points  # T21
    for pig in (w for w in WINDS if players[w] == "flower_pig"):  # 花猪 pays every player who is not one
        for other in (w for w in WINDS if w != pig and players[w] != "flower_pig"):
            owed[(pig, other, "flower_pig")] = fine
    for payer in (w for w in WINDS if players[w] == "not_ready" and play.options.cha_da_jiao != "off"):  # 查大叫
        for receiver, r in ready.items():
            owed[(payer, receiver, "not_ready")] = r.base
    changes = dict.fromkeys(WINDS, 0)
    for (payer, receiver, reason), amount in owed.items():
        if amount:
            payments.append(Payment(payer, receiver, amount, reason))
            changes[payer] -= amount
            changes[receiver] += amount
    return Exhaustion(players, ready, tuple(payments), changes)
