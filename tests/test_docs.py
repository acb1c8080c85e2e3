"""The examples in the README and the package docstring run as written."""

import doctest
from pathlib import Path

import scorer

ROOT = Path(__file__).resolve().parent.parent


def test_package_docstring_example():
    result = doctest.testmod(scorer, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_readme_examples():
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, verbose=False)
    assert result.attempted > 0 and result.failed == 0
