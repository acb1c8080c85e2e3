"""Which build is under test, and how the build chooses.

The README's test command runs the editable (pure-Python) install; CI also installs the compiled
wheel into a throwaway venv and runs the correctness tests against it with
``SCORER_EXPECT_COMPILED=1`` (see ``.ci/run``), so each run checks it tests the build it means to.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import pytest

import scorer
from testkit import ROOT

EXPECT_COMPILED = os.environ.get("SCORER_EXPECT_COMPILED", "0") == "1"


def _setup_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mcr_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # setup() itself runs only as __main__
    return module


def test_the_build_under_test_is_the_one_expected() -> None:
    assert scorer.COMPILED is EXPECT_COMPILED
    installed = Path(scorer.__file__).resolve()
    if EXPECT_COMPILED:  # the installed wheel, not the checkout's source tree
        assert ROOT not in installed.parents, installed
    else:
        assert installed.parent == ROOT / "scorer", installed


def test_compiled_means_every_listed_module_is_an_extension_module() -> None:
    for path in _setup_module().COMPILED:
        name = path.removesuffix(".py").replace("/", ".")
        file = importlib.import_module(name).__file__ or ""  # imported here: not every run imports each
        assert file.endswith(tuple(EXTENSION_SUFFIXES)) is scorer.COMPILED, (name, file)


@pytest.mark.parametrize(
    ("argv", "env", "compiles"),
    [
        pytest.param(["bdist_wheel"], {"CC": "false"}, False, id="wheel-without-a-compiler"),
        pytest.param(["bdist_wheel"], {"MCR_SCORER_PURE": "1"}, False, id="wheel-forced-pure"),
        pytest.param(["editable_wheel"], {}, False, id="editable"),
        pytest.param(["egg_info"], {}, False, id="metadata-only"),
    ],
)
def test_the_build_falls_back_to_pure_python(
    argv: list[str], env: dict[str, str], compiles: bool, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    setup = _setup_module()
    monkeypatch.setattr(sys, "argv", ["setup.py", *argv])
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert (setup._ext_modules() != []) is compiles
    err = capsys.readouterr().err
    if env.get("CC") == "false":
        assert err.count("\n") == 1 and "pure Python" in err  # one line says why
