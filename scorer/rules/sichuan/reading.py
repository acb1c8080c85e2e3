"""Reading a Sichuan hand of play: ``build_play`` makes one from a JSON body (a hand or a final
holding as POST /v1/score takes it) and checks it with the checks that refuse a hand of play that
cannot have happened (``check_play``: too many copies of a tile, a kong not shown later, a win after
the wall's last tile, a hand that does not win), each a ``ScorerError`` pointing into the body
(``/events/3/win/winners/0/hand``).
"""


from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from ...context import MAX_BASE_POINTS
from ...errors import (
    BAD_BASE_POINTS,
    BAD_CLAIM,
    BAD_EXHAUSTED,
    BAD_KONG,
    BAD_MELD,
    BAD_ROBBING,
    BAD_VALUE,
    BAD_WIND,
    CONTRADICTORY_CONTEXT,
    HAND_OVER,
    NOT_IN_RULESET,
    PLAYER_OUT,
    TILE_COUNT,
    TOO_MANY_COPIES,
    TOO_MANY_WINNERS,
    UNKNOWN_TILE,
    Path,
    ScorerError,
)
from ...hand import Hand, Meld, build_melds
from ...holding import Holding
from ...set_kind import MeldKind
from ...shape import Declared, fields_of, requiring
from ...shape import listed as _listed
from ...shape import read_object as _object
from ...shape import within as _within
from ...tiles import ALL_TILES, BY_CODE, INDEX, IS_HONOR, NUM_TILES, SUIT, Tile, Wind
from ..book import parse_options
from .options import PRESETS, SichuanOptions
from .play import (
    EVENT_FIELDS,
    EXHAUSTED_FIELDS,
    KONG_KINDS,
    MAX_EVENTS,
    MAX_WINNERS,
    MISSING_SUITS_FIELDS,
    SEATS,
    WIN_FIELDS,
    WINNER_FIELDS,
    Event,
    Kong,
    Play,
    Win,
    Winner,
)
from .scoring import SUIT_INDEX, check_hand, check_tiles
from .settlement import score_win, xueliu


# --- checks: a hand of play that could have happened --------------------------------------------
class _Copies:
    """Copies of each tile across the request: per seat the most that seat is shown to hold (its
    final hand, four for each kong, three for a robbed one); one discard won by several players is
    one tile."""

    def __init__(self) -> None:
        self.seat: dict[Wind, list[int]] = {w: [0] * NUM_TILES for w in SEATS}
        self.total = [0] * NUM_TILES

    def add(self, seat: Wind, counts: Sequence[int], at: Path) -> None:
        mine = self.seat[seat]
        for i, c in enumerate(counts):
            if c > mine[i]:
                self.total[i] += c - mine[i]
                mine[i] = c
                if self.total[i] > 4:
                    raise ScorerError(TOO_MANY_COPIES, f"{self.total[i]} copies of {ALL_TILES[i].value} across the "
                                      "hands and kongs of this hand of play; there are only 4", at)


class _Table:
    """What the events so far have put on the table: the copies of each tile, each seat's kongs in
    order (with the event that made each, and whether it was robbed), and the event that took the
    wall's last tile (after it nothing more is drawn, so nothing more happens)."""

    def __init__(self) -> None:
        self.copies = _Copies()
        self.kongs: dict[Wind, list[tuple[Kong, int, bool]]] = {w: [] for w in SEATS}
        self.last_tile: int | None = None

    def check_open(self, i: int) -> None:
        """Event ``i`` can still happen: the wall's last tile has not been taken (海底)."""
        if self.last_tile is not None:
            raise ScorerError(HAND_OVER, f"event {self.last_tile} took the wall's last tile (last_wall_tile): nothing "
                              "is drawn after it, so no kong (没有补牌可摸时不能开杠) and no other win follows",
                              ("events", i))

    def check_kongs_shown(self, seat: Wind, melds: Sequence[Meld], at: Path) -> None:
        """RULINGS T13: every kong ``seat`` declared (and was not robbed of) is among the melds of
        its later hand or holding, of its kind (a concealed kong concealed, an exposed or added one
        exposed). A kong shown that no event declared is accepted: it scores, but moves no money."""
        shown = {m.tile: m.concealed for m in melds if m.kind is MeldKind.KONG}
        for k, j, robbed in self.kongs[seat]:
            if robbed:
                continue
            concealed = k.kind == "concealed"
            if k.tile not in shown:
                raise ScorerError(BAD_KONG, f"{seat} made a {k.kind} kong of {k.tile.value} at event {j}: a kong stays "
                                  "declared, but it is not among the melds here", at)
            if shown[k.tile] is not concealed:
                raise ScorerError(BAD_KONG, f"{seat}'s kong of {k.tile.value} at event {j} is {k.kind}, shown here as "
                                  f"{'exposed' if concealed else 'concealed'}", at)


