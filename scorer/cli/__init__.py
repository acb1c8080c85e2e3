"""``python -m scorer``: one command line, a subcommand per job.

    python -m scorer HAND [options]         score a hand (``score``)
    python -m scorer waits HAND [options]   what a hand waits on, or what to discard (``waits``)
    python -m scorer sichuan-settle FILE    settle a Sichuan hand of play from a JSON body (``sichuan``)
    python -m scorer bulk [IN] [-o OUT]     JSON lines of /v1/score bodies to answers (``bulk``)
    python -m scorer replay FILE            replay a game record; --format botzone reads Botzone logs (``replay``)

``score`` and ``waits`` take ``--ruleset`` and ``--option NAME=VALUE``; ``bulk`` reads them from each line.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Sequence

from . import bulk, replay, score, sichuan, waits

_SUBCOMMANDS = {"waits": waits.main, "sichuan-settle": sichuan.main, "bulk": bulk.main, "replay": replay.main}


def main(argv: Sequence[str] | None = None) -> int:
    # A terminal that cannot show the Chinese names (LC_ALL=C, PYTHONIOENCODING=ascii) gets \u
    # escapes instead of a crash; in --json output those are valid JSON escapes.
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        sub = _SUBCOMMANDS.get(argv[0]) if argv else None
        return sub(argv[1:]) if sub is not None else score.main(argv)
    except BrokenPipeError:
        # The reader left (``| head``): stop quietly, as other command-line tools do. stdout now
        # goes nowhere, so that the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
