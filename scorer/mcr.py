"""Mahjong Competition Rules (国标麻将), the default book, as one namespace: its fan table, its
options, a whole room of hands read and checked (``build_room``) and settled (``settle``).

    >>> import scorer
    >>> scorer.mcr.BY_ID["all_pungs"].points, scorer.mcr.MIN_POINTS
    (6, 8)
"""

from .rules.mcr.book import BOOK
from .rules.mcr.fan_id import FanId
from .rules.mcr.fans import BY_ID, FANS, MIN_POINTS, TABLE
from .rules.mcr.ledger import HandRecord, Ledger, Standing, settle
from .rules.mcr.options import McrOptions
from .rules.mcr.reading import build_room
from .rules.mcr.room import ROOM_HAND_FIELDS, WIN_FIELDS, Draw, Leave, Player, Room, Win
from .rules.mcr.scoring import cache_info

Options = McrOptions


__all__ = [
    "BOOK", "BY_ID", "FANS", "MIN_POINTS", "ROOM_HAND_FIELDS", "TABLE", "WIN_FIELDS", "Draw", "FanId", "HandRecord",
    "Leave", "Ledger", "Options", "Player", "Room", "Standing", "Win", "build_room", "cache_info", "settle",
]
