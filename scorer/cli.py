"""``python -m scorer HAND [options]``: score a hand from the shell and print the breakdown."""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Sequence

from .context import Context
from .errors import ScorerError
from .fans import MIN_POINTS
from .hand import Hand
from .result import Result
from .scoring import score
from .shape import FieldSpec, Kind, fields_of
from .tiles import WINDS

# Older short names kept working beside the derived ``--seat-wind`` / ``--prevalent-wind``.
_ALIASES = {"seat_wind": ("--seat",), "prevalent_wind": ("--prevalent",)}


def _add_option(p: argparse.ArgumentParser, spec: FieldSpec) -> None:
    """One option per declared request field (``scorer.shape``): the Context and a hand's flowers."""
    names = (f"--{spec.name.replace('_', '-')}", *_ALIASES.get(spec.name, ()))
    if spec.kind is Kind.BOOL:
        p.add_argument(*names, dest=spec.name, action="store_true", help=spec.help)
    elif spec.kind is Kind.WIND:
        default = "" if spec.default is None else f" (default {spec.default})"
        p.add_argument(*names, dest=spec.name, choices=WINDS, default=spec.default, help=spec.help + default)
    elif spec.kind is Kind.NAME:
        p.add_argument(*names, dest=spec.name, default=spec.default, help=spec.help)
    elif spec.kind is Kind.INT:
        p.add_argument(*names, dest=spec.name, type=int, default=spec.default,
                       help=f"{spec.help}, {spec.minimum}-{spec.maximum} (default {spec.default})")
    else:
        raise TypeError(f"no command-line option for a {spec.kind} field ({spec.name})")


_CONTEXT_FIELDS = fields_of(Context)
_HAND_OPTIONS = tuple(s for s in fields_of(Hand) if s.name == "flowers")  # the rest is the notation


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m scorer",
        description="Score a Mahjong Competition Rules (国标麻将) hand.",
        epilog='example: python -m scorer "[222m1][444m2][666m3]88mWW8m" --discarder S',
    )
    p.add_argument("hand", help="reference notation: bracketed melds, standing tiles, winning tile last")
    for spec in (*_CONTEXT_FIELDS, *_HAND_OPTIONS):
        _add_option(p, spec)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    return p


def render(result: Result) -> str:
    """A readable table: fans in English and Chinese, points, and payouts."""
    if not result.winning:
        return f"Not a winning hand: {result.reason}"
    rows = [(f.name, f.name_zh, f.points, f.count, f.points * f.count) for f in result.fans]
    w = max(len(r[0]) for r in rows)
    zw = 2 * max(len(r[1]) for r in rows) + 2  # CJK characters are two columns wide

    def zh_cell(text: str) -> str:
        return text + " " * (zw - 2 * len(text))

    lines = [f"{'Fan':<{w}}  {zh_cell('番种')}{'pts':>3} {'x':>2} {'sum':>4}"]
    for name, zh, pts, n, sub in rows:
        lines.append(f"{name:<{w}}  {zh_cell(zh)}{pts:>3} {n:>2} {sub:>4}")
    lines.append(f"Points {result.points} (without flowers), flowers {result.flower_points}, total {result.total}")
    lines.append(f"Valid: yes ({MIN_POINTS} or more points)" if result.valid else f"Valid: no — {result.reason}")
    if result.payouts is not None:
        lines.append("Payouts: " + "  ".join(f"{w} {v:+d}" for w, v in result.payouts.items()))
    elif result.valid:
        lines.append("Payouts: name the discarder (--discarder) or --self-drawn to settle")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    # A terminal that cannot show the Chinese names (LC_ALL=C, PYTHONIOENCODING=ascii) gets \u
    # escapes instead of a crash; in --json output those are valid JSON escapes.
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader left (``| head``): stop quietly, as other command-line tools do. stdout now
        # goes nowhere, so that the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _main(argv: Sequence[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["waits"]:  # python -m scorer waits HAND: what it waits on (scorer.waits_cli)
        from .waits_cli import main as waits_main

        return waits_main(argv[1:])
    args = _parser().parse_args(argv)
    try:
        hand = Hand.parse(args.hand, flowers=args.flowers)
        result = score(hand, Context.build(**{f.name: getattr(args, f.name) for f in _CONTEXT_FIELDS}))
    except ScorerError as e:
        print(f"error ({e.code}) at {e.pointer or '/'}: {e.message}", file=sys.stderr)
        return 2
    print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2) if args.json else render(result))
    sys.stdout.flush()  # a closed pipe shows here, inside main
    return 0
