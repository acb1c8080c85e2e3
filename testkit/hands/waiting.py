"""The waits stream's hands (``bench/stream.py --what waits``, ``bench/waits.py``'s easy mix):
ready 13-tile hands (a generated hand, its winning tile taken away) with the reference's waits, and
a hand not yet ready made from each. Plain data, independent of the scorer."""

from __future__ import annotations

import json
import random
from typing import Any

from testkit.hands.themed import BOTZONE, CODES, generate_many


def packs_of_fields(melds: list[dict[str, Any]]) -> tuple[tuple[str, str, int], ...]:
    """The reference's packs for a hand's declared sets as JSON fields."""
    out = []
    for m in melds:
        ts = m["tiles"]
        if len(ts) == 4:
            out.append(("GANG", BOTZONE[ts[0]], 0 if m["concealed"] else 1))
        elif ts[0] == ts[1]:
            out.append(("PENG", BOTZONE[ts[0]], 1))
        else:
            out.append(("CHI", BOTZONE[ts[1]], 1))
    return tuple(out)


def ref_waits(packs: tuple[tuple[str, str, int], ...], standing: tuple[str, ...]) -> tuple[str, ...]:
    """A ready hand's winning tiles by the reference: the useful tiles of its forms at shanten 0
    (worked out before the timing: the timed reference answer is ``MahjongShanten`` plus two
    ``MahjongFanCalculator`` calls per wait, as the issue defines it)."""
    import MahjongGB

    forms = [MahjongGB.RegularShanten]
    if not packs:
        forms += [MahjongGB.SevenPairsShanten, MahjongGB.ThirteenOrphansShanten,
                  MahjongGB.HonorsAndKnittedTilesShanten]
    if len(packs) <= 1:
        forms.append(MahjongGB.KnittedStraightShanten)
    waits: set[str] = set()
    for form in forms:
        try:
            s, useful = form(standing)
        except Exception:  # noqa: BLE001 - a form the tile count rules out
            continue
        if s == 0:
            waits.update(useful)
    return tuple(sorted(waits))


def waits_hands(n: int, seed: int) -> tuple[list[tuple[dict[str, Any], Any]], list[tuple[dict[str, Any], Any]]]:
    """The waits stream's hands as JSON fields with their reference arguments: ``n`` ready hands
    (a generated hand, its winning tile taken away) and a not-ready hand made from each (two
    concealed tiles swapped for random ones until the reference's shanten is 1 or more). The scorer
    is not called: a process timing it starts with every cache empty."""
    import MahjongGB

    shanten_ref = MahjongGB.MahjongShanten
    rng = random.Random(seed)
    ready: list[tuple[dict[str, Any], Any]] = []
    not_ready: list[tuple[dict[str, Any], Any]] = []
    for g in generate_many(n, seed):
        hk = g.hand_kwargs()
        packs = packs_of_fields(hk["melds"])
        fields = {"concealed": list(hk["concealed"]), "melds": hk["melds"], "flowers": hk["flowers"]}
        ctx = {"seat_wind": g.context["seat_wind"], "prevalent_wind": g.context["prevalent_wind"]}
        seat, prevalent = "ESWN".index(ctx["seat_wind"]), "ESWN".index(ctx["prevalent_wind"])
        standing = tuple(BOTZONE[x] for x in fields["concealed"])
        ready.append(({"hand": fields, "context": ctx},
                      (packs, standing, ref_waits(packs, standing), hk["flowers"], seat, prevalent)))
        # not ready: two concealed tiles swapped for random ones (shanten >= 1 by the reference)
        for _ in range(20):
            tiles = list(fields["concealed"])
            for _ in range(2):
                tiles[rng.randrange(len(tiles))] = rng.choice(CODES)
            every = tiles + [x for m in hk["melds"] for x in m["tiles"]]
            if max(every.count(x) for x in every) > 4:
                continue
            standing = tuple(BOTZONE[x] for x in tiles)
            if shanten_ref(packs, standing) >= 1:
                nf = {**fields, "concealed": tiles}
                not_ready.append(({"hand": nf, "context": ctx}, (packs, standing)))
                break
    ready = [(json.loads(json.dumps(b)), a) for b, a in ready]
    not_ready = [(json.loads(json.dumps(b)), a) for b, a in not_ready]
    return ready, not_ready
