"""The table of one hand of play, for any rule book: each seat's concealed tiles and melds, the
wall, the discard open to claims, whose turn it is. Every action is checked before it changes
anything, and the same checks, run over the actions that could come next, say which are legal
(``Table.legal``): the rules of legality are written once, here.

The first action that cannot have happened is an ``Illegal`` (``illegal_action`` unless a more
precise code fits, with the part of the action it is about). Each win's context — self-drawn or
the discarder, kong replacement, robbing the kong, last tile, last copy, seat and prevalent wind,
flowers, the players out where winners leave — is derived from what happened, and the win is
scored by ``scorer.score`` (the code behind ``POST /v1/score``) when it is made, or offered. The
table's rules are the book's (``RuleBook.play``, its hand size and tiles).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .. import decompose
from ..api import score
from ..context import Context
from ..errors import ILLEGAL_ACTION, NOT_WINNING, TOO_MANY_COPIES, UNDER_MINIMUM, Path, ScorerError
from ..flowers import Flower
from ..forms import (
    EIGHT_AND_A_HALF_PAIRS_FORM,
    HONORS_AND_KNITTED_FORM,
    KNITTED_STRAIGHT_FORM,
    REGULAR_FORM,
    SEVEN_PAIRS_FORM,
    THIRTEEN_ORPHANS_FORM,
)
from ..hand import MAX_FLOWERS, Hand, Meld, read_flowers
from ..result import Result
from ..rules import rulebook
from ..rules.playrules import SeatAtWin
from ..set_kind import MeldKind
from ..tiles import ALL_TILES, INDEX, IS_HONOR, SUIT, Tile, Wind
from .outcome import WinReplay
from .record import ACTIONS, Action, Record, action_dict

SEATS: Final = tuple(Wind)
# The shared context's flags of a win, as the table tells them (in this order, as answers list them).
_WIN_FLAGS: Final = ("kong_replacement", "robbing_kong", "last_wall_tile", "last_copy")
WALL_OF_FOUR: Final = 34  # Botzone's judge: each seat's own wall
SUIT_CODES: Final = "msp"  # scorer.tiles.SUIT's numbers: 0 characters, 1 bamboo, 2 dots
RANK: Final = {"chow": 1, "pung": 2, "kong": 2, "win": 3}  # claim priority: win over pung/kong over chow


def _next(seat: Wind, k: int = 1) -> Wind:
    return SEATS[(SEATS.index(seat) + k) % 4]


def _offset(by: Wind, of: Wind) -> int:
    """How far after ``of`` the seat ``by`` sits (1 = the next seat)."""
    return (SEATS.index(by) - SEATS.index(of)) % 4


class Illegal(Exception):
    """An action that cannot happen now: why, its problem code, and the part of the action at fault."""

    def __init__(self, reason: str, code: str = ILLEGAL_ACTION, sub: Path = ()) -> None:
        super().__init__(reason)
        self.reason, self.code, self.sub = reason, code, sub


@dataclass(frozen=True)
class Legal:
    """One action a seat may take now, in the record's action format. A draw's tile (without a
    record wall) and a flower's name are the wall's to say, not the seat's: left out, any that can
    still come fits. A win carries the total it scores; a claim on a discard or an added kong its
    priority (1 first; claims of equal priority all take effect, as every winner of one discard
    does in Sichuan)."""

    action: Action
    total: int | None = None
    priority: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out = action_dict(self.action)
        if self.total is not None:
            out["total"] = self.total
        if self.priority is not None:
            out["priority"] = self.priority
        return out


class Table:
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
        self.dealt_fourteen = len(record.deal[Wind.E]) == self.full + 1
        self.phase = "act" if self.dealt_fourteen else "draw"
        self.drawn: Tile | None = None  # the tile the turn seat just drew (self-drawn wins)
        self.replaced = False  # that draw was a kong's replacement
        self.kong_discard = False  # the open discard came right after its discarder's kong (杠上炮)
        self.claimed = False  # the turn seat just chowed or punged: it must discard
        self.discard: tuple[Wind, Tile] | None = None  # open to claims
        self.kong: tuple[Wind, Tile, str] | None = None  # awaiting its replacement draw (or robbing)
        self.won_on: list[Wind] = []  # winners on the open discard or kong (several, where all claimants win)
        self.passed: set[Wind] = set()  # seats that passed on the open discard or added kong
        options = self.options = self.book.parse_options(record.options)
        self.forms = self.book.forms_under(options)
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
        self.acted = 0  # actions taken
        self.enumerating = False  # legal() is asking: a draw's tile and a flower's name may be left out
        self.waits: dict[tuple[bytes, int], frozenset[int]] = {}  # standing tiles, sets to make: regular waits
        self.offered: tuple[int, tuple[Legal, ...]] | None = None  # legal() at an action count
        self.handlers: dict[str, Callable[[int, Action, bool], Any]] = {
            kind: getattr(self, "_" + kind) for kind in ACTIONS}  # each action kind's checks and play

    # --- the wall ---------------------------------------------------------------------------------
    def wall_empty_for(self, seat: Wind) -> bool:
        return self.left[seat] == 0 if self.four_walls else self.remaining == 0

    def drawable(self, seat: Wind, a: Action) -> Tile | None:
        """The tile ``seat`` would draw for ``a`` (None: any, while legal() asks without a wall)."""
        if self.wall_empty_for(seat):
            raise Illegal(f"{seat} draws from an empty wall")
        tile = a.tile
        if self.record.wall is not None:
            want = self.record.wall[self.wall_at]
            if tile is not None and tile is not want:
                raise Illegal(f"the wall's next tile is {want}, not {tile}", sub=("tile",))
            tile = want
        elif tile is None:
            if self.enumerating:
                return None
            raise Illegal("a draw names its tile (the record has no wall)", sub=("tile",))
        if self.seen[INDEX[tile]] >= 4:
            raise Illegal(f"a fifth {tile} is drawn", TOO_MANY_COPIES, ("tile",))
        return tile

    def take(self, seat: Wind, tile: Tile | None) -> Tile:
        assert tile is not None
        i = INDEX[tile]
        self.seen[i] += 1
        if self.record.wall is not None:
            self.wall_at += 1
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
    def act(self, a: Action, dry: bool = False) -> Result | None:
        """Check ``a`` and, unless ``dry``, play it; a win answers its score. Nothing changes when
        it is refused."""
        if self.over:
            raise Illegal(f"the hand is over ({self.outcome}); nothing follows")
        kind = a.action
        if kind != "wall_end" and a.seat in self.out:
            raise Illegal(f"{a.seat} has won and no longer plays", "player_out", ("seat",))
        result: Result | None = self.handlers[kind](self.acted, a, dry)
        if not dry:
            self.acted += 1
            if kind != "wall_end" and a.seat not in self.out:
                self._check_size(a.seat)
        return result

    def _check_size(self, seat: Wind) -> None:
        """Hand sizes after every action: 14 (kongs counting three; 17 in a 16-tile book) for the seat
        to discard, else 13 (16)."""
        size = sum(self.held[seat]) + 3 * len(self.melds[seat])
        want = self.full + 1 if self.phase == "act" and seat is self.turn else self.full
        if self.phase in ("replacement", "robbing", "flower") and seat is self.turn:
            want = self.full
        if size != want:  # a state the checks above should have refused: say so rather than go on
            raise Illegal(f"{seat} holds {size} tiles (kongs counting three) where {want} belong")

    def _expect_turn(self, a: Action, phase: str, what: str) -> None:
        if self.phase != phase or a.seat is not self.turn:
            raise Illegal(f"{a.seat} cannot {what} now: {self.whose()}", sub=("seat",))

    def whose(self) -> str:
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

    def _draw(self, i: int, a: Action, dry: bool) -> None:
        robbed = self.phase == "robbing" and bool(self.won_on)  # play goes on after the robbing win(s)
        if (self.phase not in ("draw", "claims") and not robbed) or a.seat is not self.turn:
            raise Illegal(f"{a.seat} cannot draw now: {self.whose()}", sub=("seat",))
        tile = self.drawable(a.seat, a)
        if dry:
            return
        self._close_discard()
        self.kong = None
        self.drawn = self.take(a.seat, tile)
        self.draws[a.seat] += 1
        self.replaced = False
        self.claimed = False
        self.phase = "act"

    def _flower(self, i: int, a: Action, dry: bool) -> None:
        if self.book.flowers == "none":
            raise Illegal(f"{self.book.title} is played without flowers", "not_in_ruleset", ("action",))
        if self.four_walls:
            raise Illegal("Botzone's four walls hold the 136 tiles without flowers", "not_in_ruleset", ("action",))
        if a.seat is not self.turn or self.phase not in ("draw", "claims", "replacement", "robbing", "flower"):
            raise Illegal(f"{a.seat} cannot draw a flower now: {self.whose()}", sub=("seat",))
        robbed = self.phase == "robbing" and bool(self.won_on)  # where winners leave
        if a.flower is None:
            if not self.enumerating:
                raise Illegal("a flower action names its flower", sub=("flower",))
        elif a.flower in self.flowers_seen:
            raise Illegal(f"{a.flower} is already out", "bad_flowers", ("flower",))
        if self.flower_count == MAX_FLOWERS:
            raise Illegal(f"there are {MAX_FLOWERS} flowers, and all are out", "bad_flowers", ("flower",))
        self._room_for_replacement(a.seat)
        if dry:
            return
        assert a.flower is not None
        self.flowers_seen.add(a.flower)
        self.flower_count += 1
        self.flowers[a.seat].append(a.flower)
        if self.phase in ("draw", "claims") or robbed:
            self._close_discard()
            self.after_kong = False
        elif self.phase in ("replacement", "robbing"):
            self.after_kong = True  # a kong's replacement was a flower: its replacement is still the kong's
        self._finish_kong()  # once the kong's maker draws, the kong can no longer be robbed
        self.phase = "flower"

    def _replacement(self, i: int, a: Action, dry: bool) -> None:
        if self.phase not in ("replacement", "robbing", "flower") or a.seat is not self.turn or self.won_on:
            raise Illegal(f"{a.seat} cannot draw a replacement now: {self.whose()}", sub=("seat",))
        tile = self.drawable(a.seat, a)
        if dry:
            return
        kong = self.phase != "flower" or self.after_kong or self.rules.flower_replacement_is_kong
        self._finish_kong()
        self.drawn = self.take(a.seat, tile)
        self.replaced = kong
        self.claimed = False
        self.phase = "act"

    def _discard(self, i: int, a: Action, dry: bool) -> None:
        self._expect_turn(a, "act", "discard")
        t = self._tile(a)
        if self.held[a.seat][INDEX[t]] == 0:
            raise Illegal(f"{a.seat} holds no {t} to discard", sub=("tile",))
        if self.rules.missing_suit:
            self._missing_first(a.seat, t)
        if dry:
            return
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
            raise Illegal(f"{seat} still holds its missing suit ({name}) and must discard it first",
                          "missing_suit_held", ("tile",))

    def _not_missing(self, seat: Wind, t: Tile, what: str, sub: Path = ()) -> None:
        """No pung or kong of one's missing suit (RULINGS T4), refused at the action."""
        if self.rules.missing_suit and SUIT_CODES[SUIT[INDEX[t]]] == self.record.missing_suits[seat]:
            raise Illegal(f"{seat} declared {self.record.missing_suits[seat]} missing: no {what} of {t}, which it "
                          "must discard", "bad_kong" if what == "kong" else "missing_suit_held", sub)

    def _claim(self, a: Action, what: str) -> tuple[Wind, Tile]:
        if self.phase != "claims" or self.discard is None:
            raise Illegal(f"there is no discard to {what}: {self.whose()}")
        d, t = self.discard
        if self.four_walls and what != "win" and self.left[_next(d)] == 0:  # Botzone's judge (RULINGS RP11)
            raise Illegal(f"no {what} once the wall of the seat after the discarder ({_next(d)}) is empty: "
                          "only a win may claim the discard")
        if a.seat is d:
            raise Illegal(f"{a.seat} cannot claim its own discard", sub=("seat",))
        if a.seat in self.passed:
            raise Illegal(f"{a.seat} passed on this discard", sub=("seat",))
        if self.won_on and what != "win":
            raise Illegal(f"{t} was won by {', '.join(map(str, self.won_on))}; a win comes before any {what}")
        if a.tile is not None and a.tile is not t:
            raise Illegal(f"the discard is {t}, not {a.tile}", sub=("tile",))
        self._check_outranked(a, d)
        return d, t

    def _check_outranked(self, a: Action, d: Wind) -> None:
        mine = RANK[a.action]
        for k, o in enumerate(a.outranked):
            at: Path = ("outranked", k)
            if o.seat is d or o.seat is a.seat or o.seat in self.out or o.seat in self.passed:
                raise Illegal(f"{o.seat} cannot have claimed this discard", sub=(*at, "seat"))
            if o.action == "chow" and o.seat is not self.next_in(d):
                raise Illegal(f"only the next seat after {d} could chow", sub=(*at, "seat"))
            theirs = RANK[o.action]
            if theirs > mine:
                raise Illegal(f"{o.seat}'s {o.action} outranks this {a.action} (win over pung and kong over chow)",
                              sub=(*at, "action"))
            if theirs == mine:
                if o.action != "win":
                    raise Illegal(f"two seats cannot both {o.action} one discard", sub=(*at, "action"))
                if self.rules.several_win_one_discard:
                    raise Illegal(f"in {self.book.title} every claimant of a winning discard wins (一炮多响)",
                                  sub=at)
                if _offset(o.seat, d) < _offset(a.seat, d):
                    raise Illegal(f"截和: {o.seat} sits nearer after the discarder {d} and takes the win", sub=at)

    def _close_discard(self) -> None:
        self.discard = None
        self.won_on = []
        self.passed.clear()

    def _pass(self, i: int, a: Action, dry: bool) -> None:
        """A seat that could claim the open discard (or rob the added kong) declines; it may not
        claim it after. The hand goes on as if it had not been asked."""
        if self.phase == "claims" and self.discard is not None:
            by, what = self.discard[0], "discard"
        elif self.phase == "robbing" and self.kong is not None:
            by, what = self.kong[0], "kong"
        else:
            raise Illegal(f"there is no discard or added kong to pass on: {self.whose()}")
        if a.seat is by:
            raise Illegal(f"{a.seat} cannot pass on its own {what}", sub=("seat",))
        if a.seat in self.passed:
            raise Illegal(f"{a.seat} has passed on this {what} already", sub=("seat",))
        if not self._claims(a.seat):
            raise Illegal(f"{a.seat} has no claim on this {what} to pass on", sub=("seat",))
        if not dry:
            self.passed.add(a.seat)

    def _chow(self, i: int, a: Action, dry: bool) -> None:
        if not self.book.chows:
            code = next((c for c, _ in self.book.errors if c.startswith("chow_")), "not_in_ruleset")
            raise Illegal(f"{self.book.title} has no chows", code, ("action",))
        d, t = self._claim(a, "chow")
        if a.seat is not self.next_in(d):
            raise Illegal(f"only the next seat after {d} may chow", sub=("seat",))
        idx = sorted(INDEX[x] for x in a.tiles)
        if len(idx) != 3 or IS_HONOR[idx[0]] or SUIT[idx[0]] != SUIT[idx[2]] or idx != list(range(idx[0], idx[0] + 3)):
            raise Illegal("a chow is three tiles in a row of one suit", sub=("tiles",))
        if INDEX[t] not in idx:
            raise Illegal(f"the chow {''.join(x.value for x in a.tiles)} does not hold the discard {t}",
                          sub=("tiles",))
        own = list(idx)
        own.remove(INDEX[t])
        h = self.held[a.seat]
        for k in own:
            if h[k] == 0 or (own.count(k) > h[k]):
                raise Illegal(f"{a.seat} holds no {ALL_TILES[k]} for the chow", sub=("tiles",))
        if dry:
            return
        for k in own:
            h[k] -= 1
        self.shown[INDEX[t]] -= 1
        for k in idx:
            self.shown[k] += 1
        self.melds[a.seat].append(Meld(MeldKind.CHOW, ALL_TILES[idx[0]], False, idx.index(INDEX[t]) + 1))
        self._claimed(a.seat)

    def _pung(self, i: int, a: Action, dry: bool) -> None:
        d, t = self._claim(a, "pung")
        k = INDEX[t]
        if self.held[a.seat][k] < 2:
            raise Illegal(f"{a.seat} holds {self.held[a.seat][k]} {t}, not the two a pung needs")
        self._not_missing(a.seat, t, "pung")
        if dry:
            return
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

    def _kong(self, i: int, a: Action, dry: bool) -> None:
        d, t = self._claim(a, "kong")
        k = INDEX[t]
        if self.held[a.seat][k] < 3:
            raise Illegal(f"{a.seat} holds {self.held[a.seat][k]} {t}, not the three an exposed kong needs")
        self._not_missing(a.seat, t, "kong")
        if not self.four_walls:  # the judge's walls: the maker's may be empty, and the game is drawn (RP11)
            self._room_for_replacement(a.seat)
        if dry:
            return
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
            raise Illegal("no kong straight after a chow or pung: the claimer discards", sub=("action",))
        t = self._tile(a)
        self._not_missing(a.seat, t, "kong", ("tile",))
        self._room_for_replacement(a.seat)
        if self.four_walls and self.left[_next(a.seat)] == 0:  # Botzone's judge (RULINGS RP11)
            raise Illegal(f"a concealed or added kong needs tiles in the next seat's wall too, and "
                          f"{_next(a.seat)}'s is empty")
        return t

    def _room_for_replacement(self, seat: Wind) -> None:
        if self.wall_empty_for(seat):
            raise Illegal("a kong needs a replacement tile, and the wall is empty" if not self.four_walls else
                          f"a kong needs a replacement tile, and {seat}'s wall is empty")

    def _concealed_kong(self, i: int, a: Action, dry: bool) -> None:
        t = self._own_kong(a, "declare a concealed kong")
        k = INDEX[t]
        if self.held[a.seat][k] < 4:
            raise Illegal(f"{a.seat} holds {self.held[a.seat][k]} {t}, not the four a concealed kong needs",
                          sub=("tile",))
        if dry:
            return
        self.held[a.seat][k] -= 4
        self.melds[a.seat].append(Meld(MeldKind.KONG, t, True))
        self.kong = (a.seat, t, "concealed")
        self.events.append({"kong": {"player": a.seat.value, "kind": "concealed", "tile": t.value}})
        self.phase, self.drawn = "replacement", None

    def _added_kong(self, i: int, a: Action, dry: bool) -> None:
        t = self._own_kong(a, "add to a pung")
        k = INDEX[t]
        ms = self.melds[a.seat]
        at = next((j for j, m in enumerate(ms) if m.kind is MeldKind.PUNG and m.tile is t), None)
        if at is None:
            raise Illegal(f"{a.seat} has no pung of {t} to add to", sub=("tile",))
        if self.held[a.seat][k] == 0:
            raise Illegal(f"{a.seat} holds no {t} to add", sub=("tile",))
        if dry:
            return
        self.held[a.seat][k] -= 1
        self.shown[k] += 1
        ms[at] = Meld(MeldKind.KONG, t, False, ms[at].claimed)
        self.kong = (a.seat, t, "added")
        self.events.append({"kong": {"player": a.seat.value, "kind": "added", "tile": t.value}})
        self.phase, self.drawn = "robbing", None

    def _finish_kong(self) -> None:
        self.kong = None
        self.passed.clear()

    def _tile(self, a: Action) -> Tile:
        if a.tile is None:
            raise Illegal(f"{a.action} names its tile", sub=("tile",))
        return a.tile

    def _wall_end(self, i: int, a: Action, dry: bool) -> None:
        to_draw = self.turn
        robbed = self.phase == "robbing" and bool(self.won_on)  # after the robbing win(s), where winners leave
        stranded = self.phase == "replacement" and self.four_walls  # an exposed kong's maker has an empty wall
        if self.phase not in ("draw", "claims") and not robbed and not stranded:
            raise Illegal(f"the wall ends only when a seat is to draw: {self.whose()}")
        if not self.wall_empty_for(to_draw):
            left = self.left[to_draw] if self.four_walls else self.remaining
            raise Illegal(f"the wall is not empty: {left} tile{'' if left == 1 else 's'} left for {to_draw}")
        if dry:
            return
        self._close_discard()
        self.over = True
        self.outcome = "draw" if not self.out else "over"

    # --- wins -------------------------------------------------------------------------------------
    def _win(self, i: int, a: Action, dry: bool) -> Result:
        seat = a.seat
        flags: dict[str, Any] = {}
        if self.phase == "act" and seat is self.turn:
            if self.claimed:
                raise Illegal("a chow or pung is followed by a discard, not a self-drawn win")
            if self.drawn is None:
                if self.dealt_fourteen and not self.events and not self.wins:
                    win_tile = self.record.deal[seat][-1]  # East's heavenly hand: its last dealt tile
                else:
                    raise Illegal(f"{seat} has drawn nothing to win on")
            else:
                win_tile = self.drawn
            if a.tile is not None and a.tile is not win_tile:
                raise Illegal(f"{seat} wins on {win_tile}, not {a.tile}", sub=("tile",))
            discarder: Wind | None = None
            concealed = list(self.held[seat])
            concealed[INDEX[win_tile]] -= 1
            flags |= {"kong_replacement": self.replaced, "last_wall_tile": self.last_tile(seat)}
            first = not self.replaced and not self.melds[seat] and not flags["last_wall_tile"]
            dealt_first = 1 if len(self.record.deal[seat]) == self.full else 0
            first_action = i == dealt_first
            robbing = False
        elif self.phase == "claims":
            discarder, win_tile = self._claim(a, "win")
            if self.won_on and not self.rules.several_win_one_discard:
                raise Illegal("截和: on one discard only the seat nearest after the discarder wins")
            concealed = list(self.held[seat])
            flags |= {"kong_replacement": False, "last_wall_tile": self.last_tile(discarder)}
            robbing = first = first_action = False
        elif self.phase == "robbing" and self.kong is not None:
            maker, win_tile, _ = self.kong
            if seat is maker:
                raise Illegal(f"{seat} cannot rob its own kong", sub=("seat",))
            if seat in self.passed:
                raise Illegal(f"{seat} passed on this kong", sub=("seat",))
            if self.won_on and not self.rules.several_win_one_discard:
                raise Illegal("截和: only the seat nearest after the kong's maker robs it")
            if a.tile is not None and a.tile is not win_tile:
                raise Illegal(f"the kong's tile is {win_tile}, not {a.tile}", sub=("tile",))
            self._check_outranked(a, maker)
            discarder = maker
            concealed = list(self.held[seat])
            flags |= {"kong_replacement": False, "last_wall_tile": self.last_tile(maker)}
            robbing = True
            first = first_action = False
        else:
            if self.phase == "replacement":
                raise Illegal("only an added kong can be robbed; a concealed or exposed kong waits for its "
                              "replacement draw")
            raise Illegal(f"{seat} cannot win now: {self.whose()}", sub=("seat",))
        if not self.completes(seat, concealed, INDEX[win_tile]):
            hand = self._hand(seat, concealed, win_tile)
            raise Illegal(f"{seat}'s hand {hand.notation()} is not complete", NOT_WINNING)
        hand = self._hand(seat, concealed, win_tile)
        shown = self.shown[INDEX[win_tile]] - (0 if discarder is None or robbing else 1)
        if robbing:
            shown -= 1  # the robbed tile itself
        flags |= {"robbing_kong": robbing, "last_copy": shown >= 3}
        own = self.rules.own_context(SeatAtWin(  # the book's own fields (RULINGS S16: 天胡, 地胡)
            seat, discarder is None, first, first_action, self.draws[seat], self.record.missing_suits.get(seat),
            tuple(w for w in self.out if w is not seat)))
        flags |= own
        fields = self._context(seat, discarder, flags, own)
        ctx = Context.build(base_points=self.record.base_points, **fields)
        try:
            result = score(hand, ctx, ruleset=self.record.ruleset, options=self.record.options)
        except ScorerError as e:
            raise Illegal(f"the win cannot be scored: {e.message}", e.code) from None
        if not result.winning:
            raise Illegal(f"{seat}'s hand {hand.notation()} is not complete: {result.reason}", NOT_WINNING)
        if not result.valid:
            raise Illegal(f"{seat}'s hand {hand.notation()} is under the book's minimum: "
                          f"{result.reason or result.points}", UNDER_MINIMUM)
        if dry:
            return result
        self.wins.append((i, seat, discarder, hand, flags))
        self.scored.append(WinReplay(i, seat, discarder, hand, ctx, {**fields, "flowers": hand.flowers}, result))
        self._settle_win(seat, discarder, hand, flags, robbing, win_tile)
        return result

    def completes(self, seat: Wind, standing: Sequence[int], k: int) -> bool:
        """Whether tile ``k`` completes the seat's standing tiles beside its melds in one of the
        book's forms: a win is scored only then. The regular form's waits (and seven pairs') are
        worked out once per holding; the special forms are asked of the whole hand."""
        melds = len(self.melds[seat])
        need = self.book.sets - melds
        key = (bytes(standing), need)
        waits = self.waits.get(key)
        if waits is None:
            waits = self.waits[key] = decompose.waits(tuple(standing), need) if REGULAR_FORM in self.forms \
                else frozenset()
        if k in waits:
            return True
        if melds > 1 or len(self.forms) == 1:
            return False
        whole = list(standing)
        whole[k] += 1
        counts = tuple(whole)
        for form in self.forms:
            if form is KNITTED_STRAIGHT_FORM:
                if decompose.knitted_straight(counts, need - 3) is not None:
                    return True
            elif melds:
                continue
            elif form is SEVEN_PAIRS_FORM:
                if decompose.is_seven_pairs(counts):
                    return True
            elif form is THIRTEEN_ORPHANS_FORM:
                if decompose.is_thirteen_orphans(counts):
                    return True
            elif form is HONORS_AND_KNITTED_FORM:
                if decompose.honors_and_knitted(counts) is not None:
                    return True
            elif form is EIGHT_AND_A_HALF_PAIRS_FORM:  # seven pairs and a triplet (four alike: two pairs)
                if all(n != 1 for n in counts) and sum(n == 3 for n in counts) == 1 and sum(counts) == 17:
                    return True
        return False

    def _context(self, seat: Wind, discarder: Wind | None, flags: dict[str, Any],
                 own: Mapping[str, object]) -> dict[str, Any]:
        """The win's context, as ``POST /v1/score`` takes it: only the fields the book reads."""
        fields = self.book.context_fields
        out: dict[str, Any] = {"self_drawn": discarder is None, "seat_wind": seat.value,
                               "discarder": None if discarder is None else discarder.value}
        if "prevalent_wind" in fields:
            out["prevalent_wind"] = self.record.prevalent_wind.value
        for k in _WIN_FLAGS:
            if k in flags and self.book.means(k, self.options):  # a field an option switches on only then (S20)
                out[k] = flags[k]
        for k, v in own.items():  # the book's own fields (``PlayRules.own_context``), where they mean something
            if self.book.means(k, self.options):
                out[k] = v
        return out

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

    def _settle_win(self, seat: Wind, discarder: Wind | None, hand: Hand, flags: dict[str, Any],
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

    # --- what may come next -------------------------------------------------------------------------
    def legal(self) -> tuple[Legal, ...]:
        """Every action that may come next, East's first: the candidates the table's state allows,
        each run through the same checks as ``act`` (``dry``)."""
        if self.over:
            return ()
        if self.offered is not None and self.offered[0] == self.acted:
            return self.offered[1]
        self.enumerating = True
        try:
            per_seat = self._candidates()
        finally:
            self.enumerating = False
        listed: list[Legal] = []
        for w in (*SEATS, None):
            mine = per_seat.get(w)
            if mine:
                listed.extend(mine)
        out = tuple(listed)
        self.offered = (self.acted, out)
        return out

    def _ok(self, a: Action) -> bool:
        """``a`` passes ``act``'s checks (its own handler's: the hand is not over, and legal()
        asks only seats still playing)."""
        try:
            self.handlers[a.action](self.acted, a, True)
        except Illegal:
            return False
        return True

    def _candidates(self) -> dict[Wind | None, tuple[Legal, ...]]:
        turn, phase = self.turn, self.phase
        if phase == "act":
            return {turn: tuple(self._own_turn(turn))}
        per_seat: dict[Wind | None, tuple[Legal, ...]] = {}
        if phase == "claims" or phase == "robbing":
            claims: list[Legal] = []
            for seat in SEATS:
                if seat not in self.out and seat not in self.passed:
                    mine = self._claims(seat)
                    if mine:
                        claims.extend(mine)
            ranked = self._rank(claims)
            for seat in SEATS:
                mine = [x for x in ranked if x.action.seat is seat]
                if mine:
                    per_seat[seat] = (*mine, _plain(seat, "pass"))
        draws = ("draw",) if phase in ("draw", "claims") else ("replacement",) if phase in ("replacement", "flower") \
            else ("replacement", "draw")  # robbing: the kong's replacement, or after robbing wins the next draw
        mine = []
        if not self.wall_empty_for(turn):
            wall = self.record.wall
            tile = None if wall is None else wall[self.wall_at]  # the tile, where the record's wall says it
            for kind in draws:
                a = _plain(turn, kind, tile)
                if self._ok(a.action):
                    mine.append(a)
            if self.book.flowers != "none" and not self.four_walls:
                a = _plain(turn, "flower")
                if self._ok(a.action):
                    mine.append(a)
        elif phase != "flower":
            a = _plain(Wind.E, "wall_end")
            if self._ok(a.action):
                per_seat[None] = (a,)
        if mine:
            per_seat[turn] = (*per_seat.get(turn, ()), *mine)
        return per_seat

    def _own_turn(self, turn: Wind) -> list[Legal]:
        """The turn seat's discards, kongs and self-drawn win."""
        found: list[Legal] = []
        h = self.held[turn]
        discard, i = self._discard, self.acted
        for k in range(34):
            if h[k]:
                a = _plain(turn, "discard", ALL_TILES[k])
                try:
                    discard(i, a.action, True)
                except Illegal:
                    continue
                found.append(a)
        if self.claimed:
            return found
        for k in range(34):
            if h[k] == 4:
                a = _plain(turn, "concealed_kong", ALL_TILES[k])
                if self._ok(a.action):
                    found.append(a)
        for m in self.melds[turn]:
            if m.kind is MeldKind.PUNG and h[INDEX[m.tile]]:
                a = _plain(turn, "added_kong", m.tile)
                if self._ok(a.action):
                    found.append(a)
        tile = self.drawn if self.drawn is not None else (
            self.record.deal[turn][-1] if self.dealt_fourteen and not self.events and not self.wins else None)
        if tile is not None:
            standing = list(h)
            standing[INDEX[tile]] -= 1
            if self.completes(turn, standing, INDEX[tile]):
                self._win_offered(Action(turn, "win", tile), found)
        return found

    def _claims(self, seat: Wind) -> list[Legal]:
        """What ``seat`` may claim of the open discard (or the added kong it may rob), pass aside."""
        found: list[Legal] = []
        if self.phase == "robbing":
            if self.kong is None or seat is self.kong[0]:
                return found
            t = self.kong[1]
            if self.completes(seat, self.held[seat], INDEX[t]):
                self._win_offered(Action(seat, "win", t), found)
            return found
        if self.phase != "claims" or self.discard is None or seat is self.discard[0]:
            return found
        d, t = self.discard
        k = INDEX[t]
        if self.completes(seat, self.held[seat], k):
            self._win_offered(Action(seat, "win", t), found)
        if self.won_on:
            return found
        h = self.held[seat]
        if h[k] >= 3:
            a = _plain(seat, "kong", t)
            if self._ok(a.action):
                found.append(a)
        if h[k] >= 2:
            a = _plain(seat, "pung", t)
            if self._ok(a.action):
                found.append(a)
        if self.book.chows and seat is self.next_in(d) and not IS_HONOR[k]:
            rank = k % 9
            for low in range(max(0, rank - 2), min(rank, 6) + 1):
                run = [k - rank + low + j for j in range(3)]
                if all(h[x] for x in run if x != k):
                    c = Action(seat, "chow", tiles=tuple(ALL_TILES[x] for x in run))
                    if self._ok(c):
                        found.append(Legal(c))
        return found

    def _win_offered(self, a: Action, found: list[Legal]) -> None:
        try:
            result = self._win(self.acted, a, True)
        except Illegal:
            return
        found.append(Legal(a, result.total))

    def _rank(self, claims: list[Legal]) -> list[Legal]:
        """Each claim with its priority: wins first (the seat nearest after the discarder, unless
        every claimant wins), then a pung or kong, then a chow."""
        if not claims:
            return claims
        by = self.discard[0] if self.phase == "claims" and self.discard is not None else \
            self.kong[0] if self.kong is not None else self.turn
        several = self.rules.several_win_one_discard

        def key(x: Legal) -> tuple[int, int]:
            a = x.action
            return (-RANK[a.action], 0 if a.action != "win" or several else _offset(a.seat, by))

        tiers = sorted({key(x) for x in claims})
        return [Legal(x.action, x.total, tiers.index(key(x)) + 1) for x in claims]



_PLAIN: dict[tuple[Wind, str, Tile | None], Legal] = {}


def _plain(seat: Wind, kind: str, tile: Tile | None = None) -> Legal:
    """The legal entry of an action of a seat, a kind and at most a tile: values, made once."""
    key = (seat, kind, tile)
    x = _PLAIN.get(key)
    if x is None:
        x = _PLAIN[key] = Legal(Action(seat, kind, tile))
    return x
