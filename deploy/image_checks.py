"""The checks deploy/ci_image.sh runs against the image's container (standard library only).

    python3 deploy/image_checks.py --docker /usr/bin/docker --host unix:///.../docker.sock \\
        --container ID --port 18731 --image mahjong-scorer:0.2.0

The container runs on the host network bound to 127.0.0.1:PORT. Checked, in order: it runs as a
non-root user on a read-only root filesystem; /readyz says ready and ``compiled: true``; Docker's
HEALTHCHECK (the Dockerfile's own) turns healthy; every script, style sheet, image and font that
``/`` and ``/docs`` name arrives whole (its Content-Length is the bytes received, never 0); a score
is answered; SIGTERM drains (a request in flight when it arrives is answered, then the container
exits 0). Every wait is bounded; the script exits non-zero on the first failure.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from html.parser import HTMLParser
from urllib.parse import urljoin, urlparse

SCORE = {"hand": "[222m1][444m2][666m3]88mWW8m", "context": {"discarder": "S"}}
SCORE_PAYOUTS = {"E": 36, "S": -20, "W": -8, "N": -8}


def distinct_hands(n: int) -> list[dict[str, object]]:
    """n different winning hands (three melded pungs, a pung and a pair concealed), each explained:
    none is in the server's caches, so a batch of them takes a while to score."""
    hands: list[dict[str, object]] = []
    for suit in "mps":
        for honor in "ESWNCFP":
            for a, b, c, d in itertools.permutations(range(1, 10), 4):
                if a < b < c:
                    melds = f"[{a}{a}{a}{suit}1][{b}{b}{b}{suit}2][{c}{c}{c}{suit}3]"
                    hand = f"{melds}{d}{d}{suit}{honor}{honor}{d}{suit}"
                    hands.append({"hand": hand, "context": {"discarder": "S"}, "explain": True})
                    if len(hands) == n:
                        return hands
    return hands


def say(msg: str) -> None:
    print(f"  ok  {msg}", flush=True)


def fail(msg: str) -> None:
    raise SystemExit(f"image check failed: {msg}")


class Docker:
    def __init__(self, cli: str, host: str) -> None:
        self.base = [cli, "-H", host]

    def __call__(self, *args: str, timeout: float = 60, check: bool = True) -> str:
        r = subprocess.run([*self.base, *args], capture_output=True, text=True, timeout=timeout)
        if check and r.returncode:
            fail(f"docker {' '.join(args)}: exit {r.returncode}: {r.stderr.strip()}")
        return r.stdout.strip()

    def inspect(self, container: str) -> dict:
        return json.loads(self("inspect", container))[0]


def request(port: int, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None, timeout: float = 30) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


