"""Helpers for the ingestion tests: read what a tenant's graph holds."""

from __future__ import annotations

from typing import Any

from memgraph.graph.connection import Graph


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
