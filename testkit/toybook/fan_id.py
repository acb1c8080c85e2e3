"""The toy book's fan ids, in its table's order."""

from __future__ import annotations

from enum import StrEnum, unique


@unique
class ToyFan(StrEnum):
    PAIRS = "pairs"
    FULL_FLUSH = "full_flush"
    ALL_PUNGS = "all_pungs"
    CONCEALED_SELF_DRAWN = "concealed_self_drawn"
    CONCEALED = "concealed"
    SELF_DRAWN = "self_drawn"
