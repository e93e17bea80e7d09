"""The typed tools: what they accept, what they refuse (never written), notes with lifetimes."""

from __future__ import annotations

from datetime import timedelta

import pytest
from ingest_support import count, rows

from memgraph.graph.models import Concept, Entity, Person, SemanticRel, Source
from memgraph.graph.notes import FOREVER
from memgraph.graph.vocabulary import RELATIONSHIP_TYPES
from memgraph.ingest import properties
from memgraph.ingest.tools import TOOLS, tool_schemas
from memgraph.ingest.writer import FACT_PHRASES
from memgraph.memory import Memory
from memgraph.settings import Settings


def test_every_tool_has_an_openai_function_schema_that_forbids_extra_arguments():
    schemas = {s["function"]["name"]: s for s in tool_schemas()}
    assert set(schemas) == set(TOOLS)
    for schema in schemas.values():
        assert schema["type"] == "function"
        assert schema["function"]["parameters"]["additionalProperties"] is False
    assert "WORKS_AT" in schemas["relate"]["function"]["parameters"]["properties"]["type"]["enum"]


def test_every_relationship_type_reads_as_a_sentence_for_its_vector():
    # a fact's vector stands for "Rui works as software developer", not for its type's name
    assert set(FACT_PHRASES) == set(RELATIONSHIP_TYPES)


@pytest.mark.parametrize(("name", "arguments", "reason"), [
    ("create_person", {}, "name: Field required"),
    ("create_person", {"name": "Ann", "age": 3}, "age: Extra inputs"),
    ("create_person", {"name": "Ann", "confidence": 1.5}, "confidence"),
    ("create_person", {"name": "!!!"}, "letter or digit"),
    ("create_concept", {"name": ""}, "name"),
    ("create_entity", {"name": "Acme", "entity_type": 7}, "entity_type"),
    ("update_node", {"id": "no-such-id"}, "no node 'no-such-id'"),
    ("add_note", {"target_id": "no-such-id", "text": "x"}, "no node or relationship"),
    ("add_note", {"target_id": "x", "text": "hello", "lifetime": "decade"}, "lifetime"),
    ("relate", {"source_id": "a", "target_id": "b", "type": "BOSS_OF"},
     "unknown relationship type"),
    ("relate", {"source_id": "nobody", "target_id": "b", "type": "KNOWS"}, "no node 'nobody'"),
    ("link_source", {"ids": []}, "ids"),
    ("link_source", {"ids": ["ghost"]}, "no node 'ghost'"),
    ("delete_everything", {}, "unknown tool"),
])
def test_invalid_calls_are_refused_and_nothing_is_written(memory: Memory, user_id: str,
                                                          name: str, arguments: dict,
                                                          reason: str):
    result = memory.tools(user_id).call(name, arguments)
    assert result["ok"] is False
    assert reason.lower() in result["error"].lower()
    assert count(memory.graph, user_id) == {"nodes": 0, "relationships": 0}


def test_a_time_without_an_offset_is_utc_and_a_job_told_as_over_ends(memory: Memory,
                                                                       user_id: str):
    """A model writes "2024-05-01" beside "2023-01-01T00:00:00Z": both are UTC, so they
    compare (they raised TypeError inside the extraction), and a past valid_to ends the
    still-valid fact it repeats."""
    tools = memory.tools(user_id)
    for name, args in [("create_person", {"name": "Sam"}), ("create_entity", {"name": "Acme"}),
                       ("relate", {"source_id": "Sam", "target_id": "Acme",
                                   "type": "WORKS_AT", "valid_from": "2023-01-01T00:00:00Z"})]:
        assert tools.call(name, args)["ok"] is True
    ended = tools.call("relate", {"source_id": "Sam", "target_id": "Acme", "type": "WORKS_AT",
                                  "valid_from": "2023-01-01T00:00:00Z",
                                  "valid_to": "2024-05-01"})
    assert ended["ok"] is True, ended
    [job] = rows(memory.graph, "MATCH (:Person {user_id: $u})-[r:WORKS_AT]->() RETURN "
                 "toString(r.valid_to) AS valid_to", u=user_id)
    assert job == {"valid_to": "2024-05-01T00:00:00Z"}


