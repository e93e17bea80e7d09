"""Helpers for the ingestion tests: write a scripted conversation, read what a tenant's
graph holds."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from memgraph.graph.connection import Graph
from memgraph.memory import Memory


def ingest_turns(memory: Memory, user_id: str, turns: Sequence[tuple[str, str]],
                 session_id: str = "s1",
                 start: datetime = datetime(2023, 10, 30, 12, tzinfo=UTC)) -> None:
    """A scripted conversation: one ``(speaker, text)`` a minute from ``start``, in one
    session, so that each message follows the one before it."""
    for n, (speaker, text) in enumerate(turns):
        memory.ingest(text, user_id=user_id, speaker=speaker, session_id=session_id,
                      event_at=start.replace(minute=n))


def ingest_dated(memory: Memory, user_id: str, speaker: str,
                 told: Sequence[tuple[str, str]]) -> None:
    """What ``speaker`` told days or months apart: each ``(day, text)`` at noon UTC on
    its ISO ``day``."""
    for day, text in told:
        memory.ingest(text, user_id=user_id, speaker=speaker, event_at=f"{day}T12:00:00Z")


def rows(graph: Graph, query: str, **params: Any) -> list[dict[str, Any]]:
    graph.behind.wait()   # a reader beside the Graph: its queued recalls first
    records, _, _ = graph.driver.execute_query(query, params)
    return [r.data() for r in records]


def count(graph: Graph, user_id: str) -> dict[str, int]:
    nodes = rows(graph, "MATCH (n {user_id: $u}) RETURN count(n) AS c", u=user_id)[0]["c"]
    rels = rows(graph, "MATCH ({user_id: $u})-[r]->() RETURN count(r) AS c", u=user_id)[0]["c"]
    return {"nodes": nodes, "relationships": rels}


def sources(graph: Graph, user_id: str) -> list[dict[str, Any]]:
    found = rows(graph, "MATCH (s:Source {user_id: $u}) RETURN s {.*, embedding: null} AS s "
                        "ORDER BY s.ingested_at", u=user_id)
    return [r["s"] for r in found]
