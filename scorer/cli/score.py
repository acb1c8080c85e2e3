"""``mahjong-scorer score HAND [options]`` (or ``mahjong-scorer HAND``): score a hand, print the breakdown."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..api import SCORE_FIELDS, score
from ..context import Context
from ..errors import ScorerError
from ..hand import Hand
from ..result import Explanation, Result, ScoredSet
from ..rules import DEFAULT, RULESETS
from ..shape import fields_of
from . import prog
from .options import add_option, add_output, add_rulebook, context_specs, house_rules, json_text, report, write_text

_HAND_OPTIONS = tuple(s for s in fields_of(Hand) if s.name == "flowers")  # the rest is the notation


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=prog("score"),
        description="Score a mahjong hand by one of the rule books: " + ", ".join(
            f"{b.title} ({b.title_zh}, --ruleset {name}{', the default' if name == DEFAULT else ''})"
            for name, b in RULESETS.items()) + ".",
        epilog=f'example: {prog("score")} "[222m1][444m2][666m3]88mWW8m" --discarder S',
    )
    p.add_argument("hand", help="reference notation: bracketed melds, standing tiles, winning tile last")
    for spec in (*context_specs(), *_HAND_OPTIONS, *SCORE_FIELDS):
        add_option(p, spec)
    add_rulebook(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    add_output(p)
    return p


def render(result: Result) -> str:
    """A readable table: fans in English and Chinese, points, and payouts."""
    if not result.winning:
        return f"Not a winning hand: {result.reason}"
    if not result.fans:
        return f"Not a valid win: {result.reason}"
    rows = [(f.name, f.name_zh, f.points, f.count, f.points * f.count) for f in result.fans]
    w = max(len(r[0]) for r in rows)
    zw = 2 * max(len(r[1]) for r in rows) + 2  # CJK characters are two columns wide

    def zh_cell(text: str) -> str:
        return text + " " * (zw - 2 * len(text))

    book = RULESETS[result.ruleset]
    unit = {"points": "pts", "tai": "台"}.get(book.unit, book.unit)
    lines = [f"{'Fan':<{w}}  {zh_cell('番种')}{unit:>3} {'x':>2} {'sum':>4}"]
    for name, zh, pts, n, sub in rows:
        lines.append(f"{name:<{w}}  {zh_cell(zh)}{pts:>3} {n:>2} {sub:>4}")
    if book.unit == "points":
        lines.append(f"Points {result.points} (without flowers), flowers {result.flower_points}, total {result.total}")
        lines.append(f"Valid: yes ({book.minimum} or more points)" if result.valid else f"Valid: no — {result.reason}")
    else:
        capped = f", {result.total} after the cap" if result.total != result.points else ""
        limit = " (a limit hand)" if result.limit else ""
        lines.append(f"{book.title}: {result.points} {book.unit}{capped}{limit}")
        lines.extend(f"{name.replace('_', ' ').capitalize()}: {value}" for name, value in result.extras)
        lines.append("Valid: yes" if result.valid else f"Valid: no — {result.reason}")
    if result.payouts is not None:
        lines.append("Payouts: " + "  ".join(f"{w} {v:+d}" for w, v in result.payouts.items()))
    elif result.valid:
        lines.append("Payouts: name the discarder (--discarder) or --self-drawn to settle")
    if result.explanation is not None:
        lines += explain_lines(result, result.explanation)
    return "\n".join(lines)


_RULES = {"implied": "implied by", "non_identical": "non-identical (不得相同): a set of it already makes",
          "account_once": "account once (套算一次): its sets are already in", "no_splitting":
          "no splitting (不拆移) of", "replaces": "replaced by"}


def _group(s: ScoredSet) -> str:
    tiles = s.tiles
    if len(set(tiles)) == 1:
        return "".join(t[0] for t in tiles) + tiles[0][1:] if tiles[0][0].isdigit() else "".join(tiles)
    if all(t[0].isdigit() and t[1:] == tiles[0][1:] for t in tiles):
        return "".join(t[0] for t in tiles) + tiles[0][1:]
    return " ".join(tiles)


def _sets(decomposition: tuple[ScoredSet, ...], sets: tuple[int, ...]) -> str:
    if len(sets) == len(decomposition) and len(sets) > 1:
        return "the whole hand"
    return " ".join(_group(decomposition[i]) for i in sets) or "no set"


def explain_lines(result: Result, e: Explanation) -> list[str]:
    """``--explain``: the sets of each fan, the fans left out and why, the other readings."""
    d = result.decomposition
    names = {f.id: f.name for f in result.fans}
    lines = ["", "Sets: " + "  ".join(f"[{k}] {_group(s)}" for k, s in enumerate(d))]
    for f, occs in zip(result.fans, e.sets, strict=True):
        lines.append(f"  {f.name}: " + "; ".join(_sets(d, o) for o in occs))
    if e.excluded:
        lines.append("Not counted:")
        for x in e.excluded:
            by = ", ".join(names.get(b, b) for b in x.by)
            where = "; ".join(_sets(d, o) for o in x.sets)
            where = f" ({where})" if where else ""
            lines.append(f"  {x.name} {x.name_zh} — {_RULES.get(x.rule, x.rule)} {by}{where}")
    if e.arrangements:
        lines.append("Other readings weighed:")
        for a in e.arrangements:
            fans = ", ".join(f.name + (f" x{f.count}" if f.count > 1 else "") for f in a.fans)
            lines.append(f"  {a.points:>3}  {' '.join(_group(s) for s in a.decomposition)}: {fans}")
    return lines


def main(argv: Sequence[str]) -> int:
    args = _parser().parse_args(argv)
    try:
        hand = Hand.parse(args.hand, flowers=args.flowers)
        # the flags given: left alone, a book's own reading of how the hand was won applies (杭州: self-drawn)
        given = {f.name: v for f in context_specs() if (v := getattr(args, f.name)) != f.default}
        book = RULESETS.get(args.ruleset)
        result = score(hand, Context.build(**(given if book is None else book.context_of(given))),
                       ruleset=args.ruleset, options=house_rules(args.option, args.preset), explain=args.explain)
    except ScorerError as e:
        return report(e)
    write_text(json_text(result.to_dict()) if args.json else render(result), args.output)
    return 0
