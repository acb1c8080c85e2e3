"""Seeded random generator of legal, complete MCR hands with consistent win contexts.

Independent of the scorer on purpose (only the Botzone codes come from the library's one mapping): a
generated hand is plain data (tile codes, melds, the
winning tile, flowers and a context dict), so the same hand can be fed to ``scorer`` and to the
reference calculator ``pymahjonggb`` (``import MahjongGB``) without one judging the other.

    >>> from testkit.hands.themed import generate, generate_many
    >>> g = generate(7)                      # one hand from seed 7
    >>> g.notation(), g.context              # doctest: +SKIP
    ('[789s3]123m456p7p88pEEE7p', {'self_drawn': False, ...})
    >>> hands = generate_many(1000, seed=7)  # hand i is generate(seed=7, index=i)

Every hand is legal and complete:

* 14 tiles (kongs counting three), never more than 4 copies of a tile across the whole hand;
* the winning tile belongs to the concealed part (it completes the hand; it is never inside a
  declared chow, pung or kong);
* the context obeys RULINGS.md (R2-R4): ``kong_replacement`` only on a self-drawn win with a
  kong; ``robbing_kong`` only on a discard and when the winning tile appears nowhere else in the
  hand (``last_wall_tile`` may come with it); ``discarder`` another seat on a discard (sometimes
  absent), none when self-drawn;
* ``last_copy`` is sometimes left unset when the melds hold three copies of the winning tile, and
  sometimes set although a concealed copy disproves it: the tiles decide (RULINGS.md,
  C6), and ``GenHand.is_last_copy()`` is what they prove, which the reference is told.

Structures (``GenHand.structure``) and their share of the mix: see ``STRUCTURE_WEIGHTS``.
Regular hands are drawn from themes (``REGULAR_THEMES``) chosen so that the interesting fans
(flushes, straights, shifted and identical chows, shifted pungs, honour pungs, terminal and
simple classes, kongs) actually occur, instead of the chicken hands uniform tiles would give.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scorer.tiles import Tile, to_botzone
from testkit.hands.tiles import (
    CODES,
    DRAGON_TILES,
    HONORS,
    INDEX,
    ORPHANS,
    TERMINALS,
    WIND_TILES,
    WINDS,
    Retry,
    knitted_tiles,
    rank,
    t,
)

# Botzone codes (the reference calculator's), from the library's one mapping: a wrong code there
# would feed the reference other tiles and show as a disagreement in the differential test.
BOTZONE: dict[str, str] = {c: to_botzone(Tile(c)) for c in CODES}


# --- the generated hand -------------------------------------------------------------------------
@dataclass(frozen=True)
class GenMeld:
    """A declared set: ``kind`` chow/pung/kong, its tile codes, concealed (kongs only), offer digit."""

    kind: str
    tiles: tuple[str, ...]
    concealed: bool = False
    claimed: int = 1  # 1-3 for a melded set (who it was claimed from); 0 for a concealed kong


@dataclass(frozen=True)
class GenHand:
    """A complete hand at the moment of winning, plus how it was won."""

    structure: str  # regular, seven_pairs, seven_shifted_pairs, thirteen_orphans, ...
    theme: str  # the regular theme or structure variant it was drawn from (for reports)
    concealed: tuple[str, ...]  # standing tiles WITHOUT the winning tile
    melds: tuple[GenMeld, ...]
    winning_tile: str
    flowers: int
    context: dict[str, Any]

    # --- views ----------------------------------------------------------------------------------
    def all_tiles(self) -> list[str]:
        return [*self.concealed, *(c for m in self.melds for c in m.tiles), self.winning_tile]

    def notation(self) -> str:
        """The reference notation: ``[123p1][2222m]45m6p66sEE3m`` (winning tile last)."""
        out = []
        for m in self.melds:
            digit = "" if m.concealed else str(m.claimed)
            out.append(f"[{compact(m.tiles)}{digit}]")
        return "".join(out) + compact(self.concealed) + self.winning_tile

    def context_str(self) -> str:
        """The context in one short line, only what differs from the defaults."""
        c = self.context
        bits = ["tsumo" if c["self_drawn"] else f"ron from {c['discarder'] or '?'}",
                f"seat {c['seat_wind']}", f"round {c['prevalent_wind']}"]
        bits += [k for k in ("last_copy", "last_wall_tile", "kong_replacement", "robbing_kong") if c[k]]
        if self.flowers:
            bits.append(f"flowers {self.flowers}")
        if c["base_points"] != 1:
            bits.append(f"base {c['base_points']}")
        return ", ".join(bits)

    def is_last_copy(self) -> bool:
        """和绝张 as the tiles decide it (RULINGS.md "Inferences"): three copies in one's own melds
        make it the last copy; a copy among the concealed tiles means it cannot be; otherwise
        the ``last_copy`` flag says."""
        if self.winning_tile in self.concealed:
            return False
        return self.context["last_copy"] or sum(m.tiles.count(self.winning_tile) for m in self.melds) == 3

    # --- requests -------------------------------------------------------------------------------
    def hand_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for ``scorer.Hand.build``."""
        return {
            "concealed": list(self.concealed),
            "winning_tile": self.winning_tile,
            "melds": [{"tiles": list(m.tiles), "concealed": m.concealed} for m in self.melds],
            "flowers": self.flowers,
        }

    def context_kwargs(self) -> dict[str, Any]:
        """Keyword arguments (fields) for ``scorer.Context``."""
        return dict(self.context)

    def request_body(self) -> dict[str, Any]:
        """The POST /v1/score JSON body."""
        return {"hand": self.hand_kwargs(), "context": self.context_kwargs()}

    def reference_args(self) -> tuple[Any, ...]:
        """Positional arguments for ``MahjongGB.MahjongFanCalculator`` (verbose=True last).

        ``is4thTile`` is ``is_last_copy()``, what the tiles and the flag prove together, spelled
        out rather than left to the reference's own inference. ``isAboutKong`` is
        kong_replacement on a self-drawn win, robbing_kong on a discard.
        """
        c = self.context
        return (
            packs_of(self.melds),
            tuple(BOTZONE[x] for x in self.concealed),
            BOTZONE[self.winning_tile],
            self.flowers,
            c["self_drawn"],
            self.is_last_copy(),
            c["kong_replacement"] or c["robbing_kong"],
            c["last_wall_tile"],
            WINDS.index(c["seat_wind"]),
            WINDS.index(c["prevalent_wind"]),
            True,
        )


