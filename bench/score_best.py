"""Scorer speed against the C++ reference (pymahjonggb), per hand, on the same hands in the same run.

    python -m bench.score_best [--n 3000] [--seed 1] [--reps 7] [--json out.json] [--profile]

Run as a script, it measures the scorer installed in the interpreter's venv: the pure-Python source
with the editable test venv (``.venv/bin/python``), the compiled wheel with the serving venv
(``.venv-serve/bin/python``, after ``.venv-serve/bin/pip install pymahjonggb==1.4.0``); the first
line says which build ran (``python -m bench.score_best`` from the checkout too: see ``bench``).

Hands: every ``seeds/mcr/*.json`` request, then ``--n`` generated hands of every structure
(``testkit.hands.load``). For each hand, ``--reps`` rounds, each timing, interleaved so that they share
the machine's noise:

    ref    MahjongGB.MahjongFanCalculator(...) on the same hand and context (C++, prebuilt args)
    cold   scorer.score(hand, context) right after scorer.clear_caches(): no decomposition cached
    warm   the same call again: a result-cache hit (the library's result cache is off by default;
           this benchmark turns it on, ``SCORER_RESULT_CACHE_SIZE=4096``, unless the caller set it)
    e2e    what a request costs the service minus HTTP: build Hand and Context from the JSON body,
           score cold, to_dict()

The headline comes first: the stream figure (``bench/stream.py``), what a user pays — fresh
processes of this interpreter's build, each scoring 2,000 generated hands it has never seen, once
each, from JSON-shaped fields (``Hand.build``, ``Context.build``, then ``score``), the garbage
collector on; mean per hand against the reference's mean on the same hands in the same run, as a
range over ``--stream-runs`` processes. The table after it is the best-of-N figure, a property of
the engine rather than what a user waits:

The per-hand figure of each column is the minimum over the rounds (the least disturbed run).
The machine is shared and noisy, so every figure that matters is a ratio to ``ref`` measured in
this run; the microseconds are printed only to show the scale. Targets (for the compiled build):
cold median <= 6x ref, warm median < 0.3x ref, worst cold hand <= 3x the cold median. ``--check`` exits 1
when a target is missed; by default the run only reports.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import platform
import pstats
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if not __package__:  # run as a script: the scorer installed in this interpreter's venv, this checkout's bench
    sys.path.append(str(Path(__file__).resolve().parents[1]))

import MahjongGB  # noqa: E402

# The warm column needs the result cache, which the library leaves off; read when scorer is imported.
# (The stream's fresh processes are started with the environment as it was: the default build.)
_ENV = dict(os.environ)
os.environ.setdefault("SCORER_RESULT_CACHE_SIZE", "4096")
import scorer  # noqa: E402
from bench import stream  # noqa: E402
from scorer.tiles import to_botzone  # noqa: E402
from testkit.hands.load import generate, seed_requests  # noqa: E402

WINDS = "ESWN"
COLUMNS = ("ref", "cold", "warm", "e2e")
TARGETS = {"cold/ref": 6.0, "warm/ref": 0.3, "worst/median": 3.0}


def reference_args(hand: scorer.Hand, ctx: scorer.Context) -> tuple[Any, ...]:
    """``MahjongFanCalculator``'s arguments for a scorer hand and its (completed) context."""
    packs = []
    for m in hand.melds:
        offer = m.claimed or 1
        if m.kind is scorer.hand.MeldKind.CHOW:
            packs.append(("CHI", to_botzone(m.tiles[1]), offer))
        elif m.kind is scorer.hand.MeldKind.PUNG:
            packs.append(("PENG", to_botzone(m.tile), offer))
        else:
            packs.append(("GANG", to_botzone(m.tile), 0 if m.concealed else offer))
    return (
        tuple(packs), tuple(to_botzone(t) for t in hand.concealed), to_botzone(hand.winning_tile),
        hand.flowers, ctx.self_drawn, ctx.last_copy, ctx.kong_replacement or ctx.robbing_kong,
        ctx.last_wall_tile, WINDS.index(ctx.seat_wind), WINDS.index(ctx.prevalent_wind),
    )


