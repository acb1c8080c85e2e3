"""The compiled build's docstrings, put back on the public names.

mypyc gives a compiled function or class only its signature as ``__doc__`` (a function whose
defaults are objects, such as ``score``, not even that), and a compiled function's ``__doc__``
cannot be set. A compiled wheel therefore ships its modules' docstrings and parameters, taken from
the sources when it was built (``_docstrings.json``, written by ``setup.py``), and at import each
public class gets its docstring back and each public function of a compiled module is bound, in the
namespace that exports it, to a plain function that carries its docstring and signature and calls
it (one Python call more; the compiled modules still call each other natively). The pure build
has its docstrings and no such file: nothing happens there.
"""

from __future__ import annotations
import __future__

import inspect
import json
from collections.abc import Callable, Iterable, Mapping
from functools import update_wrapper
from importlib import resources
from types import BuiltinFunctionType, ModuleType
from typing import Any

DOCSTRINGS = "_docstrings.json"  # the name setup.py writes
_ANNOTATIONS = __future__.annotations.compiler_flag  # annotations stay text, unevaluated


def restore(namespaces: Iterable[ModuleType], table: Mapping[str, Mapping[str, str]] | None = None) -> None:
    """Each public name (``__all__``) of ``namespaces``: a compiled class gets its docstring, a
    compiled function is replaced by a documented wrapper. ``table`` is the shipped file's."""
    if table is None:
        try:
            table = json.loads(resources.files(__package__).joinpath(DOCSTRINGS).read_bytes())
        except FileNotFoundError:
            return
    docs, parameters = table["docs"], table["parameters"]
    for namespace in namespaces:
        for name in namespace.__all__:
            obj = getattr(namespace, name)
            key = f"{getattr(obj, '__module__', '')}:{getattr(obj, '__qualname__', '')}"
            if key not in docs:
                continue
            if isinstance(obj, type):
                obj.__doc__ = docs[key]  # '' on a native class; mypyc's filler text on another
            elif isinstance(obj, BuiltinFunctionType):
                setattr(namespace, name, _documented(obj, docs[key], parameters.get(key)))


def _documented(fn: Callable[..., Any], doc: str, parameters: str | None) -> Callable[..., Any]:
    def documented(*args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    update_wrapper(documented, fn)  # its name, qualified name and module; __wrapped__
    documented.__doc__ = doc
    if parameters is not None:
        documented.__signature__ = _signature(fn, parameters)  # type: ignore[attr-defined]
    return documented


def _signature(fn: Callable[..., Any], parameters: str) -> inspect.Signature | None:
    """The signature as the source writes it, its defaults read in the function's own module."""
    module = inspect.getmodule(fn)
    scope: dict[str, Any] = dict(vars(module)) if module is not None else {}
    try:
        code = compile(f"def stub({parameters}): pass", "<signature>", "exec", flags=_ANNOTATIONS, dont_inherit=True)
        exec(code, scope)  # noqa: S102 - the package's own parameter list, written at its build
    except (SyntaxError, NameError):
        return None
    return inspect.signature(scope["stub"])