class Assets(HTMLParser):
    """The same-origin URLs a page loads: scripts, style sheets, icons, images, preloaded fonts."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        url = a.get("src") if tag in ("script", "img") else a.get("href") if tag == "link" else None
        if url:
            self.urls.append(url)


def page_assets(port: int, page: str) -> list[str]:
    status, headers, body = request(port, "GET", page)
    if status != 200 or not headers.get("content-type", "").startswith("text/html"):
        fail(f"GET {page}: {status} {headers.get('content-type')}")
    parser = Assets()
    parser.feed(body.decode())
    urls = []
    for url in parser.urls:
        absolute = urlparse(urljoin(f"http://127.0.0.1:{port}{page}", url))
        if absolute.netloc == f"127.0.0.1:{port}":
            urls.append(absolute.path + (f"?{absolute.query}" if absolute.query else ""))
    return urls


def css_urls(path: str, css: bytes) -> list[str]:
    """The url(...) a style sheet loads (fonts, images), resolved against the sheet."""
    found = re.findall(rb"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)", css)
    return [urlparse(urljoin(path, u.decode())).path for u in found if not u.startswith(b"data:")]


def check_assets(port: int) -> None:
    todo = [u for page in ("/", "/docs") for u in page_assets(port, page)]
    if not todo:
        fail("/ and /docs name no assets")
    seen: set[str] = set()
    while todo:
        path = todo.pop(0)
        if path in seen:
            continue
        seen.add(path)
        try:
            status, headers, body = request(port, "GET", path, headers={"Accept-Encoding": "identity"})
        except http.client.IncompleteRead as e:
            fail(f"GET {path}: {len(e.partial)} bytes received, {e.expected} more announced and never sent")
        length = headers.get("content-length")
        if status != 200:
            fail(f"GET {path}: {status}")
        if length is None or int(length) != len(body) or not body:
            fail(f"GET {path}: Content-Length {length}, {len(body)} bytes received")
        if path.endswith(".css"):
            todo += css_urls(path, body)
    say(f"{len(seen)} assets named by / and /docs arrive whole (Content-Length = bytes received)")


def check_cpu_limit(docker: Docker, image: str, port: int) -> None:
    """With ``--cpus=1`` and no WEB_CONCURRENCY the server starts one worker (the cgroup's CPU
    quota, v1 or v2, caps the CPUs it counts)."""
    cid = docker("run", "-d", "--network=host", "--read-only", "--tmpfs", "/tmp", "--cap-drop=ALL", "--cpus=1",
                 "-e", "HOST=127.0.0.1", "-e", f"PORT={port}", image)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if request(port, "GET", "/readyz", timeout=2)[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or not docker.inspect(cid)["State"]["Running"]:
                fail(f"--cpus=1: not ready within 60 s: {docker('logs', cid, check=False)[-2000:]}")
            time.sleep(0.1)
        time.sleep(1)  # every worker the master meant to start has booted by now
        booted = [ln for ln in docker("logs", cid).splitlines() if "Booting worker" in ln]
        if len(booted) != 1:
            fail(f"--cpus=1 started {len(booted)} workers")
    finally:
        docker("rm", "-f", cid, timeout=60, check=False)
    say("--cpus=1 (no WEB_CONCURRENCY): one worker")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--docker", required=True)
    ap.add_argument("--host", required=True)
    ap.add_argument("--container", required=True)
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--image", required=True)
    args = ap.parse_args()
    docker, cid, port = Docker(args.docker, args.host), args.container, args.port
    started = time.monotonic()

    # ready: /readyz answers 200 with the compiled scorer
    deadline = started + 60
    while True:
        state = docker.inspect(cid)["State"]
        if not state["Running"]:
            print(docker("logs", cid, check=False), file=sys.stderr)
            fail(f"the container exited ({state['ExitCode']}) before it was ready")
        try:
            status, _, body = request(port, "GET", "/readyz", timeout=2)
            if status == 200:
                break
        except OSError:
            pass
        if time.monotonic() > deadline:
            fail("not ready within 60 s")
        time.sleep(0.1)
    ready = json.loads(body)
    if ready != {"status": "ready", "compiled": True}:
        fail(f"/readyz: {ready}")
    say(f"ready in {time.monotonic() - started:.2f} s (from docker run's return), /readyz {ready}")

    # non-root, read-only root filesystem
    info = docker.inspect(cid)
    uid = docker("exec", cid, "id", "-u")
    if uid in ("", "0") or info["Config"]["User"].split(":")[0] in ("", "0", "root"):
        fail(f"runs as uid {uid!r} (image USER {info['Config']['User']!r})")
    pid1_uid = docker("exec", cid, "sh", "-c", "awk '/^Uid:/ {print $2}' /proc/1/status")
    if pid1_uid != uid:
        fail(f"PID 1 runs as uid {pid1_uid}, not {uid}")
    if not info["HostConfig"]["ReadonlyRootfs"]:
        fail("the root filesystem is writable")
    probe = subprocess.run([*docker.base, "exec", cid, "sh", "-c", "touch /opt/venv/written || touch /app/written"],
                           capture_output=True, text=True, timeout=30)
    if probe.returncode == 0 or "Read-only file system" not in probe.stderr:
        fail(f"writing to the root filesystem: exit {probe.returncode} {probe.stderr.strip()!r}")
    say(f"runs as uid {uid} (PID 1 too), root filesystem read-only ({probe.stderr.strip().splitlines()[-1]})")

    # the pages' assets, whole
    check_assets(port)

    # a score
    status, headers, body = request(port, "POST", "/v1/score", json.dumps(SCORE).encode(),
                                    {"Content-Type": "application/json"})
    if status != 200 or json.loads(body).get("payouts") != SCORE_PAYOUTS:
        fail(f"POST /v1/score: {status} {body[:200]!r}")
    say(f"POST /v1/score answered: payouts {SCORE_PAYOUTS}")

    # Docker's HEALTHCHECK, as the Dockerfile says it (its first probe runs one interval after start)
    hc = info["Config"].get("Healthcheck") or fail("the image has no HEALTHCHECK")
    deadline = time.monotonic() + 90
    while (health := docker.inspect(cid)["State"]["Health"])["Status"] != "healthy":
        if health["Status"] == "unhealthy" or time.monotonic() > deadline:
            fail(f"HEALTHCHECK {health['Status']}: {health.get('Log')}")
        time.sleep(0.5)
    say(f"HEALTHCHECK {hc['Test']} healthy ({health['Log'][-1]['ExitCode']}), "
        f"{time.monotonic() - started:.1f} s after start")

    # SIGTERM drains: a batch in flight when SIGTERM arrives is answered, then the container exits 0.
    # The batch is sent whole before SIGTERM and is still being computed when the signal arrives
    # (its answer comes after the signal was sent), or the check says it proved nothing.
    batch = json.dumps({"requests": distinct_hands(1000)}).encode()
    head = (f"POST /v1/score/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(batch)}\r\nConnection: close\r\n\r\n").encode()
    answer: dict[str, object] = {}
    sent = threading.Event()

    def in_flight() -> None:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
                s.sendall(head + batch)
                sent.set()
                r = http.client.HTTPResponse(s)
                r.begin()
                raw = r.read()
                answer["at"] = time.monotonic()
                answer["status"] = r.status
                answer["results"] = len(json.loads(raw).get("results", []))
        except Exception as e:  # reported below
            answer["error"] = repr(e)
        finally:
            sent.set()

    host_pid = int(docker.inspect(cid)["State"]["Pid"])  # the container's PID 1 as this host sees it
    t = threading.Thread(target=in_flight)
    t.start()
    sent.wait(30)
    t_term = time.monotonic()
    os.kill(host_pid, signal.SIGTERM)  # by its PID, at once (docker kill's round trip would take ~0.1 s)
    t_delivered = time.monotonic()
    exit_code = docker("wait", cid, timeout=60)
    stopped = time.monotonic() - t_term
    t.join(60)
    if answer.get("status") != 200 or answer.get("results") != 1000:
        fail(f"the request in flight at SIGTERM: {answer}")
    if not float(answer["at"]) > t_delivered:  # type: ignore[arg-type]
        fail(f"the batch was answered {t_delivered - float(answer['at']):.3f} s before SIGTERM was delivered: "  # type: ignore[arg-type]
             "make it slower, this proved nothing")
    if exit_code != "0":
        fail(f"exit code {exit_code} after SIGTERM")
    logs = docker("logs", cid)
    if "Shutting down" not in logs:
        fail("no 'Shutting down' in the logs")
    say(f"SIGTERM drained: the batch in flight answered 200 ({answer['results']} results) "
        f"{float(answer['at']) - t_delivered:.2f} s after SIGTERM was delivered; exit 0 {stopped:.2f} s after SIGTERM")  # type: ignore[arg-type]
    check_cpu_limit(docker, args.image, port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
