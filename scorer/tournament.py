"""A tournament's standings (MCR first): table points by rank at each table, then the ranking.

The EMA's tournament regulations for MCR (the rule-variants survey, "MCR tournaments"): each
session is played at tables of four; at each table the players get 4 / 2 / 1 / 0 table points by
rank of their score, and players who tie share the points of the places they tie for (two tied
first get (4 + 2) / 2 = 3 each). Standings order by table points, then score, then hands won. The
EMA publishes results as CSV: place, name, EMA number, table points, score, member, country.

    >>> t = Tournament.build(sessions=[{"players": [
    ...     {"name": "Ann", "score": 40}, {"name": "Bo", "score": 40},
    ...     {"name": "Cy", "score": -30}, {"name": "Di", "score": -50}]}])
    >>> [(s.place, s.name, str(s.table_points), s.score) for s in standings(t).standings]
    [(1, 'Ann', '3', 40), (1, 'Bo', '3', 40), (3, 'Cy', '1', -30), (4, 'Di', '0', -50)]

``Tournament.build`` reads a JSON body and refuses what cannot be, with a ``ScorerError`` pointing
into it (``/sessions/2/players/1/score``); ``standings`` ranks it.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final

from .errors import BAD_VALUE, DUPLICATE_PLAYER, UNKNOWN_PLAYER, Path, ScorerError
from .names import check_name, normal_name
from .shape import MAX_TILE_STRING, Kind, fields_of, spec

TABLE_POINTS: Final = (4, 2, 1, 0)  # by rank at a table of four
SEATS: Final = 4
MAX_SESSIONS: Final = 1000
MAX_PLAYERS: Final = 4 * MAX_SESSIONS
MAX_SCORE: Final = 10**12  # a session's score, as /v1/match's changes (exact in a JavaScript number)
MAX_HANDS_WON: Final = 1000  # a sanity bound: a session is 16 hands
CSV_COLUMNS: Final = ("place", "name", "ema_number", "table_points", "score", "member", "country")


# --- the tournament, as asked ---------------------------------------------------------------------
@dataclass(frozen=True)
class Seat:
    """One player's result in one session."""

    name: str = field(metadata=spec(Kind.NAME, "the player's name, as in the tournament's players", required=True))
    score: int = field(metadata=spec(Kind.INT, "the player's score in the session (e.g. the change /v1/match "
                                     "answers)", required=True, minimum=-MAX_SCORE, maximum=MAX_SCORE))
    hands_won: int | None = field(default=None, metadata=spec(
        Kind.INT, "hands the player won in the session, if known (the last tie-break)", minimum=0,
        maximum=MAX_HANDS_WON))


@dataclass(frozen=True)
class Session:
    """One table's session: four players and their scores."""

    players: tuple[Seat, ...] = field(metadata=spec(
        Kind.OBJECTS, "the four players at the table and their scores", required=True, min_items=SEATS,
        max_items=SEATS, items=fields_of(Seat)))


@dataclass(frozen=True)
class Person:
    """What the EMA results columns say of a player beside the results."""

    name: str = field(metadata=spec(Kind.NAME, "the player's name", required=True))
    ema_number: str | None = field(default=None, metadata=spec(Kind.NAME, "the player's EMA number"))
    member: str | None = field(default=None, metadata=spec(Kind.NAME, "the EMA member (national association) "
                                                                     "the player plays for"))
    country: str | None = field(default=None, metadata=spec(Kind.NAME, "the player's country"))


@dataclass(frozen=True)
class Tournament:
    sessions: tuple[Session, ...] = field(metadata=spec(
        Kind.OBJECTS, "every table's session, in any order", required=True, min_items=1, max_items=MAX_SESSIONS,
        items=fields_of(Session)))
    players: tuple[Person, ...] = field(default=(), metadata=spec(
        Kind.OBJECTS, "optional: each player's EMA number, member and country, for the CSV; when given, every "
        "name in the sessions must be one of them, and each of them play in some session", max_items=MAX_PLAYERS,
        items=fields_of(Person)))

    @classmethod
    def build(cls, sessions: object, players: object = ()) -> Tournament:
        """From JSON-like parts; every error names its field as a path into them."""
        t = cls(sessions=_listed(sessions, ("sessions",), _session), players=_listed(players, ("players",), _person))
        _check(t)
        return t


# --- the standings, as ranked ---------------------------------------------------------------------
@dataclass(frozen=True)
class TableResult:
    name: str
    score: int
    rank: int  # 1 = best at the table; tied players share the best rank they tie for
    table_points: Fraction

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "score": self.score, "rank": self.rank,
                "table_points": number(self.table_points)}


