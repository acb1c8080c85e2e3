"""A request body read as JSON, an answer written as JSON: orjson, and the standard library where
orjson cannot read a number or write a string.

orjson reads an integer beyond 64 bits as a float (2**64 arrives as 1.8446744073709552e19, which
validation then calls "not an integer") and refuses a document holding a number past a double's
range. Both are valid JSON with a number that is merely out of range, so such a body is read again
by the standard library's parser, numbers exactly, and validation names the field and its range.
The fast path stays orjson alone: the second read happens only when the body holds a run of 19
digits or orjson refuses a number, and it refuses what orjson refuses (NaN, lone surrogates).
"""

from __future__ import annotations

import json
import sys
import threading
from typing import Any

import orjson

# 2**63 has 19 digits: any integer orjson turns into a float has at least that many. Looked for as
# a run of 19 zeros once every digit is a zero: a byte table and a substring search, ~15x faster
# than the regular expression \d{19} (3.4 ms of a 350 kB batch body, ~5% of its request).
_DIGITS_AS_ZEROS = bytes.maketrans(b"123456789", b"000000000")
_LONG_RUN = b"0" * 19
_NUMBER_RANGE = "number is infinity when parsed as double"
MAX_DIGITS = 4300  # Python's own bound on converting digits to an int (quadratic past it)
MAX_DEPTH = 1024  # orjson's bound on nesting; the exact read keeps to it too
_EXACT = threading.Lock()  # the recursion limit is the interpreter's: one exact read raises it at a time


class Malformed(ValueError):
    """The body is not JSON; the message says why."""


class HugeInt(int):
    """An integer of more than ``MAX_DIGITS`` digits: converting it would cost quadratic time, and
    it is past every range anyway, so it stands as ±10**(MAX_DIGITS - 1) and says how long it was."""

    digits: int

    def __new__(cls, text: str) -> HugeInt:
        sign = -1 if text.startswith("-") else 1
        obj = super().__new__(cls, sign * 10 ** (MAX_DIGITS - 1))  # printable within the same bound
        obj.digits = len(text.lstrip("-"))
        return obj

    def __repr__(self) -> str:
        return f"{'-' if self < 0 else ''}an integer of {self.digits} digits"

    __str__ = __repr__


def loads(raw: bytes) -> Any:
    """The body's JSON value; raises ``Malformed`` for a body that is not JSON."""
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as e:
        if _NUMBER_RANGE not in str(e):
            raise Malformed(str(e)) from None
        return _exact(raw)
    if _LONG_RUN in raw.translate(_DIGITS_AS_ZEROS):
        return _exact(raw)
    return data


def dumps(obj: Any) -> bytes:
    """An answer as JSON: orjson, or the standard library for what orjson refuses (a lone surrogate
    echoed in a message): never a crash."""
    try:
        return orjson.dumps(obj)
    except (TypeError, orjson.JSONEncodeError):
        return json.dumps(obj, default=str).encode()


def _exact(raw: bytes) -> Any:
    """The standard parser, with orjson's refusals: numbers read exactly, and nesting to orjson's
    depth (``MAX_DEPTH``), which the interpreter's recursion limit would cut short by the depth of
    the caller's own stack (a body nested 980 levels was "too deep" for want of a long integer)."""
    try:
        text = raw.decode("utf-8")
        with _EXACT:
            limit = sys.getrecursionlimit()
            sys.setrecursionlimit(limit + MAX_DEPTH + 64)
            try:
                data = json.loads(text, parse_int=_int, parse_constant=_no_constant)
            finally:
                sys.setrecursionlimit(limit)
    except RecursionError:
        raise Malformed("nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as e:  # JSONDecodeError is a ValueError
        raise Malformed(str(e)) from None
    _no_lone_surrogates(data)
    return data


def _int(text: str) -> int:
    return int(text) if len(text) <= MAX_DIGITS else HugeInt(text)


def _no_constant(name: str) -> Any:
    raise Malformed(f"{name} is not a JSON number")


def _no_lone_surrogates(data: Any) -> None:
    stack = [data]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str):
            try:
                v.encode("utf-8")
            except UnicodeEncodeError:
                raise Malformed("a string holds a lone surrogate (not valid Unicode)") from None
