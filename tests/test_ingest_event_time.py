"""Time is data: an older fact arriving late becomes history, never the current truth.

The same rule on every path (memgraph/ingest/facts.py decides for all of them): the
offline rules, the LLM agent (the real openai client against the fake server), an
outside agent's tool calls and structured records.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from fakes.openai_server import FakeOpenAIServer
from ingest_support import rows

from memgraph.graph.connection import Graph
from memgraph.memory import Memory
from memgraph.providers.embeddings import HashingEmbedder
from memgraph.providers.openai_compat import OpenAILLM
from memgraph.settings import Settings

NEWER, OLDER = "2026-11-02T00:00:00+00:00", "2026-11-01T00:00:00+00:00"


def jobs(memory: Memory, user_id: str) -> dict[str, dict]:
    """Elena's WORKS_AT facts by employer: when each ends and what superseded what."""
    found = rows(memory.graph, """
        MATCH (:Person {user_id: $u})-[r:WORKS_AT]->(b)
        OPTIONAL MATCH ()-[n:WORKS_AT {uid: r.superseded_by}]->(nb)
        RETURN b.name AS employer, r.valid_to AS valid_to, nb.name AS superseded_by,
               coalesce(r.valid_from, r.event_at) AS valid_at""", u=user_id)
    return {f["employer"]: {"valid_to": _native(f["valid_to"]),
                            "superseded_by": f["superseded_by"],
                            "valid_at": _native(f["valid_at"])} for f in found}


def _native(value: object) -> datetime | None:
    return value.to_native() if value is not None else None   # type: ignore[attr-defined]


def assert_newer_stays_current(memory: Memory, user_id: str) -> None:
    facts = jobs(memory, user_id)
    assert set(facts) == {"Cedar Clinic", "Northwind"}
    cedar, northwind = facts["Cedar Clinic"], facts["Northwind"]
    assert cedar["valid_to"] is None and cedar["superseded_by"] is None
    assert northwind["valid_to"] == datetime.fromisoformat(NEWER)
    assert northwind["superseded_by"] == "Cedar Clinic"


def test_rules_an_older_job_told_later_is_history(memory: Memory, user_id: str) -> None:
    memory.ingest("Elena works at Cedar Clinic.", user_id=user_id, event_at=NEWER)
    late = memory.ingest("Elena works at Northwind.", user_id=user_id, event_at=OLDER)
    assert late.status == "done" and late.relationships_created == 1
    assert any("history" in line and "Cedar Clinic" in line for line in late.learned)
    assert_newer_stays_current(memory, user_id)


def test_rules_a_newer_job_still_ends_the_older_one(memory: Memory, user_id: str) -> None:
    memory.ingest("Elena works at Northwind.", user_id=user_id, event_at=OLDER)
    memory.ingest("Elena works at Cedar Clinic.", user_id=user_id, event_at=NEWER)
    assert_newer_stays_current(memory, user_id)


def test_tools_valid_from_decides_not_arrival(memory: Memory, user_id: str) -> None:
    tools = memory.tools(user_id)
    elena = tools.call("create_person", {"name": "Elena", "ref": "e"})["ids"]["e"]
    for employer, since in (("Cedar Clinic", NEWER), ("Northwind", OLDER)):
        org = tools.call("create_entity", {"name": employer, "ref": "org"})["ids"]["org"]
        result = tools.call("relate", {"source_id": elena, "target_id": org,
                                       "type": "WORKS_AT", "valid_from": since})
        assert result["ok"], result
    assert_newer_stays_current(memory, user_id)


@pytest.fixture
def agent_memory(settings: Settings, graph: Graph, hashing_embedder: HashingEmbedder,
                 fake_openai: FakeOpenAIServer) -> Iterator[Memory]:
    llm = OpenAILLM("fake-model", base_url=fake_openai.base_url, api_key="test",
                    timeout_s=5.0, max_retries=1)
    mem = Memory(settings, graph=graph, embedder=hashing_embedder, llm=llm)
    mem.init()
    yield mem


def _job_calls(employer: str) -> list[dict]:
    return [{"name": "create_person", "arguments": {"name": "Elena", "ref": "elena"}},
            {"name": "create_entity", "arguments": {"name": employer, "ref": "org",
                                                    "entity_type": "organisation"}},
            {"name": "relate", "arguments": {"source_id": "elena", "target_id": "org",
                                             "type": "WORKS_AT"}}]


