"""Every speed measurement, in one package: ``python -m bench all`` runs the command of each figure
docs/performance.md quotes (``python -m bench list`` names them), ``python -m bench.<name>`` one.

    stream, instructions      what a user pays: a fresh process, never-seen hands, against the C++
                              reference (pymahjonggb); instructions counted by callgrind
    score, waits, service     micro-benchmarks on two mixes, easy and hard (``common``; ``compare``
                              sets two runs' JSON side by side)
    score_best, waits_best    per hand the best of N interleaved rounds; worst_median over processes
    batch, bulk, replay, room the batch request, the bulk command, a game record, a room
    throughput, serving       wrk against gunicorn: /v1/score against ``minimal_app``, the serving
                              designs' tail latency (``variants`` prices one layer of the service)
    hongzhong, hangzhou, guangdong, wild
                              the joker books against MCR on the same tiles (and the joker
                              engine against the plain one); joker_instructions counts their
                              calls by callgrind, to compare two builds (to about 1%)
    worst_batch, gc_thresholds, profile_service, digest
                              the slowest batch, the collector's thresholds, where a request's time
                              goes, and the answers' hashes that show a speed change moved none

Every figure is a ratio to a reference measured in the same run (the machine is shared and noisy);
no test asserts a time. The load and soak tools (locust, the CI smoke) are ``loadtest/``'s.

Run from the repository root with the interpreter of the build to measure: importing this package
puts the checkout's root behind the installed packages on ``sys.path`` (``python -m`` puts it
first), so ``scorer`` and ``service`` are the installed build's, the compiled wheel's in a venv
that has it; ``testkit`` and ``bench`` still come from the checkout.
"""

import os
import sys
from pathlib import Path

_ROOT = str(Path(__file__).resolve().parents[1])
if "scorer" not in sys.modules and sys.path and os.path.abspath(sys.path[0] or os.curdir) == _ROOT:
    sys.path.append(sys.path.pop(0))
