"""A/B the reinforcement write (``retrieve/reinforce``) against an older text of it.

    git show 9cb5818:cypher/retrieve/reinforce.cypher > /tmp/reinforce_old.cypher
    flock /tmp/memgraph-bench.lock python bench/bench_reinforce_ab.py /tmp/reinforce_old.cypher

Writes 10 nodes into a fresh tenant (deleted afterwards) and runs both query texts
alternately, ``--rounds`` write transactions each over the same 10 elements, as explore()
does for its results; prints p50/p95 per text and the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

from memgraph import cypher
from memgraph.graph.connection import Graph, unlogged
from memgraph.retrieve.reinforce import reinforce_params
from memgraph.settings import Settings

SETUP = ("UNWIND range(1, 10) AS i CREATE (n:Concept:Memory {uid: randomUUID(), user_id: $u, "
         "name: 'n' + i, state: 'active', salience: 0.5, access_count: 0, recall_frequency: 0, "
         "last_recall_interval: 0.0, decay_gradient: 1.0}) "
         "RETURN elementId(n) AS eid, n.uid AS uid")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", type=Path, help="the other text of reinforce.cypher")
    ap.add_argument("--rounds", type=int, default=300)
    args = ap.parse_args()
    settings = Settings()
    graph = Graph.open(settings)
    user = f"bench-ab-{uuid.uuid4().hex[:8]}"
    try:
        rows, _, _ = graph.driver.execute_query(SETUP, {"u": user})
        params = {"items": [{"eid": r["eid"], "uid": r["uid"]} for r in rows],
                  "user_id": user, **reinforce_params(settings.lifecycle)}
        texts = {"old": "\n".join(ln for ln in args.old.read_text().splitlines()
                                  if not ln.lstrip().startswith("//")),
                 "current": cypher.load("retrieve/reinforce")}
        times: dict[str, list[float]] = {name: [] for name in texts}
        for i in range(args.rounds):
            for name in (sorted(texts) if i % 2 else sorted(texts, reverse=True)):
                started = time.perf_counter()
                now = datetime.now(UTC)   # the current text takes it per item
                graph.driver.execute_query(texts[name], unlogged(
                    {**params, "now": now,
                     "items": [{**item, "now": now} for item in params["items"]]}),
                    routing_="w")
                times[name].append(time.perf_counter() - started)
        for name, measured in times.items():
            ordered = sorted(measured[20:])   # the first ones warm the plan cache
            print(f"{name}: p50 {statistics.median(ordered) * 1000:.2f} ms, "
                  f"p95 {ordered[int(len(ordered) * 0.95)] * 1000:.2f} ms (n={len(ordered)})")
        print(f"load {os.getloadavg()[0]:.1f}")
    finally:
        graph.run_autocommit("graph/delete_user", user_id=user)
        graph.close()


if __name__ == "__main__":
    main()
