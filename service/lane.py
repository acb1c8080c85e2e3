"""The compute lane: under gunicorn's gevent worker, each worker scores on one thread of its own,
while its event loop reads requests, answers probes and pages, and sheds load.

Every connection of a gevent worker is a greenlet on one event loop, and gunicorn's parser reads
it there: a slow or idle client costs a greenlet, never the worker. Scoring is CPU-bound, though:
run on the loop, one long request (a 1,000-hand batch) would hold every other connection of the
worker, ``/healthz`` included. So:

The chain (``service/chain.py``) decides, step by step, what a request's body costs; this module
is how each decision is carried out under the gevent worker (one answer to "how long may a body,
read or unread, cost the worker"):

* a request answered without its body — one the chain refuses by its head alone (too long, a
  wrong API key, a media type it does not read), one the lane sheds, or one whose route reads no
  body (a GET with a body, a path that names no route) — is answered before its body is read, and the body costs
  the worker a bounded time whatever the client sends: what is left of it, if its length is known
  and at most ``DRAIN_BYTES``, is read past once the answer is written (``_DrainAfter``: large
  reads dropped at once, giving the loop turns (``Turns``), for ``DRAIN_TIME`` seconds at most,
  after which the connection closes); a longer body, or one whose length is unknown (chunked), is
  not read past at all: the answer says ``Connection: close``, and the worker's lingering close
  reads what is in flight for a bounded time before closing. (Left to gunicorn, the rest was read
  1 KiB at a time with no deadline and no yield: an endless chunked body held the worker's loop,
  every ``/healthz`` waited past 2 s, and the master killed the worker ~31 s later with every
  connection it held; a drain timed by a gevent timer never fired while data kept coming.);
* a body the chain reads (a matched POST's) is read whole on the loop first, within ``READ_TIMEOUT``
  seconds and at most ``MAX_CONTENT_LENGTH`` bytes, in steps (``LENGTH_STEP``; a chunked body's
  step follows how long its reads take, ``CHUNKED_STEP``), giving the loop turns (``Turns``) and
  checking the deadline at each, so that a body arriving as fast as the client can send it holds
  the loop for ``TURN`` and a step at most; the bodies being read or waiting for the lane may hold
  ``MAX_BUFFERED`` bytes together (their Content-Length, or ``MAX_CONTENT_LENGTH`` for a chunked
  one), and one that would take more is shed (below) before it is read; a body whose framing the
  server's parser refuses (a bad chunk size, a missing CRLF, a bad trailer), that stalls or that
  ends early is answered 400 and the connection closed (nothing after it can be framed); one that
  is too long is answered 413 with ``Connection: close`` (the rest is never read);
* then the app runs it on the lane, one thread, one request at a time in the order they arrived
  whole (the GIL lets one process compute on one core anyway), while the loop goes on: GETs
  (probes, the page, static files, the spec) are answered on the loop itself, and the interpreter
  hands the loop the GIL within its switch interval (5 ms) whatever the lane computes. Scored on
  the loop, short requests were answered in the order the loop happened to wake their greenlets,
  and under load the tail grew 2-3x (p99 220-264 ms against 78-185 ms, 32 connections, same run);
* when the lane falls behind — the request next in line has waited ``MAX_QUEUE_WAIT`` seconds
  without starting, or ``MAX_QUEUED`` requests wait — or the bodies held would pass
  ``MAX_BUFFERED``, a new one is answered 503 with ``Retry-After`` at once, unread: queued, it would
  only wait longer than its client does. The queue's
  age, not its length, is the signal (a thousand single hands drain in a second, sixteen
  1,000-hand batches take several).

Under any other server (Flask's development server, the test client) each step is the plain one:
the body read as it comes, the handler called where the chain runs. Nothing here parses HTTP: the
body is read through ``wsgi.input``, the server's own reader.
"""

from __future__ import annotations

import sys
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from . import internals
from .errors import ApiError

