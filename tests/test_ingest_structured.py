"""Structured records: deterministic ingestion without an LLM, batched with UNWIND."""

from __future__ import annotations

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
