"""Forgetting a user removes all of theirs, leaves no debris, and touches no one else."""

from __future__ import annotations

from support import run_cli

from memgraph.graph import models
from memgraph.graph.connection import Graph
from memgraph.memory import Memory


def _small_graph(user_id: str) -> None:
    alice = models.Person(user_id=user_id, canonical_name="alice", name="Alice").save()
    jazz = models.Concept(user_id=user_id, canonical_name="jazz", name="Jazz").save()
    source = models.Source(user_id=user_id, content_hash="h", idempotency_key="k",
                           raw_content="Alice loves jazz").save()
    alice.related.connect(jazz, {"user_id": user_id})
    source.mentions.connect(alice, {"user_id": user_id})
    models.User(user_id=user_id).save()


def _count(graph: Graph, user_id: str) -> int:
    return sum(r["nodes"] for r in graph.read("graph/counts", user_id=user_id))


def test_dry_run_counts_and_deletes_nothing(memory: Memory, user_id: str) -> None:
    _small_graph(user_id)
    assert memory.forget_user(user_id, dry_run=True) == 3
    assert _count(memory.graph, user_id) == 3


def test_forget_removes_nodes_and_relationships_of_one_user_only(
        memory: Memory, user_id: str, other_user: str) -> None:
    _small_graph(user_id)
    _small_graph(other_user)
    assert memory.forget_user(user_id) == 3
    assert _count(memory.graph, user_id) == 0
    with memory.graph.session() as session:
        left = session.run("MATCH (n) WHERE n.user_id = $u RETURN count(n) AS n",
                           u=user_id).single()["n"]
        rels = session.run("MATCH ()-[r]->() WHERE r.user_id = $u RETURN count(r) AS n",
                           u=user_id).single()["n"]
    assert (left, rels) == (0, 0)
    assert _count(memory.graph, other_user) == 3


def test_cli_forget_needs_confirmation_or_yes(memory: Memory, user_id: str) -> None:
    _small_graph(user_id)
    refused = run_cli("forget", "--user", user_id, env={"MEMGRAPH_EMBEDDER": "hashing"})
    assert refused.code != 0 and _count(memory.graph, user_id) == 3
    done = run_cli("forget", "--user", user_id, "--yes", "--json",
                   env={"MEMGRAPH_EMBEDDER": "hashing"})
    assert done.code == 0, done.stderr
    assert '"nodes": 3' in done.stdout
    assert _count(memory.graph, user_id) == 0