def packs_of(melds: tuple[GenMeld, ...] | list[GenMeld]) -> tuple[tuple[str, str, int], ...]:
    """The reference's packs for declared sets (``MahjongGB``'s ``(kind, middle or pung tile, offer)``)."""
    out = []
    for m in melds:
        if m.kind == "chow":
            out.append(("CHI", BOTZONE[m.tiles[1]], m.claimed))
        elif m.kind == "pung":
            out.append(("PENG", BOTZONE[m.tiles[0]], m.claimed))
        else:
            out.append(("GANG", BOTZONE[m.tiles[0]], 0 if m.concealed else m.claimed))
    return tuple(out)


def compact(codes: tuple[str, ...] | list[str]) -> str:
    """Codes in the compact notation, grouped by suit in tile order: ``123m45pEE``."""
    out: list[str] = []
    last = ""
    for code in sorted(codes, key=INDEX.__getitem__):
        s = code[1] if len(code) == 2 else ""
        if out and s and last == s:
            out[-1] = out[-1][:-1] + code[0] + s
        else:
            out.append(code)
        last = s
    return "".join(out)


# --- sets: ("chow", lowest index) / ("pung", index); kongs are decided later ---------------------
Set = tuple[str, int]


def set_tiles(s: Set) -> list[int]:
    kind, i = s
    return [i, i + 1, i + 2] if kind == "chow" else [i, i, i]


def _chow_starts(pool: set[int]) -> list[int]:
    return [i for i in pool if i < 27 and rank(i) <= 7 and i + 1 in pool and i + 2 in pool]


def _random_set(rng: random.Random, pool: set[int], chow_bias: float = 0.5) -> Set:
    starts = _chow_starts(pool)
    if starts and rng.random() < chow_bias:
        return ("chow", rng.choice(sorted(starts)))
    if not pool:
        raise Retry
    return ("pung", rng.choice(sorted(pool)))


def _suits_pool(suits: list[int], honors: tuple[int, ...] = ()) -> set[int]:
    return {t(s, r) for s in suits for r in range(1, 10)} | set(honors)


