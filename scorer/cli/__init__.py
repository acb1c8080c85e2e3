"""``mahjong-scorer`` (also ``python -m scorer``): one command line, a subcommand per job.

    mahjong-scorer serve [--host H] [--port P]   serve the HTTP API with gunicorn (``service.serve``)
    mahjong-scorer score HAND [options]          score a hand (``score``; a hand first means ``score``)
    mahjong-scorer waits HAND [options]          what a hand waits on, or what to discard (``waits``)
    mahjong-scorer bulk [IN] [-o OUT]            JSON lines of /v1/score bodies to answers (``bulk``)
    mahjong-scorer settle FILE --ruleset BOOK    a book's settlement: MCR's room, Sichuan's hand of play
    mahjong-scorer replay FILE                   replay a game record; --format botzone reads Botzone logs
    mahjong-scorer healthcheck                   exit 0 if /healthz answers where ``serve`` binds

A subcommand's module is imported only when it runs, so ``healthcheck`` (the image's HEALTHCHECK,
every few seconds) loads neither the scorer's tables nor Flask. ``serve`` and ``healthcheck`` live
in the ``service`` package, imported here on demand: the library itself never imports it.

The names before this one, ``mcr-score`` (this command) and ``mcr-scorer`` (``serve`` and
``healthcheck``), still work for one release, each with a one-line notice on stderr.
"""

from __future__ import annotations

import difflib
import io
import os
import re
import sys
from collections.abc import Callable, Sequence
from importlib import import_module

NAME = "mahjong-scorer"

# subcommand: (module, its main's name, one line for --help). serve and healthcheck are the
# service's (service/serve.py), the rest the library's (scorer/cli/<module>.py).
COMMANDS: dict[str, tuple[str, str, str]] = {
    "serve": ("service.serve", "serve_main", "serve the HTTP API with gunicorn (--host, --port, --workers)"),
    "score": ("scorer.cli.score", "main", "score a hand: fans, points, validity and payouts"),
    "waits": ("scorer.cli.waits", "main", "what a hand waits on and for how much, or what to discard"),
    "bulk": ("scorer.cli.bulk", "main", "JSON lines of /v1/score bodies to their answers, on every core"),
    "settle": ("scorer.cli.settle", "main", "a book's settlement from a JSON body: MCR's room, Sichuan's hand of play"),
    "replay": ("scorer.cli.replay", "main", "replay a game record (JSON, or Botzone logs with --format botzone)"),
    "healthcheck": ("service.serve", "healthcheck_main", "exit 0 if /healthz answers at the address serve binds"),
}
# Older spellings, kept for one release: the subcommand each now is, and the arguments it gains.
_RENAMED: dict[str, tuple[str, tuple[str, ...]]] = {"sichuan-settle": ("settle", ("--ruleset", "sichuan"))}
# A lowercase word is a command (or a typo of one); a hand's notation never is one (tiles are
# digits with m/p/s, honours in capitals, melds in brackets).
_WORD = re.compile(r"[a-z][a-z-]*")


def prog(sub: str = "") -> str:
    """The command as it was typed, for usage lines: ``mahjong-scorer score``, ``python -m scorer waits``."""
    base = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else NAME
    head = "python -m scorer" if base in ("__main__.py", "-m", "-c", "") else base
    return f"{head} {sub}" if sub else head


def usage() -> str:
    width = max(map(len, COMMANDS))
    lines = [f"usage: {prog()} COMMAND [ARGS]", "",
             "Chinese mahjong scoring (MCR 国标麻将, Hong Kong 港式, Sichuan 血战到底): the HTTP service, "
             "and the library on the command line.", "", "commands:"]
    lines += [f"  {name:<{width}}  {line}" for name, (_, _, line) in COMMANDS.items()]
    lines += ["", f"`{prog()} COMMAND --help` shows a command's options; "
              f"`{prog()} HAND ...` is `{prog()} score HAND ...`."]
    return "\n".join(lines)


def command(name: str) -> Callable[[Sequence[str]], int]:
    module, attr, _ = COMMANDS[name]
    fn: Callable[[Sequence[str]], int] = getattr(import_module(module), attr)
    return fn


def main(argv: Sequence[str] | None = None) -> int:
    # A terminal that cannot show the Chinese names (LC_ALL=C, PYTHONIOENCODING=ascii) gets \u
    # escapes instead of a crash; in --json output those are valid JSON escapes.
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if not args or args[0] in ("-h", "--help"):
            print(usage(), file=sys.stdout if args else sys.stderr)
            return 0 if args else 2
        first, rest = args[0], args[1:]
        if first in _RENAMED:
            new, extra = _RENAMED[first]
            print(f"{prog(first)}: this name goes away in the next release; use `{prog(new)} {' '.join(extra)}`",
                  file=sys.stderr)
            return command(new)([*rest, *extra])
        if first in COMMANDS:
            return command(first)(rest)
        if _WORD.fullmatch(first):
            near = difflib.get_close_matches(first, COMMANDS, n=1)
            hint = f" (did you mean {near[0]}?)" if near else ""
            print(f"{prog()}: unknown command {first!r}{hint}; choose from {', '.join(COMMANDS)}", file=sys.stderr)
            return 2
        return command("score")(args)  # a hand first: score it, as ``python -m scorer HAND`` always has
    except BrokenPipeError:
        # The reader left (``| head``): stop quietly, as other command-line tools do. stdout now
        # goes nowhere, so that the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def renamed(old: str) -> None:
    """The one-line notice an old script name prints before doing what it always did."""
    print(f"{old}: this name goes away in the next release; the command is now `{NAME}`", file=sys.stderr)


def mcr_score() -> int:
    """``mcr-score``, this command's name before: the same arguments, the same answers."""
    renamed("mcr-score")
    return main()
