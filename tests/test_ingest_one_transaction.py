"""With the rule extractor a message is extracted before it is written, and the message,
its place in its session and what it teaches are written in one transaction: all of it
or, when that write fails, the message alone, recorded as failed and retried later."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from ingest_support import rows, sources

from memgraph import cypher
from memgraph.ingest import pipeline
from memgraph.ingest.rules import RuleExtractor
from memgraph.memory import Memory


@pytest.fixture
def write_transactions(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The pipeline's writes as they are asked for: ``write_sources`` (the Source alone,
    its own transaction) and ``write_plan`` (one transaction); each runs as it would,
    against the real server."""
    asked: list[str] = []
    for name in ("write_sources", "write_plan"):
        write = getattr(pipeline, name)

        def spy(*args, _write=write, _name=name, **kwargs):   # type: ignore[no-untyped-def]
            asked.append(_name)
            return _write(*args, **kwargs)

        monkeypatch.setattr(pipeline, name, spy)
    yield asked


def facts(memory: Memory, user_id: str) -> list[tuple[str, str, str]]:
    found = rows(memory.graph, "MATCH (a {user_id: $u})-[r:LIVES_IN|WORKS_AT]->(b) "
                 "RETURN a.name AS a, type(r) AS t, b.name AS b ORDER BY t", u=user_id)
    return [(r["a"], r["t"], r["b"]) for r in found]


def chain(memory: Memory, user_id: str) -> list[tuple[str, str]]:
    found = rows(memory.graph, "MATCH (a:Source {user_id: $u})-[:NEXT]->(b:Source) "
                 "RETURN a.raw_content AS a, b.raw_content AS b", u=user_id)
    return [(r["a"], r["b"]) for r in found]


def test_a_new_message_is_one_write_transaction(memory: Memory, user_id: str,
                                                write_transactions: list[str]) -> None:
    memory.ingest("Lucia moved to Barcelona.", user_id=user_id, speaker="Ana",
                  session_id="chat")
    write_transactions.clear()
    result = memory.ingest("She works at Pompeu Fabra now.", user_id=user_id,
                           speaker="Ana", session_id="chat")
    assert result.status == "done" and not result.duplicate
    assert write_transactions == ["write_plan"]
    # the message before it was read for the pronoun, and the message is chained after it
    assert ("Lucia", "WORKS_AT", "Pompeu Fabra") in facts(memory, user_id)
    assert chain(memory, user_id) == [("Lucia moved to Barcelona.",
                                       "She works at Pompeu Fabra now.")]
    [first, second] = sources(memory.graph, user_id)
    assert second["extraction_status"] == "done" and second["session_tail"] is True
    assert first.get("session_tail") is None


def test_a_failed_write_leaves_the_message_stored_failed_and_nothing_else(
        memory: Memory, user_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    memory.ingest("Hi, I'm Ana.", user_id=user_id, speaker="Ana", session_id="chat")
    before = rows(memory.graph, "MATCH (n {user_id: $u}) RETURN count(n) AS c",
                  u=user_id)[0]["c"]
    load = cypher.load

    def mentions_fail(name: str) -> str:
        # the message's nodes and facts are written in the transaction, then the real
        # server refuses the statement that links the message to them
        return "RETURN 1 / size($uids) - 1 / 0 AS linked" if name == "ingest/mentions" \
            else load(name)

    monkeypatch.setattr(cypher, "load", mentions_fail)
    result = memory.ingest("I live in Lisbon.", user_id=user_id, speaker="Ana",
                           session_id="chat")
    assert result.status == "failed" and "/ by zero" in (result.error or "")
    # the message alone is kept, in its place in the session; nothing it taught is
    [_, failed] = sources(memory.graph, user_id)
    assert failed["extraction_status"] == "failed" and failed["raw_content"] == "I live in Lisbon."
    assert chain(memory, user_id) == [("Hi, I'm Ana.", "I live in Lisbon.")]
    after = rows(memory.graph, "MATCH (n {user_id: $u}) RETURN count(n) AS c",
                 u=user_id)[0]["c"]
    assert after == before + 1 and facts(memory, user_id) == []

    monkeypatch.undo()
    again = memory.ingest("I live in Lisbon.", user_id=user_id, speaker="Ana",
                          session_id="chat")
    assert again.resumed and again.status == "done" and again.source_uid == failed["uid"]
    assert facts(memory, user_id) == [("Ana", "LIVES_IN", "Lisbon")]
    assert len(sources(memory.graph, user_id)) == 2


def test_an_unexpected_error_keeps_the_message_pending_for_a_rerun(
        memory: Memory, user_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self, source, executor):   # type: ignore[no-untyped-def]
        raise RuntimeError("a pattern that breaks")

    monkeypatch.setattr(RuleExtractor, "extract", broken)
    with pytest.raises(RuntimeError, match="a pattern that breaks"):
        memory.ingest("I moved to Porto.", user_id=user_id, speaker="Ana", session_id="chat")
    [pending] = sources(memory.graph, user_id)
    assert pending["extraction_status"] == "pending" and facts(memory, user_id) == []

    monkeypatch.undo()
    again = memory.ingest("I moved to Porto.", user_id=user_id, speaker="Ana",
                          session_id="chat")
    assert again.resumed and again.status == "done" and again.source_uid == pending["uid"]
    assert facts(memory, user_id) == [("Ana", "LIVES_IN", "Porto")]


def test_the_same_message_again_writes_nothing(memory: Memory, user_id: str) -> None:
    first = memory.ingest("I work at Globex.", user_id=user_id, speaker="Ana",
                          session_id="chat", external_id="m1")
    again = memory.ingest("I work at Globex.", user_id=user_id, speaker="Ana",
                          session_id="chat", external_id="m1")
    assert again.duplicate and again.source_uid == first.source_uid
    assert len(sources(memory.graph, user_id)) == 1 and chain(memory, user_id) == []
    assert facts(memory, user_id) == [("Ana", "WORKS_AT", "Globex")]
