"""The harder mix: hands of every kind a user sends, not only the ones that are easy to score.

Independent of the scorer (as ``testkit/hands/themed.py``, whose ``GenHand`` and contexts it reuses): the
hands are plain data, so the reference calculator ``pymahjonggb`` (``import MahjongGB``) gets the
same hands. Three kinds, each a function of ``(n, seed)``:

    complete(n, seed)    complete hands, in the mix an independent check used: 88% regular (chows,
                         pungs and kongs, 0-3 declared sets; a fifth of them one suit with honours),
                         5% seven pairs, 3% knitted straight, 2% honours and knitted, 2% thirteen
                         orphans
    not_ready(n, seed)   13 tiles of shanten 1 to 6 by the reference: random draws from the wall,
                         complete hands with 1-6 tiles swapped, and knitted and honours shapes with
                         some tiles swapped (each a third)
    fourteen(n, seed)    14 tiles about to discard: random draws, and complete hands (of the mix
                         above, melds kept) with 0-3 tiles swapped

Each waiting hand comes as ``(body, packs, standing)``: ``body`` the ``POST /v1/waits`` fields,
``packs`` and ``standing`` the reference's arguments. ``ready_from`` makes ready 13-tile hands from
complete ones (the winning tile taken away), as the waits stream's easy mix does (``testkit.hands.waiting``).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from testkit.hands import themed
from testkit.hands.themed import BOTZONE, CODES, HONORS, GenHand, GenMeld, packs_of

Body = dict[str, Any]
Packs = tuple[tuple[str, str, int], ...]
Waiting = tuple[Body, Packs, tuple[str, ...]]

COMPLETE_WEIGHTS: dict[str, float] = {
    "regular": 88, "seven_pairs": 5, "knitted_straight": 3, "honors_and_knitted": 2, "thirteen_orphans": 2,
}


def _regular(rng: random.Random) -> tuple[list[int], list[GenMeld]]:
    """Four sets and a pair; 0-3 of the sets declared (a pung sometimes a kong, concealed or not)."""
    if rng.random() < 0.2:
        pool = sorted(themed._suits_pool([rng.randrange(3)], HONORS))
    else:
        pool = sorted(themed._suits_pool([0, 1, 2], HONORS))
    chow_bias = rng.choice([0.2, 0.5, 0.8])
    sets = [themed._random_set(rng, set(pool), chow_bias) for _ in range(4)]
    pair = rng.choice(pool)
    n_melds = rng.randint(0, 3)
    standing = [pair, pair]
    melds: list[GenMeld] = []
    everything = [pair, pair]
    for k, s in enumerate(sets):
        tiles = themed.set_tiles(s)
        if s[0] == "pung" and rng.random() < 0.25:
            concealed = k >= n_melds or rng.random() < 0.4  # a kong is always declared
            melds.append(GenMeld("kong", (CODES[s[1]],) * 4, concealed, 0 if concealed else rng.randint(1, 3)))
            everything += [s[1]] * 4
            continue
        everything += tiles
        if k < n_melds:
            melds.append(GenMeld(s[0], tuple(CODES[i] for i in tiles), False, rng.randint(1, 3)))
        else:
            standing += tiles
    themed._check_counts(everything)
    rng.shuffle(melds)
    return standing, melds


def _seven_pairs(rng: random.Random) -> tuple[list[int], list[GenMeld]]:
    pairs = rng.sample(range(34), 7)
    if rng.random() < 0.15:
        pairs[6] = pairs[0]  # four alike: two pairs
    return [p for p in pairs for _ in (0, 1)], []


def _from_themed(name: str) -> Any:
    def draw(rng: random.Random) -> tuple[list[int], list[GenMeld]]:
        _, _, standing, melds = themed.STRUCTURES[name](rng)
        return standing, melds
    return draw


DRAWS = {"regular": _regular, "seven_pairs": _seven_pairs, "knitted_straight": _from_themed("knitted_straight"),
         "honors_and_knitted": _from_themed("honors_and_knitted"),
         "thirteen_orphans": _from_themed("thirteen_orphans")}


def _one(rng: random.Random, name: str) -> GenHand:
    for _ in range(1000):
        try:
            standing, melds = DRAWS[name](rng)
        except themed.Retry:
            continue
        win = rng.choice(standing)
        rest = list(standing)
        rest.remove(win)
        return GenHand(name, "hard", tuple(CODES[i] for i in sorted(rest)), tuple(melds), CODES[win],
                       0 if rng.random() < 0.6 else rng.randint(1, 8), themed._context(rng, standing, melds, win))
    raise RuntimeError(f"could not draw a {name} hand")  # pragma: no cover


def complete(n: int, seed: int) -> list[GenHand]:
    """``n`` complete hands of the harder mix (hand ``k`` depends on ``seed`` and ``k`` alone)."""
    names = list(COMPLETE_WEIGHTS)
    weights = [COMPLETE_WEIGHTS[x] for x in names]
    out = []
    for k in range(n):
        rng = random.Random(f"hard:{seed}:{k}")
        out.append(_one(rng, rng.choices(names, weights=weights)[0]))
    return out


def _waiting(tiles: list[str], melds: tuple[GenMeld, ...], ctx: dict[str, Any], flowers: int = 0) -> Waiting:
    body: Body = {"hand": {"concealed": list(tiles), "melds": [{"tiles": list(m.tiles), "concealed": m.concealed}
                                                               for m in melds], "flowers": flowers},
                  "context": ctx}
    return json.loads(json.dumps(body)), packs_of(melds), tuple(BOTZONE[x] for x in tiles)


def _legal(tiles: list[str], melds: tuple[GenMeld, ...]) -> bool:
    every = Counter(tiles) + Counter(x for m in melds for x in m.tiles)
    return max(every.values()) <= 4


def _swapped(rng: random.Random, tiles: list[str], k: int) -> list[str]:
    out = list(tiles)
    for _ in range(k):
        out[rng.randrange(len(out))] = rng.choice(CODES)
    return out


def _wall(rng: random.Random, n: int) -> list[str]:
    return rng.sample([c for c in CODES for _ in range(4)], n)


def _knitted_shape(rng: random.Random, size: int) -> list[str]:
    """Tiles of one knitted sequence and honours, the rest random: near a knitted form."""
    knitted = [CODES[i] for i in themed.knitted_tiles(rng)]
    honours = [CODES[i] for i in rng.sample(HONORS, rng.randint(2, 7))]
    tiles = rng.sample(knitted, rng.randint(5, 9)) + honours
    tiles = tiles[:size]
    while len(tiles) < size:
        tiles.append(rng.choice(CODES))
    return tiles


def _winds(rng: random.Random) -> dict[str, Any]:
    return {"seat_wind": rng.choice("ESWN"), "prevalent_wind": rng.choice("ESWN")}


def not_ready(n: int, seed: int) -> list[Waiting]:
    """``n`` 13-tile hands of shanten 1-6 by the reference's ``MahjongShanten``."""
    import MahjongGB

    shanten = MahjongGB.MahjongShanten
    rng = random.Random(f"hard-not-ready:{seed}")
    out: list[Waiting] = []
    k = 0
    while len(out) < n:
        kind = k % 3
        k += 1
        melds: tuple[GenMeld, ...] = ()
        if kind == 0:
            tiles = _wall(rng, 13)
        elif kind == 1:
            g = _one(rng, rng.choices(list(COMPLETE_WEIGHTS), weights=list(COMPLETE_WEIGHTS.values()))[0])
            melds = g.melds
            tiles = _swapped(rng, list(g.concealed), rng.randint(1, 6))
        else:
            tiles = _swapped(rng, _knitted_shape(rng, 13), rng.randint(0, 3))
        if not _legal(tiles, melds):
            continue
        w = _waiting(tiles, melds, _winds(rng))
        if 1 <= shanten(w[1], w[2]) <= 6:
            out.append(w)
    return out


