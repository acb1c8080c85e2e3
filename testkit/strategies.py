"""The hypothesis strategies the property tests share, over the three books' hands and Sichuan's
hands of play, and each book's property settings: derandomized, no example database, bounded
examples, so that a file runs in seconds and the same on every machine.

    complete_hands()   MCR: a complete hand of ``testkit.hands.themed`` (a drawn seed and structure)
    hk_hands()         Hong Kong: such a hand with named flowers, a context and options
    winning_hands()    Sichuan: a complete hand in the two suits a player keeps, and its missing suit
    draw_kong(...)     Sichuan's hands of play: a kong of a free tile, shown later with ``shown``
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, note, settings
from hypothesis import strategies as st

import scorer
from scorer.tiles import INDEX, Tile
from testkit.hands.books import FLOWERS, hk_request
from testkit.hands.themed import STRUCTURES, GenHand, generate

MCR_PROPS = settings(max_examples=300, derandomize=True, database=None, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])
HK_PROPS = settings(max_examples=200, derandomize=True, database=None, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
SICHUAN_PROPS = settings(max_examples=200, derandomize=True, database=None, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow])
SEED = 4242


# --- MCR ------------------------------------------------------------------------------------------
@st.composite
def complete_hands(draw: st.DrawFn) -> GenHand:
    structure = draw(st.sampled_from([None, None, *sorted(STRUCTURES)]))
    index = draw(st.integers(0, 10**9))
    g = generate(SEED, index, structure)
    note(f"generate({SEED}, {index}, {structure!r}): {g.notation()} flowers={g.flowers} {g.context}")
    return g


# --- Hong Kong ------------------------------------------------------------------------------------
@st.composite
def hk_hands(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """A generated complete hand as a Hong Kong request (``testkit.hands.books.hk_request``: named
    flowers, the context), its options drawn over every house rule."""
    structure = draw(st.sampled_from([None, None, None, "seven_pairs", "thirteen_orphans", *sorted(STRUCTURES)]))
    g = generate(77, draw(st.integers(0, 10**9)), structure)
    flowers = draw(st.lists(st.sampled_from(FLOWERS), unique=True, max_size=8))
    hi = draw(st.integers(1, 13))
    hand, ctx, opts = hk_request(g, flowers, hi, draw(st.integers(0, hi)))
    opts |= {"points_table": draw(st.sampled_from(["doubling", "half_doubling"])),
             "discard_payment": draw(st.sampled_from(["discarder_pays_all", "half"]))}
    note(f"{g.notation()} flowers={flowers} {ctx} {opts}")
    return hand, ctx, opts


# --- Sichuan --------------------------------------------------------------------------------------
SUITED = [t for t in Tile if INDEX[t] < 27]


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple[scorer.Hand, str]:
    """A complete hand in the two suits a player keeps: four sets (some declared, pungs or kongs)
    and a pair, or seven pairs."""
    missing = draw(st.sampled_from("mps"))
    kept = [t for t in SUITED if not t.value.endswith(missing)]
    counts = dict.fromkeys(kept, 0)
    if draw(st.booleans()):
        pairs = draw(st.lists(st.sampled_from(kept), min_size=7, max_size=7))
        tiles = []
        for t in pairs:
            if counts[t] + 2 > 4:
                pairs = []
                break
            counts[t] += 2
            tiles += [t, t]
        if pairs:
            order = draw(st.permutations(tiles))
            return scorer.Hand(tuple(order[:-1]), (), order[-1]), missing
    counts = dict.fromkeys(kept, 0)
    melds: list[scorer.Meld] = []
    concealed: list[Tile] = []
    for _ in range(4):
        t = draw(st.sampled_from(kept))
        chow = draw(st.booleans()) and int(t.value[0]) <= 7
        if chow:
            run = [Tile(f"{int(t.value[0]) + k}{t.value[1]}") for k in range(3)]
            if any(counts[x] >= 4 for x in run):
                continue
            for x in run:
                counts[x] += 1
            concealed += run
            continue
        size = draw(st.sampled_from((3, 4)))
        if counts[t] + size > 4:
            continue
        counts[t] += size
        if size == 4:
            melds.append(scorer.Meld(scorer.MeldKind.KONG, t, concealed=draw(st.booleans())))
        elif draw(st.booleans()):
            melds.append(scorer.Meld(scorer.MeldKind.PUNG, t))
        else:
            concealed += [t] * 3
    pair = draw(st.sampled_from([t for t in kept if counts[t] <= 2]))
    counts[pair] += 2
    concealed += [pair, pair]
    while len(concealed) + 3 * len(melds) < 14:  # a set was skipped: fill with a pung of a free tile
        t = draw(st.sampled_from([t for t in kept if counts[t] == 0]))
        counts[t] += 3
        concealed += [t] * 3
    order = draw(st.permutations(concealed))
    return scorer.Hand(tuple(order[:-1]), tuple(melds), order[-1]), missing


# --- Sichuan's hands of play: four-pung hands, their holdings at an exhausted wall, the kongs' tiles
PUNGS = {"E": "111m222m333m444m", "S": "666m777m888m999m", "W": "111s222s333s444s", "N": "666s777s888s999s"}
HOLDINGS = {
    "E": ("111m222m333m444m5p", "111m222m333m44m5p9m", "111m222m333m444m5s"),
    "S": ("666m777m888m999m6p", "666m777m888m99m6p1m", "666m777m888m999m6s"),
    "W": ("111s222s333s444s5p", "111s222s333s44s5p9s", "111s222s333s444s5m"),
    "N": ("666s777s888s999s6p", "666s777s888s99s6p1s", "666s777s888s999s6m"),
}
KONG_TILES = {"E": ("5m", "7p", "8p", "9p"), "S": ("5m", "7p", "8p", "9p"), "W": ("5s", "7p", "8p", "9p"),
              "N": ("5s", "7p", "8p", "9p")}


def shown(kongs: list[tuple[str, str]], rest: str) -> str:
    """A hand or holding in notation with the player's kongs among its melds, each in place of one
    of the pungs ``rest`` starts with (four characters each)."""
    melds = "".join(f"[{t[0] * 4}{t[1]}{'' if kind == 'concealed' else '1'}]" for t, kind in kongs)
    return melds + rest[4 * len(kongs):]


def kong(player: str, kind: str, tile: str, discarder: str | None = None) -> dict[str, Any]:
    """A kong event as a hand of play's body gives it."""
    k: dict[str, Any] = {"player": player, "kind": kind, "tile": tile}
    if discarder is not None:
        k["discarder"] = discarder
    return {"kong": k}


def draw_kong(draw: st.DrawFn, still: list[str], made: dict[str, list[tuple[str, str]]],
              used: set[str]) -> dict[str, Any] | None:
    """A kong by one of the players ``still`` in, of a tile nobody has made a kong of (``used``), at
    most three a player, recorded in ``made`` for ``shown``; None when the drawn player has none left."""
    player = draw(st.sampled_from(still))
    tiles = [t for t in KONG_TILES[player] if t not in used]
    if not tiles or len(made[player]) == 3:
        return None
    t = draw(st.sampled_from(tiles))
    used.add(t)
    kind = draw(st.sampled_from(("exposed", "added", "concealed")))
    others = [w for w in still if w != player]
    if kind == "exposed" and not others:
        kind = "concealed"
    made[player].append((t, kind))
    return kong(player, kind, t, draw(st.sampled_from(others)) if kind == "exposed" else None)
