"""``python -m scorer replay FILE``: replay a game record; ``--format botzone`` reads Botzone logs.

A record (``--format record``, the default) is the ``POST /v1/replay`` body as JSON; the replay
prints as a table (each win's fans, the money; ``--json``: as the API answers), or the first
illegal action as an error (exit status 2); ``--next`` prints instead what each seat may do next
(the referee's legal actions, one line a seat; ``--json``: the API's ``next``). ``--format botzone``
reads Botzone's text format (any number of games) and writes one JSON line per game, in order::

    {"match": "<id>", "fan_total": F or null, "scores": [S0, S1, S2, S3],
     "record": {"fan_total": ..., "scores": [...]}, "agrees": true|false}

``scores`` in player order as the log's ``Score`` line; a game that cannot be read or replayed
is a line ``{"match": "<id>", "error": {"code", "pointer", "detail"}}`` and never stops the run.
``--jobs N`` (default: every core this process may use) replays the games in that many processes,
a few chunks each in flight, so the log is read as it is replayed. ``-o FILE`` writes the table,
the JSON or the lines to FILE in either format. A line that is not UTF-8, or a game of more than
``MAX_RECORD`` bytes, stops the run with one line on stderr (exit status 2).
A summary goes to stderr: games, wins, agreements, and the games whose log scores the judge's
5-point mixed-kong fan (明暗杠), which the replay scores 5 as the judge does (the botzone preset,
RULINGS ED10; by default this scorer counts it 6, R1).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import count
from typing import IO, Any

from ..errors import ScorerError
from ..records import Replay, replay
from ..records.botzone import Game, games, mixed_kongs
from ..records.record import action_dict
from ..tiles import Wind
from . import prog, tables
from .options import (
    MAX_RECORD,
    BadFile,
    add_jobs,
    add_output,
    close_input,
    close_output,
    jobs,
    json_text,
    open_input,
    open_output,
    read_json,
    report,
    why,
    write_text,
)
from .score import render

CHUNK = 64  # games per task
WINDOW = 4  # tasks in flight per process: the log is read as the games are replayed, not all at once


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog=prog("replay"),
                                description="Replay a game record: check every action, score and settle every win.")
    p.add_argument("file", help="a JSON record (or Botzone logs with --format botzone); - for standard input")
    p.add_argument("--format", choices=("record", "botzone"), default="record",
                   help="record: one JSON record, the POST /v1/replay body (the default); botzone: Botzone's "
                        "text logs, any number of games, one JSON line a game")
    p.add_argument("--json", action="store_true", help="--format record: print the replay as the API answers it")
    p.add_argument("--next", action="store_true",
                   help="--format record: print what each seat may do next (the referee's legal actions; with "
                        "--json as the API's next)")
    add_output(p, "the replay (--format botzone: the JSON lines)")
    add_jobs(p, "replaying for --format botzone")
    args = p.parse_args(argv)
    if args.format == "record":
        return _record(args.file, args.json, args.output, args.next)
    source = open_input(args.file)
    try:
        sink = open_output(args.output, source)
        try:
            return _botzone(_text_lines(source, args.file), sink, jobs(args.jobs, prog("replay")), args.output)
        finally:
            close_output(sink, args.output)
    finally:
        close_input(source)


def _record(path: str, as_json: bool, output: str, next_: bool = False) -> int:
    body = read_json(path)
    if not isinstance(body, dict):
        return report(ScorerError("bad_value", "a record is a JSON object", ()))
    try:
        result = replay(body)
    except ScorerError as e:
        return report(e)
    if next_:
        write_text(_next_text(result, as_json), output)
        return 0
    write_text(json_text(result.to_dict()) if as_json else tables.replay(
        result.to_dict(), [render(w.result) for w in result.wins]), output)
    return 0


def _next_text(result: Replay, as_json: bool) -> str:
    """``--next``: each seat's legal actions after the record's last action, one line a seat."""
    nxt = result.next
    if as_json:
        return json_text(None if nxt is None else nxt.to_dict())
    if nxt is None:
        return f"the hand is over ({result.outcome}): nothing follows"
    last = "the deal" if nxt.last is None else f"action {nxt.after}: {_said(action_dict(nxt.last))}"
    lines = [f"after {last}"]
    for w in Wind:
        said = [_said(x.to_dict(), seat=False) for x in nxt.seat(w)]
        lines.append(f"{w.value}: {', '.join(said) if said else '-'}")
    if nxt.wall_end:
        lines.append("the wall is out: unless a seat claims, wall_end")
    return "\n".join(lines)


def _said(a: dict[str, Any], seat: bool = True) -> str:
    words = [a["seat"]] if seat and "seat" in a else []
    words.append(a["action"])
    words += [a[k] for k in ("tile", "tiles", "flower") if k in a]
    if "total" in a:
        words.append(f"({a['total']})")
    if "priority" in a:
        words.append(f"[priority {a['priority']}]")
    return " ".join(words)


def _text_lines(source: IO[bytes], path: str, limit: int = MAX_RECORD) -> Iterator[str]:
    """A Botzone log's lines as text, read a line at a time: a line that is not UTF-8, or a game
    (its Match line to the next) of more than ``limit`` bytes, stops the run (``BadFile``)."""
    name = "standard input" if path == "-" else path
    game = 0  # bytes of the game read so far
    for n in count(1):
        try:
            raw = source.readline(limit + 1)
        except OSError as e:
            raise BadFile(f"cannot read {name}: {why(e)}") from None
        if not raw:
            return
        game = len(raw) if raw.lstrip().startswith(b"Match ") else game + len(raw)
        if game > limit:
            raise BadFile(f"{name}: the game that line {n} is part of is over {limit:,} bytes, the most a record "
                          "may be")
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise BadFile(f"{name} line {n} is not UTF-8 text (byte 0x{raw[e.start]:02x} at column {e.start + 1}): "
                          "a Botzone log is UTF-8") from None
        yield line


def game_line(game: Game | ScorerError) -> dict[str, Any]:
    """One game's output line: the replay's total and scores beside the log's, or the error."""
    if isinstance(game, ScorerError):
        return {"match": str(game.field[0]) if game.field else "?", "error": _error(game, game.field[1:])}
    try:
        r = replay(game.body)
    except ScorerError as e:
        return {"match": game.match, "error": _error(e, e.field)}
    total = r.wins[0].result.total if r.wins else None
    scores = [r.changes[w] for w in "ESWN"]
    line: dict[str, Any] = {"match": game.match, "fan_total": total, "scores": scores,
                            "record": {"fan_total": game.fan_total, "scores": list(game.scores)},
                            "agrees": total == game.fan_total and tuple(scores) == game.scores}
    return line