def _one(i: int, n: int) -> list[int]:
    c = [0] * NUM_TILES
    c[i] = n
    return c


def check_play(play: Play) -> None:
    """Refuse a hand of play that cannot have happened, at the field that says so."""
    _check_missing_suits(play.missing_suits)
    bp = play.base_points
    if isinstance(bp, bool) or not isinstance(bp, int) or not 1 <= bp <= MAX_BASE_POINTS:
        raise ScorerError(BAD_BASE_POINTS, f"base_points must be a whole number from 1 to {MAX_BASE_POINTS}, "
                          f"got {bp!r}", ("base_points",))
    if not isinstance(play.options, SichuanOptions):
        raise ScorerError(BAD_VALUE, "options must be SichuanOptions", ("options",))
    if not isinstance(play.events, tuple):
        raise ScorerError(BAD_VALUE, "events must be a list", ("events",))
    if len(play.events) > MAX_EVENTS:
        raise ScorerError(BAD_VALUE, f"at most {MAX_EVENTS} events", ("events",))
    won: list[Wind] = []  # the players out: in 血流成河 nobody is (T20)
    ever: list[Wind] = []  # the players who have won
    table = _Table()
    stays = xueliu(play)
    for i, e in enumerate(play.events):
        if isinstance(e, Kong):
            _check_kong(play, e, i, won, table)
        elif isinstance(e, Win):
            _check_win(play, e, i, won, table)
            score_win(play, e, i, tuple(won))
            ever += [w.player for w in e.winners if w.player not in ever]
            if not stays:
                won += [w.player for w in e.winners]
        else:
            raise ScorerError(BAD_VALUE, "an event is a kong or a win", ("events", i))
    _check_exhausted(play, ever, table, stays)


def _check_missing_suits(suits: Mapping[Wind, str]) -> None:
    for w in SEATS:
        s = suits.get(w)
        if s not in SUIT_INDEX:
            raise ScorerError(BAD_VALUE, f"{w}'s missing suit must be one of m, p, s, got {s!r}", ("missing_suits", w))
    for w in suits:
        if w not in SEATS:
            raise ScorerError(BAD_WIND, f"seats are E S W N, got {w!r}", ("missing_suits", str(w)))


def _check_seat(value: object, at: Path) -> None:
    if not isinstance(value, Wind):
        raise ScorerError(BAD_WIND, f"a seat is one of E S W N, got {value!r}", at)


