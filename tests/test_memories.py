"""One memory at a time: read with history, correct, end a fact, delete, with audit records
and no debris (graph snapshots of the tenant before and after)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from support import assert_one_line_error, run_cli

from memgraph.errors import ConflictError, InvalidInputError, NotFoundError
from memgraph.graph.connection import Graph
from memgraph.memory import Memory

ENV = {"MEMGRAPH_EMBEDDER": "hashing"}
AT = "2025-03-01T10:00:00Z"


def snapshot(graph: Graph, user_id: str) -> dict[str, Any]:
    """The tenant's graph: every node (labels and properties, vectors left out) and every
    relationship touching one (type, ends, properties). Audit records are reported apart:
    they are what a change is supposed to add."""
    with graph.session() as session:
        nodes = session.run(
            "MATCH (n) WHERE n.user_id = $u AND NOT n:AuditRecord "
            "RETURN n.uid AS uid, labels(n) AS labels, "
            "properties(n) AS props", u=user_id).data()
        rels = session.run(
            "MATCH (a)-[r]->(b) WHERE (a.user_id = $u OR b.user_id = $u) "
            "AND NOT a:AuditRecord "
            "RETURN type(r) AS type, coalesce(a.uid, a.user_id) AS a, "
            "coalesce(b.uid, b.user_id) AS b, properties(r) AS props", u=user_id).data()
    for row in (*nodes, *rels):
        row["props"] = {k: str(v) for k, v in row["props"].items() if k != "embedding"}
    return {"nodes": sorted(nodes, key=lambda r: (sorted(r["labels"]), str(r["uid"]))),
            "rels": sorted(rels, key=lambda r: (r["type"], r["a"], r["b"]))}


def audit_count(graph: Graph, user_id: str) -> int:
    with graph.session() as session:
        return session.run("MATCH (a:AuditRecord {user_id: $u}) RETURN count(a) AS n",
                           u=user_id).single()["n"]


def node_uid(memory: Memory, user_id: str, name: str) -> str:
    return memory.get(name, user_id=user_id).uid


def relationship(memory: Memory, user_id: str, name: str, rel_type: str) -> dict[str, Any]:
    record = memory.get(name, user_id=user_id)
    return next(r for r in [*record.relationships, *record.history] if r["type"] == rel_type)


# -- reading ------------------------------------------------------------------------------
def test_a_node_is_read_with_its_sources_relationships_and_notes(memory: Memory,
                                                                  user_id: str) -> None:
    result = memory.ingest("I work at Acme Corp.", user_id=user_id, speaker="Anna",
                           event_at=AT, agent_id="planner")
    record = memory.get("Anna", user_id=user_id)
    assert record.element == "node" and record.kind == "Person" and record.name == "Anna"
    assert [s.source_uid for s in record.sources] == [result.source_uid]
    assert record.sources[0].agent_id == "planner"
    works = [r for r in record.relationships if r["type"] == "WORKS_AT"]
    assert works and works[0]["other"]["name"] == "Acme Corp" and works[0]["direction"] == "out"
    assert "embedding" not in record.properties
    source = memory.get(result.source_uid, user_id=user_id)
    assert source.kind == "Source" and source.properties["agent_id"] == "planner"
    assert {m["name"] for m in source.mentions} >= {"Anna", "Acme Corp"}


def test_a_relationship_is_read_with_its_ends_and_sources(memory: Memory, user_id: str) -> None:
    result = memory.ingest("I work at Acme Corp.", user_id=user_id, speaker="Anna")
    rel = relationship(memory, user_id, "Anna", "WORKS_AT")
    record = memory.get(rel["uid"], user_id=user_id)
    assert record.element == "relationship" and record.kind == "WORKS_AT"
    assert record.name == "Anna WORKS_AT Acme Corp"
    assert [s.source_uid for s in record.sources] == [result.source_uid]


def test_another_tenants_memory_is_not_found(memory: Memory, user_id: str) -> None:
    memory.ingest("I work at Acme Corp.", user_id=user_id, speaker="Anna")
    uid = node_uid(memory, user_id, "Anna")
    with pytest.raises(NotFoundError):
        memory.get(uid, user_id=f"{user_id}-other")
    with pytest.raises(NotFoundError):
        memory.delete(uid, user_id=f"{user_id}-other")
    assert memory.get(uid, user_id=user_id).name == "Anna"


# -- correcting -----------------------------------------------------------------------------
def test_a_rename_keeps_the_old_name_as_an_alias_and_is_audited(memory: Memory,
                                                                 user_id: str) -> None:
    memory.ingest("My sister Ana lives in Lyon.", user_id=user_id, speaker="Sam")
    uid = node_uid(memory, user_id, "Ana")
    change = memory.correct("Ana", name="Anna", description="Sam's older sister",
                            user_id=user_id, actor="test")
    assert (change.uid, change.name_before, change.name) == (uid, "Ana", "Anna")
    record = memory.get(uid, user_id=user_id)
    assert record.name == "Anna" and record.description == "Sam's older sister"
    assert "Ana" in record.properties["aliases"]
    assert record.properties["canonical_name"] == "anna"
    # the old name still finds the node, and a new mention of it resolves to it
    assert memory.get("Ana", user_id=user_id).uid == uid
    memory.ingest("My sister Ana loves jazz.", user_id=user_id, speaker="Sam")
    assert memory.get("Ana", user_id=user_id).uid == uid
    [entry] = memory.audit(user_id=user_id, target=uid)
    assert (entry.action, entry.actor) == ("correct", "test")
    assert entry.details["name_before"] == "Ana" and entry.details["name"] == "Anna"
    assert memory.get(uid, user_id=user_id).audit[0].uid == entry.uid


def test_a_rename_onto_another_nodes_name_is_a_conflict(memory: Memory, user_id: str) -> None:
    memory.ingest("My sister Ana lives in Lyon. My friend Tom lives in Paris.",
                  user_id=user_id, speaker="Sam")
    before = snapshot(memory.graph, user_id)
    with pytest.raises(ConflictError, match="already named"):
        memory.correct("Ana", name="Tom", user_id=user_id)
    assert snapshot(memory.graph, user_id) == before and audit_count(memory.graph, user_id) == 0


@pytest.mark.parametrize(("kwargs", "message"), [
    ({}, "nothing to correct"),
    ({"name": "   "}, "name is empty"),
    ({"name": "x" * 201}, "longer than 200"),
])
def test_bad_corrections_are_refused_and_change_nothing(memory: Memory, user_id: str,
                                                        kwargs: dict[str, str],
                                                        message: str) -> None:
    memory.ingest("My sister Ana lives in Lyon.", user_id=user_id, speaker="Sam")
    before = snapshot(memory.graph, user_id)
    with pytest.raises(InvalidInputError, match=message):
        memory.correct("Ana", user_id=user_id, **kwargs)
    assert snapshot(memory.graph, user_id) == before


def test_a_source_is_not_corrected(memory: Memory, user_id: str) -> None:
    result = memory.ingest("My sister Ana lives in Lyon.", user_id=user_id, speaker="Sam")
    with pytest.raises(InvalidInputError, match="cannot be corrected"):
        memory.correct(result.source_uid, name="x", user_id=user_id)


# -- ending a fact ------------------------------------------------------------------------
def test_an_ended_fact_becomes_history_not_deleted(memory: Memory, user_id: str) -> None:
    memory.ingest("I work at Acme Corp.", user_id=user_id, speaker="Anna", event_at=AT)
    rel = relationship(memory, user_id, "Anna", "WORKS_AT")
    ended = memory.end_fact(rel["uid"], at="2025-06-01", user_id=user_id)
    assert ended.valid_to == datetime(2025, 6, 1, tzinfo=UTC)
    record = memory.get("Anna", user_id=user_id)
    assert not [r for r in record.relationships if r["type"] == "WORKS_AT"]
    [past] = [r for r in record.history if r["type"] == "WORKS_AT"]
    assert past["uid"] == rel["uid"] and past["valid_to"].date().isoformat() == "2025-06-01"
    hop = memory.traverse("Anna", user_id=user_id, reinforce=False)
    assert any(r.uid == rel["uid"] and r.valid_to is not None for r in hop.relationships)
    assert [e.action for e in memory.audit(user_id=user_id, target=rel["uid"])] == ["end_fact"]


@pytest.mark.parametrize(("when", "message"), [
    ((datetime.now(UTC) + timedelta(days=2)).isoformat(), "future"),
    ("2020-01-01", "cannot end before"),
    ("yesterday-ish", "not an ISO-8601"),
], ids=["in two days", "before it began", "not a time"])   # ids stable across processes
def test_a_fact_is_not_ended_in_the_future_or_before_it_began(
        memory: Memory, user_id: str, when: str, message: str) -> None:
    memory.ingest("I work at Acme Corp.", user_id=user_id, speaker="Anna", event_at=AT)
    rel = relationship(memory, user_id, "Anna", "WORKS_AT")
    with pytest.raises(InvalidInputError, match=message):
        memory.end_fact(rel["uid"], at=when, user_id=user_id)
    assert relationship(memory, user_id, "Anna", "WORKS_AT").get("valid_to") is None


def test_a_node_is_not_ended(memory: Memory, user_id: str) -> None:
    memory.ingest("I work at Acme Corp.", user_id=user_id, speaker="Anna")
    with pytest.raises(InvalidInputError, match="only a fact"):
        memory.end_fact("Anna", user_id=user_id)


# -- deleting -------------------------------------------------------------------------------
def test_deleting_a_source_leaves_the_graph_as_it_was_before_it(memory: Memory,
                                                                 user_id: str) -> None:
    memory.ingest("I work at Acme Corp.", user_id=user_id, speaker="Anna", session_id="s1",
                  event_at=AT)
    before = snapshot(memory.graph, user_id)
    later = memory.ingest("My friend Tom lives in Paris.", user_id=user_id, speaker="Bob",
                          session_id="s1", event_at="2025-03-02T10:00:00Z")
    assert snapshot(memory.graph, user_id) != before
    deletion = memory.delete(later.source_uid, user_id=user_id, actor="test")
    assert deletion.kind == "Source" and len(deletion.nodes) >= 3   # the source, Tom, Paris…
    assert snapshot(memory.graph, user_id) == before
    assert [e.action for e in memory.audit(user_id=user_id)] == ["delete"]


def test_deleting_a_source_keeps_what_other_sources_support(memory: Memory,
                                                             user_id: str) -> None:
    first = memory.ingest("I work at Acme Corp.", user_id=user_id, speaker="Anna",
                          session_id="s1")
    second = memory.ingest("I live in Lyon.", user_id=user_id, speaker="Anna",
                           session_id="s1")
    third = memory.ingest("I love jazz.", user_id=user_id, speaker="Anna", session_id="s1")
    anna = node_uid(memory, user_id, "Anna")
    lyon = node_uid(memory, user_id, "Lyon")
    memory.delete(second.source_uid, user_id=user_id)
    # Anna existed before the second source and is supported by the others: she stays
    record = memory.get(anna, user_id=user_id)
    assert {r["type"] for r in record.relationships} == {"WORKS_AT", "LIKES"}
    with pytest.raises(NotFoundError):
        memory.get(lyon, user_id=user_id)
    # the session chain is bridged: first -> third
    with memory.graph.session() as session:
        chain = session.run("MATCH (a:Source {uid: $a})-[:NEXT]->(b:Source) RETURN b.uid AS b",
                            a=first.source_uid).data()
    assert [row["b"] for row in chain] == [third.source_uid]


def test_deleting_a_fact_that_superseded_another_makes_the_old_one_current(
        memory: Memory, user_id: str) -> None:
    memory.ingest("I work at Acme Corp.", user_id=user_id, speaker="Anna",
                  event_at="2024-01-01T00:00:00Z")
    memory.ingest("I work at Globex.", user_id=user_id, speaker="Anna",
                  event_at="2025-01-01T00:00:00Z")
    record = memory.get("Anna", user_id=user_id)
    [current] = [r for r in record.relationships if r["type"] == "WORKS_AT"]
    [old] = [r for r in record.history if r["type"] == "WORKS_AT"]
    assert current["other"]["name"] == "Globex" and old["superseded_by"] == current["uid"]
    deletion = memory.delete(current["uid"], user_id=user_id)
    assert deletion.reopened == [old["uid"]] and deletion.relationships == [current["uid"]]
    record = memory.get("Anna", user_id=user_id)
    [now] = [r for r in record.relationships if r["type"] == "WORKS_AT"]
    assert now["uid"] == old["uid"] and now["other"]["name"] == "Acme Corp"
    assert "superseded_by" not in now or now["superseded_by"] is None


def test_deleting_a_node_takes_its_relationships_and_notes_but_not_its_sources(
        memory: Memory, user_id: str) -> None:
    result = memory.ingest("I work at Acme Corp. I love jazz.", user_id=user_id,
                           speaker="Anna")
    acme = node_uid(memory, user_id, "Acme Corp")
    plan = memory.delete(acme, user_id=user_id, dry_run=True)
    assert plan.dry_run and plan.nodes == [acme] and len(plan.relationships) == 1
    assert memory.get(acme, user_id=user_id).uid == acme    # a dry run deletes nothing
    memory.delete(acme, user_id=user_id)
    with pytest.raises(NotFoundError):
        memory.get(acme, user_id=user_id)
    anna = memory.get("Anna", user_id=user_id)
    assert {r["type"] for r in anna.relationships} == {"LIKES"}
    source = memory.get(result.source_uid, user_id=user_id)
    assert source.properties["raw_content"].startswith("I work at Acme Corp.")
    with memory.graph.session() as session:
        dangling = session.run("MATCH ()-[r]->() WHERE r.user_id = $u AND "
                               "(startNode(r) IS NULL OR endNode(r) IS NULL) RETURN count(r) AS n",
                               u=user_id).single()["n"]
    assert dangling == 0


def test_forgetting_a_user_removes_keys_and_audit_records(memory: Memory, user_id: str) -> None:
    memory.ingest("I work at Acme Corp.", user_id=user_id, speaker="Anna")
    memory.create_api_key(user_id, "agent")
    memory.delete("Acme Corp", user_id=user_id)
    memory.forget_user(user_id)
    with memory.graph.session() as session:
        left = session.run("MATCH (n) WHERE n.user_id = $u RETURN count(n) AS n",
                           u=user_id).single()["n"]
    assert left == 0


# -- the CLI --------------------------------------------------------------------------------
def test_cli_show_correct_end_and_delete(memory: Memory, user_id: str) -> None:
    memory.ingest("I work at Acme Corp.", user_id=user_id, speaker="Anna", event_at=AT)
    shown = run_cli("show", "Anna", "--user", user_id, env=ENV)
    assert shown.code == 0, shown.stderr
    assert "Person 'Anna'" in shown.stdout and "WORKS_AT" in shown.stdout
    fixed = run_cli("correct", "Acme Corp", "--name", "Acme Corporation", "--user", user_id,
                    env=ENV)
    assert fixed.code == 0, fixed.stderr
    assert "'Acme Corp' → 'Acme Corporation'" in fixed.stdout
    rel = relationship(memory, user_id, "Anna", "WORKS_AT")
    ended = run_cli("end-fact", rel["uid"], "--at", "2025-05-01", "--user", user_id,
                    "--json", env=ENV)
    assert ended.code == 0, ended.stderr
    assert '"valid_to": "2025-05-01' in ended.stdout
    refused = run_cli("delete", "Acme Corporation", "--user", user_id, env=ENV)
    assert refused.code != 0 and memory.get("Acme Corporation", user_id=user_id)
    dry = run_cli("delete", "Acme Corporation", "--user", user_id, "--dry-run", env=ENV)
    assert dry.code == 0 and "would delete Entity" in dry.stdout
    gone = run_cli("delete", "Acme Corporation", "--user", user_id, "--yes", env=ENV)
    assert gone.code == 0, gone.stderr
    assert [e.actor.startswith("cli:") for e in memory.audit(user_id=user_id)] == [True] * 3


def test_cli_errors_are_one_line(memory: Memory, user_id: str) -> None:
    assert_one_line_error(run_cli("show", "nobody", "--user", user_id, env=ENV), "no memory")
    assert_one_line_error(run_cli("correct", "nobody", "--user", user_id, env=ENV),
                          "nothing to correct")
