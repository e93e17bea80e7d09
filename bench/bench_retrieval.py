"""Retrieval speed: explore() and traverse() latency at 10k and 100k nodes per tenant.

Run against a SEPARATE server (never the development one), e.g.:

    MEMGRAPH_SERVER__HOME=$PWD/.memgraph/bench-retrieval MEMGRAPH_SERVER__BOLT_PORT=7690 \\
    MEMGRAPH_SERVER__HTTP_PORT=7477 MEMGRAPH_SERVER__HEAP=4g MEMGRAPH_SERVER__PAGECACHE=4g \\
    NEO4J_URI=bolt://127.0.0.1:7690 memgraph server install && ... memgraph server start
    NEO4J_URI=bolt://127.0.0.1:7690 python bench/bench_retrieval.py --total 1000000

The synthetic graph is loaded directly with UNWIND (a bench-only loader, below): topic-
clustered 384-d unit vectors, sentences drawn from each topic's vocabulary, 80% sources and
20% semantic nodes (Person/Concept/Entity), two MENTIONS per source, a NEXT chain, and one
semantic relationship per semantic node. Tenants: t10k, t100k, a 500-node "small" tenant,
and filler tenants of 100k up to --total. Query vectors are precomputed (the embedding is
timed apart, with the local MiniLM model); each figure is over --queries queries after a
warm-up.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

import numpy as np

from memgraph.graph.connection import Graph
from memgraph.memory import Memory
from memgraph.providers.embeddings import HashingEmbedder
from memgraph.retrieve.config import RetrievalConfig
from memgraph.settings import Settings

DIM = 384
TOPICS = 400
WORDS_PER_TOPIC = 12
BATCH = 5000

# Bench-only loader queries (fixed labels; parameters only).
LOAD = {
    "Source": "UNWIND $rows AS r CREATE (n:Memory:Source) SET n = r",
    "Person": "UNWIND $rows AS r CREATE (n:Memory:Person) SET n = r",
    "Concept": "UNWIND $rows AS r CREATE (n:Memory:Concept) SET n = r",
    "Entity": "UNWIND $rows AS r CREATE (n:Memory:Entity) SET n = r",
}
LINK = """
UNWIND $rows AS r
MATCH (s:Memory {uid: r.source}), (a:Memory {uid: r.a}), (b:Memory {uid: r.b})
CREATE (s)-[:MENTIONS {user_id: r.user_id}]->(a), (s)-[:MENTIONS {user_id: r.user_id}]->(b)
WITH r, a, b
CALL (r, a, b) {
  WITH r, a, b WHERE r.rel
  CREATE (a)-[x:RELATED_TO]->(b)
  SET x = {uid: r.rel_uid, user_id: r.user_id, description: r.text, strength: r.strength,
           state: 'active', salience: 0.5, access_count: 0, recall_frequency: 0,
           last_recall_interval: 0.0, decay_gradient: 1.0, notes: [], source_ids: []}
}
"""
CHAIN = """
UNWIND $rows AS r
MATCH (a:Memory {uid: r.a}), (b:Memory {uid: r.b})
CREATE (a)-[:NEXT {user_id: r.user_id}]->(b)
"""
ANN = ("CALL db.index.vector.queryNodes('memory_embedding', $k, $v) YIELD node, score "
       "RETURN count(node)")
COUNT = "MATCH (n:Memory) WHERE n.user_id = $u RETURN count(n) AS n"


@dataclass
class World:
    centroids: np.ndarray
    vocab: list[list[str]]
    rng: np.random.Generator

    @classmethod
    def make(cls, seed: int = 7) -> World:
        rng = np.random.default_rng(seed)
        c = rng.standard_normal((TOPICS, DIM)).astype(np.float32)
        c /= np.linalg.norm(c, axis=1, keepdims=True)
        syll = ["ka", "lo", "mi", "ne", "ru", "ta", "vi", "so", "pe", "da", "fu", "zo"]
        vocab = [["".join(rng.choice(syll, 3)) for _ in range(WORDS_PER_TOPIC)]
                 for _ in range(TOPICS)]
        return cls(c, vocab, rng)

    def vectors(self, topics: np.ndarray, noise: float = 0.8) -> np.ndarray:
        """Unit vectors around each topic's centroid (cosine to it about 0.78)."""
        v = self.centroids[topics] + noise * self.rng.standard_normal(
            (len(topics), DIM)).astype(np.float32) / np.sqrt(DIM)
        return v / np.linalg.norm(v, axis=1, keepdims=True)

    def sentence(self, topic: int) -> str:
        words = self.rng.choice(self.vocab[topic], 6)
        return "the " + " ".join(words) + " again with friends"


