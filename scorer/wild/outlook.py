"""A hand's outlook with jokers, shaped as ``scorer.waits.shanten.outlook`` answers it: each form's
shanten, the least, and the tiles that help — the useful tiles short of ready (a draw that lowers
the least shanten), the winning tiles when ready. A joker kind is one of those tiles exactly when
drawing a joker helps (a joker is never a tile to wait on as itself, but it is drawn as one).

The forms with joker-aware shanten are the regular one, seven pairs and thirteen orphans; any
other form of ``only`` is answered None (no joker book plays it)."""

from __future__ import annotations

from typing import Final

from ..forms import Form
from ..tiles import IS_TERMINAL_OR_HONOR, NUM_TILES
from .shanten import regular_shanten, seven_pairs_shanten
from .spec import Counts, Wild
from .waits import waits

_ORPHANS: Final = tuple(t for t in range(NUM_TILES) if IS_TERMINAL_OR_HONOR[t])


def orphans_shanten(counts: Counts, jokers: int) -> int:
    """Thirteen orphans' shanten: each joker fills a missing kind or the pair."""
    kinds = sum(1 for t in _ORPHANS if counts[t])
    pair = 1 if any(counts[t] >= 2 for t in _ORPHANS) else 0
    return max(-1, 13 - kinds - pair - jokers)


def form_shanten(form: Form, counts: Counts, jokers: int, melds: int, wild: Wild) -> int | None:
    """One form's shanten (None where the melds rule it out, or the form has no joker shanten)."""
    if form is Form.REGULAR:
        return regular_shanten(counts, jokers, 4 - melds, wild)
    if melds:
        return None
    if form is Form.SEVEN_PAIRS:
        return seven_pairs_shanten(counts, jokers, wild)
    if form is Form.THIRTEEN_ORPHANS:
        return orphans_shanten(counts, jokers)
    return None


def _least(counts: Counts, jokers: int, melds: int, only: tuple[Form, ...], wild: Wild) -> int:
    return min((s for f in only if (s := form_shanten(f, counts, jokers, melds, wild)) is not None), default=99)


def outlook(counts: Counts, jokers: int, melds: int, only: tuple[Form, ...], wild: Wild,
            joker_kinds: int) -> tuple[tuple[tuple[Form, int | None], ...], int, tuple[int, ...]]:
    """``counts`` (ordinary tiles) and ``jokers`` held before a draw, ``melds`` declared:
    (each form's shanten, the least, the tiles that help, ascending). ``joker_kinds`` is the mask
    of the kinds that are jokers in the deal: drawing one adds a joker, not a tile."""
    forms = tuple((f, form_shanten(f, counts, jokers, melds, wild)) for f in only)
    least = min((s for _, s in forms if s is not None), default=99)
    out: list[int] = []
    if least == 0:
        w = waits(counts, jokers, 4 - melds, wild, seven_pairs=Form.SEVEN_PAIRS in only and not melds,
                  orphans=Form.THIRTEEN_ORPHANS in only and not melds, joker_kinds=joker_kinds)
        out = sorted(w.tiles)
        if w.joker:
            out = sorted({*out, *(t for t in range(NUM_TILES) if joker_kinds >> t & 1)})
        return forms, least, tuple(out)
    c = list(counts)
    drawn_joker = _least(counts, jokers + 1, melds, only, wild) < least if joker_kinds else False
    for t in range(NUM_TILES):
        if joker_kinds >> t & 1:
            if drawn_joker:
                out.append(t)
            continue
        if wild.cap is not None and c[t] + 1 > wild.cap:
            continue
        c[t] += 1
        if _least(tuple(c), jokers, melds, only, wild) < least:
            out.append(t)
        c[t] -= 1
    return forms, least, tuple(out)


__all__ = ["form_shanten", "orphans_shanten", "outlook"]