def _check_kong(play: Play, e: Kong, i: int, won: list[Wind], table: _Table) -> None:
    at: Path = ("events", i, "kong")
    if len(won) >= MAX_WINNERS:
        raise ScorerError(HAND_OVER, f"the hand is over once {MAX_WINNERS} players have won", ("events", i))
    table.check_open(i)
    _check_seat(e.player, (*at, "player"))
    if e.player in won:
        raise ScorerError(PLAYER_OUT, f"{e.player} has already won and plays no more", (*at, "player"))
    if e.kind not in KONG_KINDS:
        raise ScorerError(BAD_KONG, f"kind must be one of {', '.join(KONG_KINDS)}, got {e.kind!r}", (*at, "kind"))
    if not isinstance(e.tile, Tile) or IS_HONOR[INDEX[e.tile]]:
        got = e.tile.value if isinstance(e.tile, Tile) else repr(e.tile)  # a tile as its notation: E, not Tile('E')
        raise ScorerError(UNKNOWN_TILE, f"a kong's tile is one of the 108 suited tiles, got {got}", (*at, "tile"))
    if SUIT[INDEX[e.tile]] == SUIT_INDEX[play.missing_suits[e.player]]:
        raise ScorerError(BAD_KONG, f"{e.player} declared {e.tile.value[1]} missing and cannot kong it",
                          (*at, "tile"))
    if e.kind == "exposed":
        if e.discarder is None:
            raise ScorerError(BAD_KONG, "an exposed kong is made on a discard: name its discarder", (*at, "discarder"))
        _check_seat(e.discarder, (*at, "discarder"))
        if e.discarder == e.player:
            raise ScorerError(BAD_KONG, "an exposed kong is made on another player's discard", (*at, "discarder"))
        if e.discarder in won:
            raise ScorerError(PLAYER_OUT, f"{e.discarder} has already won and discards no more", (*at, "discarder"))
    elif e.discarder is not None:
        raise ScorerError(BAD_KONG, f"an {e.kind} kong has no discarder", (*at, "discarder"))
    mine = table.kongs[e.player]
    for k, j, _ in mine:
        if k.tile is e.tile:
            raise ScorerError(BAD_KONG, f"{e.player} already made a kong of {e.tile.value} at event {j}: there are "
                              "only four of each tile", (*at, "tile"))
    if len(mine) >= 4:
        raise ScorerError(BAD_KONG, f"{e.player} has made four kongs already: a hand holds four sets and a pair",
                          ("events", i))
    nxt = play.events[i + 1] if i + 1 < len(play.events) else None
    robbed = isinstance(nxt, Win) and nxt.robbing_kong
    mine.append((e, i, robbed))
    table.copies.add(e.player, _one(INDEX[e.tile], 3 if robbed else 4), (*at, "tile"))


