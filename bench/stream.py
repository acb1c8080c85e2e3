"""The stream figure: speed as a user pays for it, in a fresh process, each hand seen once.

    python -m bench.stream [--what score|waits|books] [--n 2000] [--seed 1] [--runs 3]

Each run is a new interpreter (this one's, so the build installed in its venv; run it with the
compiled wheel's interpreter to measure the wheel) that imports the scorer, generates ``--n``
hands it has never seen (``testkit/hands/themed.py``, a different seed per run) as JSON-shaped fields,
and goes through them once, in order, with the garbage collector on, as a service or a batch job
does. Per hand it times, side by side:

    score   ``Hand.build(**fields)``, ``Context.build(**fields)`` (``build``), then ``scorer.score``
            (``score``), against ``MahjongGB.MahjongFanCalculator`` on the same hand (``ref``)
    waits   ``scorer.analyze(fields).to_dict()`` on 13 tiles: a hand not yet ready against
            ``MahjongGB.MahjongShanten`` (``not_ready`` / ``ref_shanten``); the ready hand (the
            winning tile taken away), every wait scored on a discard and self-drawn, against
            ``MahjongShanten`` plus two ``MahjongFanCalculator`` calls per wait (``ready`` /
            ``ref_ready``)
    books   the four rule books in one stream, hand for hand in turn (an MCR hand with its
            reference call, a Hong Kong hand, a Sichuan hand, a Taiwanese 16-tile hand, then the next
            of each), each hand ``Hand.build`` + ``Context.build`` + ``scorer.score(..., ruleset=book)``:
            each book's mean per hand and its ratio to MCR's mean in the same run (``hk/mcr``,
            ``sichuan/mcr``, ``taiwan/mcr``), MCR's to the reference as in ``score``. Hong Kong's hands
            are ``testkit/hands/themed.py``'s that Hong Kong scores as winning (no knitted or
            honours-and-knitted shapes), Sichuan's ``testkit/hands/books.py``'s two-suit generator's,
            each with a missing suit it lacks, Taiwan's its five-set generator's (named flowers, up to
            two declared sets); all chosen and written as JSON fields by a process of their own
            beforehand (choosing Hong Kong's means scoring them, which the timed process must not have
            done). A full
            collection lands on whichever book's hand crossed the threshold, so the ratios are also
            given without the collector's pauses inside each book's hands (``cpu-gc``, from
            ``gc.callbacks``)

The figures are the mean per hand over the run and its ratio to the reference's mean in the same
run (the machine is shared and noisy: only ratios measured side by side mean anything), reported
per run and as a range over runs. The same ratios are also given in the thread's CPU time
(``cpu ...``): a wall-clock mean takes in every time slice another process was given while a hand
was being scored, which on a loaded machine swings the mean by 2x from run to run. This is the
headline figure; ``bench.score_best``'s best-of-N figure (the least disturbed of several rounds, caches
cleared, median over hands) is a property of the engine, not what a user waits.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SEED_BASE = 7_000  # the stream's seeds are not the unit tests' (never seen, even by a warm cache)


def _time_reference(calc: Any, args: Any) -> tuple[int, int]:
    """One reference call's wall and CPU nanoseconds (a hand it refuses, with no fan, still did the work)."""
    u0 = time.thread_time_ns()
    t0 = time.perf_counter_ns()
    try:
        calc(*args)
    except Exception:  # noqa: BLE001
        pass
    t1 = time.perf_counter_ns()
    return t1 - t0, time.thread_time_ns() - u0


def _child_score(n: int, seed: int) -> dict[str, Any]:
    import MahjongGB

    import scorer
    from testkit.hands.themed import generate_many

    hands = generate_many(n, seed)
    bodies = [json.loads(json.dumps(g.request_body())) for g in hands]  # as a JSON parser gives them
    refs = [g.reference_args()[:-1] for g in hands]  # not verbose, as bench.score_best calls it
    calc, build_hand, build_ctx, score = MahjongGB.MahjongFanCalculator, scorer.Hand.build, scorer.Context.build, \
        scorer.score
    pc, cpu = time.perf_counter_ns, time.thread_time_ns
    t_build = t_score = t_ref = 0
    c_build = c_score = c_ref = 0
    done = 0
    for body, args in zip(bodies, refs, strict=True):
        wall_ref, cpu_ref = _time_reference(calc, args)
        u1 = cpu()
        t1 = pc()
        h = build_hand(**body["hand"])
        c = build_ctx(**body["context"])
        t2 = pc()
        u2 = cpu()
        score(h, c)
        t3 = pc()
        u3 = cpu()
        t_ref += wall_ref
        t_build += t2 - t1
        t_score += t3 - t2
        c_ref += cpu_ref
        c_build += u2 - u1
        c_score += u3 - u2
        done += 1
    return {"hands": done, "ref_us": t_ref / done / 1e3, "build_us": t_build / done / 1e3,
            "score_us": t_score / done / 1e3, "cpu_ref_us": c_ref / done / 1e3, "cpu_build_us": c_build / done / 1e3,
            "cpu_score_us": c_score / done / 1e3, "compiled": scorer.COMPILED}


