"""WSGI middleware around the Flask app: the request id and the request metrics, once a request.

As Flask before/after-request hooks these cost each request two hook dispatches each way and a
dozen context-local lookups (``g``, ``request``): 8% of a ``/v1/score`` request in-process. Here
they are plain code around the app's WSGI call:

* the request id (``X-Request-ID`` when it is a sane token, a new one otherwise) is put in the
  environ (``REQUEST_ID_ENV``, where the logs and the error handler read it) and echoed on the
  answer's headers;
* the request is counted by route (the URL rule Flask matched; for a 405, the rule the path
  matched under a method it allows; ``unmatched`` when none did, or when the edge refused the path
  as written), method and status, and timed, as the hooks did: the same metric names and labels.

``create_app`` puts it inside the compute lane, so it runs where the app runs (on the lane's thread
for a POST under the gevent worker) and times the app's work, not the wait in the lane's queue.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from .log import REQUEST_ID, REQUEST_ID_ENV, request_id_of
from .metrics import Metrics

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class Ops:
    def __init__(self, app: WSGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        started = time.perf_counter()
        rid = environ[REQUEST_ID_ENV] = request_id_of(environ)
        status = ""

        def respond(st: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            nonlocal status
            status = st
            headers.append((REQUEST_ID, rid))
            return start_response(st, headers, exc_info)

        out = self.app(environ, respond)
        self.metrics.record(environ, status, started)
        return out