def _check_win(play: Play, e: Win, i: int, won: list[Wind], table: _Table) -> None:
    at: Path = ("events", i, "win")
    if len(won) < MAX_WINNERS:  # a fourth winner is said as such, below
        table.check_open(i)
    if e.robbing_kong is not True and e.robbing_kong is not False:
        raise ScorerError(BAD_VALUE, f"robbing_kong must be true or false, got {e.robbing_kong!r}",
                          (*at, "robbing_kong"))
    if e.discarder is not None:
        _check_seat(e.discarder, (*at, "discarder"))
        if e.discarder in won:
            raise ScorerError(PLAYER_OUT, f"{e.discarder} has already won and plays no more", (*at, "discarder"))
    if not isinstance(e.winners, tuple) or not e.winners:
        raise ScorerError(BAD_CLAIM, "a win names at least one winner", (*at, "winners"))
    if e.discarder is None and len(e.winners) > 1:
        raise ScorerError(BAD_CLAIM, "a self-drawn win has one winner; several win only on one discard",
                          (*at, "winners"))
    for k, w in enumerate(e.winners):
        if not isinstance(w, Winner) or not isinstance(w.hand, Hand):
            raise ScorerError(BAD_VALUE, "a winner is a Winner: a seat and a Hand", (*at, "winners", k))
    tile = e.winners[0].hand.winning_tile
    prev = play.events[i - 1] if i else None
    if e.robbing_kong:
        if e.discarder is None or not isinstance(prev, Kong) or prev.kind != "added" or prev.player != e.discarder:
            raise ScorerError(BAD_ROBBING, "a robbing win directly follows an added kong (补杠) by its discarder",
                              (*at, "robbing_kong"))
        if prev.tile is not tile:
            raise ScorerError(BAD_ROBBING, f"the robbed kong was of {prev.tile.value}, not {tile}",
                              (*at, "winners", 0, "hand", "winning_tile"))
    for k, w in enumerate(e.winners):
        wat: Path = (*at, "winners", k)
        _check_seat(w.player, (*wat, "player"))
        if w.player in won:
            raise ScorerError(PLAYER_OUT, f"{w.player} has already won", (*wat, "player"))
        if w.player == e.discarder:
            raise ScorerError(BAD_CLAIM, f"{w.player} cannot win on their own discard", (*wat, "player"))
        if any(v.player == w.player for v in e.winners[:k]):
            raise ScorerError(BAD_CLAIM, f"{w.player} is named twice among the winners", (*wat, "player"))
        if len(won) + k + 1 > MAX_WINNERS:
            raise ScorerError(TOO_MANY_WINNERS, f"the hand is over once {MAX_WINNERS} players have won: "
                              f"{', '.join(v.value for v in won)} already have", wat)
        if w.hand.winning_tile is not tile:
            raise ScorerError(BAD_CLAIM, f"the winners of one discard win on the same tile: {tile} here, "
                              f"{w.hand.winning_tile.value} for {w.player}", (*wat, "hand", "winning_tile"))
        if w.last_wall_tile is not e.winners[0].last_wall_tile:
            raise ScorerError(BAD_CLAIM, "the winners of one discard win on one tile: it is the wall's last "
                              f"(last_wall_tile) for all of them or for none, not for {e.winners[0].player} or "
                              f"{w.player} alone", (*wat, "context", "last_wall_tile") if w.last_wall_tile else wat)
        if w.kong_replacement and e.self_drawn and not (isinstance(prev, Kong) and prev.player == w.player):
            raise ScorerError(CONTRADICTORY_CONTEXT, "kong_replacement (杠上开花) is the draw right after one's own "
                              f"kong (杠后补摸一张): the event before this win is not a kong by {w.player}",
                              (*wat, "context", "kong_replacement"))
        if w.heavenly_hand and i:  # RULINGS S16: the dealer's first fourteen tiles, before anything happens
            raise ScorerError(CONTRADICTORY_CONTEXT, "heavenly_hand (天胡) is won on the first fourteen tiles: no "
                              "event comes before it", (*wat, "context", "heavenly_hand"))
        counts = list(w.hand.counts())
        if k:
            counts[INDEX[w.hand.winning_tile]] -= 1  # the one discarded tile, counted with the first winner
        table.copies.add(w.player, counts, (*wat, "hand"))
        table.check_kongs_shown(w.player, w.hand.melds, (*wat, "hand"))
    if any(w.last_wall_tile for w in e.winners):
        table.last_tile = i
    if e.after_kong is not False:
        _check_after_kong(play, e, i, prev)


def _check_after_kong(play: Play, e: Win, i: int, prev: Event | None) -> None:
    """RULINGS T19: 杠上炮 is a discard win directly after the discarder's own kong (its replacement
    draw, then the discard); the flag means something only under 呼叫转移."""
    at: Path = ("events", i, "win", "after_kong")
    if e.after_kong is not True:
        raise ScorerError(BAD_VALUE, f"after_kong must be true or false, got {e.after_kong!r}", at)
    if play.options.kong_transfer != "on":
        raise ScorerError(NOT_IN_RULESET, "after_kong means nothing in the rule book 'sichuan' unless its option "
                          "kong_transfer (呼叫转移) is on", at, ruleset="sichuan")
    if e.discarder is None or e.robbing_kong:
        raise ScorerError(BAD_CLAIM, "after_kong (杠上炮) is a win on a discard, not a self-draw or a robbed kong", at)
    if not isinstance(prev, Kong) or prev.player != e.discarder:
        raise ScorerError(BAD_CLAIM, f"after_kong (杠上炮): the event before this win is not a kong by its discarder "
                          f"{e.discarder}", at)