def _child_waits(n: int, seed: int) -> dict[str, Any]:
    import MahjongGB

    import scorer
    from testkit.hands.waiting import waits_hands

    shanten_ref, calc = MahjongGB.MahjongShanten, MahjongGB.MahjongFanCalculator
    ready, not_ready = waits_hands(n, seed)
    analyze = scorer.analyze
    pc, cpu = time.perf_counter_ns, time.thread_time_ns

    t_nr = t_nr_ref = c_nr = c_nr_ref = 0
    for body, (packs, standing) in not_ready:
        u0 = cpu()
        t0 = pc()
        shanten_ref(packs, standing)
        t1 = pc()
        u1 = cpu()
        analyze(body["hand"], body["context"]).to_dict()
        t2 = pc()
        u2 = cpu()
        t_nr_ref += t1 - t0
        t_nr += t2 - t1
        c_nr_ref += u1 - u0
        c_nr += u2 - u1
    t_r = t_r_ref = c_r = c_r_ref = 0
    waits = 0
    for body, (packs, standing, useful, flowers, seat, prevalent) in ready:
        u0 = cpu()
        t0 = pc()
        shanten_ref(packs, standing)
        for w in useful:
            for self_drawn in (False, True):
                try:
                    calc(packs, standing, w, flowers, self_drawn, False, False, False, seat, prevalent)
                except Exception:  # noqa: BLE001 - no fan / not a win: the reference did the work
                    pass
        t1 = pc()
        u1 = cpu()
        analyze(body["hand"], body["context"]).to_dict()
        t2 = pc()
        u2 = cpu()
        waits += len(useful)
        t_r_ref += t1 - t0
        t_r += t2 - t1
        c_r_ref += u1 - u0
        c_r += u2 - u1
    nr, r = len(not_ready), len(ready)
    return {"not_ready_hands": nr, "ready_hands": r, "waits_per_ready": waits / r,
            "not_ready_us": t_nr / nr / 1e3, "ref_shanten_us": t_nr_ref / nr / 1e3,
            "ready_us": t_r / r / 1e3, "ref_ready_us": t_r_ref / r / 1e3,
            "cpu_not_ready_us": c_nr / nr / 1e3, "cpu_ref_shanten_us": c_nr_ref / nr / 1e3,
            "cpu_ready_us": c_r / r / 1e3, "cpu_ref_ready_us": c_r_ref / r / 1e3,
            "compiled": scorer.COMPILED}


def _prep_books(n: int, seed: int) -> dict[str, Any]:
    """Hong Kong and Sichuan request bodies for ``_child_books``, in a process of their own: ``n``
    generated hands Hong Kong scores as winning, ``n`` Sichuan hands (JSON fields)."""
    import scorer
    from testkit.hands.books import sichuan_requests, taiwan_request
    from testkit.hands.themed import generate

    hk: list[dict[str, Any]] = []
    k = 0
    while len(hk) < n:
        g = generate(seed + 50, k)
        k += 1
        body = {"hand": g.hand_kwargs(), "context": {**g.context, "last_copy": False}}
        try:
            if scorer.score(scorer.Hand.build(**body["hand"]), ruleset="hk", **body["context"]).winning:
                hk.append(body)
        except scorer.ScorerError:
            pass
    sichuan: list[dict[str, Any]] = []
    for hand, ctx, _ in sichuan_requests(n, seed + 51):  # its first n are generated, the seeds come after
        if len(sichuan) == n:
            break
        fields: dict[str, Any] = {
            "concealed": [t.value for t in hand.concealed], "winning_tile": hand.winning_tile.value,
            "melds": [{"tiles": [t.value for t in m.tiles], "concealed": m.concealed} for m in hand.melds]}
        assert scorer.Hand.build(**fields) == hand
        sichuan.append({"hand": fields, "context": ctx})
    rnd = random.Random(seed + 52)
    taiwan = [taiwan_request(rnd) for _ in range(n)]
    return {"hk": hk, "sichuan": sichuan, "taiwan": taiwan, "hk_drawn": [k]}


