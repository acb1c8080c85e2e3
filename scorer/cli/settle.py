"""``mahjong-scorer settle FILE [--ruleset BOOK]``: a book's settlement of more than one win.

FILE holds a request body (``-`` reads it from standard input): for MCR a room of hands and beans
(``POST /v1/match``'s body, ``scorer.mcr.Room.build``'s fields), for Sichuan a hand of play to the
end (``POST /v1/sichuan/settle``'s, ``scorer.sichuan.Play.build``'s). The book is ``--ruleset``, or
the body's ``"ruleset"`` when it names one; a book that settles nothing (Hong Kong) or a body that
names another book than ``--ruleset`` is an error, never a guess. The settlement prints as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..errors import ScorerError
from ..rules import RULESETS
from . import prog
from .options import report

SETTLING = tuple(name for name, book in RULESETS.items() if book.settlement is not None)


def _parser() -> argparse.ArgumentParser:
    books = "; ".join(f"{n}: a {RULESETS[n].settlement.what}" for n in SETTLING)  # type: ignore[union-attr]
    p = argparse.ArgumentParser(prog=prog("settle"), description=f"A book's settlement from a JSON body ({books}).",
                                epilog=f"example: {prog('settle')} play.json --ruleset sichuan")
    p.add_argument("file", help="a JSON request body; - for standard input")
    p.add_argument("--ruleset", choices=tuple(RULESETS), help='the rule book (default: the body\'s "ruleset")')
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
    try:
        if args.file == "-":
            body = json.load(sys.stdin)
        else:
            with open(args.file, encoding="utf-8") as f:
                body = json.load(f)
    except (OSError, ValueError) as e:
        print(f"error: cannot read {args.file}: {e}", file=sys.stderr)
        return 2
    if not isinstance(body, dict):
        return report(ScorerError("bad_value", "the request body must be a JSON object", ()))
    try:
        settlement = RULESETS[_book(args.ruleset, body)].settlement
        assert settlement is not None
        result = settlement.of_body(body)
    except ScorerError as e:
        return report(e)
    print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    return 0