@dataclass(frozen=True)
class PlayerStanding:
    place: int  # 1 = best; players equal on table points, score and hands won share a place
    name: str
    table_points: Fraction
    score: int
    hands_won: int | None  # None when no session gave it
    sessions: int
    person: Person

    def to_dict(self) -> dict[str, Any]:
        p = self.person
        return {"place": self.place, "name": self.name, "table_points": number(self.table_points),
                "score": self.score, "hands_won": self.hands_won, "sessions": self.sessions,
                "ema_number": p.ema_number, "member": p.member, "country": p.country}


@dataclass(frozen=True)
class Standings:
    tables: tuple[tuple[TableResult, ...], ...]  # per session, in the order given
    standings: tuple[PlayerStanding, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"sessions": [{"number": i + 1, "players": [r.to_dict() for r in table]}
                             for i, table in enumerate(self.tables)],
                "standings": [s.to_dict() for s in self.standings]}

    def to_csv(self) -> str:
        """The EMA results columns, one row a player, best first (RFC 4180: CRLF line ends). Every text
        cell is quoted and neutralised (``csv_text``); the numbers the service writes itself are not."""
        out = io.StringIO()
        csv.writer(out, lineterminator="\r\n").writerow(CSV_COLUMNS)
        w = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_NONNUMERIC)  # numbers: int and Decimal
        for s in self.standings:
            p = s.person
            w.writerow([s.place, csv_text(s.name), csv_text(p.ema_number or ""), csv_number(s.table_points),
                        s.score, csv_text(p.member or ""), csv_text(p.country or "")])
        return out.getvalue()


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# Where a spreadsheet may start a cell inside a text: at its start, or after a separator it may split
# on (a comma, a semicolon in many locales, a tab, a pipe, a line end), past any spaces and quotes.
_CELL_START = re.compile(r"""(^|[,;\t|\r\n])(?=[ "]*[=+\-@\t\r])""")


def csv_text(value: str) -> str:
    """A text cell a spreadsheet will not run, wherever it splits it: a piece that begins (past any
    spaces and quotes) with ``=``, ``+``, ``-`` or ``@``, or with a tab or carriage return, at the
    start or after a separator (``,``, ``;``, tab, ``|``, a line end), gets ``'`` before it (OWASP's
    advice against CSV formula injection). ``A;=1+1;`` becomes ``A;'=1+1;``: a spreadsheet that
    splits on ``;`` shows the cell ``'=1+1`` as text. ``to_csv`` quotes the cell besides."""
    return _CELL_START.sub(lambda m: m.group(1) + "'", value)


def number(x: Fraction) -> int | float:
    """Table points for JSON: whole numbers as integers, shares rounded to two decimals (7/3 → 2.33)."""
    return int(x) if x.denominator == 1 else round(float(x), 2)


def csv_number(x: Fraction) -> int | Decimal:
    """Table points for the CSV: whole numbers as they are, shares to two decimals (7/3 → 2.33),
    as numbers (the csv module leaves them unquoted)."""
    return int(x) if x.denominator == 1 else Decimal(f"{float(x):.2f}")


def table_points(scores: Sequence[int]) -> tuple[tuple[int, Fraction], ...]:
    """Per player of one table (in the order given): the rank and the table points. Tied players
    share the points of the places they tie for, and take the best of those ranks."""
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    out: dict[int, tuple[int, Fraction]] = {}
    k = 0
    while k < len(order):
        j = k
        while j + 1 < len(order) and scores[order[j + 1]] == scores[order[k]]:
            j += 1
        share = Fraction(sum(TABLE_POINTS[k:j + 1]), j - k + 1)
        for i in order[k:j + 1]:
            out[i] = (k + 1, share)
        k = j + 1
    return tuple(out[i] for i in range(len(scores)))


def standings(t: Tournament) -> Standings:
    """Table points at every table; then every player best first by table points, then score,
    then hands won (unknown counts as none); players equal on all three share a place, listed in
    the order they first appear."""
    tables: list[tuple[TableResult, ...]] = []
    points: dict[str, Fraction] = {}
    score: dict[str, int] = {}
    won: dict[str, int | None] = {}
    played: dict[str, int] = {}
    for s in t.sessions:
        ranked = table_points([p.score for p in s.players])
        tables.append(tuple(TableResult(p.name, p.score, r, tp) for p, (r, tp) in zip(s.players, ranked, strict=True)))
        for p, (_, tp) in zip(s.players, ranked, strict=True):
            points[p.name] = points.get(p.name, Fraction(0)) + tp
            score[p.name] = score.get(p.name, 0) + p.score
            played[p.name] = played.get(p.name, 0) + 1
            before = won.get(p.name)
            won[p.name] = before if p.hands_won is None else (before or 0) + p.hands_won
    people = {p.name: p for p in t.players}
    first = {n: i for i, n in enumerate(points)}

    def key(n: str) -> tuple[Fraction, int, int]:
        return (-points[n], -score[n], -(won[n] or 0))

    ranked_names = sorted(points, key=lambda n: (key(n), first[n]))
    out: list[PlayerStanding] = []
    for i, n in enumerate(ranked_names):
        place = out[-1].place if out and key(out[-1].name) == key(n) else i + 1
        out.append(PlayerStanding(place, n, points[n], score[n], won[n], played[n], people.get(n, Person(n))))
    return Standings(tuple(tables), tuple(out))


