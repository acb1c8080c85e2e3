"""A book's package as its namespace, its names loaded on first use.

Registering a book imports only its ``RuleBook``; the rest of what the package offers (its fan
table, options, settlement) is imported from the module it lives in when a caller first asks for
it, and kept in the package's globals so it is looked up once. Each book's ``__init__`` lists its
names and binds the two module hooks to one ``LazyNames``.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any


class LazyNames:
    """The module-level ``__getattr__`` and ``__dir__`` of a package whose names load on first use."""

    def __init__(self, package: str, names: Mapping[str, tuple[str, str]], scope: dict[str, Any],
                 public: list[str]) -> None:
        self.package = package
        self.names = names  # each public name: (the module of the package it lives in, its name there)
        self.scope = scope  # the package's globals
        self.public = public

    def get(self, name: str) -> Any:
        where = self.names.get(name)
        if where is None:
            raise AttributeError(f"module {self.package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{self.package}.{where[0]}"), where[1])
        self.scope[name] = value  # looked up once
        return value

    def dir(self) -> list[str]:
        return sorted({*self.scope, *self.public})