def _child_books(n: int, seed: int, prepared: str) -> dict[str, Any]:
    import MahjongGB

    import scorer
    from testkit.hands.themed import generate_many

    with open(prepared, encoding="utf-8") as f:
        prep = json.load(f)
    hands = generate_many(n, seed)
    mcr = [json.loads(json.dumps(g.request_body())) for g in hands]
    refs = [g.reference_args()[:-1] for g in hands]
    hk, sichuan, taiwan = prep["hk"], prep["sichuan"], prep["taiwan"]
    calc, build_hand, build_ctx, score = MahjongGB.MahjongFanCalculator, scorer.Hand.build, scorer.Context.build, \
        scorer.score
    pc, cpu = time.perf_counter_ns, time.thread_time_ns
    wall = {"ref": 0, "mcr": 0, "hk": 0, "sichuan": 0, "taiwan": 0}
    used = dict.fromkeys(wall, 0)
    won = {"mcr": 0, "hk": 0, "sichuan": 0, "taiwan": 0}
    # The collector's pauses, timed apart: a full collection (15-25 ms) lands on whichever book's
    # hand allocates past the threshold, so with three books in turn it moves a book's mean by 10 µs
    # or more from run to run; each book's time is also given without the pauses inside it.
    paused = [0, 0]  # wall, CPU (ns) of every collection so far
    began = [0, 0]
    gc_wall = dict.fromkeys(wall, 0)
    gc_used = dict.fromkeys(wall, 0)

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0], began[1] = pc(), cpu()
        else:
            paused[0] += pc() - began[0]
            paused[1] += cpu() - began[1]

    gc.callbacks.append(on_gc)
    for k in range(n):
        wall_ref, cpu_ref = _time_reference(calc, refs[k])
        wall["ref"] += wall_ref
        used["ref"] += cpu_ref
        for book, body in (("mcr", mcr[k]), ("hk", hk[k]), ("sichuan", sichuan[k]), ("taiwan", taiwan[k])):
            p0, q0 = paused
            u0 = cpu()
            t0 = pc()
            r = score(build_hand(**body["hand"]), build_ctx(**body["context"]), ruleset=book)
            t1 = pc()
            u1 = cpu()
            wall[book] += t1 - t0
            used[book] += u1 - u0
            gc_wall[book] += paused[0] - p0
            gc_used[book] += paused[1] - q0
            won[book] += r.winning
    gc.callbacks.remove(on_gc)
    out: dict[str, Any] = {"hands": n, "compiled": scorer.COMPILED, "winning": won,
                           "gc_ms": paused[0] / 1e6, "cpu_gc_ms": paused[1] / 1e6}
    for key in wall:
        out[f"{key}_us"] = wall[key] / n / 1e3
        out[f"cpu_{key}_us"] = used[key] / n / 1e3
        out[f"nogc_{key}_us"] = (wall[key] - gc_wall[key]) / n / 1e3
        out[f"cpu_nogc_{key}_us"] = (used[key] - gc_used[key]) / n / 1e3
    return out