# --- reading and checking -------------------------------------------------------------------------
def _listed(value: object, at: Path, one: Any) -> tuple[Any, ...]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Sequence):
        raise ScorerError(BAD_VALUE, f"{at[-1]} must be a list", at)
    return tuple(one(v, (*at, i)) for i, v in enumerate(value))


def _object(value: object, at: Path, of: type) -> Mapping[str, Any]:
    declared = fields_of(of)
    if not isinstance(value, Mapping):
        raise ScorerError(BAD_VALUE, "must be an object", at)
    names = {s.name for s in declared}
    for k in value:
        if k not in names:
            raise ScorerError(BAD_VALUE, f"unknown field {k!r}", (*at, str(k)))
    for s in declared:
        if s.required and s.name not in value:
            raise ScorerError(BAD_VALUE, f"{s.name} is required", (*at, s.name))
    return value


def _name(value: object, at: Path) -> str:
    """A name as /v1/match reads it (RULINGS M10): it must show, and is compared as it shows."""
    check_name(value, at)
    n = normal_name(value)
    if not isinstance(n, str) or not n or len(n) > MAX_TILE_STRING or not n.isprintable():
        raise ScorerError(BAD_VALUE, f"a name is a non-blank printable string of at most {MAX_TILE_STRING} "
                          f"characters, got {value!r}", at)
    return n


def _int(value: object, at: Path, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ScorerError(BAD_VALUE, f"{at[-1]} must be a whole number from {lo} to {hi}, got {value!r}", at)
    return value


def _text(value: object, at: Path) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_TILE_STRING or not value.isprintable():
        raise ScorerError(BAD_VALUE, f"{at[-1]} must be a printable string of at most {MAX_TILE_STRING} characters",
                          at)
    return value


def _seat(value: object, at: Path) -> Seat:
    v = _object(value, at, Seat)
    won = v.get("hands_won")
    return Seat(name=_name(v["name"], (*at, "name")), score=_int(v["score"], (*at, "score"), -MAX_SCORE, MAX_SCORE),
                hands_won=None if won is None else _int(won, (*at, "hands_won"), 0, MAX_HANDS_WON))


def _session(value: object, at: Path) -> Session:
    v = _object(value, at, Session)
    return Session(players=_listed(v["players"], (*at, "players"), _seat))


def _person(value: object, at: Path) -> Person:
    v = _object(value, at, Person)
    return Person(name=_name(v["name"], (*at, "name")), **{
        k: _text(v.get(k), (*at, k)) for k in ("ema_number", "member", "country")})


def _check(t: Tournament) -> None:
    if not t.sessions:
        raise ScorerError(BAD_VALUE, "a tournament has at least one session", ("sessions",))
    if len(t.sessions) > MAX_SESSIONS:
        raise ScorerError(BAD_VALUE, f"at most {MAX_SESSIONS} sessions", ("sessions",))
    known: dict[str, int] = {}
    for i, p in enumerate(t.players):
        if p.name in known:
            raise ScorerError(DUPLICATE_PLAYER, f"player {p.name!r} is already players/{known[p.name]}",
                              ("players", i, "name"))
        known[p.name] = i
    for i, s in enumerate(t.sessions):
        at: Path = ("sessions", i, "players")
        if len(s.players) != SEATS:
            raise ScorerError(BAD_VALUE, f"a session has exactly {SEATS} players, got {len(s.players)}", at)
        seen: dict[str, int] = {}
        for k, seat in enumerate(s.players):
            if seat.name in seen:
                raise ScorerError(DUPLICATE_PLAYER, f"{seat.name!r} is already player {seen[seat.name]} of this "
                                  "session", (*at, k, "name"))
            seen[seat.name] = k
            if known and seat.name not in known:
                raise ScorerError(UNKNOWN_PLAYER, f"{seat.name!r} is not among the tournament's players",
                                  (*at, k, "name"))
        given = [seat.hands_won is not None for seat in s.players]
        if any(given) and not all(given):
            k = given.index(False)
            raise ScorerError(BAD_VALUE, "hands_won is given for every player of a session or for none",
                              (*at, k, "hands_won"))
    played = {seat.name for s in t.sessions for seat in s.players}
    for i, p in enumerate(t.players):
        if p.name not in played:  # a row of standings with no session would rank on nothing (RULINGS ST6)
            raise ScorerError(UNKNOWN_PLAYER, f"{p.name!r} is listed but plays in no session; list only the players "
                              "of the sessions", ("players", i, "name"))
