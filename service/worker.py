"""gunicorn's gevent worker, with the two things a CPU-bound service needs of it.

The worker is gunicorn's own (``gunicorn.workers.ggevent.GeventWorker``): its event loop reads
every connection with gunicorn's parser, so slow and idle clients cost a greenlet each, bounded by
``worker_connections``; the app scores on the compute lane's thread (``service/lane.py``). What
this class adds:

* **a heartbeat that tells the truth**: the loop stays free while the lane computes, so it would go
  on telling the master all is well with the lane stuck in one request for ever. The heartbeat stops
  once the lane's current request has computed for ``HEARTBEAT_GRACE`` seconds, and the master
  replaces the worker ``timeout`` seconds later, as it would a sync worker stuck in a request;
* **fair turns**: a greenlet runs until it blocks, and one whose client sends its next request
  before the last answer's logging is done never blocks: it served its own connection again and
  again while the others waited (wrk, 16 connections on one worker: p50 3 ms but p99 440-480 ms).
  After each request the greenlet yields to the others (p99 41-43 ms, the same CPU a request);
* **a bound on sends**: each send (and read) on a client socket waits ``keepalive`` seconds at
  most, so a client that never takes its response cannot hold a greenlet for ever;
* **fair accept**: gevent's server accepts whenever its loop is free, so a burst of keep-alive
  connections could land nearly all on one worker (40 at once split 3/37) and keep it busy while
  its sibling idled. The workers publish their open connection counts in a small table of shared
  memory (made at import, in the master, inherited by every fork); one that holds more than a
  sibling pauses accepting (``FairPool.full``), at most ``ACCEPT_DEFER_MAX`` seconds at a time, so
  a stuck or vanished sibling cannot leave a connection waiting;
* **a quick drain**: on SIGTERM gunicorn stops accepting and waits up to ``graceful_timeout`` for
  every connection's greenlet, kept-alive idle ones included (they wait ``keepalive`` seconds for a
  next request). Connections not in a request are shut down ``STOP_LINGER`` seconds after the
  signal (time for a request already on its way), so a drain lasts as long as the requests in
  flight, not the longest idle connection.
"""

from __future__ import annotations

import mmap
import socket
import struct
import time
from functools import partial
from typing import Any

import gevent  # type: ignore[import-untyped]
from gevent.pool import Pool  # type: ignore[import-untyped]
from gevent.server import StreamServer  # type: ignore[import-untyped]
from gunicorn.workers.base_async import AsyncWorker  # type: ignore[import-untyped]
from gunicorn.workers.ggevent import GeventWorker  # type: ignore[import-untyped]

HEARTBEAT_GRACE = 1.0  # seconds one request may compute before the heartbeat stops
STOP_LINGER = 1.0  # after SIGTERM, how long idle connections are kept for a request on its way
ACCEPT_PAUSE = 0.005  # a worker that let connections go to a sibling looks again this much later
ACCEPT_DEFER_MAX = 0.05  # ... and accepts anyway once it has deferred this long

# One (pid, open connections) row per worker, in memory the master and its forks share. A worker's row
# is its age (gunicorn's spawn counter) modulo the table size; the master clears it when it exits.
SLOTS = 64
_ROW = struct.Struct("qq")
_table = mmap.mmap(-1, SLOTS * _ROW.size)


def publish(age: int, pid: int, connections: int) -> None:
    _ROW.pack_into(_table, (age % SLOTS) * _ROW.size, pid, connections)


def fewest_elsewhere(pid: int) -> int | None:
    """The fewest open connections any other live worker holds (None: there is no other)."""
    counts = [n for p, n in _ROW.iter_unpack(_table) if p and p != pid]
    return min(counts) if counts else None


def forget(worker: Any) -> None:
    """The master's ``child_exit`` hook: a dead worker's row no longer counts."""
    publish(worker.age, 0, 0)


