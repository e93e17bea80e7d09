"""Query plans: explore()'s candidate query is planned once, whatever the call's shape.

Neo4j keys a cached plan by every parameter's type and size class. Planning the candidate
query takes seconds on a small machine, so a question of another length, a kind filter or
a `since` must not each cost a new plan (docs/operations.md, "One plan for every call").
Serial: the query statistics cover the whole database, and a schema change elsewhere
(a tenant's vector index) empties the plan cache.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import delete_tenant

from memgraph import cypher
from memgraph.graph.connection import Graph
from memgraph.memory import Memory
from memgraph.warm_up import WARM_UP_TENANTS

# db.stats keeps the first 10,000 characters of a query's text
STATS_TEXT_CHARS = 10_000

CALL_SHAPES: list[tuple[str, dict[str, Any]]] = [
    ("Anna", {}),
    ("Where does Anna live these days, and who does she live with?", {}),
    ("Anna", {"kinds": ["Person"]}),
    ("Anna", {"kinds": ["Relationship"]}),
    ("Anna", {"since": "2020-01-01", "until": "2030-01-01"}),
    ("Anna", {"min_salience": 0.2}),
    ("Anna", {"sensitivity": ["normal"]}),
    ("Anna", {"agent_id": "planner"}),
    ("Anna", {"states": ["active", "core"]}),
    ("?", {}),                                   # no full-text term left
]


@pytest.fixture
def query_statistics(graph: Graph) -> Iterator[None]:
    with graph.session() as session:
        session.run("CALL db.stats.stop('QUERIES')").consume()
        session.run("CALL db.stats.clear('QUERIES')").consume()
        session.run("CALL db.stats.collect('QUERIES', {durationSeconds: 300})").consume()
    yield
    with graph.session() as session:
        session.run("CALL db.stats.stop('QUERIES')").consume()
        session.run("CALL db.stats.clear('QUERIES')").consume()


def planned_versions(graph: Graph, name: str) -> list[dict[str, Any]]:
    """The statistics' entries of query NAME: one per plan it ran with."""
    return plans_by_name(graph, [name])[name]


def plans_by_name(graph: Graph, names: list[str]) -> dict[str, list[dict[str, Any]]]:
    """``planned_versions`` of several queries, read at once (each reading returns every
    query's entries, plans included)."""
    texts = {cypher.load(name)[:STATS_TEXT_CHARS]: name for name in names}
    with graph.session() as session:
        rows = session.run("CALL db.stats.retrieve('QUERIES') YIELD data RETURN data").data()
    found: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    for row in rows:
        if (name := texts.get(row["data"]["query"])) is not None:
            found[name].append(row["data"])
    return found


def test_explore_plans_its_candidate_query_once_for_every_call_shape(
        memory: Memory, user_id: str, query_statistics: None) -> None:
    memory.ingest("Anna lives in Lisbon with her sister Marta.", user_id=user_id)
    for query, options in CALL_SHAPES:
        memory.explore(query, user_id=user_id, reinforce=False, **options)
    versions = planned_versions(memory.graph, "retrieve/explore_candidates")
    assert len(versions) == 1, [v["invocations"][0]["params"] for v in versions]
    assert len(versions[0]["invocations"]) == len(CALL_SHAPES)


def test_explore_plans_its_provenance_query_once_whatever_it_cites(
        memory: Memory, user_id: str, query_statistics: None) -> None:
    memory.ingest("Anna lives in Lisbon with her sister Marta.", user_id=user_id)
    memory.ingest("Marta works at Lisbon Children's Hospital.", user_id=user_id)
    # one result to cite, or several, messages and facts among them
    calls = [("Anna", {"k": 1}), ("Where does Anna live?", {}),
             ("Lisbon", {"kinds": ["Person", "Entity"]}), ("Marta", {"k": 2})]
    for query, options in calls:
        memory.explore(query, user_id=user_id, reinforce=False, **options)
    versions = planned_versions(memory.graph, "retrieve/provenance")
    assert len(versions) == 1, [v["invocations"][0]["params"] for v in versions]
    assert len(versions[0]["invocations"]) == len(calls)


# What a user's first calls run after a start, each planned by the warm-up already: the
# common calls' queries (memgraph/warm_up.py), with parameters of the same size classes
WARMED = ["graph/schema_version", "retrieve/tenant_size", "retrieve/explore_candidates",
          "retrieve/provenance", "retrieve/reinforce", "ingest/kinds_by_name",
          "ingest/resolve_names", "ingest/similar_nodes", "ingest/create_sources",
          "ingest/claim_source", "ingest/merge_nodes", "ingest/open_facts",
          "ingest/create_facts", "ingest/add_node_notes", "ingest/mentions",
          "ingest/auto_link", "ingest/finish_source", "retrieve/traverse_start",
          "retrieve/traverse_hop", "graph/counts"]


def test_the_warm_up_plans_what_a_users_first_calls_run_and_writes_nothing(
        memory: Memory, user_id: str, query_statistics: None) -> None:
    # users whose ids are of the two size classes the server plans apart ("sam", and one
    # of 11-100 characters); made without memgraph's queries, which would plan them
    short_id = f"w{uuid.uuid4().hex[:8]}"
    with memory.graph.session() as session:
        session.run("UNWIND $ids AS id MERGE (:User {user_id: id})",
                    ids=[short_id, user_id]).consume()
    try:
        report = memory.warm_up()
        assert list(report.steps) == ["schema", "explore", "context", "provenance",
                                      "reinforce", "ingest", "traverse", "status"]
        assert {WARM_UP_TENANTS[10], WARM_UP_TENANTS[100]} <= set(report.tenants)
        with memory.graph.session() as session:
            left = session.run("MATCH (n) WHERE n.user_id IN $tenants RETURN count(n) AS n",
                               tenants=list(WARM_UP_TENANTS.values())).single()["n"]
        assert left == 0
        warmed = {name: len(v) for name, v in plans_by_name(memory.graph, WARMED).items()}
        assert all(warmed.values()), warmed
        for tenant in (short_id, user_id):
            memory.ingest("My brother Tom moved to Paris. He works at Airbus.",
                          user_id=tenant, speaker="Sam", session_id="chat")
            memory.explore("Where does Tom live?", user_id=tenant)
            memory.context("What do I know about Tom?", user_id=tenant)
            memory.traverse("Tom", user_id=tenant)
            memory.status(tenant)
        memory.flush()
    finally:
        delete_tenant(memory.graph, short_id)
    # no call made a plan of its own: each ran with one the warm-up made
    replanned = {name: [sizes(v["invocations"][0]["params"]) for v in versions]
                 for name, versions in plans_by_name(memory.graph, WARMED).items()
                 if len(versions) != warmed[name]}
    assert replanned == {}


def sizes(params: dict[str, Any]) -> dict[str, Any]:
    """A plan's parameters as the server sizes them: a text's or a list's length."""
    return {key: len(value) if isinstance(value, str | list) else type(value).__name__
            for key, value in params.items()}
