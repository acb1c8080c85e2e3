"""Mahjong scoring by rule book — MCR (国标麻将, the default), Hong Kong, Sichuan: tiles and
notations, validated hands, each book's fan table, the scorer, waits and settlement.

    >>> import scorer
    >>> r = scorer.score("[222m1][444m2][666m3]88mWW8m", discarder="S")
    >>> r.points, [f.id for f in r.fans], dict(r.payouts)
    (12, ['all_pungs', 'half_flush'], {'E': 36, 'S': -20, 'W': -8, 'N': -8})
"""

from importlib.machinery import EXTENSION_SUFFIXES

from . import decompose as _decompose
from . import shape
from .api import SCORE_FIELDS, clear_caches, score
from .context import Context
from .errors import ScorerError
from .flowers import Flower
from .forms import Form
from .hand import MELD_FIELDS, Hand, Meld
from .holding import Holding
from .result import Arrangement, Excluded, Explanation, FanScore, Result, ScoredSet
from .rules import RULESETS, FanRow, OptionSpec, RuleBook, rulebook
from .rules.mcr.fan_id import FanId
from .rules.mcr.fans import BY_ID as FANS_BY_ID
from .rules.mcr.fans import FANS, MIN_POINTS
from .rules.mcr.room import (
    ROOM_HAND_FIELDS,
    WIN_FIELDS,
    Draw,
    HandRecord,
    Leave,
    Ledger,
    Player,
    Room,
    Standing,
    Win,
    settle,
)
from .rules.mcr.scoring import cache_info
from .rules.sichuan.options import SichuanOptions
from .rules.sichuan.settle import EVENT_FIELDS as SICHUAN_EVENT_FIELDS
from .rules.sichuan.settle import WIN_FIELDS as SICHUAN_WIN_FIELDS
from .rules.sichuan.settle import WINNER_FIELDS as SICHUAN_WINNER_FIELDS
from .rules.sichuan.settle import EventRecord as SichuanEventRecord
from .rules.sichuan.settle import Exhaustion, Kong, Payment, Play, ReadyWin, Settlement, Winner
from .rules.sichuan.settle import Win as SichuanWin
from .rules.sichuan.settle import settle as settle_sichuan
from .rules.table import Fan
from .set_kind import MeldKind, SetKind
from .tiles import Tile, Wind, format_botzone, format_tiles, parse_botzone, parse_tiles
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

# Which build is running: True when the hot modules are mypyc-compiled extension modules (a wheel
# built with a C compiler), False for pure Python (an editable install, or no compiler at build time).
COMPILED: bool = (_decompose.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))

__all__ = [
    "COMPILED", "RULESETS", "SCORE_FIELDS", "FanRow", "Flower", "OptionSpec", "RuleBook", "Wind", "rulebook",
    "FANS", "FANS_BY_ID", "MELD_FIELDS", "MIN_POINTS", "ROOM_HAND_FIELDS", "WAITS_FIELDS", "WAIT_CONTEXT_FIELDS",
    "WIN_FIELDS", "Analysis", "Arrangement", "Excluded", "Explanation",
    "Context", "Discard", "Draw", "DrawnWin", "Fan", "FanId", "FanScore", "Form", "Hand",
    "HandRecord", "Holding", "Leave", "Ledger", "Meld", "MeldKind", "Outlook", "Player", "Result", "Room", "ScoredSet",
    "ScorerError", "SetKind", "Standing", "Tile", "Useful", "Wait", "Win", "analyze", "cache_info", "clear_caches",
    "format_botzone", "format_tiles", "parse_botzone", "parse_tiles", "score", "settle", "shape",
    # Sichuan: a whole hand of play (scorer.rules.sichuan.settle)
    "SICHUAN_EVENT_FIELDS", "SICHUAN_WINNER_FIELDS", "SICHUAN_WIN_FIELDS", "Exhaustion", "Kong", "Payment", "Play",
    "ReadyWin", "Settlement", "SichuanEventRecord", "SichuanOptions", "SichuanWin", "Winner", "settle_sichuan",
]
