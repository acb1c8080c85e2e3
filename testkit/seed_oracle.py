"""Keep the seeds honest: re-derive every seed's breakdown from the reference calculator.

Each seed in ``seeds/`` states its expected fans. This module reads the seed's request *without*
the scorer (its own small parser, so a parsing bug in the engine cannot hide here), asks
pymahjonggb (``import MahjongGB``) for the fans, maps the reference's Chinese names onto our fan
ids, applies the project's written rulings (RULINGS.md), and checks the result equals the
seed's expectation — fans, points, flower points, total, validity and payouts.

The only ruling that changes a breakdown: one melded + one concealed kong, which the reference
reports as 明暗杠 (5 points, not one of the 81), scores two_melded_kongs + concealed_kong here.

The test is ``tests/mcr/test_seeds.py``'s ``test_seeds_agree_with_reference``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

WINDS = "ESWN"
MIN_POINTS = 8

# --- reading requests (independent of scorer.hand) ------------------------------------------------
_TOKEN = re.compile(r"\s+|([1-9]+)([mps])|([ESWNCFP])")
_SUIT_TO_REF = {"m": "W", "s": "T", "p": "B"}
_HONOR_TO_REF = {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}


def tiles(text: str) -> list[str]:
    """``"123m EE"`` → ``["1m", "2m", "3m", "E", "E"]``."""
    out: list[str] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise ValueError(f"cannot read tiles {text!r} at {pos}")
        if m.group(1):
            out.extend(d + m.group(2) for d in m.group(1))
        elif m.group(3):
            out.append(m.group(3))
        pos = m.end()
    return out


def ref_tile(code: str) -> str:
    return _HONOR_TO_REF[code] if code in _HONOR_TO_REF else _SUIT_TO_REF[code[1]] + code[0]


def _pack(meld_tiles: list[str], concealed: bool, offer: int) -> tuple[str, str, int]:
    ts = sorted(meld_tiles, key=lambda t: (t[-1], t))
    if len(ts) == 4:
        return ("GANG", ref_tile(ts[0]), 0 if concealed else (offer or 1))
    if ts[0] == ts[1] == ts[2]:
        return ("PENG", ref_tile(ts[0]), offer or 1)
    return ("CHI", ref_tile(ts[1]), offer or 1)  # the reference names a chow by its middle tile


def reference_input(request: dict[str, Any]) -> tuple[list[tuple[str, str, int]], list[str], str, int]:
    """(packs, standing tiles, winning tile, flowers) in our codes turned into the reference's."""
    hand = request["hand"]
    packs: list[tuple[str, str, int]] = []
    if isinstance(hand, str):
        body = hand.strip()
        while body.startswith("["):
            end = body.index("]")
            m = re.fullmatch(r"\s*([^\],]+?)\s*,?\s*([0-3])?\s*", body[1:end])
            assert m, f"bad meld {body[:end + 1]!r}"
            digit = int(m.group(2) or 0)
            ts = tiles(m.group(1))
            packs.append(_pack(ts, concealed=len(ts) == 4 and digit == 0, offer=digit))
            body = body[end + 1:]
        rest = tiles(body)
        standing, win, flowers = rest[:-1], rest[-1], 0
    else:
        for m in hand.get("melds", []):
            packs.append(_pack(tiles(m["tiles"]), m.get("concealed", False), 0))
        standing, win, flowers = tiles(hand["concealed"]), tiles(hand["winning_tile"])[0], hand.get("flowers", 0)
    return packs, [ref_tile(t) for t in standing], ref_tile(win), flowers


# --- asking the reference ----------------------------------------------------------------------
def _name_map() -> dict[str, str]:
    from scorer.rules.mcr.fans import FANS

    names = {f.name_zh: f.id for f in FANS}
    # The reference's own spellings of the wait fans ("独听" = the only wait; 嵌张 for our 坎张).
    names |= {
        "独听・边张": "edge_wait", "独听・嵌张": "closed_wait", "嵌张": "closed_wait", "独听・单钓": "single_wait",
    }
    return names


def reference_fans(request: dict[str, Any]) -> Counter[str] | None:
    """The reference's breakdown as {fan id: count}, rulings applied; None if it says "not a win"."""
    import MahjongGB

    ctx = request.get("context", {})
    packs, standing, win, flowers = reference_input(request)
    about_kong = ctx.get("kong_replacement", False) or ctx.get("robbing_kong", False)
    try:
        got = MahjongGB.MahjongFanCalculator(
            tuple(packs), tuple(standing), win, flowers,
            ctx.get("self_drawn", False), ctx.get("last_copy", False), about_kong,
            ctx.get("last_wall_tile", False),
            WINDS.index(ctx.get("seat_wind", "E")), WINDS.index(ctx.get("prevalent_wind", "E")),
            verbose=True,
        )
    except TypeError as e:
        if "ERROR_NOT_WIN" in str(e):
            return None
        raise
    names = _name_map()
    fans: Counter[str] = Counter()
    for _points, count, zh, _en in got:
        if zh == "明暗杠":  # ruling: one melded + one concealed kong = 4 + 2
            fans["two_melded_kongs"] += count
            fans["concealed_kong"] += count
            continue
        assert zh in names, f"reference fan {zh!r} has no id in scorer.rules.mcr.fans"
        fans[names[zh]] += count
    return fans


def payouts(total: int, ctx: dict[str, Any]) -> dict[str, int] | None:
    """Settlement as the online room rules page and the Green Book introduction state it: the
    discarder pays 8 + total and the other two 8; self-drawn, all pay 8 + total; times base_points.
    None when there is no discarder on a discard win."""
    seat, base = ctx.get("seat_wind", "E"), ctx.get("base_points", 1)
    if ctx.get("self_drawn", False):
        owed = {w: 8 + total for w in WINDS if w != seat}
    elif ctx.get("discarder") is not None:
        owed = {w: (8 + total if w == ctx["discarder"] else 8) for w in WINDS if w != seat}
    else:
        return None
    out = {w: -base * owed[w] for w in owed}
    out[seat] = base * sum(owed.values())
    return {w: out[w] for w in WINDS}


def derived_expectation(request: dict[str, Any]) -> dict[str, Any]:
    """The whole expected block as the reference and the settlement rules give it."""
    fans = reference_fans(request)
    if fans is None:
        return {"winning": False, "valid": False, "points": 0, "flower_points": 0, "total": 0,
                "fans": {}, "payouts": None}
    from scorer.rules.mcr.fans import BY_ID

    points = sum(BY_ID[f].points * n for f, n in fans.items() if f != "flower_tiles")
    flower_points = fans.get("flower_tiles", 0)
    valid = points >= MIN_POINTS
    total = points + flower_points
    return {"winning": True, "valid": valid, "points": points, "flower_points": flower_points, "total": total,
            "fans": dict(fans), "payouts": payouts(total, request.get("context", {})) if valid else None}
