"""Replay a game record: check every action, derive each win's context, score and settle.

The replay walks the actions in order, keeping each seat's concealed tiles and melds, the wall,
the discards and the tiles shown. The first action that cannot have happened is a
``ScorerError`` (``illegal_action`` unless a more precise code fits) pointing at ``/actions/N``,
and nothing is settled. Each win's context — self-drawn or the discarder, kong replacement,
robbing the kong, last tile, last copy, seat and prevalent wind, flowers, the players out where
winners leave — is derived from what happened, and the win is scored by ``scorer.score`` (the code
behind ``POST /v1/score``). The table's rules are the book's (``RuleBook.play``, its hand size and
tiles): where the first win ends the hand, that win's payouts settle it; where winners leave and
play goes on, the whole hand of play is settled by the book's settlement from the kongs, wins and
final holdings the replay derives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..api import score
from ..context import Context
from ..errors import ILLEGAL_ACTION, NOT_WINNING, TOO_MANY_COPIES, UNDER_MINIMUM, Path, ScorerError
from ..flowers import Flower
from ..hand import MAX_FLOWERS, Hand, Meld, read_flowers
from ..result import Result
from ..rules import rulebook
from ..set_kind import MeldKind
from ..tiles import ALL_TILES, INDEX, IS_HONOR, SUIT, Tile, Wind
from .record import Action, Record

SEATS: Final = tuple(Wind)
WALL_OF_FOUR: Final = 34  # Botzone's judge: each seat's own wall
SUIT_CODES: Final = "msp"  # scorer.tiles.SUIT's numbers: 0 characters, 1 bamboo, 2 dots
RANK: Final = {"chow": 1, "pung": 2, "kong": 2, "win": 3}  # claim priority: win over pung/kong over chow


def _next(seat: Wind, k: int = 1) -> Wind:
    return SEATS[(SEATS.index(seat) + k) % 4]


def _offset(by: Wind, of: Wind) -> int:
    """How far after ``of`` the seat ``by`` sits (1 = the next seat)."""
    return (SEATS.index(by) - SEATS.index(of)) % 4


# --- the answer -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class WinReplay:
    """One win as the replay derived it: the action, the hand, the context, the score."""

    action: int
    seat: Wind
    discarder: Wind | None
    hand: Hand
    context: Context
    derived: Mapping[str, Any]  # the context fields the book reads, as derived
    result: Result

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "seat": str(self.seat),
                "discarder": None if self.discarder is None else str(self.discarder),
                "hand": self.hand.notation(),
                "context": dict(self.derived), "score": self.result.to_dict()}


@dataclass(frozen=True)
class Replay:
    record: Record
    outcome: str  # win (the first win ends it), draw (the wall ran out), over (winners left), unfinished
    wins: tuple[WinReplay, ...]
    changes: Mapping[str, int]  # per seat, zero-sum, × base points
    settlement: Any  # the whole hand of play's settlement, where winners leave (its ``to_dict`` answers)
    events: tuple[dict[str, Any], ...]  # the kongs and wins as the book's settlement takes them

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ruleset": self.record.ruleset, "outcome": self.outcome,
                               "actions": len(self.record.actions), "wins": [w.to_dict() for w in self.wins],
                               "changes": dict(self.changes)}
        if self.record.players:
            out["players"] = dict(zip((str(w) for w in SEATS), self.record.players, strict=True))
        if self.settlement is not None:
            out["settlement"] = self.settlement.to_dict()
            out["events"] = list(self.events)
        return out


# --- the replay -----------------------------------------------------------------------------------
class _Illegal(Exception):
    def __init__(self, reason: str, code: str = ILLEGAL_ACTION, sub: Path = ()) -> None:
        super().__init__(reason)
        self.reason, self.code, self.sub = reason, code, sub


class _Game:
    """The table as the actions leave it."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.book = rulebook(record.ruleset)
        self.rules = self.book.play
        self.full = 3 * self.book.sets + 1  # a hand's tiles between turns (kongs counting three); one more to act
        self.held: dict[Wind, list[int]] = {w: [0] * 34 for w in SEATS}
        self.melds: dict[Wind, list[Meld]] = {w: [] for w in SEATS}
        self.seen = [0] * 34  # copies known: dealt and drawn
        self.shown = [0] * 34  # copies shown: unclaimed discards, melded chows, pungs and kongs
        for w in SEATS:
            for t in record.deal[w]:
                i = INDEX[t]
                self.held[w][i] += 1
                self.seen[i] += 1
                if self.seen[i] > 4:
                    raise ScorerError(TOO_MANY_COPIES, f"a fifth {t} is dealt", ("deal", w.value))
        self.four_walls = record.walls == "four"
        dealt = sum(len(record.deal[w]) for w in SEATS)
        if self.four_walls:
            self.left = {w: WALL_OF_FOUR - len(record.deal[w]) for w in SEATS}
            supply = sum(self.left.values())
        else:
            supply = self.book.wall - (0 if self.book.flowers == "none" else 8) - dealt  # flowers are replaced
        if record.wall is not None:
            if len(record.wall) > supply:
                raise ScorerError("tile_count", f"the wall holds at most {supply} tiles after the deal, got "
                                  f"{len(record.wall)}", ("wall",))
            supply = len(record.wall)
            if self.four_walls:
                raise ScorerError("bad_value", "a wall in drawing order goes with one shared wall", ("wall",))
        self.remaining = supply  # one wall
        self.wall_at = 0
        self.after_kong = False  # a flower drawn as a kong's replacement
        self.turn = Wind.E
        self.phase = "act" if len(record.deal[Wind.E]) == self.full + 1 else "draw"
        self.drawn: Tile | None = None  # the tile the turn seat just drew (self-drawn wins)
        self.replaced = False  # that draw was a kong's replacement
        self.kong_discard = False  # the open discard came right after its discarder's kong (杠上炮)
        self.claimed = False  # the turn seat just chowed or punged: it must discard
        self.discard: tuple[Wind, Tile] | None = None  # open to claims
        self.kong: tuple[Wind, Tile, str] | None = None  # awaiting its replacement draw (or robbing)
        self.won_on: list[Wind] = []  # winners on the open discard or kong (several, where all claimants win)
        options = self.options = self.book.parse_options(record.options)
        self.draws = {w: 0 for w in SEATS}  # each seat's draws from the wall (天胡, 地胡: the first)
        transfer = self.rules.kong_transfer_option  # 呼叫转移: flag a win after the discarder's kong
        self.transfer = transfer is not None and getattr(options, transfer) == "on"
        self.rules.check_options(options)  # the book refuses options its table does not hold (RULINGS T20)
        self.out: list[Wind] = []  # seats that have won, where winners leave
        self.over = False
        self.outcome = "unfinished"
        self.wins: list[tuple[int, Wind, Wind | None, Hand, dict[str, Any]]] = []
        self.events: list[dict[str, Any]] = []  # the settlement's events, where winners leave
        self.scored: list[WinReplay] = []
        self.flowers: dict[Wind, list[Flower]] = {w: [] for w in SEATS}  # set aside during play
        given = [x for f in record.flowers.values() if not isinstance(f, int) for x in f]
        self.flower_count = sum(f if isinstance(f, int) else len(f) for f in record.flowers.values())
        self.flowers_seen: set[Flower] = set(given)

    # --- the wall ---------------------------------------------------------------------------------
    def wall_empty_for(self, seat: Wind) -> bool:
        return self.left[seat] == 0 if self.four_walls else self.remaining == 0

    def take(self, seat: Wind, a: Action) -> Tile:
        if self.wall_empty_for(seat):
            raise _Illegal(f"{seat} draws from an empty wall")
        tile = a.tile
        if self.record.wall is not None:
            want = self.record.wall[self.wall_at]
            if tile is not None and tile is not want:
                raise _Illegal(f"the wall's next tile is {want}, not {tile}", sub=("tile",))
            tile = want
            self.wall_at += 1
        elif tile is None:
            raise _Illegal("a draw names its tile (the record has no wall)", sub=("tile",))
        i = INDEX[tile]
        self.seen[i] += 1
        if self.seen[i] > 4:
            raise _Illegal(f"a fifth {tile} is drawn", TOO_MANY_COPIES, ("tile",))
        if self.four_walls:
            self.left[seat] -= 1
        else:
            self.remaining -= 1
        self.held[seat][i] += 1
        return tile

    def last_tile(self, turn: Wind) -> bool:
        """The last tile: the wall is empty (Botzone's four walls: the next seat's wall is)."""
        return self.left[_next(turn)] == 0 if self.four_walls else self.remaining == 0

    def next_in(self, seat: Wind) -> Wind:
        """The next seat still playing."""
        for k in range(1, 4):
            w = _next(seat, k)
            if w not in self.out:
                return w
        return seat

    # --- actions ----------------------------------------------------------------------------------
    def play(self, i: int, a: Action) -> None:
        if self.over:
            raise _Illegal(f"the hand is over ({self.outcome}); nothing follows")
        kind = a.action
        if kind != "wall_end" and a.seat in self.out:
            raise _Illegal(f"{a.seat} has won and no longer plays", "player_out", ("seat",))
        getattr(self, "_" + kind)(i, a)
        if kind != "wall_end" and a.seat not in self.out:
            self._check_size(a.seat)

    def _check_size(self, seat: Wind) -> None:
        """Hand sizes after every action: 14 (kongs counting three; 17 in a 16-tile book) for the seat
        to discard, else 13 (16)."""
        size = sum(self.held[seat]) + 3 * len(self.melds[seat])
        want = self.full + 1 if self.phase == "act" and seat is self.turn else self.full
        if self.phase in ("replacement", "robbing", "flower") and seat is self.turn:
            want = self.full
        if size != want:  # a state the checks above should have refused: say so rather than go on
            raise _Illegal(f"{seat} holds {size} tiles (kongs counting three) where {want} belong")

    def _expect_turn(self, a: Action, phase: str, what: str) -> None:
        if self.phase != phase or a.seat is not self.turn:
            raise _Illegal(f"{a.seat} cannot {what} now: {self._whose()}", sub=("seat",))

    def _whose(self) -> str:
        if self.phase == "draw":
            return f"{self.turn} is to draw"
        if self.phase == "act":
            return f"{self.turn} is to discard" if self.claimed else f"{self.turn} is to discard, kong or win"
        if self.phase == "claims":
            assert self.discard is not None
            return f"{self.discard[0]}'s discard {self.discard[1]} is open to claims, else {self.turn} draws"
        if self.phase == "replacement":
            return f"{self.turn} is to draw a kong's replacement"
        if self.phase == "flower":
            return f"{self.turn} is to draw a flower's replacement"
        return f"{self.turn}'s added kong may be robbed, else {self.turn} draws its replacement"

    def _draw(self, i: int, a: Action) -> None:
        robbed = self.phase == "robbing" and bool(self.won_on)  # play goes on after the robbing win(s)
        if (self.phase not in ("draw", "claims") and not robbed) or a.seat is not self.turn:
            raise _Illegal(f"{a.seat} cannot draw now: {self._whose()}", sub=("seat",))
        self._close_discard()
        self.kong = None
        self.drawn = self.take(a.seat, a)
        self.draws[a.seat] += 1
        self.replaced = False
        self.claimed = False
        self.phase = "act"

    def _flower(self, i: int, a: Action) -> None:
        if self.book.flowers == "none":
            raise _Illegal(f"{self.book.title} is played without flowers", "not_in_ruleset", ("action",))
        if a.seat is not self.turn or self.phase not in ("draw", "claims", "replacement", "robbing", "flower"):
            raise _Illegal(f"{a.seat} cannot draw a flower now: {self._whose()}", sub=("seat",))
        robbed = self.phase == "robbing" and bool(self.won_on)  # where winners leave
        assert a.flower is not None
        if a.flower in self.flowers_seen:
            raise _Illegal(f"{a.flower} is already out", "bad_flowers", ("flower",))
        if self.flower_count == MAX_FLOWERS:
            raise _Illegal(f"there are {MAX_FLOWERS} flowers, and all are out", "bad_flowers", ("flower",))
        self._room_for_replacement(a.seat)
        self.flowers_seen.add(a.flower)
        self.flower_count += 1
        self.flowers[a.seat].append(a.flower)
        if self.phase in ("draw", "claims") or robbed:
            self._close_discard()
            self.after_kong = False
        elif self.phase in ("replacement", "robbing"):
            self.after_kong = True  # a kong's replacement was a flower: its replacement is still the kong's
        self.kong = None  # once the kong's maker draws, the kong can no longer be robbed
        self.phase = "flower"

    def _replacement(self, i: int, a: Action) -> None:
        if self.phase not in ("replacement", "robbing", "flower") or a.seat is not self.turn or self.won_on:
            raise _Illegal(f"{a.seat} cannot draw a replacement now: {self._whose()}", sub=("seat",))
        kong = self.phase != "flower" or self.after_kong or self.rules.flower_replacement_is_kong
        self._finish_kong()
        self.drawn = self.take(a.seat, a)
        self.replaced = kong
        self.claimed = False
        self.phase = "act"

    def _discard(self, i: int, a: Action) -> None:
        self._expect_turn(a, "act", "discard")
        t = self._tile(a)
        if self.held[a.seat][INDEX[t]] == 0:
            raise _Illegal(f"{a.seat} holds no {t} to discard", sub=("tile",))
        if self.rules.missing_suit:
            self._missing_first(a.seat, t)
        self.held[a.seat][INDEX[t]] -= 1
        self.shown[INDEX[t]] += 1
        self.discard = (a.seat, t)
        self.kong_discard = self.replaced
        self.drawn = None
        self.claimed = False
        self.phase = "claims"
        self.turn = self.next_in(a.seat)

    def _missing_first(self, seat: Wind, t: Tile) -> None:
        """A player discards the missing suit while holding any of it (定缺)."""
        name = self.record.missing_suits[seat]
        suit = SUIT_CODES.index(name)
        if SUIT[INDEX[t]] != suit and any(self.held[seat][k] for k in range(34) if SUIT[k] == suit):
            raise _Illegal(f"{seat} still holds its missing suit ({name}) and must discard it first",
                           "missing_suit_held", ("tile",))

    def _not_missing(self, seat: Wind, t: Tile, what: str, sub: Path = ()) -> None:
        """No pung or kong of one's missing suit (RULINGS T4), refused at the action."""
        if self.rules.missing_suit and SUIT_CODES[SUIT[INDEX[t]]] == self.record.missing_suits[seat]:
            raise _Illegal(f"{seat} declared {self.record.missing_suits[seat]} missing: no {what} of {t}, which it "
                           "must discard", "bad_kong" if what == "kong" else "missing_suit_held", sub)

    def _claim(self, a: Action, what: str) -> tuple[Wind, Tile]:
        if self.phase != "claims" or self.discard is None:
            raise _Illegal(f"there is no discard to {what}: {self._whose()}")
        d, t = self.discard
        if self.four_walls and what != "win" and self.left[_next(d)] == 0:  # Botzone's judge (RULINGS RP11)
            raise _Illegal(f"no {what} once the wall of the seat after the discarder ({_next(d)}) is empty: "
                           "only a win may claim the discard")
        if a.seat is d:
            raise _Illegal(f"{a.seat} cannot claim its own discard", sub=("seat",))
        if self.won_on and what != "win":
            raise _Illegal(f"{t} was won by {', '.join(map(str, self.won_on))}; a win comes before any {what}")
        if a.tile is not None and a.tile is not t:
            raise _Illegal(f"the discard is {t}, not {a.tile}", sub=("tile",))
        self._check_outranked(a, d)
        return d, t

    def _check_outranked(self, a: Action, d: Wind) -> None:
        mine = RANK[a.action]
        for k, o in enumerate(a.outranked):
            at: Path = ("outranked", k)
            if o.seat is d or o.seat is a.seat or o.seat in self.out:
                raise _Illegal(f"{o.seat} cannot have claimed this discard", sub=(*at, "seat"))
            if o.action == "chow" and o.seat is not self.next_in(d):
                raise _Illegal(f"only the next seat after {d} could chow", sub=(*at, "seat"))
            theirs = RANK[o.action]
            if theirs > mine:
                raise _Illegal(f"{o.seat}'s {o.action} outranks this {a.action} (win over pung and kong over chow)",
                               sub=(*at, "action"))
            if theirs == mine:
                if o.action != "win":
                    raise _Illegal(f"two seats cannot both {o.action} one discard", sub=(*at, "action"))
                if self.rules.several_win_one_discard:
                    raise _Illegal(f"in {self.book.title} every claimant of a winning discard wins (一炮多响)",
                                   sub=at)
                if _offset(o.seat, d) < _offset(a.seat, d):
                    raise _Illegal(f"截和: {o.seat} sits nearer after the discarder {d} and takes the win", sub=at)

    def _close_discard(self) -> None:
        self.discard = None
        self.won_on = []

    def _chow(self, i: int, a: Action) -> None:
        if not self.book.chows:
            code = next((c for c, _ in self.book.errors if c.startswith("chow_")), "not_in_ruleset")
            raise _Illegal(f"{self.book.title} has no chows", code, ("action",))
        d, t = self._claim(a, "chow")
        if a.seat is not self.next_in(d):
            raise _Illegal(f"only the next seat after {d} may chow", sub=("seat",))
        idx = sorted(INDEX[x] for x in a.tiles)
        if len(idx) != 3 or IS_HONOR[idx[0]] or SUIT[idx[0]] != SUIT[idx[2]] or idx != list(range(idx[0], idx[0] + 3)):
            raise _Illegal("a chow is three tiles in a row of one suit", sub=("tiles",))
        if INDEX[t] not in idx:
            raise _Illegal(f"the chow {''.join(x.value for x in a.tiles)} does not hold the discard {t}",
                           sub=("tiles",))
        own = list(idx)
        own.remove(INDEX[t])
        h = self.held[a.seat]
        for k in own:
            if h[k] == 0 or (own.count(k) > h[k]):
                raise _Illegal(f"{a.seat} holds no {ALL_TILES[k]} for the chow", sub=("tiles",))
        for k in own:
            h[k] -= 1
        self.shown[INDEX[t]] -= 1
        for k in idx:
            self.shown[k] += 1
        self.melds[a.seat].append(Meld(MeldKind.CHOW, ALL_TILES[idx[0]], False, idx.index(INDEX[t]) + 1))
        self._claimed(a.seat)

    def _pung(self, i: int, a: Action) -> None:
        d, t = self._claim(a, "pung")
        k = INDEX[t]
        if self.held[a.seat][k] < 2:
            raise _Illegal(f"{a.seat} holds {self.held[a.seat][k]} {t}, not the two a pung needs")
        self._not_missing(a.seat, t, "pung")
        self.held[a.seat][k] -= 2
        self.shown[k] += 2
        self.melds[a.seat].append(Meld(MeldKind.PUNG, t, False, 4 - _offset(a.seat, d)))
        self._claimed(a.seat)

    def _claimed(self, seat: Wind) -> None:
        self._close_discard()
        self.turn = seat
        self.phase = "act"
        self.claimed = True
        self.drawn = None
        self.replaced = False  # the claimer's discard is not its kong's (呼叫转移 looks at that discard)

    def _kong(self, i: int, a: Action) -> None:
        d, t = self._claim(a, "kong")
        k = INDEX[t]
        if self.held[a.seat][k] < 3:
            raise _Illegal(f"{a.seat} holds {self.held[a.seat][k]} {t}, not the three an exposed kong needs")
        self._not_missing(a.seat, t, "kong")
        if not self.four_walls:  # the judge's walls: the maker's may be empty, and the game is drawn (RP11)
            self._room_for_replacement(a.seat)
        self.held[a.seat][k] -= 3
        self.shown[k] += 3
        self.melds[a.seat].append(Meld(MeldKind.KONG, t, False, 4 - _offset(a.seat, d)))
        self._close_discard()
        self.kong = (a.seat, t, "exposed")
        self.events.append({"kong": {"player": a.seat.value, "kind": "exposed", "tile": t.value,
                                     "discarder": d.value}})
        self.turn, self.phase, self.drawn, self.claimed = a.seat, "replacement", None, False

    def _own_kong(self, a: Action, what: str) -> Tile:
        self._expect_turn(a, "act", what)
        if self.claimed:
            raise _Illegal("no kong straight after a chow or pung: the claimer discards", sub=("action",))
        t = self._tile(a)
        self._not_missing(a.seat, t, "kong", ("tile",))
        self._room_for_replacement(a.seat)
        if self.four_walls and self.left[_next(a.seat)] == 0:  # Botzone's judge (RULINGS RP11)
            raise _Illegal(f"a concealed or added kong needs tiles in the next seat's wall too, and "
                           f"{_next(a.seat)}'s is empty")
        return t

    def _room_for_replacement(self, seat: Wind) -> None:
        if self.wall_empty_for(seat):
            raise _Illegal("a kong needs a replacement tile, and the wall is empty" if not self.four_walls else
                           f"a kong needs a replacement tile, and {seat}'s wall is empty")

    def _concealed_kong(self, i: int, a: Action) -> None:
        t = self._own_kong(a, "declare a concealed kong")
        k = INDEX[t]
        if self.held[a.seat][k] < 4:
            raise _Illegal(f"{a.seat} holds {self.held[a.seat][k]} {t}, not the four a concealed kong needs",
                           sub=("tile",))
        self.held[a.seat][k] -= 4
        self.melds[a.seat].append(Meld(MeldKind.KONG, t, True))
        self.kong = (a.seat, t, "concealed")
        self.events.append({"kong": {"player": a.seat.value, "kind": "concealed", "tile": t.value}})
        self.phase, self.drawn = "replacement", None

    def _added_kong(self, i: int, a: Action) -> None:
        t = self._own_kong(a, "add to a pung")
        k = INDEX[t]
        ms = self.melds[a.seat]
        at = next((j for j, m in enumerate(ms) if m.kind is MeldKind.PUNG and m.tile is t), None)
        if at is None:
            raise _Illegal(f"{a.seat} has no pung of {t} to add to", sub=("tile",))
        if self.held[a.seat][k] == 0:
            raise _Illegal(f"{a.seat} holds no {t} to add", sub=("tile",))
        self.held[a.seat][k] -= 1
        self.shown[k] += 1
        ms[at] = Meld(MeldKind.KONG, t, False, ms[at].claimed)
        self.kong = (a.seat, t, "added")
        self.events.append({"kong": {"player": a.seat.value, "kind": "added", "tile": t.value}})
        self.phase, self.drawn = "robbing", None

    def _finish_kong(self) -> None:
        self.kong = None

    def _tile(self, a: Action) -> Tile:
        if a.tile is None:
            raise _Illegal(f"{a.action} names its tile", sub=("tile",))
        return a.tile

    def _wall_end(self, i: int, a: Action) -> None:
        to_draw = self.turn
        robbed = self.phase == "robbing" and bool(self.won_on)  # after the robbing win(s), where winners leave
        stranded = self.phase == "replacement" and self.four_walls  # an exposed kong's maker has an empty wall
        if self.phase not in ("draw", "claims") and not robbed and not stranded:
            raise _Illegal(f"the wall ends only when a seat is to draw: {self._whose()}")
        if not self.wall_empty_for(to_draw):
            left = self.left[to_draw] if self.four_walls else self.remaining
            raise _Illegal(f"the wall is not empty: {left} tile{'' if left == 1 else 's'} left for {to_draw}")
        self._close_discard()
        self.over = True
        self.outcome = "draw" if not self.out else "over"

    # --- wins -------------------------------------------------------------------------------------
    def _win(self, i: int, a: Action) -> None:
        seat = a.seat
        flags: dict[str, Any] = {}
        if self.phase == "act" and seat is self.turn:
            if self.claimed:
                raise _Illegal("a chow or pung is followed by a discard, not a self-drawn win")
            if self.drawn is None:
                if len(self.record.deal[Wind.E]) == self.full + 1 and not self.events and not self.wins:
                    win_tile = self._dealt_last(seat)
                else:
                    raise _Illegal(f"{seat} has drawn nothing to win on")
            else:
                win_tile = self.drawn
            discarder: Wind | None = None
            concealed = list(self.held[seat])
            concealed[INDEX[win_tile]] -= 1
            flags |= {"kong_replacement": self.replaced, "last_wall_tile": self.last_tile(seat)}
            first = not self.replaced and not self.melds[seat] and not flags["last_wall_tile"]
            dealt_first = 1 if len(self.record.deal[seat]) == self.full else 0
            flags |= {"heavenly_hand": first and seat is Wind.E and i == dealt_first,
                      "earthly_hand": first and seat is not Wind.E and self.draws[seat] == 1}  # RULINGS S16
            robbing = False
        elif self.phase == "claims":
            discarder, win_tile = self._claim(a, "win")
            if self.won_on and not self.rules.several_win_one_discard:
                raise _Illegal("截和: on one discard only the seat nearest after the discarder wins")
            concealed = list(self.held[seat])
            flags |= {"kong_replacement": False, "last_wall_tile": self.last_tile(discarder)}
            robbing = False
        elif self.phase == "robbing":
            assert self.kong is not None
            maker, win_tile, _ = self.kong
            if seat is maker:
                raise _Illegal(f"{seat} cannot rob its own kong", sub=("seat",))
            if self.won_on and not self.rules.several_win_one_discard:
                raise _Illegal("截和: only the seat nearest after the kong's maker robs it")
            if a.tile is not None and a.tile is not win_tile:
                raise _Illegal(f"the kong's tile is {win_tile}, not {a.tile}", sub=("tile",))
            self._check_outranked(a, maker)
            discarder = maker
            concealed = list(self.held[seat])
            flags |= {"kong_replacement": False, "last_wall_tile": self.last_tile(maker)}
            robbing = True
        else:
            if self.phase == "replacement":
                raise _Illegal("only an added kong can be robbed; a concealed or exposed kong waits for its "
                               "replacement draw")
            raise _Illegal(f"{seat} cannot win now: {self._whose()}", sub=("seat",))
        hand = self._hand(seat, concealed, win_tile)
        shown = self.shown[INDEX[win_tile]] - (0 if discarder is None or robbing else 1)
        if robbing:
            shown -= 1  # the robbed tile itself
        flags |= {"robbing_kong": robbing, "last_copy": shown >= 3}
        self.wins.append((i, seat, discarder, hand, flags))
        self._settle_win(i, seat, discarder, hand, flags, robbing, win_tile)

    def _dealt_last(self, seat: Wind) -> Tile:
        # East dealt 14 wins at once (the heavenly hand): its winning tile is the last dealt.
        return self.record.deal[seat][-1]

    def _hand(self, seat: Wind, counts: Sequence[int], win_tile: Tile) -> Hand:
        tiles: list[Tile] = []
        for k, n in enumerate(counts):
            tiles.extend([ALL_TILES[k]] * n)
        f = self.record.flowers.get(seat, 0)
        more = self.flowers[seat]
        named: tuple[Flower, ...] = ()
        if isinstance(f, int) and f:  # counted only: the flowers drawn in play add to the count
            count = f + len(more)
        else:  # named (Hong Kong scores them by name)
            count, named = read_flowers([*(() if isinstance(f, int) else f), *more])
        return Hand(tuple(tiles), tuple(self.melds[seat]), win_tile, count, named)

    def _settle_win(self, i: int, seat: Wind, discarder: Wind | None, hand: Hand, flags: dict[str, Any],
                    robbing: bool, win_tile: Tile) -> None:
        if not self.rules.winners_leave:
            self.over = True
            self.outcome = "win"
            return
        # the winner is out; play goes on from the seat after the winner(s)
        self.out.append(seat)
        winner = {"player": seat.value, "hand": hand, "context": {
            k: True for k in self.rules.event_flags if flags.get(k) and self.book.means(k, self.options)}}
        if self.won_on and self.events and "win" in self.events[-1] and self.events[-1]["win"]["discarder"] == (
                None if discarder is None else discarder.value):
            self.events[-1]["win"]["winners"].append(winner)
        else:
            win: dict[str, Any] = {"discarder": None if discarder is None else discarder.value, "winners": [winner]}
            if robbing:
                win["robbing_kong"] = True
            elif discarder is not None and self.kong_discard and self.transfer:  # 呼叫转移 (RULINGS T19)
                win["after_kong"] = True
            self.events.append({"win": win})
        if discarder is None:
            self.held[seat][INDEX[win_tile]] -= 1
            self.turn = self.next_in(seat)
            self.phase = "draw"
            self.drawn = None
        else:
            if robbing and not self.won_on:
                self._unrob(discarder, win_tile)
            self.won_on.append(seat)
            last = max(self.won_on, key=lambda w: _offset(w, discarder))  # in turn order, as listed or not
            self.turn = self.next_in(last)
        if len(self.out) == 3:
            self.over = True
            self.outcome = "over"

    def _unrob(self, maker: Wind, t: Tile) -> None:
        """A robbed added kong goes back to a pung; the robbed tile left the maker's hand."""
        ms = self.melds[maker]
        j = next(j for j, m in enumerate(ms) if m.kind is MeldKind.KONG and m.tile is t and not m.concealed)
        ms[j] = Meld(MeldKind.PUNG, t, False, ms[j].claimed)
        self.shown[INDEX[t]] -= 1


