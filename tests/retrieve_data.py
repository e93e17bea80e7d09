"""Fixture graphs for the retrieval tests, written with plain parameterised Cypher.

Labels and relationship types come from the vocabulary's allow-lists only.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

import numpy as np

from memgraph.graph.connection import Graph
from memgraph.graph.models import new_id
from memgraph.graph.vocabulary import RELATIONSHIP_TYPES, STRUCTURAL_TYPES, Kind
from memgraph.ingest.properties import source_search_text

NOW = datetime.now(UTC)

NODE_DEFAULTS: dict[str, Any] = {
    "state": "candidate", "salience": 0.5, "confidence": 0.7, "access_count": 0,
    "recall_frequency": 0, "last_recall_interval": 0.0, "decay_gradient": 1.0,
    "ttl_policy": "decay", "importance": 0.5, "description": "", "is_dirty": False,
    "notes": [], "notes_source": [],
}


class QueryDirection:
    """A hand-made query vector and vectors at chosen cosines to it, for tests that place
    neighbours exactly. The direction is a random unit vector, not an axis: the vector index
    quantizes each Lucene segment's vectors over the range most of their components take,
    so a vector with one component of 0.95 sharing a segment with other tests' vectors was
    clipped and scored 0.64 for 0.975 (docs/retrieval.md, "Session 30")."""

    def __init__(self, dims: int, seed: int, *, draws_seed: int | None = None) -> None:
        self._rng = np.random.default_rng(seed)
        unit = self._rng.standard_normal(dims)
        self._unit = unit / np.linalg.norm(unit)
        if draws_seed is not None:      # one query, several independent sets of neighbours
            self._rng = np.random.default_rng(draws_seed)
        self.query: list[float] = self._unit.tolist()

    def near(self, cosine: float) -> list[float]:
        """A unit vector at `cosine` to the query, its other part drawn at random."""
        other = self._rng.standard_normal(self._unit.size)
        other -= other.dot(self._unit) * self._unit
        other *= np.sqrt(1 - cosine ** 2) / np.linalg.norm(other)
        return (other + cosine * self._unit).tolist()


def add_node(graph: Graph, user_id: str, kind: str, name: str, *, text: str = "",
             embedding: list[float] | None = None, **props: Any) -> str:
    """Create one memory node; returns its uid."""
    label = Kind(kind).value
    data = _node_data(user_id, label, name, text, embedding, props)
    _run(graph, f"CREATE (n:Memory:{label}) SET n = $props", props=data)
    return data["uid"]


def add_nodes(graph: Graph, user_id: str, kind: str,
              items: list[tuple[str, str, list[float] | None]]) -> list[str]:
    """Create memory nodes of one kind, given as (name, text, embedding), in one query;
    returns their uids in order."""
    label = Kind(kind).value
    rows = [_node_data(user_id, label, name, text, embedding, {})
            for name, text, embedding in items]
    _run(graph, f"UNWIND $rows AS row CREATE (n:Memory:{label}) SET n = row", rows=rows)
    return [row["uid"] for row in rows]


def _node_data(user_id: str, label: str, name: str, text: str,
               embedding: list[float] | None, props: dict[str, Any]) -> dict[str, Any]:
    uid = new_id()
    data = {**NODE_DEFAULTS, "uid": uid, "user_id": user_id, "name": name,
            "created_at": NOW, "updated_at": NOW, **props}
    if label == "Source":
        data.setdefault("raw_content", text)
        data.setdefault("event_at", NOW)
        data.setdefault("search_text", source_search_text(text, props.get("speaker") or "",
                                                          data["event_at"]))
        data.setdefault("content_hash", hashlib.sha256(text.encode()).hexdigest())
        data.setdefault("idempotency_key", uid)
        data.setdefault("sensitivity", "normal")
    else:
        data.setdefault("canonical_name", name.lower())
        data["description"] = data.get("description") or text
    if embedding is not None:
        data["embedding"] = embedding
    return data


def relate(graph: Graph, user_id: str, start: str, rel_type: str, end: str,
           **props: Any) -> str:
    """Create a relationship between two nodes (by uid); returns its uid ('' if structural)."""
    assert rel_type in RELATIONSHIP_TYPES or rel_type in STRUCTURAL_TYPES
    data: dict[str, Any] = {"user_id": user_id, "created_at": NOW}
    uid = ""
    if rel_type in RELATIONSHIP_TYPES:
        uid = new_id()
        data |= {**NODE_DEFAULTS, "uid": uid, "strength": 0.5, "source_ids": []}
        data.pop("importance")
    data |= props
    _run(graph, f"MATCH (a:Memory {{uid: $a}}), (b:Memory {{uid: $b}}) "
                f"CREATE (a)-[r:{rel_type}]->(b) SET r = $props",
         a=start, b=end, props=data)
    return uid


def props_of(graph: Graph, uid: str) -> dict[str, Any]:
    rows = _run(graph, "MATCH (n:Memory {uid: $uid}) RETURN properties(n) AS p "
                       "UNION MATCH ()-[r]->() WHERE r.uid = $uid RETURN properties(r) AS p",
                uid=uid)
    return rows[0]["p"]


def set_props(graph: Graph, uid: str, **props: Any) -> None:
    _run(graph, "OPTIONAL MATCH (n:Memory {uid: $uid}) OPTIONAL MATCH ()-[r]->() "
                "WHERE n IS NULL AND r.uid = $uid WITH coalesce(n, r) AS e SET e += $props",
         uid=uid, props=props)


def snapshot(graph: Graph, user_id: str) -> list[dict[str, Any]]:
    """Every property of every node and relationship of a tenant, for before/after checks."""
    rows = _run(graph, "MATCH (n:Memory {user_id: $u}) OPTIONAL MATCH (n)-[r]->() "
                       "RETURN n.uid AS uid, properties(n) AS n, collect(properties(r)) AS rels "
                       "ORDER BY uid", u=user_id)
    return rows


def _run(graph: Graph, query: str, **params: Any) -> list[dict[str, Any]]:
    graph.behind.wait()   # a reader beside the Graph: its queued recalls first
    records, _, _ = graph.driver.execute_query(query, params, database_=graph.database)
    return [r.data() for r in records]
