"""Load and soak tools; run from the repository root. The speed figures are ``bench``'s
(``python -m bench all``); these put the served build under load and say whether it holds. Nothing
here asserts a time in the unit tests, and pytest never imports this package (locust patches the
process with gevent).

    python -m loadtest.run_load                locust mix against gunicorn, with thresholds
    python -m loadtest.soak                    a bounded soak: memory flat, no 5xx
    bash loadtest/ci_smoke.sh                  the CI smoke (<= 30 s), fails on any 5xx

``testkit.hands.load`` makes the request bodies (seeds/ plus generated hands of every structure) and
``testkit.server`` starts and stops gunicorn (both shared with the tests and ``bench``).
"""