def _filler_pool(rng: random.Random, suits: list[int]) -> set[int]:
    """Where the sets a theme leaves free come from: mostly the theme's suits, some honours."""
    roll = rng.random()
    if roll < 0.4:
        return _suits_pool(suits)
    if roll < 0.7:
        return _suits_pool(suits, HONORS)
    return _suits_pool([0, 1, 2], HONORS)


# Each theme returns (sets, pair) where some sets are fixed by the theme and the rest are fillers.
Theme = Callable[[random.Random], tuple[list[Set], int]]


def _fill(rng: random.Random, sets: list[Set], pool: set[int], pair_pool: set[int] | None = None,
          chow_bias: float = 0.5) -> tuple[list[Set], int]:
    while len(sets) < 4:
        sets.append(_random_set(rng, pool, chow_bias))
    pp = sorted(pair_pool if pair_pool is not None else pool)
    if not pp:
        raise Retry
    return sets, rng.choice(pp)


def theme_pool(rng: random.Random) -> tuple[list[Set], int]:
    """All four sets and the pair from one pool: a flush, two suits, a tile class, or anything."""
    kind = rng.choice([
        "full_flush", "full_flush", "half_flush", "half_flush", "two_suits", "any", "any",
        "simples", "upper", "middle", "lower", "upper_four", "lower_four", "reversible", "green",
        "terminals_honors", "terminals", "even", "honors", "winds_dragons_suit",
    ])
    s = rng.randrange(3)
    chow_bias = rng.choice([0.0, 0.3, 0.5, 0.8, 1.0])
    if kind == "full_flush":
        pool = _suits_pool([s])
    elif kind == "half_flush":
        pool = _suits_pool([s], tuple(rng.sample(HONORS, rng.randint(1, 7))))
    elif kind == "two_suits":
        pool = _suits_pool(rng.sample(range(3), 2), HONORS if rng.random() < 0.5 else ())
    elif kind == "any":
        pool = _suits_pool([0, 1, 2], HONORS)
    elif kind == "winds_dragons_suit":
        pool = _suits_pool([s], HONORS)
        chow_bias = 0.2
    else:
        ranks = {
            "simples": range(2, 9), "upper": range(7, 10), "middle": range(4, 7), "lower": range(1, 4),
            "upper_four": range(6, 10), "lower_four": range(1, 5), "terminals": (1, 9),
            "terminals_honors": (1, 9), "even": (2, 4, 6, 8), "honors": (),
            "reversible": (), "green": (),
        }[kind]
        suits = [0, 1, 2] if rng.random() < 0.6 else rng.sample(range(3), rng.randint(1, 2))
        pool = {t(x, r) for x in suits for r in ranks}
        if kind == "terminals_honors":
            pool |= set(HONORS)
        elif kind == "honors":
            pool = set(HONORS)
        elif kind == "reversible":
            pool = {t(1, r) for r in (1, 2, 3, 4, 5, 8, 9)} | {t(2, r) for r in (2, 4, 5, 6, 8, 9)} | {33}
        elif kind == "green":
            pool = {t(2, r) for r in (2, 3, 4, 6, 8)} | ({32} if rng.random() < 0.7 else set())
    return _fill(rng, [], pool, chow_bias=chow_bias)


def theme_all_fives(rng: random.Random) -> tuple[list[Set], int]:
    sets: list[Set] = []
    for _ in range(4):
        x = rng.randrange(3)
        sets.append(("pung", t(x, 5)) if rng.random() < 0.3 else ("chow", t(x, rng.randint(3, 5))))
    return sets, t(rng.randrange(3), 5)


def theme_outside(rng: random.Random) -> tuple[list[Set], int]:
    sets: list[Set] = []
    for _ in range(4):
        x = rng.randrange(3)
        roll = rng.random()
        if roll < 0.6:
            sets.append(("chow", t(x, rng.choice((1, 7)))))
        else:
            sets.append(("pung", rng.choice(ORPHANS)))
    return sets, rng.choice(ORPHANS)


def theme_straight(rng: random.Random) -> tuple[list[Set], int]:
    """Pure straight (清龙) or mixed straight (花龙)."""
    if rng.random() < 0.5:
        s = rng.randrange(3)
        sets: list[Set] = [("chow", t(s, 1)), ("chow", t(s, 4)), ("chow", t(s, 7))]
        suits = [s]
    else:
        suits = rng.sample(range(3), 3)
        sets = [("chow", t(suits[0], 1)), ("chow", t(suits[1], 4)), ("chow", t(suits[2], 7))]
    return _fill(rng, sets, _filler_pool(rng, suits))


