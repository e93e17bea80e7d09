"""explore() on a hub: a person mentioned by tens of thousands of messages.

    bash bench/fresh_server.sh python bench/bench_hub.py --mentions 30000

An agent's memory of its user names the same few people in message after message. This
builds one tenant where "Zed" is mentioned by --mentions sources (distinct random vectors,
one an hour, so they also make one long Storyline), runs the storylines job, and times
explore() read-only on three questions that name Zed: an overview ("what has Zed been up
to?": Storylines and Macros are looked up), a specific one and the bare name. After a
warm-up of --repeat rounds over all three, each is asked --repeat times; p50/p95 in ms
and the load average are printed. Every part of explore() that starts from the named
node has to stay bounded by what it returns, not by how many messages mention it
(docs/benchmarks.md, "Hubs").
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from datetime import UTC, datetime, timedelta

import numpy as np

from memgraph.memory import Memory
from memgraph.settings import Settings

T0 = datetime(2024, 1, 1, 9, tzinfo=UTC)
QUESTIONS = ("What has Zed been up to?", "Where does Zed work?", "Zed")
FIRST_MESSAGES = ("Zed moved to Paris last month.", "Zed works at Acme as an engineer.",
                  "Zed likes climbing on weekends.")
BATCH = 5000

# One copy of a real source per row: its properties and labels, a new uid, text, time
# and vector (every memory node needs the properties its write path gives it; vectors
# in 32 bits, as memgraph stores them).
COPY_SOURCES = """
MATCH (first:Source {user_id: $user_id})-[:MENTIONS]->(zed:Person {canonical_name: 'zed'})
WITH first, zed ORDER BY first.event_at LIMIT 1
UNWIND $rows AS row
CREATE (s:Memory)
SET s = first {.*, uid: row.uid, idempotency_key: row.uid, raw_content: row.text,
               search_text: row.text, event_at: row.at, embedding: row.vector,
               external_id: row.uid}
SET s:$(labels(first))
WITH s, zed
CALL (s) { CALL db.create.setNodeVectorProperty(s, 'embedding', s.embedding) }
CREATE (s)-[:MENTIONS]->(zed)
"""


def build(memory: Memory, user: str, mentions: int) -> None:
    for i, text in enumerate(FIRST_MESSAGES):
        memory.ingest(text, user_id=user, speaker="Ann", event_at=T0 + timedelta(hours=i))
    rng = np.random.default_rng(7)
    dims = memory.embedder.dimensions
    for start in range(0, mentions, BATCH):
        rows = []
        for i in range(start, min(mentions, start + BATCH)):
            v = rng.standard_normal(dims)
            rows.append({"uid": f"{user}-{i}", "text": f"Zed said something ordinary, {i}",
                         "at": T0 + timedelta(hours=3 + i),
                         "vector": (v / np.linalg.norm(v)).tolist()})
        with memory.graph.session() as session:
            session.run(COPY_SOURCES, user_id=user, rows=rows).consume()
    memory.run_job("storylines", user_id=user)


def main() -> None:
    ap = argparse.ArgumentParser(description="explore() latency on a hub node")
    ap.add_argument("--mentions", type=int, default=30000,
                    help="sources that mention the hub person (default 30000)")
    ap.add_argument("--repeat", type=int, default=30, help="timed calls per question")
    ap.add_argument("--user", default="bench-hub", help="the tenant to build (deleted first)")
    ap.add_argument("--keep", action="store_true", help="keep the tenant afterwards")
    args = ap.parse_args()
    memory = Memory(Settings(llm="offline", embedder="local"))
    memory.init()
    memory.forget_user(args.user)
    started = time.perf_counter()
    build(memory, args.user, args.mentions)
    print(f"built {args.mentions} mentions of Zed in {time.perf_counter() - started:.0f} s; "
          f"{os.cpu_count()} cores", flush=True)
    print("| question | p50 ms | p95 ms | load |\n|---|---|---|---|")
    vectors = {q: memory.embedder.embed_query(q) for q in QUESTIONS}
    for _ in range(args.repeat):    # a server fresh from the build is still warming up
        for question, vector in vectors.items():
            memory.explore(question, user_id=args.user, reinforce=False, vector=vector)
    for question, vector in vectors.items():
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            memory.explore(question, user_id=args.user, reinforce=False, vector=vector)
            times.append(1000 * (time.perf_counter() - start))
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"| {question} | {statistics.median(times):.1f} | {p95:.1f} | "
              f"{'/'.join(f'{x:.1f}' for x in os.getloadavg())} |", flush=True)
    if not args.keep:
        memory.forget_user(args.user)
    memory.close()


if __name__ == "__main__":
    main()
