"""`memgraph status` / Memory.status() and `init`: what is in the graph, and whether some of
its vectors were made by another model than the embedder's (their cosine scores do not
compare with its query vectors)."""

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
    assert "made by another model than the embedder's" in run.stderr
    assert "memgraph init --recreate-vector-index" in run.stderr


def test_init_reports_vectors_another_model_made(memory: Memory, user_id: str):
    memory.ingest("I work at Acme Corp.", user_id=user_id, session_id="s1")
    assert memory.embedder.model_name not in memory.init().other_models
    memory.graph.driver.execute_query(
        "CREATE (:Memory:Concept {uid: randomUUID(), user_id: $u, name: 'imported', "
        "embedding: [x IN range(1, $d) | 0.1], embedding_model: 'model-of-" + user_id + "'})",
        u=user_id, d=memory.embedder.dimensions, database_=memory.graph.database)
    assert memory.init().other_models[f"model-of-{user_id}"] == 1
