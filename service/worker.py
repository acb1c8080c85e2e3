"""A gunicorn worker that reads whole requests before a thread sees them.

gunicorn's ``gthread`` worker hands a connection to a thread as soon as the first bytes arrive and
the thread then reads the rest with blocking calls: a client that trickles its request holds the
thread, and with one thread per CPU-bound worker two such clients stop the service. Here the
worker's main loop does all socket I/O without blocking, for every connection at once:

* it buffers a request until its head and body are complete (``Content-Length`` or chunked), and
  closes a connection whose request is not complete ``read_timeout`` seconds after its first byte;
* only then a thread runs the app, on the buffered bytes (a socket-like object that reads them and
  collects the response), so the threads only ever compute;
* the thread sends the response if the socket takes it at once (it nearly always does); what is
  left the main loop writes, closing a connection that has not taken it within ``write_timeout``
  seconds; an idle connection is closed after ``keepalive`` seconds.

Accepting stays in the main loop, as in ``gthread``, so workers keep taking new connections while
their thread computes. It is fair: the workers publish their open connection counts in a small
shared memory table (made in the master, inherited by every fork), and a worker lets a waiting
connection go to a sibling that holds fewer (for at most ``ACCEPT_DEFER_MAX``). Without this, one
worker could take most of a burst of connections and, with keep-alive, keep them: the other sat idle.

The worker's heartbeat pauses while a request computes for over a second, so the master replaces a
worker stuck in one request ``timeout`` seconds later, as it would a sync worker. Plain HTTP/1.x
only (no TLS, no HTTP/2): put TLS in front. Settings: gunicorn's ``threads``, ``keepalive``,
``worker_connections``, ``timeout``, ``graceful_timeout``; the environment's
``GUNICORN_READ_TIMEOUT`` (10 s), ``GUNICORN_WRITE_TIMEOUT`` (10 s) and ``MAX_CONTENT_LENGTH``
(1 MiB; a longer body is handed on at once, for the app's 413).
"""

from __future__ import annotations

import errno
import mmap
import os
import selectors
import socket
import struct
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from gunicorn import http  # type: ignore[import-untyped]
from gunicorn.workers.gthread import ThreadWorker  # type: ignore[import-untyped]

HEAD_MAX = 64 * 1024  # more than gunicorn's own limits allow; past it the parser's 4xx is the answer
RECV_SIZE = 64 * 1024
STOP_LINGER = 1.0  # a stopping worker keeps idle connections this long, for a request already on its way
CLOSE_LINGER = 2.0  # after the last response, how long unread client bytes are drained (no RST)
SWEEP_EVERY = 0.1  # deadlines are checked this often (and at every wake-up)
CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"
HEARTBEAT_GRACE = 1.0  # a request computing longer than this stops the heartbeat (see heartbeat())
ACCEPT_PAUSE = 0.002  # a worker that lets a connection go to a sibling looks again this much later
ACCEPT_DEFER_MAX = 0.05  # ... but accepts anyway after this long (a sibling that is stuck or gone)

# One (pid, open connections) row per worker, in memory shared by the master and its forks: made at
# import, which is in the master (gunicorn loads the worker class before it forks). A worker's row
# is its age (gunicorn's spawn counter) modulo the table size; the master clears it when it exits.
SLOTS = 64
_ROW = struct.Struct("qq")
_table = mmap.mmap(-1, SLOTS * _ROW.size)


def publish(age: int, pid: int, connections: int) -> None:
    _ROW.pack_into(_table, (age % SLOTS) * _ROW.size, pid, connections)


def siblings_fewest(pid: int) -> int | None:
    """The fewest open connections any other live worker holds (None: no other worker)."""
    counts = [n for p, n in _ROW.iter_unpack(_table) if p and p != pid]
    return min(counts) if counts else None


def forget(worker: Any) -> None:
    """The master's ``child_exit`` hook: a dead worker's row no longer counts."""
    if isinstance(worker, BufferedThreadWorker):
        publish(worker.age, 0, 0)


def env_seconds(name: str, default: float) -> float:
    value = float(os.environ.get(name) or default)
    if value <= 0:
        raise ValueError(f"{name} must be a positive number of seconds, got {value}")
    return value


@dataclass(frozen=True)
class Framing:
    """Where the first request in a buffer ends; ``close``: hand it on as it is and close after."""

    end: int
    close: bool = False
    expects_continue: bool = False


