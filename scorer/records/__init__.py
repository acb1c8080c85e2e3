"""Game records: the record type, its replay (every action checked, every win's context derived,
scored and settled by the same code as the other endpoints), the referee that steps through a hand
and says what each seat may do next, and readers of other formats (Botzone's)."""

from .record import ACTIONS, Action, Outranked, Record
from .referee import Next, Referee
from .replay import Replay, WinReplay, replay
from .table import Legal

__all__ = ["ACTIONS", "Action", "Legal", "Next", "Outranked", "Record", "Referee", "Replay", "WinReplay", "replay"]
