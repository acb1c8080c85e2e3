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
``--jobs N`` (default: every core this process may use) replays the games in that many processes.
A summary goes to stderr: games, wins, agreements, and the games whose log scores the judge's
5-point mixed-kong fan (明暗杠), which the replay scores 5 as the judge does (the botzone preset,
RULINGS ED10; by default this scorer counts it 6, R1).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import IO, Any

from ..errors import ScorerError
from ..records import Replay, replay
from ..records.botzone import Game, games, mixed_kongs
from ..records.record import action_dict
from ..tiles import Wind
from . import prog, tables
from .options import BadFile, print_json, read_json, report
from .score import render

CHUNK = 64  # games per task


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
    p.add_argument("-o", "--output", help="--format botzone: write the lines here instead of standard output")
    p.add_argument("--jobs", type=int, default=0, help="processes for --format botzone (default: every core)")
    args = p.parse_args(argv)
    if args.format == "record":
        return _record(args.file, args.json, args.next)
    try:
        source = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")  # noqa: SIM115
    except OSError as e:
        print(f"error: cannot read {args.file}: {e.strerror or e}", file=sys.stderr)
        return 2
    with source:
        sink = sys.stdout if args.output is None else open(args.output, "w", encoding="utf-8")  # noqa: SIM115
        try:
            return _botzone(source, sink, args.jobs if args.jobs > 0 else _cpus())
        finally:
            if sink is not sys.stdout:
                sink.close()


def _record(path: str, as_json: bool, next_: bool = False) -> int:
    try:
        body = read_json(path)
    except BadFile as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if not isinstance(body, dict):
        return report(ScorerError("bad_value", "a record is a JSON object", ()))
    try:
        result = replay(body)
    except ScorerError as e:
        return report(e)
    if next_:
        return _print_next(result, as_json)
    if as_json:
        print_json(result.to_dict())
    else:
        print(tables.replay(result.to_dict(), [render(w.result) for w in result.wins]))
    return 0


def _print_next(result: Replay, as_json: bool) -> int:
    """``--next``: each seat's legal actions after the record's last action, one line a seat."""
    nxt = result.next
    if as_json:
        print_json(None if nxt is None else nxt.to_dict())
        return 0
    if nxt is None:
        print(f"the hand is over ({result.outcome}): nothing follows")
        return 0
    last = "the deal" if nxt.last is None else f"action {nxt.after}: {_said(action_dict(nxt.last))}"
    print(f"after {last}")
    for w in Wind:
        said = [_said(x.to_dict(), seat=False) for x in nxt.seat(w)]
        print(f"{w.value}: {', '.join(said) if said else '-'}")
    if nxt.wall_end:
        print("the wall is out: unless a seat claims, wall_end")
    return 0


def _said(a: dict[str, Any], seat: bool = True) -> str:
    words = [a["seat"]] if seat and "seat" in a else []
    words.append(a["action"])
    words += [a[k] for k in ("tile", "tiles", "flower") if k in a]
    if "total" in a:
        words.append(f"({a['total']})")
    if "priority" in a:
        words.append(f"[priority {a['priority']}]")
    return " ".join(words)


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


def _chunks(source: IO[str]) -> Iterator[list[Game | ScorerError]]:
    chunk: list[Game | ScorerError] = []
    for g in games(source):
        chunk.append(g)
        if len(chunk) >= CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _botzone(source: IO[str], sink: IO[str], jobs: int) -> int:
    done = agree = 0
    mixed: list[str] = []
    results: Iterator[list[tuple[str, bool, bool]]]
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        results = pool.map(_lines, _chunks(source)) if pool else map(_lines, _chunks(source))
        for lines in results:
            for text, agrees, is_mixed in lines:
                sink.write(text + "\n")
                done += 1
                agree += agrees
                if is_mixed:
                    mixed.append(json.loads(text)["match"])
    finally:
        if pool:
            pool.shutdown()
    print(f"{done} games, {agree} agree with the log" + (
        f"; {len(mixed)} score the judge's 5-point mixed-kong fan (明暗杠, scored 5 by the botzone preset): "
        + " ".join(mixed) if mixed else ""), file=sys.stderr)
    return 0


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