DRAIN_TIME = 2.0  # seconds to read past a body answered unread before the connection closes instead
DRAIN_BYTES = 4 * 1024 * 1024  # a body answered unread with more than this left is not read past: the connection closes
LENGTH_STEP = 256 * 1024  # bytes a read of a body of known length (reading it, or reading it past)
# bytes a read of a chunked body, to start with: gunicorn parses each chunk in Python, so a step of
# 1-byte chunks costs a step's chunks (about 2.5 us each); halved (to 1 KiB) while a read takes more
# than TURN, doubled (to LENGTH_STEP) while one takes less than a tenth of it
CHUNKED_STEP, CHUNKED_MIN_STEP = 4 * 1024, 1024
TURN = 0.005  # seconds a read of a body may hold the worker's loop before it gives the loop a turn
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class Turns:
    """Gives the worker's loop a turn (its other connections, its heartbeat) whenever the greenlet
    reading a body has held it for ``TURN`` seconds. A read whose data is already there returns
    without a turn of the loop, so a client that sends as fast as it can would hold it for as long
    as it sends; ``gevent.sleep(0)`` does not help: it runs the greenlets already woken, and the loop
    looks at its sockets only after 50 such switches. A short timer makes it look (it waits on its
    sockets until the timer is due)."""

    def __init__(self) -> None:
        self.since = time.monotonic()

    def take(self) -> None:
        if time.monotonic() - self.since >= TURN:
            import gevent  # type: ignore[import-untyped]

            gevent.sleep(TURN / 5)
            self.since = time.monotonic()


