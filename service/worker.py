"""gunicorn's gevent worker, as it comes, with what a CPU-bound service needs beside it: built on its
server hooks (``service/gunicorn_conf.py`` calls the functions here), a gevent pool, the socket API
and the heartbeat contract of gunicorn's worker base class. The few private names of gunicorn's this
needs are in ``service/internals.py``, each checked.

gunicorn's event loop reads every connection with gunicorn's parser, so slow and idle clients cost a
greenlet each, bounded by ``worker_connections``; the app scores on the compute lane's thread
(``service/lane.py``). What is added, and where:

* **a short wait for a first request** (``Connection``, started by ``Worker.handle``): gunicorn
  waits ``keepalive`` seconds for every request's head, the first on a connection included, so
  2,000 connections that sent nothing held both workers' every slot for 75 s. A connection whose
  first request has not begun (the ``pre_request`` hook) ``HEAD_TIMEOUT`` seconds after it opened
  (``GUNICORN_HEAD_TIMEOUT``, 10 s) is shut down: its read ends, and gunicorn closes it. The wait
  for a next request on a kept-alive connection stays gunicorn's ``keepalive``;
* **a bound on sends** (``pre_request``): from its first request on, each send (and read) on the
  connection's socket waits ``keepalive`` + 1 seconds at most, so a client that never takes its
  response cannot hold a greenlet for ever;
* **fair turns** (``post_request``): a greenlet runs until it blocks, and one whose client sends
  its next request before the last answer's logging is done never blocks: it served its own
  connection again and again while the others waited (wrk, 16 connections on one worker: p50 3 ms
  but p99 440-480 ms). After each request the greenlet yields to the others (p99 41-43 ms);
* **fair accept** (``FairPool``, each listener's pool): gevent's server accepts whenever its loop
  is free, so a burst of keep-alive connections could land nearly all on one worker (40 at once
  split 3/37) and keep it busy while its sibling idled. The workers publish their open connection
  counts in a small table of shared memory (``Table``: made at import, in the master, inherited by
  every fork; each worker's row given by the master in the ``pre_fork`` hook and cleared in
  ``child_exit``); a worker that holds more than a sibling reports its pool full, and gevent's
  server stops accepting, for at most ``GUNICORN_ACCEPT_DEFER_MAX`` seconds (0.05) at a time, so
  a stuck or vanished sibling cannot leave a connection waiting (the worker's watch looks again
  every ``ACCEPT_PAUSE``, waking the server as a connection's end would);
* **a lingering close** (``Client.close``): a connection closed after a request began is shut for
  writing, and what the client still sends is read and dropped for ``LINGER`` seconds at most
  before it is closed, giving the loop turns (``service.lane.Turns``), so that a client still sending a
  body the service answered unread (a 413, a 401, a shed 503) reads the answer instead of a reset;
* **the server's own answers as problems** (``write_problem``): a request gunicorn's parser
  refuses (a bad header, a duplicated Content-Length, an unknown transfer coding, a request line
  too long) is answered with a problem+json body and an ``X-Request-ID``, as every answer of the
  app is;
* **the request head's last words** (``pre_request``): a ``Connection`` header that lists
  ``close`` among other options closes the connection after the answer, and an
  ``Expect: 100-continue`` on a request the app refuses by its head (a Content-Length over the
  body limit, a wrong API key, a media type it does not read: the chain's ``refuses_head``) gets
  its refusal at once, without ``100 Continue`` first, and the connection closed;
* **a heartbeat that tells the truth** (``Worker.notify``): the loop stays free while the lane
  computes, so it would go on telling the master all is well with the lane stuck in one request for
  ever. The heartbeat stops once the lane's current request has computed for ``HEARTBEAT_GRACE``
  seconds, and the master replaces the worker ``timeout`` seconds later, as it would a sync worker
  stuck in a request;
* **a quick drain** (the worker's watch): on SIGTERM gunicorn stops accepting and waits up to
  ``graceful_timeout`` for every connection's greenlet, kept-alive idle ones included (they wait
  ``keepalive`` seconds for a next request). Connections not in a request are shut down
  ``STOP_LINGER`` seconds after the signal (time for a request already on its way), so a drain
  lasts as long as the requests in flight, not the longest idle connection.
"""

