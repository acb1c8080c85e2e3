"""What the tests and the load and benchmark scripts share, kept out of the wheel (pyproject's
package discovery includes ``scorer*`` and ``service*`` only) and never imported by ``scorer`` or
``service``:

    testkit.hands      generated hands: ``themed`` (the differential and property tests' MCR hands,
                       themed so that the interesting fans occur), ``load`` (the load mix, weighted
                       to the expensive structures), ``books`` (Hong Kong and Sichuan requests),
                       ``worst`` (the slowest of a pool), all seeded: a seed is always the same stream
    testkit.records    generated legal hands of play in all three books
    testkit.oracle     the reference calculator (``pymahjonggb``) with the written rulings applied:
                       a test-only oracle
    testkit.server     gunicorn on 127.0.0.1 and a free port, started and always stopped by its PID
    testkit.serving    ``mcr-scorer serve`` as the README runs it, and small HTTP clients

Importing ``testkit`` or ``testkit.hands`` imports nothing else, so ``testkit.hands.load`` stays
usable where the scorer must not be loaded (locust's gevent-patched process).
"""
