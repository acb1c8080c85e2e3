"""A request's whole path, in the order it meets it: one chain of plain functions over the WSGI
environ, run once, in front of both handlers (a route's plain answer, and Flask).

    gunicorn (its parser frames the request; service/worker.py)
      |
      1. the edge      edge.refusal: Host, the path as written, codings               400 404 415 501
      2. the route     the URL map, matched once                   no route: Flask's 404 / 405 / 308
      3. the key       API_KEYS: a matched /v1 route but a preflight brings one                 401
      4. the body      a POST route's: no query, JSON, within MAX_CONTENT_LENGTH           400 415 413
                       shed while the lane is behind, before it is read              503 Retry-After
                       read once, within READ_TIMEOUT, in turns with the loop              400 413
      5. the lane      on its thread under the gevent worker, in the order bodies arrived whole
      6. the handler   the route's plain answer, when it declares one and Flask has nothing else
                       to do for it; Flask otherwise: the views, the hooks, every problem above
      |
      the record       the request id echoed; counted and timed by route (service/metrics.py)

Each step reads the environ and the request's ``Record`` (``service/record.py``) and writes the
record: the route, the first refusal, the body. A refusal stops the steps after it; it is answered by
Flask (``_refuse``, the app's first before-request hook, raises it), so that every problem is made
by the one error handler and passes the app's after-request hooks (CORS, compression) as any answer
does. A request whose body is not read (refused, unrouted, or a route that reads none) is answered
with the body unread, which the lane reads past or closes on after the answer (``Lane.unread``).

A route declares that it may be answered without Flask (``answers_without_flask``). The plain
answer is taken only when every Flask hook that would run for the route (the app's and its
blueprints' before-, after- and teardown-request hooks, URL value preprocessors, and request
signals) says what it does to a plain answer (``without_flask``): one that says nothing, such as
any an operator adds, sends the route to Flask, where it runs. Looked at on every request.
"""

from __future__ import annotations

import hmac
import io
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final

from flask import Flask, request, request_finished, request_started, request_tearing_down
from werkzeug.exceptions import HTTPException, MethodNotAllowed
from werkzeug.http import parse_options_header
from werkzeug.routing import Rule
from werkzeug.wrappers import Request

from . import edge, internals
from .errors import ApiError
from .lane import Lane
from .log import REQUEST_ID, request_id_of
from .metrics import Metrics
from .record import RECORD_KEY, Record
from .responses import JSON

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
StartResponse = Callable[..., Any]
Headers = list[tuple[str, str]]
API: Final = "api."  # the endpoints of the /v1 routes (service/views.py's ``api`` blueprint)
MARK: Final = "without_flask"  # a hook's attribute: what it does to a plain answer
PLAIN: Final = "plain_answer"  # a view's attribute: the plain handler it may be answered with


PlainHandler = Callable[[bytes, Callable[[bytes], bool]], Any]  # (body, fits) -> answer's bytes, or Early


