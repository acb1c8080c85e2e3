"""The service's Flask application class: Flask, with each function's sync check made once, and
its request object left in the WSGI environ for the middleware around it.

On every request Flask passes the view and each request hook through ``ensure_sync``, which asks
``inspect.iscoroutinefunction`` of it: six such checks a ``/v1/score`` request here, for answers
that never change (none of this app's functions is a coroutine). ``App`` remembers each answer.
With the API-key hook registered only when keys are set (service/views.py), 18k fewer
instructions a /v1/score request in-process (callgrind, compiled: 989k -> 971k; a minimal Flask
endpoint: 497k).

The service keeps no sessions (no secret key, no cookie is read or set): Flask would still make
a null session for every request, ``App`` hands each the same one.

Flask takes its request object out of the environ (``werkzeug.request``) when the request ends;
``App`` keeps it under ``REQUEST_KEY`` too, so that ``service/ops.py`` reads the URL rule Flask
matched (the metrics' route label) after the app has answered; the metrics take it out again, since
the request refers to the environ (left in, the two make a cycle that keeps the body alive until a
collection).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Request, Response, request
from flask.ctx import RequestContext
from flask.sessions import NullSession, SessionInterface, SessionMixin

from . import edge

REQUEST_KEY = "scorer.request"  # the WSGI environ key of the request's Flask request object


class NoSessions(SessionInterface):
    """Every request's session is the one null session (reading works, a write raises, as Flask's own
    null session does when no secret key is set); nothing is saved."""

    null = NullSession()

    def open_session(self, app: Flask, request: Request) -> SessionMixin:
        return self.null

    def save_session(self, app: Flask, session: SessionMixin, response: Any) -> None:
        pass


class App(Flask):
    session_interface = NoSessions()

    def preprocess_request(self) -> Any:
        """What the request's head alone refuses (``service/edge.py``) comes first, before the hooks
        (the API key) and the view."""
        refused = edge.refusal(request.environ)
        if refused is not None:
            if refused.code == 404:  # the edge's one 404: the path as written (an empty segment) names no route,
                request.url_rule = None  # though werkzeug matched it without the segment: counted as unmatched
            raise refused
        return super().preprocess_request()

    def make_default_options_response(self) -> Response:
        """``OPTIONS`` on a path: 204 with ``Allow`` and no body (Flask's own is a 200 with an empty
        text/html body); a CORS preflight adds its headers to it."""
        resp = super().make_default_options_response()
        resp.status_code = 204
        del resp.headers["Content-Type"]
        return resp

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._synced: dict[Callable[..., Any], Callable[..., Any]] = {}

    def request_context(self, environ: dict[str, Any]) -> RequestContext:
        ctx = super().request_context(environ)
        environ[REQUEST_KEY] = ctx.request
        return ctx

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        try:
            return self._synced[func]
        except KeyError:
            synced = self._synced[func] = super().ensure_sync(func)
            return synced
        except TypeError:  # an unhashable callable: asked every time, as Flask does
            return super().ensure_sync(func)
