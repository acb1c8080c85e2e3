"""The compute lane: under gunicorn's gevent worker, each worker scores on one thread of its own,
while its event loop reads requests, answers probes and pages, and sheds load.

Every connection of a gevent worker is a greenlet on one event loop, and gunicorn's parser reads
it there: a slow or idle client costs a greenlet, never the worker. Scoring is CPU-bound, though:
run on the loop, one long request (a 1,000-hand batch) would hold every other connection of the
worker, ``/healthz`` included. So:

* a request the app will refuse by its head alone (too long, a wrong API key: ``refuses``), or that
  the lane would shed, is answered before its body is read; once the answer is written, the body is
  read past here (``_DrainAfter``), in large reads dropped at once, so it costs the worker no memory
  and little time. (Left to gunicorn, it is read 1 KiB at a time, each read copying all that is
  buffered: a 1 MiB body already received held the worker's loop for about a second, and 37 of them
  in a row stopped its heartbeat until the master killed it.) A body not read past within
  ``DRAIN_TIME`` seconds closes the connection after the answer;
* a request with a body (every POST) is read whole on the loop first, within ``READ_TIMEOUT``
  seconds and at most ``MAX_CONTENT_LENGTH`` bytes; the bodies being read or waiting for the lane
  may hold ``MAX_BUFFERED`` bytes together (their Content-Length, or ``MAX_CONTENT_LENGTH`` for a
  chunked one), and one that would take more is shed (below) before it is read; a body whose framing the server's parser
  refuses (a bad chunk size, a missing CRLF, a bad trailer), that stalls or that ends early is
  answered 400 and the connection closed (nothing after it can be framed); one that is too long is
  answered 413, and gunicorn reads it past so the connection stays usable;
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

Under any other server (Flask's development server, the test client) the lane calls the app as it
is. Nothing here parses HTTP: the body is read through ``wsgi.input``, the server's own reader.
"""

from __future__ import annotations

import io
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from . import internals
from .errors import ApiError

