"""The small common interface every rule book offers: a fan table as data (``table.FanTable``),
options as one frozen value, the context fields that mean something to it, the forms it wins with,
``score``, and where it has them an explanation, its own refusal codes and a settlement.

A rule book is configuration plus a few detectors, not a fork of the engine: the loop over the
readings of a hand is ``engine.Engine``'s, the readings come from the shared ``scorer.decompose``;
a book says which fans it sees in a reading, what replaces or excludes what, which reading is
better, its cap, and how money moves. The service, the CLI, the waits and the page ask the
registry (``scorer.rules``) what exists and never reach inside one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from importlib import import_module
from typing import Any, Protocol, TypeVar

from ..context import Context
from ..context_field import ContextField
from ..errors import BAD_OPTION, BAD_VALUE, NOT_IN_RULESET, TILE_COUNT, ScorerError
from ..forms import Form
from ..hand import Hand
from ..holding import Holding
from ..result import Result
from ..shape import Declared, FieldSpec, read_object
from .engine import result_cache_info
from .playrules import PlayRules
from .table import FanRow, FanTable

_OPTION = "scorer.rules.option"  # the metadata key of an option field


@dataclass(frozen=True)
class OptionSpec:
    """One house rule: its default and what it may be (a whole-number range, named choices, or true
    and false)."""

    name: str
    default: int | str | bool
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    source: str = ""  # where the rule comes from: a RULINGS.md row ("HK23: the page ...")

    def check(self, value: object) -> int | str | bool:
        """The value if it is allowed; a ``ScorerError`` pointing at ``/options/<name>`` if not."""
        at = ("options", self.name)
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise ScorerError(BAD_OPTION, f"{self.name} must be true or false, got {value!r}", at)
            return value
        if self.choices:
            if not isinstance(value, str) or value not in self.choices:
                raise ScorerError(BAD_OPTION, f"{self.name} must be one of {', '.join(self.choices)}, got {value!r}",
                                  at)
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise ScorerError(BAD_OPTION, f"{self.name} must be a whole number, got {value!r}", at)
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise ScorerError(BAD_OPTION, f"{self.name} must be from {self.minimum} to {self.maximum}, got {value}", at)
        return value

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "default": self.default, "help": self.help}
        if isinstance(self.default, bool):
            pass  # true or false
        elif self.choices:
            out["choices"] = list(self.choices)
        else:
            out["minimum"], out["maximum"] = self.minimum, self.maximum
        out["source"] = self.source
        return out


PRESET = "preset"  # the options key that names a preset
FAN_VALUES = "fan_values"  # the options key that sets fans' values: {fan id: value}, where a book allows it


@dataclass(frozen=True)
class Preset:
    """A named row of option values: a federation's edition, a platform's or a house's rules.
    Options given beside it override it one by one. A book's first preset is its default: its
    values are the options' defaults, so a request without options scores by it."""

    name: str
    help: str
    source: str  # the RULINGS.md row that states it, then where it comes from
    values: tuple[tuple[str, int | str | bool], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "help": self.help, "source": self.source, "values": dict(self.values)}


def option(default: int | str | bool, help: str, *, source: str, minimum: int | None = None, maximum: int | None = None,
           choices: tuple[str, ...] = ()) -> Any:
    """Declare a field of a book's frozen options dataclass as a house rule:
    ``max_fan: int = option(13, "the cap", source="HK9: the page, 最多计 13 番", minimum=1, maximum=13)``;
    ``source`` begins with the RULINGS.md row that states it."""
    return field(default=default, metadata={_OPTION: (help, minimum, maximum, choices, source)})


_SPECS: dict[type, tuple[OptionSpec, ...]] = {}  # by options type: read on every request with options


def option_specs(options_type: type) -> tuple[OptionSpec, ...]:
    """The house rules a book's options dataclass declares, in declaration order."""
    known = _SPECS.get(options_type)
    if known is not None:
        return known
    out = []
    for f in fields(options_type):
        meta = f.metadata.get(_OPTION)
        if meta is None or f.default is MISSING:
            continue
        help, minimum, maximum, choices, source = meta
        out.append(OptionSpec(f.name, f.default, help, minimum, maximum, choices, source))
    specs = _SPECS[options_type] = tuple(out)
    return specs


OptionsT = TypeVar("OptionsT")


