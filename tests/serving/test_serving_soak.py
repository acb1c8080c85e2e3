"""CI runs a short soak (about 10 s: 3,000 requests at 300/s): no 5xx, no connection error, no
worker replaced. Its memory bound is loose, since 3,000 requests do not even fill the caches; the
real soak (300,000 requests, memory flat after the warm-up) is run by hand with
``python -m loadtest.soak`` and its figures are in the README. The test runs that same command (the
tests import nothing of loadtest/)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from testkit import ROOT


@pytest.mark.slow
def test_a_short_soak_has_no_errors(tmp_path):
    out = tmp_path / "soak.json"
    proc = subprocess.run(
        [sys.executable, "-m", "loadtest.soak", "--requests", "3000", "--rate", "300", "--connections", "6",
         "--hands", "2000", "--warmup", "0.5", "--max-growth-mib", "64", "--json", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    r = json.loads(out.read_text())
    assert r["statuses"] == {"200": 3000} and not r["errors"] and not r["workers_replaced"]
    assert len(r["rss_mib_end"]) == 2 and all(v > 0 for v in r["rss_mib_end"].values())
