"""The toy book's own context field (step 6 of the recipe: what a win needs told that the shared
``Context`` does not hold is the book's to declare)."""

from __future__ import annotations

from scorer.context_field import context_field
from scorer.shape import Kind

DOUBLES = context_field(
    "toy_doubles", Kind.INT, "how many times the table doubled the stake before this win (the toy book's own)",
    "TOY2: the toy book's own", default=0, minimum=0, maximum=3)

FIELDS = (DOUBLES,)
