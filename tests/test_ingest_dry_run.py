"""A dry run of ingest: the whole write runs in one transaction that is rolled back, so it
says what a message would teach the graph and leaves the graph as it was, even when it
fails."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from ingest_support import rows
from support import assert_one_line_error, run_cli

from memgraph.errors import ProviderError
from memgraph.graph.connection import Graph
from memgraph.memory import Memory
from memgraph.providers.base import Embedder, Vector
from memgraph.providers.embeddings import HashingEmbedder
from memgraph.settings import Settings

MESSAGE = "My sister Anna moved to Lisbon. She works at Lisbon Children's Hospital."


def snapshot(graph: Graph, user_id: str) -> list[dict]:
    """Every node and relationship of the tenant with all its properties."""
    nodes = rows(graph, "MATCH (n {user_id: $u}) RETURN labels(n) AS labels, "
                 "properties(n) AS props ORDER BY n.uid", u=user_id)
    rels = rows(graph, "MATCH (a {user_id: $u})-[r]->(b) RETURN a.uid AS a, type(r) AS t, "
                "b.uid AS b, properties(r) AS props ORDER BY a, t, b", u=user_id)
    return [*nodes, *rels]


def test_a_dry_run_reports_what_the_message_teaches_and_writes_nothing(
        memory: Memory, user_id: str) -> None:
    rehearsed = memory.ingest(MESSAGE, user_id=user_id, speaker="Sam", session_id="chat",
                              dry_run=True)
    assert rehearsed.dry_run and rehearsed.status == "done" and not rehearsed.duplicate
    assert snapshot(memory.graph, user_id) == []
    done = memory.ingest(MESSAGE, user_id=user_id, speaker="Sam", session_id="chat")
    assert not done.dry_run
    # the dry run said what the real ingest then wrote, line for line
    assert rehearsed.learned == done.learned
    assert "Anna -LIVES_IN-> Lisbon" in done.learned
    assert (rehearsed.nodes_created, rehearsed.relationships_created) == \
        (done.nodes_created, done.relationships_created)


def test_a_dry_run_on_a_memory_that_knows_the_people_changes_none_of_them(
        memory: Memory, user_id: str) -> None:
    memory.ingest(MESSAGE, user_id=user_id, speaker="Sam", session_id="chat")
    before = snapshot(memory.graph, user_id)
    rehearsed = memory.ingest("Anna moved to Porto in May. She loves surfing.",
                              user_id=user_id, speaker="Sam", session_id="chat",
                              dry_run=True)
    # it would end the Lisbon fact and update Anna: none of it is kept
    assert rehearsed.relationships_superseded == 1 and rehearsed.nodes_updated >= 1
    assert snapshot(memory.graph, user_id) == before


def test_a_dry_run_of_a_message_already_stored_is_a_duplicate(
        memory: Memory, user_id: str) -> None:
    memory.ingest(MESSAGE, user_id=user_id, speaker="Sam", session_id="chat")
    before = snapshot(memory.graph, user_id)
    again = memory.ingest(MESSAGE, user_id=user_id, speaker="Sam", session_id="chat",
                          dry_run=True)
    assert again.duplicate and again.dry_run and again.status == "done"
    assert snapshot(memory.graph, user_id) == before


class DownEmbedder(Embedder):
    """An embedder whose provider is unreachable."""

    def __init__(self, dimensions: int) -> None:
        self.dimensions, self.model_name = dimensions, HashingEmbedder(dimensions).model_name

    def embed_batch(self, texts: Sequence[str]) -> list[Vector]:
        raise ProviderError("embedding provider unreachable")


def test_a_dry_run_that_fails_raises_and_stores_nothing_where_an_ingest_keeps_the_message(
        settings: Settings, graph: Graph, memory: Memory, user_id: str) -> None:
    down = Memory(settings, graph=graph, embedder=DownEmbedder(memory.embedder.dimensions))
    with pytest.raises(ProviderError):
        down.ingest(MESSAGE, user_id=user_id, dry_run=True)
    assert snapshot(graph, user_id) == []
    kept = down.ingest(MESSAGE, user_id=user_id)
    assert kept.status == "failed"
    assert [r["status"] for r in rows(graph, "MATCH (s:Source {user_id: $u}) "
                                      "RETURN s.extraction_status AS status", u=user_id)] \
        == ["failed"]


def test_the_cli_dry_run_prints_what_it_would_add_and_refuses_files(
        graph: Graph, user_id: str) -> None:
    env = {"MEMGRAPH_EMBEDDER": "hashing"}
    run = run_cli("ingest", "--user", user_id, "--speaker", "Sam", "--dry-run", MESSAGE,
                  env=env)
    assert run.code == 0, run.stderr
    assert "dry run, nothing was written" in run.stdout
    assert "Anna -LIVES_IN-> Lisbon" in run.stdout
    assert snapshot(graph, user_id) == []
    assert_one_line_error(run_cli("ingest", "--user", user_id, "--dry-run", "--file",
                                  "chat.jsonl", env=env), "--dry-run goes with TEXT only")
