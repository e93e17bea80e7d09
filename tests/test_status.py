"""`memgraph status` / Memory.status(): what is in the graph, and whether its vectors mix
embedding models (their cosine scores do not compare)."""

from __future__ import annotations

from memgraph.memory import Memory
from tests.support import run_cli


def test_status_counts_nodes_per_kind_and_vectors_per_model(memory: Memory, user_id: str):
    memory.ingest("My sister Anna lives in Lisbon.", user_id=user_id, session_id="s1")
    status = memory.status(user_id)
    kinds = {row["kind"] for row in status["counts"]}
    assert "Source" in kinds and "Person" in kinds
    nodes_with_vectors = sum(row["nodes"] for row in status["counts"])
    assert status["embedding_models"] == [
        {"model": memory.embedder.model_name, "nodes": nodes_with_vectors}]


def test_status_shows_vectors_of_a_second_model(memory: Memory, user_id: str):
    memory.ingest("I work at Acme Corp.", user_id=user_id, session_id="s1")
    memory.graph.driver.execute_query(
        "CREATE (:Memory:Concept {uid: randomUUID(), user_id: $u, name: 'imported', "
        "embedding: [x IN range(1, $d) | 0.1], embedding_model: 'other-model'})",
        u=user_id, d=memory.embedder.dimensions, database_=memory.graph.database)
    models = {row["model"]: row["nodes"] for row in memory.status(user_id)["embedding_models"]}
    assert models["other-model"] == 1
    assert memory.embedder.model_name in models

    run = run_cli("status", "--user", user_id)
    assert run.code == 0, run.stderr
    assert "1 by other-model" in run.stdout
    assert "more than one embedding model" in run.stderr