def build(body: dict[str, Any]) -> tuple[scorer.Hand, scorer.Context]:
    """A request body to scorer objects, as the service does it."""
    h = body["hand"]
    hand = scorer.Hand.parse(h) if isinstance(h, str) else scorer.Hand.build(**h)
    return hand, scorer.Context.build(**body.get("context", {}))


@dataclass
class Case:
    label: str  # seed id or structure
    body: dict[str, Any]
    hand: scorer.Hand
    ctx: scorer.Context
    ref_args: tuple[Any, ...]
    ns: dict[str, int] = field(default_factory=dict)  # per column: min over rounds


def load_cases(n: int, seed: int) -> tuple[list[Case], list[str]]:
    cases, skipped = [], []
    sources = [(f"seed:{sid}", body) for sid, body in seed_requests()]
    sources += [(g.structure, g.body("notation" if k % 4 == 3 else "object")) for k, g in enumerate(generate(n, seed))]
    for label, body in sources:
        try:
            hand, ctx = build(body)
            args = reference_args(hand, ctx.for_hand(hand))
            MahjongGB.MahjongFanCalculator(*args)  # the reference must accept it too
        except (scorer.ScorerError, TypeError) as e:
            skipped.append(f"{label}: {e}")
            continue
        cases.append(Case(label, body, hand, ctx, args))
    return cases, skipped


def timer_overhead() -> int:
    pc = time.perf_counter_ns
    best = 1 << 60
    for _ in range(2000):
        t0 = pc()
        t1 = pc()
        best = min(best, t1 - t0)
    return best


def measure(cases: list[Case], reps: int) -> None:
    """Fill ``case.ns``: the minimum over ``reps`` interleaved rounds of each column."""
    pc = time.perf_counter_ns
    calc = MahjongGB.MahjongFanCalculator
    score, clear, to_dict = scorer.score, scorer.clear_caches, scorer.Result.to_dict
    over = timer_overhead()
    gc.collect()
    gc.disable()
    try:
        for c in cases:
            best = dict.fromkeys(COLUMNS, 1 << 60)
            hand, ctx, args, body = c.hand, c.ctx, c.ref_args, c.body
            for _ in range(reps):
                t0 = pc()
                calc(*args)
                t1 = pc()
                best["ref"] = min(best["ref"], t1 - t0)
                clear()
                t0 = pc()
                score(hand, ctx)
                t1 = pc()
                score(hand, ctx)
                t2 = pc()
                best["cold"] = min(best["cold"], t1 - t0)
                best["warm"] = min(best["warm"], t2 - t1)
                clear()
                t0 = pc()
                h, x = build(body)
                to_dict(score(h, x))
                t1 = pc()
                best["e2e"] = min(best["e2e"], t1 - t0)
            c.ns = {k: max(1, v - over) for k, v in best.items()}
    finally:
        gc.enable()
    scorer.clear_caches()


