"""Every test here is the HTTP service's, in-process: marked ``server`` (it needs the server extra),
so that ``pytest -m "not server"`` leaves the folder to an install of the whole suite."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.parent == HERE:
            item.add_marker(pytest.mark.server)
