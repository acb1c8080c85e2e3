"""The winning forms a rule book may accept: four sets and a pair, and the special shapes."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Form(StrEnum):
    """The winning forms, named as the service names them."""

    REGULAR = "regular"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    HONORS_AND_KNITTED = "honors_and_knitted"
    KNITTED_STRAIGHT = "knitted_straight"


ALL_FORMS: tuple[Form, ...] = tuple(Form)

# Each form as a module constant too: the scoring modules name a form for every reading, and in the
# compiled build reading a module constant is several times cheaper than an enum class attribute.
REGULAR_FORM: Final = Form.REGULAR
SEVEN_PAIRS_FORM: Final = Form.SEVEN_PAIRS
THIRTEEN_ORPHANS_FORM: Final = Form.THIRTEEN_ORPHANS
HONORS_AND_KNITTED_FORM: Final = Form.HONORS_AND_KNITTED
KNITTED_STRAIGHT_FORM: Final = Form.KNITTED_STRAIGHT