def replay(record: Record | Mapping[str, Any]) -> Replay:
    """Replay a record (a ``Record`` or its JSON body): the first illegal action is a
    ``ScorerError`` pointing at ``/actions/N``; else every win scored and the hand settled."""
    if not isinstance(record, Record):
        if not isinstance(record, Mapping):
            raise ScorerError("bad_value", "a record is a JSON object", ())
        record = Record.build(**record)
    g = _Game(record)
    for i, a in enumerate(record.actions):
        try:
            g.play(i, a)
            if g.wins and g.wins[-1][0] == i:
                _score_last(g, i)
        except _Illegal as e:
            raise ScorerError(e.code, e.reason, ("actions", i, *e.sub)) from None
    return _answer(g)


def _context(g: _Game, seat: Wind, discarder: Wind | None, flags: Mapping[str, Any]) -> dict[str, Any]:
    fields = g.book.context_fields
    options = g.book.parse_options(g.record.options)
    out: dict[str, Any] = {"self_drawn": discarder is None, "seat_wind": seat.value,
                           "discarder": None if discarder is None else discarder.value}
    if "prevalent_wind" in fields:
        out["prevalent_wind"] = g.record.prevalent_wind.value
    for k in ("kong_replacement", "robbing_kong", "last_wall_tile", "last_copy", "heavenly_hand", "earthly_hand"):
        if k in flags and g.book.means(k, options):  # a field an option switches on only then (RULINGS S20)
            out[k] = flags[k]
    if "missing_suit" in fields:
        out["missing_suit"] = g.record.missing_suits[seat]
    if "out" in fields:
        out["out"] = [w.value for w in g.out if w is not seat]
    return out


