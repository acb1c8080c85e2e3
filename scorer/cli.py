"""``python -m scorer HAND [options]``: score a hand from the shell and print the breakdown."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .errors import ScorerError
from .hand import Hand
from .result import Result
from .scoring import score
from .tiles import WINDS


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m scorer",
        description="Score a Mahjong Competition Rules (国标麻将) hand.",
        epilog='example: python -m scorer "[222m1][444m2][666m3]88mWW8m" --discarder S',
    )
    p.add_argument("hand", help="reference notation: bracketed melds, standing tiles, winning tile last")
    p.add_argument("--self-drawn", action="store_true", help="won by self-draw (自摸)")
    p.add_argument("--seat", default="E", choices=WINDS, help="seat wind (default E)")
    p.add_argument("--prevalent", default="E", choices=WINDS, help="prevalent wind (default E)")
    p.add_argument("--discarder", choices=WINDS, help="seat wind of the player who discarded the winning tile")
    p.add_argument("--last-copy", action="store_true", help="the winning tile is the last copy (和绝张)")
    p.add_argument("--last-wall-tile", action="store_true", help="won on the last tile of the wall")
    p.add_argument("--kong-replacement", action="store_true", help="won on a kong replacement tile (杠上开花)")
    p.add_argument("--robbing-kong", action="store_true", help="won by robbing a kong (抢杠和)")
    p.add_argument("--flowers", type=int, default=0, help="flower tiles, 0-8")
    p.add_argument("--base-points", type=int, default=1, help="the room's base points (default 1)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    return p


def render(result: Result) -> str:
    """A readable table: fans in English and Chinese, points, and payouts."""
    if not result.winning:
        return f"Not a winning hand: {result.reason}"
    rows = [(f.name, f.name_zh, f.points, f.count, f.points * f.count) for f in result.fans]
    w = max(len(r[0]) for r in rows)
    zw = 2 * max(len(r[1]) for r in rows) + 2  # CJK characters are two columns wide

    def zh_cell(text: str) -> str:
        return text + " " * (zw - 2 * len(text))

    lines = [f"{'Fan':<{w}}  {zh_cell('番种')}{'pts':>3} {'x':>2} {'sum':>4}"]
    for name, zh, pts, n, sub in rows:
        lines.append(f"{name:<{w}}  {zh_cell(zh)}{pts:>3} {n:>2} {sub:>4}")
    lines.append(f"Points {result.points} (without flowers), flowers {result.flower_points}, total {result.total}")
    lines.append("Valid: yes (8 or more points)" if result.valid else f"Valid: no — {result.reason}")
    if result.payouts is not None:
        lines.append("Payouts: " + "  ".join(f"{w} {v:+d}" for w, v in result.payouts.items()))
    elif result.valid:
        lines.append("Payouts: name the discarder (--discarder) or --self-drawn to settle")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        hand = Hand.parse(args.hand, flowers=args.flowers)
        result = score(
            hand, self_drawn=args.self_drawn, seat_wind=args.seat, prevalent_wind=args.prevalent,
            discarder=args.discarder, last_copy=args.last_copy, last_wall_tile=args.last_wall_tile,
            kong_replacement=args.kong_replacement, robbing_kong=args.robbing_kong, base_points=args.base_points,
        )
    except ScorerError as e:
        print(f"error ({e.code}) at {e.pointer or '/'}: {e.message}", file=sys.stderr)
        return 2
    print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2) if args.json else render(result))
    return 0