def parse_options(options_type: type[OptionsT], given: object, book: str,
                  presets: tuple[Preset, ...] = (), fan_ids: tuple[str, ...] = (),
                  fan_range: tuple[int, int] | None = None, limit_ids: tuple[str, ...] = ()) -> OptionsT:
    """The frozen options value from a request's ``options`` object: its ``preset``'s values (a
    name among ``presets``), then each option given beside it, then ``fan_values`` (fans of the
    book's table, ``fan_ids``, each valued within ``fan_range``; refused where the book has none);
    an unknown preset or option, or a value out of range, is a ``ScorerError`` pointing at it."""
    if given is None:
        return options_type()
    if not isinstance(given, Mapping):
        raise ScorerError(BAD_OPTION, "options must be an object of house rules", ("options",))
    specs = {s.name: s for s in option_specs(options_type)}
    values: dict[str, object] = {}
    if PRESET in given:
        values.update(find_preset(presets, given[PRESET], book).values)
    for name, value in given.items():
        if name == PRESET:
            continue
        if name == FAN_VALUES:
            values[FAN_VALUES] = _fan_values(value, book, fan_ids, fan_range, limit_ids)
            continue
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(specs) or "none"
            raise ScorerError(BAD_OPTION, f"the rule book {book!r} has no option {name!r} (it has: {known})",
                              ("options", name))
        values[name] = spec.check(value)
    return options_type(**values)


def _fan_values(given: object, book: str, fan_ids: tuple[str, ...], fan_range: tuple[int, int] | None,
                limit_ids: tuple[str, ...] = ()) -> tuple[tuple[str, int], ...]:
    """``options.fan_values`` checked: an object of the book's fan ids, each a whole number in range;
    as sorted pairs (a frozen options value holds no dict)."""
    at: tuple[str, ...] = ("options", FAN_VALUES)
    if fan_range is None:
        raise ScorerError(BAD_OPTION, f"the rule book {book!r} fixes its fans' values: fan_values cannot change them",
                          at)
    if not isinstance(given, Mapping):
        raise ScorerError(BAD_OPTION, "fan_values must be an object of fan ids and their values", at)
    low, high = fan_range
    out = []
    for fan_id, value in given.items():
        if fan_id in limit_ids:
            raise ScorerError(BAD_OPTION, f"{fan_id} is a limit hand: it is worth the book's cap (an option), not a "
                              "value of its own", (*at, fan_id))
        if fan_id not in fan_ids:
            raise ScorerError(BAD_OPTION, f"the rule book {book!r} has no fan {fan_id!r} (GET /v1/fans?ruleset={book} "
                              "lists them)", (*at, str(fan_id)))
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ScorerError(BAD_OPTION, f"{fan_id}'s value must be a whole number from {low} to {high}, got "
                              f"{value!r}", (*at, fan_id))
        out.append((fan_id, value))
    return tuple(sorted(out))


def find_preset(presets: tuple[Preset, ...], name: object, book: str) -> Preset:
    """The preset called ``name``; a ``ScorerError`` at ``/options/preset`` naming those there are."""
    for p in presets:
        if p.name == name:
            return p
    known = ", ".join(p.name for p in presets) or "none"
    raise ScorerError(BAD_OPTION, f"the rule book {book!r} has no preset {name!r} (it has: {known})",
                      ("options", PRESET))


class ScoreFn(Protocol):
    def __call__(self, hand: Hand, context: Context, options: Any, /) -> Result: ...


class HeldScoreFn(Protocol):
    def __call__(self, held: Holding, context: Context, options: Any, /) -> Result: ...


@dataclass(frozen=True)
class Settlement:
    """A book's settlement of more than one win (an optional capability of ``RuleBook``): MCR's
    room of hands and beans, Sichuan's hand of play to the end. ``build`` reads a request body's
    fields into the book's checked value (its reading module's ``build_room``, ``build_play``),
    ``settle`` settles it into a result with ``to_dict``; ``what`` names the value, ``fields`` its
    request fields (the body of ``POST /v1/{ruleset}/settle`` and of ``mahjong-scorer settle``)."""

    what: str
    fields: tuple[FieldSpec, ...]
    build: Callable[..., Any]
    settle: Callable[[Any], Any]
    # The paths the settlement had before the one route, kept so that callers of them keep working:
    # served as aliases of ``POST /v1/{ruleset}/settle`` (the same handler, the same answers).
    aliases: tuple[str, ...] = ()

    def of_body(self, body: object) -> Any:
        """The settlement of a request body: an object of ``fields`` (a ``ScorerError`` at the
        field that is not one, or is missing), built and settled."""
        return self.settle(self.build(**read_object(body, (), Declared.of(self.fields))))


