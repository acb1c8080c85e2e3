"""The compute lane's reading past a body it answered unread (``service/lane.py``, ``_DrainAfter``),
on gevent as the served worker runs it, with stand-ins for the server's body reader and response."""

from __future__ import annotations

import time
from typing import Any

import gevent
import pytest

from service import lane


class Body:
    """A body reader that holds ``size`` bytes and records the size of each read."""

    def __init__(self, size: int, stall: float = 0.0) -> None:
        self.left, self.stall, self.reads = size, stall, []

    def read(self, n: int) -> bytes:
        self.reads.append(n)
        if self.stall:
            gevent.sleep(self.stall)
        got = min(n, self.left)
        self.left -= got
        return b" " * got


class Response:
    closed = False

    def force_close(self) -> None:
        self.closed = True

    def start_response(self, status: str, headers: list[tuple[str, str]]) -> None:
        pass


class Answer(list[bytes]):
    closed = False

    def close(self) -> None:
        self.closed = True


def drained(body: Body) -> tuple[Answer, Response, list[bytes]]:
    answer, response = Answer([b"the answer"]), Response()
    out = lane._DrainAfter(answer, body, response.start_response)
    written = list(out)
    out.close()
    return answer, response, written


def test_a_body_answered_unread_is_read_past_in_large_reads_after_the_answer() -> None:
    body = Body(1024 * 1024)
    answer, response, written = drained(body)
    assert written == [b"the answer"] and answer.closed
    assert body.left == 0 and set(body.reads) == {lane.LENGTH_STEP} and len(body.reads) == 5  # 4 reads, then the end
    assert not response.closed  # the connection stays usable


def test_a_body_that_does_not_come_closes_the_connection_after_the_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lane, "DRAIN_TIME", 0.05)
    body = Body(1024 * 1024, stall=10.0)
    _, response, written = drained(body)
    assert written == [b"the answer"] and response.closed and body.left == 1024 * 1024


def test_a_body_whose_framing_breaks_closes_the_connection() -> None:
    class Broken(Body):
        def read(self, n: int) -> Any:
            raise ValueError("bad chunk size")

    _, response, _ = drained(Broken(10))
    assert response.closed


class Endless(Body):
    """A body whose data is always there: every read returns at once, without a turn of the loop.
    Never read to its end: 10**10 bytes were, at 256 KiB a read, within the drain's 0.3 s on a fast
    moment (the drain then ends as for a body read whole, and keeps the connection)."""

    def __init__(self, size: int = 10**18) -> None:
        super().__init__(size)

    def read(self, n: int) -> bytes:
        self.reads.append(n)
        got = min(n, self.left)
        self.left -= got
        return b" " * got


def ticking() -> tuple[list[float], Any]:
    """A greenlet that wakes every 10 ms, as the loop's other connections and heartbeat would."""
    ticks: list[float] = []

    def tick() -> None:
        while True:
            gevent.sleep(0.01)
            ticks.append(time.monotonic())

    return ticks, gevent.spawn(tick)


def test_a_body_that_keeps_coming_is_read_past_in_turns_and_for_drain_time_at_most(monkeypatch):
    """Data that is always there never gives gevent's loop a turn by itself, so a timer alone never
    fires: the drain looks at its deadline each read and gives the loop turns."""
    monkeypatch.setattr(lane, "DRAIN_TIME", 0.3)
    body = Endless()
    ticks, ticker = ticking()
    t0 = time.monotonic()
    try:
        _, response, written = drained(body)
    finally:
        ticker.kill()
    took = time.monotonic() - t0
    assert written == [b"the answer"] and response.closed and body.left > 0
    assert 0.25 < took < 1.0
    assert len(ticks) >= 10 and max(b - a for a, b in zip([t0, *ticks], ticks, strict=False)) < 0.1


def test_a_body_read_for_the_app_gives_turns_and_keeps_its_deadline():
    app = lane.Lane(read_timeout=0.3, max_queue_wait=1.0, max_queued=1, retry_after=1, max_buffered=10**9)
    app._gevent = True  # as under the gevent worker
    ticks, ticker = ticking()
    t0 = time.monotonic()
    try:
        with pytest.raises(TimeoutError):
            app.read(Endless(), 10**9, chunked=True)
    finally:
        ticker.kill()
    assert 0.25 < time.monotonic() - t0 < 1.0
    assert len(ticks) >= 10


@pytest.mark.parametrize(("length", "chunked", "expect", "closes"), [
    pytest.param(1024 * 1024, False, False, False, id="known-length-read-past"),
    pytest.param(64 * 1024 * 1024, False, False, True, id="too-long-to-read-past"),
    pytest.param(10**12, False, False, True, id="content-length-1e12"),
    pytest.param(None, True, False, True, id="chunked"),
    pytest.param(1024, False, True, True, id="awaits-100-continue"),
])
def test_a_body_answered_unread_is_read_past_or_the_connection_closes_with_the_answer(length, chunked, expect,
                                                                                       closes):
    """Closing is decided before the app answers, so that the answer says ``Connection: close``."""
    seen: list[bool] = []
    response = Response()

    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        seen.append(response.closed)
        return [b"the answer"]

    environ: dict[str, Any] = {"wsgi.input": Body(length or 0)}
    if expect:
        environ["HTTP_EXPECT"] = "100-Continue"
    under = lane.Lane(read_timeout=1.0, max_queue_wait=1.0, max_queued=1, retry_after=1, max_buffered=10**9)
    under._gevent = True  # as under the gevent worker
    answer = under.unread(app, environ, response.start_response, length, chunked)
    assert seen == [closes] and isinstance(answer, lane._DrainAfter) is not closes
