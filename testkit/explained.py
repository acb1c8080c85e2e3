"""What explaining must leave unchanged in an answer, whichever book scored it."""

from __future__ import annotations

from typing import Any

import scorer

EXPLAIN_KEYS = ("excluded", "arrangements")  # what an explained answer adds beside each fan's sets


def same_answer(plain: scorer.Result, r: scorer.Result) -> dict[str, Any]:
    """Explaining never changes the answer: the explained result's JSON is the plain one plus
    ``sets`` on each fan, ``excluded`` and ``arrangements``. Returns the explained JSON."""
    d, p = r.to_dict(), plain.to_dict()
    assert plain.explanation is None and all(k not in p for k in EXPLAIN_KEYS)
    if p["ruleset"] == "mcr" and [s["kind"] for s in p["decomposition"]] == ["nine_gates"]:
        # RULINGS E13: explained, Nine Gates' one group of 14 tiles is the regular reading that scored
        assert len(d["decomposition"]) == 5 and all(s["kind"] in ("chow", "pung", "pair") for s in d["decomposition"])
        assert sorted(t for s in d["decomposition"] for t in s["tiles"]) == sorted(p["decomposition"][0]["tiles"])
        p = {**p, "decomposition": d["decomposition"]}
    assert {k: v for k, v in d.items() if k not in EXPLAIN_KEYS and k != "fans"} == {
        k: v for k, v in p.items() if k != "fans"}
    assert [{k: v for k, v in f.items() if k != "sets"} for f in d["fans"]] == p["fans"]
    return d