def theme_same_chows(rng: random.Random) -> tuple[list[Set], int]:
    """Identical chows: pure double (一般高), pure triple (一色三同顺), quadruple (一色四同顺), two pairs of them."""
    s, r = rng.randrange(3), rng.randint(1, 7)
    n = rng.choice([2, 2, 3, 3, 4])
    sets: list[Set] = [("chow", t(s, r))] * n
    if n == 2 and rng.random() < 0.4:
        s2, r2 = rng.randrange(3), rng.randint(1, 7)
        sets += [("chow", t(s2, r2))] * 2
    return _fill(rng, sets, _filler_pool(rng, [s]))


def theme_mixed_chows(rng: random.Random) -> tuple[list[Set], int]:
    """Same chow in two or three suits (喜相逢, 三色三同顺)."""
    r = rng.randint(1, 7)
    suits = rng.sample(range(3), rng.choice([2, 3, 3]))
    sets: list[Set] = [("chow", t(x, r)) for x in suits]
    return _fill(rng, sets, _filler_pool(rng, suits))


def theme_shifted_chows(rng: random.Random) -> tuple[list[Set], int]:
    """Chows stepping by one or two: pure (一色三步高/四步高), mixed (三色三步高), short straight (连六)."""
    roll = rng.random()
    if roll < 0.45:  # pure, 3 or 4
        s, step, n = rng.randrange(3), rng.choice((1, 2)), rng.choice((3, 3, 4))
        r = rng.randint(1, 7 - step * (n - 1))
        sets: list[Set] = [("chow", t(s, r + step * k)) for k in range(n)]
        suits = [s]
    elif roll < 0.8:  # mixed
        suits = rng.sample(range(3), 3)
        r = rng.randint(1, 5)
        sets = [("chow", t(x, r + k)) for k, x in enumerate(suits)]
    else:  # short straight, possibly with terminal chows
        s = rng.randrange(3)
        r = rng.randint(1, 4)
        sets = [("chow", t(s, r)), ("chow", t(s, r + 3))]
        suits = [s]
    return _fill(rng, sets, _filler_pool(rng, suits))


def theme_terminal_chows(rng: random.Random) -> tuple[list[Set], int]:
    """老少副, 三色双龙会 (two suits' 123+789, 55 of the third), 一色双龙会 (123 123 789 789 55)."""
    roll = rng.random()
    s = rng.randrange(3)
    if roll < 0.3:
        return [("chow", t(s, 1)), ("chow", t(s, 1)), ("chow", t(s, 7)), ("chow", t(s, 7))], t(s, 5)
    if roll < 0.6:
        a, b, c = rng.sample(range(3), 3)
        return [("chow", t(a, 1)), ("chow", t(a, 7)), ("chow", t(b, 1)), ("chow", t(b, 7))], t(c, 5)
    return _fill(rng, [("chow", t(s, 1)), ("chow", t(s, 7))], _filler_pool(rng, [s]))


def theme_shifted_pungs(rng: random.Random) -> tuple[list[Set], int]:
    """Pungs stepping by one: pure (一色三节高/四节高) or mixed (三色三节高)."""
    if rng.random() < 0.6:
        s, n = rng.randrange(3), rng.choice((3, 3, 4))
        r = rng.randint(1, 10 - n)
        sets: list[Set] = [("pung", t(s, r + k)) for k in range(n)]
        suits = [s]
    else:
        suits = rng.sample(range(3), 3)
        r = rng.randint(1, 7)
        sets = [("pung", t(x, r + k)) for k, x in enumerate(suits)]
    return _fill(rng, sets, _filler_pool(rng, suits), chow_bias=0.3)


def theme_same_pungs(rng: random.Random) -> tuple[list[Set], int]:
    """Pungs of one rank in two or three suits (双同刻, 三同刻)."""
    r = rng.randint(1, 9)
    suits = rng.sample(range(3), rng.choice((2, 3)))
    sets: list[Set] = [("pung", t(x, r)) for x in suits]
    if len(suits) == 2 and rng.random() < 0.3:
        r2 = rng.choice([x for x in range(1, 10) if x != r])
        sets += [("pung", t(x, r2)) for x in rng.sample(range(3), 2)]
    return _fill(rng, sets, _filler_pool(rng, suits), chow_bias=0.3)


