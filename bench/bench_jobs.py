"""Benchmark the nightly jobs at a million elements (docs/benchmarks.md, "Nightly jobs").

Run against a SEPARATE server (never the shared development one), e.g.:

    export MEMGRAPH_SERVER__HOME=$PWD/.memgraph/bench MEMGRAPH_SERVER__BOLT_PORT=7688 \
           MEMGRAPH_SERVER__HTTP_PORT=7475 MEMGRAPH_SERVER__HEAP=4g \
           MEMGRAPH_SERVER__PAGECACHE=4g NEO4J_URI=bolt://127.0.0.1:7688
    memgraph server install && memgraph server start
    python bench/bench_jobs.py --nodes 1000000 --users 10
    memgraph server stop

Loads synthetic data with UNWIND (each node: one note, half of them expired; each node
related to the next one by a semantic relationship), then times decay over all nodes and
relationships, note cleanup, and description consolidation (offline synthesiser, and the
LLM path against the scripted fake OpenAI server, counting calls and tokens per element).
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from memgraph.graph.connection import Graph
from memgraph.memory import Memory
from memgraph.providers.embeddings import HashingEmbedder
from memgraph.settings import Settings

T0 = datetime(2025, 1, 1, tzinfo=UTC)
LOAD = """
UNWIND range($start, $end - 1) AS i
CREATE (n:Memory:Concept {uid: $prefix + toString(i), user_id: 'bench-' + toString(i % $users),
  name: 'concept ' + toString(i), canonical_name: 'concept ' + toString(i),
  description: 'synthetic concept number ' + toString(i), salience: 0.5,
  state: CASE i % 3 WHEN 0 THEN 'candidate' WHEN 1 THEN 'active' ELSE 'core' END,
  confidence: 0.4 + (i % 6) / 10.0, access_count: i % 12, recall_frequency: i % 12,
  last_recall_interval: 0.0, decay_gradient: 1.0, ttl_policy: 'decay',
  created_at: $t0, updated_at: $t0, is_dirty: i < $dirty,
  notes: ['note about ' + toString(i)], notes_added_at: [$t0],
  notes_expires_at: [CASE WHEN i % 2 = 0 THEN $t0 + duration({days: 7})
                          ELSE $t0 + duration({days: 365}) END],
  notes_lifetime: [CASE WHEN i % 2 = 0 THEN 'week' ELSE 'year' END], notes_source: ['']})
"""
LINK = """
UNWIND range($start, $end - 1) AS i
MATCH (a:Memory {uid: $prefix + toString(i)}), (b:Memory {uid: $prefix + toString(i + $users)})
CREATE (a)-[:RELATED_TO {uid: 'r' + toString(i), user_id: a.user_id, salience: 0.5,
  state: 'active', confidence: 0.7, recall_frequency: 0, decay_gradient: 1.0,
  ttl_policy: 'decay', created_at: $t0, description: '', is_dirty: false}]->(b)
"""


def load(graph: Graph, nodes: int, users: int, dirty: int, batch: int = 20_000) -> float:
    started = time.perf_counter()
    with graph.session() as session:
        for start in range(0, nodes, batch):
            session.run(LOAD, start=start, end=min(nodes, start + batch), users=users,
                        prefix="b", t0=T0, dirty=dirty).consume()
        for start in range(0, nodes - users, batch):
            session.run(LINK, start=start, end=min(nodes - users, start + batch),
                        users=users, prefix="b", t0=T0).consume()
    return time.perf_counter() - started


def timed(label: str, action):  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    report = action()
    seconds = time.perf_counter() - started
    print(f"{label}: {seconds:.1f} s  status={report.status} counts={report.counts}")
    return seconds, report


def consolidate_llm(memory: Memory, elements: int) -> None:
    from fakes.openai_server import FakeOpenAIServer

    from memgraph.providers.openai_compat import OpenAILLM

    def answer(request: dict) -> dict:
        import json
        items = json.loads(request["messages"][-1]["content"])
        return {"content": json.dumps({"descriptions": [
            {"id": item["id"], "description": f"{item['name']}: consolidated."}
            for item in items]})}

    with memory.graph.session() as session:
        session.run("MATCH (n:Concept) WHERE n.user_id = 'bench-1' WITH n LIMIT $k "
                    "SET n.is_dirty = true, n.last_accessed_at = $at",
                    k=elements, at=T0 + timedelta(days=399)).consume()
    with FakeOpenAIServer() as server:
        server.chat_handler = answer
        llm = OpenAILLM("fake-model", base_url=server.base_url, api_key="sk-bench")
        llm_memory = Memory(memory.settings, graph=memory.graph, embedder=memory.embedder,
                            llm=llm)
        seconds, report = timed("consolidate (LLM, fake server)", lambda: llm_memory.run_job(
            "consolidate", user_id="bench-1", as_of=T0 + timedelta(days=400)))
        done = report.counts.get("nodes_consolidated", 0)
        print(f"  {done} elements, {report.usage['calls']} LLM calls "
              f"({report.usage['calls'] / max(done, 1):.3f} per element), "
              f"{report.usage['total_tokens'] / max(done, 1):.0f} tokens per element, "
              f"{done / seconds:.0f} elements/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=1_000_000)
    parser.add_argument("--users", type=int, default=10)
    parser.add_argument("--dirty", type=int, default=5_000)
    parser.add_argument("--llm-elements", type=int, default=400)
    parser.add_argument("--skip-load", action="store_true")
    args = parser.parse_args()
    settings = Settings()
    if settings.neo4j_uri.endswith(":7687"):
        sys.exit("refusing to run on the shared development server (port 7687); "
                 "see the module docstring")
    memory = Memory(settings, embedder=HashingEmbedder(384))
    memory.init()
    if not args.skip_load:
        print(f"load: {load(memory.graph, args.nodes, args.users, args.dirty):.1f} s "
              f"({args.nodes} nodes, {args.nodes - args.users} relationships)")
    timed("decay (all users, nodes + relationships)",
          lambda: memory.run_job("decay", as_of=T0 + timedelta(days=30)))
    seconds, report = timed("consolidate (offline synthesiser, --all)",
                            lambda: memory.run_job("consolidate", as_of=T0 + timedelta(days=31),
                                                   all_elements=True))
    print(f"  {report.counts.get('nodes_consolidated', 0) / seconds:.0f} elements/s")
    timed("cleanup (all users)", lambda: memory.run_job("cleanup",
                                                        as_of=T0 + timedelta(days=30)))
    consolidate_llm(memory, args.llm_elements)
    memory.close()


if __name__ == "__main__":
    main()
