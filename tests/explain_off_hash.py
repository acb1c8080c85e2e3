"""One hash over the plain (unexplained) results of generated Hong Kong and Sichuan hands and every
seed, per rule book: run it before and after a change to the scoring modules; equal hashes mean the
answers are byte-for-byte the same.

    python -m tests.explain_off_hash          # hk <sha256>  sichuan <sha256>  (and the counts)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

import scorer
from testkit.hands.books import hk_requests, sichuan_requests


def digest(book: str, requests: Iterator[tuple[scorer.Hand, dict[str, Any], dict[str, Any]]]) -> tuple[str, int]:
    h = hashlib.sha256()
    n = 0
    for hand, ctx, opts in requests:
        try:
            out: Any = scorer.score(hand, ruleset=book, options=opts, **ctx).to_dict()
        except scorer.ScorerError as e:
            out = {"error": e.code, "pointer": e.pointer}
        h.update(json.dumps(out, ensure_ascii=False, sort_keys=False).encode())
        n += 1
    return h.hexdigest(), n


if __name__ == "__main__":
    for book, reqs in (("hk", hk_requests()), ("sichuan", sichuan_requests())):
        print(book, *digest(book, reqs))
