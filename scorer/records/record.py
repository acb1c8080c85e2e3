"""A game record: the deal and every action of one hand of play, in order, for any rule book.

Seats are the winds E S W N; East deals and acts first. Each action is an object
``{"seat": "S", "action": "pung"}`` with the tile or tiles it needs:

======================  =====================================================================
``draw``                a tile from the wall (``tile``; optional when the record has a ``wall``)
``discard``             ``tile`` from the hand
``chow``                the last discard, by the next seat: ``tiles``, the chow's three tiles
``pung`` / ``kong``     the last discard, three alike / four alike (an exposed kong)
``concealed_kong``      four of ``tile`` from one's own hand, on one's own turn
``added_kong``          ``tile`` added to one's own pung, on one's own turn (others may rob it)
``replacement``         the draw after one's own kong or flower (``tile``, as ``draw``)
``flower``              MCR and Hong Kong: a flower drawn instead of a tile (``flower``: its name), set
                        aside; a replacement draw follows
``win``                 on the last discard, on the added kong (robbing it), or self-drawn
``wall_end``            the wall is empty: the hand is over (荒庄; Sichuan: the exhausted wall)
``pass``                a seat that could claim the last discard (or rob the added kong) declines it, and
                        may not claim it after; a record need not list passes (a draw says nobody claimed)
======================  =====================================================================

A claim may list the claims on the same discard that lost to it (``outranked``): the replay holds
them to the book's priority. ``Record.build`` reads the JSON body and refuses what is not a record
(the shape, the deal) with a ``ScorerError`` pointing into it; what the actions mean is the
replay's to judge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ..errors import BAD_VALUE, TILE_COUNT, Path, ScorerError
from ..flowers import Flower, parse_flowers
from ..hand import MAX_FLOWERS
from ..rules import DEFAULT, RULESETS, RuleBook, rulebook
from ..shape import MAX_TILE_STRING, FieldSpec, Kind, field_spec, fields_of, spec
from ..tiles import INDEX, IS_HONOR, WINDS, Tile, Wind, parse_tiles

ACTIONS: Final = ("draw", "discard", "chow", "pung", "kong", "concealed_kong", "added_kong", "replacement", "win",
                  "wall_end", "flower", "pass")
CLAIMS: Final = ("chow", "pung", "kong", "win")
WALL_RULES: Final = ("one", "four")  # one shared wall; Botzone's judge: four walls of 34, each seat its own
MAX_ACTIONS: Final = 1000
MAX_WALL: Final = 144
SEATS: Final = tuple(Wind)


@dataclass(frozen=True)
class Outranked:
    """A claim on the same discard that lost to this one."""

    seat: Wind = field(metadata=spec(Kind.WIND, "who made the losing claim", required=True))
    action: str = field(metadata=spec(Kind.NAME, "what it claimed: chow, pung, kong or win", required=True))


@dataclass(frozen=True)
class Action:
    seat: Wind = field(metadata=spec(Kind.WIND, "who acts (E S W N; not given for wall_end)"))
    action: str = field(metadata=spec(Kind.NAME, "draw, discard, chow, pung, kong, concealed_kong, added_kong, "
                                      "replacement, win, flower, pass or wall_end", required=True))
    tile: Tile | None = field(default=None, metadata=spec(
        Kind.TILE, "the tile drawn, discarded or konged (concealed and added kongs)"))
    tiles: tuple[Tile, ...] = field(default=(), metadata=spec(Kind.TILES, "a chow's three tiles"))
    flower: Flower | None = field(default=None, metadata=spec(
        Kind.NAME, "a flower action's flower, by name (plum ... winter, or 梅 ... 冬)"))
    outranked: tuple[Outranked, ...] = field(default=(), metadata=spec(
        Kind.OBJECTS, "claims on the same discard that lost to this one, held to the book's priority", max_items=3,
        items=fields_of(Outranked)))


def _per_seat(kind: Kind, help: str, **limits: Any) -> tuple[FieldSpec, ...]:
    return tuple(field_spec(w, kind, f"{w}: {help}", **limits) for w in WINDS)


DEAL_FIELDS: Final = _per_seat(Kind.TILES, "the 13 tiles dealt (East may be dealt 14 and then acts without a draw; "
                               "16 and 17 in a 16-tile book)", required=True)
FLOWER_FIELDS: Final = _per_seat(Kind.FLOWERS, "the flowers the seat set aside: how many, or which by name where the "
                                 "book scores them by seat", minimum=0, maximum=MAX_FLOWERS)
MISSING_SUIT_FIELDS: Final = _per_seat(Kind.SUIT, "the missing suit declared (定缺): m, p or s", required=True)


@dataclass(frozen=True)
class Record:
    ruleset: str = field(default=DEFAULT, metadata=spec(Kind.NAME, "the rule book (GET /v1/rulesets lists them)"))
    options: Mapping[str, Any] | None = field(default=None, metadata=spec(
        Kind.OBJECT, "the book's house rules, as POST /v1/score takes them"))
    prevalent_wind: Wind = field(default=Wind.E, metadata=spec(Kind.WIND, "the prevalent (round) wind"))
    base_points: int = field(default=1, metadata=spec(Kind.INT, "the room's base points", minimum=1,
                                                      maximum=1_000_000))
    players: tuple[str, ...] = field(default=(), metadata=spec(
        Kind.NAMES, "optional: the four players' names, East (the dealer) first", min_items=4, max_items=4))
    deal: Mapping[Wind, tuple[Tile, ...]] = field(default_factory=dict, metadata=spec(
        Kind.OBJECT, "each seat's dealt tiles", required=True, items=DEAL_FIELDS))
    wall: tuple[Tile, ...] | None = field(default=None, metadata=spec(
        Kind.TILES, "optional: every tile drawn, in drawing order (kong replacements included); draws may then "
        "leave out their tile, and a draw that differs from the wall is illegal", nullable=True))
    walls: str = field(default="one", metadata=spec(
        Kind.NAME, "one: one wall shared by all (the default); four: Botzone's judge (four walls of 34, each "
        "seat dealt from and drawing from its own; the last tile when the next seat's wall is empty)"))
    flowers: Mapping[Wind, int | tuple[Flower, ...]] = field(default_factory=dict, metadata=spec(
        Kind.OBJECT, "where the book has flowers: each seat's flowers set aside at the deal (flowers drawn in "
        "play are flower actions)",
        items=FLOWER_FIELDS))
    missing_suits: Mapping[Wind, str] = field(default_factory=dict, metadata=spec(
        Kind.OBJECT, "where the book declares one: each seat's missing suit (定缺)", items=MISSING_SUIT_FIELDS))
    actions: tuple[Action, ...] = field(default=(), metadata=spec(
        Kind.OBJECTS, "every action of the hand, in order", required=True, max_items=MAX_ACTIONS,
        items=fields_of(Action)))

    @classmethod
    def build(cls, **body: Any) -> Record:
        """From a JSON body; every error names its field as a path into it."""
        _object(body, (), _RECORD)
        ruleset = body.get("ruleset", DEFAULT)
        if not isinstance(ruleset, str) or ruleset not in RULESETS:
            rulebook(ruleset)  # raises, pointing at /ruleset
        book = rulebook(ruleset)
        options = body.get("options")
        book.parse_options(options)  # raises at /options/<name>
        prevalent = _wind(body.get("prevalent_wind", "E"), ("prevalent_wind",))
        bp = body.get("base_points", 1)
        if isinstance(bp, bool) or not isinstance(bp, int) or not 1 <= bp <= 1_000_000:
            raise ScorerError("bad_base_points", f"base_points must be a whole number from 1 to 1000000, got {bp!r}",
                              ("base_points",))
        players = _players(body.get("players", ()))
        deal = _deal(body["deal"], 3 * book.sets + 1)
        wall = body.get("wall")
        walls = body.get("walls", "one")
        if walls not in WALL_RULES:
            raise ScorerError(BAD_VALUE, f"walls must be one of {', '.join(WALL_RULES)}, got {walls!r}", ("walls",))
        tiles_wall = None if wall is None else parse_tiles(wall, ("wall",))
        if tiles_wall is not None and len(tiles_wall) > MAX_WALL:
            raise ScorerError(TILE_COUNT, f"a wall has at most {MAX_WALL} tiles", ("wall",))
        flowers = _flowers(body.get("flowers", {}), book)
        suits = _missing_suits(body.get("missing_suits"), book)
        actions = _listed(body["actions"], ("actions",), _action)
        if len(actions) > MAX_ACTIONS:
            raise ScorerError(BAD_VALUE, f"at most {MAX_ACTIONS} actions", ("actions",))
        if not book.honors:
            _suited_only(book, deal, tiles_wall, actions)
        return cls(ruleset=ruleset, options=options, prevalent_wind=prevalent, base_points=bp, players=players,
                   deal=deal, wall=tiles_wall, walls=walls, flowers=flowers, missing_suits=suits, actions=actions)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON gives it back (tiles as codes)."""
        out: dict[str, Any] = {"ruleset": self.ruleset, "prevalent_wind": str(self.prevalent_wind),
                               "base_points": self.base_points}
        if self.options is not None:
            out["options"] = dict(self.options)
        if self.players:
            out["players"] = list(self.players)
        out["deal"] = {str(w): "".join(t.value for t in ts) for w, ts in self.deal.items()}
        if self.wall is not None:
            out["wall"] = [t.value for t in self.wall]
        if self.walls != "one":
            out["walls"] = self.walls
        if self.flowers:
            out["flowers"] = {str(w): f if isinstance(f, int) else [x.value for x in f]
                              for w, f in self.flowers.items()}
        if self.missing_suits:
            out["missing_suits"] = {str(w): s for w, s in self.missing_suits.items()}
        out["actions"] = [action_dict(a) for a in self.actions]
        return out


