"""The toy book's one house rule."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.rules.book import Preset, option


@dataclass(frozen=True)
class ToyOptions:
    stake: int = option(1, "what one point is worth", source="TOY1: the toy book's own", minimum=1, maximum=100)


PRESETS = (Preset("plain", "the toy book as written", "TOY1: the toy book's own"),)
