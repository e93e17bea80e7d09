"""Vectors are stored as 32-bit floats, on every path that writes one.

The embedders work in 32 bits; a list SET from a parameter is stored in 64, which doubled
the bytes explore() reads for each candidate it scores exactly (docs/retrieval.md,
"Vectors in 32 bits"). The hashing embedder of the tests returns 64-bit values (a count
over a square root), so a vector stored as given would not pass ``in_32_bits``.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
from jobs_support import make_node, make_rel

from memgraph.graph.connection import Graph
from memgraph.graph.notes import Note
from memgraph.graph.schema import SCHEMA_VERSION, recorded_version
from memgraph.memory import Memory
from memgraph.providers.openai_compat import OpenAIEmbedder

NOW = datetime(2025, 1, 10, tzinfo=UTC)
SPRING = datetime(2024, 3, 1, 9, tzinfo=UTC)
CHAT = ["I live in Leeds and I work at Acme Corp as a data analyst.",
        "My sister Anna lives in Lisbon.",
        "I love hiking in the Dales on Sundays.",
        "I moved to Manchester last week."]


def in_32_bits(vector: list[float]) -> bool:
    return all(x == float(np.float32(x)) for x in vector)


def stored_vectors(graph: Graph, user_id: str) -> list[dict[str, Any]]:
    """Every vector of the tenant: (what holds it, which property, the vector)."""
    records, _, _ = graph.driver.execute_query(
        "MATCH (n:Memory {user_id: $u}) "
        "UNWIND [['embedding', n.embedding], ['summary_embedding', n.summary_embedding]] "
        "AS p WITH n, p WHERE p[1] IS NOT NULL "
        "RETURN [l IN labels(n) WHERE NOT l IN ['Memory', 'Semantic']][0] AS kind, "
        "n.uid AS uid, p[0] AS property, p[1] AS vector "
        "UNION ALL "
        "MATCH (:Memory {user_id: $u})-[r]->() WHERE r.embedding IS NOT NULL "
        "RETURN type(r) AS kind, r.uid AS uid, 'embedding' AS property, r.embedding AS vector",
        u=user_id)
    return [dict(r) for r in records]


def test_the_test_embedder_gives_vectors_that_64_bits_would_keep(memory: Memory) -> None:
    # what makes the other tests able to fail
    assert not in_32_bits(memory.embedder.embed("I live in Leeds"))


def test_every_path_that_writes_a_vector_stores_it_in_32_bits(
        memory: Memory, graph: Graph, user_id: str) -> None:
    for i, line in enumerate(CHAT):          # sources, people and entities (ingestion)
        memory.ingest(line, user_id=user_id, speaker="Sam",
                      event_at=SPRING + timedelta(days=2 * i))
    memory.ingest_document("Leeds is a city in West Yorkshire. It has a large market.",
                           title="Leeds", user_id=user_id)          # an artifact, chunks
    memory.run_job("storylines", user_id=user_id, as_of=NOW)        # summaries
    recently = NOW - timedelta(days=2)
    ada = make_node(graph, user_id, "Person", "Ada", description="Ada is a friend.",
                    is_dirty=True, created_at=recently,
                    notes=[Note.new("Ada started a new job", "month", recently)])
    bob = make_node(graph, user_id, "Person", "Bob")
    friends = make_rel(graph, user_id, ada, bob, "FRIEND_OF", description="Old friends",
                       is_dirty=True, created_at=recently,
                       notes=[Note.new("They met at school", "month", recently)])
    memory.run_job("consolidate", user_id=user_id, as_of=NOW)        # re-described
    leeds = memory.correct("Leeds", description="A city in the north of England.",
                           user_id=user_id)                          # a correction
    vectors = stored_vectors(graph, user_id)
    written = {(v["kind"], v["property"]) for v in vectors}
    assert {("Source", "embedding"), ("Person", "embedding"), ("Entity", "embedding"),
            ("Artifact", "embedding"), ("Storyline", "summary_embedding"),
            ("FRIEND_OF", "embedding")} <= written
    assert {v["uid"] for v in vectors} >= {ada, friends, leeds.uid}
    assert [v["uid"] for v in vectors if not in_32_bits(v["vector"])] == []


def test_a_records_own_vector_is_stored_in_32_bits(memory: Memory, graph: Graph,
                                                   user_id: str) -> None:
    memory.ingest_records([{"content": "Sam works at Acme.", "speaker": "Sam",
                            "embedding": [0.1] * 384,
                            "entities": [{"name": "Acme", "embedding": [0.3] * 384}]}],
                          user_id=user_id)
    vectors = {v["kind"]: v["vector"] for v in stored_vectors(graph, user_id)}
    assert vectors["Source"] == [float(np.float32(0.1))] * 384 != [0.1] * 384
    assert vectors["Entity"] == [float(np.float32(0.3))] * 384 != [0.3] * 384
    assert in_32_bits(vectors["Person"])     # the speaker, embedded here


def test_init_stores_older_64_bit_vectors_in_32_bits_once(memory: Memory, graph: Graph,
                                                         user_id: str) -> None:
    """Before schema v7 every vector was stored in 64 bits; `init` rewrites them once."""
    old = [0.1] * 384
    with graph.session() as session:
        session.run("CREATE (a:Memory:Semantic:Person {uid: $u + '-a', user_id: $u, "
                    "name: 'Ada', embedding: $v})-[:FRIEND_OF {uid: $u + '-r', user_id: $u, "
                    "embedding: $v}]->(:Memory:Semantic:Person {uid: $u + '-b', "
                    "user_id: $u, name: 'Bob'}) "
                    "CREATE (:Memory:Storyline {uid: $u + '-st', user_id: $u, "
                    "subject_uid: $u + '-a', summary_embedding: $v})", u=user_id,
                    v=old).consume()
    assert all(v["vector"] == old for v in stored_vectors(graph, user_id))
    graph.driver.execute_query("MATCH (v:SchemaVersion {uid: 'memgraph'}) SET v.version = 6")
    report = memory.init()
    assert report.previous_version == 6 and recorded_version(graph)[0] == SCHEMA_VERSION
    vectors = stored_vectors(graph, user_id)
    assert {(v["kind"], v["property"]) for v in vectors} == {
        ("Person", "embedding"), ("FRIEND_OF", "embedding"), ("Storyline", "summary_embedding")}
    assert all(v["vector"] == [float(np.float32(0.1))] * 384 for v in vectors)
    # recorded at v7: the next init does not rewrite them again
    with graph.session() as session:
        session.run("MATCH (a:Person {uid: $u + '-a'}) SET a.embedding = $v", u=user_id,
                    v=old).consume()
    assert memory.init().changed is False
    ada = next(v for v in stored_vectors(graph, user_id) if v["uid"] == f"{user_id}-a")
    assert ada["vector"] == old


def test_a_source_embedded_when_it_is_retried_is_stored_in_32_bits(
        memory: Memory, graph: Graph, user_id: str) -> None:
    down = OpenAIEmbedder("text-embedding-3-small", base_url="http://127.0.0.1:9/v1",
                          api_key="sk-test", dimensions=384, max_retries=0, timeout_s=2)
    assert Memory(memory.settings, graph=graph, embedder=down).ingest(
        "Nadia works at Fabrikam.", user_id=user_id).status == "failed"
    assert stored_vectors(graph, user_id) == []
    memory.retry_failed(user_id=user_id)
    source = next(v for v in stored_vectors(graph, user_id) if v["kind"] == "Source")
    assert in_32_bits(source["vector"])


def test_re_embedding_stores_every_vector_in_32_bits(memory: Memory, graph: Graph,
                                                    user_id: str) -> None:
    for i, line in enumerate(CHAT):
        memory.ingest(line, user_id=user_id, speaker="Sam",
                      event_at=SPRING + timedelta(days=2 * i))
    memory.run_job("storylines", user_id=user_id, as_of=NOW)
    graph.driver.execute_query("MATCH (n:Memory {user_id: $u}) "
                               "REMOVE n.embedding, n.summary_embedding", u=user_id)
    memory.init(reembed=True)
    vectors = stored_vectors(graph, user_id)
    assert {"Source", "Person", "Storyline"} <= {v["kind"] for v in vectors}
    assert [v["uid"] for v in vectors if not in_32_bits(v["vector"])] == []
