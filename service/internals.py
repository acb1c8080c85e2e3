"""Every name of gunicorn's or gevent's that is not their documented API, and that the service uses:
here and nowhere else, each with a check that fails loudly, naming it, when the installed version
changes it (``problems()``: the server refuses to start, its settings module naming each, and
``tests/service/test_service_internals.py`` fails, naming each).

Everything else the serving stack does is built on documented extension points: gunicorn's
settings and server hooks (``service/gunicorn_conf.py``), its worker class setting and the
``Worker.notify`` heartbeat its base class asks subclasses to keep, a gevent ``Pool`` subclass, WSGI
middleware (``service/lane.py``) and the socket API. What is left needs the server's own objects:

* ``POOL``: the pool class gunicorn's gevent worker makes each listener's connection pool with
  (``GeventWorker.run``: ``Pool(self.worker_connections)``); the worker puts its fair pool there
  (a gevent ``Pool`` subclass, gevent's documented way to bound a server's connections);
* ``HANDLE``: ``GeventWorker.handle(listener, client, addr)``, called on each accepted connection's
  greenlet: the service keeps a record of each connection (its socket, whether a request began);
* ``WRITE_ERROR``: ``gunicorn.util.write_error(sock, status_int, reason, mesg)``, the answer to a
  request gunicorn's parser refused: replaced so that it is a problem+json;
* ``REQUEST_FORCE_CLOSE``: ``Request.force_close()``, so that a ``Connection`` header listing
  ``close`` beside other options closes (gunicorn reads only ``close`` alone);
* ``EXPECT_CONTINUE``: ``Request._expected_100_continue``, so that a body over the limit gets its 413
  without ``100 Continue`` first;
* ``RESPONSE_FORCE_CLOSE``: ``Response.force_close()``, reached as ``start_response.__self__``, so
  that a body the app will not read, or could not (malformed framing, a stall, one that never
  ends), closes the connection after its answer instead of gunicorn reading on into it;
* ``HANDLER_MARK``: the ``_gunicorn`` attribute gunicorn's logger sets on the handlers it makes
  (``Logger._set_handler``), so that ``service/log.py`` gives those, and no one else's, the
  service's JSON lines.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable
from typing import Any

POOL = "gunicorn.workers.ggevent.Pool"
HANDLE = "gunicorn.workers.ggevent.GeventWorker.handle"
WRITE_ERROR = "gunicorn.util.write_error"
REQUEST_FORCE_CLOSE = "gunicorn.http.message.Request.force_close"
EXPECT_CONTINUE = "gunicorn.http.message.Request._expected_100_continue"
RESPONSE_FORCE_CLOSE = "gunicorn.http.wsgi.Response.force_close"
HANDLER_MARK = "gunicorn.glogging.Logger._set_handler"
NAMES = (POOL, HANDLE, WRITE_ERROR, REQUEST_FORCE_CLOSE, EXPECT_CONTINUE, RESPONSE_FORCE_CLOSE, HANDLER_MARK)


def _params(func: Any) -> list[str]:
    return list(inspect.signature(func).parameters)


def _source(func: Any) -> str:
    try:
        return inspect.getsource(func)
    except (OSError, TypeError):
        return ""


def _check(name: str) -> str | None:
    """What is wrong with ``name`` in the installed gunicorn and gevent (None: as this module expects)."""
    from gevent.pool import Pool  # type: ignore[import-untyped]
    from gunicorn import glogging, util  # type: ignore[import-untyped]
    from gunicorn.http import message, wsgi  # type: ignore[import-untyped]
    from gunicorn.workers import base, base_async, ggevent  # type: ignore[import-untyped]

    if name == POOL:
        if getattr(ggevent, "Pool", None) is not Pool:
            return "is no longer gevent.pool.Pool"
        if "Pool(self.worker_connections)" not in _source(ggevent.GeventWorker.run):
            return "GeventWorker.run no longer makes its pools with Pool(self.worker_connections)"
    elif name == HANDLE:
        if _params(ggevent.GeventWorker.handle) != ["self", "listener", "client", "addr"]:
            return f"has the parameters {_params(ggevent.GeventWorker.handle)}, not (self, listener, client, addr)"
        if "partial(self.handle, s)" not in _source(ggevent.GeventWorker.run):
            return "GeventWorker.run no longer serves each connection with self.handle"
    elif name == WRITE_ERROR:
        if _params(getattr(util, "write_error", None) or (lambda: None)) != ["sock", "status_int", "reason", "mesg"]:
            return "is gone or no longer takes (sock, status_int, reason, mesg)"
        if "util.write_error(" not in _source(base.Worker.handle_error):
            return "Worker.handle_error no longer answers with util.write_error"
    elif name == REQUEST_FORCE_CLOSE:
        if _params(getattr(message.Request, "force_close", None) or (lambda a, b: None)) != ["self"]:
            return "is gone or takes arguments"
        if "must_close" not in _source(message.Request.should_close):
            return "Request.should_close no longer reads what force_close sets"
    elif name == EXPECT_CONTINUE:
        if getattr(message.Request, "_expected_100_continue", None) is not False:
            return "is no longer a Request attribute (False by default)"
        if "req._expected_100_continue" not in _source(wsgi.create):
            return "gunicorn.http.wsgi.create no longer reads it to send 100 Continue"
    elif name == RESPONSE_FORCE_CLOSE:
        if _params(getattr(wsgi.Response, "force_close", None) or (lambda a, b: None)) != ["self"]:
            return "is gone or takes arguments"
        if "resp.start_response" not in _source(base_async.AsyncWorker.handle_request):
            return "AsyncWorker.handle_request no longer hands the app resp.start_response"
    elif name == HANDLER_MARK:
        if "h._gunicorn = True" not in _source(getattr(glogging.Logger, "_set_handler", None)):
            return "no longer marks the handlers it makes with h._gunicorn = True"
    return None


def problems() -> list[str]:
    """One line for each private name the installed gunicorn or gevent changed, naming it."""
    return [f"{name}: {why}" for name in NAMES if (why := _check(name)) is not None]


def use_pool(factory: Callable[[int], Any]) -> None:
    """In a worker, before its ``run``: each listener's pool is ``factory(worker_connections)``."""
    from gunicorn.workers import ggevent

    ggevent.Pool = factory


def use_write_error(write: Callable[[Any, int, str, str], None]) -> None:
    """In a worker: gunicorn answers each request its parser refuses with ``write``."""
    from gunicorn import util

    util.write_error = write


def close_after_request(req: Any) -> None:
    """From the ``pre_request`` hook: the connection closes after this request's answer."""
    req.force_close()


def expects_continue(req: Any) -> bool:
    """From the ``pre_request`` hook: whether gunicorn will send ``100 Continue`` before the app runs."""
    return bool(req._expected_100_continue)


def skip_continue(req: Any) -> None:
    """From the ``pre_request`` hook: no ``100 Continue`` for this request."""
    req._expected_100_continue = False


def close_after_answer(start_response: Callable[..., Any]) -> None:
    """From the app: the connection closes after this answer (gunicorn says ``Connection: close``).
    Under another server, nothing."""
    force_close = getattr(getattr(start_response, "__self__", None), "force_close", None)
    if force_close is not None:
        force_close()


def gunicorn_handlers(log: logging.Logger) -> list[logging.Handler]:
    """The handlers of ``log`` that gunicorn's logger made (``HANDLER_MARK``)."""
    return [h for h in log.handlers if getattr(h, "_gunicorn", False)]
