"""Differential report: our scorer against the reference calculator, mismatches grouped by signature.

    python -m tests.mcr.differential_report --n 20000 --seed 7
    python -m tests.mcr.differential_report --n 5000 --structure seven_pairs --examples 3
    python -m tests.mcr.differential_report --n 2000 --near-misses   # also every other winning tile

Prints the agreement rate (overall and per structure), then one group per signature — the fans
the reference scores and we don't ("missing"), and the ones we score and it doesn't ("extra") —
largest first, each with examples that paste straight into a Python shell. Exit status 1 when
anything disagrees.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict

from testkit.hands.themed import STRUCTURES, generate, near_misses
from testkit.oracle import Mismatch, compare, format_mismatch


def repro(m: Mismatch) -> str:
    g = m.hand
    flowers = f", flowers={g.flowers}" if g.flowers else ""
    ctx = ", ".join(f"{k}={v!r}" for k, v in g.context.items())
    return f"scorer.score(scorer.Hand.parse({g.notation()!r}{flowers}), {ctx})"


def run(n: int, seed: int, structure: str | None,
        swaps: bool = False) -> tuple[list[Mismatch], Counter[str], Counter[str], float]:
    started = time.perf_counter()
    mismatches: list[Mismatch] = []
    seen: Counter[str] = Counter()
    bad: Counter[str] = Counter()
    for i in range(n):
        g = generate(seed, i, structure)
        for h in [g, *(near_misses(g) if swaps else ())]:
            key = g.structure if h is g else f"{g.structure} (near misses)"
            seen[key] += 1
            m = compare(i, h)
            if m is not None:
                mismatches.append(m)
                bad[key] += 1
    return mismatches, seen, bad, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--n", type=int, default=20000, help="hands to generate (default 20000)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--structure", choices=sorted(STRUCTURES), help="only this structure")
    p.add_argument("--examples", type=int, default=1, help="examples per signature (default 1)")
    p.add_argument("--groups", type=int, default=60, help="signatures to print at most (default 60)")
    p.add_argument("--near-misses", action="store_true",
                   help="also score each hand won on every other tile (mostly no win; ~30x the work)")
    args = p.parse_args(argv)

    mismatches, seen, bad, secs = run(args.n, args.seed, args.structure, args.near_misses)
    n = sum(seen.values())
    agree = n - len(mismatches)
    what = "hands (with near misses)" if args.near_misses else "hands"
    print(f"{n} {what}, seed {args.seed}, {secs:.1f}s: agreement {agree}/{n} = {100.0 * agree / n:.3f}%")
    for s in sorted(seen):
        print(f"  {s:42} {seen[s] - bad[s]:7}/{seen[s]:<7} {100.0 * (seen[s] - bad[s]) / seen[s]:7.2f}%")
    if not mismatches:
        return 0

    groups: dict[tuple[str, str], list[Mismatch]] = defaultdict(list)
    for m in mismatches:
        groups[m.signature].append(m)
    ordered = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    print(f"\n{len(ordered)} signatures (missing = reference scores it, we don't; extra = we do, it doesn't):")
    for k, ((missing, extra), ms) in enumerate(ordered[: args.groups], 1):
        structures = Counter(m.hand.structure for m in ms)
        by_fans = "fans" in ms[0].what and not {"winning", "raised"} & set(ms[0].what)
        label = f"missing: {missing}  |  extra: {extra}" if by_fans else f"{missing}  |  {extra}"
        print(f"\n[{k}] {len(ms)}x  {label}   "
              f"({', '.join(f'{s} {c}' for s, c in structures.most_common())})")
        for m in ms[: args.examples]:
            print("  " + format_mismatch(m).replace("\n", "\n  "))
            print(f"    repro: {repro(m)}")
    if len(ordered) > args.groups:
        print(f"\n... {len(ordered) - args.groups} more signatures (--groups)")
    return 1


if __name__ == "__main__":
    sys.exit(main())
