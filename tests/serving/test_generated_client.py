"""A client generated from the spec, as a client author would make one, tried for real.

openapi-python-client (pinned in the test extra) generates a Python client from ``openapi.yaml``;
tests/serving/generated_client_calls.py calls every operation through it, with a plain, unauthenticated
client, against the served build (gunicorn on 127.0.0.1, no API keys, started and stopped by the
test), and mypy --strict type-checks that script with the generated package. So a spec change that
breaks generated clients (a response they cannot parse, an operation that demands an authenticated
client, a model that cannot carry a documented body, a type error) fails here.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from testkit import ROOT
from testkit.server import Gunicorn
from testkit.serving import server
from testkit.spec import load_spec

SPEC = load_spec()
PACKAGE = "mahjong_scorer_client"
CONFIG = ROOT / "tests" / "serving" / "openapi-python-client.yaml"  # no content-type overrides

@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("client")
    r = subprocess.run([sys.executable, "-m", "openapi_python_client", "generate", "--path", str(ROOT / "openapi.yaml"),
                        "--meta", "none", "--config", str(CONFIG), "--output-path", str(out / PACKAGE)],
                       capture_output=True, text=True, timeout=300, cwd=out,
                       env={**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"})
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Warning" not in r.stdout + r.stderr, r.stdout + r.stderr  # every operation and response generated
    assert (out / PACKAGE / "models" / "suit.py").exists()  # named schemas, not one enum class per use
    shutil.copy(ROOT / "tests" / "serving" / "generated_client_calls.py", out / "generated_client_calls.py")
    return out


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Gunicorn]:
    with server(tmp_path_factory.mktemp("client-live"), env={"SCORER_API_KEYS": ""}, workers=1) as g:
        yield g


def test_the_generated_client_calls_every_operation(generated: Path, live: Gunicorn) -> None:
    env = {**os.environ, "PYTHONPATH": str(generated)}
    r = subprocess.run([sys.executable, "generated_client_calls.py", live.url], cwd=generated, env=env,
                       capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    called = set(json.loads(r.stdout.strip().splitlines()[-1]))
    operations = {op["operationId"] for item in SPEC["paths"].values() for op in item.values()}
    assert called == operations


def test_the_generated_client_type_checks_strictly(generated: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-version", "3.11",
                        PACKAGE, "generated_client_calls.py"],
                       cwd=generated, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-5000:]


def test_the_models_carry_the_enums_by_name(generated: Path) -> None:
    models = generated / PACKAGE / "models"
    tile = (models / "tile_code.py").read_text()
    assert 'ONE_CHARACTERS = "1m"' in tile and 'RED_DRAGON = "C"' in tile and "VALUE_" not in tile
    assert 'BAMBOO = "s"' in (models / "suit.py").read_text()
    assert 'SOUTH = "S"' in (models / "wind.py").read_text()
    # one enum class for the suits, not one per place that names a suit
    assert [p.name for p in models.glob("*.py") if 'CHARACTERS = "m"' in p.read_text()] == ["suit.py"]
    batch = (models / "batch_request.py").read_text()
    assert "requests: list[Any | ScoreRequest]" in batch  # typed items, and anything else answered in its slot
