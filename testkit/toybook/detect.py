"""The toy book's facts, its shapes and one detector per fan: (facts, shape) -> count."""

from __future__ import annotations

from typing import Any

from scorer import decompose
from scorer.context import Context
from scorer.forms import Form
from scorer.hand import Hand
from scorer.tiles import NUM_TILES, SUIT


class Facts:
    def __init__(self, hand: Hand, ctx: Context, options: Any) -> None:
        self.options = options
        self.ctx = ctx
        self.standing = hand.standing_counts()
        self.counts = hand.counts()
        self.need = hand.sets - len(hand.melds)
        self.claimed = sum(1 for m in hand.melds if not m.concealed)
        self.meld_pungs = sum(1 for m in hand.melds if m.kind.value != "chow")
        self.suits = {SUIT[i] for i in range(NUM_TILES) if self.counts[i]}


class Shape:
    """A reading: its form, its pungs, and its division of the concealed tiles (None for the
    pairs and a triplet), from which the answer lists the reading's sets."""

    def __init__(self, form: Form, pungs: int, div: decompose.Division | None = None) -> None:
        self.form = form
        self.pungs = pungs
        self.div = div


def shapes(f: Facts) -> list[Shape]:
    out = [Shape(Form.REGULAR, f.meld_pungs + sum(1 for _, k in div[0] if k.value == "pung"), div)
           for div in decompose.regular_divisions(f.standing, f.need)]
    pairs = sum(n // 2 for n in f.standing)
    if not f.claimed and sum(f.standing) == 17 and 3 in f.standing and pairs == 8:  # seven pairs and a triplet
        out.append(Shape(Form.EIGHT_AND_A_HALF_PAIRS, 0))
    return out


def pairs(f: Facts, s: Shape) -> int:
    return int(s.form is Form.EIGHT_AND_A_HALF_PAIRS)


def full_flush(f: Facts, s: Shape) -> int:
    return int(len(f.suits) == 1 and 3 not in f.suits)


def all_pungs(f: Facts, s: Shape) -> int:
    return int(s.form is Form.REGULAR and s.pungs == 5)


def concealed(f: Facts, s: Shape) -> int:
    return int(not f.claimed)


def self_drawn(f: Facts, s: Shape) -> int:
    return int(f.ctx.self_drawn)


def concealed_self_drawn(f: Facts, s: Shape) -> int:
    return int(not f.claimed and f.ctx.self_drawn)
