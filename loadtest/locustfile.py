"""The mixed load scenario for locust. Run it through ``python -m loadtest.run_load`` (which starts
gunicorn, checks the thresholds and stops everything), or by hand against a running service:

    locust -f loadtest/locustfile.py --headless -H http://127.0.0.1:8000 -u 8 -r 8 -t 20s

The mix (task weights): score 80, batch 10, fans 5, malformed 5. Hands come from ``seeds/`` and
``testkit.hands.load`` (MCR_LOCUST_HANDS distinct bodies, default 2000, so the result cache cannot fake
the figure). A malformed request succeeds when it gets its documented 4xx as problem+json; every
other response succeeds only as a 200 with the expected shape. Anything else is a failure.

Environment: MCR_LOCUST_RATE (requests/s per user, fixed: locust's ``constant_throughput``; unset or
0: as fast as possible), MCR_LOCUST_HANDS, MCR_LOCUST_SEED, MCR_LOCUST_STATUS_OUT (a JSON file that
receives the count of every (request name, status) at the end: the run script reads it).
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from locust import FastHttpUser, constant, constant_throughput, events, task

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from testkit.hands.load import CODES, request_pool  # noqa: E402

JSON_HEADERS = {"Content-Type": "application/json", "Accept": "application/json"}
PROBLEM = "application/problem+json"
BATCH_SIZE = 10

_BODIES: list[dict[str, Any]] = request_pool(int(os.environ.get("MCR_LOCUST_HANDS", "2000")),
                                              int(os.environ.get("MCR_LOCUST_SEED", "1")))
_ENCODED: list[bytes] = [json.dumps(b, separators=(",", ":")).encode() for b in _BODIES]
_OBJECT_BODIES = [b for b in _BODIES if isinstance(b["hand"], dict) and isinstance(b["hand"]["concealed"], list)]
STATUS: Counter[tuple[str, int]] = Counter()


# --- malformed requests: (name, expected status, content type, body) ----------------------------
def _bad_json(rng: random.Random) -> tuple[str, bytes]:
    body = rng.choice(_ENCODED)
    return "application/json", body[: rng.randint(1, len(body) - 1)]  # cut short: never valid JSON


def _wrong_content_type(rng: random.Random) -> tuple[str, bytes]:
    return rng.choice(["text/plain", "application/x-www-form-urlencoded", "application/xml"]), rng.choice(_ENCODED)


def _unknown_tile(rng: random.Random) -> tuple[str, bytes]:
    body = json.loads(json.dumps(rng.choice(_OBJECT_BODIES)))
    tiles = body["hand"]["concealed"]
    tiles[rng.randrange(len(tiles))] = rng.choice(["0m", "10p", "X", "5z", "Z", "1M"])
    return "application/json", json.dumps(body).encode()


def _fifth_copy(rng: random.Random) -> tuple[str, bytes]:
    t = rng.randrange(34)
    others = [i for i in range(34) if i != t]
    rng.shuffle(others)
    concealed = [CODES[t]] * 4 + [CODES[i] for i in others[:9]]  # 13 standing tiles, then a fifth t
    return "application/json", json.dumps({"hand": {"concealed": concealed, "winning_tile": CODES[t]}}).encode()


def _contradictory_context(rng: random.Random) -> tuple[str, bytes]:
    body = dict(rng.choice(_BODIES))
    body["context"] = rng.choice([
        {"self_drawn": True, "seat_wind": "E", "discarder": "S"},  # a self-drawn win has no discarder
        {"self_drawn": True, "robbing_kong": True},  # robbing a kong is a discard win
        {"self_drawn": False, "seat_wind": "W", "discarder": "W"},  # the winner discarded to himself
        {"self_drawn": False, "kong_replacement": True},  # a replacement tile is self-drawn
    ])
    return "application/json", json.dumps(body).encode()


MALFORMED = [
    ("bad_json", 400, _bad_json),
    ("wrong_content_type", 415, _wrong_content_type),
    ("unknown_tile", 422, _unknown_tile),
    ("fifth_copy", 422, _fifth_copy),
    ("contradictory_context", 422, _contradictory_context),
]


def _rate_wait() -> Any:
    rate = float(os.environ.get("MCR_LOCUST_RATE") or 0)
    return constant_throughput(rate) if rate > 0 else constant(0)


class ScorerUser(FastHttpUser):
    wait_time = _rate_wait()

    def on_start(self) -> None:
        self.rng = random.Random()

    def _expect(self, resp: Any, ok: bool, why: str) -> None:
        if resp.status_code >= 500:
            resp.failure(f"5xx: status {resp.status_code}")
        elif ok:
            resp.success()
        else:
            resp.failure(f"unexpected: status {resp.status_code}, {why}")

    @task(80)
    def score(self) -> None:
        with self.client.post("/v1/score", data=self.rng.choice(_ENCODED), headers=JSON_HEADERS,
                              catch_response=True, name="/v1/score") as resp:
            self._expect(resp, resp.status_code == 200 and b'"winning":' in (resp.content or b""),
                         "want 200 with a result")

    @task(10)
    def batch(self) -> None:
        items = self.rng.sample(_ENCODED, BATCH_SIZE)
        body = b'{"requests":[' + b",".join(items) + b"]}"
        with self.client.post("/v1/score/batch", data=body, headers=JSON_HEADERS,
                              catch_response=True, name="/v1/score/batch") as resp:
            got = (resp.content or b"").count(b'"winning":')
            self._expect(resp, resp.status_code == 200 and got == BATCH_SIZE,
                         f"want 200 with {BATCH_SIZE} results, got {got}")

    @task(5)
    def fans(self) -> None:
        with self.client.get("/v1/fans", catch_response=True, name="/v1/fans") as resp:
            self._expect(resp, resp.status_code == 200 and b'"fans":' in (resp.content or b""),
                         "want 200 with the fan table")

    @task(5)
    def malformed(self) -> None:
        kind, status, make = self.rng.choice(MALFORMED)
        content_type, body = make(self.rng)
        with self.client.post("/v1/score", data=body, headers={"Content-Type": content_type},
                              catch_response=True, name=f"/v1/score [{kind}]") as resp:
            ctype = resp.headers.get("Content-Type", "") if resp.headers else ""
            self._expect(resp, resp.status_code == status and ctype.startswith(PROBLEM),
                         f"want {status} {PROBLEM}, got {ctype or 'no content type'}")


@events.request.add_listener
def _count_status(name: str, response: Any = None, exception: Any = None, **_: Any) -> None:
    code = getattr(response, "status_code", None) or 0
    STATUS[(name, int(code))] += 1


@events.quitting.add_listener
def _write_status(**_: Any) -> None:
    path = os.environ.get("MCR_LOCUST_STATUS_OUT")
    if path:
        rows = [{"name": n, "status": s, "count": c} for (n, s), c in sorted(STATUS.items())]
        Path(path).write_text(json.dumps(rows, indent=1), encoding="utf-8")
