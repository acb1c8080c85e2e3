"""Mahjong scoring by rule book — MCR (国标麻将, the default), Hong Kong, Sichuan, Taiwanese 16-tile:
tiles and notations, validated hands, the scorer and waits, book-neutral at the top; each book's
own names (its fan table, options, settlement) in its namespace, ``scorer.<book>``, one for each
book of the registry (``scorer.RULESETS``).

    >>> import scorer
    >>> r = scorer.score("[222m1][444m2][666m3]88mWW8m", discarder="S")
    >>> r.points, [f.id for f in r.fans], dict(r.payouts)
    (12, ['all_pungs', 'half_flush'], {'E': 36, 'S': -20, 'W': -8, 'N': -8})
"""

import sys as _sys
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any

from . import decompose as _decompose
from . import shape
from .api import SCORE_FIELDS, clear_caches, score
from .context import Context
from .errors import ScorerError
from .flowers import Flower
from .forms import Form
from .hand import MELD_FIELDS, Hand, Meld
from .holding import Holding
from .records import Action as RecordAction
from .records import Legal, Next, Record, Referee, Replay, WinReplay, replay
from .result import Arrangement, Excluded, Explanation, FanScore, Result, ScoredSet
from .rules import RULESETS, FanRow, OptionSpec, RuleBook, rulebook
from .rules.table import Fan
from .set_kind import MeldKind, SetKind
from .tiles import Tile, Wind, format_botzone, format_tiles, parse_botzone, parse_tiles
from .tournament import Standings as TournamentStandings
from .tournament import Tournament, standings
from .waits.analysis import (
    WAIT_CONTEXT_FIELDS,
    WAITS_FIELDS,
    Analysis,
    Discard,
    DrawnWin,
    Outlook,
    Useful,
    Wait,
    analyze,
)

# Each book's namespace is its package (``scorer.rules.<book>``), one home for it; ``scorer.<book>`` is
# the same module, an alias made here for every book of the registry (documented, and what users
# import: ``import scorer.<book>`` finds it in ``sys.modules``), so a book that ships is its folder and
# a registry line, and no module here is written for it.
_BOOKS: dict[str, Any] = {name: import_module(book.package) for name, book in RULESETS.items()}
for _name, _module in _BOOKS.items():
    _sys.modules.setdefault(f"{__name__}.{_name}", _module)
    globals()[_name] = _module

# Which build is running: True when the hot modules are mypyc-compiled extension modules (a wheel
# built with a C compiler), False for pure Python (an editable install, or no compiler at build time).
COMPILED: bool = (_decompose.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))

__all__ = [
    "COMPILED", "MELD_FIELDS", "RULESETS", "SCORE_FIELDS", "WAITS_FIELDS", "WAIT_CONTEXT_FIELDS",
    "Analysis", "Arrangement", "Context", "Discard", "DrawnWin", "Excluded", "Explanation", "Fan", "FanRow",
    "FanScore", "Flower", "Form", "Hand", "Holding", "Meld", "MeldKind", "OptionSpec", "Outlook", "Result",
    "RuleBook", "ScoredSet", "ScorerError", "SetKind", "Tile", "Useful", "Wait", "Wind", "analyze", "clear_caches",
    "format_botzone", "format_tiles", "parse_botzone", "parse_tiles", "rulebook", "score", "shape",
    *_BOOKS,  # each book's namespace (its package, scorer.rules.<book>)
    # a tournament's standings (scorer.tournament)
    "Tournament", "TournamentStandings", "standings",
    # game records, their replay and the referee of a hand in progress (scorer.records)
    "Legal", "Next", "Record", "RecordAction", "Referee", "Replay", "WinReplay", "replay",
]

if COMPILED:  # mypyc keeps no docstrings: the wheel ships them, put back on the public names
    from . import _docs

    _docs.restore([_sys.modules[__name__], *_BOOKS.values()])