def lazy_explain(package: str) -> ScoreFn:
    """A book's ``explain``: its ``<package>.explain`` module's ``explain_hand``, imported on the
    first explained request, so plain scoring never loads it."""

    def explain(hand: Hand, context: Context, options: Any, /) -> Result:
        module = import_module(package + ".explain")
        fn: ScoreFn = module.explain_hand
        return fn(hand, context, options)

    return explain


def _no_dead_tiles(context: Context) -> frozenset[int]:
    return frozenset()


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class RuleBook:
    """A rule book as the layer sees it. ``score`` takes a checked hand and context and the book's
    own frozen options; ``context_fields`` are the ``Context`` fields that mean something here
    (any other given a value that is not its default is refused, pointing at it); ``forms`` the
    winning forms the waits compute shanten for; ``dead_tiles`` the tile indices a win can never
    hold (Sichuan's honours and missing suit), which the waits count as tiles to discard."""

    name: str
    title: str
    title_zh: str
    unit: str  # "points" or "fan"
    minimum: int  # the least a valid win scores, by default
    maximum: int | None  # the cap, by default; None: no cap
    options_type: type
    context_fields: frozenset[str]
    forms: tuple[Form, ...]
    fans: FanTable[Any]  # the book's fan table: rows of one type, its ids a StrEnum of the book's
    score: ScoreFn
    dead_tiles: Callable[[Context], frozenset[int]] = _no_dead_tiles
    clear_caches: Callable[[], None] = _nothing
    # ``score`` with the result's ``explanation``: the sets behind each fan, the fans left out and
    # why, the readings weighed. None: the book does not explain yet (``explained`` says so).
    explain: ScoreFn | None = None
    # What the book's hands may hold, so a client (the calculator page) offers only those: flowers
    # as a ``count`` (MCR), ``named`` one by one (Hong Kong scores them by seat) or ``none``
    # (Sichuan); honour tiles; chow melds.
    flowers: str = "count"
    honors: bool = True
    chows: bool = True
    # The sets of a regular hand: 4 (14 tiles at the win) or 5 (a 16-tile book: 17 at the win); a
    # hand of the other size is refused (``check_size``), and waits and shanten count to it.
    sets: int = 4
    # The prefixes of the book's rows in RULINGS.md (MCR's R, C and D; Hong Kong's HK; ...): each
    # option's ``source`` cites one of them.
    rulings: tuple[str, ...] = ()
    # The book's own refusal codes, each with its problem title (``honour_in_sichuan``: "No honour
    # tiles in Sichuan"): the wire layer maps each onto a problem ``type`` as it does the shared ones.
    errors: tuple[tuple[str, str], ...] = ()
    # The code a book without honour tiles refuses one with, wherever it is seen (a hand, the
    # tiles visible to a waits question): one of ``errors`` (Sichuan's ``honour_in_sichuan``).
    honour_error: str = NOT_IN_RULESET
    settlement: Settlement | None = None  # where the book settles more than one win
    # Named rows of option values (an edition, a platform's or a house's rules), the default first.
    presets: tuple[Preset, ...] = ()
    # The values ``options.fan_values`` may give a fan of the table (a club's or a season's table),
    # where the book's values vary by house; None where the rule book fixes them. The book's options
    # type then has a ``fan_values`` field (sorted (fan id, value) pairs) that its scoring reads.
    fan_values: tuple[int, int] | None = None
    # Forms among ``forms`` that an option switches on (0 or "off": off): (form, option) pairs, so the
    # waits count only the forms the table plays (Taiwan's 嚦咕嚦咕).
    form_options: tuple[tuple[Form, str], ...] = ()
    # How a hand is played at the book's table, as a record's replay follows it.
    play: PlayRules = PlayRules()
    # Context fields (among ``context_fields``) that mean something only under an option (Sichuan's
    # last_copy under 绝张): (field, option) pairs; the field is refused, as a foreign one is, while
    # its option is off (0 or "off").
    optional_context: tuple[tuple[str, str], ...] = ()
    # Context fields that mean nothing while an option has a value (Sichuan's out under 血流成河):
    # (field, option, value); the book refuses the field then, and says so here for its clients.
    unused_context: tuple[tuple[str, str, int | str], ...] = ()
    # ``score`` for a hand given without a winning tile (a ``Holding``): a win that takes no tile
    # (Taiwan's 八仙過海 and 七搶一, by the flowers alone). None: every win has its winning tile.
    score_held: HeldScoreFn | None = None
    # The context fields the book declares as its own (``scorer.context_field``): read from a
    # context with ``ctx.get(name)``; their names join ``context_fields``.
    own_context: tuple[ContextField, ...] = ()
    # The tiles that are jokers in every hand of the book (红中's ``C``, 杭州's ``P``), so a client
    # draws them as jokers; a book whose jokers the deal decides names them in its own context.
    jokers: tuple[str, ...] = ()
    # The book's jokers in a deal, for the waits: (its ``scorer.wild.Wild``, the 34-bit mask of the
    # kinds that are jokers) under the options and the context, or None where the deal has none.
    # None here: a book without jokers (the waits read every tile as itself).
    wild: Callable[[Any, Context], tuple[Any, int] | None] | None = None
    # Every win of the book is self-drawn (杭州): a request's context that gives none of self_drawn,
    # discarder and robbing_kong is read as self-drawn (``context_of``), where the shared default is not.
    self_drawn_default: bool = False
    _foreign: tuple[tuple[int, str, object, str | None], ...] = field(init=False, repr=False, compare=False, default=())
    _defaults: Any = field(init=False, repr=False, compare=False, default=None)
    # its own context fields that no option switches off: read under any options, never refused
    _own_always: frozenset[str] = field(init=False, repr=False, compare=False, default=frozenset())
    _parsed: dict[frozenset[tuple[object, type, object]], Any] = field(init=False, repr=False, compare=False,
                                                                        default_factory=dict)

    @property
    def package(self) -> str:
        """The book's package, its namespace: where its options are declared (``scorer.rules.<book>``
        for a book that ships here; any package for a book of one's own)."""
        return self.options_type.__module__.rpartition(".")[0]

    @property
    def fan_table(self) -> tuple[FanRow, ...]:
        """The fan table as ``GET /v1/fans`` serves it."""
        return self.fans.rows

    @property
    def options(self) -> tuple[OptionSpec, ...]:
        return option_specs(self.options_type)

    def parse_options(self, given: object) -> Any:
        """The book's frozen options for a request's ``options``: each different object read once
        (a server sees the same few presets and house rules over and over) and the value shared."""
        if given is None or (isinstance(given, Mapping) and not given):  # the defaults, made once
            return self._defaults
        key = None
        if isinstance(given, Mapping) and all(type(v) in (int, str, bool) for v in given.values()):
            key = frozenset((k, type(v), v) for k, v in given.items())  # the type: True is no 1 here
            known = self._parsed.get(key)
            if known is not None:
                return known
        value: Any = parse_options(self.options_type, given, self.name, self.presets,
                                   tuple(r.id for r in self.fan_table if not r.limit), self.fan_values,
                                   tuple(r.id for r in self.fan_table if r.limit))
        if key is not None:
            if len(self._parsed) >= _PARSED_MAX:
                self._parsed.clear()
            self._parsed[key] = value
        return value

    def __post_init__(self) -> None:
        if self.own_context:  # declared to ``Context`` when the book is registered
            object.__setattr__(self, "context_fields",
                               self.context_fields | frozenset(f.name for f in self.own_context))
        specs = {o.name: o for o in self.options}
        for p in self.presets:
            for name, value in p.values:
                assert name in specs and specs[name].check(value) == value, (self.name, p.name, name)
        if self.presets:
            first = self.presets[0]
            assert all(specs[n].default == v for n, v in first.values), (self.name, first.name)
        switched = dict(self.optional_context)
        object.__setattr__(self, "_own_always", frozenset(f.name for f in self.own_context if f.name not in switched))
        # by position in ``Context.values()`` (a tuple read is cheaper than an attribute by name)
        foreign = tuple((at, f.name, f.default, switched.get(f.name))
                        for at, f in enumerate(f for f in fields(Context) if f.init)
                        if f.name not in _ALWAYS and (f.name not in self.context_fields or f.name in switched))
        object.__setattr__(self, "_foreign", foreign)
        object.__setattr__(self, "_defaults", self.options_type())

    def context_of(self, given: Mapping[str, Any]) -> Mapping[str, Any]:
        """A request's context fields with the book's default for how the hand was won: self-drawn
        where ``self_drawn_default`` and the request says nothing of it (no discarder, no robbed kong)."""
        if (self.self_drawn_default and "self_drawn" not in given and given.get("discarder") is None
                and not given.get("robbing_kong")):
            return {**given, "self_drawn": True}
        return given

    def cache_info(self) -> dict[str, int]:
        """The book's result cache's counters (``hits``, ``misses``, ``size``, ``maxsize``), as
        ``clear_caches`` empties it: the service's metrics add every book's."""
        return result_cache_info(self.name)

    def explained(self, hand: Hand, context: Context, options: Any) -> Result:
        """``score`` with an ``explanation``; a ``ScorerError`` at ``/explain`` if the book has none."""
        if self.explain is None:
            raise ScorerError(NOT_IN_RULESET, f"the rule book {self.name!r} does not explain its scores yet",
                              ("explain",), ruleset=self.name)
        return self.explain(hand, context, options)

    def held(self, held: Holding, context: Context, options: Any) -> Result:
        """The score of a hand given without its winning tile, where the book has wins that take
        none; a ``ScorerError`` at ``/hand/winning_tile`` where it has not."""
        if self.score_held is None:
            raise ScorerError(BAD_VALUE, f"winning_tile is missing: every win in the rule book {self.name!r} is "
                              "scored at its winning tile", ("hand", "winning_tile"), ruleset=self.name)
        return self.score_held(held, context, options)

    def forms_under(self, options: Any) -> tuple[Form, ...]:
        """The winning forms under ``options``: ``forms`` less those whose option is off."""
        if not self.form_options:
            return self.forms
        off = {form for form, name in self.form_options if getattr(options, name, 0) in (0, "off")}
        return tuple(f for f in self.forms if f not in off)

    def means(self, name: str, options: Any) -> bool:
        """Whether the context field ``name`` means something under ``options`` (the book's own):
        one of ``context_fields``, and its option on if it is one of ``optional_context``."""
        if name not in self.context_fields and name not in _ALWAYS:
            return False
        switch = dict(self.optional_context).get(name)
        return switch is None or getattr(options, switch, 0) not in (0, "off")

    def check_context(self, context: Context, options: Any = None) -> None:
        """Refuse a context field this book has no use for (MCR's last copy in Hong Kong, Sichuan's
        missing suit in MCR): a value other than its default would be silently ignored. A field of
        ``optional_context`` is refused so too while its option is off in ``options``."""
        for name, _ in context.own:  # each not at its default (``Context`` leaves those out)
            if name not in self._own_always and not self.means(name, options):
                raise ScorerError(NOT_IN_RULESET, f"{name} means nothing in the rule book {self.name!r}",
                                  ("context", name), ruleset=self.name)
        values = context.values()
        for at, name, default, option_name in self._foreign:
            v = values[at]
            # ``is`` first: a field left alone holds its default itself (False, None, 0, ())
            if v is not default and v != default and (
                    option_name is None or getattr(options, option_name, 0) in (0, "off")):
                raise ScorerError(NOT_IN_RULESET, f"{name} means nothing in the rule book {self.name!r}",
                                  ("context", name), ruleset=self.name)

    @property
    def wall(self) -> int:
        """The tiles in play: four of each suited kind, of each honour where there are honours (else
        of each fixed joker that is an honour: 红中's 中), and the eight flowers where there are flowers."""
        kinds = 27 + (7 if self.honors else sum(1 for j in self.jokers if j in _HONOUR_CODES))
        return 4 * kinds + (0 if self.flowers == "none" else 8)

    def check_size(self, sets: int, at: tuple[str | int, ...] = ("hand",)) -> None:
        """Refuse a hand of the other size (a 16-tile hand to a 14-tile book, or the converse)."""
        if sets != self.sets:
            raise ScorerError(TILE_COUNT, f"the rule book {self.name!r} plays {self.sets} sets and a pair "
                              f"({3 * self.sets + 2} tiles at the win, {3 * self.sets + 1} waiting); this hand is "
                              f"sized for {sets} ({3 * sets + 2} at the win)", at, ruleset=self.name)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "title_zh": self.title_zh, "unit": self.unit,
                "minimum": self.minimum, "maximum": self.maximum, "fans": len(self.fan_table),
                "options": [o.to_dict() for o in self.options],
                "presets": [p.to_dict() for p in self.presets],
                "context": sorted(self.context_fields | _ALWAYS),
                "own_context": [f.to_dict() for f in self.own_context],
                "jokers": list(self.jokers),
                "optional_context": dict(self.optional_context),
                "unused_context": [{"field": f, "option": o, "value": v} for f, o, v in self.unused_context],
                "explain": self.explain is not None,
                "tiles": {"flowers": self.flowers, "honors": self.honors, "chows": self.chows, "sets": self.sets,
                          "wall": self.wall}}


_PARSED_MAX = 256  # different options objects kept per book; cleared when full

_ALWAYS = frozenset({"self_drawn", "discarder", "seat_wind", "base_points"})
_HONOUR_CODES = frozenset("ESWNCFP")
