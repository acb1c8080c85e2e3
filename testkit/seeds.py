"""The worked examples (``seeds/<book>/*.json``) as the tests read them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from testkit import ROOT

SEEDS_DIR = ROOT / "seeds" / "mcr"
SEEDS = sorted(SEEDS_DIR.glob("*.json"))  # MCR's, as paths


def load_seed(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def load_seeds() -> list[dict[str, Any]]:
    """MCR's seeds, read."""
    return [load_seed(p) for p in SEEDS]
