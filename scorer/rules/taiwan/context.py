"""Taiwan's own context fields: the first-go-round wins and declarations (人胡, 天聽, 地聽) and the
wins by the flowers alone. 天胡, 地胡 (shared with Sichuan) and the dealer's streak (shared with
the joker books) are declared in ``scorer.rules.fields``."""

from __future__ import annotations

from typing import Any, Final

from ...context import contradiction
from ...context_field import context_field
from ...errors import BAD_VALUE, ScorerError
from ...shape import Kind
from ..fields import DEALER_STREAK, EARTHLY_HAND, HEAVENLY_HAND

FLOWER_WINS: Final = ("eight_flowers", "seven_rob_one")  # wins by the flowers alone (八仙過海, 七搶一)


def _flower_win(value: object) -> str | None:
    if value is not None and value not in FLOWER_WINS:
        raise ScorerError(BAD_VALUE, f"flower_win must be one of {', '.join(FLOWER_WINS)}, got {value!r}",
                          ("context", "flower_win"))
    return None if value is None else str(value)


def _human_agrees(ctx: Any) -> None:
    if ctx.self_drawn:
        contradiction("human_hand", "human_hand (人胡) is a win on a discard, but self_drawn is true")


def _ready_agrees(ctx: Any) -> None:
    if ctx.get("heavenly_ready"):
        contradiction("earthly_ready", "heavenly_ready (天聽) is ready from the deal, earthly_ready (地聽) after the "
                      "first discard: one of them")


HUMAN_HAND = context_field(
    "human_hand", Kind.BOOL, "a player who is not the dealer won on a discard in the first go-round, before its own "
    "first draw (人胡)", "RULINGS TW21", default=False, agree=_human_agrees)
HEAVENLY_READY = context_field(
    "heavenly_ready", Kind.BOOL, "the winner was ready from the deal and declared it (天聽)", "RULINGS TW24",
    default=False)
EARTHLY_READY = context_field(
    "earthly_ready", Kind.BOOL, "the winner declared ready right after its first discard, before any claim (地聽)",
    "RULINGS TW24", default=False, agree=_ready_agrees)
FLOWER_WIN = context_field(
    "flower_win", Kind.NAME, "a win by the flowers alone: eight_flowers (all eight held, 八仙過海, paid as "
    "self-drawn) or seven_rob_one (seven held, the eighth robbed from the discarder who revealed it, 七搶一); the "
    "hand then gives no winning tile: its concealed tiles are the tiles held; any other value is refused",
    "RULINGS TW8", nullable=True,
    read=_flower_win)

FIELDS = (HEAVENLY_HAND, EARTHLY_HAND, HUMAN_HAND, HEAVENLY_READY, EARTHLY_READY, DEALER_STREAK, FLOWER_WIN)
