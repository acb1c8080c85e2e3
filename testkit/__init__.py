"""What the tests and the load and benchmark scripts share, kept out of the wheel (pyproject's
package discovery includes ``scorer*`` and ``service*`` only) and never imported by ``scorer`` or
``service``. No test module imports another (tests/shipping/test_what_ships.py holds it): what two
of them share lives here.

    testkit.ROOT       the checkout's root (seeds/, RULINGS.md, pyproject.toml, the docs)

    testkit.hands      generated hands: ``themed`` (the differential and property tests' MCR hands,
                       themed so that the interesting fans occur), ``load`` (the load mix, weighted
                       to the expensive structures), ``books`` (Hong Kong and Sichuan requests),
                       ``worst`` (the slowest of a pool), all seeded: a seed is always the same stream
    testkit.records    generated legal hands of play in all three books
    testkit.oracle     the reference calculator (``pymahjonggb``) with the written rulings applied:
                       a test-only oracle
    testkit.seeds      the worked examples (``seeds/<book>/``) as the tests read them, and the MCR
                       seeds' fans derived from the reference calculator
    testkit.strategies the hypothesis strategies over hands and hands of play of the three books,
                       and each book's property settings
    testkit.bodies     hypothesis strategies for request bodies, mostly near-misses of the real shape
    testkit.replaying  game records written as scripts (``"E draw 4m; E discard 4m; S pung"``), and
                       Botzone logs
    testkit.explained  what explaining must leave unchanged in an answer
    testkit.spec       the in-process client that checks every answer against ``openapi.yaml``
                       (the server extra's: Flask, openapi-core)
    testkit.server     gunicorn on 127.0.0.1 and a free port, started and always stopped by its PID
    testkit.serving    ``mahjong-scorer serve`` as the README runs it, and small HTTP clients

Importing ``testkit`` or ``testkit.hands`` imports nothing else, so ``testkit.hands.load`` stays
usable where the scorer must not be loaded (locust's gevent-patched process).
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
