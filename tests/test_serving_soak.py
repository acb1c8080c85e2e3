"""CI runs a short soak (about 10 s: 3,000 requests at 300/s): no 5xx, no connection error, no
worker replaced. Its memory bound is loose, since 3,000 requests do not even fill the caches; the
real soak (300,000 requests, memory flat after the warm-up) is run by hand with
``python -m loadtest.soak`` and its figures are in the README."""

from __future__ import annotations

import json

import pytest

from loadtest import soak


@pytest.mark.slow
def test_a_short_soak_has_no_errors(tmp_path, capsys):
    out = tmp_path / "soak.json"
    rc = soak.main(["--requests", "3000", "--rate", "300", "--connections", "6", "--hands", "2000",
                    "--warmup", "0.5", "--max-growth-mib", "64", "--json", str(out)])
    printed = capsys.readouterr().out
    assert rc == 0, printed
    r = json.loads(out.read_text())
    assert r["statuses"] == {"200": 3000} and not r["errors"] and not r["workers_replaced"]
    assert len(r["rss_mib_end"]) == 2 and all(v > 0 for v in r["rss_mib_end"].values())
