"""Jokers (``scorer.wild``) against the engine's own decomposition without them, on the same hands.

    python -m bench.wild [--n 300] [--seed 1] [--rounds 3] [--mix easy|hard|both] [--json out.json]

Each complete regular hand of the mix (``testkit/hands/themed.py`` easy, ``testkit/hands/hard.py``
hard; seven pairs and the other special forms left out) is split by ``regular_divisions`` — the
reference here — and then, with 0 to 4 of its concealed tiles turned into jokers that may stand for
any tile within the four-copy cap (广东's ghosts), read by ``scorer.wild.readings`` (every logical
division) and asked ``is_complete`` (the fast path). The same hand less one tile, ready, has its
waits found by ``scorer.wild.waits`` against ``scorer.decompose.waits`` of it with no joker, and
a hand two tiles from that (one more swapped for a random one) its shanten by
``scorer.wild.regular_shanten`` against the engine's ``regular_shanten`` of it. A hand
with 4 jokers has many readings (a set of three jokers is any of 55 sets): the figures say what a
book pays to score every reading's division. The turned tiles are chosen by the seed, so both
sides see the same hands. The jokers' tables are cached per process, as in use: the hands are new
to it, their suits' shapes often not.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from bench.common import Clock, run

JOKERS = (0, 1, 2, 3, 4)
PAIRS = {**{f"readings_{j}": ((f"readings_{j}",), "ref") for j in JOKERS},
         **{f"complete_{j}": ((f"complete_{j}",), "ref") for j in JOKERS},
         **{f"waits_{j}": ((f"waits_{j}",), "ref_waits") for j in JOKERS},
         **{f"shanten_{j}": ((f"shanten_{j}",), "ref_shanten") for j in JOKERS}}


def hands(mix: str, n: int, seed: int) -> list[tuple[tuple[int, ...], int]]:
    """(concealed counts with the winning tile, sets to find) of complete regular hands."""
    from scorer.decompose import regular_divisions
    from scorer.tiles import INDEX_OF_CODE

    if mix == "easy":
        from testkit.hands.themed import generate_many

        made = generate_many(2 * n, seed)
    else:
        from testkit.hands.hard import complete

        made = complete(2 * n, seed)
    out = []
    for g in made:
        c = [0] * 34
        for code in (*g.concealed, g.winning_tile):
            c[INDEX_OF_CODE[code]] += 1
        need = 4 - len(g.melds)
        counts = tuple(c)
        if regular_divisions(counts, need):
            out.append((counts, need))
        if len(out) == n:
            break
    return out


def child(mix: str, n: int, seed: int) -> dict[str, Any]:
    import scorer
    from scorer.decompose import regular_divisions
    from scorer.decompose import waits as plain_waits
    from scorer.waits.shanten import regular_shanten as plain_shanten
    from scorer.wild import Wild, is_complete, readings, regular_shanten, waits

    wild = Wild()  # any tile, no fifth copy
    rng = random.Random(seed)
    clock = Clock()
    found = dict.fromkeys(JOKERS, 0)
    made = hands(mix, n, seed)
    for counts, need in made:
        clock.time("ref", regular_divisions, counts, need)
        tiles = [t for t in range(34) for _ in range(counts[t])]
        for j in JOKERS:
            c = list(counts)
            for t in rng.sample(tiles, min(j, len(tiles))):
                c[t] -= 1
            held = tuple(c)
            k = sum(counts) - sum(held)
            got = clock.time(f"readings_{j}", readings, held, k, need, wild)
            found[j] += len(got)
            clock.time(f"complete_{j}", is_complete, held, k, need, wild)
        ready = list(counts)
        ready[rng.choice(tiles)] -= 1
        clock.time("ref_waits", plain_waits, tuple(ready), need)
        tiles13 = [t for t in range(34) for _ in range(ready[t])]
        for j in JOKERS:
            c = list(ready)
            for t in rng.sample(tiles13, min(j, len(tiles13))):
                c[t] -= 1
            clock.time(f"waits_{j}", waits, tuple(c), sum(ready) - sum(c), need, wild)
        far = list(ready)
        far[rng.choice(tiles13)] -= 1
        fresh = rng.choice([t for t in range(34) if far[t] < 4])
        far[fresh] += 1
        clock.time("ref_shanten", plain_shanten, tuple(far), 4 - need)
        for j in JOKERS:
            c = list(far)
            left = [t for t in range(34) for _ in range(far[t])]
            for t in rng.sample(left, min(j, len(left))):
                c[t] -= 1
            clock.time(f"shanten_{j}", regular_shanten, tuple(c), sum(far) - sum(c), need, wild)
    return {"means": clock.means(), "compiled": scorer.COMPILED,
            "readings_per_hand": {j: found[j] / max(1, len(made)) for j in JOKERS}}


def main(argv: list[str] | None = None) -> int:
    run("wild", (__doc__ or "").split("\n")[0], PAIRS, argv, n=300)
    return 0


if __name__ == "__main__":
    sys.exit(main())
