"""``POST /v1/score`` answered in plain WSGI when nothing but a score is asked of it.

A score through Flask pays, besides the scoring, for what this route never uses: the request
context and its proxies, the URL map's bind and match, the before- and after-request dispatch,
the response object and its header machinery (about 0.2 of a request's CPU in-process, callgrind).
The served figure compares a request with a minimal Flask endpoint's, so that overhead is the
gap. Here the common request — the JSON body a client sends, which the fast body check accepts,
scored without error to an answer that needs no compression — is answered from the environ; every
other request goes to Flask as before, unread, and gets Flask's answer exactly
(``tests/service/test_fastscore.py`` holds the two to the same bytes and headers). One of these
that turns out otherwise (a malformed or unusual body, a ``ScorerError``, an answer large enough to
compress) goes to Flask with what was learnt of it (``views.Early``: the JSON value or why it is
not JSON, the score's answer or its error), so that its body is read, parsed and scored once.
(Handed back as it was sent, a body was parsed twice and a score's error scored twice: a refused
1 MiB body cost ``/v1/score`` about three times what it cost ``/v1/waits``.)

It stands aside entirely where a Flask hook would have a say on this route: whenever the app or
its ``api`` blueprint has a before-request hook or URL value preprocessor (the API-key check is
one; so is any an operator registers, even after ``create_app``: looked at on every request, so it
is run, never skipped), where CORS is configured (its after-request hook), or with ``FAST_SCORE``
set false (the tests' way to ask for Flask's answer).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any, Final

from flask import Flask

from scorer.wire import jsonbody
from scorer.wire.fastbody import fast_load
from scorer.wire.scoring import score_one

from . import edge
from .app import REQUEST_KEY
from .responses import JSON
from .views import EARLY_KEY, Early, malformed

PATH: Final = "/v1/score"
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class _Matched:
    """What ``Metrics.record`` reads of a Flask request (its URL rule), for a request Flask never saw."""

    __slots__ = ("url_rule", "routing_exception")

    def __init__(self, url_rule: Any) -> None:
        self.url_rule = url_rule
        self.routing_exception = None


class FastScore:
    def __init__(self, app: WSGIApp, flask_app: Flask) -> None:
        self.app = app
        config = flask_app.config
        self.on = bool(config.get("FAST_SCORE", True)) and not config.get("CORS_ORIGINS")
        self.max_body: int = config["MAX_CONTENT_LENGTH"]
        self.min_compressed: int = config["COMPRESS_MIN_SIZE"]
        rule = next(r for r in flask_app.url_map.iter_rules() if r.rule == PATH and "POST" in (r.methods or ()))
        self.matched = _Matched(rule)
        # the hooks Flask runs before this route's view, by the key they apply under: the app's (None)
        # and its blueprint's
        self.before = (flask_app.before_request_funcs, flask_app.url_value_preprocessors)
        self.keys = (None, rule.endpoint.rpartition(".")[0])

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if (self.on and environ.get("PATH_INFO") == PATH and environ.get("REQUEST_METHOD") == "POST"
                and environ.get("CONTENT_TYPE") == JSON and not environ.get("QUERY_STRING")
                and "HTTP_TRANSFER_ENCODING" not in environ and not self._hooked()):
            size = environ.get("CONTENT_LENGTH", "")
            if size.isascii() and size.isdigit() and 0 < int(size) <= self.max_body and edge.refusal(environ) is None:
                try:
                    raw = environ["wsgi.input"].read(int(size))
                except Exception:  # noqa: BLE001  # the lane's refusal (400, 503) or a broken stream: Flask's answer
                    return self.app(environ, start_response)
                answer = self._answer(raw)
                if isinstance(answer, bytes):
                    environ[REQUEST_KEY] = self.matched
                    start_response("200 OK", [("Content-Type", JSON), ("Content-Length", str(len(answer))),
                                              ("Vary", "Accept-Encoding")])
                    return [answer]
                environ[EARLY_KEY] = answer  # Flask answers it from what was learnt: read, parsed, scored once
                environ["wsgi.input"] = io.BytesIO(b"")
        return self.app(environ, start_response)

    def _hooked(self) -> bool:
        """Whether Flask would run a hook before this route's view: then Flask answers, and runs it."""
        return any(hooks.get(key) for hooks in self.before for key in self.keys)

    def _answer(self, raw: bytes) -> bytes | Early:
        """The answer's bytes, or what Flask is to answer from."""
        try:
            data = jsonbody.loads(raw)
        except jsonbody.Malformed as e:
            return Early(malformed=malformed(raw, e))
        try:
            body = fast_load(data)
            if body is None:
                return Early(data)  # Flask's schema names what is wrong, or reads what the fast check passes on
            result = score_one(body)
        except Exception as e:  # noqa: BLE001  # a ScorerError, anything: Flask answers it as it would
            return Early(data, error=e.with_traceback(None))
        answer = jsonbody.dumps(result)
        return answer if len(answer) < self.min_compressed else Early(data, result=result)
