"""The README's first command runs this tour; it must tell a true story end to end."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from conftest import delete_tenant
from jobs_support import T0, make_node, node, snapshot
from support import assert_one_line_error, run_cli

from memgraph.demo.tour import QUESTIONS, run_tour
from memgraph.errors import InvalidInputError
from memgraph.graph.connection import Graph
from memgraph.graph.notes import Note
from memgraph.memory import Memory


def test_the_tour_learns_explores_and_forgets(memory: Memory, user_id: str) -> None:
    report = run_tour(memory, user_id)

    assert report.ingest_counts["sources"] == 13
    assert any("WORKS_AT-> Globex (ends WORKS_AT Acme Corp)" in line
               for line in report.learned)
    assert set(report.answers) == set(QUESTIONS)
    assert all(report.answers[q] for q in QUESTIONS)
    assert report.traversal.start.name == "Sam"
    assert {n.name for n in report.traversal.nodes} >= {"Anna", "Globex", "Acme Corp"}
    assert report.context.tokens_used <= report.context.max_tokens
    names = {n.uid: n.name for n in report.traversal.nodes}
    works_at = {names[r.end_uid]: r for r in report.traversal.relationships
                if r.type == "WORKS_AT"}
    assert works_at["Acme Corp"].valid_to is not None
    assert works_at["Acme Corp"].superseded_by == works_at["Globex"].uid
    assert works_at["Globex"].valid_to is None

    steps = {s.job: s for s in report.nightly.steps}
    assert list(steps) == ["decay", "consolidate", "cleanup", "episodic", "dedupe",
                           "storylines", "vector_indexes"]
    assert all(s.status == "ok" for s in steps.values())
    archived = [c for c in report.changes if c.state_after == "archived"]
    faded = [c for c in report.changes if c.salience_after < c.salience_before]
    assert archived and faded
    assert steps["episodic"].counts.get("sources_archived", 0) > 0
    reasons = {c.archived_reason for c in archived}
    assert {"salience", "consolidated"} <= reasons
    # What was consolidated: semantic nodes that now carry an insight about themselves,
    # linked to the archived sources it came from.
    acme = next(item for item in report.consolidated if item.name == "Acme Corp")
    assert acme.derived_from >= 2
    assert any("Acme Corp as a data analyst" in insight for insight in acme.insights)
    assert all(item.kind in {"Person", "Concept", "Entity"} for item in report.consolidated)


def test_the_tour_can_be_run_again(memory: Memory, user_id: str) -> None:
    first = run_tour(memory, user_id)
    second = run_tour(memory, user_id)
    assert second.ingest_counts == first.ingest_counts


def test_the_tour_touches_only_its_own_user(memory: Memory, graph: Graph, user_id: str,
                                            neighbour: str) -> None:
    make_node(graph, neighbour, "Concept", "old topic", state="active",
              notes=[Note.new("a weekly note", "week", T0)], is_dirty=True)
    before = snapshot(graph, neighbour)
    report = run_tour(memory, user_id)
    assert report.nightly.user_id == user_id
    assert snapshot(graph, neighbour) == before


def test_the_tour_refuses_to_reset_a_user_it_did_not_make(
        memory: Memory, graph: Graph, user_id: str) -> None:
    # `memgraph demo --user X` starts by deleting X: a real user's memories are deleted only
    # when asked (--reset), never by accident.
    uid = make_node(graph, user_id, "Person", "Ada")
    with pytest.raises(InvalidInputError, match="--reset"):
        run_tour(memory, user_id)
    run = run_cli("demo", "--user", user_id)
    assert_one_line_error(run, "did not make", "--reset")
    assert node(graph, uid) is not None
    report = run_tour(memory, user_id, reset=True)
    assert node(graph, uid) is None and report.ingest_counts["sources"] == 13


def test_a_user_made_by_a_tour_before_the_mark_is_still_the_demos(
        memory: Memory, graph: Graph, user_id: str) -> None:
    # Tours before User.demo_tour existed left only the sample conversation's sessions.
    old = memory.ingest("Hi! I'm Sam.", user_id=user_id, session_id="demo-day1")
    report = run_tour(memory, user_id)
    assert node(graph, old.source_uid) is None and report.ingest_counts["sources"] == 13


@pytest.fixture
def neighbour(graph: Graph, user_id: str) -> Iterator[str]:
    other = f"{user_id}-neighbour"
    yield other
    delete_tenant(graph, other)


def test_the_tour_tells_sams_story_in_two_storylines_and_a_macro(memory: Memory,
                                                                 user_id: str) -> None:
    # The demo's March chats (Leeds, Acme Corp) and its April news (Globex, Manchester) are
    # more than three weeks apart: two episodes of Sam's story and his Macro over them.
    report = run_tour(memory, user_id)
    layers = [(s["layer"], s["title"]) for s in report.summaries]
    storylines = [title for layer, title in layers if layer == "Storyline"]
    assert len(storylines) == 2 and all(t.startswith("Sam:") for t in storylines)
    assert [layer for layer, _ in layers].count("Macro") == 1
    march, april = (s["summary"] for s in report.summaries if s["layer"] == "Storyline")
    assert "Acme Corp" in march and "Globex" in april
    # asked "what has Sam been up to?" afterwards, the story answers: the Macro, then the
    # latest Storyline
    assert [r.kind for r in report.story[:2]] == ["Macro", "Storyline"]
    assert "Globex" in report.story[1].text


def test_the_tour_leaves_no_date_in_the_future(memory: Memory, graph: Graph,
                                               user_id: str) -> None:
    # Its nightly is a simulation months ahead; what it wrote comes back to today.
    report = run_tour(memory, user_id)
    assert report.as_of is not None and report.as_of > datetime.now(UTC)
    assert report.changes                  # the months still did their work
    now = datetime.now(UTC)
    with graph.session() as session:
        future = session.run(
            "MATCH (n) WHERE (n:Memory OR n:User OR n:JobRun OR n:MergeLog) "
            "AND n.user_id = $u "
            "UNWIND keys(n) AS k WITH n, k, n[k] AS v "
            "UNWIND CASE WHEN valueType(v) STARTS WITH 'LIST' THEN v ELSE [v] END AS x "
            "WITH k, x WHERE valueType(x) STARTS WITH 'ZONED DATETIME' AND x > $now "
            "RETURN collect(DISTINCT k) AS keys", u=user_id, now=now).single()["keys"]
        future_rels = session.run(
            "MATCH (a:Memory {user_id: $u})-[r]->() "
            "UNWIND keys(r) AS k WITH r, k, r[k] AS v "
            "UNWIND CASE WHEN valueType(v) STARTS WITH 'LIST' THEN v ELSE [v] END AS x "
            "WITH k, x WHERE valueType(x) STARTS WITH 'ZONED DATETIME' AND x > $now "
            "RETURN collect(DISTINCT k) AS keys", u=user_id, now=now).single()["keys"]
    allowed = {"notes_expires_at", "notes_next_expiry"}   # an expiry is a date to come
    assert set(future) <= allowed and set(future_rels) <= allowed, (future, future_rels)
