"""``pip install .`` alone, as a bot or a research script installs the library: a fresh venv holds
the library, its command line and only what they import (orjson, marshmallow, mypy-extensions), no
web package is importable, and it scores, waits, settles and replays from Python and from ``mahjong-scorer`` the
same answers as the suite's own install; ``serve`` says to install the ``server`` extra.

The build is forced pure Python (``MCR_SCORER_PURE=1``): what is tested here is what installs, and a
mypyc compile would only lengthen it (CI tests the compiled build in its own venv, ``.ci/run``).
Bounded: each step has its timeout; the venv is removed with the test's temporary directory.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import scorer
from testkit import ROOT
from testkit.replaying import DEAL_A, record

pytestmark = pytest.mark.slow

# The server extra's import names (pyproject.toml), and werkzeug, which Flask brings
WEB = ("flask", "werkzeug", "gunicorn", "gevent", "prometheus_client", "flask_swagger_ui", "yaml", "flask_cors",
       "flask_compress", "brotli")
HAND = "[222m1][444m2][666m3]88mWW8m"
READY = "123m456p789s1122m"
ROOM = {"players": [{"name": n, "beans": 2000} for n in ("Ann", "Bo", "Cy", "Di")], "base_points": 10, "length": 4,
        "hands": [{"win": {"winner": "Ann", "discarder": "Bo", "hand": HAND}},
                  {"win": {"winner": "Cy", "discarder": None, "points": 12, "flowers": 1}}]}
PLAY = json.loads((ROOT / "seeds" / "sichuan" / "102_robbed_kong.json").read_text(encoding="utf-8"))["request"]
RECORD = record(DEAL_A, "E draw 9p; E discard 9p; S draw 5p; S discard 5p; E win")

LIBRARY = f"""
import importlib.util, json, sys
import scorer
out = {{
    "score": scorer.score({HAND!r}, discarder="S").to_dict(),
    "waits": scorer.analyze({READY!r}).to_dict(),
    "room": scorer.rulebook("mcr").settlement.of_body(json.loads({json.dumps(ROOM)!r})).to_dict(),
    "play": scorer.rulebook("sichuan").settlement.of_body(json.loads({json.dumps(PLAY)!r})).to_dict(),
    "replay": scorer.replay(json.loads({json.dumps(RECORD)!r})).to_dict(),
    "importable": sorted(m for m in {WEB!r} if importlib.util.find_spec(m) is not None),
    "loaded": sorted(m for m in sys.modules if m.split(".")[0] in {WEB!r} + ("service",)),
    "file": scorer.__file__,
}}
print(json.dumps(out))
"""


def expected() -> dict[str, Any]:
    """The same answers from the suite's own install."""
    return {
        "score": scorer.score(HAND, discarder="S").to_dict(),
        "waits": scorer.analyze(READY).to_dict(),
        "room": scorer.rulebook("mcr").settlement.of_body(ROOM).to_dict(),
        "play": scorer.rulebook("sichuan").settlement.of_body(PLAY).to_dict(),
        "replay": scorer.replay(RECORD).to_dict(),
    }


def _run(argv: list[str], timeout: float, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, **kw)


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str], Path]:
    """A fresh venv with ``pip install .`` and nothing else: its bin folder, an environment without
    the suite's, and a working directory away from the checkout."""
    home = tmp_path_factory.mktemp("bare")
    venv = home / "venv"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    made = _run([sys.executable, "-m", "venv", str(venv)], timeout=120, env=env)
    assert made.returncode == 0, made.stderr
    installed = _run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                      str(ROOT)], timeout=900, env={**env, "MCR_SCORER_PURE": "1"}, cwd=home)
    assert installed.returncode == 0, installed.stderr[-3000:]
    work = home / "work"
    work.mkdir()
    return venv / "bin", env, work


def test_the_bare_install_holds_the_library_and_what_it_imports(bare: tuple[Path, dict[str, str], Path]) -> None:
    bindir, env, work = bare
    listed = _run([str(bindir / "python"), "-m", "pip", "list", "--format=json", "--disable-pip-version-check"],
                  timeout=120, env=env, cwd=work)
    names = {p["name"].lower().replace("_", "-") for p in json.loads(listed.stdout)} - {"pip", "setuptools"}
    assert names == {"mahjong-scorer", "orjson", "marshmallow", "mypy-extensions"}


def test_the_library_answers_without_a_web_package(bare: tuple[Path, dict[str, str], Path]) -> None:
    bindir, env, work = bare
    ran = _run([str(bindir / "python"), "-I", "-c", LIBRARY], timeout=300, env=env, cwd=work)
    assert ran.returncode == 0, ran.stderr[-3000:]
    got = json.loads(ran.stdout)
    assert ROOT not in Path(got.pop("file")).parents  # the venv's library, not the checkout's
    assert (got.pop("importable"), got.pop("loaded")) == ([], [])
    assert got == expected()


def test_the_command_line_answers_and_serve_says_what_to_install(bare: tuple[Path, dict[str, str], Path]) -> None:
    bindir, env, work = bare
    want = expected()

    def cli(*argv: str) -> subprocess.CompletedProcess[str]:
        return _run([str(bindir / "mahjong-scorer"), *argv], timeout=300, env=env, cwd=work)

    def answer(*argv: str) -> Any:
        done = cli(*argv)
        assert done.returncode == 0, (argv, done.stderr[-3000:])
        return json.loads(done.stdout)

    for name, body in (("room.json", ROOM), ("play.json", PLAY), ("record.json", RECORD)):
        (work / name).write_text(json.dumps(body), encoding="utf-8")
    assert answer("score", HAND, "--discarder", "S", "--json") == want["score"]
    assert answer("waits", READY, "--json") == want["waits"]
    assert answer("settle", "room.json", "--ruleset", "mcr", "--json") == want["room"]
    assert answer("settle", "play.json", "--ruleset", "sichuan", "--json") == want["play"]
    assert answer("replay", "record.json", "--json") == want["replay"]
    helped = cli("--help")
    assert helped.returncode == 0 and "  serve " in helped.stdout and "  score " in helped.stdout
    served = cli("serve", "--port", "1")
    assert served.returncode == 2 and served.stdout == ""
    assert served.stderr.startswith("mahjong-scorer serve: the HTTP service needs the server extra (flask")
    assert served.stderr.endswith('not installed): pip install "mahjong-scorer[server]"\n')
