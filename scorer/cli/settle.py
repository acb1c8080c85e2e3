"""``mahjong-scorer settle FILE [--ruleset BOOK]``: a book's settlement of more than one win.

FILE holds a request body (``-`` reads it from standard input): the book's settlement's fields
(``RuleBook.settlement``), as ``POST /v1/{ruleset}/settle`` takes them (MCR's room of hands and
beans, Sichuan's hand of play to the end). The book is ``--ruleset``, which offers the books that
settle, or the body's ``"ruleset"`` when it names one; a book that settles nothing or a body that
names another book than ``--ruleset`` is an error, never a guess. The settlement prints as a table
(``scorer.cli.tables``), or with ``--json`` as the API answers it.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..errors import ScorerError
from ..rules import RULESETS
from . import prog, tables
from .options import add_output, json_text, read_json, report, write_text

SETTLING = tuple(name for name, book in RULESETS.items() if book.settlement is not None)


def _parser() -> argparse.ArgumentParser:
    books = "; ".join(f"{n}: a {RULESETS[n].settlement.what}" for n in SETTLING)  # type: ignore[union-attr]
    p = argparse.ArgumentParser(prog=prog("settle"), description=f"A book's settlement from a JSON body ({books}).",
                                epilog=f"example: {prog('settle')} body.json --ruleset {SETTLING[-1]}")
    p.add_argument("file", help="a JSON request body; - for standard input")
    p.add_argument("--ruleset", choices=SETTLING, help='the rule book (default: the body\'s "ruleset")')
    p.add_argument("--json", action="store_true", help="print the settlement as the API answers it")
    add_output(p, "the settlement")
    return p


def _book(flag: str | None, body: dict[str, object]) -> str:
    named = body.pop("ruleset", None)
    if named is not None and (not isinstance(named, str) or named not in RULESETS):
        raise ScorerError("bad_value", f"ruleset must be one of {', '.join(RULESETS)}, got {named!r}", ("ruleset",))
    if flag is not None and named is not None and flag != named:
        raise ScorerError("bad_value", f"the body's ruleset {named!r} is not --ruleset {flag}", ("ruleset",))
    book = flag or named
    if book is None:
        raise ScorerError("bad_value", f'name the book: --ruleset or the body\'s "ruleset" ({", ".join(SETTLING)})',
                          ("ruleset",))
    if book not in SETTLING:
        raise ScorerError("bad_value", f"{RULESETS[book].title} settles no more than one win; "
                          f"books that settle: {', '.join(SETTLING)}", ("ruleset",))
    return book


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    body = read_json(args.file)
    if not isinstance(body, dict):
        return report(ScorerError("bad_value", "the request body must be a JSON object", ()))
    try:
        book = _book(args.ruleset, body)
        settlement = RULESETS[book].settlement
        assert settlement is not None
        result = settlement.of_body(body).to_dict()
    except ScorerError as e:
        return report(e)
    write_text(json_text(result) if args.json else tables.SETTLEMENTS[settlement.what](result), args.output)
    return 0