def theme_honor_pungs(rng: random.Random) -> tuple[list[Set], int]:
    """Wind and dragon pungs: 大四喜, 小四喜, 三风刻, 大三元, 小三元, 双箭刻, 箭刻, seat/prevalent wind."""
    roll = rng.random()
    s = rng.randrange(3)
    pool = _filler_pool(rng, [s])
    if roll < 0.12:
        return [("pung", w) for w in WIND_TILES], rng.choice(sorted(pool))
    if roll < 0.25:
        winds = rng.sample(WIND_TILES, 4)
        return _fill(rng, [("pung", w) for w in winds[:3]], pool, {winds[3]})
    if roll < 0.37:
        return _fill(rng, [("pung", w) for w in rng.sample(WIND_TILES, 3)], pool)
    if roll < 0.5:
        return _fill(rng, [("pung", d) for d in DRAGON_TILES], pool)
    if roll < 0.63:
        dragons = rng.sample(DRAGON_TILES, 3)
        return _fill(rng, [("pung", d) for d in dragons[:2]], pool, {dragons[2]})
    k = rng.randint(1, 3)
    return _fill(rng, [("pung", h) for h in rng.sample(HONORS, k)], pool)


def theme_plain(rng: random.Random) -> tuple[list[Set], int]:
    """Little structure: sets spread over three suits, an honour pair, often declared (无番和 territory)."""
    a, b, c = rng.sample(range(3), 3)
    sets: list[Set] = [("chow", t(a, rng.randint(1, 7))), ("chow", t(b, rng.randint(1, 7))),
                       rng.choice([("pung", t(c, rng.randint(2, 8))), ("chow", t(c, rng.randint(1, 7)))])]
    return _fill(rng, sets, _suits_pool([0, 1, 2]), set(HONORS) if rng.random() < 0.7 else None)


def theme_dense(rng: random.Random) -> tuple[list[Set], int]:
    """Sets packed into a few ranks of one suit (111222333, 2233445566...): many readings compete."""
    s = rng.randrange(3)
    lo = rng.randint(1, 6)
    pool = {t(s, r) for r in range(lo, min(9, lo + rng.randint(3, 5)) + 1)}
    return _fill(rng, [], pool, pool if rng.random() < 0.8 else set(HONORS), chow_bias=rng.choice([0.3, 0.5, 0.7]))


def theme_all_pungs(rng: random.Random) -> tuple[list[Set], int]:
    s = rng.randrange(3)
    pool = rng.choice([_suits_pool([s]), _suits_pool([s], HONORS), _suits_pool([0, 1, 2], HONORS),
                       set(ORPHANS), set(TERMINALS)])
    return _fill(rng, [], pool, chow_bias=0.0)


REGULAR_THEMES: dict[str, tuple[Theme, float]] = {
    "pool": (theme_pool, 6),
    "all_fives": (theme_all_fives, 0.6),
    "outside": (theme_outside, 1),
    "straight": (theme_straight, 1.2),
    "same_chows": (theme_same_chows, 1.2),
    "mixed_chows": (theme_mixed_chows, 1),
    "shifted_chows": (theme_shifted_chows, 1.2),
    "terminal_chows": (theme_terminal_chows, 0.8),
    "shifted_pungs": (theme_shifted_pungs, 1),
    "same_pungs": (theme_same_pungs, 0.8),
    "honor_pungs": (theme_honor_pungs, 1.5),
    "all_pungs": (theme_all_pungs, 1),
    "plain": (theme_plain, 1.5),
    "dense": (theme_dense, 1.5),
}


# --- assembling a hand: which sets are declared, the winning tile, the context ---------------------
def _check_counts(tiles: list[int]) -> None:
    if any(n > 4 for n in Counter(tiles).values()):
        raise Retry


def _assemble_regular(rng: random.Random, sets: list[Set], pair: int,
                      kong_rate: float, meld_rate: float) -> tuple[list[int], list[GenMeld]]:
    """Decide for each set: standing, declared, or a kong (declared or concealed)."""
    sets = list(sets)
    rng.shuffle(sets)
    standing: list[int] = [pair, pair]
    melds: list[GenMeld] = []
    everything: list[int] = [pair, pair]
    for s in sets:
        tiles = set_tiles(s)
        if s[0] == "pung" and rng.random() < kong_rate:
            concealed = rng.random() < 0.5
            melds.append(GenMeld("kong", (CODES[s[1]],) * 4, concealed, 0 if concealed else rng.randint(1, 3)))
            everything += [s[1]] * 4
            continue
        everything += tiles
        if rng.random() < meld_rate:
            melds.append(GenMeld(s[0], tuple(CODES[i] for i in tiles), False, rng.randint(1, 3)))
        else:
            standing += tiles
    _check_counts(everything)
    rng.shuffle(melds)
    return standing, melds


