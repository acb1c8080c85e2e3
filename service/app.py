"""The service's Flask application class: Flask, with each function's sync check made once and one
null session for every request.

On every request Flask passes the view and each request hook through ``ensure_sync``, which asks
``inspect.iscoroutinefunction`` of it: several such checks a request here, for answers that never
change (none of this app's functions is a coroutine). ``App`` remembers each answer.

The service keeps no sessions (no secret key, no cookie is read or set): Flask would still make
a null session for every request, ``App`` hands each the same one.

What comes before Flask (the edge, the route, the key, the body) is ``service/chain.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Request, Response
from flask.sessions import NullSession, SessionInterface, SessionMixin


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

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        try:
            return self._synced[func]
        except KeyError:
            synced = self._synced[func] = super().ensure_sync(func)
            return synced
        except TypeError:  # an unhashable callable: asked every time, as Flask does
            return super().ensure_sync(func)
