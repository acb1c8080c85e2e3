"""Readable tables for the settlements and replays the command line prints by default (``--json``
prints the API's answer instead): MCR's room, Sichuan's hand of play, a replayed record.

Each works on the answer as JSON (``to_dict()``), the same the API gives, so the table shows what
``--json`` would and nothing else. Names and seats head the columns; money is signed (+36, -20).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

SEATS = ("E", "S", "W", "N")


def width(text: str) -> int:
    """Columns a terminal gives ``text``: CJK characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, n: int) -> str:
    return text + " " * max(0, n - width(text))


def signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


def grid(head: Sequence[str], rows: Sequence[Sequence[str]], money_from: int) -> list[str]:
    """Columns from ``money_from`` on are right-aligned (numbers), those before it left-aligned."""
    cols = [max(width(r[k]) for r in (head, *rows)) for k in range(len(head))]
    out = []
    for r in (head, *rows):
        cells = [pad(c, cols[k]) if k < money_from else " " * (cols[k] - width(c)) + c for k, c in enumerate(r)]
        out.append("  ".join(cells).rstrip())
    return out


def _win(w: Mapping[str, Any], unit: str) -> str:
    how = "self-drawn" if w["self_drawn"] else f"on {w['discarder']}'s discard"
    return f"{' and '.join(w['claimants'])} {how}, {w['total']} {unit}"


def room(ledger: Mapping[str, Any]) -> str:
    """MCR's room (``POST /v1/match``): a row a hand, the beans after, the standings."""
    names = [p["name"] for p in ledger["players"]]
    rows = []
    for h in ledger["hands"]:
        if h["outcome"] == "win":
            what = _win(h["win"], "pts")
        elif h["outcome"] == "leave":
            what = f"{h['leaver']} leaves"
        else:
            what = "drawn"
        rows.append([str(h["number"]), h["dealer"], what, *(signed(h["changes"][n]) for n in names)])
    beans = ledger["hands"][-1]["beans"] if ledger["hands"] else {p["name"]: p["beans"] for p in ledger["players"]}
    rows.append(["", "", "beans", *(str(beans[n]) for n in names)])
    lines = grid(["hand", "dealer", "outcome", *names], rows, 3)
    lines.append("Standings: " + "  ".join(f"{s['place']}. {s['name']} {s['beans']} ({signed(s['change'])})"
                                           for s in ledger["standings"]))
    played, length = len(ledger["hands"]), ledger["length"]
    lines.append("The room is over." if ledger["finished"] else f"{played} of {length} hands played.")
    return "\n".join(lines)


def _fans(score: Mapping[str, Any]) -> str:
    fans = ", ".join(f"{f['name']} {f['name_zh']}" + (f" x{f['count']}" if f["count"] > 1 else "")
                     for f in score["fans"])
    return f"{fans}: {score['total']} fan"


def play(settlement: Mapping[str, Any]) -> str:
    """A hand of play to the end (Sichuan's, ``POST /v1/{ruleset}/settle``): a row an event, the exhausted
    wall, the totals."""
    rows = []
    for i, e in enumerate(settlement["events"], 1):
        if "kong" in e:
            k = e["kong"]
            what = f"{k['player']} {k['kind']} kong {k['tile']}" + (f" (from {k['discarder']})" if k["discarder"]
                                                                    else "") + (", robbed" if k["robbed"] else "")
        else:
            w = e["win"]
            how = "self-drawn" if w["discarder"] is None else (
                f"robbing {w['discarder']}'s kong" if w["robbing_kong"] else f"on {w['discarder']}'s discard")
            what = "; ".join(f"{x['player']} {how}: {_fans(x['score'])}" for x in w["winners"])
        rows.append([str(i), what, *(signed(e["changes"][s]) for s in SEATS)])
    ex = settlement.get("exhaustion")
    if ex is not None:
        state = ", ".join(f"{s} {v.replace('_', ' ')}" + (f" ({ex['ready'][s]['tile']})" if s in ex["ready"] else "")
                          for s, v in ex["players"].items())
        rows.append(["", f"wall exhausted: {state}", *(signed(ex["changes"][s]) for s in SEATS)])
    rows.append(["", "totals", *(signed(settlement["totals"][s]) for s in SEATS)])
    lines = grid(["#", "event", *SEATS], rows, 2)
    if ex is not None and ex["payments"]:
        lines.append("At the exhausted wall: " + "; ".join(
            f"{p['from']} pays {p['to']} {p['amount']} ({p['reason'].replace('_', ' ')})" for p in ex["payments"]))
    return "\n".join(lines)


def replay(answer: Mapping[str, Any], scores: Sequence[str]) -> str:
    """A replayed record (``POST /v1/replay``): the outcome, each win with its fans (``scores``: each
    win's table as ``score`` prints it), the money."""
    seats = answer.get("players")
    who = (lambda s: f"{s} ({seats[s]})") if seats else (lambda s: s)
    lines = [f"{answer['ruleset']} record, {answer['actions']} actions: {answer['outcome']}"]
    for w, table in zip(answer["wins"], scores, strict=True):
        how = "self-drawn" if w["discarder"] is None else f"on {who(w['discarder'])}'s discard"
        flags = [k.replace("_", " ") for k, v in w["context"].items() if v is True and k != "self_drawn"]
        # counted from 1 in words (the fifth action is "Action 5"); the answer's index stays 0-based
        lines += ["", f"Action {w['action'] + 1}: {who(w['seat'])} wins {how}, {w['hand']}"
                  + (f" ({', '.join(flags)})" if flags else "")]
        lines.append(table)
    if "settlement" in answer:
        lines += ["", play(answer["settlement"])]
    else:
        lines += ["", "Changes: " + "  ".join(f"{s} {signed(v)}" for s, v in answer["changes"].items())]
    return "\n".join(lines)


SETTLEMENTS = {"room": room, "hand of play": play}  # a settlement's table, by what it settles (Settlement.what)
