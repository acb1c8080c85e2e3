"""Micro-benchmarks, apart from the load tests: ``python -m bench.<name> [--n N] [--seed S] [--json out.json]``.

Each measures what a user pays (a fresh process of the installed build, hands it has never seen,
parsing included, the mean per hand) against the reference calculator ``pymahjonggb`` in the same
run, on two mixes: the easy one the stream has always used (``testkit/hands/themed.py``) and the harder
one (``testkit/hands/hard.py``). ``python -m bench.compare a.json b.json`` sets two runs side by side.
"""
