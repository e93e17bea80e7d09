"""Builders for lifecycle and job tests: elements written straight into the real graph
with exactly the properties the jobs read (the data model's names, seed 001 defaults)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from memgraph.graph.connection import Graph
from memgraph.graph.notes import Note, next_expiry
from memgraph.graph.vocabulary import lifecycle_labels
from memgraph.memory import Memory

T0 = datetime(2025, 1, 1, tzinfo=UTC)


def lifecycle(**overrides: Any) -> dict[str, Any]:
    props = {"salience": 0.5, "state": "candidate", "confidence": 0.7, "access_count": 0,
             "recall_frequency": 0, "last_recall_interval": 0.0, "decay_gradient": 1.0,
             "ttl_policy": "decay", "created_at": T0, "updated_at": T0}
    props.update(overrides)
    return props


def note_lists(notes: list[Note]) -> dict[str, Any]:
    return {"notes": [n.text for n in notes], "notes_added_at": [n.added_at for n in notes],
            "notes_expires_at": [n.expires_at for n in notes],
            "notes_lifetime": [n.lifetime.value for n in notes],
            "notes_source": [n.source_id for n in notes],
            "notes_next_expiry": next_expiry([n.expires_at for n in notes])}


def make_node(graph: Graph, user_id: str, kind: str, name: str = "", *,
              notes: list[Note] | None = None, **overrides: Any) -> str:
    uid = uuid.uuid4().hex
    name = name or f"{kind.lower()}-{uid[:6]}"
    props = lifecycle(**overrides)
    props.update(uid=uid, user_id=user_id, name=name, description=props.get("description", ""))
    if kind in ("Person", "Concept", "Entity"):
        props.setdefault("canonical_name", name.lower())
        props.setdefault("aliases", [])
        props.setdefault("is_dirty", False)
    if kind == "Source":
        props.setdefault("raw_content", f"raw text of {name}")
        props.setdefault("extraction_status", "done")
        props.setdefault("content_hash", uid)
        props.setdefault("idempotency_key", uid)
    if notes is not None:
        props.update(note_lists(notes))
    with graph.session() as session:
        # a vector stored as memgraph stores them, in 32 bits (fragments/store_vector)
        session.run("CREATE (n:$($labels)) SET n = $props WITH n "
                    "CALL (n) { WITH n WHERE n.embedding IS NOT NULL "
                    "CALL db.create.setNodeVectorProperty(n, 'embedding', n.embedding) }",
                    props=props,
                    labels=["Memory", kind, *lifecycle_labels(props.get("state"),
                                                              props.get("salience"))]).consume()
    return uid


def make_rel(graph: Graph, user_id: str, start: str, end: str, rel_type: str = "KNOWS", *,
             notes: list[Note] | None = None, lifecycle_props: bool = True,
             **overrides: Any) -> str:
    uid = uuid.uuid4().hex
    props = lifecycle(**overrides) if lifecycle_props else dict(overrides)
    props.update(uid=uid, user_id=user_id)
    if lifecycle_props:
        props.setdefault("description", "")
        props.setdefault("is_dirty", False)
    if notes is not None:
        props.update(note_lists(notes))
    with graph.session() as session:
        session.run("MATCH (a:Memory {uid: $a}), (b:Memory {uid: $b}) "
                    "CREATE (a)-[r:$($t)]->(b) SET r = $props WITH r "
                    "CALL (r) { WITH r WHERE r.embedding IS NOT NULL CALL "
                    "db.create.setRelationshipVectorProperty(r, 'embedding', r.embedding) }",
                    a=start, b=end, t=rel_type, props=props).consume()
    return uid


def node(graph: Graph, uid: str) -> dict[str, Any] | None:
    with graph.session() as session:
        record = session.run("MATCH (n:Memory {uid: $uid}) RETURN properties(n) AS p",
                             uid=uid).single()
    return _native(record["p"]) if record else None


def rel(graph: Graph, uid: str) -> dict[str, Any] | None:
    with graph.session() as session:
        record = session.run("MATCH ()-[r]->() WHERE r.uid = $uid "
                             "RETURN properties(r) AS p, type(r) AS t", uid=uid).single()
    return {**_native(record["p"]), "type": record["t"]} if record else None


def snapshot(graph: Graph, user_id: str) -> list[tuple[Any, ...]]:
    """Every node and relationship of a user with all properties, for "nothing changed"."""
    with graph.session() as session:
        nodes = session.run("MATCH (n:Memory {user_id: $u}) RETURN n.uid AS uid, "
                            "properties(n) AS p ORDER BY uid", u=user_id).data()
        rels = session.run("MATCH (n:Memory {user_id: $u})-[r]->(m) RETURN n.uid AS a, "
                           "type(r) AS t, m.uid AS b, properties(r) AS p ORDER BY a, t, b",
                           u=user_id).data()
    return ([(r["uid"], sorted(r["p"].items(), key=str)) for r in nodes]
            + [(r["a"], r["t"], r["b"], sorted(r["p"].items(), key=str)) for r in rels])


def _native(props: dict[str, Any]) -> dict[str, Any]:
    def conv(v: Any) -> Any:
        if isinstance(v, list):
            return [conv(x) for x in v]
        return v.to_native() if hasattr(v, "to_native") else v
    return {k: conv(v) for k, v in props.items()}


def dry_run_counts(memory: Memory, graph: Graph, user_id: str, job: str,
                   **kwargs: Any) -> dict[str, Any]:
    """Run ``job`` for the tenant with dry_run=True, check that nothing of the tenant
    changed, and return what the job says it would have done."""
    before = snapshot(graph, user_id)
    report = memory.run_job(job, user_id=user_id, dry_run=True, **kwargs)
    assert snapshot(graph, user_id) == before
    return report.counts
