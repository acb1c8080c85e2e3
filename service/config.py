"""Settings, read from the environment when the app is created (never at import)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

MIB = 1024 * 1024


class ConfigError(ValueError):
    """A setting from the environment that cannot be used; the message names the variable."""


def env_int(name: str, default: int, env: Mapping[str, str] | None = None, minimum: int | None = None) -> int:
    """The integer in ``env[name]`` (unset or empty: ``default``), or ``ConfigError`` naming ``name``."""
    env = os.environ if env is None else env
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be an integer, got {raw!r}") from None
    if minimum is not None and value < minimum:
        raise ConfigError(f"{name} must be at least {minimum}, got {value}")
    return value


def env_float(name: str, default: float, env: Mapping[str, str] | None = None,
              minimum: float | None = None) -> float:
    """The number in ``env[name]`` (unset or empty: ``default``), or ``ConfigError`` naming ``name``."""
    env = os.environ if env is None else env
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number, got {raw!r}") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise ConfigError(f"{name} must be a finite number, got {raw!r}")
    if minimum is not None and value < minimum:
        raise ConfigError(f"{name} must be at least {minimum:g}, got {value:g}")
    return value


def env_list(name: str, env: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The comma-separated, non-empty items of ``env[name]``."""
    env = os.environ if env is None else env
    return tuple(item.strip() for item in env.get(name, "").split(",") if item.strip())


def from_env(env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``SCORER_API_KEYS`` (comma-separated; unset or empty: no auth), ``MAX_CONTENT_LENGTH``
    (bytes, default 1 MiB), ``LOG_LEVEL`` (default INFO), ``SCORER_CORS_ORIGINS`` (comma-separated
    origins allowed to call the API from a browser, ``*`` for any; unset: no CORS headers); the
    compute lane's bounds (``service/lane.py``): ``GUNICORN_READ_TIMEOUT`` (10 s for a body to
    arrive whole), ``SCORER_MAX_QUEUE_WAIT`` (2 s), ``SCORER_MAX_QUEUED`` (128),
    ``SCORER_RETRY_AFTER`` (1 s), ``SCORER_MAX_BUFFERED`` (bytes of bodies a worker holds while
    they are read or wait to be scored, 32 MiB)."""
    env = os.environ if env is None else env
    return {
        "API_KEYS": tuple(k.encode() for k in env_list("SCORER_API_KEYS", env)),
        "MAX_CONTENT_LENGTH": env_int("MAX_CONTENT_LENGTH", MIB, env, minimum=1),
        "LOG_LEVEL": env.get("LOG_LEVEL", "INFO").upper(),
        "CORS_ORIGINS": env_list("SCORER_CORS_ORIGINS", env),
        "READ_TIMEOUT": env_float("GUNICORN_READ_TIMEOUT", 10.0, env, minimum=0.1),
        "MAX_QUEUE_WAIT": env_float("SCORER_MAX_QUEUE_WAIT", 2.0, env, minimum=0.0),
        "MAX_QUEUED": env_int("SCORER_MAX_QUEUED", 128, env, minimum=1),
        "RETRY_AFTER": env_int("SCORER_RETRY_AFTER", 1, env, minimum=0),
        "MAX_BUFFERED": env_int("SCORER_MAX_BUFFERED", 32 * MIB, env, minimum=1),
    }