def _regular(rng: random.Random) -> tuple[str, str, list[int], list[GenMeld]]:
    names = list(REGULAR_THEMES)
    theme = rng.choices(names, weights=[REGULAR_THEMES[n][1] for n in names])[0]
    sets, pair = REGULAR_THEMES[theme][0](rng)
    kong_rate = rng.choice([0.0, 0.0, 0.1, 0.3, 0.8])
    meld_rate = rng.choice([0.0, 0.0, 0.2, 0.4, 0.7, 1.0])
    if theme == "plain":
        kong_rate, meld_rate = 0.0, rng.choice([0.5, 0.8, 1.0])
    standing, melds = _assemble_regular(rng, sets, pair, kong_rate, meld_rate)
    return "regular", theme, standing, melds


def _seven_pairs(rng: random.Random) -> tuple[str, str, list[int], list[GenMeld]]:
    kind = rng.choice(["random", "flush", "half_flush", "runs", "runs", "hog", "terminals", "honors_mix"])
    s = rng.randrange(3)
    if kind == "runs":  # 112233-style runs that also read as chows, so a regular reading competes
        pairs: list[int] = []
        while len(pairs) < 6:
            x, r = (s if rng.random() < 0.6 else rng.randrange(3)), rng.randint(1, 7)
            pairs += [t(x, r), t(x, r + 1), t(x, r + 2)]
        pool = sorted(_suits_pool([s], HONORS))
        pairs.append(rng.choice(pool))
    else:
        pool_set = {
            "random": _suits_pool([0, 1, 2], HONORS), "flush": _suits_pool([s]),
            "half_flush": _suits_pool([s], HONORS), "hog": _suits_pool([s, (s + 1) % 3]),
            "terminals": set(ORPHANS), "honors_mix": _suits_pool([s], HONORS),
        }[kind]
        pool = sorted(pool_set)
        pairs = []
        dup_rate = 0.35 if kind == "hog" else 0.08
        while len(pairs) < 7:
            x = rng.choice(pool)
            if x in pairs:
                continue
            pairs.append(x)
            if len(pairs) < 7 and rng.random() < dup_rate:
                pairs.append(x)  # four of a kind: two pairs
    tiles = [x for p in pairs for x in (p, p)]
    _check_counts(tiles)
    return "seven_pairs", kind, tiles, []


def _seven_shifted_pairs(rng: random.Random) -> tuple[str, str, list[int], list[GenMeld]]:
    s, r = rng.randrange(3), rng.randint(1, 3)
    return "seven_shifted_pairs", "shifted", [t(s, r + k) for k in range(7) for _ in (0, 1)], []


def _thirteen_orphans(rng: random.Random) -> tuple[str, str, list[int], list[GenMeld]]:
    return "thirteen_orphans", "orphans", [*ORPHANS, rng.choice(ORPHANS)], []


def _honors_knitted(rng: random.Random) -> tuple[str, str, list[int], list[GenMeld]]:
    knitted = knitted_tiles(rng)
    if rng.random() < 0.4:  # 七星不靠: all seven honours
        return "greater_honors_and_knitted", "greater", [*HONORS, *rng.sample(knitted, 7)], []
    n_honors = rng.choice((5, 6))
    theme = "lesser_with_straight" if n_honors == 5 else "lesser"
    return "lesser_honors_and_knitted", theme, [*rng.sample(HONORS, n_honors), *rng.sample(knitted, 14 - n_honors)], []


