"""The browser tests drive a real headless Chromium (about eleven minutes for ``test_browser.py``):
every test in that file is marked ``slow`` here, so that ``pytest -m "not slow"`` leaves them out
while the README's plain ``pytest`` and CI run them. ``test_pages.py`` (HTTP only) stays fast. Every
test here is marked ``server`` (the pages are the service's: the server extra)."""

from __future__ import annotations

from pathlib import Path

import pytest

BROWSER_TESTS = Path(__file__).resolve().parent / "test_browser.py"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.parent == BROWSER_TESTS.parent:
            item.add_marker(pytest.mark.server)
        if item.path == BROWSER_TESTS:
            item.add_marker(pytest.mark.slow)
