"""Sichuan 血战到底 (Bloody to the End) as one namespace: its fan table, options, and a whole hand
of play read and checked (``build_play``) and settled (``settle``).

    >>> import scorer
    >>> scorer.sichuan.Options().max_fan, scorer.sichuan.BY_ID["root"].name_zh
    (5, '根')
"""

from .rules.sichuan.book import BOOK
from .rules.sichuan.fan_id import SichuanFan as FanId
from .rules.sichuan.fans import BY_ID, FANS, MAX_FAN, TABLE
from .rules.sichuan.options import SichuanOptions as Options
from .rules.sichuan.play import EVENT_FIELDS, WIN_FIELDS, WINNER_FIELDS, Kong, Play, Win, Winner
from .rules.sichuan.reading import build_play
from .rules.sichuan.settlement import EventRecord, Exhaustion, Payment, ReadyWin, Settlement, settle

__all__ = [
    "BOOK", "BY_ID", "EVENT_FIELDS", "FANS", "MAX_FAN", "TABLE", "WINNER_FIELDS", "WIN_FIELDS", "EventRecord",
    "Exhaustion", "FanId", "Kong", "Options", "Payment", "Play", "ReadyWin", "Settlement", "Win", "Winner",
    "build_play", "settle",
]
