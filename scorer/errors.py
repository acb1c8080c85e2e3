"""Typed scoring errors: still ``ValueError``, each with a stable code and the field at fault.

The service maps ``code`` one-to-one onto a problem ``type`` and ``field`` onto a JSON pointer,
so both are part of the public contract: add codes, never rename them.
"""

from __future__ import annotations

from typing import Any, Final

# Stable machine codes.
UNKNOWN_TILE: Final = "unknown_tile"
BAD_NOTATION: Final = "bad_notation"
TILE_COUNT: Final = "tile_count"
TOO_MANY_COPIES: Final = "too_many_copies"
BAD_MELD: Final = "bad_meld"
CONCEALED_NOT_KONG: Final = "concealed_not_kong"
BAD_FLOWERS: Final = "bad_flowers"
BAD_WIND: Final = "bad_wind"
BAD_BASE_POINTS: Final = "bad_base_points"
CONTRADICTORY_CONTEXT: Final = "contradictory_context"
BAD_VALUE: Final = "bad_value"
# The rule-book layer (scorer.rules)
BAD_RULESET: Final = "bad_ruleset"
BAD_OPTION: Final = "bad_option"
NOT_IN_RULESET: Final = "not_in_ruleset"
# A room of hands and beans (a book's settlement: ``RuleBook.settlement``)
UNKNOWN_PLAYER: Final = "unknown_player"
DUPLICATE_PLAYER: Final = "duplicate_player"
BAD_BEANS: Final = "bad_beans"
BAD_ROOM_LENGTH: Final = "bad_room_length"
TOO_MANY_HANDS: Final = "too_many_hands"
HAND_AFTER_LEAVE: Final = "hand_after_leave"
BAD_CLAIM: Final = "bad_claim"
NOT_WINNING: Final = "not_winning"
UNDER_MINIMUM: Final = "under_minimum"
BAD_POINTS: Final = "bad_points"
# A book with a missing suit (Sichuan), and a hand of play. What a book has no place for (honours,
# chows, flowers, a context field) is ``NOT_IN_RULESET`` with the book as data, or a code the book
# itself declares (``RuleBook.errors``), so that adding a book edits nothing here.
MISSING_SUIT_REQUIRED: Final = "missing_suit_required"
MISSING_SUIT_HELD: Final = "missing_suit_held"
PLAYER_OUT: Final = "player_out"
TOO_MANY_WINNERS: Final = "too_many_winners"
BAD_ROBBING: Final = "bad_robbing"
BAD_KONG: Final = "bad_kong"
BAD_EXHAUSTED: Final = "bad_exhausted"
HAND_OVER: Final = "hand_over"
# A game record (scorer.records): an action that cannot have happened
ILLEGAL_ACTION: Final = "illegal_action"

Path = tuple[str | int, ...]


class ScorerError(ValueError):
    """An impossible hand or context: ``code`` says what kind, ``field`` where (a path),
    ``ruleset`` the rule book that refused it (None: any book would)."""

    def __init__(self, code: str, message: str, field: Path = (), *, ruleset: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.ruleset = ruleset

    @property
    def pointer(self) -> str:
        """The field as an RFC 6901 JSON pointer, e.g. ``/hand/melds/1/tiles``."""
        return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in self.field)

    def __repr__(self) -> str:
        return f"ScorerError({self.code!r}, {self.message!r}, {self.field!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled whole (to and from a process pool's workers): the exception's own args hold the message only
        return (self.__class__, (self.code, self.message, self.field), {"ruleset": self.ruleset})
