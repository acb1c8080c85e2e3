"""The winning forms a rule book may accept: four sets and a pair, and the special shapes."""

from __future__ import annotations

from enum import StrEnum


class Form(StrEnum):
    """The winning forms, named as the service names them."""

    REGULAR = "regular"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    HONORS_AND_KNITTED = "honors_and_knitted"
    KNITTED_STRAIGHT = "knitted_straight"


ALL_FORMS: tuple[Form, ...] = tuple(Form)
