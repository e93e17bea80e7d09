"""Benchmark the nightly jobs at a million elements (docs/benchmarks.md, "Nightly jobs").

Run against a SEPARATE server (never the shared development one) with an EMPTY database,
under the machine's benchmark lock, e.g.:

    export MEMGRAPH_SERVER__HOME=$PWD/.memgraph/bench-jobs MEMGRAPH_SERVER__BOLT_PORT=7688 \
           MEMGRAPH_SERVER__HTTP_PORT=7475 MEMGRAPH_SERVER__HEAP=4g \
           MEMGRAPH_SERVER__PAGECACHE=4g NEO4J_URI=bolt://127.0.0.1:7688
    rm -rf $MEMGRAPH_SERVER__HOME/data && memgraph server start
    flock /tmp/memgraph-bench.lock python bench/bench_jobs.py --nodes 1000000
    memgraph server stop && rm -rf $MEMGRAPH_SERVER__HOME/data

Loads 1M Concept nodes and 1M RELATED_TO relationships (10 tenants) before the schema
exists, then `init` builds every index in one pass; 1M notes: one on every even node and
every odd relationship, half of them expiring after a week. Then times decay over all
nodes and relationships, description consolidation (offline synthesiser, and the LLM path
against the scripted fake OpenAI server, counting calls and tokens per element), and note
cleanup. `--skip-load --jobs decay --decay-days 60` re-times decay on the loaded data (a
later day each time); `--cleanup-days 400` cleans the year notes (a second cleanup).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from bench_args import comma_list

from memgraph.graph.connection import Graph
from memgraph.memory import Memory
from memgraph.providers.embeddings import HashingEmbedder, make_embedder
from memgraph.settings import Settings

T0 = datetime(2025, 1, 1, tzinfo=UTC)
# One transaction per batch creates `batch` Concept nodes and as many RELATED_TO
# relationships, node k -> node (k + users) mod batch of the same batch (same user, since
# the batch size is a multiple of the user count). Notes: every even node and every odd
# relationship carries one (2 per 4 elements: 1M notes for 1M + 1M), and half of those
# notes are expired at the benchmark's as_of (i % 4 = 0 on nodes, = 1 on relationships).
LOAD = """
UNWIND range($start, $end - 1) AS i
WITH i, $t0 + duration({days: CASE WHEN i % 4 < 2 THEN 7 ELSE 365 END}) AS expires,
     CASE WHEN i % 4 < 2 THEN 'week' ELSE 'year' END AS lifetime
CREATE (n:Memory:Concept {uid: 'b' + toString(i), user_id: 'bench-' + toString(i % $users),
  name: 'concept ' + toString(i), canonical_name: 'concept ' + toString(i),
  description: 'synthetic concept number ' + toString(i), salience: 0.5,
  state: CASE i % 3 WHEN 0 THEN 'candidate' WHEN 1 THEN 'active' ELSE 'core' END,
  confidence: 0.4 + (i % 6) / 10.0, access_count: i % 12, recall_frequency: i % 12,
  last_recall_interval: 0.0, decay_gradient: 1.0, ttl_policy: 'decay',
  created_at: $t0, updated_at: $t0, is_dirty: i < $dirty,
  notes: CASE WHEN i % 2 = 0 THEN ['note about ' + toString(i)] ELSE [] END,
  notes_added_at: CASE WHEN i % 2 = 0 THEN [$t0] ELSE [] END,
  notes_expires_at: CASE WHEN i % 2 = 0 THEN [expires] ELSE [] END,
  notes_lifetime: CASE WHEN i % 2 = 0 THEN [lifetime] ELSE [] END,
  notes_source: CASE WHEN i % 2 = 0 THEN [''] ELSE [] END,
  notes_next_expiry: CASE WHEN i % 2 = 0 THEN expires END})
WITH collect(n) AS created, collect(expires) AS expiry, collect(lifetime) AS lifetimes
UNWIND range(0, size(created) - 1) AS k
WITH created[k] AS a, created[(k + $users) % size(created)] AS b, $start + k AS i,
     expiry[k] AS expires, lifetimes[k] AS lifetime
CREATE (a)-[:RELATED_TO {uid: 'r' + toString(i), user_id: a.user_id, salience: 0.5,
  state: 'active', confidence: 0.7, recall_frequency: i % 12, decay_gradient: 1.0,
  ttl_policy: 'decay', created_at: $t0, updated_at: $t0, description: '', is_dirty: false,
  notes: CASE WHEN i % 2 = 1 THEN ['fact note ' + toString(i)] ELSE [] END,
  notes_added_at: CASE WHEN i % 2 = 1 THEN [$t0] ELSE [] END,
  notes_expires_at: CASE WHEN i % 2 = 1 THEN [expires] ELSE [] END,
  notes_lifetime: CASE WHEN i % 2 = 1 THEN [lifetime] ELSE [] END,
  notes_source: CASE WHEN i % 2 = 1 THEN [''] ELSE [] END,
  notes_next_expiry: CASE WHEN i % 2 = 1 THEN expires END}]->(b)
