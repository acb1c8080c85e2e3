"""Botzone's MCR game logs (the IJCAI competitions' human-play data set) as records.

The text format, one game (blank lines between games)::

    Match <id>
    Wind <0..3>                         the prevalent wind, 0..3 = E S W N
    Player <i> Deal <13 tiles>          four lines; player i sits at wind i, player 0 deals
    Player <N> Draw|Play|Chi|Peng|Gang|AnGang|BuGang|Hu <tile> [Ignore Player <M> <Action> <tile>]...
    Fan <F> <name>*<count>+...
    Score <S0> <S1> <S2> <S3>           or: Huang, then Score 0 0 0 0 for a drawn game

``Chi X`` names the chow's middle tile; ``Gang`` is an exposed kong of the discard, ``AnGang`` a
concealed kong, ``BuGang`` an added kong; the draw after a kong is its replacement; ``Ignore``
lists the claims that lost on priority. The platform's judge deals and draws from four walls of
34 (each player its own: ``walls: "four"``), so its last tile is when the next player's wall is
empty, and counts shown tiles for the last copy as the replay does. A claim other than a win needs
tiles in the wall of the player after the discarder; an exposed kong's maker may have an empty wall
(the game is then drawn at its replacement); a concealed or added kong needs tiles in the maker's
wall and the next player's (RULINGS RP11).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Final

from ..errors import BAD_NOTATION, ScorerError
from ..rules import RULESETS
from ..tiles import ALL_TILES, INDEX, WINDS, from_botzone, parse_botzone

VERBS: Final = {"Draw": "draw", "Play": "discard", "Chi": "chow", "Peng": "pung", "Gang": "kong",
                "AnGang": "concealed_kong", "BuGang": "added_kong", "Hu": "win"}
CLAIM_VERBS: Final = {"Chi": "chow", "Peng": "pung", "Gang": "kong", "Hu": "win"}
MIXED_KONG_FAN: Final = "明暗杠"  # the judge's 5-point fan for one melded + one concealed kong
BOTZONE_PRESET: Final = "botzone"  # MCR's preset for the judge's rules (mixed_kongs "five")


@dataclass(frozen=True)
class Game:
    """One game of the log: its id, the record, and what the log says it scored."""

    match: str
    body: dict[str, Any]  # the record as JSON (``Record.build``'s body)
    fan_total: int | None  # None for a drawn game
    fans: tuple[tuple[str, int], ...]  # (name, count) as the log gives them
    scores: tuple[int, int, int, int]


def games(lines: Iterable[str]) -> Iterator[Game | ScorerError]:
    """The games of a log, in order; a game that cannot be read is a ``ScorerError`` in its place
    (its ``field`` starts with the game's match id), and reading goes on."""
    block: list[str] = []
    for raw in lines:
        line = raw.strip()
        if line.startswith("Match ") and block:
            yield _read_or_error(block)
            block = []
        if line:
            block.append(line)
    if block:
        yield _read_or_error(block)


def _read_or_error(block: list[str]) -> Game | ScorerError:
    try:
        return read_game(block)
    except ScorerError as e:
        match = block[0].split()[1] if block[0].startswith("Match ") and len(block[0].split()) > 1 else "?"
        return ScorerError(e.code, e.message, (match, *e.field))


def read_game(block: list[str]) -> Game:
    """One game's lines as a record; errors point at the line (``("line", k)``)."""
    if not block or not block[0].startswith("Match "):
        raise ScorerError(BAD_NOTATION, "a game starts with its Match line", ("line", 0))
    match = block[0].split()[1]
    deal: dict[str, str] = {}
    actions: list[dict[str, Any]] = []
    prevalent = "E"
    fan_total: int | None = None
    fans: tuple[tuple[str, int], ...] = ()
    scores: tuple[int, int, int, int] = (0, 0, 0, 0)
    drawn_game = False
    kong_by: int | None = None  # a player whose next draw is a kong's replacement
    for k, line in enumerate(block[1:], start=1):
        at = ("line", k)
        words = line.split()
        head = words[0]
        if head == "Wind":
            prevalent = WINDS[_int(words, 1, at) % 4]
        elif head == "Player" and len(words) >= 4 and words[2] == "Deal":
            deal[WINDS[_int(words, 1, at)]] = "".join(t.value for t in parse_botzone(words[3:], at))
        elif head == "Player":
            seat = _int(words, 1, at)
            verb = words[2] if len(words) > 2 else ""
            if verb not in VERBS or len(words) < 4:
                raise ScorerError(BAD_NOTATION, f"unknown action line {line!r}", at)
            tile = from_botzone(words[3], at)
            kind = VERBS[verb]
            if kind == "draw" and kong_by == seat:
                kind, kong_by = "replacement", None
            act: dict[str, Any] = {"seat": WINDS[seat], "action": kind, "tile": tile.value}
            if kind == "chow":
                i = INDEX[tile]
                del act["tile"]
                act["tiles"] = "".join(ALL_TILES[j].value for j in (i - 1, i, i + 1))
            elif kind in ("pung", "kong", "win"):
                del act["tile"]
            if kind in ("kong", "concealed_kong", "added_kong"):
                kong_by = seat
            outranked = _ignored(words[4:], at)
            if outranked:
                act["outranked"] = outranked
            actions.append(act)
        elif head == "Huang":
            drawn_game = True
        elif head == "Fan":
            fan_total = _int(words, 1, at)
            fans = tuple(_fan(x, at) for x in words[2].split("+")) if len(words) > 2 else ()
        elif head == "Score":
            if len(words) != 5:
                raise ScorerError(BAD_NOTATION, "a Score line has four scores", at)
            s = [_int(words, j, at) for j in range(1, 5)]
            scores = (s[0], s[1], s[2], s[3])
        else:
            raise ScorerError(BAD_NOTATION, f"unknown line {line!r}", at)
    if drawn_game:
        actions.append({"action": "wall_end"})
        fan_total = None
    # scored as Botzone's judge scores (the reference calculator, its 明暗杠 at 5: RULINGS ED10)
    body = {"ruleset": judged_by(), "options": {"preset": BOTZONE_PRESET}, "prevalent_wind": prevalent, "walls": "four",
            "deal": deal, "actions": actions}
    return Game(match, body, fan_total, fans, scores)


def _int(words: list[str], j: int, at: tuple[str, int]) -> int:
    try:
        return int(words[j])
    except (IndexError, ValueError):
        raise ScorerError(BAD_NOTATION, f"expected a number at word {j + 1} of {' '.join(words)!r}", at) from None


def _fan(text: str, at: tuple[str, int]) -> tuple[str, int]:
    name, _, count = text.rpartition("*")
    try:
        return name, int(count)
    except ValueError:
        raise ScorerError(BAD_NOTATION, f"a fan is <name>*<count>, got {text!r}", at) from None


def _ignored(words: list[str], at: tuple[str, int]) -> list[dict[str, str]]:
    """``Ignore Player M Peng B6 ...``: the claims that lost."""
    out = []
    j = 0
    while j < len(words):
        if j + 4 >= len(words) or words[j] != "Ignore" or words[j + 1] != "Player" \
                or words[j + 3] not in CLAIM_VERBS or not words[j + 2].isdigit():
            raise ScorerError(BAD_NOTATION, f"cannot read {' '.join(words[j:])!r}", at)
        out.append({"seat": WINDS[int(words[j + 2]) % 4], "action": CLAIM_VERBS[words[j + 3]]})
        j += 5
    return out


def judged_by() -> str:
    """The rule book Botzone's judge plays: the one with the judge's preset (the competition rules)."""
    return next(name for name, book in RULESETS.items() if any(p.name == BOTZONE_PRESET for p in book.presets))


def mixed_kongs(game: Game) -> bool:
    """The judge's 5-point fan for one melded and one concealed kong is among the log's fans (the
    replay scores it 5 too, by the botzone preset; by default this scorer counts that hand 6, R1)."""
    return any(name == MIXED_KONG_FAN for name, _ in game.fans)
