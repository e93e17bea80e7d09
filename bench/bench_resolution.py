"""Benchmark entity resolution's name steps on a big tenant (docs/benchmarks.md,
"Session 64").

    bash bench/fresh_server.sh python bench/bench_resolution.py --sources 100000

Writes one throw-away tenant of ``--sources`` bare messages and ``--people`` people, each
with an alias, then times ``resolve()`` (memgraph/ingest/resolution.py) for the mentions
one message brings: a name known as another kind's alias ("Juni"), a known name, and an
unknown one (which reads every name step and finds nothing; no embedding, so the
similarity step is left out). Prints the p50 and p95 over ``--rounds`` calls and the load
average; the tenant is deleted afterwards.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
import uuid

from memgraph.graph.vocabulary import Kind
from memgraph.ingest.resolution import Candidate, SimilaritySearch, resolve
from memgraph.memory import Memory
from memgraph.settings import Settings

BATCH = 10_000


def build(memory: Memory, user: str, sources: int, people: int) -> None:
    with memory.graph.session() as session:
        session.run(
            "UNWIND range(1, $n) AS i CALL (i) { CREATE (:Memory:Source {user_id: $u, "
            "uid: $u + '-s' + i, raw_content: 'message ' + i + ' about Juni', "
            "search_text: 'message ' + i + ' about Juni', status: 'done'}) } "
            "IN TRANSACTIONS OF $batch ROWS", n=sources, u=user, batch=BATCH).consume()
        session.run(
            "UNWIND range(1, $n) AS i CREATE (:Memory:Semantic:Person {user_id: $u, "
            "uid: $u + '-p' + i, name: 'Person ' + i, canonical_name: 'person ' + i, "
            "aliases: ['P' + i]})", n=people, u=user).consume()
        session.run("CREATE (:Memory:Semantic:Person {user_id: $u, uid: $u + '-juniper', "
                    "name: 'Juniper', canonical_name: 'juniper', aliases: ['Juni']})",
                    u=user).consume()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sources", type=int, default=100_000)
    ap.add_argument("--people", type=int, default=2_000)
    ap.add_argument("--rounds", type=int, default=50)
    args = ap.parse_args()

    memory = Memory(Settings())
    memory.init()
    user = f"bench-resolution-{uuid.uuid4().hex[:6]}"
    mentions = [Candidate(Kind.ENTITY, "Juni", (), None),
                Candidate(Kind.PERSON, "Person 7", (), None),
                Candidate(Kind.ENTITY, "Nobody Known", (), None)]
    search = SimilaritySearch(by_index=True, candidates=10)
    try:
        start = time.perf_counter()
        build(memory, user, args.sources, args.people)
        print(f"tenant: {args.sources:,} sources, {args.people + 1:,} people "
              f"({time.perf_counter() - start:.0f} s to write)")
        found = resolve(memory.graph, user, mentions, 0.85, search)   # plans the query
        print("matched:", [(m.how if m else None) for m in found])
        times = []
        for _ in range(args.rounds):
            start = time.perf_counter()
            resolve(memory.graph, user, mentions, 0.85, search)
            times.append(1000 * (time.perf_counter() - start))
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]
        print(f"resolve(), three mentions: p50 {statistics.median(times):.1f} ms, "
              f"p95 {p95:.1f} ms over {args.rounds} calls "
              f"(load {os.getloadavg()[0]:.2f}, {platform.machine()}, "
              f"{os.cpu_count()} cores)")
    finally:
        memory.graph.run_autocommit("graph/delete_user", user_id=user)
        memory.close()


if __name__ == "__main__":
    main()
