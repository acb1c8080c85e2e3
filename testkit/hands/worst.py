"""The slowest bodies of a ``testkit.hands.load`` pool, each scored cold in-process (caches
cleared, best of three, so machine noise does not pick the hand): the heaviest batch the lifecycle
test sends and ``python -m bench.worst_batch`` posts."""

from __future__ import annotations

import time
from typing import Any

from testkit.hands.load import generate


def slowest_bodies(pool: int = 4000, size: int = 1000, seed: int = 7) -> tuple[list[dict[str, Any]], float]:
    """The ``size`` slowest request bodies of ``pool`` generated ones, and their cold scoring time
    in seconds (the library alone, no HTTP)."""
    import scorer
    from scorer.rules.mcr import scoring

    timed: list[tuple[float, dict[str, Any]]] = []
    for h in generate(pool, seed=seed):
        body = h.body()
        hand = scorer.Hand.build(**body["hand"])  # generate's bodies are in the object form
        ctx = scorer.Context.build(**body.get("context", {}))
        best = float("inf")
        for _ in range(3):
            scoring.clear_caches()
            t0 = time.perf_counter()
            scorer.score(hand, ctx)
            best = min(best, time.perf_counter() - t0)
        timed.append((best, body))
    timed.sort(key=lambda t: -t[0])
    chosen = timed[:size]
    scoring.clear_caches()
    return [b for _, b in chosen], sum(t for t, _ in chosen)
