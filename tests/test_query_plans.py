"""Query plans: explore()'s candidate query is planned once, whatever the call's shape.

Neo4j keys a cached plan by every parameter's type and size class. Planning the candidate
query takes seconds on a small machine, so a question of another length, a kind filter or
a `since` must not each cost a new plan (docs/operations.md, "One plan for every call").
Serial: the query statistics cover the whole database, and a schema change elsewhere
(a tenant's vector index) empties the plan cache.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from memgraph import cypher
from memgraph.graph.connection import Graph
from memgraph.memory import Memory

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
    text = cypher.load(name)[:STATS_TEXT_CHARS]
    with graph.session() as session:
        rows = session.run("CALL db.stats.retrieve('QUERIES') YIELD data RETURN data").data()
    return [row["data"] for row in rows if row["data"]["query"] == text]


def test_explore_plans_its_candidate_query_once_for_every_call_shape(
        memory: Memory, user_id: str, query_statistics: None) -> None:
    memory.ingest("Anna lives in Lisbon with her sister Marta.", user_id=user_id)
    for query, options in CALL_SHAPES:
        memory.explore(query, user_id=user_id, reinforce=False, **options)
    versions = planned_versions(memory.graph, "retrieve/explore_candidates")
    assert len(versions) == 1, [v["invocations"][0]["params"] for v in versions]
    assert len(versions[0]["invocations"]) == len(CALL_SHAPES)