def _check_exhausted(play: Play, won: list[Wind], table: _Table, stays: bool = False) -> None:
    ex = play.exhausted
    if ex is None:
        return
    if len(won) >= MAX_WINNERS and not stays:
        raise ScorerError(BAD_EXHAUSTED, f"{MAX_WINNERS} players have won: the hand is over, no wall ran out",
                          ("exhausted",))
    for w in ex:
        if w not in SEATS:
            raise ScorerError(BAD_WIND, f"seats are E S W N, got {w!r}", ("exhausted", str(w)))
        if w in won:
            raise ScorerError(BAD_EXHAUSTED, f"{w} has won: only the players still in show their holdings",
                              ("exhausted", w))
    for w in SEATS:
        if w in won:
            continue
        h = ex.get(w)
        if h is None:
            raise ScorerError(BAD_EXHAUSTED, f"{w} has not won: the exhausted wall needs {w}'s final holding",
                              ("exhausted", w))
        if not isinstance(h, Holding):
            raise ScorerError(BAD_VALUE, "a holding is a Holding", ("exhausted", w))
        with _as_holding(("exhausted", w)):
            check_holding(h)
        missing = SUIT_INDEX[play.missing_suits[w]]
        for m in h.melds:
            if SUIT[m.index] == missing:
                raise ScorerError(BAD_MELD, f"{w} declared {m.tile.value[1]} missing and cannot pung or kong it "
                                  f"(不能碰杠), but {w}'s holding shows a {m.kind.value} of {m.tile.value}",
                                  ("exhausted", w))
        table.copies.add(w, h.counts(), ("exhausted", w))
        table.check_kongs_shown(w, h.melds, ("exhausted", w))


# --- reading a JSON body ------------------------------------------------------------------------
T = TypeVar("T")


@contextmanager
def _as_holding(prefix: Path) -> Iterator[None]:
    """A holding's errors (``/hand/...``) point at ``prefix`` instead of ``/hand``."""
    try:
        yield
    except ScorerError as e:
        rest = e.field[1:] if e.field[:1] == ("hand",) else e.field
        raise ScorerError(e.code, e.message, (*prefix, *rest)) from None


_declared = Declared.of

_PLAY = _declared(fields_of(Play))
_EVENT = _declared(EVENT_FIELDS)
_KONG = _declared(fields_of(Kong))
_WIN = _declared(WIN_FIELDS)
_WINNER = _declared(WINNER_FIELDS)
_WINNER_CONTEXT = _declared(WINNER_FIELDS[2].items)
_HAND = _declared(requiring(fields_of(Hand), "winning_tile"))  # every win here takes a tile
_HOLDING = _declared(fields_of(Holding))


def build_play(**body: Any) -> Play:
    """A checked hand of play from a JSON body (``POST /v1/sichuan/settle``'s); every error names its
    field as a path into it."""
    v = _object(body, (), _PLAY)
    bp = v.get("base_points", 1)
    if isinstance(bp, bool) or not isinstance(bp, int) or not 1 <= bp <= MAX_BASE_POINTS:
        raise ScorerError(BAD_BASE_POINTS, f"base_points must be a whole number from 1 to {MAX_BASE_POINTS}, "
                          f"got {bp!r}", ("base_points",))
    exhausted = v.get("exhausted")
    play = Play(
        missing_suits=_missing_suits(v["missing_suits"]),
        events=_listed(v["events"], ("events",), _event),
        exhausted=None if exhausted is None else _exhausted(exhausted),
        base_points=bp,
        options=parse_options(SichuanOptions, v.get("options"), "sichuan", PRESETS),
    )
    check_play(play)
    return play


def _seat(value: object, at: Path, nullable: bool = False) -> Wind:
    wind = BY_SEAT.get(value) if isinstance(value, str) else None
    if wind is None:
        raise ScorerError(BAD_WIND, f"a seat is one of E S W N{' or null' if nullable else ''}, got {value!r}", at)
    return wind


BY_SEAT: dict[str, Wind] = {w.value: w for w in Wind}


def _missing_suits(value: object) -> dict[Wind, str]:
    v = _object(value, ("missing_suits",), _declared(MISSING_SUITS_FIELDS))
    return {_seat(w, ("missing_suits", w)): s for w, s in v.items()}


def _event(value: object, at: Path) -> Event:
    if isinstance(value, Kong | Win):
        return value
    v = _object(value, at, _EVENT)
    if len(v) != 1:
        raise ScorerError(BAD_VALUE, "an event is exactly one of kong or win", at)
    ((kind, body),) = v.items()
    if kind == "kong":
        return _kong(body, (*at, "kong"))
    return _win(body, (*at, "win"))


