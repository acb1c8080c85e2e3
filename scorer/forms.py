"""The winning forms a rule book may accept: its sets and a pair (four, or five in a 16-tile book),
and the special shapes."""

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
    # 17 tiles: seven pairs and a triplet, all concealed (嚦咕嚦咕 / 八對半; four alike are two pairs)
    EIGHT_AND_A_HALF_PAIRS = "eight_and_a_half_pairs"


# The forms of a 14-tile hand, as the reference calculator knows them (MCR accepts them all).
ALL_FORMS: tuple[Form, ...] = (Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS, Form.HONORS_AND_KNITTED,
                               Form.KNITTED_STRAIGHT)

# Each form as a module constant too: the scoring modules name a form for every reading, and in the
# compiled build reading a module constant is several times cheaper than an enum class attribute.
REGULAR_FORM: Final = Form.REGULAR
SEVEN_PAIRS_FORM: Final = Form.SEVEN_PAIRS
THIRTEEN_ORPHANS_FORM: Final = Form.THIRTEEN_ORPHANS
HONORS_AND_KNITTED_FORM: Final = Form.HONORS_AND_KNITTED
KNITTED_STRAIGHT_FORM: Final = Form.KNITTED_STRAIGHT
EIGHT_AND_A_HALF_PAIRS_FORM: Final = Form.EIGHT_AND_A_HALF_PAIRS
