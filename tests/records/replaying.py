"""Game records for the replay's tests, written as scripts: ``"E draw 4m; E discard 4m; S pung"``."""

from __future__ import annotations

from typing import Any

# East waits on 5p (single wait, pure straight); South holds four pungs' worth of bamboo.
DEAL_A = {"E": "123456789m1235p", "S": "111222333444sE", "W": "ESWNCFPESWNCF", "N": "56789s56789s678p"}
# East waits on 3p (edge); South holds 33p to pung West's 3p and later add the fourth.
DEAL_B = {"E": "123456789m1255p", "S": "33p111222666sWS", "W": "3pESWNCFPESWNC", "N": "7899s7899s6789p9p"}


def actions(script: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for step in filter(None, (s.strip() for s in script.split(";"))):
        words = step.split()
        if words == ["wall_end"]:
            out.append({"action": "wall_end"})
            continue
        seat, kind, *rest = words
        a: dict[str, Any] = {"seat": seat, "action": kind}
        for w in rest:
            if "=" in w:  # outranked=S:win,N:pung
                a["outranked"] = [dict(zip(("seat", "action"), x.split(":"), strict=True))
                                  for x in w.split("=", 1)[1].split(",")]
            elif kind == "chow":
                a["tiles"] = w
            elif kind == "flower":
                a["flower"] = w
            else:
                a["tile"] = w
        out.append(a)
    return out


def record(deal: dict[str, str], script: str, **kw: Any) -> dict[str, Any]:
    return {"deal": deal, "actions": actions(script), **kw}