def _knitted_straight(rng: random.Random) -> tuple[str, str, list[int], list[GenMeld]]:
    knitted = knitted_tiles(rng)
    pool = _suits_pool([0, 1, 2], HONORS)
    s = _random_set(rng, pool, 0.5)
    pair = rng.choice(sorted(pool))
    standing = [*knitted, pair, pair]
    melds: list[GenMeld] = []
    tiles = set_tiles(s)
    everything = [*knitted, pair, pair]
    theme = "concealed"
    if rng.random() < 0.45:
        theme = "one_meld"
        if s[0] == "pung" and rng.random() < 0.4:
            concealed = rng.random() < 0.5
            melds.append(GenMeld("kong", (CODES[s[1]],) * 4, concealed, 0 if concealed else rng.randint(1, 3)))
            everything += [s[1]] * 4
        else:
            melds.append(GenMeld(s[0], tuple(CODES[i] for i in tiles), False, rng.randint(1, 3)))
            everything += tiles
    else:
        standing += tiles
        everything += tiles
    _check_counts(everything)
    return "knitted_straight", theme, standing, melds


def _nine_gates(rng: random.Random) -> tuple[str, str, list[int], list[GenMeld]]:
    s = rng.randrange(3)
    base = [t(s, r) for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)]
    return "nine_gates", "gates", [*base, t(s, rng.randint(1, 9))], []


def _regular_complete(counts: list[int], sets: int, pair: bool = True) -> bool:
    """Do ``counts`` (34 ints) form ``sets`` chows/pungs plus a pair (when ``pair``)?"""
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return sets == 0 and not pair
    if pair and counts[i] >= 2:
        counts[i] -= 2
        ok = _regular_complete(counts, sets, False)
        counts[i] += 2
        if ok:
            return True
    if sets == 0:
        return False
    if counts[i] >= 3:
        counts[i] -= 3
        ok = _regular_complete(counts, sets - 1, pair)
        counts[i] += 3
        if ok:
            return True
    if i < 27 and rank(i) <= 7 and counts[i + 1] and counts[i + 2]:
        for k in (i, i + 1, i + 2):
            counts[k] -= 1
        ok = _regular_complete(counts, sets - 1, pair)
        for k in (i, i + 1, i + 2):
            counts[k] += 1
        if ok:
            return True
    return False


def _crowded(rng: random.Random) -> tuple[str, str, list[int], list[GenMeld]]:
    """Random tiles crowded into one or two suits (plus a few honours), kept when they happen to win.

    Not built from sets, so no theme's bias: whatever complete hand the dice give, with every
    reading the tiles allow (regular, seven pairs, or both).
    """
    suits = rng.sample(range(3), rng.choice((1, 1, 2)))
    honors = rng.sample(HONORS, rng.choice((0, 0, 1, 2)))
    kinds = sorted(_suits_pool(suits, tuple(honors)))
    n_melds = rng.choice((0, 0, 0, 1, 2))
    for _ in range(400):
        left = Counter({k: 4 for k in kinds})
        melds: list[GenMeld] = []
        for _ in range(n_melds):
            s = _random_set(rng, set(kinds), 0.5)
            tiles = set_tiles(s)
            if any(left[x] < tiles.count(x) for x in tiles):
                break
            left.subtract(tiles)
            melds.append(GenMeld(s[0], tuple(CODES[i] for i in tiles), False, rng.randint(1, 3)))
        pool = [k for k, n in left.items() for _ in range(n)]
        standing = rng.sample(pool, 14 - 3 * len(melds))
        counts = [0] * 34
        for x in standing:
            counts[x] += 1
        regular = _regular_complete(counts, 4 - len(melds))
        pairs = not melds and all(n in (0, 2, 4) for n in counts)
        if regular or pairs:
            return "crowded", ("regular" if regular else "") + ("+pairs" if pairs else ""), standing, melds
    raise Retry


STRUCTURES: dict[str, Callable[[random.Random], tuple[str, str, list[int], list[GenMeld]]]] = {
    "regular": _regular,
    "seven_pairs": _seven_pairs,
    "seven_shifted_pairs": _seven_shifted_pairs,
    "thirteen_orphans": _thirteen_orphans,
    "honors_and_knitted": _honors_knitted,
    "knitted_straight": _knitted_straight,
    "nine_gates": _nine_gates,
    "crowded": _crowded,
}
STRUCTURE_WEIGHTS: dict[str, float] = {
    "regular": 70,
    "seven_pairs": 9,
    "seven_shifted_pairs": 3,
    "thirteen_orphans": 3,
    "honors_and_knitted": 6,
    "knitted_straight": 6,
    "nine_gates": 3,
    "crowded": 8,
}


