"""memgraph on a `neo4j://` routing URI, as on a cluster or Aura: reads go in read
transactions and writes in write transactions through the routing driver, and what one
call writes the next one reads (one bookmark manager for every query and session). Neo4j
Community answers routing for itself, so the real server of the suite stands in for a
one-member cluster."""

from __future__ import annotations

from datetime import UTC, datetime

from memgraph.graph.connection import Graph
from memgraph.memory import Memory
from memgraph.providers.embeddings import HashingEmbedder
from memgraph.settings import Settings


def routed(settings: Settings) -> Settings:
    uri = settings.neo4j_uri.replace("bolt://", "neo4j://", 1)
    assert uri.startswith("neo4j://")
    return settings.model_copy(update={"neo4j_uri": uri})


def test_ingest_explore_jobs_and_forget_over_a_routing_uri(settings: Settings, graph: Graph,
                                                          user_id: str):
    with Memory(routed(settings), embedder=HashingEmbedder(384)) as memory:
        assert memory.graph.settings.neo4j_uri.startswith("neo4j://")
        written = memory.ingest("Ines works at Contoso in Porto.", user_id=user_id)
        assert written.status == "done"
        found = memory.explore("where does Ines work", user_id=user_id, reinforce=True)
        assert any("Contoso" in f"{r.name} {r.text}" for r in found)   # read after write
        report = memory.run_job("nightly", user_id=user_id, as_of=datetime.now(UTC))
        assert report.status == "ok", report.as_dict()
        context = memory.context("Ines", user_id=user_id, max_tokens=200)
        assert "Ines" in context.text
        assert memory.forget_user(user_id) > 0
        assert memory.explore("Ines", user_id=user_id, reinforce=False) == []
