"""红中 hands (0 to 4 中) against MCR on the same tiles: parse and score, and the waits.

    python -m bench.hongzhong [--n 300] [--seed 1] [--rounds 3] [--json out.json]

Each process makes complete hands of number tiles it has never seen (four pungs or chows and a
pair, a pung or kong melded now and then), then times, side by side: MCR's parse and score of the
hand (``Hand.build`` + ``scorer.score``, self-drawn) — the reference — and the 红中 book's of the
same hand with 0, 1, 2, 3 or 4 of its concealed tiles turned into 中 (``C``), self-drawn, under
the MIL table. The hand less its winning tile, ready, has its waits asked of MCR
(``scorer.analyze``) and of 红中 with two of its concealed tiles turned into 中. The mixes are one:
``--mix`` is accepted for the common runner and names the process only.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from bench.common import Clock, run

JOKERS = (0, 1, 2, 3, 4)
PAIRS = {**{f"score_{j}": ((f"score_{j}",), "mcr") for j in JOKERS}, "waits_2": (("waits_2",), "mcr_waits")}
SUITS = "mps"


def hand(rng: random.Random) -> tuple[list[str], list[dict[str, Any]], str]:
    """A complete hand of number tiles: (concealed codes with the winning tile last, melds, suit mix)."""
    while True:
        counts: dict[str, int] = {}
        sets: list[list[str]] = []
        suits = rng.sample(SUITS, rng.choice((1, 2, 3)))
        for _ in range(4):
            s = rng.choice(suits)
            if rng.random() < 0.6:
                r = rng.randint(1, 7)
                sets.append([f"{r + i}{s}" for i in range(3)])
            else:
                sets.append([f"{rng.randint(1, 9)}{s}"] * 3)
        pair = [f"{rng.randint(1, 9)}{rng.choice(suits)}"] * 2
        for t in (*(t for st in sets for t in st), *pair):
            counts[t] = counts.get(t, 0) + 1
        if max(counts.values()) > 4:
            continue
        melds: list[dict[str, Any]] = []
        concealed: list[str] = []
        for st in sets:
            if st[0] == st[1] and rng.random() < 0.3:
                melds.append({"tiles": "".join(t[0] for t in st) + st[0][1]})
            else:
                concealed.extend(st)
        concealed.extend(pair)
        rng.shuffle(concealed)
        return concealed, melds, "".join(suits)


def child(mix: str, n: int, seed: int) -> dict[str, Any]:
    import scorer
    from scorer import Hand

    rng = random.Random(seed)
    clock = Clock()

    def score(ruleset: str, concealed: list[str], melds: list[dict[str, Any]]) -> scorer.Result:
        h = Hand.build(concealed[:-1], concealed[-1], melds)
        return scorer.score(h, ruleset=ruleset, self_drawn=True)

    winning = 0
    for _ in range(n):
        concealed, melds, _ = hand(rng)
        clock.time("mcr", score, "mcr", concealed, melds)
        for j in JOKERS:
            turned = list(concealed)
            for k in rng.sample(range(len(turned)), min(j, len(turned))):
                turned[k] = "C"
            r = clock.time(f"score_{j}", score, "hongzhong", turned, melds)
            winning += bool(r is not None and r.winning)
        ready = concealed[:-1]
        clock.time("mcr_waits", scorer.analyze, {"concealed": ready, "melds": melds}, ruleset="mcr")
        two = list(ready)
        for k in rng.sample(range(len(two)), min(2, len(two))):
            two[k] = "C"
        clock.time("waits_2", scorer.analyze, {"concealed": two, "melds": melds}, ruleset="hongzhong")
    assert winning == n * len(JOKERS), "every hand with its 中 is complete"
    return {"means": clock.means(), "compiled": scorer.COMPILED}


def main(argv: list[str] | None = None) -> int:
    run("hongzhong", (__doc__ or "").split("\n")[0], PAIRS, argv, n=300)
    return 0


if __name__ == "__main__":
    sys.exit(main())
