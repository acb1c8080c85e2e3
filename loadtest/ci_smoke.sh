#!/usr/bin/env bash
# CI smoke: a short headless locust run (the mixed scenario of loadtest/locustfile.py) against
# gunicorn started on 127.0.0.1 with service/gunicorn_conf.py; fails on any 5xx, unexpected status or
# connection error. Latency bounds are loose here (a smoke, on a shared machine): the figures
# come from bench/throughput.py and loadtest/run_load.py run by hand.
#
#   bash loadtest/ci_smoke.sh            # ~25 s in all: 15 s of load plus start and stop
#   SMOKE_SECONDS=10 PYTHON=.venv/bin/python bash loadtest/ci_smoke.sh
#
# locust lives in pyproject's "dev" extra; when it is missing, this installs the pinned version
# from there (pip), so a venv made with `pip install -e ".[test]"` is enough.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python}

if ! "$PY" -c "import locust" >/dev/null 2>&1; then
  pin=$(grep -o '"locust==[^"]*"' pyproject.toml | head -n1 | tr -d '"')
  echo "ci_smoke: locust is missing; installing ${pin:-locust} (pyproject's dev extra)"
  "$PY" -m pip install --quiet "${pin:-locust}"
fi

exec "$PY" -m loadtest.run_load \
  --duration "${SMOKE_SECONDS:-15}" --users 8 --rate 40 --hands 2000 \
  --p99-ms "${SMOKE_P99_MS:-1000}" --batch-p99-ms "${SMOKE_BATCH_P99_MS:-3000}" "$@"
