"""What the service knows of one request, kept in its WSGI environ: the one record the chain
(``service/chain.py``) fills in as the request goes through it, and the views, the logs, the error
handler and the metrics read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from werkzeug.exceptions import HTTPException
from werkzeug.routing import Rule

RECORD_KEY: Final = "scorer.record"  # the WSGI environ key of the request's record


@dataclass(slots=True)
class Record:
    """Filled in along the chain, step by step (so not frozen): the request id (``X-Request-ID``
    when it is a sane token, else a new one), the rule matched (``matched``; for a 405, the rule the
    path names, unmatched), the first refusal, the body's length as sent and the body as read, and
    what a plain handler learnt of it before handing it to Flask (``early``)."""

    id: str
    rule: Rule | None = None
    matched: bool = False
    refusal: HTTPException | None = None
    length: int | None = None  # the body's length as the head says it (None: chunked, or not digits)
    body: bytes | None = None
    early: Any = None


def record_of(environ: dict[str, Any]) -> Record | None:
    """The request's record (None for an environ the chain never saw)."""
    record: Record | None = environ.get(RECORD_KEY)
    return record