def _score_last(g: _Game, i: int) -> None:
    _, seat, discarder, hand, flags = g.wins[-1]
    ctx_fields = _context(g, seat, discarder, flags)
    ctx = Context.build(base_points=g.record.base_points, **ctx_fields)
    try:
        result = score(hand, ctx, ruleset=g.record.ruleset, options=g.record.options)
    except ScorerError as e:
        raise _Illegal(f"the win cannot be scored: {e.message}", e.code) from None
    if not result.winning:
        raise _Illegal(f"{seat}'s hand {hand.notation()} is not complete: {result.reason}", NOT_WINNING)
    if not result.valid:
        raise _Illegal(f"{seat}'s hand {hand.notation()} is under the book's minimum: {result.reason or result.points}",
                       UNDER_MINIMUM)
    g.scored.append(WinReplay(i, seat, discarder, hand, ctx, {**ctx_fields, "flowers": hand.flowers}, result))


def _answer(g: _Game) -> Replay:
    wins = tuple(g.scored)
    zero = {w.value: 0 for w in SEATS}
    if g.rules.winners_leave:
        return _play_answer(g, wins)
    if wins:
        payouts = wins[0].result.payouts
        assert payouts is not None
        changes = {w.value: payouts[w.value] for w in SEATS}
    else:
        changes = zero
    return Replay(g.record, g.outcome, wins, changes, None, ())