def _pick_winning_tile(rng: random.Random, standing: list[int], structure: str) -> int:
    if structure == "nine_gates":
        return standing[-1]  # the 14th tile: 1112345678999 stands, any tile of the suit wins
    return rng.choice(standing)


def _context(rng: random.Random, standing: list[int], melds: list[GenMeld], win: int) -> dict[str, Any]:
    concealed_rest = list(standing)
    concealed_rest.remove(win)
    in_melds = sum(1 for m in melds for c in m.tiles if c == CODES[win])
    held = concealed_rest.count(win)
    has_kong = any(m.kind == "kong" for m in melds)

    self_drawn = rng.random() < 0.4
    robbing = not self_drawn and held == 0 and in_melds == 0 and rng.random() < 0.2
    last_wall = rng.random() < 0.1
    kong_replacement = self_drawn and has_kong and rng.random() < 0.35
    if in_melds == 3:
        last_copy = rng.random() < 0.5  # proven by the tiles: the scorer must infer it when unset
    elif held:
        last_copy = rng.random() < 0.1  # disproved by the concealed copy: the scorer must ignore it
    else:
        last_copy = rng.random() < 0.15

    # Seat and prevalent winds: often one of the winds the hand holds three of, so wind fans occur.
    counts = Counter(standing) + Counter(INDEX[c] for m in melds for c in m.tiles)
    held_winds = [WINDS[w - 27] for w in WIND_TILES if counts[w] >= 3]
    def wind() -> str:
        return rng.choice(held_winds) if held_winds and rng.random() < 0.6 else rng.choice(WINDS)
    seat, prevalent = wind(), wind()
    discarder = None
    if not self_drawn and rng.random() < 0.9:
        discarder = rng.choice([w for w in WINDS if w != seat])
    return {
        "self_drawn": self_drawn,
        "seat_wind": seat,
        "prevalent_wind": prevalent,
        "last_copy": last_copy,
        "last_wall_tile": last_wall,
        "kong_replacement": kong_replacement,
        "robbing_kong": robbing,
        "discarder": discarder,
        "base_points": rng.choice((1, 1, 1, 2, 3, 4, 5)),
    }


def generate_from(rng: random.Random, structure: str | None = None) -> GenHand:
    """One hand from ``rng``; ``structure`` forces a key of ``STRUCTURES``."""
    names = list(STRUCTURE_WEIGHTS)
    for _ in range(1000):
        name = structure or rng.choices(names, weights=[STRUCTURE_WEIGHTS[n] for n in names])[0]
        try:
            kind, theme, standing, melds = STRUCTURES[name](rng)
        except Retry:
            continue
        win = _pick_winning_tile(rng, standing, kind)
        context = _context(rng, standing, melds, win)
        rest = list(standing)
        rest.remove(win)
        flowers = 0 if rng.random() < 0.6 else rng.randint(1, 8)
        return GenHand(
            structure=kind,
            theme=theme,
            concealed=tuple(CODES[i] for i in sorted(rest)),
            melds=tuple(melds),
            winning_tile=CODES[win],
            flowers=flowers,
            context=context,
        )
    raise RuntimeError(f"could not draw a {structure or 'any'} hand")  # pragma: no cover


def swap_winning_tile(g: GenHand, code: str) -> GenHand | None:
    """``g`` won on ``code`` instead: usually no longer complete (a near miss), sometimes another
    wait of the same hand. None when that would be a fifth copy. The context stays consistent:
    robbing_kong is dropped when ``code`` is held elsewhere."""
    if code == g.winning_tile or g.all_tiles().count(code) >= 4:
        return None
    context = dict(g.context)
    if any(code in m.tiles for m in g.melds) or code in g.concealed:
        context["robbing_kong"] = False
    return GenHand(g.structure, g.theme, g.concealed, g.melds, code, g.flowers, context)


def near_misses(g: GenHand) -> list[GenHand]:
    """``g`` with every other winning tile it could have (see ``swap_winning_tile``)."""
    return [h for code in CODES if (h := swap_winning_tile(g, code)) is not None]


def generate(seed: int, index: int = 0, structure: str | None = None) -> GenHand:
    """Hand ``index`` of seed ``seed``: the same pair always gives the same hand."""
    return generate_from(random.Random(f"{seed}:{index}:{structure or ''}"), structure)


def generate_many(n: int, seed: int, structure: str | None = None) -> list[GenHand]:
    return [generate(seed, i, structure) for i in range(n)]
