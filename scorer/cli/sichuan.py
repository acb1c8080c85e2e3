"""``python -m scorer sichuan-settle FILE.json``: settle a whole Sichuan hand of play.

FILE holds the request body (``scorer.sichuan.Play.build``'s fields); ``-`` reads it from standard input.
The settlement prints as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..errors import ScorerError
from ..rules import RULESETS
from .options import report


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m scorer sichuan-settle",
                                description="Settle a Sichuan (血战到底) hand of play: kongs, wins, exhausted wall.")
    p.add_argument("file", help="a JSON request body (missing_suits, events, exhausted, base_points, options); - for "
                   "standard input")
    args = p.parse_args(argv)
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
        settlement = RULESETS["sichuan"].settlement
        assert settlement is not None
        ledger = settlement.of_body(body)
    except ScorerError as e:
        return report(e)
    print(json.dumps(ledger.to_dict(), ensure_ascii=False, indent=2))
    return 0
