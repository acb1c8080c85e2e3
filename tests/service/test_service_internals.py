"""The private names of gunicorn's and gevent's the serving stack uses are all in one module
(``service/internals.py``), and each is as the module expects in the installed versions: an upgrade
that changes one fails here, naming it (and ``mahjong-scorer serve`` refuses to start, naming it)."""

from __future__ import annotations

import re

import pytest

from service import internals
from testkit import ROOT


@pytest.mark.parametrize("name", internals.NAMES)
def test_each_private_name_is_as_the_service_expects(name: str) -> None:
    why = internals._check(name)
    assert why is None, f"{name}: {why} (service/internals.py relies on it; see its docstring)"


def test_the_server_refuses_to_start_when_one_has_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    import runpy

    from gunicorn.workers import ggevent

    from service.config import ConfigError

    monkeypatch.setattr(ggevent, "Pool", object)
    with pytest.raises(ConfigError, match=re.escape(internals.POOL)):
        runpy.run_module("service.gunicorn_conf")


# what reaching into gunicorn's or gevent's own objects looks like in code: none of it outside internals.py
PRIVATE = re.compile(r"_expected_100_continue|force_close|write_error|ggevent\.Pool|AsyncWorker|timeout_ctx"
                     r"|__self__|handle_request|GeventWorker\.run|gunicorn\.util|gevent\._|\._semaphore|_gunicorn\b")


def test_no_other_module_of_the_service_uses_a_private_name() -> None:
    found = [f"{path.name}:{n}: {line.strip()}"
             for path in sorted((ROOT / "service").glob("*.py")) if path.name != "internals.py"
             for n, line in enumerate(path.read_text().splitlines(), 1)
             if PRIVATE.search(line.split("internals.")[0]) and not line.lstrip().startswith("#")]
    assert found == []