from __future__ import annotations

import mmap
import os
import socket
import struct
import time
from typing import Any
from urllib.parse import unquote_to_bytes

import gevent  # type: ignore[import-untyped]
from gevent import getcurrent
from gevent import socket as green
from gevent.monkey import get_original  # type: ignore[import-untyped]
from gevent.pool import Pool  # type: ignore[import-untyped]
from gunicorn.workers.ggevent import GeventWorker  # type: ignore[import-untyped]

from service import internals
from service.config import env_float
from service.lane import Turns

HEARTBEAT_GRACE = 1.0  # seconds one request may compute before the heartbeat stops
STOP_LINGER = 1.0  # after SIGTERM, how long idle connections are kept for a request on its way
WATCH = 0.1  # how often the worker's watch looks (the drain, fair accept)
ACCEPT_PAUSE = 0.005  # a worker that lets connections go to a sibling looks again this much later
ACCEPT_DEFER_MAX = 0.05  # ... and accepts anyway once it has deferred this long (GUNICORN_ACCEPT_DEFER_MAX)
# A closing connection's unread input is read and dropped: for LINGER seconds and LINGER_BYTES at
# most, and until the client pauses for LINGER_PAUSE.
LINGER, LINGER_BYTES, LINGER_PAUSE = 2.0, 1024 * 1024, 0.25


def head_timeout() -> float:
    """``GUNICORN_HEAD_TIMEOUT``: seconds for a connection's first request head to arrive (10)."""
    return env_float("GUNICORN_HEAD_TIMEOUT", 10.0, minimum=0.1)


class Table:
    """One (pid, open connections) row per worker, in memory the master and its forks share."""

    ROW = struct.Struct("qq")

    def __init__(self, slots: int = 64) -> None:
        self.slots = slots
        self.memory = mmap.mmap(-1, slots * self.ROW.size)
        self.taken: set[int] = set()  # in the master: the rows its live workers hold

    def claim(self) -> int:
        """In the master, before a fork (the ``pre_fork`` hook): a row no live worker holds."""
        row = next((i for i in range(self.slots) if i not in self.taken), len(self.taken) % self.slots)
        self.taken.add(row)
        self.publish(row, 0, 0)
        return row

    def release(self, row: int) -> None:
        """In the master, as a worker exits (the ``child_exit`` hook): its row no longer counts."""
        self.taken.discard(row)
        self.publish(row, 0, 0)

    def publish(self, row: int, pid: int, connections: int) -> None:
        self.ROW.pack_into(self.memory, row * self.ROW.size, pid, connections)

    def fewest_elsewhere(self, pid: int) -> int | None:
        """The fewest open connections any other live worker holds (None: there is no other)."""
        counts = [n for p, n in self.ROW.iter_unpack(self.memory) if p and p != pid]
        return min(counts) if counts else None


TABLE = Table()
_SystemSocket = get_original("socket", "socket")  # the standard library's, whatever gevent patched


class Client(green.socket):  # type: ignore[misc]  # gevent is untyped
    """A connection's socket (gevent's) whose close lingers once a request has begun on it (see above)."""

    linger = False

    def close(self) -> None:
        if self.linger and self.fileno() != -1:
            self.linger = False
            try:
                self.shutdown(socket.SHUT_WR)
                deadline, left, turns = time.monotonic() + LINGER, LINGER_BYTES, Turns()
                while left > 0 and (wait := deadline - time.monotonic()) > 0:
                    self.settimeout(min(wait, LINGER_PAUSE))
                    got = len(self.recv(65536))
                    if not got:
                        break
                    left -= got
                    turns.take()  # data already there is read without a turn of the loop: give it turns
            except OSError:  # a pause (a timeout), or the client is gone
                pass
        super().close()


