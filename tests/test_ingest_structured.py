"""Structured records: deterministic ingestion without an LLM, batched with UNWIND."""

from __future__ import annotations

import pytest
from ingest_support import rows

from memgraph.memory import Memory


def record(content: str, who: str, org: str, **extra) -> dict:
    return {"content": content, "session_id": "s",
            "entities": [{"name": who, "kind": "Person"},
                         {"name": org, "kind": "Entity", "entity_type": "organisation"}],
            "relationships": [{"source": who, "target": org, "type": "WORKS_AT"}], **extra}


def test_records_write_sources_nodes_facts_and_mentions(memory: Memory, user_id: str):
    records = [record("Sam works at Acme", "Sam", "Acme",
                      notes=[{"target": "Sam", "text": "likes tea", "lifetime": "week"}],
                      embedding=[0.1] * 384),
               record("Sam is at ACME again", "sam", "ACME"),
               record("Sam moved to Globex", "Sam", "Globex")]
    result = memory.ingest_records(records, user_id=user_id, batch_size=2)
    assert (result.sources, result.created, result.failed) == (3, 3, 0)
    assert result.nodes_created == 3 and result.relationships_superseded == 1
    facts = rows(memory.graph, "MATCH (:Person {user_id: $u})-[r:WORKS_AT]->(o) RETURN o.name "
                 "AS o, r.valid_to IS NULL AS open, size(r.source_ids) AS n "
                 "ORDER BY r.created_at", u=user_id)
    assert facts == [{"o": "Acme", "open": False, "n": 2}, {"o": "Globex", "open": True, "n": 1}]
    mentions = rows(memory.graph, "MATCH (s:Source {user_id: $u})-[:MENTIONS]->() "
                    "RETURN count(*) AS c", u=user_id)[0]["c"]
    assert mentions == 6
    [sam] = rows(memory.graph, "MATCH (p:Person {user_id: $u}) RETURN p.notes AS n", u=user_id)
    assert sam["n"] == ["likes tea"]


def test_re_ingesting_records_changes_nothing(memory: Memory, user_id: str):
    records = [record("Sam works at Acme", "Sam", "Acme")]
    memory.ingest_records(records, user_id=user_id)
    again = memory.ingest_records(records, user_id=user_id)
    assert again.duplicates == 1 and again.created == 0
    assert rows(memory.graph, "MATCH ({user_id: $u})-[r:WORKS_AT]->() RETURN r.confidence AS c",
                u=user_id) == [{"c": 0.9}]


def test_invalid_records_are_reported_and_the_rest_written(memory: Memory, user_id: str):
    records = [record("good", "Sam", "Acme"),
               {"content": "bad type", "entities": [{"name": "A"}, {"name": "B"}],
                "relationships": [{"source": "A", "target": "B", "type": "BOSS_OF"}]},
               {"content": "dangling", "entities": [],
                "relationships": [{"source": "X", "target": "Y", "type": "KNOWS"}]},
               {"content": "", "entities": []},
               {"content": "extra field", "colour": "red"}]
    result = memory.ingest_records(records, user_id=user_id)
    assert result.created == 1 and result.failed == 4
    assert [e.split(":")[0] for e in result.errors] == ["record 2", "record 3", "record 4",
                                                       "record 5"]


def chain(memory: Memory, user_id: str) -> list[str]:
    """The session's sources following NEXT from its head (the one nothing points to)."""
    found = rows(memory.graph, "MATCH (h:Source {user_id: $u}) WHERE NOT ()-[:NEXT]->(h) "
                 "MATCH p = (h)-[:NEXT*0..]->(t) WHERE NOT (t)-[:NEXT]->() "
                 "RETURN [s IN nodes(p) | s.raw_content] AS chain", u=user_id)
    assert len(found) == 1, found        # one head, one tail: a single unforked chain
    return found[0]["chain"]


@pytest.mark.parametrize("batch_size", [1, 100])
def test_facts_apply_in_record_order_within_and_across_batches(memory: Memory, user_id: str,
                                                                batch_size: int):
    records = [record(f"{i}: Sam works at {org}", "Sam", org)
               for i, org in enumerate(["Acme", "Globex", "Acme", "Acme"])]
    result = memory.ingest_records(records, user_id=user_id, batch_size=batch_size)
    assert (result.relationships_created, result.relationships_superseded) == (3, 2)
    facts = rows(memory.graph, "MATCH (:Person {user_id: $u})-[r:WORKS_AT]->(o) RETURN o.name "
                 "AS o, r.valid_to IS NULL AS open, size(r.source_ids) AS n "
                 "ORDER BY open, o", u=user_id)   # one batch shares created_at
    assert facts == [{"o": "Acme", "open": False, "n": 1}, {"o": "Globex", "open": False, "n": 1},
                     {"o": "Acme", "open": True, "n": 2}]   # the repeat reinforced the new one
    ended_by = rows(memory.graph, "MATCH (:Person {user_id: $u})-[r:WORKS_AT]->(o) "
                    "WHERE r.superseded_by IS NOT NULL MATCH ()-[n:WORKS_AT {uid: "
                    "r.superseded_by}]->(p) RETURN o.name AS old, p.name AS new ORDER BY old",
                    u=user_id)
    assert ended_by == [{"old": "Acme", "new": "Globex"}, {"old": "Globex", "new": "Acme"}]