def test_agent_a_source_recovered_late_does_not_override(agent_memory: Memory, user_id: str,
                                                         fake_openai: FakeOpenAIServer
                                                         ) -> None:
    fake_openai.script_chat([{"tool_calls": _job_calls("Cedar Clinic")},
                             {"tool_calls": _job_calls("Northwind")}])
    agent_memory.ingest("Elena works at Cedar Clinic.", user_id=user_id, event_at=NEWER)
    late = agent_memory.ingest("Elena works at Northwind.", user_id=user_id, event_at=OLDER)
    assert late.status == "done", late.error
    assert_newer_stays_current(agent_memory, user_id)


def _record(employer: str, at: str) -> dict:
    return {"content": f"Elena works at {employer}.", "event_at": at,
            "entities": [{"name": "Elena", "kind": "Person"}, {"name": employer}],
            "relationships": [{"source": "Elena", "target": employer, "type": "WORKS_AT"}]}


@pytest.mark.parametrize("batched", [True, False])
def test_structured_older_record_is_history(memory: Memory, user_id: str,
                                            batched: bool) -> None:
    records = [_record("Cedar Clinic", NEWER), _record("Northwind", OLDER)]
    if batched:
        result = memory.ingest_records(records, user_id=user_id)
        assert result.relationships_created == 2
    else:
        for record in records:
            memory.ingest_records([record], user_id=user_id)
    assert_newer_stays_current(memory, user_id)


def test_structured_late_fact_that_already_ended_is_left_as_told(memory: Memory,
                                                                 user_id: str) -> None:
    ended = {**_record("Northwind", OLDER)}
    ended["relationships"] = [{**ended["relationships"][0],
                               "valid_from": "2020-01-01T00:00:00Z",
                               "valid_to": "2021-01-01T00:00:00Z"}]
    memory.ingest_records([_record("Cedar Clinic", NEWER), ended], user_id=user_id)
    facts = jobs(memory, user_id)
    assert facts["Cedar Clinic"]["valid_to"] is None
    assert facts["Northwind"]["valid_to"] == datetime(2021, 1, 1, tzinfo=UTC)
    assert facts["Northwind"]["superseded_by"] is None


def told_at(memory: Memory, user_id: str, name: str) -> datetime | None:
    found = rows(memory.graph, "MATCH (n:Semantic {user_id: $u, name: $name}) "
                               "RETURN n.told_at AS told", u=user_id, name=name)
    return _native(found[0]["told"])


def test_a_node_is_dated_by_the_latest_source_that_tells_of_it(memory: Memory,
                                                               user_id: str) -> None:
    """A node's time is when it was last told about, not when memgraph wrote it: retrieve's
    recency reads it. A message told late about an earlier time never moves it back."""
    memory.ingest("Elena works at Cedar Clinic.", user_id=user_id, event_at=OLDER)
    assert told_at(memory, user_id, "Cedar Clinic") == datetime.fromisoformat(OLDER)
    memory.ingest("I heard that Cedar Clinic is hiring.", user_id=user_id, event_at=NEWER)
    assert told_at(memory, user_id, "Cedar Clinic") == datetime.fromisoformat(NEWER)
    memory.ingest("Elena drove to Cedar Clinic.", user_id=user_id,
                  event_at="2026-10-01T00:00:00+00:00")
    assert told_at(memory, user_id, "Cedar Clinic") == datetime.fromisoformat(NEWER)
    # (Elena was told of on 1 November and, later, of 1 October)
    assert told_at(memory, user_id, "Elena") == datetime.fromisoformat(OLDER)


def test_a_structured_record_dates_the_nodes_it_names(memory: Memory, user_id: str) -> None:
    memory.ingest_records([_record("Cedar Clinic", NEWER), _record("Northwind", OLDER)],
                          user_id=user_id)
    assert told_at(memory, user_id, "Northwind") == datetime.fromisoformat(OLDER)
    assert told_at(memory, user_id, "Elena") == datetime.fromisoformat(NEWER)


def test_init_dates_nodes_written_before_they_kept_when_they_were_told(
        memory: Memory, user_id: str) -> None:
    memory.ingest("Elena works at Cedar Clinic.", user_id=user_id, event_at=OLDER)
    rows(memory.graph, "MATCH (n:Semantic {user_id: $u}) REMOVE n.told_at RETURN count(n) AS c",
         u=user_id)
    assert told_at(memory, user_id, "Cedar Clinic") is None
    memory.init()
    assert told_at(memory, user_id, "Cedar Clinic") == datetime.fromisoformat(OLDER)
