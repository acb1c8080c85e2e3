"""schemathesis against the service as it is deployed: gunicorn on 127.0.0.1 (the project's config
and worker), started by the test and stopped by its own PID, every operation, positive and
negative data, every check schemathesis has. Bounded: a few examples per operation and mode, well
under a minute in all.

One check is left out where the spec cannot say everything the server judges:
``positive_data_acceptance`` (a request the schema allows must not be refused) for the operations
whose bodies carry a hand, a room, a hand of play, a game record or a tournament. JSON Schema can
say a tile list is a string of at most 128 characters, but not that its tiles make a legal hand (a
meld that is no chow, pung or kong, a fifth copy, 13 tiles plus the winning one), nor that four
players have distinct names and that a winner or discarder is one of them, nor that a Sichuan hand
of play could have happened (a kong in one's missing suit, a win by a player who has already won, a
robbing win that follows no added kong), nor that a record's deal and actions could have been played
(thirteen tiles each, a discard of a tile held, a claim in turn), nor that a tournament's tables
seat four different players. Those refusals are 422s that the spec documents; every other check
still runs on those operations, and all checks run on every other one (the batch included: a
schema-valid batch is always answered, each item in its own slot).

The batch's items are judged one by one: an item that is no ``POST /v1/score`` body gets its
problem in its own slot of a 200, and the spec says so (an item is a ``ScoreRequest`` or any other
value), so every check runs on the batch, ``negative_data_rejection`` included: the envelope (no
list, an empty one, more than 1,000 items) is what it refuses.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import CHECKS, load_all_checks, positive_data_acceptance

from testkit.server import Gunicorn
from testkit.serving import server
from testkit.spec import load_spec

MAX_EXAMPLES = 12  # per operation and generation mode
TIME_LIMIT = 60.0  # seconds for the whole pass (about 12 s on an idle 2-core machine)
# Operations whose schema-valid bodies can still be impossible (see the module docstring).
SEMANTIC_BODIES = {("/v1/score", "post"), ("/v1/waits", "post"), ("/v1/match", "post"), ("/v1/sichuan/settle", "post"),
                   ("/v1/{ruleset}/settle", "post"), ("/v1/replay", "post"), ("/v1/standings", "post")}
SPEC = load_spec()
OPERATIONS = [(path, method) for path, item in SPEC["paths"].items() for method in item]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Gunicorn]:
    with server(tmp_path_factory.mktemp("schemathesis-live"), workers=1) as g:
        yield g


@pytest.mark.slow
def test_the_served_api_conforms_to_its_spec_with_every_check(live: Gunicorn) -> None:
    t0 = time.monotonic()
    load_all_checks()
    every_check = list(CHECKS.get_all())
    schema = schemathesis.openapi.from_url(f"{live.url}/openapi.yaml")
    ran = 0
    for path, method in OPERATIONS:
        operation = schema[path][method.upper()]
        excluded = [positive_data_acceptance] if (path, method) in SEMANTIC_BODIES else []
        modes = [GenerationMode.POSITIVE]
        if "requestBody" in SPEC["paths"][path][method]:  # negative data needs something to violate
            modes.append(GenerationMode.NEGATIVE)
        for mode in modes:
            _run(operation, mode, live.url, every_check, excluded)
            ran += 1
    assert ran >= len(OPERATIONS)
    assert time.monotonic() - t0 < TIME_LIMIT


def _run(operation: Any, mode: GenerationMode, url: str, checks: list[Any], excluded: list[Any]) -> None:
    @settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case: schemathesis.Case) -> None:
        case.call_and_validate(base_url=url, checks=checks, excluded_checks=excluded)

    run()
