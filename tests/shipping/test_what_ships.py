"""What the tests lean on stays out of what ships: the wheel's packages are ``scorer`` and ``service``
only (``testkit``, ``tests`` and ``loadtest`` are found by nothing in pyproject's package discovery),
and neither package imports the support code or the reference calculator, the tests' oracle. And
the tests stand on their support package: no test module imports another."""

from __future__ import annotations

import ast
import tomllib

import pytest
from setuptools import find_packages

from testkit import ROOT

SHIPPED = ("scorer", "service")
TEST_ONLY = {"testkit", "tests", "loadtest", "bench", "MahjongGB"}


def test_package_discovery_finds_only_the_shipped_packages() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    find = pyproject["tool"]["setuptools"]["packages"]["find"]
    packages = find_packages(str(ROOT), include=find["include"], exclude=find.get("exclude", ()))
    assert {p.split(".")[0] for p in packages} == set(SHIPPED)
    assert "testkit" in find_packages(str(ROOT))  # it is a package: left out by the include list, not by accident


def imported_roots(source: str) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
    return out


@pytest.mark.parametrize("package", SHIPPED)
def test_the_shipped_code_imports_nothing_test_only(package: str) -> None:
    offenders = {str(p.relative_to(ROOT)): sorted(imported_roots(p.read_text(encoding="utf-8")) & TEST_ONLY)
                 for p in sorted((ROOT / package).rglob("*.py"))}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_imported_roots_sees_both_import_forms() -> None:
    source = "import MahjongGB\nfrom testkit.hands import load\nfrom . import x\n"
    assert imported_roots(source) == {"MahjongGB", "testkit"}


@pytest.mark.parametrize(("package", "never"), [("tests", "loadtest"), ("loadtest", "tests"), ("bench", "tests"),
                                                ("testkit", "tests"), ("testkit", "loadtest"), ("testkit", "bench")])
def test_the_tests_and_the_load_tests_share_only_the_support_package(package: str, never: str) -> None:
    offenders = [str(p.relative_to(ROOT)) for p in sorted((ROOT / package).rglob("*.py"))
                 if never in imported_roots(p.read_text(encoding="utf-8"))]
    assert offenders == []


def imports_a_test_module(source: str) -> bool:
    """An import of the test suite's modules: ``tests.*``, a relative import, or a test module by its bare name."""
    tree = ast.parse(source)
    relative = any(isinstance(n, ast.ImportFrom) and n.level > 0 for n in ast.walk(tree))
    return relative or any(r == "tests" or r.startswith(("test_", "conftest")) for r in imported_roots(source))


def test_no_test_module_imports_another() -> None:
    """What two tests share lives in testkit (conftest.py included: its fixtures reach a test by pytest,
    never by an import)."""
    assert imports_a_test_module("from tests.conftest import ROOT\n")
    assert imports_a_test_module("from .replaying import record\n") and imports_a_test_module("import test_hk\n")
    assert not imports_a_test_module("from testkit import ROOT\nimport pytest\n")
    offenders = [str(p.relative_to(ROOT)) for folder in ("tests", "testkit", "bench", "loadtest")
                 for p in sorted((ROOT / folder).rglob("*.py")) if imports_a_test_module(p.read_text(encoding="utf-8"))]
    assert offenders == []
