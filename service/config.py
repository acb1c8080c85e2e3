"""Settings, read from the environment when the app is created (never at import)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

MIB = 1024 * 1024


def from_env(env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``SCORER_API_KEYS`` (comma-separated; unset or empty: no auth), ``MAX_CONTENT_LENGTH``
    (bytes, default 1 MiB), ``LOG_LEVEL`` (default INFO); the compute lane's bounds
    (``service/lane.py``): ``GUNICORN_READ_TIMEOUT`` (10 s for a body to arrive whole),
    ``SCORER_MAX_QUEUE_WAIT`` (2 s), ``SCORER_MAX_QUEUED``
    (128), ``SCORER_RETRY_AFTER`` (1 s)."""
    env = os.environ if env is None else env
    keys = tuple(k.strip().encode() for k in env.get("SCORER_API_KEYS", "").split(",") if k.strip())
    return {
        "API_KEYS": keys,
        "MAX_CONTENT_LENGTH": int(env.get("MAX_CONTENT_LENGTH") or MIB),
        "LOG_LEVEL": env.get("LOG_LEVEL", "INFO").upper(),
        "READ_TIMEOUT": float(env.get("GUNICORN_READ_TIMEOUT") or 10),
        "MAX_QUEUE_WAIT": float(env.get("SCORER_MAX_QUEUE_WAIT") or 2),
        "MAX_QUEUED": int(env.get("SCORER_MAX_QUEUED") or 128),
        "RETRY_AFTER": int(env.get("SCORER_RETRY_AFTER") or 1),
    }