"""
EMPTY = "MATCH (n) RETURN count(n) = 0 AS empty"
# `--jobs renote`: give the week notes back to the elements that a cleanup emptied (every
# i % 4 = 0 node, every i % 4 = 1 relationship), as if written evenly over the last
# $spread nights: 1 in $spread of them is already expired at the cleanup's as_of, the rest
# expire later. A nightly cleanup then meets the share of notes that really expires per night.
# One body for both element kinds: `e` is the node or the relationship that RENOTE_MATCH
# finds; $residue picks its quarter of the uids.
RENOTE_MATCH = {
    "nodes": "MATCH (e:Memory) WHERE e.user_id IN $user_ids AND e.notes = []",
    "relationships": "MATCH (:Memory)-[e:RELATED_TO]->(:Memory) WHERE e.notes = []",
}
RENOTE = """
WITH e, toInteger(substring(e.uid, 1)) AS i WHERE i % 4 = $residue
CALL (e, i) {
  WITH e, i, CASE WHEN (i / 4) % $spread = 0 THEN $expired ELSE $later END AS expires
  SET e.notes = [$text + toString(i)], e.notes_added_at = [$t0],
      e.notes_expires_at = [expires], e.notes_lifetime = ['week'], e.notes_source = [''],
      e.notes_next_expiry = expires
} IN TRANSACTIONS OF 10000 ROWS
RETURN count(*) AS notes
"""
# `--jobs redirty`: make the first $dirty nodes and relationships dirty again (a consolidate
# run cleaned them), accessed recently, so consolidation can be re-timed on the loaded data.
REDIRTY = """
UNWIND range(0, $dirty - 1) AS i
MATCH (n:Memory {uid: 'b' + toString(i)})
MATCH ()-[r:RELATED_TO {uid: 'r' + toString(i)}]->()
SET n.is_dirty = true, r.is_dirty = true
RETURN count(*) AS dirty
"""


def load(graph: Graph, nodes: int, users: int, dirty: int, batch: int = 10_000) -> float:
    """Create the data BEFORE the schema exists (an empty database), then let `init` build
    the indexes in one pass: index population is far faster than per-row index updates, and
    the jobs are measured on the same final state either way."""
    if batch % users:
        sys.exit("--users must divide the batch size (10,000)")
    started = time.perf_counter()
    with graph.session() as session:
        for start in range(0, nodes, batch):
            session.run(LOAD, start=start, end=min(nodes, start + batch), users=users,
                        t0=T0, dirty=dirty).consume()
            print(f"\r  loaded {min(nodes, start + batch):,} nodes + relationships "
                  f"({time.perf_counter() - started:.0f} s)", end="", flush=True)
    print()
    return time.perf_counter() - started


def renote(graph: Graph, spread: int, cleanup_at: datetime) -> None:
    with graph.session() as session:
        users = [r["user_id"] for r in session.run("MATCH (n:Memory) "
                                                   "RETURN DISTINCT n.user_id AS user_id")]
        params = dict(user_ids=users, spread=spread, t0=T0,
                      expired=cleanup_at - timedelta(days=1), later=cleanup_at + timedelta(days=7))
        written = sum(session.run(RENOTE_MATCH[element] + RENOTE,
                                  params | dict(residue=residue, text=text)).single()["notes"]
                      for element, residue, text in (("nodes", 0, "note about "),
                                                     ("relationships", 1, "fact note ")))
        total = session.run("MATCH (n:Memory) RETURN sum(size(n.notes)) AS c").single()["c"] \
            + session.run("MATCH ()-[r]->() RETURN sum(size(r.notes)) AS c").single()["c"]
    print(f"renote: {written:,} week notes written back, 1 in {spread} expired; "
          f"{total:,} notes in the graph")


def timed(label: str, action):  # type: ignore[no-untyped-def]
    load_before = os.getloadavg()[0]
    started = time.perf_counter()
    report = action()
    seconds = time.perf_counter() - started
    print(f"{label}: {seconds:.1f} s  load {load_before:.2f} -> {os.getloadavg()[0]:.2f}  "
          f"status={report.status} counts={report.counts}")
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


def run_decay(memory: Memory, args: argparse.Namespace) -> None:
    timed("decay (all users, nodes + relationships)",
          lambda: memory.run_job("decay", all_users=True,
                                 as_of=T0 + timedelta(days=args.decay_days)))


def run_redirty(memory: Memory, args: argparse.Namespace) -> None:
    with memory.graph.session() as session:
        dirty = session.run(REDIRTY, dirty=args.dirty).single()["dirty"]
    print(f"redirty: {dirty:,} nodes and as many relationships dirty again")


def run_consolidate(memory: Memory, args: argparse.Namespace) -> None:
    seconds, report = timed(
        "consolidate (offline synthesiser, --all)",
        lambda: memory.run_job("consolidate", all_users=True,
                               as_of=T0 + timedelta(days=31), all_elements=True))
    done = (report.counts.get("nodes_consolidated", 0)
            + report.counts.get("relationships_consolidated", 0))
    print(f"  {done / seconds:.0f} elements/s")


def run_renote(memory: Memory, args: argparse.Namespace) -> None:
    renote(memory.graph, args.renote_spread, T0 + timedelta(days=args.cleanup_days))


def run_cleanup(memory: Memory, args: argparse.Namespace) -> None:
    timed("cleanup (all users)", lambda: memory.run_job(
        "cleanup", all_users=True, as_of=T0 + timedelta(days=args.cleanup_days)))


def run_llm(memory: Memory, args: argparse.Namespace) -> None:
    consolidate_llm(memory, args.llm_elements)


def run_dedupe(memory: Memory, args: argparse.Namespace) -> None:
    # after consolidation: the nodes it re-embedded are the ones dedupe compares
    timed("dedupe (all users)", lambda: memory.run_job(
        "dedupe", all_users=True, as_of=T0 + timedelta(days=args.decay_days)))


# The steps, in the order they run whatever order --jobs names them in (renote: see
# RENOTE; redirty: see REDIRTY).
STEPS: dict[str, Callable[[Memory, argparse.Namespace], None]] = {
    "decay": run_decay, "redirty": run_redirty, "consolidate": run_consolidate,
    "renote": run_renote, "cleanup": run_cleanup, "llm": run_llm, "dedupe": run_dedupe,
}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--nodes", type=int, default=1_000_000,
                   help="nodes to load, and as many relationships")
    p.add_argument("--users", type=int, default=10)
    p.add_argument("--dirty", type=int, default=5_000)
    p.add_argument("--llm-elements", type=int, default=400)
    p.add_argument("--embedder", choices=("hashing", "default"), default="hashing",
                   help="what consolidation re-embeds with: the hashing embedder (the "
                        "job's own cost) or the configured one (local MiniLM by default)")
    p.add_argument("--skip-load", action="store_true", help="reuse the loaded data")
    p.add_argument("--jobs", type=comma_list(tuple(STEPS)),
                   default=["decay", "consolidate", "cleanup", "llm"],
                   help=f"comma-separated subset of {','.join(STEPS)} "
                        "[default: decay,consolidate,cleanup,llm]")
    p.add_argument("--decay-days", type=float, default=30.0,
                   help="decay as of T0 + this many days (re-runs need a later day)")
    p.add_argument("--cleanup-days", type=float, default=30.0,
                   help="cleanup as of T0 + days: 30 drops the week notes, 400 the "
                        "year notes (a second measurement on the same data)")
    p.add_argument("--renote-spread", type=int, default=7,
                   help="with --jobs renote: 1 in this many restored notes is expired")
    return p


def main() -> None:
    args = parser().parse_args()
    settings = Settings()
    if settings.neo4j_uri.endswith(":7687"):
        sys.exit("refusing to run on the shared development server (port 7687); "
                 "see the module docstring")
    embedder = HashingEmbedder(384) if args.embedder == "hashing" else make_embedder(settings)
    memory = Memory(settings, embedder=embedder)
    if not args.skip_load:
        if not _empty(memory.graph):
            sys.exit("the bench database is not empty: delete its data directory (see the "
                     "module docstring) or pass --skip-load")
        print(f"load: {load(memory.graph, args.nodes, args.users, args.dirty):.1f} s "
              f"({args.nodes:,} nodes, {args.nodes:,} relationships)")
    started = time.perf_counter()
    memory.init()   # creates the schema and waits until every index is online
    print(f"schema and index population: {time.perf_counter() - started:.1f} s")
    for name, step in STEPS.items():
        if name in args.jobs:
            step(memory, args)
    memory.close()


def _empty(graph: Graph) -> bool:
    with graph.session() as session:
        return bool(session.run(EMPTY).single()["empty"])


if __name__ == "__main__":
    main()
