"""Deterministic POST /v1/score bodies for the benchmarks and the load tests.

Self-contained on purpose (no import of ``scorer``: locust's gevent-patched process loads it): the
same seed always yields the same list of complete, legal hands with consistent contexts, drawn over
every structure the scorer distinguishes, with the expensive ones over-represented so that worst
cases are actually measured:

    regular_0 .. regular_4   regular hands with 0-4 declared sets (kongs concealed or melded)
    full_flush_many          one suit, concealed, chosen for many regular decompositions
    seven_pairs_regular      seven pairs that also read as a regular hand (112233-style runs)
    seven_pairs              plain seven pairs
    thirteen_orphans, honors_and_knitted, knitted_straight, nine_gates

    >>> from testkit.hands.load import generate, seed_requests, request_pool
    >>> hands = generate(3000, seed=1)          # list[GenHand], distinct (hand, flowers, context)
    >>> hands[0].body(), hands[0].notation()    # doctest: +SKIP
    >>> pool = request_pool(2000, seed=1)       # seeds/mcr/*.json requests first, then generated bodies

Hands are plain data (tile indices 0-33: 1m-9m, 1p-9p, 1s-9s, E S W N C F P); ``body()`` gives the
request in the object form, ``body("notation")`` in the reference-notation string form.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from testkit.hands.tiles import CODES, HONORS, ORPHANS, WINDS, Retry, knitted_tiles, rank, suit_tiles

SEEDS_DIR = Path(__file__).resolve().parents[2] / "seeds" / "mcr"


# --- the generated hand ------------------------------------------------------------------------
@dataclass(frozen=True)
class GenMeld:
    kind: str  # chow, pung, kong
    tile: int  # the first (lowest) tile
    concealed: bool = False  # kongs only
    claimed: int = 1  # 1-3 for a melded set; 0 for a concealed kong

    @property
    def tiles(self) -> list[int]:
        if self.kind == "chow":
            return [self.tile, self.tile + 1, self.tile + 2]
        return [self.tile] * (4 if self.kind == "kong" else 3)


@dataclass(frozen=True)
class GenHand:
    structure: str
    concealed: tuple[int, ...]  # standing tiles without the winning tile, sorted
    melds: tuple[GenMeld, ...]
    win: int
    flowers: int
    context: dict[str, Any]

    def notation(self) -> str:
        """The reference notation, winning tile last: ``[123p1][2222m]45m6p66sEE3m``."""
        melds = "".join(f"[{compact(m.tiles)}{'' if m.concealed else m.claimed}]" for m in self.melds)
        return melds + compact(self.concealed) + CODES[self.win]

    def key(self) -> str:
        return f"{self.notation()}|{self.flowers}|{json.dumps(self.context, sort_keys=True)}"

    def body(self, form: str = "object") -> dict[str, Any]:
        """The POST /v1/score body; ``form`` "notation" writes the hand as one string (no flowers)."""
        if form == "notation" and not self.flowers:
            return {"hand": self.notation(), "context": dict(self.context)}
        hand: dict[str, Any] = {
            "concealed": [CODES[i] for i in self.concealed],
            "winning_tile": CODES[self.win],
            "melds": [{"tiles": [CODES[i] for i in m.tiles], "concealed": m.concealed} for m in self.melds],
        }
        if self.flowers:
            hand["flowers"] = self.flowers
        return {"hand": hand, "context": dict(self.context)}


def compact(tiles: list[int] | tuple[int, ...]) -> str:
    """``[0, 1, 2, 27, 27]`` -> ``"123mEE"``: digits grouped by suit, in tile order."""
    out: list[str] = []
    last = ""
    for i in sorted(tiles):
        code = CODES[i]
        s = code[1] if i < 27 else ""
        if out and s and last == s:
            out[-1] = out[-1][:-1] + code
        else:
            out.append(code)
        last = s
    return "".join(out)


# --- a small decomposition counter (used to pick the many-decomposition flushes) ----------------
def count_divisions(counts: list[int], need: int) -> int:
    """Distinct ways to split ``counts`` into ``need`` sets and a pair."""
    found: set[tuple[tuple[tuple[int, int], ...], int]] = set()

    def rec(i: int, need: int, sets: list[tuple[int, int]], pair: int) -> None:
        while i < 34 and counts[i] == 0:
            i += 1
        if i == 34:
            if need == 0 and pair >= 0:
                found.add((tuple(sorted(sets)), pair))
            return
        if pair < 0 and counts[i] >= 2:
            counts[i] -= 2
            rec(i, need, sets, i)
            counts[i] += 2
        if need and counts[i] >= 3:
            counts[i] -= 3
            rec(i, need - 1, [*sets, (i, 0)], pair)
            counts[i] += 3
        if need and i < 27 and rank(i) <= 7 and counts[i + 1] and counts[i + 2]:
            for k in range(3):
                counts[i + k] -= 1
            rec(i, need - 1, [*sets, (i, 1)], pair)
            for k in range(3):
                counts[i + k] += 1

    rec(0, need, [], -1)
    return len(found)


# --- structures: each returns (standing tiles incl. the winning tile, melds, winning tile) ------
Drawn = tuple[list[int], list[GenMeld], int]


def _random_set(rng: random.Random, pool: list[int], pung_rate: float) -> tuple[str, int]:
    starts = [i for i in pool if i < 27 and rank(i) <= 7 and i + 1 in pool and i + 2 in pool]
    if starts and rng.random() >= pung_rate:
        return "chow", rng.choice(starts)
    return "pung", rng.choice(pool)


def _set_tiles(kind: str, i: int) -> list[int]:
    return [i, i + 1, i + 2] if kind == "chow" else [i, i, i]


def _check(tiles: list[int]) -> None:
    if any(n > 4 for n in Counter(tiles).values()):
        raise Retry


def _pool(rng: random.Random) -> list[int]:
    s = rng.randrange(3)
    kind = rng.choice(["mixed", "mixed", "mixed", "half_flush", "two_suits", "simples", "full_flush"])
    if kind == "mixed":
        return list(range(34))
    if kind == "half_flush":
        return suit_tiles(s) + list(HONORS)
    if kind == "two_suits":
        return suit_tiles(s) + suit_tiles((s + 1) % 3)
    if kind == "simples":
        return [i for i in range(27) if 2 <= rank(i) <= 8]
    return suit_tiles(s)


def _regular(n_melds: int) -> Callable[[random.Random], Drawn]:
    def draw(rng: random.Random) -> Drawn:
        pool = _pool(rng)
        pung_rate = rng.choice([0.2, 0.4, 0.7, 1.0])
        sets = [_random_set(rng, pool, pung_rate) for _ in range(4)]
        pair = rng.choice(pool)
        _check([t for s in sets for t in _set_tiles(*s)] + [pair, pair])
        melds: list[GenMeld] = []
        standing = [pair, pair]
        for k, (kind, i) in enumerate(sets):
            if k < n_melds:
                if kind == "pung" and rng.random() < 0.3:
                    concealed = rng.random() < 0.4
                    melds.append(GenMeld("kong", i, concealed, 0 if concealed else rng.randint(1, 3)))
                else:
                    melds.append(GenMeld(kind, i, False, rng.randint(1, 3)))
            else:
                standing += _set_tiles(kind, i)
        everything = standing + [t for m in melds for t in m.tiles]
        _check(everything)
        return standing, melds, rng.choice(standing)

    return draw


# Rank counts of the one-suit concealed hands with the most regular divisions (4; 3 is next).
MOST_DIVISIONS = ((3, 4, 4, 3), (3, 3, 3, 3, 2), (2, 3, 3, 3, 3))


def _full_flush_many(rng: random.Random) -> Drawn:
    """A concealed one-suit hand picked for many regular decompositions (worst cases). Half are
    the shapes with the most (four) divisions, e.g. 11122233344455, shifted along the suit."""
    s = rng.randrange(3)
    if rng.random() < 0.5:
        shape = rng.choice(MOST_DIVISIONS)
        lo = rng.randint(0, 9 - len(shape))
        tiles = [s * 9 + lo + r for r, n in enumerate(shape) for _ in range(n)]
        return tiles, [], rng.choice(tiles)
    best: tuple[int, list[int]] | None = None
    for _ in range(30):
        lo = rng.randint(0, 3)  # keep the sets close together: overlaps make decompositions
        pool = [s * 9 + r for r in range(lo, min(9, lo + rng.choice((4, 5, 6))))]
        try:
            sets = [_random_set(rng, pool, rng.choice((0.3, 0.5))) for _ in range(4)]
            pair = rng.choice(pool)
            tiles = [t for st in sets for t in _set_tiles(*st)] + [pair, pair]
            _check(tiles)
        except Retry:
            continue
        counts = [0] * 34
        for t in tiles:
            counts[t] += 1
        n = count_divisions(counts, 4)
        if best is None or n > best[0]:
            best = (n, tiles)
        if n >= 4 and rng.random() < 0.5:
            break
    if best is None:
        raise Retry
    tiles = best[1]
    return tiles, [], rng.choice(tiles)


def _seven_pairs_regular(rng: random.Random) -> Drawn:
    """112233 x2 plus a pair: both seven pairs and a regular hand (sometimes a pure double chow)."""
    s = rng.randrange(3)
    a = s * 9 + rng.randint(0, 6)
    other = s if rng.random() < 0.6 else rng.randrange(3)
    b = other * 9 + rng.randint(0, 6)
    pairs = [a, a + 1, a + 2, b, b + 1, b + 2, rng.choice(suit_tiles(s) + list(HONORS))]
    tiles = [p for p in pairs for _ in (0, 1)]
    _check(tiles)
    return tiles, [], rng.choice(tiles)


def _seven_pairs(rng: random.Random) -> Drawn:
    pool = rng.choice([list(range(34)), suit_tiles(rng.randrange(3)) + list(HONORS), list(ORPHANS)])
    pairs = rng.sample(pool, 7)
    if rng.random() < 0.2:  # four of a kind counts as two pairs
        pairs[6] = pairs[0]
    tiles = [p for p in pairs for _ in (0, 1)]
    return tiles, [], rng.choice(tiles)


def _thirteen_orphans(rng: random.Random) -> Drawn:
    tiles = [*ORPHANS, rng.choice(ORPHANS)]
    return tiles, [], rng.choice(tiles)


def _honors_and_knitted(rng: random.Random) -> Drawn:
    knitted = knitted_tiles(rng)
    n_honors = rng.choice((5, 6, 7))
    tiles = rng.sample(HONORS, n_honors) + rng.sample(knitted, 14 - n_honors)
    return tiles, [], rng.choice(tiles)


def _knitted_straight(rng: random.Random) -> Drawn:
    knitted = knitted_tiles(rng)
    pool = list(range(34))
    kind, i = _random_set(rng, pool, 0.5)
    pair = rng.choice(pool)
    standing = [*knitted, pair, pair]
    melds: list[GenMeld] = []
    if rng.random() < 0.4:
        melds.append(GenMeld(kind, i, False, rng.randint(1, 3)))
    else:
        standing += _set_tiles(kind, i)
    _check(standing + [t for m in melds for t in m.tiles])
    return standing, melds, rng.choice(standing)


def _nine_gates(rng: random.Random) -> Drawn:
    s = rng.randrange(3)
    extra = s * 9 + rng.randint(0, 8)
    tiles = [s * 9 + r - 1 for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)] + [extra]
    return tiles, [], extra


STRUCTURES: dict[str, tuple[Callable[[random.Random], Drawn], float]] = {
    "regular_0": (_regular(0), 14),
    "regular_1": (_regular(1), 10),
    "regular_2": (_regular(2), 9),
    "regular_3": (_regular(3), 8),
    "regular_4": (_regular(4), 7),
    "full_flush_many": (_full_flush_many, 14),
    "seven_pairs_regular": (_seven_pairs_regular, 10),
    "seven_pairs": (_seven_pairs, 6),
    "thirteen_orphans": (_thirteen_orphans, 4),
    "honors_and_knitted": (_honors_and_knitted, 6),
    "knitted_straight": (_knitted_straight, 8),
    "nine_gates": (_nine_gates, 4),
}


# --- contexts that obey the contract's rulings (no contradictions) ------------------------------
def _context(rng: random.Random, standing: list[int], melds: list[GenMeld], win: int) -> dict[str, Any]:
    rest = list(standing)
    rest.remove(win)
    elsewhere = rest.count(win) + sum(m.tiles.count(win) for m in melds)
    self_drawn = rng.random() < 0.4
    robbing = not self_drawn and elsewhere == 0 and rng.random() < 0.15
    last_wall = not robbing and rng.random() < 0.1
    kong_replacement = self_drawn and any(m.kind == "kong" for m in melds) and rng.random() < 0.3
    last_copy = rest.count(win) == 0 and rng.random() < 0.1
    seat = rng.choice(WINDS)
    discarder = None
    if not self_drawn and rng.random() < 0.9:
        discarder = rng.choice([w for w in WINDS if w != seat])
    return {
        "self_drawn": self_drawn,
        "seat_wind": seat,
        "prevalent_wind": rng.choice(WINDS),
        "last_copy": last_copy,
        "last_wall_tile": last_wall,
        "kong_replacement": kong_replacement,
        "robbing_kong": robbing,
        "discarder": discarder,
        "base_points": rng.choice((1, 1, 1, 2, 5)),
    }


def draw(rng: random.Random, structure: str) -> GenHand:
    fn = STRUCTURES[structure][0]
    for _ in range(1000):
        try:
            standing, melds, win = fn(rng)
        except Retry:
            continue
        rest = sorted(standing)
        rest.remove(win)
        flowers = rng.randint(1, 8) if rng.random() < 0.25 else 0
        return GenHand(structure, tuple(rest), tuple(melds), win, flowers, _context(rng, standing, melds, win))
    raise RuntimeError(f"could not draw a {structure} hand")  # pragma: no cover


def iter_hands(seed: int = 1, structures: list[str] | None = None) -> Iterator[GenHand]:
    """An endless stream of distinct hands; every structure shows up in the first few dozen."""
    rng = random.Random(f"mcr-loadtest:{seed}")
    names = structures or list(STRUCTURES)
    weights = [STRUCTURES[n][1] for n in names]
    seen: set[str] = set()
    k = 0
    while True:
        name = names[k] if k < len(names) else rng.choices(names, weights=weights)[0]
        k += 1
        h = draw(rng, name)
        if h.key() not in seen:
            seen.add(h.key())
            yield h


def generate(n: int, seed: int = 1, structures: list[str] | None = None) -> list[GenHand]:
    """The first ``n`` distinct hands of ``seed``."""
    it = iter_hands(seed, structures)
    return [next(it) for _ in range(n)]


# --- request pools -----------------------------------------------------------------------------
def seed_requests(directory: Path = SEEDS_DIR) -> list[tuple[str, dict[str, Any]]]:
    """``(id, request body)`` of every ``seeds/mcr/*.json`` example that expects a scored result (not
    an error), in file order."""
    out = []
    for path in sorted(directory.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("request"), dict):
            continue
        expected = data.get("expected")
        if isinstance(expected, dict) and "winning" not in expected:
            continue  # an example of an error response: not a hand to score
        out.append((str(data.get("id", path.stem)), data["request"]))
    return out


def request_pool(n: int = 2000, seed: int = 1) -> list[dict[str, Any]]:
    """At least ``n`` distinct POST /v1/score bodies: the seeds' requests, then generated hands
    (one in four written in the notation form)."""
    bodies = [b for _, b in seed_requests()]
    seen = {json.dumps(b, sort_keys=True) for b in bodies}
    bodies = [json.loads(s) for s in sorted(seen)]  # distinct seeds, stable order
    for k, h in enumerate(iter_hands(seed)):
        if len(bodies) >= n:
            break
        b = h.body("notation" if k % 4 == 3 else "object")
        key = json.dumps(b, sort_keys=True)
        if key not in seen:
            seen.add(key)
            bodies.append(b)
    return bodies


def write_bodies(path: Path, n: int = 2000, seed: int = 1) -> int:
    """One compact JSON body per line (the wrk script's input). Returns how many."""
    bodies = request_pool(n, seed)
    path.write_text("".join(json.dumps(b, separators=(",", ":")) + "\n" for b in bodies), encoding="utf-8")
    return len(bodies)


if __name__ == "__main__":  # python -m testkit.hands.load [N] [SEED]: print the mix
    import sys

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    hs = generate(n, int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    for name, count in sorted(Counter(h.structure for h in hs).items()):
        print(f"{name:22} {count:5}")
    print(f"{'seeds':22} {len(seed_requests()):5}")