def one_run(what: str, n: int, seed: int, python: str = sys.executable,
            env: dict[str, str] | None = None) -> dict[str, Any]:
    """A fresh interpreter measures one stream (in ``env``, by default this one's); its figures as a dict."""
    base = os.environ if env is None else env
    env = {**base, "PYTHONHASHSEED": base.get("PYTHONHASHSEED", "random")}
    head = f"import sys, json; sys.path.append({str(ROOT)!r}); from bench.stream import "
    extra = ""
    if what == "books":  # the Hong Kong and Sichuan bodies, chosen by a process of its own
        code = head + f"_prep_books; print(json.dumps(_prep_books({n}, {seed})))"
        prep = subprocess.run([python, "-P", "-c", code], capture_output=True, text=True, check=True, cwd="/",
                              env=env).stdout.strip().splitlines()[-1]
        fd, path = tempfile.mkstemp(suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(prep)
        extra = f", {path!r}"
    code = head + f"_child_{what}; print(json.dumps(_child_{what}({n}, {seed}{extra})))"
    try:
        # -P: never this checkout's source ahead of the installed build (the checkout is appended last)
        out = subprocess.run([python, "-P", "-c", code], capture_output=True, text=True, check=True, cwd="/",
                             env=env)
    finally:
        if what == "books":
            os.unlink(path)
    r: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    if what == "books":
        r["mcr/ref"] = r["mcr_us"] / r["ref_us"]
        r["hk/mcr"] = r["hk_us"] / r["mcr_us"]
        r["sichuan/mcr"] = r["sichuan_us"] / r["mcr_us"]
        r["taiwan/mcr"] = r["taiwan_us"] / r["mcr_us"]
        r["cpu mcr/ref"] = r["cpu_mcr_us"] / r["cpu_ref_us"]
        r["cpu hk/mcr"] = r["cpu_hk_us"] / r["cpu_mcr_us"]
        r["cpu sichuan/mcr"] = r["cpu_sichuan_us"] / r["cpu_mcr_us"]
        r["cpu taiwan/mcr"] = r["cpu_taiwan_us"] / r["cpu_mcr_us"]
        # without the collector's pauses inside each book's hands (each its own share of them)
        r["cpu-gc hk/mcr"] = r["cpu_nogc_hk_us"] / r["cpu_nogc_mcr_us"]
        r["cpu-gc sichuan/mcr"] = r["cpu_nogc_sichuan_us"] / r["cpu_nogc_mcr_us"]
        r["cpu-gc taiwan/mcr"] = r["cpu_nogc_taiwan_us"] / r["cpu_nogc_mcr_us"]
    elif what == "score":
        r["stream/ref"] = (r["build_us"] + r["score_us"]) / r["ref_us"]
        r["score/ref"] = r["score_us"] / r["ref_us"]
        r["build/ref"] = r["build_us"] / r["ref_us"]
        # the same in CPU time of the thread: what other processes on a shared machine cannot inflate
        r["cpu stream/ref"] = (r["cpu_build_us"] + r["cpu_score_us"]) / r["cpu_ref_us"]
        r["cpu score/ref"] = r["cpu_score_us"] / r["cpu_ref_us"]
    else:
        r["not_ready/ref"] = r["not_ready_us"] / r["ref_shanten_us"]
        r["ready/ref"] = r["ready_us"] / r["ref_ready_us"]
        r["cpu not_ready/ref"] = r["cpu_not_ready_us"] / r["cpu_ref_shanten_us"]
        r["cpu ready/ref"] = r["cpu_ready_us"] / r["cpu_ref_ready_us"]
    return r


RATIOS = {"score": ("stream/ref", "score/ref", "build/ref", "cpu stream/ref", "cpu score/ref"),
          "waits": ("not_ready/ref", "ready/ref", "cpu not_ready/ref", "cpu ready/ref"),
          "books": ("mcr/ref", "hk/mcr", "sichuan/mcr", "taiwan/mcr", "cpu mcr/ref", "cpu hk/mcr",
                    "cpu sichuan/mcr", "cpu taiwan/mcr", "cpu-gc hk/mcr", "cpu-gc sichuan/mcr", "cpu-gc taiwan/mcr")}
MICROS = {"score": ("build_us", "score_us", "ref_us"),
          "waits": ("not_ready_us", "ref_shanten_us", "ready_us", "ref_ready_us"),
          "books": ("mcr_us", "hk_us", "sichuan_us", "taiwan_us", "ref_us", "cpu_mcr_us", "cpu_hk_us",
                    "cpu_sichuan_us", "cpu_taiwan_us", "cpu_nogc_mcr_us", "cpu_nogc_hk_us", "cpu_nogc_sichuan_us",
                    "cpu_nogc_taiwan_us")}


def stream(what: str, n: int, seed: int, runs: int, python: str = sys.executable,
           out: Any = print, env: dict[str, str] | None = None) -> dict[str, Any]:
    """``runs`` fresh processes, each with its own never-seen hands; per-run figures and ranges."""
    results = []
    for k in range(runs):
        r = one_run(what, n, SEED_BASE + seed * 100 + k, python, env)
        results.append(r)
        out(f"  run {k + 1}: " + "  ".join(f"{key} {r[key]:.2f}x" for key in RATIOS[what]) + "   ("
            + ", ".join(f"{key[:-3]} {r[key]:.1f} µs" for key in MICROS[what])
            + (f"; collections {r['cpu_gc_ms']:.0f} ms CPU" if what == "books" else "") + ")")
    ranges = {key: (min(r[key] for r in results), max(r[key] for r in results)) for key in RATIOS[what]}
    return {"what": what, "n": n, "runs": results, "ranges": ranges, "compiled": results[0]["compiled"],
            "load": os.getloadavg()}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--what", choices=("score", "waits", "books"), default="score")
    p.add_argument("--n", type=int, default=None, help="hands per run (default 2000 for score, 400 for waits; "
                   "2000 of each book for books)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--json", help="also write the figures here")
    args = p.parse_args(argv)
    n = args.n or (400 if args.what == "waits" else 2000)
    print(f"stream ({args.what}): {args.runs} fresh processes, {n} never-seen hands each, "
          f"load {os.getloadavg()[0]:.2f}")
    r = stream(args.what, n, args.seed, args.runs)
    print(f"build: {'compiled (mypyc)' if r['compiled'] else 'pure Python'}")
    for key, (lo, hi) in r["ranges"].items():
        print(f"  {key:14} {lo:6.2f}x – {hi:6.2f}x")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(r, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