def _kong(value: object, at: Path) -> Kong:
    v = _object(value, at, _KONG)
    tile = BY_CODE.get(v["tile"]) if isinstance(v["tile"], str) else None
    if tile is None:
        raise ScorerError(UNKNOWN_TILE, f"unknown tile code {v['tile']!r}", (*at, "tile"))
    d = v.get("discarder")
    return Kong(_seat(v["player"], (*at, "player")), v["kind"], tile,
                None if d is None else _seat(d, (*at, "discarder")))


def _win(value: object, at: Path) -> Win:
    v = _object(value, at, _WIN)
    d = v["discarder"]
    robbing = v.get("robbing_kong", False)
    if robbing is not True and robbing is not False:
        raise ScorerError(BAD_VALUE, f"robbing_kong must be true or false, got {robbing!r}", (*at, "robbing_kong"))
    after = v.get("after_kong", False)
    if after is not True and after is not False:
        raise ScorerError(BAD_VALUE, f"after_kong must be true or false, got {after!r}", (*at, "after_kong"))
    winners = _listed(v["winners"], (*at, "winners"), _winner)
    if len(winners) > MAX_WINNERS:
        raise ScorerError(TOO_MANY_WINNERS, f"at most {MAX_WINNERS} players win", (*at, "winners"))
    return Win(None if d is None else _seat(d, (*at, "discarder"), nullable=True), winners, robbing, after)


def _winner(value: object, at: Path) -> Winner:
    v = _object(value, at, _WINNER)
    ctx = _object(v.get("context", {}), (*at, "context"), _WINNER_CONTEXT)
    flags = {}
    for name, flag in ctx.items():
        if flag is not True and flag is not False:
            raise ScorerError(BAD_VALUE, f"{name} must be true or false, got {flag!r}", (*at, "context", name))
        flags[name] = flag
    with _within(at):
        hand = build_hand(v["hand"])
    return Winner(_seat(v["player"], (*at, "player")), hand, **flags)


@contextmanager
def _one_field(notation: bool) -> Iterator[None]:
    """A notation is one field: its errors point at ``/hand``, as ``Hand.parse``'s do."""
    try:
        yield
    except ScorerError as e:
        if not notation or e.field[1:2] == ("flowers",):
            raise
        raise ScorerError(e.code, e.message, ("hand",)) from None


def build_hand(value: object) -> Hand:
    """A Sichuan hand as /v1/score takes it (an object of parts or the reference notation),
    refused where Sichuan has no place for it; errors point at ``/hand/...``, a meld's at its
    place in the request (a ``Hand`` keeps its melds sorted)."""
    if isinstance(value, str):
        hand = Hand.parse(value)
    else:
        v = _object(value, ("hand",), _HAND)
        check_tiles((), tuple(build_melds(v.get("melds", []))), 0)
        hand = Hand.build(**v)
    with _one_field(isinstance(value, str)):
        check_hand(hand)
    return hand


def check_holding(h: Holding) -> None:
    """A final holding: 13 tiles (kongs count three), nothing Sichuan has no place for."""
    if h.size != 13:
        raise ScorerError(TILE_COUNT, f"a final holding has 13 tiles (kongs count three), got {h.size}",
                          ("hand", "concealed"))
    check_tiles(h.concealed, h.melds, h.flowers)


def build_holding(value: object) -> Holding:
    """A final holding, as ``build_hand`` reads a hand (without a winning tile)."""
    if isinstance(value, str):
        h = Holding.parse(value)
    else:
        v = _object(value, ("hand",), _HOLDING)
        check_tiles((), tuple(build_melds(v.get("melds", []))), 0)
        h = Holding.build(**v)
    with _one_field(isinstance(value, str)):
        check_holding(h)
    return h


def _exhausted(value: object) -> dict[Wind, Holding]:
    v = _object(value, ("exhausted",), _declared(EXHAUSTED_FIELDS))
    out = {}
    for w, body in v.items():
        with _as_holding(("exhausted", w)):
            out[_seat(w, ("exhausted", w))] = build_holding(body)
    return out
