"""Benchmark the storylines job at 100k sources per tenant (docs/benchmarks.md, "Storylines").

Run against a SEPARATE server with an EMPTY database (as bench_jobs.py says), e.g.:

    export MEMGRAPH_SERVER__HOME=$PWD/.memgraph/bench-story MEMGRAPH_SERVER__BOLT_PORT=7688 \
           MEMGRAPH_SERVER__HTTP_PORT=7475 NEO4J_URI=bolt://127.0.0.1:7688
    rm -rf $MEMGRAPH_SERVER__HOME/data && memgraph server start
    python bench/bench_storylines.py --sources 100000
    memgraph server stop && rm -rf $MEMGRAPH_SERVER__HOME/data

Loads one tenant: ``--sources`` Sources, each MENTIONS one of ``--subjects`` Person nodes
(so each subject has sources/subjects mentions), spaced so that every subject's story has
episodes of ``--episode`` mentions two days apart, separated by 90-day silences; one
WORKS_AT fact per episode, learnt from its first source. Then times the job three times:
the first run (every Storyline and Macro written), a second run (nothing changed: the
dirty-only cost), and a run after 1 % new sources that extend open episodes (the
nightly case). The LLM path runs on
a second, smaller tenant against the scripted fake OpenAI server, counting calls and
tokens per source.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from memgraph.graph.connection import Graph
from memgraph.memory import Memory
from memgraph.providers.embeddings import HashingEmbedder
from memgraph.settings import Settings

T0 = datetime(2022, 1, 1, tzinfo=UTC)
TENANT, LLM_TENANT = "bench-story", "bench-story-llm"

# Source i is subject (i % subjects)'s k-th mention, k = i // subjects; mention k of a
# subject falls on day 2k + 90 * (k // episode): episodes of `episode` mentions, 90 days of
# silence between them (more than the 30-day gap that ends an episode).
SUBJECTS = """
UNWIND range(0, $subjects - 1) AS j
CREATE (:Memory:Semantic:Person {uid: $user + '-p' + toString(j), user_id: $user,
  name: 'Person ' + toString(j), canonical_name: 'person ' + toString(j), description: '',
  salience: 0.5, state: 'active', ttl_policy: 'decay', created_at: $t0, updated_at: $t0})
"""
ORGS = """
UNWIND range(0, 99) AS j
CREATE (:Memory:Semantic:Entity {uid: $user + '-o' + toString(j), user_id: $user,
  name: 'Org ' + toString(j), canonical_name: 'org ' + toString(j), description: '',
  salience: 0.5, state: 'active', ttl_policy: 'decay', created_at: $t0, updated_at: $t0})
"""
SOURCES = """
UNWIND range($start, $end - 1) AS i
WITH i, i % $subjects AS j, i / $subjects AS k
// $extend: the new sources continue each subject's last episode (a day after its last
// mention) instead of starting a new one.
WITH i, j, CASE WHEN $extend THEN k - 1 ELSE k END AS k, $extend AS extend
WITH i, j, k, $t0 + duration({days: 2 * k + 90 * (k / $episode)
                                    + CASE WHEN extend THEN 1 ELSE 0 END}) AS at
MATCH (p:Memory {uid: $user + '-p' + toString(j)})
CREATE (s:Memory:Source {uid: $user + '-s' + toString(i), user_id: $user,
  raw_content: 'Person ' + toString(j) + ' said something new, number ' + toString(k) + '.',
  description: '', event_at: at, created_at: at, updated_at: at, salience: 0.5,
  state: 'active', ttl_policy: 'decay', extraction_status: 'done'})
CREATE (s)-[:MENTIONS]->(p)
WITH s, p, j, k, at WHERE k % $episode = 0
MATCH (o:Memory {uid: $user + '-o' + toString((j + k) % 100)})
CREATE (p)-[:WORKS_AT {uid: s.uid + '-f', user_id: $user, source_ids: [s.uid],
  valid_from: at, event_at: at, created_at: at, state: 'active', salience: 0.5}]->(o)