class Connection:
    """What the worker knows of one open connection: its socket, whether a request began on it and
    whether one is being answered."""

    def __init__(self, sock: Client, head_timeout: float) -> None:
        self.sock = sock
        self.begun = self.in_request = False
        self.timer = gevent.get_hub().loop.timer(head_timeout)
        self.timer.start(self.head_timed_out)

    def head_timed_out(self) -> None:
        if not self.begun:
            self.shut()

    def begin(self, send_timeout: float) -> None:
        """A request's head has been read (the ``pre_request`` hook)."""
        self.in_request = True
        if not self.begun:
            self.begun = self.sock.linger = True
            self.timer.close()
            self.sock.settimeout(send_timeout)

    def shut(self) -> None:
        """End the connection: the greenlet reading it reads EOF, and gunicorn closes it. (Through the
        system's socket on a copy of the descriptor: gevent's own ``shutdown`` would wake that
        greenlet with an error instead, which gunicorn logs as a socket error.)"""
        try:
            with _SystemSocket(fileno=os.dup(self.sock.fileno())) as sock:
                sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def ended(self) -> None:
        self.timer.close()


class FairPool(Pool):  # type: ignore[misc]  # gevent is untyped
    """A listener's connection pool: full at ``worker_connections``, as gevent's, and also while
    this worker holds more connections than a sibling (gevent's server then stops accepting)."""

    def __init__(self, size: int, worker: Worker) -> None:
        super().__init__(size)
        self.worker = worker
        worker.pools.append(self)

    def full(self) -> bool:
        return bool(super().full()) or self.worker.defers()

    def wake(self) -> None:
        """Let gevent's server look again, as the end of a connection would (a slot comes free)."""
        if not super().full():
            self.spawn(_nothing)


def _nothing() -> None:
    pass


class Worker(GeventWorker):  # type: ignore[misc]  # gunicorn is untyped
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.open: set[Connection] = set()
        self.pools: list[FairPool] = []
        self.row = 0  # this worker's row of the table (set by the master before the fork)
        self.deferring_since = 0.0  # when this worker began letting connections go to a sibling
        self.head_timeout = head_timeout()
        self.accept_defer_max = env_float("GUNICORN_ACCEPT_DEFER_MAX", ACCEPT_DEFER_MAX, minimum=0.0)

    # -- set up in the worker process (the post_worker_init hook), before gunicorn's run loop

    def prepare(self) -> None:
        internals.use_pool(lambda size: FairPool(size, self))
        internals.use_write_error(write_problem)
        TABLE.publish(self.row, self.pid, 0)
        gevent.spawn(self.watch)

    # -- each connection

    def handle(self, listener: Any, client: socket.socket, addr: Any) -> None:
        sock = Client(client.family, client.type, client.proto, fileno=client.detach())
        conn = Connection(sock, self.head_timeout)
        getcurrent().connection = conn
        self.open.add(conn)
        TABLE.publish(self.row, self.pid, len(self.open))
        try:
            super().handle(listener, sock, addr)
        finally:
            conn.ended()
            self.open.discard(conn)
            TABLE.publish(self.row, self.pid, len(self.open))

    def connection(self) -> Connection | None:
        """The connection whose greenlet is running (in a hook or the app on the loop)."""
        conn: Connection | None = getattr(getcurrent(), "connection", None)
        return conn

    # -- fair accept

    def defers(self) -> bool:
        """Whether a waiting connection should go to a sibling that holds fewer."""
        fewest = TABLE.fewest_elsewhere(self.pid)
        if not self.alive or fewest is None or len(self.open) <= fewest:
            self.deferring_since = 0.0
            return False
        now = time.monotonic()
        if not self.deferring_since:
            self.deferring_since = now
        return now - self.deferring_since < self.accept_defer_max

    # -- the worker's watch: fair accept's next look, and the quick drain

    def watch(self) -> None:
        while self.alive:
            if self.deferring_since:
                for pool in self.pools:
                    pool.wake()
                gevent.sleep(ACCEPT_PAUSE)
            else:
                gevent.sleep(WATCH)
        gevent.sleep(STOP_LINGER)
        for conn in list(self.open):
            if not conn.in_request:
                conn.shut()

    # -- the heartbeat (gunicorn's base worker: "the master process will murder your workers" if it stops)

    def notify(self) -> None:
        lane = getattr(self.wsgi, "extensions", {}).get("lane")
        if lane is None or lane.busy_for() < HEARTBEAT_GRACE:
            super().notify()