def test_unparseable_json_arguments_are_refused(memory: Memory, user_id: str):
    result = memory.tools(user_id).call("create_person", '{"name": "Ann"')
    assert result["ok"] is False and "not valid JSON" in result["error"]


def test_ids_of_another_tenant_are_unknown(memory: Memory, user_id: str):
    other = f"{user_id}-b"
    try:
        theirs = memory.tools(other).call("create_person", {"name": "Zoe"})["ids"]["zoe"]
        refused = memory.tools(user_id).call("update_node", {"id": theirs, "description": "x"})
        assert refused["ok"] is False
        assert rows(memory.graph, "MATCH (n {uid: $uid}) RETURN n.description AS d",
                    uid=theirs) == [{"d": ""}]
    finally:
        memory.graph.run_autocommit("graph/delete_user", user_id=other)


def test_outside_agent_creates_relates_and_updates(memory: Memory, user_id: str):
    tools = memory.tools(user_id)
    anna = tools.call("create_person", {"name": "Anna", "description": "a nurse"})["ids"]["anna"]
    acme = tools.call("create_entity", {"name": "Acme", "entity_type": "organisation"})
    related = tools.call("relate", {"source_id": anna, "target_id": acme["ids"]["acme"],
                                    "type": "works at", "valid_from": "2020-01-01"})
    assert related["ok"], related
    assert tools.call("update_node", {"id": anna, "aliases": ["Annie"]})["ok"]
    node = rows(memory.graph, "MATCH (n:Person {uid: $uid}) RETURN n.aliases AS a", uid=anna)
    assert node == [{"a": ["Annie"]}]
    rel = rows(memory.graph, "MATCH (:Person {uid: $uid})-[r:WORKS_AT]->() "
               "RETURN r.valid_from.year AS y, r.user_id AS u", uid=anna)
    assert rel == [{"y": 2020, "u": user_id}]


def test_an_outside_agent_may_name_the_nodes_it_relates_and_notes(memory: Memory,
                                                                  user_id: str):
    # "relate Dana to Berlin": a name (any case and spacing) stands for the tenant's node of
    # that name; (user, canonical name) is unique, so a name is never ambiguous.
    tools = memory.tools(user_id)
    dana = tools.call("create_person", {"name": "Dana"})["ids"]["dana"]
    berlin = tools.call("create_entity", {"name": "Berlin", "entity_type": "place"})
    related = tools.call("relate", {"source_id": "dana", "target_id": "Berlin",
                                    "type": "lives in"})
    assert related["ok"], related
    assert "Dana -LIVES_IN-> Berlin" in related["message"]
    noted = tools.call("add_note", {"target_id": " DANA ", "text": "prefers trains"})
    assert noted["ok"], noted
    rel = rows(memory.graph, "MATCH (:Person {uid: $a})-[r:LIVES_IN]->(b) RETURN b.uid AS b",
               a=dana)
    assert rel == [{"b": berlin["ids"]["berlin"]}]
    assert rows(memory.graph, "MATCH (n {uid: $uid}) RETURN n.notes AS n",
                uid=dana) == [{"n": ["prefers trains"]}]
    unknown = tools.call("relate", {"source_id": "Dana", "target_id": "Atlantis",
                                    "type": "lives in"})
    assert unknown["ok"] is False and "Atlantis" in unknown["error"]


def test_another_tenants_name_is_unknown(memory: Memory, user_id: str):
    other = f"{user_id}-n"
    try:
        memory.tools(other).call("create_person", {"name": "Zoe"})
        memory.tools(user_id).call("create_person", {"name": "Ann"})
        refused = memory.tools(user_id).call("relate", {"source_id": "Ann",
                                                        "target_id": "Zoe", "type": "knows"})
        assert refused["ok"] is False
    finally:
        memory.graph.run_autocommit("graph/delete_user", user_id=other)