def _play_answer(g: _Game, wins: tuple[WinReplay, ...]) -> Replay:
    """A hand of play settled whole by the book's settlement, from the replay's events."""
    zero = {w.value: 0 for w in SEATS}
    events = [_event_json(e) for e in g.events]
    body: dict[str, Any] = {"events": events, "base_points": g.record.base_points}
    if g.rules.missing_suit:
        body["missing_suits"] = {w.value: s for w, s in g.record.missing_suits.items()}
    if g.record.options:
        body["options"] = dict(g.record.options)
    if g.outcome == "draw" or (g.over and len(g.out) < 3):
        body["exhausted"] = {w.value: _holding(g, w) for w in SEATS if w not in g.out}
    if not events and "exhausted" not in body:
        return Replay(g.record, g.outcome, wins, zero, None, ())
    assert g.book.settlement is not None, f"{g.book.name}: winners leave, so the book settles a hand of play"
    try:
        settlement = g.book.settlement.of_body(body)
    except ScorerError as e:
        raise ScorerError(e.code, f"the hand of play cannot be settled: {e.message}", ("actions",)) from None
    totals = settlement.to_dict()["totals"]
    return Replay(g.record, g.outcome, wins, {w.value: totals[w.value] for w in SEATS}, settlement, tuple(events))


def _event_json(e: dict[str, Any]) -> dict[str, Any]:
    if "win" not in e:
        return e
    w = e["win"]
    out = {**w, "winners": [{**x, "hand": x["hand"].notation()} for x in w["winners"]]}
    for x in out["winners"]:
        if not x["context"]:
            del x["context"]
    return {"win": out}


def _holding(g: _Game, seat: Wind) -> dict[str, Any]:
    tiles = "".join(ALL_TILES[k].value * n for k, n in enumerate(g.held[seat]))
    return {"concealed": tiles, "melds": [{"tiles": "".join(t.value for t in m.tiles),
                                           **({"concealed": True} if m.concealed else {})} for m in g.melds[seat]]}