def fourteen(n: int, seed: int) -> list[Waiting]:
    """``n`` 14-tile hands (the standing tiles one more than 13 - 3 x melds)."""
    rng = random.Random(f"hard-fourteen:{seed}")
    out: list[Waiting] = []
    while len(out) < n:
        melds: tuple[GenMeld, ...] = ()
        roll = rng.random()
        if roll < 0.4:
            tiles = _wall(rng, 14)
        elif roll < 0.55:
            tiles = _swapped(rng, _knitted_shape(rng, 14), rng.randint(0, 2))
        else:
            g = _one(rng, rng.choices(list(COMPLETE_WEIGHTS), weights=list(COMPLETE_WEIGHTS.values()))[0])
            melds = g.melds
            tiles = _swapped(rng, [*g.concealed, g.winning_tile], rng.randint(0, 3))
        if _legal(tiles, melds):
            out.append(_waiting(tiles, melds, _winds(rng)))
    return out


def ready_from(hands: list[GenHand]) -> list[tuple[Waiting, tuple[str, ...], int, int, int]]:
    """Ready 13-tile hands: each complete hand without its winning tile, as ``(waiting, reference
    waits, flowers, seat, prevalent)`` (the reference's waits worked out here, before any timing)."""
    from testkit.hands.waiting import ref_waits

    out = []
    for g in hands:
        ctx = {"seat_wind": g.context["seat_wind"], "prevalent_wind": g.context["prevalent_wind"]}
        w = _waiting(list(g.concealed), g.melds, ctx, g.flowers)
        out.append((w, ref_waits(w[1], w[2]), g.flowers, "ESWN".index(ctx["seat_wind"]),
                    "ESWN".index(ctx["prevalent_wind"])))
    return out


def mix(hands: list[GenHand]) -> dict[str, int]:
    """How many of each structure (for the reports)."""
    return dict(sorted(Counter(g.structure for g in hands).items()))


__all__ = ["COMPLETE_WEIGHTS", "complete", "fourteen", "mix", "not_ready", "packs_of", "ready_from"]