def frame(buf: bytes | bytearray, max_body: int) -> Framing | None:
    """The first complete request in ``buf``, or None while more bytes are needed.

    Only the framing is read here (head end, ``Content-Length``, chunk sizes); everything else,
    and every error, is the HTTP parser's to judge when the thread runs it. A head past
    ``HEAD_MAX``, a malformed length or chunk size, or a body past ``max_body`` is handed on at once
    with ``close`` set: the parser or the app answers it (400, 413) and the connection closes.
    """
    head_end = buf.find(b"\r\n\r\n")
    if head_end < 0:
        return Framing(len(buf), close=True) if len(buf) > HEAD_MAX else None
    if head_end > HEAD_MAX:
        return Framing(len(buf), close=True)
    body_start = head_end + 4
    length: int | None = None
    chunked = expects_continue = False
    for line in bytes(buf[:head_end]).split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        name, value = name.strip().lower(), value.strip().lower()
        if name == b"content-length":
            if not value.isdigit() or (length is not None and int(value) != length):
                return Framing(len(buf), close=True)
            length = int(value)
        elif name == b"transfer-encoding":
            chunked = chunked or b"chunked" in value
        elif name == b"expect":
            expects_continue = value == b"100-continue"
    if chunked:
        return _frame_chunked(buf, body_start, max_body, expects_continue)
    if length is None:
        return Framing(body_start)
    if length > max_body:
        return Framing(len(buf), close=True)
    if len(buf) < body_start + length:
        return Framing(-1, expects_continue=expects_continue)  # -1: the head is complete, the body not
    return Framing(body_start + length)


def _frame_chunked(buf: bytes | bytearray, pos: int, max_body: int, expects_continue: bool) -> Framing | None:
    body = 0
    while True:
        line_end = buf.find(b"\r\n", pos)
        if line_end < 0:
            return Framing(-1, expects_continue=expects_continue) if len(buf) - pos <= 1024 else \
                Framing(len(buf), close=True)
        size_text = bytes(buf[pos:line_end]).split(b";", 1)[0].strip()
        try:
            size = int(size_text, 16)
        except ValueError:
            return Framing(len(buf), close=True)
        if size == 0:  # the last chunk, then trailer fields, then an empty line
            if buf[line_end + 2:line_end + 4] == b"\r\n":
                return Framing(line_end + 4)
            end = buf.find(b"\r\n\r\n", line_end + 2)
            return Framing(end + 4) if end >= 0 else Framing(-1)
        body += size
        if body > max_body:
            return Framing(len(buf), close=True)
        pos = line_end + 2 + size + 2
        if pos > len(buf):
            return Framing(-1, expects_continue=expects_continue)


class BufferedSocket:
    """What the parser and the response see in the thread: the buffered request, and a list the
    response is written to. The real socket stays with the main loop."""

    def __init__(self, data: bytes, continue_sent: bool) -> None:
        self._data = memoryview(data)
        self._pos = 0
        self._continue_sent = continue_sent
        self.out: list[bytes] = []

    def recv(self, size: int) -> bytes:
        chunk = bytes(self._data[self._pos:self._pos + size])
        self._pos += len(chunk)
        return chunk

    def sendall(self, data: bytes) -> None:
        if self._continue_sent and data == CONTINUE:  # the main loop already asked for the body
            return
        self.out.append(bytes(data))

    def send(self, data: bytes) -> int:
        self.sendall(data)
        return len(data)

    def setblocking(self, flag: bool) -> None:
        pass

    def settimeout(self, value: float | None) -> None:
        pass

    def gettimeout(self) -> float | None:
        return None

    def shutdown(self, how: int) -> None:
        pass

    def close(self) -> None:
        pass


@dataclass(eq=False)
class Conn:
    sock: socket.socket
    client: Any
    server: Any
    deadline: float
    state: str = "idle"  # idle -> reading -> busy -> writing -> idle (or closing)
    inbuf: bytearray = field(default_factory=bytearray)
    out: memoryview = field(default_factory=lambda: memoryview(b""))
    keep: bool = True
    continue_sent: bool = False
    busy_since: float = 0.0
    events: int = 0  # what the poller watches for: 0, EVENT_READ or EVENT_WRITE