def quantile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank quantile of an ascending list."""
    k = max(0, min(len(sorted_values) - 1, int(round(q * len(sorted_values) + 0.5)) - 1))
    return sorted_values[k]


def summarize(cases: list[Case], col: str) -> dict[str, Any]:
    ordered = sorted(cases, key=lambda c: c.ns[col])
    vals = [c.ns[col] / 1000 for c in ordered]
    worst = ordered[-1]
    return {
        "median_us": quantile(vals, 0.5), "p99_us": quantile(vals, 0.99), "worst_us": vals[-1],
        "worst_hand": worst.hand.notation(), "worst_label": worst.label,
        "worst_context": {k: v for k, v in worst.body.get("context", {}).items()},
    }


def report(cases: list[Case], skipped: list[str], args: argparse.Namespace, seconds: float) -> dict[str, Any]:
    stats = {col: summarize(cases, col) for col in COLUMNS}
    ref = stats["ref"]["median_us"]
    per_hand = {col: sorted(c.ns[col] / c.ns["ref"] for c in cases) for col in ("cold", "warm", "e2e")}
    ratios = {
        "cold/ref": stats["cold"]["median_us"] / ref,
        "warm/ref": stats["warm"]["median_us"] / ref,
        "e2e/ref": stats["e2e"]["median_us"] / ref,
        "cold_p99/ref_p99": stats["cold"]["p99_us"] / stats["ref"]["p99_us"],
        "worst/median": stats["cold"]["worst_us"] / stats["cold"]["median_us"],
        "p99/median": stats["cold"]["p99_us"] / stats["cold"]["median_us"],
        "ref_worst/ref_median": stats["ref"]["worst_us"] / ref,
        "per_hand_cold/ref_median": quantile(per_hand["cold"], 0.5),
        "per_hand_cold/ref_p99": quantile(per_hand["cold"], 0.99),
        "per_hand_warm/ref_median": quantile(per_hand["warm"], 0.5),
    }
    by_label: dict[str, list[Case]] = defaultdict(list)
    for c in cases:
        by_label["seeds" if c.label.startswith("seed:") else c.label].append(c)
    structures = {}
    for label, cs in sorted(by_label.items()):
        med = {col: quantile(sorted(c.ns[col] for c in cs), 0.5) for col in COLUMNS}
        structures[label] = {
            "hands": len(cs),
            "cold/ref": med["cold"] / med["ref"], "warm/ref": med["warm"] / med["ref"],
            "e2e/ref": med["e2e"] / med["ref"],
            "cold_median/overall_cold_median": med["cold"] / 1000 / stats["cold"]["median_us"],
        }
    met = {
        "cold/ref": ratios["cold/ref"] <= TARGETS["cold/ref"],
        "warm/ref": ratios["warm/ref"] < TARGETS["warm/ref"],
        "worst/median": ratios["worst/median"] <= TARGETS["worst/median"],
    }
    return {
        "config": {"compiled": scorer.COMPILED, "scorer": str(Path(scorer.__file__).parent),
                   "n": args.n, "seed": args.seed, "reps": args.reps, "hands": len(cases),
                   "seed_hands": sum(c.label.startswith("seed:") for c in cases), "skipped": skipped,
                   "python": platform.python_version(), "cpus": os.cpu_count(), "seconds": round(seconds, 1)},
        "stats_us": stats, "ratios": ratios, "targets": TARGETS, "targets_met": met, "structures": structures,
    }


def print_report(r: dict[str, Any], out: Callable[[str], None] = print) -> None:
    cfg, st, ra = r["config"], r["stats_us"], r["ratios"]
    out(f"scorer build: {'compiled (mypyc)' if cfg['compiled'] else 'pure Python'}, from {cfg['scorer']}")
    out(f"{cfg['hands']} hands ({cfg['seed_hands']} from seeds/), min of {cfg['reps']} interleaved rounds per hand, "
        f"{cfg['seconds']} s")
    for s in cfg["skipped"]:
        out(f"  skipped {s}")
    out("")
    out(f"{'column':6} {'median µs':>10} {'p99 µs':>9} {'worst µs':>9}  worst hand")
    for col in COLUMNS:
        s = st[col]
        out(f"{col:6} {s['median_us']:10.2f} {s['p99_us']:9.2f} {s['worst_us']:9.2f}  "
            f"{s['worst_hand']} ({s['worst_label']})")
    out("")
    out("ratios (the figures; µs above only show the scale):")
    tgt, met = r["targets"], r["targets_met"]
    out(f"  cold/ref      {ra['cold/ref']:6.2f}x   target <= {tgt['cold/ref']:g}x   "
        f"{'met' if met['cold/ref'] else 'MISSED'}"
        f"   (per-hand ratio: median {ra['per_hand_cold/ref_median']:.2f}x, p99 {ra['per_hand_cold/ref_p99']:.2f}x)")
    out(f"  warm/ref      {ra['warm/ref']:6.2f}x   target <  {tgt['warm/ref']:g}x   "
        f"{'met' if met['warm/ref'] else 'MISSED'}"
        f"   (per-hand ratio: median {ra['per_hand_warm/ref_median']:.2f}x)")
    out(f"  worst/median  {ra['worst/median']:6.2f}x   target <= {tgt['worst/median']:g}x   "
        f"{'met' if met['worst/median'] else 'MISSED'}   (cold p99/median {ra['p99/median']:.2f}x; "
        f"reference worst/median {ra['ref_worst/ref_median']:.2f}x)")
    out(f"  e2e/ref       {ra['e2e/ref']:6.2f}x   (JSON body -> Hand, Context -> cold score -> to_dict)")
    out("")
    out(f"{'structure':22} {'hands':>5} {'cold/ref':>9} {'warm/ref':>9} {'e2e/ref':>8} {'cold/all':>9}")
    for label, s in r["structures"].items():
        out(f"{label:22} {s['hands']:5} {s['cold/ref']:9.2f} {s['warm/ref']:9.2f} {s['e2e/ref']:8.2f} "
            f"{s['cold_median/overall_cold_median']:9.2f}")


def profile(cases: list[Case], top: int) -> str:
    """cProfile of cold scoring over every hand: where the time goes."""
    prof = cProfile.Profile()
    prof.enable()
    for c in cases:
        scorer.clear_caches()
        scorer.score(c.hand, c.ctx)
    prof.disable()
    scorer.clear_caches()
    buf = io.StringIO()
    stats = pstats.Stats(prof, stream=buf).strip_dirs()
    for key in ("tottime", "cumulative"):
        stats.sort_stats(key).print_stats(top)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.score_best", description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=3000, help="generated hands besides seeds/ (default 3000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--reps", type=int, default=7, help="interleaved rounds per hand; the minimum is kept")
    p.add_argument("--json", metavar="PATH", help="also write the report as JSON")
    p.add_argument("--profile", action="store_true", help="print cProfile's top functions of a cold pass")
    p.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    p.add_argument("--stream-runs", type=int, default=3, help="fresh processes for the stream figure (0: skip it)")
    p.add_argument("--stream-n", type=int, default=2000, help="never-seen hands per stream process")
    args = p.parse_args(argv)

    headline = None
    if args.stream_runs:
        print(f"HEADLINE — stream: {args.stream_runs} fresh processes, {args.stream_n} never-seen hands each, "
              f"build + score from JSON fields, mean per hand / the reference's mean (load {os.getloadavg()[0]:.2f})")
        headline = stream.stream("score", args.stream_n, args.seed, args.stream_runs, env=_ENV)
        for key, (lo, hi) in headline["ranges"].items():
            target = {"stream/ref": "   target <= 6x (stretch 4x)", "score/ref": "   target <= 4x"}.get(key, "")
            print(f"  {key:12} {lo:6.2f}x – {hi:6.2f}x{target}")
        print("\nbest-of-N (the engine, caches cleared, least disturbed round, median over hands):")
    start = time.perf_counter()
    cases, skipped = load_cases(args.n, args.seed)
    if not cases:
        print("no hands to measure", file=sys.stderr)
        return 2
    measure(cases, args.reps)
    r = report(cases, skipped, args, time.perf_counter() - start)
    print_report(r)
    if args.profile:
        print("\ncProfile of a cold pass over every hand, by own time, then by cumulative time:")
        print(profile(cases, 25))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({**r, "stream": headline}, f, indent=2, ensure_ascii=False)
    return 1 if args.check and not all(r["targets_met"].values()) else 0


if __name__ == "__main__":
    sys.exit(main())