class FairPool(Pool):  # type: ignore[misc]  # gevent is untyped
    """The connection pool of one listener: full at ``worker_connections``, as gevent's, and also
    while this worker holds more connections than a sibling (gevent's server then stops accepting
    until the worker's loop looks again)."""

    def __init__(self, size: int, worker: Worker) -> None:
        super().__init__(size)
        self.worker = worker

    def full(self) -> bool:
        return bool(super().full()) or self.worker.defers()


class Worker(GeventWorker):  # type: ignore[misc]  # gunicorn is untyped
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.connections: set[socket.socket] = set()  # open client sockets
        self.in_request: set[socket.socket] = set()  # ... of which these are in a request
        self.deferring_since = 0.0  # when this worker began letting connections go to a sibling

    def defers(self) -> bool:
        """Whether a waiting connection should go to a sibling that holds fewer."""
        fewest = fewest_elsewhere(self.pid)
        if fewest is None or len(self.connections) <= fewest:
            self.deferring_since = 0.0
            return False
        now = time.monotonic()
        if not self.deferring_since:
            self.deferring_since = now
        return now - self.deferring_since < ACCEPT_DEFER_MAX

    def run(self) -> None:
        """GeventWorker.run with a fair pool, looking again every ``ACCEPT_PAUSE`` while it defers
        (gevent's server, told it is full, waits for a connection of its own to close)."""
        publish(self.age, self.pid, 0)
        servers = []
        for s in self.sockets:
            s.setblocking(1)
            server = StreamServer(s, handle=partial(self.handle, s), spawn=FairPool(self.worker_connections, self))
            if self.cfg.workers > 1:
                server.max_accept = 1
            server.start()
            servers.append(server)
        beat = 0.0
        while self.alive:
            now = time.monotonic()
            if now - beat >= 1.0:
                self.notify()
                beat = now
            paused = False
            for server in servers:
                if not server.pool.full():
                    server.start_accepting()  # a no-op when it is accepting
                else:
                    paused = True
            gevent.sleep(ACCEPT_PAUSE if paused else 0.1)
        self.drain(servers)

    def drain(self, servers: list[Any]) -> None:
        """As GeventWorker.run ends: stop accepting, let the handlers finish within the graceful
        timeout, then stop them."""
        try:
            for server in servers:
                server.close()
            started = time.monotonic()
            while time.monotonic() - started <= self.cfg.graceful_timeout:
                if all(server.pool.free_count() == server.pool.size for server in servers):
                    return
                self.notify()
                gevent.sleep(0.1)
            self.log.warning("Worker graceful timeout (pid:%s)", self.pid)
            for server in servers:
                server.stop(timeout=1)
        except Exception:
            pass

    def notify(self) -> None:
        lane = getattr(self.wsgi, "extensions", {}).get("lane")
        if lane is None or lane.busy_for() < HEARTBEAT_GRACE:
            super().notify()

    def handle(self, listener: Any, client: socket.socket, addr: Any) -> None:
        # gevent's worker makes the socket blocking with no timeout, so a client that never takes a
        # response would hold its greenlet for as long as TCP keeps trying: each send (and read) may
        # wait ``keepalive`` seconds at most (the wait for a next request is bounded to that already).
        client.settimeout(self.cfg.keepalive + 1)
        self.connections.add(client)
        publish(self.age, self.pid, len(self.connections))
        try:
            AsyncWorker.handle(self, listener, client, addr)  # GeventWorker's own would clear the timeout
        finally:
            self.connections.discard(client)
            publish(self.age, self.pid, len(self.connections))

    def handle_request(self, listener_name: Any, req: Any, sock: socket.socket, addr: Any) -> None:
        self.in_request.add(sock)
        try:
            super().handle_request(listener_name, req, sock, addr)
        finally:
            self.in_request.discard(sock)
        gevent.sleep(0)  # the others' turn: see "fair turns" above

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        gevent.spawn_later(STOP_LINGER, self.close_idle)

    def close_idle(self) -> None:
        """End the connections that wait for a next request: their greenlets read EOF and finish."""
        for sock in list(self.connections - self.in_request):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
