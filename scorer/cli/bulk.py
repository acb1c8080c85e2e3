"""``python -m scorer bulk [IN] [-o OUT] [--jobs N]``: score a stream of hands, one JSON body a line.

Each input line is a ``POST /v1/score`` body (any rule book: ``ruleset`` and ``options`` as the
service reads them); each output line, in input order, is what ``/v1/score`` would answer — the
result, or for a bad line the problem object (with its ``status``). A bad line never stops the run;
a line of more than ``MAX_RECORD`` bytes (1 MiB, the service's limit on a body) is no body at all
(a file of another kind, ``/dev/zero``): the answers before it are written, and the run stops with
one line on stderr naming it (exit status 2), having read no more than the bound of it.

``IN`` is a file, or ``-`` (or nothing) for stdin; without ``-o`` the lines go to stdout. ``--jobs``
(default: every core this process may use; more than that is brought down to it, with a line
saying so) splits the lines into chunks scored by that many processes. From a regular file, each
process reads its own byte ranges of it (a range: about ``RANGE`` bytes of whole lines) and writes
their answers to its own file, which the parent appends to the output in order: the parent neither
reads the lines nor sends them or their answers through the pool. From a pipe, the parent reads
chunks of ``CHUNK`` lines and sends them. Either way at most a few tasks per process are in flight,
so memory stays flat however long the input. On a terminal, a progress line on stderr shows hands
done, hands per second and (for a file) the time left.

A good line costs what ``/v1/score`` costs past the web framework: the body read as the service
reads it, its fast shape check, scoring, orjson. Neither Flask nor marshmallow is imported unless a
line needs the schema to name its faults (``scorer.wire.scoring``), and the processes are forked after
the imports, so they share them instead of each importing.

The function that scores a chunk, ``score_lines``, is also what an engine past one machine maps
over its partitions (see docs/library.md, "Bulk scoring").
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import shutil
import stat
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING

from . import prog
from .options import (
    MAX_RECORD,
    BadFile,
    add_jobs,
    add_output,
    close_input,
    close_output,
    jobs,
    named,
    open_input,
    open_output,
    why,
)

if TYPE_CHECKING:
    from multiprocessing.pool import AsyncResult

CHUNK = 256  # lines per task: big enough that sending it costs little next to scoring it
RANGE = 256 * 1024  # bytes of a regular file per task (~800 lines): a progress step, little memory
WINDOW = 4  # chunks in flight per process: enough to keep each busy, few enough to bound memory


class TooLong(Exception):
    """A line of more than ``MAX_RECORD`` bytes: ``line`` is its number (from 1) where the reader
    knows it, else its index in its range (from 0), which the parent turns into its number."""

    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


def _over(line: bytes, limit: int) -> bool:
    """More than ``limit`` bytes besides the newline that ends it."""
    return len(line) - line.endswith(b"\n") > limit


def bounded_lines(source: IO[bytes], name: str = "the input", limit: int = MAX_RECORD) -> Iterator[bytes]:
    """The lines of ``source`` as iterating it splits them (on b"\\n", ends kept), each read with at
    most ``limit`` + 1 bytes in memory: a longer one raises ``TooLong`` with its number; a read that
    fails is ``BadFile`` naming ``name``."""
    n, readline, most = 0, source.readline, limit + 1
    while True:
        try:
            line = readline(most)
        except OSError as e:
            raise BadFile(f"cannot read {name}: {why(e)}") from None
        if not line:
            return
        n += 1
        if len(line) > limit and _over(line, limit):  # the length alone clears almost every line
            raise TooLong(n)
        yield line


def score_line(line: bytes | str) -> bytes:
    """One input line to one output line (no newline): the answer ``/v1/score`` would give."""
    return _answerer()(line)


def score_lines(lines: Sequence[bytes | str]) -> list[bytes]:
    """A chunk of lines scored in order: the unit of work for ``--jobs`` and for a cluster's map."""
    answer = _answerer()
    return [answer(line) for line in lines]


def _answerer() -> Callable[[bytes | str], bytes]:
    """The service's answer to a body, imported when first needed: ``python -m scorer``'s other
    subcommands never load it (nor does it load Flask or marshmallow: see ``scorer.wire.scoring``)."""
    from ..wire.scoring import answer_json

    return answer_json


def _chunks(lines: Iterable[bytes], size: int) -> Iterator[list[bytes]]:
    """Lists of ``size`` lines; the lines before a ``TooLong`` are yielded before it is raised on."""
    chunk: list[bytes] = []
    try:
        for line in lines:
            chunk.append(line)
            if len(chunk) >= size:
                yield chunk
                chunk = []
    except TooLong:
        if chunk:
            yield chunk
        raise
    if chunk:
        yield chunk


def _warm() -> None:
    """Import the service's body reading once, before the first line (neither Flask nor marshmallow)."""
    from ..wire import scoring  # noqa: F401


