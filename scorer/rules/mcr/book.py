"""Mahjong Competition Rules (国标麻将) as a rule book: the 81-fan table, 8 points to win."""

from __future__ import annotations

from ...forms import ALL_FORMS
from ...shape import fields_of
from ..book import RuleBook, Settlement, lazy_explain
from .fans import MIN_POINTS, TABLE
from .ledger import settle
from .options import PRESETS, McrOptions
from .reading import build_room
from .room import Room
from .scoring import clear_caches, score_hand

BOOK = RuleBook(
    name="mcr",
    title="Mahjong Competition Rules",
    title_zh="国标麻将",
    unit="points",
    minimum=MIN_POINTS,
    maximum=None,
    options_type=McrOptions,
    context_fields=frozenset({"prevalent_wind", "last_copy", "last_wall_tile", "kong_replacement", "robbing_kong"}),
    forms=ALL_FORMS,
    fans=TABLE,
    score=score_hand,
    clear_caches=clear_caches,
    explain=lazy_explain(__package__),
    rulings=("R", "C", "D", "ED"),
    settlement=Settlement("room", fields_of(Room), build_room, settle, aliases=("match",)),
    presets=PRESETS,
)
