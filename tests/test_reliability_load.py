"""Bounded load: explore and ingest threads together on one tenant (loopback, a fixed
time), zero errors, and every reinforcement counted (tests/load_support.py; the figure in
docs/reliability.md comes from bench/bench_load.py over the same code).
"""

from __future__ import annotations

import pytest
from load_support import counter_mismatches, run_load, seed_records

from memgraph.graph.connection import Graph
from memgraph.memory import Memory


@pytest.mark.slow
def test_explore_and_ingest_together_lose_no_update_and_raise_no_error(
        memory: Memory, graph: Graph, user_id: str) -> None:
    bulk = memory.ingest_records(seed_records(), user_id=user_id)
    assert bulk.failed == 0
    report = run_load(memory, user_id, explore_threads=6, ingest_threads=2, seconds=8,
                      min_rounds=3)
    assert report.errors == []
    assert report.ingests > 0 and report.results_returned > 0
    # six threads returned the same memories at the same moments: every one counted
    assert max(report.returned.values()) >= 6
    assert counter_mismatches(graph, user_id, report.returned) == []