@contextmanager
def _collector_tuned() -> Iterator[None]:
    """What is loaded out of the collector's sight, and young collections less often: a bulk
    process allocates per line and keeps little. Measured (``bench/bulk.py``, A/B): a
    sixth less memory with two workers (95-99 MB instead of 113-114: the forked workers no longer
    write to the pages they inherit); the CPU per hand did not move measurably. Undone on the way
    out, for a caller that runs bulk in its own process."""
    threshold = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


def _worker_init() -> None:
    """A worker starts with its parent's heap already frozen (a fork keeps that): no collection
    here, which would write to every inherited page; the worker's own threshold only."""
    _warm()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


def run(lines: Iterable[bytes], out: IO[bytes], jobs: int, progress: _Progress | None = None,
        chunk: int = CHUNK) -> int:
    """Score every line into ``out`` in order; returns the number of lines. A ``TooLong`` from
    ``lines`` is raised once the lines before it are answered."""
    done = 0
    if jobs <= 1:
        _warm()
        with _collector_tuned():
            for part in _chunks(lines, chunk):
                for answer in score_lines(part):
                    out.write(answer + b"\n")
                done += len(part)
                if progress is not None:
                    progress.update(done)
        return done
    import multiprocessing

    _warm()  # imported once here, before the fork: the workers inherit it instead of each importing it
    with _collector_tuned(), multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn").Pool(
            jobs, initializer=_worker_init) as pool:
        window: deque[AsyncResult[list[bytes]]] = deque()
        stop: TooLong | None = None
        try:
            for part in _chunks(lines, chunk):
                window.append(pool.apply_async(score_lines, (part,)))
                while len(window) >= WINDOW * jobs:
                    done += _drain(window.popleft(), out)
                    if progress is not None:
                        progress.update(done)
        except TooLong as e:
            stop = e
        while window:
            done += _drain(window.popleft(), out)
            if progress is not None:
                progress.update(done)
    if stop is not None:
        raise stop
    return done


def _drain(pending: AsyncResult[list[bytes]], out: IO[bytes]) -> int:
    answers = pending.get()
    out.write(b"".join(a + b"\n" for a in answers))
    return len(answers)


# --- a regular file: each process reads its own ranges --------------------------------------------
def score_range(fd: int, start: int, end: int, dest: str, limit: int = MAX_RECORD) -> int:
    """The lines that start in bytes ``[start, end)`` of the file open as ``fd`` (inherited over
    the fork; read with ``pread``, so no process moves another's offset), their answers written
    to the file ``dest``, one a line; returns how many. A line over ``limit`` raises ``TooLong``
    with its index in the range, the answers before it written."""
    data = _pread_all(fd, end - start, start)
    answer = _answerer()
    done = 0
    with open(dest, "wb") as out:
        for line in io.BytesIO(data):  # split as iterating the file splits it (on b"\n" only, ends kept)
            if _over(line, limit):
                raise TooLong(done)
            out.write(answer(line) + b"\n")
            done += 1
    return done


def _pread_all(fd: int, size: int, offset: int) -> bytes:
    parts = []
    while size > 0:
        part = os.pread(fd, size, offset)
        if not part:
            break
        parts.append(part)
        size -= len(part)
        offset += len(part)
    return b"".join(parts)


def ranges(fd: int, start: int, size: int, step: int, limit: int = MAX_RECORD) -> Iterator[tuple[int, int]]:
    """``[start, size)`` cut into ranges of whole lines of about ``step`` bytes each: a range ends
    where the first line starting at or after its nominal end starts (a line longer than ``step``
    makes its range longer). No newline within ``limit`` bytes of a cut: the line across it is
    longer than ``limit``, and the last range ends ``limit`` bytes past the cut, so that no range
    is longer than ``step + limit`` and the one that scores that line finds it too long."""
    while start < size:
        cut = start + step
        if cut >= size:
            yield start, size
            return
        nxt = _next_line_start(fd, cut, size, limit)
        if nxt is None:
            yield start, cut + limit
            return
        yield start, nxt
        start = nxt


def _next_line_start(fd: int, at: int, size: int, limit: int = MAX_RECORD) -> int | None:
    """The first offset at or after ``at`` that starts a line (just past a b"\\n"), or ``size``;
    None when there is none before ``at + limit`` and the file goes on past it."""
    pos, stop = at - 1, min(size, at + limit)
    while pos < stop:
        piece = os.pread(fd, min(64 * 1024, stop - pos), pos)
        if not piece:
            return size
        nl = piece.find(b"\n")
        if nl >= 0:
            return pos + nl + 1
        pos += len(piece)
    return size if stop >= size else None


TEMP_PREFIX = "mahjong-scorer-bulk-"  # the directory of the workers' answer files, under the system's temp


