"""Hong Kong's own context field: the seat liable for a limit hand (包)."""

from __future__ import annotations

from typing import Any, Final

from ...context import contradiction
from ...context_field import context_field
from ...errors import BAD_WIND, ScorerError
from ...shape import Kind
from ...tiles import Wind

_WIND_CODES: Final[dict[str, Wind]] = {w.value: w for w in Wind}


def _wind(value: object) -> Wind | None:
    if value is None:
        return None
    wind = _WIND_CODES.get(value) if isinstance(value, str) else None
    if wind is None:
        raise ScorerError(BAD_WIND, f"liable must be one of E S W N, got {value!r}", ("context", "liable"))
    return wind


def _liable_agrees(ctx: Any) -> None:
    owes = ctx.get("liable")
    if owes == ctx.seat_wind:
        contradiction("liable", f"the liable seat {owes} is the winner's own seat: 包 is another's debt")


LIABLE = context_field(
    "liable", Kind.WIND, "包: the seat whose discard let the winner complete 大三元, 大四喜 or four exposed melds "
    "(十二张落地); it pays every share, self-drawn or not. Refused as the winner's own seat, beside a hand that is "
    "none of those, or where no discard completed the limit's last set (claimed, or won on: a last dragon or wind "
    "set whole in the concealed hand was completed by none)", "RULINGS HK30", nullable=True, read=_wind,
    agree=_liable_agrees)

FIELDS = (LIABLE,)