def load_tenant(graph: Graph, world: World, user: str, n: int) -> np.ndarray:
    """Create ``n`` memory nodes for ``user``; returns their vectors (row i = uid f'{user}-i')."""
    kinds = np.where(np.arange(n) % 5 == 0, 1, 0)  # every 5th node is semantic
    topics = world.rng.integers(0, TOPICS, n)
    vecs = world.vectors(topics)
    semantic = np.flatnonzero(kinds == 1)
    for start in range(0, n, BATCH):
        by_kind: dict[str, list[dict]] = {}
        for i in range(start, min(n, start + BATCH)):
            kind = "Source" if kinds[i] == 0 else ("Person", "Concept", "Entity")[i % 3]
            text = world.sentence(int(topics[i]))
            row = {"uid": f"{user}-{i}", "user_id": user, "name": text[:30],
                   "state": "active", "salience": float(world.rng.uniform(0.2, 0.9)),
                   "importance": 0.5, "access_count": 0, "recall_frequency": 0,
                   "last_recall_interval": 0.0, "decay_gradient": 1.0,
                   "embedding": vecs[i].tolist()}
            if kind == "Source":
                row |= {"raw_content": text, "external_id": f"D{i // 20}:{i % 20}",
                        "session_id": f"s{i // 20}", "sensitivity": "normal"}
            else:
                row |= {"canonical_name": f"{text[:30]} {i}", "description": text, "notes": []}
            by_kind.setdefault(kind, []).append(row)
        for kind, rows in by_kind.items():
            graph.driver.execute_query(LOAD[kind], {"rows": rows}, database_=graph.database)
    for start in range(0, n, BATCH):
        rows, chain = [], []
        for i in range(start, min(n, start + BATCH)):
            if kinds[i] == 1:
                continue
            a, b = world.rng.choice(semantic, 2)
            rows.append({"source": f"{user}-{i}", "a": f"{user}-{a}", "b": f"{user}-{b}",
                         "user_id": user, "rel": bool(world.rng.random() < 0.2),
                         "rel_uid": f"{user}-r{i}", "text": world.sentence(int(topics[a])),
                         "strength": float(world.rng.uniform(0.1, 1.0))})
            if i + 1 < n and kinds[i + 1] == 0 and (i + 1) % 20:
                chain.append({"a": f"{user}-{i}", "b": f"{user}-{i + 1}", "user_id": user})
        graph.driver.execute_query(LINK, {"rows": rows}, database_=graph.database)
        graph.driver.execute_query(CHAIN, {"rows": chain}, database_=graph.database)
    return vecs


def ensure_tenant(memory: Memory, world: World, user: str, n: int) -> None:
    records, _, _ = memory.graph.driver.execute_query(COUNT, {"u": user},
                                                      database_=memory.graph.database)
    have = records[0]["n"]
    if have >= n:
        print(f"  {user}: {have} nodes already loaded")
        return
    t = time.perf_counter()
    load_tenant(memory.graph, world, user, n)
    print(f"  {user}: loaded {n} nodes in {time.perf_counter() - t:.0f} s", flush=True)


def percentiles(samples: list[float]) -> tuple[float, float, float]:
    s = sorted(samples)
    return (statistics.median(s), s[int(0.95 * (len(s) - 1))], statistics.fmean(s))


def time_explore(memory: Memory, world: World, user: str, queries: int, reinforce: bool,
                 config: RetrievalConfig | None = None) -> tuple[float, float, float]:
    samples = []
    for i in range(queries + 10):
        topic = int(world.rng.integers(0, TOPICS))
        vec = world.vectors(np.array([topic]))[0].tolist()
        text = " ".join(world.vocab[topic][:3])
        t = time.perf_counter()
        memory.explore(text, user_id=user, k=10, vector=vec, reinforce=reinforce,
                       config=config)
        if i >= 10:   # warm-up
            samples.append((time.perf_counter() - t) * 1000)
    return percentiles(samples)


def time_traverse(memory: Memory, world: World, user: str, n: int, queries: int
                  ) -> tuple[float, float, float]:
    samples = []
    for i in range(queries + 10):
        start = f"{user}-{5 * int(world.rng.integers(0, n // 5))}"   # a semantic node
        t = time.perf_counter()
        memory.traverse(start, user_id=user, depth=2, limit=50, reinforce=False,
                        types=["RELATED_TO", "MENTIONS"])
        if i >= 10:
            samples.append((time.perf_counter() - t) * 1000)
    return percentiles(samples)