@pytest.mark.parametrize(("lifetime", "days"), [("week", 7), ("month", 30), ("year", 365),
                                                ("forever", None)])
def test_notes_carry_their_lifetime_expiry_and_source_and_mark_dirty(
        memory: Memory, user_id: str, lifetime: str, days: int | None):
    tools = memory.tools(user_id)
    uid = tools.call("create_concept", {"name": "hiking"})["ids"]["hiking"]
    assert tools.call("add_note", {"target_id": uid, "text": "goes every Sunday",
                                   "lifetime": lifetime})["ok"]
    [node] = rows(memory.graph, "MATCH (n {uid: $uid}) RETURN n.notes AS notes, "
                  "n.notes_added_at AS added, n.notes_expires_at AS expires, "
                  "n.notes_lifetime AS lifetimes, n.is_dirty AS dirty", uid=uid)
    assert node["notes"] == ["goes every Sunday"] and node["lifetimes"] == [lifetime]
    assert node["dirty"] is True
    added, expires = node["added"][0].to_native(), node["expires"][0].to_native()
    if days is None:
        assert expires == FOREVER
    else:
        assert expires - added == timedelta(days=days)


def test_notes_on_relationships_record_their_source_and_mark_dirty(memory: Memory,
                                                                   user_id: str):
    from datetime import UTC, datetime

    from memgraph.ingest.tools import ToolExecutor
    from memgraph.ingest.writer import WriteContext, write_plan

    source = memory.ingest("I love hiking.", user_id=user_id)
    rel_uid = rows(memory.graph, "MATCH ({user_id: $u})-[r:LIKES]->() RETURN r.uid AS uid",
                   u=user_id)[0]["uid"]
    executor = ToolExecutor(memory._ingestor._lookup(user_id))
    reply = executor.execute("add_note", {"target_id": rel_uid, "text": "since 2019",
                                          "lifetime": "year"})
    assert reply.startswith("ok")
    write_plan(memory.graph, memory.settings, memory.embedder, executor.plan,
               WriteContext(user_id=user_id, now=datetime.now(UTC),
                            source_uid=source.source_uid))
    [rel] = rows(memory.graph, "MATCH ()-[r:LIKES {uid: $uid}]->() RETURN r.notes AS n, "
                 "r.notes_source AS s, r.is_dirty AS d", uid=rel_uid)
    assert rel == {"n": ["since 2019"], "s": [source.source_uid], "d": True}


def test_hot_path_property_maps_match_the_data_model():
    from datetime import UTC, datetime

    settings, now = Settings(), datetime.now(UTC)
    # null in seed 001; notes_next_expiry exists only once there are notes
    never_at_creation = {"last_accessed_at", "last_decayed_at", "notes_next_expiry"}
    for model, kind in ((Person, "Person"), (Concept, "Concept"), (Entity, "Entity")):
        from memgraph.graph.vocabulary import Kind

        props = properties.semantic_node(settings, kind=Kind(kind), name="x",
                                         canonical_name="x", now=now, confidence=0.9,
                                         embedding=[0.1], embedding_model="m")
        expected = set(model.defined_properties(rels=False)) - never_at_creation - {"user_id"}
        assert set(props) == expected, set(props) ^ expected
        assert props["salience"] == 0.5 and props["state"] == "candidate"
        assert props["access_count"] == 0 and props["decay_gradient"] == 1.0
    src = properties.source_node(settings, uid="u", content="c", now=now, event_at=None,
                                 session_id="", kind="message", speaker="", external_id="",
                                 sensitivity="normal", content_hash="h", idempotency_key="k",
                                 embedding=[0.1], embedding_model="m")
    assert set(src) == set(Source.defined_properties(rels=False)) - never_at_creation \
        - {"user_id"}
    rel = properties.relationship(settings, now=now, event_at=now, confidence=0.5,
                                  valid_from=now, valid_to=now)
    optional = {"superseded_by", "supersedes", "embedding", "embedding_model", "user_id",
                "auto_linked"}   # set on similarity links only
    assert set(rel) == set(SemanticRel.defined_properties()) - never_at_creation - optional