def test_sources_of_a_session_chain_in_record_order_across_batches_and_calls(
        memory: Memory, user_id: str):
    memory.ingest_records([record(f"m{i}", "Sam", "Acme") for i in range(5)],
                          user_id=user_id, batch_size=2)
    memory.ingest_records([record(f"m{i}", "Sam", "Acme") for i in range(5, 7)],
                          user_id=user_id)
    assert chain(memory, user_id) == [f"m{i}" for i in range(7)]


def test_times_are_stored_as_datetimes(memory: Memory, user_id: str):
    """Event and validity times travel as ISO text (cheaper than the driver's datetime
    encoding) and land as DateTime values; the superseded fact ends when the new begins."""
    first = record("Sam works at Acme", "Sam", "Acme", event_at="2024-01-02T03:04:05.678901Z")
    moved = record("Sam moved to Globex", "Sam", "Globex", event_at="2024-06-01T12:00:00Z")
    moved["relationships"][0].update(valid_from="2024-05-20T00:00:00Z",
                                     valid_to="2030-01-01T00:00:00+00:00")
    moved["relationships"][0]["type"] = "works at"
    memory.ingest_records([first], user_id=user_id)
    memory.ingest_records([moved], user_id=user_id)
    facts = rows(memory.graph, "MATCH (s:Source {user_id: $u})-[:MENTIONS]->(:Person)"
                 "-[r:WORKS_AT]->(o) WHERE s.uid IN r.source_ids RETURN o.name AS o, "
                 "toString(s.event_at) AS source_at, toString(r.event_at) AS at, "
                 "toString(r.valid_from) AS start, toString(r.valid_to) AS end, "
                 "valueType(r.event_at) AS type ORDER BY at", u=user_id)
    assert facts == [
        {"o": "Acme", "source_at": "2024-01-02T03:04:05.678901Z",
         "at": "2024-01-02T03:04:05.678901Z", "start": None, "end": "2024-05-20T00:00:00Z",
         "type": "ZONED DATETIME NOT NULL"},
        {"o": "Globex", "source_at": "2024-06-01T12:00:00Z", "at": "2024-06-01T12:00:00Z",
         "start": "2024-05-20T00:00:00Z", "end": "2030-01-01T00:00:00Z",
         "type": "ZONED DATETIME NOT NULL"}]


def test_record_embeddings_accept_json_numbers_and_report_anything_else(memory: Memory,
                                                                        user_id: str):
    good = record("floats", "Sam", "Acme", embedding=[0.5] * 384)
    ints = record("ints", "Ana", "Acme", embedding=[1] * 384)
    bad = record("text", "Bo", "Acme", embedding=[0.5] * 383 + ["x"])
    result = memory.ingest_records([good, ints, bad], user_id=user_id)
    assert result.created == 2 and result.failed == 1
    assert result.errors[0].startswith("record 3:") and "embedding.383" in result.errors[0]
    stored = rows(memory.graph, "MATCH (s:Source {user_id: $u}) RETURN s.raw_content AS c, "
                  "s.embedding[0] AS first ORDER BY c", u=user_id)
    assert stored == [{"c": "floats", "first": 0.5}, {"c": "ints", "first": 1.0}]


def test_a_record_that_names_its_speaker_makes_them_a_person_once(memory: Memory,
                                                                  user_id: str):
    """As on the other paths (ingest/speakers.py): the first record of a speaker adds their
    Person and mentions it; a name already given to a node stays that node's; an
    assistant and a record without a speaker add nobody."""
    def said(speaker: str | None, content: str, *entities: dict) -> dict:
        return {"content": content, "session_id": "s", "speaker": speaker,
                "entities": list(entities)}

    records = [said("Caroline", "I went to a support group."),
               said("Caroline", "Tom came along.", {"name": "Tom", "kind": "Entity"}),
               said("Caroline", "It was powerful."),        # the second batch
               said("Tom", "Glad I came."),
               said("Melanie", "My friend Nora paints.", {"name": "Nora", "kind": "Person"}),
               said("assistant", "Noted."),
               said(None, "A record without a speaker.")]
    result = memory.ingest_records(records, user_id=user_id, batch_size=2)
    assert (result.created, result.failed) == (7, 0)
    assert rows(memory.graph, """
        MATCH (n:Memory {user_id: $u}) WHERE n:Person OR n:Entity
        RETURN n.name AS name, [l IN labels(n) WHERE l IN ['Person', 'Entity']][0] AS kind,
               n.attributes AS attributes, COUNT { (:Source)-[:MENTIONS]->(n) } AS mentions
        ORDER BY name""", u=user_id) == [
        {"name": "Caroline", "kind": "Person", "attributes": ["role: speaker"], "mentions": 1},
        {"name": "Melanie", "kind": "Person", "attributes": ["role: speaker"], "mentions": 1},
        {"name": "Nora", "kind": "Person", "attributes": [], "mentions": 1},
        {"name": "Tom", "kind": "Entity", "attributes": [], "mentions": 1}]