"""


def load(graph: Graph, user: str, sources: int, subjects: int, episode: int,
         start: int = 0, batch: int = 5_000) -> float:
    began = time.perf_counter()
    with graph.session() as session:
        if start == 0:
            session.run(SUBJECTS, subjects=subjects, user=user, t0=T0).consume()
            session.run(ORGS, user=user, t0=T0).consume()
        for first in range(start, start + sources, batch):
            session.run(SOURCES, start=first, end=min(start + sources, first + batch),
                        subjects=subjects, episode=episode, user=user, t0=T0,
                        extend=start > 0).consume()
            print(f"\r  {user}: {min(start + sources, first + batch) - start:,} sources "
                  f"({time.perf_counter() - began:.0f} s)", end="", flush=True)
    print()
    return time.perf_counter() - began


def timed(label: str, memory: Memory, user: str, as_of: datetime) -> dict[str, Any]:
    load_before = os.getloadavg()[0]
    began = time.perf_counter()
    report = memory.run_job("storylines", user_id=user, as_of=as_of)
    seconds = time.perf_counter() - began
    print(f"{label}: {seconds:.1f} s  load {load_before:.2f} -> {os.getloadavg()[0]:.2f}  "
          f"status={report.status} counts={report.counts}")
    return {"seconds": seconds, "report": report}


def llm_pass(memory: Memory, sources: int, subjects: int, episode: int,
             as_of: datetime) -> None:
    from fakes.openai_server import FakeOpenAIServer

    from memgraph.providers.openai_compat import OpenAILLM

    def answer(request: dict[str, Any]) -> dict[str, Any]:
        items = json.loads(request["messages"][-1]["content"])
        return {"content": json.dumps({"summaries": [
            {"id": i["id"], "title": f"{i['about']}: an episode",
             "summary": f"{len(i['evidence'])} messages and {len(i['facts'])} facts."}
            for i in items]})}

    load(memory.graph, LLM_TENANT, sources, subjects, episode)
    with FakeOpenAIServer() as server:
        server.chat_handler = answer
        llm = OpenAILLM("fake-model", base_url=server.base_url, api_key="sk-bench")
        with_llm = Memory(memory.settings, graph=memory.graph, embedder=memory.embedder,
                          llm=llm)
        run = timed("storylines (LLM, fake server)", with_llm, LLM_TENANT, as_of)
    usage = run["report"].usage
    print(f"  {sources:,} sources: {usage.get('calls', 0)} LLM calls "
          f"({usage.get('calls', 0) / sources:.4f} per source), "
          f"{usage.get('total_tokens', 0) / sources:.1f} tokens per source")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sources", type=int, default=100_000, help="sources of the tenant")
    p.add_argument("--subjects", type=int, default=2_000, help="people they mention")
    p.add_argument("--episode", type=int, default=10, help="mentions per episode")
    p.add_argument("--llm-sources", type=int, default=5_000,
                   help="sources of the tenant the LLM path runs on (0: skip it)")
    return p


def main() -> None:
    args = parser().parse_args()
    if args.sources % args.subjects:
        sys.exit("--subjects must divide --sources")
    settings = Settings()
    if settings.neo4j_uri.endswith(":7687"):
        sys.exit("refusing to run on the shared development server (port 7687)")
    memory = Memory(settings, embedder=HashingEmbedder(384))
    memory.init()
    with memory.graph.session() as session:
        if session.run("MATCH (n:Memory) RETURN count(n) > 0 AS any").single()["any"]:
            sys.exit("the bench database is not empty: see the module docstring")
    print(f"load: {load(memory.graph, TENANT, args.sources, args.subjects, args.episode):.1f} s")
    as_of = T0 + timedelta(days=3 * 365)
    first = timed("storylines, first run", memory, TENANT, as_of)
    timed("storylines, nothing changed", memory, TENANT, as_of + timedelta(days=1))
    extra = args.sources // 100 // args.subjects * args.subjects or args.subjects
    load(memory.graph, TENANT, extra, args.subjects, args.episode, start=args.sources)
    timed(f"storylines, after {extra:,} new sources", memory, TENANT,
          as_of + timedelta(days=2))
    counts = first["report"].counts
    written = counts.get("storylines_created", 0) + counts.get("macros_created", 0)
    print(f"first run: {args.sources / first['seconds']:.0f} sources/s, "
          f"{written / first['seconds']:.0f} summaries/s")
    if args.llm_sources:
        llm_pass(memory, args.llm_sources, max(1, args.llm_sources // 50), args.episode,
                 as_of)
    memory.close()


if __name__ == "__main__":
    main()
