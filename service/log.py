"""Structured logs: one JSON object per line on stdout, each tagged with the request id.

``X-Request-ID`` is honoured when it is a sane token, generated otherwise, and echoed back.
A W3C ``traceparent`` header, when well formed, puts its ``trace_id`` and ``span_id`` (the
caller's span) on every line of that request, so logs join the caller's trace.
``GunicornLogger`` gives gunicorn's access and error logs the same shape; an access line for an
error answer also says its problem ``type``.
"""

from __future__ import annotations

import logging
import os
import re
import sys
import time
from typing import Any

import orjson
from flask import Flask, has_request_context, request
from gunicorn import glogging  # type: ignore[import-untyped]

from . import internals
from .record import record_of

REQUEST_ID = "X-Request-ID"
_REQUEST_ID_KEY = "HTTP_X_REQUEST_ID"  # the header's key in the WSGI environ
_SANE_ID = re.compile(r"[A-Za-z0-9._:@+=/-]{1,128}")
_RESERVED = frozenset(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}
# version 00 (a later version's first four fields read the same): trace id, parent span id, flags
_TRACEPARENT = re.compile(r"([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?")
PROBLEM_KEY = "scorer.problem_type"  # the WSGI environ key the error handlers set, the access log reads


def trace_context(header: str | None) -> dict[str, str]:
    """``trace_id`` and ``span_id`` from a ``traceparent`` header, or nothing when it is not one
    (W3C Trace Context: version ff, an all-zero id, or more fields on version 00 are invalid)."""
    m = _TRACEPARENT.fullmatch(header.strip().lower()) if header else None
    if m is None:
        return {}
    version, trace_id, span_id, _, rest = m.groups()
    if version == "ff" or (version == "00" and rest) or set(trace_id) == {"0"} or set(span_id) == {"0"}:
        return {}
    return {"trace_id": trace_id, "span_id": span_id}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if has_request_context():
            if "request_id" not in record.__dict__:
                rec = record_of(request.environ)
                out["request_id"] = rec.id if rec is not None else None
                out["method"] = request.method
                out["path"] = request.path
            out |= trace_context(request.environ.get("HTTP_TRACEPARENT"))
        for k, v in record.__dict__.items():
            if k not in _RESERVED:
                out[k] = v
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return orjson.dumps(out, default=str).decode()


class StdoutHandler(logging.StreamHandler[Any]):
    """Writes to whatever ``sys.stdout`` is at the time (test runners swap it)."""

    def __init__(self) -> None:
        super().__init__()

    @property
    def stream(self) -> Any:
        return sys.stdout

    @stream.setter
    def stream(self, value: Any) -> None:
        pass


def init_app(app: Flask) -> None:
    logger = logging.getLogger(app.import_name)
    if not any(isinstance(h, StdoutHandler) for h in logger.handlers):
        handler = StdoutHandler()
        handler.setFormatter(JsonFormatter())
        logger.addHandler(handler)
    logger.setLevel(app.config["LOG_LEVEL"])


def request_id_of(environ: dict[str, Any]) -> str:
    """The request's id: its ``X-Request-ID`` when that is a sane token, a new one otherwise
    (assigned and echoed by the chain, ``service/chain.py``)."""
    rid = environ.get(_REQUEST_ID_KEY)  # what request.headers.get(REQUEST_ID) reads, without its parsing
    return rid if rid and _SANE_ID.fullmatch(rid) else new_request_id()


def new_request_id() -> str:
    """A random (version 4) UUID's 32 hex digits, as ``uuid.uuid4().hex`` gives them, without
    building the UUID object on every request."""
    b = bytearray(os.urandom(16))
    b[6] = (b[6] & 0x0F) | 0x40  # version 4
    b[8] = (b[8] & 0x3F) | 0x80  # RFC 4122 variant
    return b.hex()


class GunicornLogger(glogging.Logger):  # type: ignore[misc]  # gunicorn is untyped
    """gunicorn's logs as JSON lines on stdout; access lines carry the request id."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            for h in internals.gunicorn_handlers(log):
                h.setFormatter(JsonFormatter())
                if isinstance(h, logging.StreamHandler) and h.stream is sys.stderr:
                    h.setStream(sys.stdout)

    def access(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any) -> None:
        if not self.access_log_enabled:
            return
        status = resp.status.split(None, 1)[0] if isinstance(resp.status, str) else resp.status
        rid = next((v for k, v in resp.headers if k.lower() == "x-request-id"), None)
        extra = trace_context(environ.get("HTTP_TRACEPARENT"))
        if environ.get(PROBLEM_KEY):
            extra["problem"] = environ[PROBLEM_KEY]
        self.access_log.info(
            "%s %s %s", environ.get("REQUEST_METHOD"), environ.get("RAW_URI"), status,
            extra={
                **extra,
                "request_id": rid,
                "remote": environ.get("REMOTE_ADDR"),
                "method": environ.get("REQUEST_METHOD"),
                "path": environ.get("PATH_INFO"),
                "status": int(status) if str(status).isdigit() else status,
                "bytes": getattr(resp, "sent", None),
                "duration_ms": round(request_time.total_seconds() * 1000, 3),
                "user_agent": environ.get("HTTP_USER_AGENT"),
                "pid": os.getpid(),
            },
        )