class Lane:
    """The chain's body and queue (``service/chain.py`` calls each step): under gevent, a body read
    within its deadline in turns with the loop, one left unread read past or closed on, and the
    handler run on the lane's thread in arrival order; under any other server, each as it is."""

    def __init__(self, *, read_timeout: float, max_queue_wait: float, max_queued: int, retry_after: int,
                 max_buffered: int) -> None:
        self.read_timeout, self.max_buffered = read_timeout, max_buffered
        self.max_queue_wait, self.max_queued, self.retry_after = max_queue_wait, max_queued, retry_after
        self.waiting = 0  # requests handed to the lane and not yet answered (the one computing included)
        self.buffered = 0  # bytes reserved by the bodies being read or waiting for the lane
        self.queued_at: deque[float] = deque()  # when each request not yet started was handed over
        self.started = 0.0  # when the lane's current request started (monotonic), 0.0 when it is idle
        self._pool: Any = None  # gevent's ThreadPool of one, made in the worker at its first request
        self._gevent: bool | None = None

    def busy_for(self, now: float | None = None) -> float:
        """Seconds the lane's current request has computed (0.0 when idle): the worker's heartbeat
        stops past a grace time, so the master replaces a worker stuck in one request."""
        started = self.started
        return 0.0 if not started else (time.monotonic() if now is None else now) - started

    def shed(self, reserved: int) -> ApiError | None:
        """The 503 a body of ``reserved`` bytes gets before it is read, when the lane is behind or
        the bodies held would pass ``MAX_BUFFERED``; None when it may be read."""
        if self._under_gevent() and (self.behind() or (self.buffered and self.buffered + reserved > self.max_buffered)):
            return self.overloaded()
        return None

    def unread(self, handler: WSGIApp, environ: dict[str, Any], start_response: Callable[..., Any],
               length: int | None, chunked: bool) -> Iterable[bytes]:
        """The answer to a request whose body is not read. A body of known length up to
        ``DRAIN_BYTES`` is read past after the answer and the connection stays usable (closed at once,
        a client still sending would get a reset and might never read the answer); any other is never
        read, and the connection closes after the answer. A client that waits for ``100 Continue``
        sends no body (the worker did not invite it): nothing to read past, the connection closes."""
        if not self._under_gevent():
            return handler(environ, start_response)
        body = environ["wsgi.input"]
        expects = environ.get("HTTP_EXPECT", "").lower() == "100-continue"
        if chunked or length is None or length > DRAIN_BYTES or expects:
            internals.close_after_answer(start_response)
            return handler(environ, start_response)
        return _DrainAfter(handler(environ, start_response), body, start_response)

    def read(self, stream: Any, size: int, chunked: bool) -> bytes:
        """Up to ``size`` bytes of the body. Under gevent in steps, giving the loop turns: a body
        that keeps coming is read in turns with the worker's other connections, and its deadline is
        looked at each step (a gevent timer alone fires only when the loop runs, and reads whose data
        is already there never give it a turn)."""
        if not self._under_gevent():
            return bytes(stream.read(size))
        import gevent

        deadline = time.monotonic() + self.read_timeout
        timeout = gevent.Timeout(self.read_timeout)  # for a client that stalls: a read then waits on the loop
        timeout.start()
        parts: list[bytes] = []
        got, turns, step = 0, Turns(), CHUNKED_STEP if chunked else LENGTH_STEP
        try:
            while got < size:
                began = time.monotonic()
                part = stream.read(min(step, size - got))
                if not part:
                    break
                if chunked:
                    took = time.monotonic() - began
                    if took > TURN:
                        step = max(CHUNKED_MIN_STEP, step // 2)
                    elif took < TURN / 10:
                        step = min(LENGTH_STEP, step * 2)
                parts.append(part)
                got += len(part)
                if got < size:
                    if time.monotonic() > deadline:
                        raise TimeoutError(f"no whole body within {self.read_timeout:g} s")
                    turns.take()
        except gevent.Timeout as t:
            if t is not timeout:
                raise
            raise TimeoutError(f"no whole body within {self.read_timeout:g} s") from None
        finally:
            timeout.close()
        return bytes(parts[0]) if len(parts) == 1 else b"".join(parts)

    def full(self) -> bool:
        """Whether ``MAX_QUEUED`` requests wait: asked again once a body is read (bodies read side by
        side all arrive before the first is queued)."""
        return self._under_gevent() and self.waiting >= self.max_queued

    def run(self, handler: WSGIApp, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        """The handler's answer: under gevent computed on the lane's thread, after the requests
        queued before it, while the loop goes on."""
        if not self._under_gevent():
            return handler(environ, start_response)
        self.waiting += 1
        self.queued_at.append(time.monotonic())
        try:
            answer: tuple[str, list[tuple[str, str]], list[bytes]] = self._pool.apply(
                self._compute, (handler, environ))
        finally:
            self.waiting -= 1
        start_response(answer[0], answer[1])
        return answer[2]

    def overloaded(self) -> ApiError:
        detail = (f"{self.waiting} requests are waiting to be scored, and {self.buffered} bytes of "
                  "bodies are held, in this worker; retry shortly")
        return ApiError(503, "overloaded", detail, headers={"Retry-After": str(self.retry_after)})

    def behind(self) -> bool:
        """Whether the lane is too far behind to take another request."""
        if self.waiting >= self.max_queued:
            return True
        queued_at = self.queued_at
        return bool(queued_at) and time.monotonic() - queued_at[0] > self.max_queue_wait

    def _compute(self, handler: WSGIApp, environ: dict[str, Any]) -> tuple[str, list[tuple[str, str]], list[bytes]]:
        """On the lane's thread: the handler's whole answer (the service's POST answers are in memory)."""
        answer: list[Any] = []

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[..., Any]:
            answer[:] = [status, headers]
            return _no_write

        self.started = time.monotonic()
        self.queued_at.popleft()  # the pool runs its queue in order: the oldest is this one
        try:
            out = handler(environ, start_response)
            try:
                chunks = list(out)
            finally:
                close = getattr(out, "close", None)
                if close is not None:
                    close()
        finally:
            self.started = 0.0
        return answer[0], answer[1], chunks

    def _under_gevent(self) -> bool:
        if self._gevent is None:  # asked in the worker, after gunicorn's gevent worker patched it
            monkey = sys.modules.get("gevent.monkey")
            self._gevent = bool(monkey and monkey.is_module_patched("socket"))
            if self._gevent:
                from gevent.threadpool import ThreadPool  # type: ignore[import-untyped]

                self._pool = ThreadPool(1)
        return self._gevent


class _DrainAfter:
    """The app's answer to a request it answered without reading the body; when the server closes it
    (the answer written), what is left of the body (``DRAIN_BYTES`` at most, its length known) is
    read and dropped, ``LENGTH_STEP`` bytes a read giving the loop turns (``Turns``), for
    ``DRAIN_TIME`` seconds at most, after which the connection closes after the answer (where the
    next request starts is then unknown)."""

    def __init__(self, answer: Iterable[bytes], body: Any, start_response: Callable[..., Any]) -> None:
        self.answer, self.body, self.start_response = answer, body, start_response

    def __iter__(self) -> Any:
        return iter(self.answer)

    def close(self) -> None:
        import gevent

        try:
            close = getattr(self.answer, "close", None)
            if close is not None:
                close()
        finally:
            done, turns = False, Turns()
            deadline = time.monotonic() + DRAIN_TIME
            with gevent.Timeout(DRAIN_TIME, False):  # a client that stalls: the read waits on the loop
                try:
                    while self.body.read(LENGTH_STEP):
                        if time.monotonic() > deadline:
                            break
                        turns.take()
                    else:
                        done = True
                except Exception:  # a malformed chunk, the client gone: nothing after it can be framed
                    pass
            if not done:
                internals.close_after_answer(self.start_response)


def _no_write(data: bytes) -> None:
    raise RuntimeError("the service's answers are returned, never written")
