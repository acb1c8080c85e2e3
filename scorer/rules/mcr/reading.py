"""Reading a room: ``build_room`` makes one from JSON-like parts (its players and hands read by
``read_player`` and ``read_entry``; a full hand as POST /v1/score takes it) and checks it; a name as
it shows (``normal_name``); the checks that refuse a room that means nothing (``check_room``: four
players with distinct names that show, beans, base points and length in range, no hand past the
length or after a leave, a win by known players with a hand or its points), each a ``ScorerError``
at its field (``/hands/3/win/discarder``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, TypeVar

from ...context import MAX_BASE_POINTS, Context
from ...errors import (
    BAD_BASE_POINTS,
    BAD_BEANS,
    BAD_CLAIM,
    BAD_POINTS,
    BAD_ROOM_LENGTH,
    BAD_VALUE,
    DUPLICATE_PLAYER,
    HAND_AFTER_LEAVE,
    TOO_MANY_HANDS,
    UNDER_MINIMUM,
    UNKNOWN_PLAYER,
    Path,
    ScorerError,
)
from ...hand import MAX_FLOWERS, Hand
from ...names import check_name, normal_name
from ...shape import Declared, fields_of, listed, read_object, requiring, within
from ..book import parse_options
from .fans import MIN_POINTS
from .options import PRESETS, McrOptions
from .room import (
    EVENT_FLAGS,
    LENGTHS,
    MAX_BEANS,
    MAX_POINTS,
    ROOM_HAND_FIELDS,
    SEATS,
    WIN_FIELDS,
    Draw,
    Entry,
    Leave,
    Player,
    Room,
    Win,
)


# --- checks -------------------------------------------------------------------------------------
def check_room(room: Room) -> None:
    """Refuse a room that means nothing, at the field that says so (``build_room`` calls it)."""
    parse_options(McrOptions, room.options, "mcr", PRESETS)  # an unknown option or value: at /options/<name>
    if not isinstance(room.players, tuple) or len(room.players) != SEATS:
        got = len(room.players) if isinstance(room.players, Sequence) else room.players
        raise ScorerError(BAD_VALUE, f"a room has exactly {SEATS} players, got {got!r}", ("players",))
    seen: dict[str, int] = {}
    alike: dict[str, int] = {}  # by normal form: "é" typed two ways is one name
    for i, p in enumerate(room.players):
        _check_player(p, ("players", i))
        same = alike.get(normal_name(p.name))
        if same is not None:
            raise ScorerError(
                DUPLICATE_PLAYER, f"player name {p.name!r} is already player {same}", ("players", i, "name"),
            )
        seen[p.name] = alike[normal_name(p.name)] = i
    bp = room.base_points
    if isinstance(bp, bool) or not isinstance(bp, int) or not 1 <= bp <= MAX_BASE_POINTS:
        raise ScorerError(
            BAD_BASE_POINTS, f"base_points must be a whole number from 1 to {MAX_BASE_POINTS}, got {bp!r}",
            ("base_points",),
        )
    if room.length not in LENGTHS or isinstance(room.length, bool):
        raise ScorerError(
            BAD_ROOM_LENGTH, f"length must be 1 (one hand), 4 (an East round) or 16 (a full game), got {room.length!r}",
            ("length",),
        )
    if room.seat_swap is not True and room.seat_swap is not False:
        raise ScorerError(BAD_VALUE, f"seat_swap must be true or false, got {room.seat_swap!r}", ("seat_swap",))
    if not isinstance(room.hands, tuple):
        raise ScorerError(BAD_VALUE, "hands must be a list", ("hands",))
    for i, entry in enumerate(room.hands):
        at: Path = ("hands", i)
        if i >= room.length:
            raise ScorerError(
                TOO_MANY_HANDS, f"a room of {room.length} hand{'s' if room.length > 1 else ''} has no hand {i + 1}", at,
            )
        if i and isinstance(room.hands[i - 1], Leave):
            raise ScorerError(HAND_AFTER_LEAVE, f"hand {i} was a leave, which ends the room", at)
        if isinstance(entry, Win):
            _check_win(entry, seen, (*at, "win"))
        elif isinstance(entry, Leave):
            _known(entry.player, seen, (*at, "leave", "player"))
        elif not isinstance(entry, Draw):
            raise ScorerError(BAD_VALUE, "a hand is a win, a draw or a leave", at)


def _check_player(p: Player, at: Path) -> None:
    if not isinstance(p, Player):
        raise ScorerError(BAD_VALUE, "a player is an object with name and beans", at)
    check_name(p.name, (*at, "name"))
    if isinstance(p.beans, bool) or not isinstance(p.beans, int) or not 0 <= p.beans <= MAX_BEANS:
        raise ScorerError(BAD_BEANS, f"beans must be a whole number from 0 to {MAX_BEANS}, got {p.beans!r}",
                          (*at, "beans"))


def _known(name: object, players: Mapping[str, int], at: Path) -> None:
    if not isinstance(name, str):
        raise ScorerError(BAD_VALUE, f"a player is named by a string, got {name!r}", at)
    if name not in players:
        raise ScorerError(UNKNOWN_PLAYER, f"no player named {name!r} in this room (players: {', '.join(players)})", at)


def _check_win(win: Win, players: Mapping[str, int], at: Path) -> None:
    if not isinstance(win.claimants, tuple) or not win.claimants:
        raise ScorerError(BAD_CLAIM, "a win names its winner (or a list of claimants of one discard)", (*at, "winner"))
    many = len(win.claimants) > 1
    for k, c in enumerate(win.claimants):
        _known(c, players, (*at, "winner", k) if many else (*at, "winner"))
        if c in win.claimants[:k]:
            raise ScorerError(BAD_CLAIM, f"{c!r} is named twice among the claimants", (*at, "winner", k))
    if win.discarder is not None:
        _known(win.discarder, players, (*at, "discarder"))
        if win.discarder in win.claimants:
            raise ScorerError(BAD_CLAIM, f"{win.discarder!r} cannot win on their own discard", (*at, "discarder"))
    elif many:
        raise ScorerError(BAD_CLAIM, "several claimants need a discard to claim; a self-drawn win has one winner",
                          (*at, "winner"))
    for f in EVENT_FLAGS:
        v = getattr(win, f)
        if v is not True and v is not False:
            raise ScorerError(BAD_VALUE, f"{f} must be true or false, got {v!r}", (*at, "context", f))
    if win.hand is not None:
        if win.points is not None:
            raise ScorerError(BAD_VALUE, "give either a full hand or its points, not both", (*at, "points"))
        if win.flowers:
            raise ScorerError(BAD_VALUE, "with a full hand, flowers go in the hand", (*at, "flowers"))
        if not isinstance(win.hand, Hand):
            raise ScorerError(BAD_VALUE, "hand must be a Hand", (*at, "hand"))
        from .book import BOOK  # the book imports this module

        BOOK.check_size(win.hand.sets, (*at, "hand"))  # a 16-tile hand named by its size, as POST /v1/score names it
        return
    if win.points is None:
        raise ScorerError(BAD_VALUE, "a win needs a full hand to score or its points", at)
    if any(getattr(win, f) for f in EVENT_FLAGS):
        raise ScorerError(BAD_VALUE, "a context only goes with a full hand to score", (*at, "context"))
    p = win.points
    if isinstance(p, bool) or not isinstance(p, int) or p > MAX_POINTS:
        raise ScorerError(BAD_POINTS, f"points must be a whole number from {MIN_POINTS} to {MAX_POINTS}, got {p!r}",
                          (*at, "points"))
    if p < MIN_POINTS:
        raise ScorerError(UNDER_MINIMUM, f"a win needs {MIN_POINTS} points without flowers, got {p}", (*at, "points"))
    fl = win.flowers
    if isinstance(fl, bool) or not isinstance(fl, int) or not 0 <= fl <= MAX_FLOWERS:
        raise ScorerError(BAD_VALUE, f"flowers must be a whole number from 0 to {MAX_FLOWERS}, got {fl!r}",
                          (*at, "flowers"))


# --- building from JSON-like parts --------------------------------------------------------------
T = TypeVar("T")


def build_room(
    players: Sequence[Mapping[str, Any] | Player],
    length: int,
    hands: Sequence[Mapping[str, Any] | Entry] = (),
    base_points: int = 1,
    seat_swap: bool = False,
    options: Mapping[str, Any] | None = None,
) -> Room:
    """A checked room from JSON-like parts (``POST /v1/match``'s body); every error names its field
    as a path into them."""
    room = Room(
        players=listed(players, ("players",), read_player),
        length=length,
        hands=listed(hands, ("hands",), read_entry),
        base_points=base_points,
        seat_swap=seat_swap,
        options=options,
    )
    check_room(room)
    return room


_PLAYER = Declared.of(fields_of(Player))
_ENTRY = Declared.of(ROOM_HAND_FIELDS)
_DRAW = Declared.of(fields_of(Draw))
_LEAVE = Declared.of(fields_of(Leave))
_WIN = Declared.of(WIN_FIELDS)
_CONTEXT = Declared.of(fields_of(Context))
_HAND = Declared.of(requiring(fields_of(Hand), "winning_tile"))  # a room's wins take a tile
_CONTEXT_FROM_ROOM = _CONTEXT.names - frozenset(EVENT_FLAGS)
_NO_CONTEXT: Mapping[str, Any] = MappingProxyType({})


def read_player(value: object, at: Path) -> Player:
    if isinstance(value, Player):
        return value
    v = read_object(value, at, _PLAYER)
    return Player(normal_name(v["name"]), v["beans"])


def read_entry(value: object, at: Path) -> Entry:
    if isinstance(value, Win | Draw | Leave):
        return value
    v = read_object(value, at, _ENTRY)
    if len(v) != 1:
        raise ScorerError(BAD_VALUE, "a hand is exactly one of win, draw or leave", at)
    ((kind, body),) = v.items()
    if kind == "draw":
        read_object(body, (*at, "draw"), _DRAW)
        return Draw()
    if kind == "leave":
        leave = read_object(body, (*at, "leave"), _LEAVE)
        return Leave(normal_name(leave["player"]))
    return _win(body, (*at, "win"))


def _win(value: object, at: Path) -> Win:
    v = read_object(value, at, _WIN)
    winner = v["winner"]
    if isinstance(winner, Sequence) and not isinstance(winner, str):
        claimants = tuple(map(normal_name, winner))
    else:
        claimants = (normal_name(winner),)
    context = read_object(v.get("context", _NO_CONTEXT), (*at, "context"), _CONTEXT)
    for k in context:
        if k in _CONTEXT_FROM_ROOM:
            raise ScorerError(
                BAD_VALUE, f"{k} comes from the room (seats, the winner, the discarder, base points), not the win",
                (*at, "context", k),
            )
    hand: Hand | None = None
    if "hand" in v:
        with within(at):
            hand = _hand(v["hand"])
    return Win(
        claimants=claimants, discarder=normal_name(v["discarder"]), hand=hand, points=v.get("points"),
        flowers=v.get("flowers", 0),
        **{f: context.get(f, False) for f in EVENT_FLAGS},
    )


def _hand(value: object) -> Hand:
    """A hand as /v1/score takes it: an object of parts or the reference notation."""
    if isinstance(value, str):
        return Hand.parse(value)
    v = read_object(value, ("hand",), _HAND)
    return Hand.build(**v)
