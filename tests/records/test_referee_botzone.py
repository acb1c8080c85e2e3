"""The referee under Botzone's four walls agrees with a small model of the judge's rules, written
here from the rulings (RULINGS RP2-RP4, RP11) and the judge as the records survey describes it, not
from the table's code: each seat deals 13 from its own wall of 34 and draws the other 21 from it,
kong replacements included; the game is drawn when the seat to draw has an empty wall; a chow,
pung or exposed kong needs tiles in the wall of the seat after the discarder; a concealed or added
kong needs tiles in the maker's wall and the next seat's; a win needs 8 points (flowers aside),
scored on the facts the judge derives (the last tile: the next seat's wall is empty; the last
copy: three shown, an unclaimed discard 1, a chow tile 1, a pung 3, an exposed or added kong 4)."""

from __future__ import annotations

from dataclasses import dataclass, field

import scorer
from scorer.hand import Hand, Meld
from scorer.set_kind import MeldKind
from scorer.tiles import ALL_TILES, INDEX, IS_HONOR
from testkit.refereeing import play

ORDER = "ESWN"


def after(seat: str, k: int = 1) -> str:
    return ORDER[(ORDER.index(seat) + k) % 4]


@dataclass
class Judge:
    """What the judge knows: hands, melds, walls, the river, and what happened last."""

    hands: dict[str, list[int]]
    prevalent: str
    walls: dict[str, int] = field(default_factory=lambda: {s: 21 for s in ORDER})
    melds: dict[str, list[tuple[str, int]]] = field(default_factory=lambda: {s: [] for s in ORDER})
    river: list[list] = field(default_factory=list)  # [tile, claimed]
    last: dict | None = None  # the last action but a pass (a pass leaves open what was open)
    drawn: int | None = None
    kong_draw: bool = False
    passed: set[str] = field(default_factory=set)
    turn: str = "E"
    walled: set[str] = field(default_factory=set)  # the wall rules that took an action away

    def shown(self, k: int) -> int:
        n = sum(1 for t, claimed in self.river if t == k and not claimed)
        for ms in self.melds.values():
            for kind, t in ms:
                if kind == "chow":
                    n += k in (t, t + 1, t + 2)
                elif t == k:
                    n += {"pung": 3, "kong": 4, "concealed_kong": 0}[kind]
        return n

    def total(self, seat: str, tile: int, discarder: str | None, robbing: bool) -> int | None:
        """The win's total if the hand is complete and reaches 8 points, else None."""
        h = list(self.hands[seat])
        if discarder is None:
            h[tile] -= 1
        tiles = tuple(ALL_TILES[k] for k in range(34) for _ in range(h[k]))
        melds = tuple(Meld(MeldKind.CHOW if kind == "chow" else MeldKind.PUNG if kind == "pung" else MeldKind.KONG,
                           ALL_TILES[t], kind == "concealed_kong") for kind, t in self.melds[seat])
        shown = self.shown(tile) - (1 if discarder is not None and not robbing else 0) - (1 if robbing else 0)
        last = self.walls[after(seat if discarder is None else discarder)] == 0
        ctx = {"self_drawn": discarder is None, "discarder": discarder, "seat_wind": seat,
               "prevalent_wind": self.prevalent, "kong_replacement": discarder is None and self.kong_draw,
               "robbing_kong": robbing, "last_wall_tile": last, "last_copy": shown >= 3}
        r = scorer.score(Hand(tiles, melds, ALL_TILES[tile]), **ctx)
        return r.total if r.winning and r.valid else None

    def legal(self) -> set[tuple]:
        a = self.last
        out: set[tuple] = set()
        if a is None:
            return {("E", "draw")}
        if a["action"] in ("draw", "replacement"):  # the seat to act after its draw
            s = self.turn
            h = self.hands[s]
            out |= {(s, "discard", k) for k in range(34) if h[k]}
            room = self.walls[s] > 0 and self.walls[after(s)] > 0
            if not room and any(n == 4 for n in h):
                self.walled.add("concealed_kong")
            if room:
                out |= {(s, "concealed_kong", k) for k in range(34) if h[k] == 4}
                out |= {(s, "added_kong", t) for kind, t in self.melds[s] if kind == "pung" and h[t]}
            if self.drawn is not None:
                total = self.total(s, self.drawn, None, False)
                if total is not None:
                    out.add((s, "win", self.drawn, total))
            return out
        if a["action"] in ("chow", "pung"):
            return {(a["seat"], "discard", k) for k in range(34) if self.hands[a["seat"]][k]}
        if a["action"] in ("kong", "concealed_kong"):
            s = a["seat"]
            return {(s, "replacement")} if self.walls[s] else {(None, "wall_end")}
        if a["action"] == "added_kong":
            maker, t = a["seat"], INDEX[scorer.parse_tiles(a["tile"])[0]]
            for s in ORDER:
                if s != maker and s not in self.passed:
                    total = self.total(s, t, maker, True)
                    if total is not None:
                        out |= {(s, "win", t, total), (s, "pass")}
            return out | {(maker, "replacement")}
        # a discard is open (or passed on): claims, then the next seat's draw or the drawn game
        d, t = a["seat"], INDEX[scorer.parse_tiles(a["tile"])[0]]
        room = self.walls[after(d)] > 0
        if not room and any(self.hands[s][t] >= 2 for s in ORDER if s != d):
            self.walled.add("pung")
        for s in ORDER:
            if s == d or s in self.passed:
                continue
            h = self.hands[s]
            mine = set()
            total = self.total(s, t, d, False)
            if total is not None:
                mine.add((s, "win", t, total))
            if room and h[t] >= 2:
                mine.add((s, "pung", t))
            if room and h[t] >= 3:
                mine.add((s, "kong", t))
            if room and s == after(d) and not IS_HONOR[t]:
                for low in range(t - 2, t + 1):
                    if low >= 0 and low // 9 == t // 9 == (low + 2) // 9 and all(
                            h[x] for x in (low, low + 1, low + 2) if x != t):
                        mine.add((s, "chow", low))
            if mine:
                out |= mine | {(s, "pass")}
        return out | ({(after(d), "draw")} if room else {(None, "wall_end")})

    def play(self, a: dict) -> None:
        kind, s = a["action"], a.get("seat")
        tile = INDEX[scorer.parse_tiles(a["tile"])[0]] if a.get("tile") else None
        if kind != "pass":
            self.passed = set()
        if kind in ("draw", "replacement"):
            assert tile is not None
            self.hands[s][tile] += 1
            self.walls[s] -= 1
            self.drawn, self.kong_draw, self.turn = tile, kind == "replacement", s
        elif kind == "discard":
            self.hands[s][tile] -= 1
            self.river.append([tile, False])
            self.drawn = None
        elif kind in ("chow", "pung", "kong"):
            t = self.river[-1][0]
            self.river[-1][1] = True
            if kind == "chow":
                low = min(INDEX[x] for x in scorer.parse_tiles(a["tiles"]))
                for x in (low, low + 1, low + 2):
                    if x != t:
                        self.hands[s][x] -= 1
                self.melds[s].append(("chow", low))
            else:
                self.hands[s][t] -= 2 if kind == "pung" else 3
                self.melds[s].append((kind, t))
            self.turn, self.drawn = s, None
        elif kind == "concealed_kong":
            self.hands[s][tile] -= 4
            self.melds[s].append(("concealed_kong", tile))
        elif kind == "added_kong":
            self.hands[s][tile] -= 1
            self.melds[s] = [("kong", t) if (k, t) == ("pung", tile) else (k, t) for k, t in self.melds[s]]
        elif kind == "pass":
            self.passed.add(s)
            return  # what is open stays open
        self.last = a


