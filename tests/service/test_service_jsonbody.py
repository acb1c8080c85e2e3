"""The body reader's fast path: orjson alone unless the body holds a run of 19 digits (where orjson
may have turned an integer into a float), then the standard parser, numbers exactly."""

import re

import pytest

from scorer.wire import jsonbody


@pytest.mark.parametrize("raw", [
    b'{"a": 123456789012345678}', b'{"a": 1234567890123456789}', b'{"a": -99999999999999999999}',
    b'{"a": "x1234567890123456789y"}', b'{"a": 1.234567890123456789}', b'{"a": [100000000000000000, 0]}',
    b'{"a": 10000000000000000000}', b'{"a": "%s"}' % (b"0" * 40), b'{"a": 12345678901234567.8e3}',
])
def test_the_exact_reading_whenever_a_run_of_19_digits_is_there(monkeypatch, raw):
    exact = []
    monkeypatch.setattr(jsonbody, "_exact", lambda raw: exact.append(raw) or "exact")
    data = jsonbody.loads(raw)
    long_run = re.search(rb"[0-9]{19}", raw) is not None
    assert exact == ([raw] if long_run else []) and (data == "exact") == long_run


def test_an_integer_past_64_bits_is_read_exactly():
    assert jsonbody.loads(b'{"n": 18446744073709551616}') == {"n": 2**64}
