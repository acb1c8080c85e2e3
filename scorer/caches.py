"""The library's cache bounds, read once from the environment.

``SCORER_RESULT_CACHE_SIZE`` (default 0: off) keeps whole results by hand and context, in each rule
book. It pays only when the same hand comes back: on a stream of hands each seen once it cost a
tenth more instructions per hand (callgrind, 2,000 generated hands: 175k against 157k with it
off), mostly the garbage collector walking the results it keeps alive. A client that asks about
the same hands again (a bot weighing its discards turn after turn) can turn it on.
``SCORER_DECOMPOSITION_CACHE_SIZE`` bounds the per-shape decompositions, which hands share.
"""

from __future__ import annotations

import os


def env_size(name: str, default: int) -> int:
    """A non-negative size from the environment; the default when unset or not a number."""
    try:
        return max(0, int(os.environ.get(name, default)))
    except ValueError:
        return default


RESULT_CACHE_SIZE = env_size("SCORER_RESULT_CACHE_SIZE", 0)
