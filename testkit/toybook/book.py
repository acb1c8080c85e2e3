"""The toy book's ``RuleBook``: the registry's one entry for it."""

from __future__ import annotations

from scorer.forms import Form
from scorer.rules.book import RuleBook, lazy_explain
from testkit.toybook.context import FIELDS
from testkit.toybook.fans import TABLE
from testkit.toybook.options import PRESETS, ToyOptions
from testkit.toybook.scoring import score

BOOK = RuleBook(
    name="toy", title="Toy sixteen", title_zh="玩具", unit="points", minimum=0, maximum=None,
    options_type=ToyOptions, context_fields=frozenset({"prevalent_wind"}),
    forms=(Form.REGULAR, Form.EIGHT_AND_A_HALF_PAIRS), fans=TABLE, score=score, flowers="none", sets=5,
    explain=lazy_explain(__package__), rulings=("TOY",), presets=PRESETS, own_context=FIELDS,
)
