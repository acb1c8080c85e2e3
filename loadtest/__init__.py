"""Speed and load measurement; run from the repository root. Every figure is a ratio to a
reference measured in the same run (the machine is shared and noisy); nothing here asserts a time
in the unit tests, and pytest never imports this package (locust patches the process with gevent).

    python -m loadtest.bench_scorer            scorer µs/hand vs pymahjonggb: cold, warm, worst
    python -m loadtest.profile_service         where a request's time goes (cProfile, in-process)
    python -m loadtest.run_load                locust mix against gunicorn, with thresholds
    python -m loadtest.compare_throughput      wrk: /v1/score vs a minimal Flask endpoint
    bash loadtest/ci_smoke.sh                  the CI smoke (<= 30 s), fails on any 5xx

``testkit.hands.load`` makes the request bodies (seeds/ plus generated hands of every structure) and
``testkit.server`` starts and stops gunicorn (both shared with the tests); ``minimal_app`` is the
baseline; ``variants`` switches one layer of the service off from the outside, to price it.
"""