def action_dict(a: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": str(a.seat), "action": a.action} if a.action != "wall_end" else {"action": a.action}
    if a.tile is not None:
        out["tile"] = a.tile.value
    if a.tiles:
        out["tiles"] = "".join(t.value for t in a.tiles)
    if a.flower is not None:
        out["flower"] = a.flower.value
    if a.outranked:
        out["outranked"] = [{"seat": str(o.seat), "action": o.action} for o in a.outranked]
    return out


# --- reading --------------------------------------------------------------------------------------
def _declared(specs: Sequence[FieldSpec]) -> tuple[frozenset[str], tuple[str, ...]]:
    return frozenset(s.name for s in specs), tuple(s.name for s in specs if s.required)


_RECORD: Final = _declared(fields_of(Record))
_ACTION: Final = _declared(fields_of(Action))
_OUTRANKED: Final = _declared(fields_of(Outranked))
_WIND_CODES: Final = {w.value: w for w in Wind}


def _object(value: object, at: Path, declared: tuple[frozenset[str], tuple[str, ...]]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ScorerError(BAD_VALUE, "must be an object", at)
    names, required = declared
    for k in value:
        if k not in names:
            raise ScorerError(BAD_VALUE, f"unknown field {k!r}", (*at, str(k)))
    for name in required:
        if name not in value:
            raise ScorerError(BAD_VALUE, f"{name} is required", (*at, name))
    return value


def _listed(value: object, at: Path, one: Any) -> tuple[Any, ...]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Sequence):
        raise ScorerError(BAD_VALUE, f"{at[-1]} must be a list", at)
    return tuple(one(v, (*at, i)) for i, v in enumerate(value))


def _wind(value: object, at: Path) -> Wind:
    w = _WIND_CODES.get(value) if isinstance(value, str) else None
    if w is None:
        raise ScorerError("bad_wind", f"{at[-1]} must be one of E S W N, got {value!r}", at)
    return w


def _players(value: object) -> tuple[str, ...]:
    if value == () or value == []:
        return ()
    names = _listed(value, ("players",), lambda v, at: v)
    if len(names) != 4:
        raise ScorerError(BAD_VALUE, f"players names the four seats, got {len(names)}", ("players",))
    for i, n in enumerate(names):
        if not isinstance(n, str) or not n.strip() or len(n) > MAX_TILE_STRING or not n.isprintable():
            raise ScorerError(BAD_VALUE, "a player name is a non-blank printable string", ("players", i))
        if n in names[:i]:
            raise ScorerError("duplicate_player", f"{n!r} is named twice", ("players", i))
    return tuple(names)


def _deal(value: object, full: int) -> dict[Wind, tuple[Tile, ...]]:
    """Each seat's dealt tiles: ``full`` (13, or 16 in a 16-tile book), East one more if it acts first."""
    v = _object(value, ("deal",), _declared(DEAL_FIELDS))
    out: dict[Wind, tuple[Tile, ...]] = {}
    for w in SEATS:
        at: Path = ("deal", w.value)
        tiles = parse_tiles(v[w.value], at)
        if len(tiles) != full and not (w is Wind.E and len(tiles) == full + 1):
            raise ScorerError(TILE_COUNT, f"{w} is dealt {full} tiles (East {full} or {full + 1}), got {len(tiles)}",
                              at)
        out[w] = tiles
    return out


def _flowers(value: object, book: RuleBook) -> dict[Wind, int | tuple[Flower, ...]]:
    v = _object(value, ("flowers",), _declared(FLOWER_FIELDS))
    if v and book.flowers == "none":
        raise ScorerError("not_in_ruleset", f"{book.title} is played without flowers", ("flowers",))
    out: dict[Wind, int | tuple[Flower, ...]] = {}
    for w in SEATS:
        f = v.get(w.value)
        if f is None:
            continue
        at: Path = ("flowers", w.value)
        if isinstance(f, int) and not isinstance(f, bool):
            if not 0 <= f <= MAX_FLOWERS:
                raise ScorerError("bad_flowers", f"flowers are 0 to {MAX_FLOWERS}, got {f}", at)
            if f and book.flowers == "named":
                raise ScorerError("bad_flowers", f"{book.title} scores each flower by its seat: name them (e.g. "
                                  '["plum", "spring"]), not how many', at)
            out[w] = f
        else:
            out[w] = parse_flowers(f, at)
    total = sum(f if isinstance(f, int) else len(f) for f in out.values())
    if total > MAX_FLOWERS:
        raise ScorerError("bad_flowers", f"there are {MAX_FLOWERS} flowers, the record gives {total}", ("flowers",))
    named = [x for f in out.values() if not isinstance(f, int) for x in f]
    if len(set(named)) != len(named):
        raise ScorerError("bad_flowers", "a flower is given to two seats", ("flowers",))
    return out


def _suited_only(book: RuleBook, deal: Mapping[Wind, tuple[Tile, ...]], wall: tuple[Tile, ...] | None,
                 actions: tuple[Action, ...], first: int = 0) -> None:
    """A book of suited tiles only has no honours: one dealt, in the wall or drawn is refused where it is."""
    def refuse(t: Tile, at: Path) -> None:
        raise ScorerError(book.honour_error, f"{book.title} uses only the {book.wall} suited tiles, not {t}", at)

    for w, tiles in deal.items():
        for t in tiles:
            if IS_HONOR[INDEX[t]]:
                refuse(t, ("deal", w.value))
    for k, t in enumerate(wall or ()):
        if IS_HONOR[INDEX[t]]:
            refuse(t, ("wall", k))
    for i, a in enumerate(actions, first):
        if a.tile is not None and IS_HONOR[INDEX[a.tile]]:
            refuse(a.tile, ("actions", i, "tile"))
        if any(IS_HONOR[INDEX[t]] for t in a.tiles):
            refuse(next(t for t in a.tiles if IS_HONOR[INDEX[t]]), ("actions", i, "tiles"))


def read_action(value: object, book: RuleBook, index: int) -> Action:
    """One action as a record's ``actions[index]`` (``Action`` or its JSON), refused where a record
    would refuse it."""
    a = value if isinstance(value, Action) else _action(value, ("actions", index))
    if not book.honors:
        _suited_only(book, {}, None, (a,), index)
    return a


def _missing_suits(value: object, book: RuleBook) -> dict[Wind, str]:
    if not book.play.missing_suit:
        if value is not None:
            raise ScorerError("not_in_ruleset", f"{book.title} declares no missing suits", ("missing_suits",))
        return {}
    if value is None:
        raise ScorerError("missing_suit_required", f"a {book.title} record gives each seat's missing suit",
                          ("missing_suits",))
    v = _object(value, ("missing_suits",), _declared(MISSING_SUIT_FIELDS))
    out: dict[Wind, str] = {}
    for w in SEATS:
        s = v[w.value]
        if s not in ("m", "p", "s"):
            raise ScorerError(BAD_VALUE, f"a missing suit is m, p or s, got {s!r}", ("missing_suits", w.value))
        out[w] = s
    return out


def _action(value: object, at: Path) -> Action:
    v = _object(value, at, _ACTION)
    kind = v["action"]
    if kind not in ACTIONS:
        raise ScorerError(BAD_VALUE, f"action must be one of {', '.join(ACTIONS)}, got {kind!r}", (*at, "action"))
    if kind == "wall_end":
        if "seat" in v:
            raise ScorerError(BAD_VALUE, "wall_end is no seat's action", (*at, "seat"))
        seat = Wind.E
    else:
        if "seat" not in v:
            raise ScorerError(BAD_VALUE, "seat is required", (*at, "seat"))
        seat = _wind(v["seat"], (*at, "seat"))
    tile = None
    if v.get("tile") is not None:
        ts = parse_tiles(v["tile"], (*at, "tile"))
        if len(ts) != 1:
            raise ScorerError(TILE_COUNT, f"tile is one tile, got {len(ts)}", (*at, "tile"))
        tile = ts[0]
    tiles: tuple[Tile, ...] = ()
    if "tiles" in v:
        if kind != "chow":
            raise ScorerError(BAD_VALUE, "only a chow gives tiles", (*at, "tiles"))
        tiles = parse_tiles(v["tiles"], (*at, "tiles"))
    flower = None
    if "flower" in v:
        if kind != "flower":
            raise ScorerError(BAD_VALUE, "only a flower action names a flower", (*at, "flower"))
        (flower,) = parse_flowers([v["flower"]], (*at, "flower"))
    elif kind == "flower":
        raise ScorerError(BAD_VALUE, "a flower action names its flower", (*at, "flower"))
    outranked: tuple[Outranked, ...] = ()
    if v.get("outranked"):
        if kind not in CLAIMS:
            raise ScorerError(BAD_VALUE, "only a claim outranks others", (*at, "outranked"))
        outranked = _listed(v["outranked"], (*at, "outranked"), _outranked)
        if len(outranked) > 3:
            raise ScorerError(BAD_VALUE, "at most three claims are outranked", (*at, "outranked"))
    return Action(seat=seat, action=kind, tile=tile, tiles=tiles, flower=flower, outranked=outranked)


def _outranked(value: object, at: Path) -> Outranked:
    v = _object(value, at, _OUTRANKED)
    if v["action"] not in CLAIMS:
        raise ScorerError(BAD_VALUE, f"a claim is one of {', '.join(CLAIMS)}, got {v['action']!r}", (*at, "action"))
    return Outranked(seat=_wind(v["seat"], (*at, "seat")), action=v["action"])
