"""``mahjong-scorer`` (also ``python -m scorer``): one command line, a subcommand per job.

    mahjong-scorer score HAND [options]          score a hand (``score``; a hand first means ``score``)
    mahjong-scorer waits HAND [options]          what a hand waits on, or what to discard (``waits``)
    mahjong-scorer bulk [IN] [-o OUT]            JSON lines of /v1/score bodies to answers (``bulk``)
    mahjong-scorer settle FILE --ruleset BOOK    a book's settlement of more than one win (a room, a hand of play)
    mahjong-scorer replay FILE                   replay a game record; --format botzone reads Botzone logs
    mahjong-scorer healthcheck [--port P]        exit 0 if /healthz answers where ``serve`` binds
    mahjong-scorer --version                     the installed version, and which build

Those are the library's. Other packages add commands through the entry-point group
``mahjong_scorer.commands`` (name = ``module:function``, the function taking the arguments after the
command's name): the HTTP service adds ``serve`` and ``healthcheck`` there, so the library names
no package above it, and a command whose package cannot be imported says what to install.

A subcommand's module is imported only when it runs, so ``healthcheck`` (the image's HEALTHCHECK,
every few seconds) loads neither the scorer's tables nor Flask.

A file a command cannot read or write, or input past its bound (``scorer.cli.options``), is one
line on stderr and exit status 2, as a usage error is: never a traceback.
"""

from __future__ import annotations

import difflib
import io
import os
import re
import sys
from collections.abc import Callable, Sequence
from importlib import import_module, metadata

from .options import BadFile

NAME = "mahjong-scorer"
DISTRIBUTION = "mahjong-scorer"
GROUP = "mahjong_scorer.commands"  # the entry-point group other packages add commands through

# subcommand: (module, its main's name, one line for --help): the library's (scorer/cli/<module>.py).
COMMANDS: dict[str, tuple[str, str, str]] = {
    "score": ("scorer.cli.score", "main", "score a hand: fans, points, validity and payouts"),
    "waits": ("scorer.cli.waits", "main", "what a hand waits on and for how much, or what to discard"),
    "bulk": ("scorer.cli.bulk", "main", "JSON lines of /v1/score bodies to their answers, on every core"),
    "settle": ("scorer.cli.settle", "main", "a book's settlement of more than one win from a JSON body"),
    "replay": ("scorer.cli.replay", "main", "replay a game record (JSON, or Botzone logs with --format botzone)"),
}
# A lowercase word is a command (or a typo of one); a hand's notation never is one (tiles are
# digits with m/p/s, honours in capitals, melds in brackets).
_WORD = re.compile(r"[a-z][a-z-]*")


def prog(sub: str = "") -> str:
    """The command as it was typed, for usage lines: ``mahjong-scorer score``, ``python -m scorer waits``."""
    base = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else NAME
    head = "python -m scorer" if base in ("__main__.py", "-m", "-c", "") else base
    return f"{head} {sub}" if sub else head


def added() -> dict[str, metadata.EntryPoint]:
    """The commands other installed packages add (the entry-point group ``GROUP``), by name; a
    library command's name is not theirs to take."""
    return {ep.name: ep for ep in metadata.entry_points(group=GROUP) if ep.name not in COMMANDS}


def _line(ep: metadata.EntryPoint) -> str:
    """An added command's line for --help: its function's first docstring line."""
    try:
        doc = ep.load().__doc__ or ""
    except ImportError as e:
        return f"(its package cannot be imported: {e})"
    return doc.strip().splitlines()[0] if doc.strip() else ep.value


def books() -> list[str]:
    """The rule books as the registry has them, a line each for --help (``  mcr  Mahjong Competition
    Rules (国标麻将)``): a book registered later is listed too."""
    from ..rules import DEFAULT, RULESETS

    width = max(map(len, RULESETS))
    return [f"  {name:<{width}}  {b.title} ({b.title_zh}){', the default' if name == DEFAULT else ''}"
            for name, b in RULESETS.items()]


def usage() -> str:
    plugins = added()
    width = max(map(len, [*COMMANDS, *plugins]))
    lines = [f"usage: {prog()} COMMAND [ARGS]", "",
             "Chinese mahjong scoring on the command line, and the HTTP service where it is installed.", "",
             "rule books (--ruleset):", *books(), "", "commands:"]
    lines += [f"  {name:<{width}}  {line}" for name, (_, _, line) in COMMANDS.items()]
    lines += [f"  {name:<{width}}  {_line(ep)}" for name, ep in sorted(plugins.items())]
    lines += ["", f"`{prog()} COMMAND --help` shows a command's options; "
              f"`{prog()} HAND ...` is `{prog()} score HAND ...`; `{prog()} --version` the version."]
    return "\n".join(lines)


def version() -> str:
    """``mahjong-scorer 0.1.0 (compiled)``: the installed distribution's version and the build that runs."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    from .. import COMPILED

    try:
        number = dist_version(NAME)
    except PackageNotFoundError:  # run from a checkout that was never installed
        number = "(not installed)"
    return f"{NAME} {number} ({'compiled' if COMPILED else 'pure Python'})"


def command(name: str) -> Callable[[Sequence[str]], int]:
    module, attr, _ = COMMANDS[name]
    fn: Callable[[Sequence[str]], int] = getattr(import_module(module), attr)
    return fn


def run_added(ep: metadata.EntryPoint, args: Sequence[str]) -> int:
    """An added command: its package loaded now, or a line saying it cannot be."""
    try:
        fn: Callable[[Sequence[str]], int] = ep.load()
    except ImportError as e:
        print(f"{prog(ep.name)}: the command's package cannot be imported ({e}); reinstall {DISTRIBUTION}",
              file=sys.stderr)
        return 2
    return fn(args)


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
        if args[0] in ("-V", "--version"):
            print(version())
            return 0
        first, rest = args[0], args[1:]
        if first in COMMANDS:
            return command(first)(rest)
        if _WORD.fullmatch(first):
            plugins = added()
            if first in plugins:
                return run_added(plugins[first], rest)
            names = [*COMMANDS, *sorted(plugins)]
            near = difflib.get_close_matches(first, names, n=1)
            hint = f" (did you mean {near[0]}?)" if near else ""
            print(f"{prog()}: unknown command {first!r}{hint}; choose from {', '.join(names)}", file=sys.stderr)
            return 2
        return command("score")(args)  # a hand first: score it, as ``python -m scorer HAND`` always has
    except BrokenPipeError:
        # The reader left (``| head``): stop quietly, as other command-line tools do. stdout now
        # goes nowhere, so that the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (BadFile, OSError) as e:  # OSError: a read or a write no command foresaw: its reason, not a traceback
        what = str(e) if isinstance(e, BadFile) else e.strerror or str(e)
        where = f" ({e.filename})" if isinstance(e, OSError) and e.filename else ""
        print(f"{prog(args[0] if args[0] in COMMANDS else 'score')}: error: {what}{where}", file=sys.stderr)
        _settle_stdout()
        return 2


def _settle_stdout() -> None:
    """After a failed write to stdout (a full disk), what it still holds goes nowhere, so that the
    interpreter's final flush does not fail again with a second message."""
    try:
        sys.stdout.flush()
    except OSError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
