"""The compute lane's reading past a body it answered unread (``service/lane.py``, ``_DrainAfter``),
on gevent as the served worker runs it, with stand-ins for the server's body reader and response."""

from __future__ import annotations

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
    assert body.left == 0 and set(body.reads) == {lane.DRAIN_STEP} and len(body.reads) == 5  # 4 reads, then the end
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