class BufferedThreadWorker(ThreadWorker):  # type: ignore[misc]
    """``gthread`` with its socket I/O moved into the main loop; see the module docstring."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.read_timeout = env_seconds("GUNICORN_READ_TIMEOUT", 10.0)
        self.write_timeout = env_seconds("GUNICORN_WRITE_TIMEOUT", 10.0)
        self.max_body = int(os.environ.get("MAX_CONTENT_LENGTH") or 1024 * 1024)
        self.conns: dict[int, Conn] = {}
        self.listening = False
        self.accept_paused_until = 0.0
        self.deferring_since: float | None = None
        self.last_notify = 0.0
        self.last_sweep = 0.0

    # --- the loop ---------------------------------------------------------------------------------
    def run(self) -> None:
        self.poller.register(self.method_queue.fileno(), selectors.EVENT_READ,
                             lambda fileobj, mask: self.method_queue.run_callbacks(fileobj))
        for listener in self.sockets:
            listener.setblocking(False)
        self.publish()
        self.set_listening(True)
        stop_at: float | None = None
        while True:
            now = time.monotonic()
            if not self.alive and stop_at is None:
                stop_at = now + self.cfg.graceful_timeout
                self.stop_listening()
            if stop_at is not None and (not self.conns or now > stop_at):
                break
            if stop_at is None:
                self.set_listening(len(self.conns) < self.worker_connections and now >= self.accept_paused_until)
            self.heartbeat(now)
            wait = SWEEP_EVERY if self.listening or stop_at is not None else \
                max(0.0, min(SWEEP_EVERY, self.accept_paused_until - now))
            try:
                for key, mask in self.poller.select(wait):
                    key.data(key.fileobj, mask)
            except OSError as e:
                if e.errno != errno.EINTR:
                    raise
            if time.monotonic() - self.last_sweep >= SWEEP_EVERY:
                self.sweep()
            if not self.is_parent_alive():
                break
        for conn in list(self.conns.values()):
            self.close(conn)
        publish(self.age, 0, 0)
        self.tpool.shutdown(wait=False)
        self.poller.close()
        self.method_queue.close()

    def heartbeat(self, now: float) -> None:
        """Tell the master we live, unless a request has been computing for over a second: then
        the master's clock runs, and a request still computing ``timeout`` seconds later (plus that
        second) gets this worker killed and replaced, as a stuck sync worker would be."""
        if now - self.last_notify < 0.5:
            return
        stuck = any(c.state == "busy" and now - c.busy_since > HEARTBEAT_GRACE for c in self.conns.values())
        if not stuck:
            self.notify()
            self.last_notify = now

    def set_listening(self, on: bool) -> None:
        if on == self.listening:
            return
        for listener in self.sockets:
            if on:
                self.poller.register(listener, selectors.EVENT_READ, self.accept)
            else:
                self.poller.unregister(listener)
        self.listening = on

    def stop_listening(self) -> None:
        """SIGTERM: no new connections from here on; the listener is closed in this process too."""
        self.set_listening(False)
        for listener in self.sockets:
            listener.close()
        now = time.monotonic()
        for conn in self.conns.values():
            if conn.state == "idle":
                conn.deadline = min(conn.deadline, now + STOP_LINGER)

    def watch(self, conn: Conn, events: int) -> None:
        if events == conn.events:
            return
        if conn.events and events:
            self.poller.modify(conn.sock, events, self.on_event)
        elif events:
            self.poller.register(conn.sock, events, self.on_event)
        else:
            self.poller.unregister(conn.sock)
        conn.events = events

    def on_event(self, sock: socket.socket, mask: int) -> None:
        conn = self.conns.get(sock.fileno())
        if conn is None:
            return
        if conn.state == "writing":
            self.write(conn)
        else:
            self.read(conn)

    def publish(self) -> None:
        publish(self.age, self.pid, len(self.conns))

    def my_turn(self, now: float) -> bool:
        """Accept unless a sibling holds fewer connections (and has had ACCEPT_DEFER_MAX to take it)."""
        fewest = siblings_fewest(self.pid)
        if fewest is None or len(self.conns) <= fewest:
            self.deferring_since = None
            return True
        if self.deferring_since is None:
            self.deferring_since = now
        if now - self.deferring_since >= ACCEPT_DEFER_MAX:
            self.deferring_since = None
            return True
        return False

    def accept(self, listener: socket.socket, mask: int) -> None:
        now = time.monotonic()
        if not self.my_turn(now):
            self.accept_paused_until = now + ACCEPT_PAUSE
            self.set_listening(False)
            return
        try:
            sock, client = listener.accept()
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        sock.setblocking(False)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass
        conn = Conn(sock, client, listener.getsockname(), deadline=time.monotonic() + self.cfg.keepalive)
        self.conns[sock.fileno()] = conn
        self.publish()
        self.watch(conn, selectors.EVENT_READ)

    # --- reading ------------------------------------------------------------------------------------
    def read(self, conn: Conn) -> None:
        try:
            data = conn.sock.recv(RECV_SIZE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self.close(conn)
            return
        if conn.state == "closing":
            if not data:
                self.close(conn)
            return
        if not data:
            self.close(conn)
            return
        conn.inbuf += data
        if conn.state == "idle":
            conn.state = "reading"
            conn.deadline = time.monotonic() + self.read_timeout
        self.dispatch(conn)

    def dispatch(self, conn: Conn) -> None:
        """Run the app when the buffer holds a whole request; ask for the body if the client waits."""
        f = frame(conn.inbuf, self.max_body)
        if f is None:
            return
        if f.end < 0:
            if f.expects_continue and not conn.continue_sent:
                conn.continue_sent = True
                self.send_now(conn, CONTINUE)
            return
        request, conn.inbuf = bytes(conn.inbuf[:f.end]), conn.inbuf[f.end:]
        if f.close:
            conn.keep = False
            conn.inbuf = bytearray()
        conn.state, conn.busy_since = "busy", time.monotonic()
        self.watch(conn, 0)  # pipelined bytes wait in the kernel until the response is out
        continue_sent, conn.continue_sent = conn.continue_sent, False
        fut = self.tpool.submit(self.serve, conn, request, continue_sent)
        fut.add_done_callback(lambda fut: self.method_queue.defer(self.served, conn, fut))

    def send_now(self, conn: Conn, data: bytes) -> None:
        try:
            conn.sock.send(data)
        except OSError:
            pass

    # --- computing (in a thread) ------------------------------------------------------------------
    def serve(self, conn: Conn, request: bytes, continue_sent: bool) -> tuple[bytes, bool]:
        """The app on one buffered request: (the response bytes, whether to keep the connection)."""
        fake = BufferedSocket(request, continue_sent)
        req = None
        keep = False
        try:
            parser = http.get_parser(self.cfg, fake, conn.client)
            req = next(parser)
            if req:
                keep = self.handle_request(req, SimpleNamespace(sock=fake, client=conn.client, server=conn.server))
                keep = bool(keep and parser.finish_body())
        except (http.errors.NoMoreData, StopIteration):
            keep = False
        except Exception as e:  # noqa: BLE001 - the parser's 4xx, or a 500: gunicorn writes the error response
            self.handle_error(req, fake, conn.client, e)
            keep = False
        out = b"".join(fake.out)
        # Send from here while this thread holds the GIL: handing the write to the main loop would
        # wait for the next GIL switch (up to 5 ms) once this thread starts on the next request.
        # The socket is non-blocking and the main loop leaves it alone while the request is busy;
        # what does not fit in the socket buffer now, the main loop writes.
        try:
            sent = conn.sock.send(out) if out else 0
        except (BlockingIOError, InterruptedError):
            sent = 0
        except OSError:
            return b"", False
        return out[sent:], keep

    def served(self, conn: Conn, fut: Future[tuple[bytes, bool]]) -> None:
        if self.conns.get(conn.sock.fileno()) is not conn:
            return
        try:
            out, keep = fut.result()
        except Exception:  # noqa: BLE001 - serve() answers its own errors; anything else loses this connection only
            self.close(conn)
            return
        conn.keep = conn.keep and keep and self.alive
        conn.out = memoryview(out)
        conn.state = "writing"
        conn.deadline = time.monotonic() + self.write_timeout
        self.write(conn)

    # --- writing ------------------------------------------------------------------------------------
    def write(self, conn: Conn) -> None:
        while conn.out:
            try:
                n = conn.sock.send(conn.out)
            except (BlockingIOError, InterruptedError):
                self.watch(conn, selectors.EVENT_WRITE)
                return
            except OSError:
                self.close(conn)
                return
            conn.out = conn.out[n:]
        self.after_response(conn)

    def after_response(self, conn: Conn) -> None:
        now = time.monotonic()
        if not conn.keep:
            self.close_gracefully(conn)
            return
        if conn.inbuf:  # a pipelined request already arrived
            conn.state, conn.deadline = "reading", now + self.read_timeout
            self.watch(conn, selectors.EVENT_READ)
            self.dispatch(conn)
            return
        conn.state = "idle"
        conn.deadline = now + (self.cfg.keepalive if self.alive else STOP_LINGER)
        self.watch(conn, selectors.EVENT_READ)

    # --- closing ------------------------------------------------------------------------------------
    def close_gracefully(self, conn: Conn) -> None:
        """FIN first, then drain what the client still sends for a moment: closing with unread
        bytes would send RST, which can destroy the response on its way."""
        try:
            conn.sock.shutdown(socket.SHUT_WR)
        except OSError:
            self.close(conn)
            return
        conn.state, conn.deadline = "closing", time.monotonic() + CLOSE_LINGER
        conn.inbuf = bytearray()
        self.watch(conn, selectors.EVENT_READ)

    def close(self, conn: Conn) -> None:
        fd = conn.sock.fileno()
        if fd >= 0 and self.conns.get(fd) is conn:
            self.watch(conn, 0)
            del self.conns[fd]
            self.publish()
        try:
            conn.sock.close()
        except OSError:
            pass

    def sweep(self) -> None:
        """Close every connection past its deadline (idle, reading, writing or closing; never one
        whose request is computing)."""
        now = self.last_sweep = time.monotonic()
        for conn in [c for c in self.conns.values() if c.state != "busy" and c.deadline <= now]:
            self.close(conn)