def _error(e: ScorerError, field: Sequence[str | int]) -> dict[str, str]:
    pointer = "".join(f"/{p}" for p in field)
    return {"code": e.code, "pointer": pointer, "detail": e.message}


def _lines(chunk: list[Game | ScorerError]) -> list[tuple[str, bool, bool]]:
    out = []
    for g in chunk:
        line = game_line(g)
        out.append((json.dumps(line, ensure_ascii=False), bool(line.get("agrees")),
                    not isinstance(g, ScorerError) and mixed_kongs(g)))
    return out


def _chunks(source: Iterator[str]) -> Iterator[list[Game | ScorerError]]:
    """Lists of ``CHUNK`` games; the games read before a ``BadFile`` are yielded before it is raised on."""
    chunk: list[Game | ScorerError] = []
    try:
        for g in games(source):
            chunk.append(g)
            if len(chunk) >= CHUNK:
                yield chunk
                chunk = []
    except BadFile:
        if chunk:
            yield chunk
        raise
    if chunk:
        yield chunk


def _botzone(source: Iterator[str], sink: IO[bytes], n: int, output: str) -> int:
    done = agree = 0
    mixed: list[str] = []
    pool = ProcessPoolExecutor(n) if n > 1 else None
    window: deque[Future[list[tuple[str, bool, bool]]]] = deque()

    def write(lines: list[tuple[str, bool, bool]]) -> None:
        nonlocal done, agree
        for text, agrees, is_mixed in lines:
            try:
                sink.write(text.encode("utf-8") + b"\n")
            except BrokenPipeError:
                raise
            except OSError as e:
                raise BadFile(f"cannot write {'standard output' if output == '-' else output}: {why(e)}") from None
            done += 1
            agree += agrees
            if is_mixed:
                mixed.append(json.loads(text)["match"])

    stop: BadFile | None = None  # a log that cannot be read on: the games before it are written first
    try:
        try:
            for chunk in _chunks(source):
                if pool is None:
                    write(_lines(chunk))
                    continue
                window.append(pool.submit(_lines, chunk))
                while len(window) >= WINDOW * n:
                    write(window.popleft().result())
        except BadFile as e:
            stop = e
        while window:
            write(window.popleft().result())
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)
    if stop is not None:
        raise stop
    print(f"{done} games, {agree} agree with the log" + (
        f"; {len(mixed)} score the judge's 5-point mixed-kong fan (明暗杠, scored 5 by the botzone preset): "
        + " ".join(mixed) if mixed else ""), file=sys.stderr)
    return 0
