"""Game records for the replay's tests, written as scripts: ``"E draw 4m; E discard 4m; S pung"``;
and games in Botzone's MCR log format, written for the tests (README, "Game records")."""

from __future__ import annotations

from typing import Any

from scorer.tiles import parse_tiles, to_botzone

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


# --- Botzone's MCR logs -----------------------------------------------------------------------------
def bz(tiles: str) -> str:
    return " ".join(to_botzone(t) for t in parse_tiles(tiles))


DEAL = (f"Player 0 Deal {bz('123456789m1235p')}\nPlayer 1 Deal {bz('111222333444sE')}\n"
        f"Player 2 Deal {bz('ESWNCFPESWNCF')}\nPlayer 3 Deal {bz('56789s56789s678p')}\n")
DISCARD_WIN = ("Match g1\nWind 1\n" + DEAL + "Player 0 Draw B9\nPlayer 0 Play B9\nPlayer 1 Draw B5\nPlayer 1 Play B5\n"
               "Player 0 Hu B5 Ignore Player 3 Peng B5\nFan 23 清龙*1+门前清*1+平和*1+喜相逢*1+缺一门*1+单钓将*1\n"
               "Score 47 -31 -8 -8\n")
KONG_WIN = ("Match g2\nWind 0\n" + DEAL + "Player 0 Draw B9\nPlayer 0 Play B9\nPlayer 1 Draw T1\nPlayer 1 AnGang T1\n"
            "Player 1 Draw F1\nPlayer 1 Hu F1\nFan 1 x*1\nScore 0 0 0 0\n")
DRAWN = "Match g3\nWind 0\n" + DEAL + "Player 0 Draw B9\nPlayer 0 Play B9\nHuang\nScore 0 0 0 0\n"
ILLEGAL = "Match g4\nWind 0\n" + DEAL + "Player 2 Draw B9\nHuang\nScore 0 0 0 0\n"
