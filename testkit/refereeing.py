"""Random hands of play stepped through ``scorer.Referee``, every action chosen from its
``legal()``: for the referee's property tests and its benchmark (bench/replay.py).

A set of tiles (and flowers, where the book has them) is shuffled and dealt. One shared wall is
given to the record in drawing order, so every draw's tile is the wall's; flowers come between its
tiles, as a shuffled live wall would bring them. Botzone's four walls (``walls="four"``) deal each
seat 13 of its own 34 and it draws the rest, so there the draws name their tiles. One seat, the
keeper, is dealt a complete hand less its winning tile (``testkit.records``' themed hands) and
discards what it draws until a win is offered, so that wins come; the others choose at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import scorer
from scorer.flowers import Flower
from scorer.records.record import action_dict
from scorer.tiles import ALL_TILES, INDEX, IS_HONOR, SUIT, Tile
from testkit.records import SUIT_CODES, _winner_hand

SEATS = "ESWN"


@dataclass
class Deal:
    """A record's deal (no actions yet) and what the wall will bring: the live wall in order, tiles
    and flowers mixed (one wall), or each seat's own wall (four walls)."""

    body: dict[str, Any]
    live: list[Tile | Flower] = field(default_factory=list)
    own: dict[str, list[Tile]] = field(default_factory=dict)
    keeper: str | None = None
    at: int = 0  # the live wall's next item


def deal(seed: int, ruleset: str = "mcr", walls: str = "one", keeper: bool = True) -> Deal:
    rng = random.Random(f"referee:{ruleset}:{walls}:{seed}")
    book = scorer.rulebook(ruleset)
    size = 3 * book.sets + 1
    pool = [t for t in ALL_TILES for _ in range(4) if book.honors or not IS_HONOR[INDEX[t]]]
    hand: list[Tile] = []
    suit = None
    who = rng.choice(SEATS) if keeper and book.sets == 4 else None
    if who is not None:
        hand, _, suit = _winner_hand(rng, ruleset, rng.randrange(10_000))
        for t in hand:
            pool.remove(t)
    rng.shuffle(pool)
    body: dict[str, Any] = {"ruleset": ruleset, "actions": [], "prevalent_wind": rng.choice(SEATS)}
    out = Deal(body, keeper=who)
    if walls == "four":
        body["walls"] = "four"
        dealt = {}
        for s in SEATS:
            mine = list(hand) if s == who else [pool.pop() for _ in range(size)]
            dealt[s] = mine
            out.own[s] = [pool.pop() for _ in range(34 - size)]
    else:
        dealt = {s: list(hand) if s == who else [pool.pop() for _ in range(size)] for s in SEATS}
        live: list[Tile | Flower] = list(pool)
        if book.flowers != "none":
            for f in Flower:
                live.insert(rng.randint(0, len(live)), f)
        out.live = live
        body["wall"] = [t.value for t in pool]
    body["deal"] = {s: "".join(t.value for t in dealt[s]) for s in SEATS}
    if book.play.missing_suit:
        suits = {}
        for s in SEATS:
            if s == who and suit is not None:
                suits[s] = suit
            else:
                counts = [sum(SUIT[INDEX[t]] == k for t in dealt[s]) for k in range(3)]
                suits[s] = SUIT_CODES[counts.index(min(counts))] if rng.random() < 0.8 else rng.choice("msp")
        body["missing_suits"] = suits
    return out


def choose(rng: random.Random, ref: scorer.Referee, d: Deal, legal: tuple[scorer.Legal, ...]) -> dict[str, Any]:
    """One of ``legal``, as the JSON of an action; the wall's choices (a draw's tile, a flower) are
    what the deal's wall brings next."""
    wins = [x for x in legal if x.action.action == "win"]
    if wins and rng.random() < 0.9:
        return action_dict(rng.choice(wins).action)
    last = ref.actions[-1] if ref.actions else None
    if last is not None and last.seat.value == d.keeper and last.action in ("draw", "replacement"):
        mine = [x for x in legal if x.action.action == "discard" and x.action.tile is last.tile]
        if mine:
            return action_dict(mine[0].action)
    wall = [x for x in legal if x.action.action in ("draw", "replacement", "flower")]
    rest = [x for x in legal if x not in wall and not (
        x.action.seat.value == d.keeper and x.action.action in ("chow", "pung", "kong", "added_kong"))]
    kongs = [x for x in rest if x.action.action in ("kong", "concealed_kong", "added_kong")]
    if kongs and rng.random() < 0.7:  # rare offers, taken mostly: the replacement draws and robbing come
        return action_dict(rng.choice(kongs).action)
    if rest and (not wall or rng.random() < 0.3):
        return action_dict(rng.choice(rest).action)
    if not wall:
        return action_dict(rng.choice(legal).action)
    if d.own:  # four walls: the seat draws its own wall's next tile
        x = next(x for x in wall if x.action.action != "flower")
        return {**action_dict(x.action), "tile": d.own[x.action.seat.value].pop(0).value}
    item = d.live[d.at]
    d.at += 1
    if isinstance(item, Flower):
        x = next(x for x in wall if x.action.action == "flower")
        return {**action_dict(x.action), "flower": item.value}
    x = next(x for x in wall if x.action.action != "flower")
    assert x.action.tile is item, (x, item)
    return action_dict(x.action)


def play(seed: int, ruleset: str = "mcr", walls: str = "one", *, keeper: bool = True,
         step: Callable[[scorer.Referee, tuple[scorer.Legal, ...]], None] | None = None,
         limit: int = 1000) -> scorer.Referee:
    """A whole hand, each action chosen from ``legal()`` (``keeper``: one seat plays for a win);
    ``step`` sees the referee and its legal actions before each choice."""
    d = deal(seed, ruleset, walls, keeper)
    rng = random.Random(f"choices:{ruleset}:{walls}:{seed}")
    ref = scorer.Referee(d.body)
    for _ in range(limit):
        if ref.over:
            break
        legal = ref.legal()
        if step is not None:
            step(ref, legal)
        ref.apply(choose(rng, ref, d, legal))
    return ref
