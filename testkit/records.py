"""Seeded generator of legal hands of play, for any rule book, with the facts of every win kept by
the simulation itself (not by the replay): who won on what, self-drawn or the discarder, the
replacement draw, robbing, the last tile, the copies shown, who was out; Sichuan's kongs and final
holdings too. ``game(seed, ruleset)`` gives the record and what the direct endpoints make of those
facts.

The winner's hand comes from ``testkit.hands.themed`` (complete hands, concealed); the other seats are
dealt at random and play at random: draws, discards (Sichuan: the missing suit first), pungs,
chows by the next seat, exposed, concealed and added kongs with their replacements. The winner
keeps its hand, discarding what it draws (or making a concealed kong of a tile it holds three of,
whose replacement is sometimes the winning tile), until its winning tile comes: from the wall, from
a discard, or as another seat's added kong (robbed). Sichuan plays on after the win to the wall's
end, so the exhausted wall's rules apply to the others.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import scorer
from scorer.tiles import ALL_TILES, INDEX, IS_HONOR, SUIT, Tile
from testkit.hands.themed import generate

SEATS = "ESWN"
SET_SIZE = {"mcr": 136, "hk": 136, "sichuan": 108}
SUIT_CODES = "msp"  # scorer.tiles.SUIT: 0 characters, 1 bamboo, 2 dots


@dataclass
class Win:
    seat: str
    hand: scorer.Hand
    context: dict[str, Any]  # the facts, as POST /v1/score takes them
    result: scorer.Result  # POST /v1/score's code on those facts


@dataclass
class Game:
    ruleset: str
    record: dict[str, Any]
    wins: list[Win] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)  # Sichuan: as POST /v1/sichuan/settle takes them
    exhausted: dict[str, Any] = field(default_factory=dict)

    def expected_changes(self) -> dict[str, int]:
        if self.ruleset == "sichuan":
            return dict(self.expected_settlement().to_dict()["totals"]) if self.events or self.exhausted else \
                dict.fromkeys(SEATS, 0)
        if not self.wins:
            return dict.fromkeys(SEATS, 0)
        payouts = self.wins[0].result.payouts
        assert payouts is not None
        return dict(payouts)

    def expected_settlement(self) -> scorer.sichuan.Settlement:
        body: dict[str, Any] = {"missing_suits": self.record["missing_suits"], "events": self.events}
        if self.exhausted:
            body["exhausted"] = self.exhausted
        return scorer.sichuan.settle(scorer.sichuan.build_play(**body))


def _winner_hand(rng: random.Random, ruleset: str, seed: int) -> tuple[list[Tile], Tile, str | None]:
    """A concealed complete hand (13 tiles and the winning one) and, for Sichuan, a missing suit."""
    for k in range(500):
        g = generate(seed, k)
        if g.melds:
            continue
        tiles = scorer.parse_tiles("".join(g.concealed))
        win = scorer.parse_tiles(g.winning_tile)[0]
        every = [*tiles, win]
        if ruleset == "sichuan":
            if any(IS_HONOR[INDEX[t]] for t in every):
                continue
            absent = [s for s in range(3) if all(SUIT[INDEX[t]] != s for t in every)]
            if not absent:
                continue
            return list(tiles), win, SUIT_CODES[rng.choice(absent)]
        return list(tiles), win, None
    raise RuntimeError("no hand")  # pragma: no cover


class _Sim:
    def __init__(self, seed: int, ruleset: str) -> None:
        self.rng = rng = random.Random(f"record:{ruleset}:{seed}")
        self.ruleset = ruleset
        self.sichuan = ruleset == "sichuan"
        self.winner = rng.choice(SEATS)
        hand, self.win_tile, suit = _winner_hand(rng, ruleset, seed)
        pool = [t for t in ALL_TILES for _ in range(4) if not (self.sichuan and IS_HONOR[INDEX[t]])]
        for t in hand:
            pool.remove(t)
        rng.shuffle(pool)
        self.held: dict[str, list[Tile]] = {}
        for s in SEATS:
            self.held[s] = list(hand) if s == self.winner else [pool.pop() for _ in range(13)]
        self.deal = {s: tuple(self.held[s]) for s in SEATS}
        self.suits: dict[str, str] = {}
        if self.sichuan:
            for s in SEATS:
                if s == self.winner:
                    assert suit is not None
                    self.suits[s] = suit
                else:
                    counts = [sum(SUIT[INDEX[t]] == k for t in self.held[s]) for k in range(3)]
                    self.suits[s] = SUIT_CODES[counts.index(min(counts))]
        # a wall of the rest, sometimes cut short (its last tile then comes sooner), the winning tile
        # sometimes moved near its end
        if rng.random() < 0.5:
            pool = pool[: rng.randint(8, len(pool))]
        if self.win_tile in pool and rng.random() < 0.3:
            pool.remove(self.win_tile)
            pool.insert(rng.randint(max(0, len(pool) - 4), len(pool)), self.win_tile)
        triples = [t for t in set(hand) if hand.count(t) == 3 and t is not self.win_tile and t in pool]
        if triples and rng.random() < 0.5:
            t = rng.choice(triples)
            pool.remove(t)
            pool.insert(SEATS.index(self.winner), t)  # the winner's first draw, unless a claim comes first
        self.wall = pool
        self.drawn_count = 0
        self.melds: dict[str, list[tuple[str, list[Tile], bool]]] = {s: [] for s in SEATS}  # kind, tiles, concealed
        self.river: list[tuple[str, Tile, bool]] = []  # discarder, tile, claimed
        self.out: list[str] = []
        self.actions: list[dict[str, Any]] = []
        self.game = Game(ruleset, {})
        self.prevalent = rng.choice(SEATS)

    # --- facts ------------------------------------------------------------------------------------
    def wall_empty(self) -> bool:
        return self.drawn_count == len(self.wall)

    def shown(self, t: Tile) -> int:
        """Copies of ``t`` shown: unclaimed discards, melded chows, pungs, exposed and added kongs."""
        n = sum(1 for _, x, claimed in self.river if x is t and not claimed)
        for ms in self.melds.values():
            for _kind, tiles, concealed in ms:
                if not concealed:
                    n += tiles.count(t)
        return n

    def try_win(self, seat: str, tile: Tile, discarder: str | None, replaced: bool, robbing: bool) -> bool:
        if seat != self.winner or seat in self.out or tile is not self.win_tile:
            return False
        concealed = list(self.held[seat])
        if discarder is None:
            concealed.remove(tile)
        ctx: dict[str, Any] = {"self_drawn": discarder is None, "seat_wind": seat, "discarder": discarder}
        book = scorer.rulebook(self.ruleset)
        extra = {"prevalent_wind": self.prevalent, "kong_replacement": replaced, "robbing_kong": robbing,
                 "last_wall_tile": self.wall_empty(),
                 "last_copy": self.shown(tile) - (1 if discarder is not None else 0) >= 3,
                 "missing_suit": self.suits.get(seat), "out": list(self.out)}
        defaults = book.parse_options(None)  # the fields the book reads under its default options
        ctx |= {k: v for k, v in extra.items() if book.means(k, defaults)}
        melds = tuple(scorer.Meld(scorer.MeldKind.KONG, tiles[0], True) for _, tiles, _ in self.melds[seat])
        hand = scorer.Hand(tuple(concealed), melds, tile)
        result = scorer.score(hand, ruleset=self.ruleset, **ctx)
        if not result.valid:
            return False
        self.actions.append({"seat": seat, "action": "win"})
        self.game.wins.append(Win(seat, hand, ctx, result))
        if self.sichuan:
            flags = {k: True for k in ("kong_replacement", "last_wall_tile") if ctx.get(k)}
            winner: dict[str, Any] = {"player": seat, "hand": hand.notation()}
            if flags:
                winner["context"] = flags
            w: dict[str, Any] = {"discarder": discarder, "winners": [winner]}
            if robbing:
                w["robbing_kong"] = True
            self.game.events.append({"win": w})
            self.out.append(seat)
        return True

    # --- play -------------------------------------------------------------------------------------
    def draw(self, seat: str, kind: str = "draw") -> Tile:
        t = self.wall[self.drawn_count]
        self.drawn_count += 1
        self.held[seat].append(t)
        a: dict[str, Any] = {"seat": seat, "action": kind}
        if self.rng.random() < 0.5:
            a["tile"] = t.value
        self.actions.append(a)
        return t

    def missing_held(self, seat: str) -> list[Tile]:
        if not self.sichuan:
            return []
        return [t for t in self.held[seat] if SUIT_CODES[SUIT[INDEX[t]]] == self.suits[seat]]

    def choose_discard(self, seat: str, drawn: Tile | None) -> Tile:
        if seat == self.winner:
            assert drawn is not None
            return drawn
        missing = self.missing_held(seat)
        if missing:
            return self.rng.choice(missing)
        if drawn is not None and drawn in self.held[seat] and self.rng.random() < 0.6:
            return drawn
        return self.rng.choice(self.held[seat])

    def turn(self, seat: str, drawn: Tile | None, replaced: bool) -> str | None:
        """The seat holds 14: kongs, a self-drawn win, or a discard; the seat to play next (None: over)."""
        rng = self.rng
        while seat != self.winner and not self.wall_empty():
            counts = {t: self.held[seat].count(t) for t in set(self.held[seat])}
            four = [t for t, n in counts.items() if n == 4 and not (self.sichuan and t in self.missing_held(seat))]
            pungs = [tiles[0] for kind, tiles, _ in self.melds[seat] if kind == "pung" and tiles[0] in self.held[seat]]
            if four and rng.random() < 0.6:
                t = rng.choice(four)
                for _ in range(4):
                    self.held[seat].remove(t)
                self.melds[seat].append(("kong", [t] * 4, True))
                self.actions.append({"seat": seat, "action": "concealed_kong", "tile": t.value})
                self.game.events.append({"kong": {"player": seat, "kind": "concealed", "tile": t.value}})
            elif pungs and rng.random() < 0.6:
                t = rng.choice(pungs)
                self.held[seat].remove(t)
                j = next(j for j, m in enumerate(self.melds[seat]) if m[0] == "pung" and m[1][0] is t)
                self.melds[seat][j] = ("kong", [t] * 4, False)
                self.actions.append({"seat": seat, "action": "added_kong", "tile": t.value})
                self.game.events.append({"kong": {"player": seat, "kind": "added", "tile": t.value}})
                if self.try_win(self.winner, t, seat, False, True):
                    self.melds[seat][j] = ("pung", [t] * 3, False)  # robbed: back to a pung
                    if not self.sichuan:
                        return None
                    return self.after_win(self.winner)
            else:
                break
            drawn = self.draw(seat, "replacement")
            replaced = True
        if seat == self.winner and drawn is not None and drawn is not self.win_tile and not self.wall_empty() \
                and self.held[seat].count(drawn) == 4 and rng.random() < 0.8:
            # the winner makes a concealed kong of a tile it held three of; sometimes the winning tile is
            # its replacement (a later copy in the wall moved up: the wall is the order tiles are drawn in)
            for _ in range(4):
                self.held[seat].remove(drawn)
            self.melds[seat].append(("kong", [drawn] * 4, True))
            self.actions.append({"seat": seat, "action": "concealed_kong", "tile": drawn.value})
            self.game.events.append({"kong": {"player": seat, "kind": "concealed", "tile": drawn.value}})
            later = [k for k in range(self.drawn_count, len(self.wall)) if self.wall[k] is self.win_tile]
            if later and rng.random() < 0.7:
                k = later[0]
                self.wall[self.drawn_count], self.wall[k] = self.wall[k], self.wall[self.drawn_count]
            drawn = self.draw(seat, "replacement")
            replaced = True
        if drawn is not None and self.try_win(seat, drawn, None, replaced, False):
            if not self.sichuan:
                return None
            self.held[seat].remove(drawn)
            return self.after_win(seat)
        t = self.choose_discard(seat, drawn)
        self.held[seat].remove(t)
        self.actions.append({"seat": seat, "action": "discard", "tile": t.value})
        self.river.append((seat, t, False))
        return self.claims(seat, t)

    def after_win(self, last_winner: str) -> str | None:
        if len(self.out) == 3:
            return None
        return self.next_in(last_winner)

    def next_in(self, seat: str) -> str:
        k = SEATS.index(seat)
        for j in range(1, 4):
            s = SEATS[(k + j) % 4]
            if s not in self.out:
                return s
        return seat

    def claims(self, discarder: str, t: Tile) -> str | None:
        rng = self.rng
        if self.winner != discarder and self.try_win(self.winner, t, discarder, False, False):
            if not self.sichuan:
                return None
            return self.after_win(self.winner)
        others = [s for s in SEATS if s not in (discarder, self.winner) and s not in self.out]
        rng.shuffle(others)
        for s in others:
            n = self.held[s].count(t)
            if self.sichuan and t in self.missing_held(s):
                continue
            if n == 3 and not self.wall_empty() and rng.random() < 0.4:
                for _ in range(3):
                    self.held[s].remove(t)
                self.melds[s].append(("kong", [t] * 4, False))
                self.river[-1] = (discarder, t, True)
                self.actions.append({"seat": s, "action": "kong"})
                self.game.events.append({"kong": {"player": s, "kind": "exposed", "tile": t.value,
                                                  "discarder": discarder}})
                drawn = self.draw(s, "replacement")
                return self.turn(s, drawn, True)
            if n >= 2 and rng.random() < 0.3:
                for _ in range(2):
                    self.held[s].remove(t)
                self.melds[s].append(("pung", [t] * 3, False))
                self.river[-1] = (discarder, t, True)
                self.actions.append({"seat": s, "action": "pung"})
                return self.claimed_turn(s)
        nxt = self.next_in(discarder)
        if not self.sichuan and nxt != self.winner and not IS_HONOR[INDEX[t]] and rng.random() < 0.3:
            i = INDEX[t]
            for start in (i - 2, i - 1, i):
                run = [start, start + 1, start + 2]
                if start < 0 or any(IS_HONOR[k] or SUIT[k] != SUIT[i] for k in run if 0 <= k < 34):
                    continue
                if max(run) >= 34:
                    continue
                own = [ALL_TILES[k] for k in run if k != i]
                if all(x in self.held[nxt] for x in own):
                    for x in own:
                        self.held[nxt].remove(x)
                    tiles = [ALL_TILES[k] for k in run]
                    self.melds[nxt].append(("chow", tiles, False))
                    self.river[-1] = (discarder, t, True)
                    self.actions.append({"seat": nxt, "action": "chow", "tiles": "".join(x.value for x in tiles)})
                    return self.claimed_turn(nxt)
        return nxt

    def claimed_turn(self, seat: str) -> str | None:
        t = self.choose_discard(seat, None)
        self.held[seat].remove(t)
        self.actions.append({"seat": seat, "action": "discard", "tile": t.value})
        self.river.append((seat, t, False))
        return self.claims(seat, t)

    def play(self) -> Game:
        seat: str | None = "E"
        while seat is not None:
            if self.wall_empty():
                self.actions.append({"action": "wall_end"})
                if self.sichuan:
                    self.game.exhausted = {s: self.holding(s) for s in SEATS if s not in self.out}
                break
            drawn = self.draw(seat)
            seat = self.turn(seat, drawn, False)
        self.game.record = {"ruleset": self.ruleset, "prevalent_wind": self.prevalent,
                            "deal": {s: "".join(t.value for t in self.deal[s]) for s in SEATS},
                            "wall": [t.value for t in self.wall], "actions": self.actions}
        if self.sichuan:
            self.game.record["missing_suits"] = self.suits
        return self.game

    def holding(self, seat: str) -> dict[str, Any]:
        return {"concealed": "".join(t.value for t in self.held[seat]),
                "melds": [{"tiles": "".join(t.value for t in tiles), **({"concealed": True} if c else {})}
                          for _, tiles, c in self.melds[seat]]}


def game(seed: int, ruleset: str = "mcr") -> Game:
    return _Sim(seed, ruleset).play()
