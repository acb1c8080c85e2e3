"""The build: the scorer's hot modules compiled with mypyc when a C compiler is there.

    pip install .        a wheel; its hot modules compiled when a C compiler (and Python's headers)
                         work, pure Python otherwise, with a one-line message saying so
    pip install -e .     always pure Python, so that an edit takes effect (no extension module
                         left next to a ``.py`` to shadow it)

``MCR_SCORER_PURE=1`` forces a pure-Python wheel. ``scorer.COMPILED`` says which build is running.
Everything else about the package is in ``pyproject.toml``.
"""

from __future__ import annotations

import ast
import json
import os
import sys
import sysconfig
import tempfile

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

# A rule book's hot modules, where it has them (scorer/rules/<book>/<name>.py).
BOOK_HOT = ("fan_id", "detect", "exclusion", "fans", "scoring", "payouts")


def _book_modules() -> list[str]:
    rules = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scorer", "rules")
    return [f"scorer/rules/{book}/{name}.py" for book in sorted(os.listdir(rules)) for name in BOOK_HOT
            if os.path.isfile(os.path.join(rules, book, f"{name}.py"))]


# Modules compiled together (one shared library). The rest of the package stays Python: the CLI,
# the package's own __init__ and the errors module, which gain nothing from compiling. Every rule
# book's hot modules are found by name, so adding a book adds nothing here.
COMPILED = [
    "scorer/tiles.py",
    "scorer/flowers.py",
    "scorer/hand.py",
    "scorer/holding.py",
    "scorer/context.py",
    "scorer/decompose.py",
    "scorer/set_kind.py",
    "scorer/result.py",
    "scorer/api.py",
    "scorer/rules/book.py",
    "scorer/rules/engine.py",
    "scorer/rules/tabled.py",
    *_book_modules(),
    "scorer/waits/frontier.py",
    "scorer/waits/tables.py",
    "scorer/waits/shanten.py",
    "scorer/waits/analysis.py",
    "scorer/wild/spec.py",  # jokers: the books that have them decompose, wait and count shanten with these
    "scorer/wild/regular.py",
    "scorer/wild/keyed.py",
    "scorer/wild/lookup.py",
    "scorer/wild/forms.py",
    "scorer/wild/waits.py",
    "scorer/wild/shanten.py",
    "scorer/wire/fastbody.py",  # the check of every good /v1/score body and bulk line
]


DOCSTRINGS = "_docstrings.json"  # shipped in a compiled build only: see BuildPyWithDocstrings


def _say(message: str) -> None:
    print(f"mahjong-scorer: {message}", file=sys.stderr)


def _building_a_wheel() -> bool:
    """Only a real (non-editable) build compiles; metadata queries and editable installs never do."""
    argv = sys.argv[1:]
    if any(a in ("editable_wheel", "develop") for a in argv):
        return False
    return any(a in ("bdist_wheel", "build", "build_ext", "install") for a in argv)


def _compiler_works() -> bool:
    """Compile a file that includes Python.h, as the extension modules will."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "probe.c")
        with open(src, "w", encoding="ascii") as f:
            f.write("#include <Python.h>\nint probe(void) { return 0; }\n")
        try:
            compiler.compile([src], output_dir=d, include_dirs=[sysconfig.get_paths()["include"]])
        except Exception:  # CompileError, a missing executable, ...: all mean "no compiler"
            return False
    return True


class BuildExtOrPure(build_ext):
    """If compiling fails after all, the wheel still works: it is the same package, pure Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # noqa: BLE001 - any failure to compile falls back the same way
            _say(f"compiling failed ({type(e).__name__}: {e}); building pure Python")
            self.extensions = []
            self.distribution.ext_modules = []


def _ext_modules() -> list[object]:
    if os.environ.get("MCR_SCORER_PURE", "") not in ("", "0") or not _building_a_wheel():
        return []
    if not _compiler_works():
        _say("no working C compiler (with Python headers); building pure Python")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc is not installed; building pure Python")
        return []
    return list(mypycify(COMPILED, opt_level="3", group_name="scorer"))


def _docstrings(paths: list[str]) -> dict[str, dict[str, str]]:
    """What mypyc leaves out of the compiled modules, from their sources: each function's, class's
    and method's docstring by ``module:qualname``, and each module-level function's parameters as
    written (a compiled function whose defaults are objects has no text signature either)."""
    docs: dict[str, str] = {}
    parameters: dict[str, str] = {}
    for path in paths:
        module = path.removesuffix(".py").replace("/", ".")
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                parameters[f"{module}:{node.name}"] = ast.unparse(node.args)
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and (doc := ast.get_docstring(node)):
                docs[f"{module}:{node.name}"] = doc
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and (doc := ast.get_docstring(item)):
                        docs[f"{module}:{node.name}.{item.name}"] = doc
    return {"docs": docs, "parameters": parameters}


class BuildPyWithDocstrings(build_py):
    """A compiled build also ships ``_docstrings.json`` in the package (``_docstrings``): mypyc gives a
    compiled function or class only its signature as ``__doc__``, and ``scorer._docs`` puts the
    docstrings back on the public names at import, so ``help(scorer.score)`` reads as it does in
    the pure build."""

    def run(self) -> None:
        super().run()
        if self.distribution.ext_modules and not self.dry_run:
            with open(os.path.join(self.build_lib, "scorer", DOCSTRINGS), "w", encoding="utf-8") as f:
                json.dump(_docstrings(COMPILED), f, ensure_ascii=False, sort_keys=True)


if __name__ == "__main__":  # as the build backend runs it; tests import it to check the fallback
    setup(ext_modules=_ext_modules(), cmdclass={"build_ext": BuildExtOrPure, "build_py": BuildPyWithDocstrings})