DRAIN_TIME = 2.0  # seconds to read past a body answered unread before the connection closes instead
DRAIN_STEP = 256 * 1024  # bytes a read when reading past it
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class Lane:
    """WSGI middleware around the Flask app's ``wsgi_app`` (``create_app`` puts it there)."""

    def __init__(self, app: WSGIApp, *, max_body: int, read_timeout: float, max_queue_wait: float,
                 max_queued: int, retry_after: int, max_buffered: int,
                 refuses: Callable[[dict[str, Any]], bool] = lambda environ: False) -> None:
        self.app = app
        self.max_body, self.read_timeout, self.max_buffered = max_body, read_timeout, max_buffered
        self.max_queue_wait, self.max_queued, self.retry_after = max_queue_wait, max_queued, retry_after
        self.refuses = refuses  # whether the app answers this request by its head alone, without its body
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

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") != "POST" or not self._under_gevent():
            return self.app(environ, start_response)
        length = _content_length(environ)
        if (length is not None and length > self.max_body) or self.refuses(environ):
            # The app answers (413, 401, ...) without reading it, then the body is read past and the
            # connection stays usable. Closed at once, the client still sending would get a reset and
            # might never read the answer.
            return _DrainAfter(self.app(environ, start_response), environ["wsgi.input"], start_response)
        reserved = self.max_body + 1 if length is None else length
        if self.behind() or (self.buffered and self.buffered + reserved > self.max_buffered):
            detail = (f"{self.waiting} requests are waiting to be scored, and {self.buffered} bytes of "
                      "bodies are held, in this worker; retry shortly")
            headers = {"Retry-After": str(self.retry_after)}
            body, environ["wsgi.input"] = environ["wsgi.input"], _Refusal(ApiError(503, "overloaded", detail,
                                                                                    headers=headers))
            return _DrainAfter(self.app(environ, start_response), body, start_response)
        self.buffered += reserved
        try:
            return self._read_and_compute(environ, start_response, reserved)
        finally:
            self.buffered -= reserved

    def _read_and_compute(self, environ: dict[str, Any], start_response: Callable[..., Any],
                          size: int) -> Iterable[bytes]:
        try:
            body = self._read(environ["wsgi.input"], size)
        except Exception as e:  # the server's reader refused the framing, or the client stalled or left
            internals.close_after_answer(start_response)  # nothing after it can be framed
            late = isinstance(e, TimeoutError)
            why = "the body did not arrive in time" if late else f"the body is malformed ({_name(e)})"
            environ["wsgi.input"] = _Refusal(ApiError(400, "bad-request", why))
            return self.app(environ, start_response)
        # chunked and too long (len(body) > max_body): the app's 413, and gunicorn reads the rest past
        environ["wsgi.input"] = stream = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        del body  # the stream holds it now, until the answer is made
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        self.waiting += 1
        self.queued_at.append(time.monotonic())
        try:
            answer: tuple[str, list[tuple[str, str]], list[bytes]] = self._pool.apply(self._compute, (environ,))
        finally:
            self.waiting -= 1
            stream.close()  # frees the body now, whatever still refers to the environ (a traceback, a cycle)
        start_response(answer[0], answer[1])
        return answer[2]

    def behind(self) -> bool:
        """Whether the lane is too far behind to take another request."""
        if self.waiting >= self.max_queued:
            return True
        queued_at = self.queued_at
        return bool(queued_at) and time.monotonic() - queued_at[0] > self.max_queue_wait

    def _compute(self, environ: dict[str, Any]) -> tuple[str, list[tuple[str, str]], list[bytes]]:
        """On the lane's thread: the app's whole answer (the service's POST answers are in memory)."""
        answer: list[Any] = []

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[..., Any]:
            answer[:] = [status, headers]
            return _no_write

        self.started = time.monotonic()
        self.queued_at.popleft()  # the pool runs its queue in order: the oldest is this one
        try:
            out = self.app(environ, start_response)
            try:
                chunks = list(out)
            finally:
                close = getattr(out, "close", None)
                if close is not None:
                    close()
        finally:
            self.started = 0.0
        return answer[0], answer[1], chunks

    def _read(self, stream: Any, size: int) -> bytes:
        import gevent  # type: ignore[import-untyped]

        timeout = gevent.Timeout(self.read_timeout)
        timeout.start()
        try:
            return bytes(stream.read(size))
        except gevent.Timeout as t:
            if t is not timeout:
                raise
            raise TimeoutError(f"no whole body within {self.read_timeout:g} s") from None
        finally:
            timeout.close()

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
    (the answer written), what is left of the body is read and dropped, for ``DRAIN_TIME`` seconds at
    most, after which the connection closes after the answer (where the next request starts is
    then unknown)."""

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
            done = False
            with gevent.Timeout(DRAIN_TIME, False):
                try:
                    while self.body.read(DRAIN_STEP):
                        pass
                    done = True
                except Exception:  # a malformed chunk, the client gone: nothing after it can be framed
                    pass
            if not done:
                internals.close_after_answer(self.start_response)


class _Refusal:
    """A ``wsgi.input`` whose first read raises the answer: the app's error handling makes it a
    problem response (request id, logs and metrics included) as for any other refusal."""

    def __init__(self, error: ApiError) -> None:
        self.error = error

    def read(self, *args: Any) -> bytes:
        raise self.error

    readline = read


def _content_length(environ: dict[str, Any]) -> int | None:
    value = environ.get("CONTENT_LENGTH")
    try:
        return int(value) if value else None  # the server has checked it is digits
    except ValueError:
        return None


def _name(e: BaseException) -> str:
    text = str(e).strip()
    return f"{type(e).__name__}: {text[:120]}" if text else type(e).__name__


def _no_write(data: bytes) -> None:
    raise RuntimeError("the service's answers are returned, never written")
