"""广东推倒胡 hands against MCR hands: parse + score, and the waits of a hand holding two ghosts.

    python -m bench.guangdong [--n 300] [--seed 1] [--rounds 3]

The hands are generated complete regular hands (``testkit/hands/themed.py``) with no chow meld,
new to the process in every round (a fresh seed), so no cache answers them. Each round times, on
the same hands: MCR's ``scorer.score`` of the hand as written (the reference); the 广东 book's of it
with 0 to 4 of its concealed tiles turned into 白板 ghosts; ``scorer.analyze`` of the hand less its
winning tile under MCR, and under 广东 with two of those tiles turned into ghosts. Each round's
figure is the mean per hand (its hands' time over their number); printed are the median over the
rounds in microseconds and its ratio to MCR's (the machine is shared: ratios, not times, are what
compares).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any


def _hands(n: int, seed: int) -> list[tuple[dict[str, Any], list[str]]]:
    """(MCR hand fields, concealed codes) of complete regular hands without chows among the melds
    nor 白 among the tiles (白 is the ghost)."""
    from testkit.hands.themed import generate_many

    out: list[tuple[dict[str, Any], list[str]]] = []
    for g in generate_many(4 * n, seed, "regular"):
        if any(m.kind == "chow" for m in g.melds) or "P" in g.concealed or g.winning_tile == "P":
            continue
        if any("P" in m.tiles for m in g.melds) or g.flowers:
            continue
        melds = [{"tiles": "".join(m.tiles) if m.tiles[0][-1] in "mps" else "".join(m.tiles),
                  "concealed": m.concealed} for m in g.melds]
        fields = {"concealed": " ".join(g.concealed), "melds": melds, "winning_tile": g.winning_tile}
        out.append((fields, list(g.concealed)))
        if len(out) == n:
            break
    return out


def _ghosted(fields: dict[str, Any], concealed: list[str], k: int, rng: random.Random) -> dict[str, Any]:
    tiles = list(concealed)
    for i in rng.sample(range(len(tiles)), min(k, len(tiles))):
        tiles[i] = "P"
    return {**fields, "concealed": " ".join(tiles)}


def _time(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def main(argv: list[str] | None = None) -> None:
    import scorer
    from scorer.hand import Hand
    from scorer.holding import Holding

    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args(argv)
    rows: dict[str, list[float]] = {}
    for r in range(a.rounds):
        rng = random.Random(a.seed * 1000 + r)
        hands = _hands(a.n, a.seed * 1000 + r)
        per: dict[str, float] = {}

        def score_all(book: str, items: list[dict[str, Any]]) -> float:
            def go() -> None:
                for f in items:
                    scorer.score(Hand.build(**f), ruleset=book, self_drawn=True)
            return _time(go) / len(items)

        per["mcr score"] = score_all("mcr", [f for f, _ in hands])
        for k in range(5):
            per[f"guangdong score, {k} ghosts"] = score_all(
                "guangdong", [_ghosted(f, c, k, rng) for f, c in hands])
        waiting = [(f, c) for f, c in hands if not f["melds"]][: max(1, a.n // 5)]

        def waits_all(book: str, items: list[str]) -> float:
            def go() -> None:
                for text in items:
                    scorer.analyze(Holding.parse(text), ruleset=book)
            return _time(go) / len(items)

        per["mcr waits"] = waits_all("mcr", [" ".join(c) for _, c in waiting])
        per["guangdong waits, 2 ghosts"] = waits_all(
            "guangdong", [_ghosted(f, c, 2, rng)["concealed"] for f, c in waiting])
        for name, v in per.items():
            rows.setdefault(name, []).append(v)
    ref = {"score": statistics.median(rows["mcr score"]), "waits": statistics.median(rows["mcr waits"])}
    for name, vs in rows.items():
        m = statistics.median(vs)
        base = ref["waits"] if "waits" in name else ref["score"]
        print(f"{name:32s} {m * 1e6:9.1f} µs  ×{m / base:5.2f} of MCR's")


if __name__ == "__main__":
    main()
