"""The library's cache bounds, read once from the environment (both default to 0: off).

``SCORER_RESULT_CACHE_SIZE`` keeps whole results by hand and context, in each rule book;
``SCORER_DECOMPOSITION_CACHE_SIZE`` the divisions and waits of each concealed part. Either pays
only when the same hands (or concealed parts) come back: on a stream of hands each seen once,
keying and filling them cost more than they saved (callgrind, 2,000 generated hands scored once
each, compiled: the result cache 175k against 157k instructions a hand with it off, the
decomposition cache then 120k against 109k), most of it the garbage collector walking what they
keep alive; a waits analysis, which asks about related shapes, gained 2% from the second. A
client that asks about the same hands again (a bot weighing its discards turn after turn, a page
re-scoring as a player edits) can turn them on.
"""

from __future__ import annotations

import os
from typing import Final


def env_size(name: str, default: int) -> int:
    """A non-negative size from the environment; the default when unset or not a number."""
    try:
        return max(0, int(os.environ.get(name, default)))
    except ValueError:
        return default


RESULT_CACHE_SIZE: Final = env_size("SCORER_RESULT_CACHE_SIZE", 0)
DECOMPOSITION_CACHE_SIZE: Final = env_size("SCORER_DECOMPOSITION_CACHE_SIZE", 0)