def answers_without_flask(handler: PlainHandler) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Declares, on a view, the plain handler that may answer its route: ``handler(body, fits)``
    returns the answer's JSON bytes, or what the view is to answer from (``Record.early``) when it
    cannot, or when ``fits(answer)`` says a hook wants the answer made by Flask (one to compress)."""

    def declare(view: Callable[..., Any]) -> Callable[..., Any]:
        setattr(view, PLAIN, handler)
        return view

    return declare


def without_flask(hook: Callable[..., Any], form: Callable[[Headers, bytes], bool]) -> None:
    """Says what a Flask hook does to a plain JSON answer: ``form(headers, body)`` adds to its
    headers what the hook would and returns True, or returns False when the answer needs Flask."""
    setattr(hook, MARK, form)


def _refuse() -> None:
    """The app's first before-request hook: the chain's refusal, raised for the error handler."""
    refusal = request.environ[RECORD_KEY].refusal
    if refusal is not None:
        raise refusal


without_flask(_refuse, lambda headers, body: True)  # a plain answer is one the chain did not refuse


@dataclass(frozen=True, slots=True)
class Route:
    """What the chain knows of a matched rule: its plain handler, and the hook keys Flask would use."""

    rule: Rule
    plain: PlainHandler | None
    keys: tuple[str | None, ...]  # its blueprints' (innermost first) and None (the app's): Flask's order


class Chain:
    """The app's WSGI entry (``app.wsgi_app``): the steps above, then the handler."""

    def __init__(self, app: Flask, lane: Lane, metrics: Metrics) -> None:
        self.app, self.flask, self.lane, self.metrics = app, app.wsgi_app, lane, metrics
        config = app.config
        self.keys: tuple[bytes, ...] = config["API_KEYS"]
        self.max_body: int = config["MAX_CONTENT_LENGTH"]
        self.plain_on = bool(config.get("FAST_SCORE", True))  # false: every request to Flask (the tests' reference)
        self.routes: dict[int, Route] = {}  # by id(rule): a Rule is not hashable
        self.static: dict[tuple[str, str], Route] = {}  # by (path, method): the rules without arguments
        app.before_request_funcs.setdefault(None, []).insert(0, _refuse)

    # -- 1-4: the head's policies ------------------------------------------------------------------

    def head(self, environ: dict[str, Any], rec: Record) -> Route | None:
        """Steps 1 to 4 as far as the head goes: the first refusal (``rec``), and the route matched."""
        refusal = edge.refusal(environ)
        if refusal is not None:
            rec.refusal = refusal  # before routing: "//v1/score" names no route, though werkzeug would match it
            return None
        route = self.route(environ, rec)
        if route is not None:
            rec.refusal = self.key(environ, rec) or self.body_head(environ, rec)
        return route

    def route(self, environ: dict[str, Any], rec: Record) -> Route | None:
        """The route the request matches (``rec.rule``, ``rec.matched``); for a 405, the rule its path
        names (the metrics count it under that route); Flask answers every unmatched request."""
        if not self.routes:
            self._index()
        route = self.static.get((environ.get("PATH_INFO", ""), environ.get("REQUEST_METHOD", "")))
        if route is None:
            try:
                rule, _ = self.app.url_map.bind_to_environ(environ).match(return_rule=True)
            except MethodNotAllowed as e:
                rec.rule = self._allowing(environ, e)
                return None
            except HTTPException:  # 404, or a redirect to the path with a slash
                return None
            route = self.routes[id(rule)]
        rec.rule, rec.matched = route.rule, True
        return route

    def key(self, environ: dict[str, Any], rec: Record) -> ApiError | None:
        """With ``API_KEYS`` set, a matched ``/v1`` route wants one (a CORS preflight carries none).
        Unmatched paths are not asked: an unknown one is a 404 with or without a key."""
        if not self.keys or rec.rule is None or not rec.rule.endpoint.startswith(API) \
                or environ.get("REQUEST_METHOD") == "OPTIONS" or has_api_key(environ, self.keys):
            return None
        return ApiError(401, "unauthorized", "send a valid API key as 'Authorization: Bearer <key>'",
                        headers={"WWW-Authenticate": 'Bearer realm="mahjong-scorer"'})

    def body_head(self, environ: dict[str, Any], rec: Record) -> ApiError | None:
        """A POST route's body, as its head describes it: the route takes no query parameters, reads
        JSON, and at most ``MAX_CONTENT_LENGTH`` bytes."""
        if environ.get("REQUEST_METHOD") != "POST":
            return None
        if environ.get("QUERY_STRING"):
            req = Request(environ, populate_request=False, shallow=True)  # the query as the views read it (werkzeug)
            if req.args:
                return ApiError(400, "unknown-parameter", f"unknown query parameter {sorted(req.args)[0]!r} "
                                                          f"on {req.path}: it takes no query parameters")
        refusal = media_type_refusal(environ)
        if refusal is None and (rec.length or 0) > self.max_body:
            refusal = ApiError(413, "payload-too-large", f"the body is over the limit of {self.max_body} bytes")
        return refusal

    def refuses_head(self, environ: dict[str, Any]) -> bool:
        """Whether the request is answered with its body unread, by its head alone (the worker asks
        before inviting a body with ``100 Continue``): all but a matched POST the head lets through."""
        rec = Record("")
        rec.length = None if "HTTP_TRANSFER_ENCODING" in environ else _content_length(environ)
        self.head(environ, rec)
        return rec.refusal is not None or not rec.matched or environ.get("REQUEST_METHOD") != "POST"

    # -- the chain ----------------------------------------------------------------------------------

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        rec = environ[RECORD_KEY] = Record(request_id_of(environ))
        chunked = "HTTP_TRANSFER_ENCODING" in environ
        length = rec.length = None if chunked else _content_length(environ)
        route = self.head(environ, rec)
        if route is not None and rec.refusal is None and environ.get("REQUEST_METHOD") == "POST":
            return self.body(environ, start_response, rec, route, length, chunked)
        if chunked or length or (length is None and environ.get("CONTENT_LENGTH")):
            return self.lane.unread(self.handler, environ, start_response, length, chunked)
        return self.handler(environ, start_response)

    def body(self, environ: dict[str, Any], start_response: StartResponse, rec: Record, route: Route,
             length: int | None, chunked: bool) -> Iterable[bytes]:
        """Step 4's rest and 5: shed, or read the body once (``rec.body``) and queue the handler."""
        lane = self.lane
        reserved = self.max_body + 1 if length is None else length
        rec.refusal = lane.shed(reserved)
        if rec.refusal is not None:
            return lane.unread(self.handler, environ, start_response, length, chunked)
        lane.buffered += reserved
        try:
            try:
                body = lane.read(environ["wsgi.input"], reserved, chunked)
            except Exception as e:  # the server's reader refused the framing, or the client stalled or left
                internals.close_after_answer(start_response)  # nothing after it can be framed
                why = "the body did not arrive in time" if isinstance(e, TimeoutError) else \
                    f"the body is malformed ({_name(e)})"
                rec.refusal = ApiError(400, "bad-request", why)
                return self.handler(environ, start_response)
            if len(body) > self.max_body:  # chunked and too long: the rest is never read
                internals.close_after_answer(start_response)
                rec.refusal = ApiError(413, "payload-too-large", f"the body is over the limit of {self.max_body} bytes")
                return self.handler(environ, start_response)
            rec.body = body
            # what Flask reads of it, for whoever asks (the views read ``rec.body``): the same bytes, not a copy
            environ["wsgi.input"] = stream = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            environ.pop("HTTP_TRANSFER_ENCODING", None)
            del body
            try:
                if lane.full():  # bodies read side by side: the queue filled while this one arrived
                    rec.refusal, rec.body = lane.overloaded(), None
                    return self.handler(environ, start_response)
                if self.plain_on and route.plain is not None:
                    return lane.run(self.plain_or_flask, environ, start_response)
                return lane.run(self.handler, environ, start_response)
            finally:
                stream.close()  # frees the body now, whatever still refers to the environ (a traceback, a cycle)
        finally:
            lane.buffered -= reserved

    # -- 6: the handler -----------------------------------------------------------------------------

    def handler(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        """Flask's answer; the request id on it; counted and timed."""
        rec: Record = environ[RECORD_KEY]
        started = time.perf_counter()
        status = ""

        def respond(st: str, headers: Headers, exc_info: Any = None) -> Any:
            nonlocal status
            status = st
            headers.append((REQUEST_ID, rec.id))
            return start_response(st, headers, exc_info)

        try:
            out = self.flask(environ, respond)
        finally:
            rec.body = rec.early = None  # answered: the body is not kept a moment longer by the record
        self.metrics.record(rec.rule, environ.get("REQUEST_METHOD", ""), status, started)
        return out

    def plain_or_flask(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        """The route's plain answer when Flask has nothing else to do for it and the request is the
        usual one (a JSON body as clients send it, of a length the head gave); else Flask's, from
        what the plain handler learnt (``rec.early``)."""
        rec: Record = environ[RECORD_KEY]
        started = time.perf_counter()
        route = self.routes[id(rec.rule)]
        forms = self.plain_forms(route) if rec.length and environ.get("CONTENT_TYPE") == JSON else None
        if forms is None or route.plain is None or rec.body is None:
            return self.handler(environ, start_response)
        headers: Headers = [("Content-Type", JSON)]

        def fits(answer: bytes) -> bool:
            headers.append(("Content-Length", str(len(answer))))
            for form in forms:
                if not form(headers, answer):
                    return False
            return True

        answer = route.plain(rec.body, fits)
        if type(answer) is not bytes:
            rec.early = answer
            return self.handler(environ, start_response)
        rec.body = None
        headers.append((REQUEST_ID, rec.id))
        start_response("200 OK", headers)
        self.metrics.record(rec.rule, "POST", "200", started)
        return [answer]

    def plain_forms(self, route: Route) -> list[Callable[[Headers, bytes], bool]] | None:
        """The plain forms of the after-request hooks Flask would run for the route, in Flask's
        order (its blueprints', then the app's, each last registered first); None when any hook that
        would run for it (before, after, teardown, a URL value preprocessor, a request signal's
        receiver) says nothing of what it does without Flask."""
        app = self.app
        if app.teardown_appcontext_funcs or request_started.receivers or request_finished.receivers \
                or request_tearing_down.receivers:
            return None
        for table in (app.before_request_funcs, app.teardown_request_funcs, app.url_value_preprocessors):
            if table:  # Flask reads these with ``in``: a table no hook was added to stays empty
                for key in route.keys:
                    for hook in table.get(key, ()):
                        if getattr(hook, MARK, None) is None:
                            return None
        forms = []
        after = app.after_request_funcs
        for key in route.keys:
            for hook in reversed(after.get(key, ())):
                form = getattr(hook, MARK, None)
                if form is None:
                    return None
                forms.append(form)
        return forms

    # -- the routes, indexed once (Flask takes no new rule after the first request) ----------------

    def _index(self) -> None:
        app = self.app
        for rule in app.url_map.iter_rules():
            view = app.view_functions.get(rule.endpoint)
            blueprints = rule.endpoint.split(".")[:-1]
            keys = (*(".".join(blueprints[:i]) for i in range(len(blueprints), 0, -1)), None)
            route = self.routes[id(rule)] = Route(rule, getattr(view, PLAIN, None), keys)
            if not rule.arguments and not app.url_map.host_matching:
                for method in rule.methods or ():
                    self.static.setdefault((rule.rule, method), route)

    def _allowing(self, environ: dict[str, Any], e: MethodNotAllowed) -> Rule | None:
        allowed = next(iter(e.valid_methods or ()), None)
        if allowed is None:
            return None
        try:
            rule: Rule
            rule, _ = self.app.url_map.bind_to_environ(environ).match(method=allowed, return_rule=True)
        except HTTPException:
            return None
        return rule


def has_api_key(environ: dict[str, Any], keys: tuple[bytes, ...]) -> bool:
    """Whether the request's ``Authorization`` is ``Bearer`` and one of ``keys``."""
    scheme, _, token = environ.get("HTTP_AUTHORIZATION", "").partition(" ")
    given = token.strip().encode()
    return scheme.lower() == "bearer" and bool(given) and any(hmac.compare_digest(given, k) for k in keys)


def media_type_refusal(environ: dict[str, Any]) -> ApiError | None:
    """The 415 a body earns by its ``Content-Type`` alone: every body the API reads is JSON."""
    sent = environ.get("CONTENT_TYPE")
    if sent == JSON:  # the usual header as sent; any other is parsed
        return None
    mt = parse_options_header(sent)[0].lower()
    if mt == JSON or (mt.startswith("application/") and mt.endswith("+json")):
        return None
    return ApiError(415, "unsupported-media-type", f"send the body as {JSON} (got Content-Type: {sent or 'none'})")


def _content_length(environ: dict[str, Any]) -> int | None:
    """The body's length as the head says it: digits (the server checked them), else None."""
    value = environ.get("CONTENT_LENGTH", "")
    return int(value) if value.isascii() and value.isdigit() else None


def _name(e: BaseException) -> str:
    text = str(e).strip()
    return f"{type(e).__name__}: {text[:120]}" if text else type(e).__name__
