"""``python -m scorer waits HAND [options]``: what a hand waits on and for how much, or what to discard.

The options are derived from the declared request fields (``scorer.shape``): the shared context
(``wait_context_fields``) and the hand's flowers, as for ``python -m scorer HAND``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..errors import ScorerError
from ..holding import Holding
from ..result import Result
from ..rules import RULESETS
from ..shape import fields_of
from ..waits.analysis import Analysis, Outlook, analyze, wait_context_fields
from . import prog
from .options import add_option, add_output, add_rulebook, house_rules, json_text, report, write_text

_HAND_OPTIONS = tuple(s for s in fields_of(Holding) if s.name == "flowers")  # the rest is the notation


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=prog("waits"),
        description="Shanten, useful tiles, or waits scored on a discard and self-drawn (13 tiles); "
        "discard advice (14 tiles).",
        epilog=f'example: {prog("waits")} "123m456p789s1122m" --visible 1m',
    )
    p.add_argument("hand", help="reference notation without a winning tile: bracketed melds, then the concealed tiles")
    for spec in (*wait_context_fields(), *_HAND_OPTIONS):
        add_option(p, spec)
    add_rulebook(p)
    p.add_argument("--visible", default="", help="tiles seen elsewhere on the table, e.g. '1m 5p EE'")
    p.add_argument("--json", action="store_true", help="print the answer as JSON")
    add_output(p)
    return p


def _score(r: Result | None) -> str:
    if r is None:
        return "no fifth copy"
    book = RULESETS[r.ruleset]
    return f"{r.total:>3} {'valid' if r.valid else f'under {book.minimum}' if book.unit == 'points' else 'not valid'}"


def _outlook(o: Outlook, indent: str = "") -> list[str]:
    forms = ", ".join(f"{f.value.replace('_', ' ')} {'-' if s is None else s}" for f, s in o.forms)
    lines = [f"{indent}{'Ready' if o.shanten == 0 else f'Shanten {o.shanten}'} ({forms})"]
    if o.shanten == 0:
        lines.append(f"{indent}  wait  unseen  on a discard   self-drawn")
        for w in o.waits:
            lines.append(f"{indent}  {w.tile.value:<4}  {w.unseen:>6}  {_score(w.discard):<13}  {_score(w.self_drawn)}")
    else:
        tiles = " ".join(f"{u.tile.value}x{u.unseen}" for u in o.useful)
        lines.append(f"{indent}  useful ({o.unseen} unseen): {tiles}")
    return lines


def render(a: Analysis) -> str:
    """A readable answer: the waits with both scores, or the useful tiles; per discard for 14 tiles."""
    if a.outlook is not None:
        return "\n".join(_outlook(a.outlook))
    lines = []
    if a.win is not None:
        lines.append(f"Already a win (self-drawn on {a.win.tile.value}): {_score(a.win.score)}")
    for d in a.discards:
        lines.append(f"Discard {d.tile.value}:")
        lines += _outlook(d.outlook, "  ")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        hand = Holding.parse(args.hand, flowers=args.flowers)
        a = analyze(hand, {f.name: getattr(args, f.name) for f in wait_context_fields()}, visible=args.visible,
                    ruleset=args.ruleset, options=house_rules(args.option, args.preset))
    except ScorerError as e:
        return report(e)
    write_text(json_text(a.to_dict()) if args.json else render(a), args.output)
    return 0
