"""Which build is under test, and how the build chooses.

The README's test command runs the editable (pure-Python) install; CI also installs the compiled
wheel into a throwaway venv and runs the correctness tests against it with
``SCORER_EXPECT_COMPILED=1`` (see ``.ci/run``), so each run checks it tests the build it means to.
"""

from __future__ import annotations

import ast
import importlib.util
import inspect
import os
import pydoc
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


def _public() -> list[tuple[str, object]]:
    """Each function and class the package exports (``scorer.__all__`` and each book's namespace)."""
    namespaces = [scorer, *(getattr(scorer, name) for name in scorer.RULESETS)]
    return [(f"{ns.__name__}.{name}", getattr(ns, name)) for ns in namespaces for name in ns.__all__
            if callable(getattr(ns, name)) and getattr(getattr(ns, name), "__module__", "").startswith("scorer")]


def _source_doc(obj: object) -> str | None:
    """The docstring the checkout's source gives ``obj`` (a module-level function or class)."""
    module = obj.__module__.split(".")  # type: ignore[attr-defined]
    path = ROOT.joinpath(*module).with_suffix(".py")
    if not path.exists():
        path = ROOT.joinpath(*module, "__init__.py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = obj.__qualname__  # type: ignore[attr-defined]
    node = next(n for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef) and n.name == name)
    return ast.get_docstring(node)


@pytest.mark.parametrize(("name", "obj"), [pytest.param(n, o, id=n) for n, o in _public()])
def test_every_public_function_and_class_keeps_its_docstring(name: str, obj: object) -> None:
    """mypyc keeps only a signature; the compiled build must document itself as the pure one does."""
    doc = _source_doc(obj)
    if doc is not None:
        assert inspect.getdoc(obj) == doc, name


@pytest.mark.parametrize("name", ["score", "analyze"])
def test_help_on_the_entry_points_shows_their_docstring_and_parameters(name: str) -> None:
    fn = getattr(scorer, name)
    text = pydoc.render_doc(fn, renderer=pydoc.plaintext)
    first = (_source_doc(fn) or "").splitlines()[0]
    assert first and first in text
    assert list(inspect.signature(fn).parameters)[:2] == ["hand", "context"]
    assert "ruleset" in inspect.signature(fn).parameters


def test_the_compiled_entry_points_are_the_compiled_functions() -> None:
    """The documented names call the compiled code itself: a wrapper around it, never a second copy."""
    fn = inspect.unwrap(scorer.score)
    assert (type(fn).__name__ == "builtin_function_or_method") is scorer.COMPILED
    assert scorer.score("[222m1][444m2][666m3]88mWW8m", discarder="S").points == 12


def test_a_compiled_function_gets_a_documented_wrapper_and_a_class_its_docstring() -> None:
    """What ``scorer._docs`` does to the compiled build, on a builtin and a class of the pure one."""
    from scorer import _docs

    class Thing:
        pass

    Thing.__module__, Thing.__qualname__ = "somewhere", "Thing"
    namespace = ModuleType("somewhere")
    namespace.len, namespace.Thing, namespace.__all__ = len, Thing, ["len", "Thing"]  # type: ignore[attr-defined]
    table = {"docs": {"builtins:len": "How long.", "somewhere:Thing": "A thing."},
             "parameters": {"builtins:len": "obj: Sized, /"}}
    _docs.restore([namespace], table)
    documented = namespace.len  # type: ignore[attr-defined]
    assert documented is not len and inspect.unwrap(documented) is len and documented([1, 2]) == 2
    assert inspect.getdoc(documented) == "How long." and str(inspect.signature(documented)) == "(obj: 'Sized', /)"
    assert inspect.getdoc(Thing) == "A thing."
