"""Game records: the record type, its replay (every action checked, every win's context derived,
scored and settled by the same code as the other endpoints), and readers of other formats
(Botzone's)."""

from .record import ACTIONS, Action, Outranked, Record
from .replay import Replay, WinReplay, replay

__all__ = ["ACTIONS", "Action", "Outranked", "Record", "Replay", "WinReplay", "replay"]