PROBLEM_CODES = {400: "bad-request", 403: "forbidden", 414: "uri-too-long", 417: "expectation-failed",
                 431: "header-fields-too-large", 500: "internal-error", 501: "not-implemented"}


def write_problem(sock: socket.socket, status: int, reason: str, mesg: str) -> None:
    """gunicorn's answer to a request its parser refused, as a problem (``internals.WRITE_ERROR``)."""
    from http import HTTPStatus

    from scorer.wire import jsonbody
    from scorer.wire.problems import problem

    from .log import REQUEST_ID, new_request_id

    detail = mesg or HTTPStatus(status).phrase
    body = jsonbody.dumps(problem(status, PROBLEM_CODES.get(status, "bad-request"), detail))
    head = (f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\nConnection: close\r\n"
            f"Content-Type: application/problem+json\r\nContent-Length: {len(body)}\r\n"
            f"{REQUEST_ID}: {new_request_id()}\r\n\r\n")
    sock.sendall(head.encode("latin-1") + body)


# -- gunicorn's server hooks (service/gunicorn_conf.py)

def pre_fork(worker: Any) -> None:
    """In the master, before the fork: the worker's row of the table."""
    if isinstance(worker, Worker):
        worker.row = TABLE.claim()


def post_worker_init(worker: Any) -> None:
    if isinstance(worker, Worker):
        worker.prepare()


def pre_request(worker: Any, req: Any) -> None:
    """Before the request's environ is made: its connection's first request has begun, and see "the
    request head's last words" above."""
    conn = worker.connection() if isinstance(worker, Worker) else None
    if conn is not None:
        conn.begin(worker.cfg.keepalive + 1)
    for name, value in req.headers:
        if name == "CONNECTION" and "close" in (t.strip(" \t").lower() for t in value.split(",")):
            internals.close_after_request(req)  # gunicorn reads only "close" alone
    # gunicorn writes "100 Continue" as it makes the environ when the request asked for it: not for a
    # body the app will not read (over the limit, a wrong API key, a media type it refuses)
    if internals.expects_continue(req):
        chain = getattr(worker.wsgi, "extensions", {}).get("chain")
        if chain is not None and chain.refuses_head(head_environ(req)):
            internals.skip_continue(req)
            internals.close_after_request(req)


def head_environ(req: Any) -> dict[str, Any]:
    """The WSGI environ's keys that a request's head gives (PEP 3333), before gunicorn makes the
    environ itself (``pre_request`` runs first): what the app's refusal by the head reads."""
    environ: dict[str, Any] = {
        "REQUEST_METHOD": req.method, "QUERY_STRING": req.query or "",
        "PATH_INFO": unquote_to_bytes(req.path or "").decode("latin-1"), "SCRIPT_NAME": "",
        "SERVER_PROTOCOL": "HTTP/{}.{}".format(*req.version),
        # what matching the route reads beside the path (werkzeug's Map.bind_to_environ)
        "wsgi.url_scheme": req.scheme, "SERVER_NAME": "localhost", "SERVER_PORT": "80",
    }
    for name, value in req.headers:
        key = name.replace("-", "_")
        if key not in ("CONTENT_TYPE", "CONTENT_LENGTH"):
            key = "HTTP_" + key
        environ[key] = f"{environ[key]},{value}" if key in environ else value
    return environ


def post_request(worker: Any) -> None:
    """After the answer: the others' turn (see "fair turns" above)."""
    conn = worker.connection() if isinstance(worker, Worker) else None
    if conn is not None:
        conn.in_request = False
    gevent.sleep(0)


def child_exit(worker: Any) -> None:
    """In the master, as a worker exits: its row no longer counts."""
    if isinstance(worker, Worker):
        TABLE.release(worker.row)
