"""What the subcommands share: options derived from the declared request fields (``scorer.shape``),
the rule book and its house rules, and how an error is printed."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import ScorerError
from ..rules import DEFAULT, RULESETS
from ..shape import FieldSpec, Kind
from ..tiles import WINDS

# Older short names kept working beside the derived ``--seat-wind`` / ``--prevalent-wind``.
_ALIASES = {"seat_wind": ("--seat",), "prevalent_wind": ("--prevalent",)}


def add_option(p: argparse.ArgumentParser, spec: FieldSpec) -> None:
    """One option per declared request field: the Context's and a hand's flowers."""
    names = (f"--{spec.name.replace('_', '-')}", *_ALIASES.get(spec.name, ()))
    if spec.kind is Kind.BOOL:
        p.add_argument(*names, dest=spec.name, action="store_true", help=spec.help)
    elif spec.kind is Kind.WIND:
        default = "" if spec.default is None else f" (default {spec.default})"
        p.add_argument(*names, dest=spec.name, choices=WINDS, default=spec.default, help=spec.help + default)
    elif spec.kind is Kind.SUIT:
        p.add_argument(*names, dest=spec.name, choices=("m", "p", "s"), default=spec.default, help=spec.help)
    elif spec.kind is Kind.WINDS:
        p.add_argument(*names, dest=spec.name, default=(), type=lambda s: tuple(s.replace(",", "")),
                       help=spec.help + " (e.g. 'SW')")
    elif spec.kind is Kind.NAME:
        p.add_argument(*names, dest=spec.name, default=spec.default, help=spec.help)
    elif spec.kind is Kind.FLOWERS:
        p.add_argument(*names, dest=spec.name, type=_flowers, default=spec.default,
                       help=f"{spec.help}: a number 0-8, or names separated by commas (plum,spring)")
    elif spec.kind is Kind.INT:
        p.add_argument(*names, dest=spec.name, type=int, default=spec.default,
                       help=f"{spec.help}, {spec.minimum}-{spec.maximum} (default {spec.default})")
    else:
        raise TypeError(f"no command-line option for a {spec.kind} field ({spec.name})")


def _flowers(text: str) -> int | list[str]:
    return int(text) if text.strip().isdigit() else [t.strip() for t in text.split(",") if t.strip()]


def add_rulebook(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ruleset", default=DEFAULT, choices=tuple(RULESETS),
                   help=f"the rule book to score by (default {DEFAULT})")
    p.add_argument("--preset", default=None, metavar="NAME",
                   help="a named row of the book's house rules, e.g. --preset wmo-2014 (GET /v1/rulesets lists "
                        "each book's); --option values override it")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a house rule of the rule book, e.g. --option max_fan=10 (repeatable)")


def house_rules(pairs: list[str], preset: str | None = None) -> dict[str, Any]:
    """``--preset`` and ``--option name=value`` pairs as a request's ``options``; a whole number is
    read as one, anything else as a name."""
    out: dict[str, Any] = {} if preset is None else {"preset": preset}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise ScorerError("bad_option", f"--option takes NAME=VALUE, got {pair!r}", ("options",))
        out[name.strip()] = int(value) if value.strip().lstrip("-").isdigit() else value.strip()
    return out


def read_json(path: str) -> Any:
    """A file's (``-``: standard input's) JSON, read as the service reads a body (``scorer.wire.jsonbody``:
    numbers exact, nesting bounded). Unreadable or not JSON: ``BadFile`` saying which and why."""
    from ..wire import jsonbody

    try:
        if path == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                raw = f.read()
    except OSError as e:
        raise BadFile(f"cannot read {path}: {e.strerror or e}") from None
    try:
        return jsonbody.loads(raw)
    except jsonbody.Malformed as e:
        raise BadFile(f"{'standard input' if path == '-' else path} is not JSON: {e}") from None


class BadFile(Exception):
    """A file the command cannot read as JSON."""


def print_json(value: Any) -> None:
    import json

    print(json.dumps(value, ensure_ascii=False, indent=2))


def report(e: ScorerError) -> int:
    print(f"error ({e.code}) at {e.pointer or '/'}: {e.message}", file=sys.stderr)
    return 2
