"""Past one machine: the bulk command's chunk function as a map over a Dask bag's partitions.

Needs the ``cluster`` extra (``pip install -e ".[cluster]"``); skipped without it. The cluster is
local: two worker processes on 127.0.0.1, no dashboards, the whole run bounded in time.
"""

import json

import pytest

from scorer.cli.bulk import score_lines
from testkit.hands.themed import generate_many

db = pytest.importorskip("dask.bag")
distributed = pytest.importorskip("distributed")


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore")  # the cluster machinery's own warnings (ports, shutdown) are not the scorer's
def test_the_bulk_function_maps_over_a_local_clusters_partitions():
    lines = [json.dumps(g.request_body()) for g in generate_many(200, 41)]
    lines[7] = "{not json"
    lines[50] = '{"hand": "[222m1][444m2][666m3]88mW8m"}'
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, worker_dashboard_address=None) as cluster, \
            distributed.Client(cluster, timeout=60) as client:
        answers = client.compute(db.from_sequence(lines, npartitions=8).map_partitions(score_lines)).result(timeout=120)
    assert answers == score_lines(lines)  # the same answers, in order, as one process gives
    assert json.loads(answers[7])["status"] == 400 and json.loads(answers[50])["status"] == 422
