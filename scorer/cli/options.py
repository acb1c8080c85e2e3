"""What the subcommands share: options derived from the declared request fields (``scorer.shape``),
the rule book and its house rules, the files read and written and their bounds, and how an error
is printed.

Every command reads and writes the same way: ``-`` is standard input or output, ``-o/--output``
names the file the answer goes to, a file that cannot be read or written is one line on stderr
and exit status 2 (``BadFile``, printed by ``scorer.cli.main``), and no record is read past
``MAX_RECORD`` bytes, read in pieces so that an endless input (``/dev/zero``) is refused at the
bound instead of filling memory.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import IO, Any, Final, NoReturn

from ..context import Context
from ..context_field import DECLARED
from ..errors import ScorerError
from ..rules import DEFAULT, RULESETS
from ..shape import FieldSpec, Kind, fields_of
from ..tiles import WINDS

MAX_RECORD: Final = 1024 * 1024
"""The most bytes one record may be: a ``settle`` body, a ``replay`` record, a ``bulk`` line, a
Botzone game. The service's default limit on a request body (``MAX_CONTENT_LENGTH``, 1 MiB): what
the API would refuse as too large is refused here too."""

# Older short names kept working beside the derived ``--seat-wind`` / ``--prevalent-wind``.
_ALIASES = {"seat_wind": ("--seat",), "prevalent_wind": ("--prevalent",)}


def context_specs() -> tuple[FieldSpec, ...]:
    """The context's fields as options: the shared ones, then those the registered books declare
    as their own (``scorer.context_field``: Sichuan's ``--missing-suit``)."""
    return (*fields_of(Context), *(f.spec for f in DECLARED.values()))


def add_option(p: argparse.ArgumentParser, spec: FieldSpec) -> None:
    """One option per declared request field: the Context's and a hand's flowers. A book's own
    context field whose derived name would mean something else on the command line names its
    own (``ContextField.flag``: ``--out`` reads as ``--output``, a file in every command, so the
    seats already out are ``--seats-out``); the derived spelling is then refused, naming it."""
    derived = f"--{spec.name.replace('_', '-')}"
    declared = DECLARED.get(spec.name)
    flag = declared.flag if declared is not None and declared.spec == spec else None
    names = (flag or derived, *_ALIASES.get(spec.name, ()))
    if flag is not None and flag != derived:
        p.add_argument(derived, nargs="?", action=_Renamed, help=argparse.SUPPRESS, dest=argparse.SUPPRESS,
                       default=argparse.SUPPRESS,
                       renamed=f"{derived} is now {flag} ({spec.help}, e.g. {flag} W); "
                       "-o/--output names the file the answer is written to, in every command")
    if spec.kind is Kind.BOOL:
        p.add_argument(*names, dest=spec.name, action="store_true", help=spec.help)
    elif spec.kind is Kind.WIND:
        default = "" if spec.default is None else f" (default {spec.default})"
        p.add_argument(*names, dest=spec.name, choices=WINDS, default=spec.default, help=spec.help + default)
    elif spec.kind is Kind.SUIT:
        p.add_argument(*names, dest=spec.name, choices=("m", "p", "s"), default=spec.default, help=spec.help)
    elif spec.kind is Kind.WINDS:
        p.add_argument(*names, dest=spec.name, default=(), metavar="SEATS", type=lambda s: tuple(s.replace(",", "")),
                       help=spec.help + " (e.g. 'SW')")
    elif spec.kind is Kind.NAME:
        p.add_argument(*names, dest=spec.name, default=spec.default, help=spec.help)
    elif spec.kind is Kind.FLOWERS:
        p.add_argument(*names, dest=spec.name, type=_flowers, default=spec.default,
                       help=f"{spec.help}: a number 0-8, or names separated by commas (plum,spring)")
    elif spec.kind is Kind.TILES:
        p.add_argument(*names, dest=spec.name, default=spec.default, metavar="TILES",
                       help=spec.help + " (tile codes, e.g. '1m5pC')")
    elif spec.kind is Kind.INT:
        p.add_argument(*names, dest=spec.name, type=int, default=spec.default,
                       help=f"{spec.help}, {spec.minimum}-{spec.maximum} (default {spec.default})")
    elif spec.kind in (Kind.OBJECT, Kind.OBJECTS):  # a book's own structured field, as JSON text
        p.add_argument(*names, dest=spec.name, type=_json_value, default=spec.default, metavar="JSON",
                       help=spec.help + " (JSON, e.g. '{\"S\": 3}')")
    else:
        raise TypeError(f"no command-line option for a {spec.kind} field ({spec.name})")


def _json_value(text: str) -> object:
    """A structured option's value, as JSON; argparse reports a ``ValueError`` as a usage error."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"not JSON: {e.msg}") from None


_json_value.__name__ = "JSON"  # argparse's usage error names it: "invalid JSON value: '{N'"


class _Renamed(argparse.Action):
    """An option's former spelling: refused with the new one named, never read as another option.
    Refused rather than kept as an alias: kept, ``--out W`` would name the seats out here and a file
    in ``bulk`` and ``replay`` (where ``--out`` is short for ``--output``), the confusion the new
    name ends."""

    def __init__(self, *args: Any, renamed: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.renamed = renamed

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> NoReturn:
        parser.error(self.renamed)


def add_output(p: argparse.ArgumentParser, what: str = "the answer") -> None:
    """``-o/--output FILE``: the same in every command."""
    p.add_argument("-o", "--output", default="-", metavar="FILE",
                   help=f"write {what} to FILE instead of standard output (- for standard output)")


def add_jobs(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--jobs", type=_count, default=0, metavar="N",
                   help=f"processes {what} (default 0: every core this process may use; more than that is "
                        "brought down to it)")


def _count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number is expected, got {text!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"a number of processes is 0 or more, got {n}")
    return n


def cpus() -> int:
    """The cores this process may use (its affinity), as the service's workers count them."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def jobs(asked: int, command: str) -> int:
    """``--jobs``: 0 is every core this process may use; more processes than cores only cost memory
    and forks (3,000 asked once forked thousands), so a larger number is brought down to the cores,
    with one line on stderr saying so."""
    n = cpus()
    if asked == 0:
        return n
    if asked > n:
        print(f"{command}: --jobs {asked} is more than the {n} cores this process may use; using {n}",
              file=sys.stderr)
        return n
    return asked


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


class BadFile(Exception):
    """A file or stream the command cannot read or write, or input past its bound: ``scorer.cli.main``
    prints it as one line on stderr and exits 2, as for a usage error."""


def named(path: str, output: bool = False) -> str:
    """A path as a message names it: ``-`` is standard input (or output)."""
    return ("standard output" if output else "standard input") if path == "-" else path


def why(e: OSError) -> str:
    """An operating-system error's reason without its number: ``No such file or directory``."""
    return e.strerror or str(e)


def open_input(path: str) -> IO[bytes]:
    """A file to read as bytes (``-``: standard input); one that cannot be opened is ``BadFile``."""
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")  # noqa: SIM115  # the caller closes it (close_input)
    except OSError as e:
        raise BadFile(f"cannot read {path}: {why(e)}") from None


def open_output(path: str, source: IO[bytes] | None = None) -> IO[bytes]:
    """A file to write as bytes (``-``: standard output); one that cannot be created, or that is the
    input ``source`` itself (opening it would empty it before it is read), is ``BadFile``. Opened
    only once the input could be, so a missing input leaves the output as it was."""
    if path == "-":
        return sys.stdout.buffer
    if source is not None and _same_file(path, source):
        raise BadFile(f"{path} is the input: writing the answers there would empty it before it is read")
    try:
        return open(path, "wb")  # noqa: SIM115  # the caller closes it (close_output)
    except OSError as e:
        raise BadFile(f"cannot write {path}: {why(e)}") from None


def _same_file(path: str, source: IO[bytes]) -> bool:
    try:
        there, read = os.stat(path), os.fstat(source.fileno())
    except (OSError, ValueError):  # not there yet (it is then no input), or no descriptor
        return False
    return (there.st_dev, there.st_ino) == (read.st_dev, read.st_ino)


def close_input(f: IO[bytes]) -> None:
    if f is not sys.stdin.buffer:
        f.close()


def close_output(f: IO[bytes], path: str) -> None:
    """Flush and close (standard output is flushed only); a write that fails at the end (a full
    disk) is ``BadFile`` too."""
    try:
        f.flush()
        if f is not sys.stdout.buffer:
            f.close()
    except BrokenPipeError:
        raise
    except OSError as e:
        raise BadFile(f"cannot write {named(path, True)}: {why(e)}") from None


def read_bounded(f: IO[bytes], path: str, limit: int = MAX_RECORD) -> bytes:
    """All of ``f``, read in pieces and refused (``BadFile``) as soon as it is past ``limit`` bytes."""
    parts: list[bytes] = []
    size = 0
    while True:
        try:
            part = f.read(min(1 << 16, limit + 1 - size))
        except OSError as e:
            raise BadFile(f"cannot read {named(path)}: {why(e)}") from None
        if not part:
            return b"".join(parts)
        parts.append(part)
        size += len(part)
        if size > limit:
            raise BadFile(f"{named(path)} is over {limit:,} bytes, the most a record may be (the service's "
                          "limit on a body)")


def read_json(path: str) -> Any:
    """A file's (``-``: standard input's) JSON, read as the service reads a body (``scorer.wire.jsonbody``:
    numbers exact, nesting bounded, at most ``MAX_RECORD`` bytes). Unreadable, too long or not JSON:
    ``BadFile`` saying which and why."""
    from ..wire import jsonbody

    f = open_input(path)
    try:
        raw = read_bounded(f, path)
    finally:
        close_input(f)
    try:
        return jsonbody.loads(raw)
    except jsonbody.Malformed as e:
        raise BadFile(f"{named(path)} is not JSON: {e}") from None


def write_text(text: str, path: str) -> None:
    """``text`` and a newline to ``path`` (``-``: standard output), as UTF-8 in a file; a file that
    cannot be written is ``BadFile``."""
    if path == "-":
        try:
            print(text)
            sys.stdout.flush()  # a closed pipe or a full disk shows here, inside the command
        except BrokenPipeError:
            raise
        except OSError as e:
            raise BadFile(f"cannot write standard output: {why(e)}") from None
        return
    sink = open_output(path)
    try:
        sink.write(text.encode("utf-8") + b"\n")
    except OSError as e:
        raise BadFile(f"cannot write {path}: {why(e)}") from None
    finally:
        close_output(sink, path)


def json_text(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, indent=2)


def report(e: ScorerError) -> int:
    print(f"error ({e.code}) at {e.pointer or '/'}: {e.message}", file=sys.stderr)
    return 2
