"""With the rule extractor a message is extracted before it is written, and the message,
its place in its session and what it teaches are written in one transaction: all of it
or, when that write fails, the message alone, recorded as failed and retried later."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import pytest
from ingest_support import rows, sources

from memgraph.ingest.pipeline import Extractor, Ingestor, KindsByName
from memgraph.ingest.results import IngestResult
from memgraph.ingest.rules import RuleExtractor
from memgraph.ingest.source import SourceText
from memgraph.ingest.tools import ToolExecutor
from memgraph.memory import Memory
from memgraph.providers.base import Usage


def facts(memory: Memory, user_id: str) -> list[tuple[str, str, str]]:
    found = rows(memory.graph, "MATCH (a {user_id: $u})-[r:LIVES_IN|WORKS_AT]->(b) "
                 "RETURN a.name AS a, type(r) AS t, b.name AS b ORDER BY t", u=user_id)
    return [(r["a"], r["t"], r["b"]) for r in found]


def chain(memory: Memory, user_id: str) -> list[tuple[str, str]]:
    found = rows(memory.graph, "MATCH (a:Source {user_id: $u})-[:NEXT]->(b:Source) "
                 "RETURN a.raw_content AS a, b.raw_content AS b", u=user_id)
    return [(r["a"], r["b"]) for r in found]


def test_a_new_message_is_written_with_what_it_teaches_after_the_message_before_it(
        memory: Memory, user_id: str) -> None:
    memory.ingest("Lucia moved to Barcelona.", user_id=user_id, speaker="Ana",
                  session_id="chat")
    result = memory.ingest("She works at Pompeu Fabra now.", user_id=user_id,
                           speaker="Ana", session_id="chat")
    assert result.status == "done" and not result.duplicate
    # the message before it was read for the pronoun, and the message is chained after it
    assert ("Lucia", "WORKS_AT", "Pompeu Fabra") in facts(memory, user_id)
    assert chain(memory, user_id) == [("Lucia moved to Barcelona.",
                                       "She works at Pompeu Fabra now.")]
    [first, second] = sources(memory.graph, user_id)
    assert second["extraction_status"] == "done" and second["session_tail"] is True
    assert first.get("session_tail") is None


def test_a_write_the_server_ends_halfway_leaves_the_message_stored_failed_and_nothing_else(
        memory: Memory, user_id: str) -> None:
    memory.ingest("Hi, I'm Ana.", user_id=user_id, speaker="Ana", session_id="chat")
    before = rows(memory.graph, "MATCH (n {user_id: $u}) RETURN count(n) AS c",
                  u=user_id)[0]["c"]
    # The write chains the message into its session last, after the message, its nodes and
    # its facts, and locks the tenant's User node for that: another transaction holds the
    # lock, and the real server ends the write while it waits there, halfway
    with memory.graph.session() as session:
        holder = session.begin_transaction(metadata={"holds_user": user_id})
        holder.run("MATCH (u:User {user_id: $u}) SET u.held = true", u=user_id).consume()
        results: list[IngestResult] = []
        writer = threading.Thread(target=lambda: results.append(memory.ingest(
            "I live in Lisbon.", user_id=user_id, speaker="Ana", session_id="chat")))
        writer.start()
        try:
            waiting = waiting_for(memory, holder_of=user_id)
            # the message is not written before what it teaches: nothing of it is seen
            # while its one transaction waits
            assert [s["raw_content"] for s in sources(memory.graph, user_id)] == [
                "Hi, I'm Ana."]
            rows(memory.graph, "TERMINATE TRANSACTION $id", id=waiting)
        finally:
            holder.rollback()
        writer.join(timeout=60)
    [result] = results
    assert result.status == "failed" and "terminated" in (result.error or "")
    # the message alone is kept, in its place in the session; nothing it taught is
    [_, failed] = sources(memory.graph, user_id)
    assert failed["extraction_status"] == "failed" and failed["raw_content"] == "I live in Lisbon."
    assert chain(memory, user_id) == [("Hi, I'm Ana.", "I live in Lisbon.")]
    after = rows(memory.graph, "MATCH (n {user_id: $u}) RETURN count(n) AS c",
                 u=user_id)[0]["c"]
    assert after == before + 1 and facts(memory, user_id) == []

    again = memory.ingest("I live in Lisbon.", user_id=user_id, speaker="Ana",
                          session_id="chat")
    assert again.resumed and again.status == "done" and again.source_uid == failed["uid"]
    assert facts(memory, user_id) == [("Ana", "LIVES_IN", "Lisbon")]
    assert len(sources(memory.graph, user_id)) == 2


def waiting_for(memory: Memory, *, holder_of: str, within_s: float = 30.0) -> str:
    """The id of the transaction the server reports blocked by the one whose metadata
    says it holds ``holder_of``'s User node."""
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        listed = rows(memory.graph, "SHOW TRANSACTIONS YIELD transactionId, status, metaData")
        holders = [t["transactionId"] for t in listed
                   if (t["metaData"] or {}).get("holds_user") == holder_of]
        blocked = [t["transactionId"] for t in listed for h in holders
                   if t["status"].startswith("Blocked") and h in t["status"]]
        if blocked:
            return str(blocked[0])
        time.sleep(0.05)
    raise AssertionError(f"no write waited for the lock within {within_s} s")


class PatternThatBreaks(RuleExtractor):
    """The rule extractor with a bug in one of its patterns."""

    def extract(self, source: SourceText, executor: ToolExecutor) -> Usage:
        raise RuntimeError("a pattern that breaks")


@dataclass
class IngestorWithABug(Ingestor):
    """The pipeline as it is, its rule extractor broken."""

    def extractor(self, known_kinds: KindsByName) -> Extractor:
        return PatternThatBreaks(self.settings, known_kinds)


def test_an_unexpected_error_keeps_the_message_pending_for_a_rerun(
        memory: Memory, user_id: str) -> None:
    broken = IngestorWithABug(memory.graph, memory.settings, memory.embedder)
    with pytest.raises(RuntimeError, match="a pattern that breaks"):
        broken.ingest("I moved to Porto.", user_id=user_id, speaker="Ana", session_id="chat")
    [pending] = sources(memory.graph, user_id)
    assert pending["extraction_status"] == "pending" and facts(memory, user_id) == []

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
