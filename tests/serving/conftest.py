"""Every test here runs the served build (``testkit.serving``: ``mahjong-scorer serve``, gunicorn on
127.0.0.1, seconds to start and more to load, kill or starve) or builds a client from the spec and
type-checks it: all of them are marked ``slow`` here, so that ``pytest -m "not slow"`` is the fast
in-process run, while the README's plain ``pytest`` and CI run them; and ``server`` (they need the
server extra)."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.parent == HERE:
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.server)