def referee_set(legal: tuple[scorer.Legal, ...]) -> set[tuple]:
    out: set[tuple] = set()
    for x in legal:
        a = x.action
        s = None if a.action == "wall_end" else a.seat.value
        if a.action == "chow":
            out.add((s, "chow", min(INDEX[t] for t in a.tiles)))
        elif a.action == "win":
            out.add((s, "win", INDEX[a.tile], x.total))
        elif a.action in ("draw", "replacement", "pass", "wall_end"):
            out.add((s, a.action))
        else:
            out.add((s, a.action, INDEX[a.tile]))
    return out


def judged(seed: int, keeper: bool = True, walled: set[str] | None = None) -> tuple[int, int]:
    """A generated four-wall game, the referee's legal actions checked against the model's at
    every step; the steps and the wins."""
    judge: list[Judge] = []
    seen = [0, 0]  # actions the model has played, steps checked

    def step(ref: scorer.Referee, legal: tuple[scorer.Legal, ...]) -> None:
        body = ref.record().to_dict()
        if not judge:
            hands = {s: [sum(1 for t in scorer.parse_tiles(body["deal"][s]) if INDEX[t] == k) for k in range(34)]
                     for s in ORDER}
            judge.append(Judge(hands, body["prevalent_wind"]))
        j = judge[0]
        for a in body["actions"][seen[0]:]:
            j.play(a)
        seen[0] = len(body["actions"])
        mine, theirs = referee_set(legal), j.legal()
        assert mine == theirs, (seed, seen[0], sorted(mine ^ theirs, key=str))
        # priorities: a win before a pung or kong, before a chow
        rank = {"win": 0, "pung": 1, "kong": 1, "chow": 2}
        ranked = [x for x in legal if x.priority is not None]
        for x in ranked:
            for y in ranked:
                if rank[x.action.action] < rank[y.action.action]:
                    assert x.priority is not None and y.priority is not None and x.priority < y.priority
        seen[1] += 1

    ref = play(seed, "mcr", "four", keeper=keeper, step=step)
    assert ref.over
    if walled is not None and judge:
        walled |= judge[0].walled
    return seen[1], len(ref.result().wins)


def test_the_referee_under_botzones_walls_agrees_with_a_model_of_the_judge():
    steps = wins = drawn = 0
    walled: set[str] = set()
    for seed in range(60):
        n, w = judged(seed, keeper=seed % 3 != 0, walled=walled)  # a third played out at random
        steps += n
        wins += w
        drawn += w == 0
    assert steps > 3000 and wins >= 10 and drawn >= 5
    assert walled == {"pung", "concealed_kong"}, walled  # the judge's wall rules were at work