def time_floor(memory: Memory, world: World, queries: int) -> dict[str, tuple[float, ...]]:
    """Calibration: a bare round trip, and the vector index alone (k=10 and k=500)."""
    out = {}
    cases = {"round trip (RETURN 1)": ("RETURN 1", {}),
             "vector index alone, k=10": (ANN, {"k": 10}),
             "vector index alone, k=500": (ANN, {"k": 500})}
    for label, (query, params) in cases.items():
        samples = []
        for i in range(queries + 10):
            vec = world.vectors(np.array([int(world.rng.integers(0, TOPICS))]))[0].tolist()
            t = time.perf_counter()
            memory.graph.driver.execute_query(query, {**params, "v": vec},
                                              database_=memory.graph.database)
            if i >= 10:
                samples.append((time.perf_counter() - t) * 1000)
        out[label] = percentiles(samples)
    return out


def vector_recall(memory: Memory, world: World, user: str, n: int, trials: int = 30) -> float:
    """Share of the exact top-10 (numpy over the tenant's vectors) the vector signal returns."""
    rows = memory.graph.driver.execute_query(
        "MATCH (n:Memory) WHERE n.user_id = $u RETURN n.uid AS uid, n.embedding AS e",
        {"u": user}, database_=memory.graph.database)[0]
    uids = [r["uid"] for r in rows]
    mat = np.array([r["e"] for r in rows], dtype=np.float32)
    cfg = RetrievalConfig.from_settings(memory.settings, use_fulltext=False, use_graph=False)
    hits = 0
    for _ in range(trials):
        vec = world.vectors(np.array([int(world.rng.integers(0, TOPICS))]))[0]
        exact = {uids[i] for i in np.argsort(-(mat @ vec))[:10]}
        got = memory.explore("x", user_id=user, k=10, vector=vec.tolist(), reinforce=False,
                             config=cfg)
        hits += len(exact & {r.uid for r in got})
    return hits / (10 * trials)


def embedding_time(queries: int = 100) -> tuple[float, float, float]:
    from memgraph.providers.embeddings import SentenceTransformerEmbedder

    emb = SentenceTransformerEmbedder()
    emb.embed("warm up")
    samples = []
    for i in range(queries):
        t = time.perf_counter()
        emb.embed(f"what did Caroline say about the pottery class in week {i}?")
        samples.append((time.perf_counter() - t) * 1000)
    return percentiles(samples)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--total", type=int, default=1_000_000, help="memory nodes in the database")
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--skip-embedding", action="store_true")
    ap.add_argument("--load-only", action="store_true", help="load the graph, measure nothing")
    args = ap.parse_args()
    settings = Settings()
    memory = Memory(settings, embedder=HashingEmbedder(DIM))
    memory.init()
    world = World.make()
    print(f"loading into {settings.neo4j_uri}", flush=True)
    tenants = [("t10k", 10_000), ("t100k", 100_000), ("small", 500)]
    filler = max(0, args.total - sum(n for _, n in tenants))
    tenants += [(f"filler{i}", 100_000) for i in range(-(-filler // 100_000))]
    for user, n in tenants:
        ensure_tenant(memory, world, user, n)
    memory.graph.driver.execute_query("CALL db.awaitIndexes(3600)",
                                      database_=memory.graph.database)
    total = memory.graph.driver.execute_query("MATCH (n:Memory) RETURN count(n) AS n",
                                              database_=memory.graph.database)[0][0]["n"]
    print(f"\n{total} memory nodes in the database\n")
    if args.load_only:
        return
    print("| tenant | operation | p50 ms | p95 ms | mean ms |\n|---|---|---|---|---|")
    for label, (p50, p95, mean) in time_floor(memory, world, args.queries).items():
        print(f"| - | {label} | {p50:.1f} | {p95:.1f} | {mean:.1f} |", flush=True)
    for user, n in (("t10k", 10_000), ("t100k", 100_000), ("small", 500)):
        for label, reinforce in (("explore (read-only)", False), ("explore + reinforce", True)):
            p50, p95, mean = time_explore(memory, world, user, args.queries, reinforce)
            print(f"| {user} | {label} | {p50:.1f} | {p95:.1f} | {mean:.1f} |", flush=True)
        p50, p95, mean = time_traverse(memory, world, user, n, args.queries)
        print(f"| {user} | traverse depth 2, limit 50 | {p50:.1f} | {p95:.1f} | {mean:.1f} |",
              flush=True)
    print("\n| tenant | vector recall@10 vs exact |\n|---|---|")
    for user, n in (("small", 500), ("t10k", 10_000), ("t100k", 100_000)):
        print(f"| {user} | {vector_recall(memory, world, user, n):.3f} |", flush=True)
    if not args.skip_embedding:
        p50, p95, mean = embedding_time()
        print(f"\nMiniLM query embedding: p50 {p50:.1f} ms, p95 {p95:.1f} ms, mean {mean:.1f} ms")
    memory.close()


if __name__ == "__main__":
    main()
