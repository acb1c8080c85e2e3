"""Settings, read from the environment when the app is created (never at import)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

MIB = 1024 * 1024


def from_env(env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``SCORER_API_KEYS`` (comma-separated; unset or empty: no auth), ``MAX_CONTENT_LENGTH``
    (bytes, default 1 MiB), ``LOG_LEVEL`` (default INFO)."""
    env = os.environ if env is None else env
    keys = tuple(k.strip().encode() for k in env.get("SCORER_API_KEYS", "").split(",") if k.strip())
    return {
        "API_KEYS": keys,
        "MAX_CONTENT_LENGTH": int(env.get("MAX_CONTENT_LENGTH") or MIB),
        "LOG_LEVEL": env.get("LOG_LEVEL", "INFO").upper(),
    }