def run_ranges(fd: int, out: IO[bytes], jobs: int, progress: _Progress | None = None, step: int = RANGE) -> int:
    """Score the regular file open as ``fd``, from its current offset, into ``out`` in order, with
    ``jobs`` forked processes each scoring whole ranges; returns the number of lines. A line over
    ``MAX_RECORD`` raises ``TooLong`` with its number, once the lines before it are answered."""
    import multiprocessing

    start, size = os.lseek(fd, 0, os.SEEK_CUR), os.fstat(fd).st_size
    done = 0
    _warm()  # imported once here, before the fork: the workers inherit it instead of each importing it
    with tempfile.TemporaryDirectory(prefix=TEMP_PREFIX) as tmp, _collector_tuned(), \
            multiprocessing.get_context("fork").Pool(jobs, initializer=_worker_init) as pool:
        window: deque[tuple[str, int, AsyncResult[int]]] = deque()

        def drain() -> None:
            nonlocal done
            dest, end, pending = window.popleft()
            try:
                lines = pending.get()
            except TooLong as e:  # the answers before the line, then its number
                with open(dest, "rb") as answers:
                    shutil.copyfileobj(answers, out, 1024 * 1024)
                raise TooLong(done + e.line + 1) from None
            done += lines
            with open(dest, "rb") as answers:
                shutil.copyfileobj(answers, out, 1024 * 1024)
            os.remove(dest)
            if progress is not None:
                progress.update(done, read=end)

        for k, (a, b) in enumerate(ranges(fd, start, size, step)):
            dest = os.path.join(tmp, str(k))
            window.append((dest, b, pool.apply_async(score_range, (fd, a, b, dest))))
            while len(window) >= WINDOW * jobs:
                drain()
        while window:
            drain()
    return done


def _rangeable(source: IO[bytes]) -> bool:
    """A regular file, on a system that forks (the workers inherit its descriptor)."""
    if sys.platform != "linux":
        return False
    try:
        return stat.S_ISREG(os.fstat(source.fileno()).st_mode)
    except (OSError, ValueError, io.UnsupportedOperation):
        return False


class _Progress:
    """``12,800 hands  4,150 hands/s  ETA 0:42`` on one stderr line, redrawn at most 5 times a second."""

    def __init__(self, stream: IO[str], source: IO[bytes] | None) -> None:
        self.stream = stream
        self.source = source
        self.size = 0  # a regular file's size, for the ETA; 0 for a pipe
        if source is not None:
            try:
                st = os.fstat(source.fileno())
                self.size = st.st_size if stat.S_ISREG(st.st_mode) else 0
            except (OSError, ValueError):
                self.size = 0
        self.start = self.last = time.monotonic()

    def update(self, done: int, final: bool = False, read: int | None = None) -> None:
        """``read``: how far into the file the work has got, when not the file's own offset."""
        now = time.monotonic()
        if not final and now - self.last < 0.2:
            return
        self.last = now
        rate = done / max(now - self.start, 1e-9)
        eta = ""
        if self.size and self.source is not None and not final:
            try:
                read = self.source.tell() if read is None else read
            except (OSError, ValueError):
                read = 0
            if read and rate:
                left = (now - self.start) * (self.size - read) / read
                eta = f"  ETA {int(left // 60)}:{int(left % 60):02d}"
        self.stream.write(f"\r{done:,} hands  {rate:,.0f} hands/s{eta}\x1b[K" + ("\n" if final else ""))
        self.stream.flush()


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=prog("bulk"),
        description="Score JSON lines (one /v1/score body a line) into JSON lines, in order: each the result "
        "or the problem the API would answer.",
    )
    p.add_argument("input", nargs="?", default="-", help="a file of JSON lines, or - for stdin (the default)")
    add_output(p, "the answers")
    add_jobs(p, "scoring")
    p.add_argument("--chunk", type=int, default=CHUNK, help=argparse.SUPPRESS)
    p.add_argument("--range", type=int, default=RANGE, help=argparse.SUPPRESS)
    return p


class _Sink:
    """The output, its write failures (a full disk) as ``BadFile`` naming it."""

    def __init__(self, f: IO[bytes], path: str) -> None:
        self.f, self.path = f, path

    def write(self, data: bytes) -> int:
        try:
            return self.f.write(data)
        except BrokenPipeError:
            raise
        except OSError as e:
            raise BadFile(f"cannot write {named(self.path, True)}: {why(e)}") from None


def main(argv: Sequence[str]) -> int:
    args = _parser().parse_args(argv)
    n = jobs(args.jobs, prog("bulk"))
    source = open_input(args.input)
    try:
        sink = open_output(args.output, source)
        try:
            progress = _Progress(sys.stderr, source) if sys.stderr.isatty() else None
            out: IO[bytes] = _Sink(sink, args.output)  # type: ignore[assignment]  # writes are all run uses
            try:
                if n > 1 and _rangeable(source):
                    done = run_ranges(source.fileno(), out, n, progress, max(1, args.range))
                else:
                    done = run(bounded_lines(source, named(args.input)), out, n, progress, max(1, args.chunk))
            except TooLong as e:
                raise BadFile(f"line {e.line} of {named(args.input)} is over {MAX_RECORD:,} bytes, the most a "
                              f"/v1/score body may be; stopped there, the {e.line - 1:,} lines before it "
                              "answered") from None
        finally:
            close_output(sink, args.output)
    finally:
        close_input(source)
    if progress is not None:
        progress.update(done, final=True)
    return 0
