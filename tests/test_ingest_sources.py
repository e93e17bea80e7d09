"""Sources are written first, idempotently, chained per session; bad input writes nothing."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from ingest_support import count, rows, sources

from memgraph.errors import InvalidInputError
from memgraph.memory import Memory


def test_source_keeps_raw_content_times_status_and_embedding(memory: Memory, user_id: str):
    result = memory.ingest("My sister Anna lives in Lisbon.", user_id=user_id, session_id="s1",
                           event_at="2024-03-01T09:00:00Z", speaker="Sam", external_id="D1:3")
    assert result.status == "done" and not result.duplicate
    [source] = sources(memory.graph, user_id)
    assert source["raw_content"] == "My sister Anna lives in Lisbon."
    assert source["session_id"] == "s1" and source["speaker"] == "Sam"
    assert source["external_id"] == "D1:3"
    assert source["event_at"].year == 2024 and source["ingested_at"] is not None
    assert source["extraction_status"] == "done" and source["extraction_attempts"] == 1
    assert source["sensitivity"] == "normal" and source["idempotency_key"]
    vector = rows(memory.graph, "MATCH (s:Source {uid: $uid}) RETURN size(s.embedding) AS d, "
                  "s.embedding_model AS m", uid=result.source_uid)[0]
    assert vector == {"d": 384, "m": "hashing-384"}


def test_ingesting_the_same_source_twice_changes_nothing(memory: Memory, user_id: str):
    first = memory.ingest("I work at Acme Corp.", user_id=user_id, session_id="s")
    before = count(memory.graph, user_id)
    again = memory.ingest("I work at Acme Corp.", user_id=user_id, session_id="s")
    assert again.duplicate and again.source_uid == first.source_uid
    assert count(memory.graph, user_id) == before


def test_explicit_idempotency_key_wins(memory: Memory, user_id: str):
    a = memory.ingest("first wording", user_id=user_id, idempotency_key="k1")
    b = memory.ingest("second wording", user_id=user_id, idempotency_key="k1")
    assert b.duplicate and a.source_uid == b.source_uid


def test_sources_of_a_session_are_chained_in_order(memory: Memory, user_id: str):
    for text in ("one", "two", "three"):
        memory.ingest(f"Message {text}.", user_id=user_id, session_id="chat")
    chain = rows(memory.graph, "MATCH (a:Source {user_id: $u})-[:NEXT]->(b) "
                 "RETURN a.raw_content AS before, b.raw_content AS after "
                 "ORDER BY a.ingested_at", u=user_id)
    assert chain == [{"before": "Message one.", "after": "Message two."},
                     {"before": "Message two.", "after": "Message three."}]


def _tails(memory: Memory, user_id: str) -> dict[str, list[str]]:
    found = rows(memory.graph, "MATCH (s:Source {user_id: $u}) WHERE s.session_tail "
                 "RETURN s.session_id AS session, collect(s.raw_content) AS tails", u=user_id)
    return {r["session"]: r["tails"] for r in found}


def test_a_sessions_last_message_carries_the_mark_a_new_one_is_chained_after(
        memory: Memory, user_id: str):
    for text in ("one", "two"):
        memory.ingest(f"Message {text}.", user_id=user_id, session_id="chat")
    memory.ingest("Elsewhere.", user_id=user_id, session_id="other")
    memory.ingest("No session.", user_id=user_id)
    assert _tails(memory, user_id) == {"chat": ["Message two."], "other": ["Elsewhere."]}
    memory.ingest_records([{"content": f"Record {i}.", "session_id": "chat"} for i in range(3)],
                          user_id=user_id, batch_size=2)
    assert _tails(memory, user_id)["chat"] == ["Record 2."]
    last = rows(memory.graph, "MATCH (s:Source {user_id: $u, raw_content: 'Record 2.'}) "
                "RETURN s.uid AS uid", u=user_id)[0]["uid"]
    memory.delete(last, user_id=user_id)     # the mark goes back to the message before
    assert _tails(memory, user_id)["chat"] == ["Record 1."]
    memory.ingest("Message three.", user_id=user_id, session_id="chat")
    chain = rows(memory.graph, "MATCH (a:Source {user_id: $u})-[:NEXT]->"
                 "(b:Source {raw_content: 'Message three.'}) RETURN a.raw_content AS a",
                 u=user_id)
    assert chain == [{"a": "Record 1."}]


@pytest.mark.parametrize(("content", "message"), [
    ("", "empty"),
    ("   \n\t ", "empty"),
    ("x" * (100 * 1024 + 1), "over the"),
    (b"\xff\xfe\x00\x01binary", "not UTF-8"),
    ("text with a NUL \x00 byte", "control characters"),
])
def test_bad_input_is_refused_and_nothing_is_written(memory: Memory, user_id: str,
                                                     content: str | bytes, message: str):
    with pytest.raises(InvalidInputError, match=message):
        memory.ingest(content, user_id=user_id)
    assert count(memory.graph, user_id) == {"nodes": 0, "relationships": 0}


def test_content_of_exactly_the_limit_is_accepted(memory: Memory, user_id: str):
    result = memory.ingest("a" * (100 * 1024), user_id=user_id)
    assert result.status == "done"


def test_bad_event_time_and_kind_are_refused(memory: Memory, user_id: str):
    with pytest.raises(InvalidInputError, match="ISO-8601"):
        memory.ingest("hello there", user_id=user_id, event_at="last tuesday")
    with pytest.raises(InvalidInputError, match="kind"):
        memory.ingest("hello there", user_id=user_id, kind="tweet")
    assert count(memory.graph, user_id)["nodes"] == 0


def test_tenant_a_ingest_never_touches_tenant_b(memory: Memory, user_id: str):
    other = f"{user_id}-b"
    try:
        memory.ingest("My friend Tom works at Globex.", user_id=other)
        b_before = rows(memory.graph, "MATCH (n {user_id: $u}) RETURN n.uid AS uid, "
                        "n.updated_at AS t ORDER BY uid", u=other)
        result = memory.ingest("My friend Tom works at Globex.", user_id=user_id)
        assert not result.duplicate and result.nodes_created >= 3   # its own Tom, not B's
        b_after = rows(memory.graph, "MATCH (n {user_id: $u}) RETURN n.uid AS uid, "
                       "n.updated_at AS t ORDER BY uid", u=other)
        assert b_after == b_before
        crossing = rows(memory.graph, "MATCH (a {user_id: $a})-[r]-(b {user_id: $b}) "
                        "RETURN count(r) AS c", a=user_id, b=other)[0]["c"]
        assert crossing == 0
    finally:
        memory.graph.run_autocommit("graph/delete_user", user_id=other)


def test_concurrent_ingests_into_one_session_keep_one_unforked_chain(memory: Memory,
                                                                      user_id: str):
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(lambda i: memory.ingest(f"Message {i}.", user_id=user_id,
                                              session_id="chat"), range(8)))
    links = rows(memory.graph, "MATCH (a:Source {user_id: $u})-[:NEXT]->(b) "
                 "RETURN a.uid AS a, b.uid AS b", u=user_id)
    assert len(links) == 7
    assert len({x["a"] for x in links}) == 7 and len({x["b"] for x in links}) == 7
