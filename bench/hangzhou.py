"""The Hangzhou book against MCR on the same hands: parse and score, and waits with two 财神.

    python -m bench.hangzhou [--n 200] [--seed 1] [--rounds 3] [--mix easy|hard|both] [--json out.json]

Each complete regular hand of the mix (``testkit/hands/themed.py`` easy, ``testkit/hands/hard.py``
hard; hands with a white dragon in a meld left out, since a meld never holds the 财神) is parsed
from its JSON parts and scored by MCR — the reference — and then, with 0 to 4 of its concealed
tiles turned into 财神 (白, ``P``), parsed and scored by the Hangzhou book (self-drawn): every
reading of the jokers, seven pairs, 爆头 on the hand before the draw. The same hand less its
winning tile, with two concealed tiles turned into 财神, has its waits found by ``scorer.analyze``
(every wait scored both ways) against MCR's ``analyze`` of it with no joker. The turned tiles are
chosen by the seed, so both sides see the same hands, new to the process.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from bench.common import Clock, run

JOKERS = (0, 1, 2, 3, 4)
PAIRS = {**{f"score_{j}": ((f"score_{j}",), "mcr") for j in JOKERS}, "waits_2": (("waits_2",), "mcr_waits")}


def _score(parts: dict[str, Any], ruleset: str) -> Any:
    """Parse and score, self-drawn (the only win in Hangzhou)."""
    import scorer

    return scorer.score(scorer.Hand.build(**parts), ruleset=ruleset, self_drawn=True)


def _waits(parts: dict[str, Any], ruleset: str) -> Any:
    import scorer

    return scorer.analyze(scorer.Holding.build(**parts), ruleset=ruleset)


def child(mix: str, n: int, seed: int) -> dict[str, Any]:
    import scorer

    if mix == "easy":
        from testkit.hands.themed import generate_many

        made = generate_many(3 * n, seed)
    else:
        from testkit.hands.hard import complete

        made = complete(3 * n, seed)
    rng = random.Random(seed)
    clock = Clock()
    done = 0
    for g in made:
        if g.structure != "regular" or "P" in g.all_tiles():  # 财神 only where the bench turns them
            continue
        melds = [{"tiles": "".join(m.tiles), "concealed": m.concealed} for m in g.melds]
        concealed = list(g.concealed)
        parts = {"concealed": concealed, "melds": melds, "winning_tile": g.winning_tile}
        clock.time("mcr", _score, parts, "mcr")
        for j in JOKERS:
            turned = list(concealed)
            for k in rng.sample(range(len(turned)), min(j, len(turned))):
                turned[k] = "P"
            hz = {**parts, "concealed": turned}
            clock.time(f"score_{j}", _score, hz, "hangzhou")
        held = {"concealed": concealed, "melds": melds}
        clock.time("mcr_waits", _waits, held, "mcr")
        two = list(concealed)
        for k in rng.sample(range(len(two)), min(2, len(two))):
            two[k] = "P"
        clock.time("waits_2", _waits, {"concealed": two, "melds": melds}, "hangzhou")
        done += 1
        if done == n:
            break
    return {"means": clock.means(), "compiled": scorer.COMPILED}


def main(argv: list[str] | None = None) -> int:
    run("hangzhou", (__doc__ or "").split("\n")[0], PAIRS, argv, n=200)
    return 0


if __name__ == "__main__":
    sys.exit(main())
