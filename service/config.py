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


def env_list(name: str, env: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The comma-separated, non-empty items of ``env[name]``."""
    env = os.environ if env is None else env
    return tuple(item.strip() for item in env.get(name, "").split(",") if item.strip())


def from_env(env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``SCORER_API_KEYS`` (comma-separated; unset or empty: no auth), ``MAX_CONTENT_LENGTH``
    (bytes, default 1 MiB), ``LOG_LEVEL`` (default INFO), ``SCORER_CORS_ORIGINS`` (comma-separated
    origins allowed to call the API from a browser, ``*`` for any; unset: no CORS headers)."""
    env = os.environ if env is None else env
    return {
        "API_KEYS": tuple(k.encode() for k in env_list("SCORER_API_KEYS", env)),
        "MAX_CONTENT_LENGTH": env_int("MAX_CONTENT_LENGTH", MIB, env, minimum=1),
        "LOG_LEVEL": env.get("LOG_LEVEL", "INFO").upper(),
        "CORS_ORIGINS": env_list("SCORER_CORS_ORIGINS", env),
    }
