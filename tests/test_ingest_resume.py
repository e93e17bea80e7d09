"""A source left pending by a crash is finished by rerunning the same ingest.

The crash is made the way one happens where a Source is stored before its extraction (an
LLM extractor, a batch): the Source is written (``write_sources``) and the process dies
before the extraction's write transaction.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime

from ingest_support import rows, sources
from support import run_cli

from memgraph.graph.connection import Graph
from memgraph.ingest.pipeline import Ingestor
from memgraph.ingest.source import prepare_source, write_sources
from memgraph.memory import Memory
from memgraph.providers.openai_compat import OpenAIEmbedder

ENV = {"MEMGRAPH_EMBEDDER": "hashing"}
TEXT = "My brother Max lives in Oslo."


def crash_after_source_write(memory: Memory, user_id: str, text: str = TEXT) -> str:
    """What a crash between the Source write and the extraction leaves: a pending Source."""
    now = datetime.now(UTC)
    new = prepare_source(memory.settings, content=text, user_id=user_id, now=now)
    new.props["embedding"] = memory.embedder.embed(new.props["search_text"])
    [row] = write_sources(memory.graph, user_id, [new], now)
    assert row["created"]
    return row["uid"]


def lives_in(memory: Memory, user_id: str) -> list[dict]:
    return rows(memory.graph, "MATCH (a:Person {user_id: $u})-[r:LIVES_IN]->(b) "
                "RETURN a.name AS who, b.name AS place", u=user_id)


def test_rerunning_the_same_ingest_resumes_a_pending_source(memory: Memory, user_id: str):
    uid = crash_after_source_write(memory, user_id)
    [pending] = sources(memory.graph, user_id)
    assert pending["extraction_status"] == "pending" and lives_in(memory, user_id) == []
    run = run_cli("ingest", "--user", user_id, TEXT, env=ENV)
    assert run.code == 0, run.stderr
    assert f"resumed source {uid}" in run.stdout and "Max -LIVES_IN-> Oslo" in run.stdout
    [done] = sources(memory.graph, user_id)
    assert done["uid"] == uid and done["extraction_status"] == "done"
    assert lives_in(memory, user_id) == [{"who": "Max", "place": "Oslo"}]
    # once done, the same input again is a duplicate that changes nothing
    again = memory.ingest(TEXT, user_id=user_id)
    assert again.duplicate and not again.resumed and again.status == "done"
    assert len(lives_in(memory, user_id)) == 1


def test_the_api_resumes_a_pending_source_too(memory: Memory, user_id: str):
    crash_after_source_write(memory, user_id)
    result = memory.ingest(TEXT, user_id=user_id)
    assert result.resumed and result.status == "done" and result.relationships_created == 2


def test_two_runs_resuming_the_same_source_write_its_facts_once(memory: Memory,
                                                                user_id: str):
    uid = crash_after_source_write(memory, user_id)
    ingestor = Ingestor(memory.graph, memory.settings, memory.embedder)
    barrier = threading.Barrier(4)
    results = []

    def resume() -> None:
        barrier.wait()
        results.append(ingestor.resume(user_id, uid))

    threads = [threading.Thread(target=resume) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.resumed for r in results) == [False, False, False, True]
    assert all(r.status == "done" for r in results)
    assert lives_in(memory, user_id) == [{"who": "Max", "place": "Oslo"}]
    [fact] = rows(memory.graph, "MATCH (:Person {user_id: $u})-[r:FAMILY_OF]->() "
                  "RETURN r.confidence AS c, r.source_ids AS s", u=user_id)
    assert fact["s"] == [uid] and fact["c"] == memory.settings.ingest.rule_confidence


def test_a_source_is_kept_when_the_embedder_is_down_and_finished_when_it_is_back(
        memory: Memory, graph: Graph, user_id: str):
    # A real OpenAI-compatible embedder whose server does not answer: the source is still
    # stored (failed, no vector), and retry_failed embeds and extracts it later.
    down = OpenAIEmbedder("text-embedding-3-small", base_url="http://127.0.0.1:9/v1",
                          api_key="sk-test", dimensions=384, max_retries=0, timeout_s=2)
    offline = Memory(memory.settings, graph=graph, embedder=down)   # shares the driver
    result = offline.ingest("Nadia works at Fabrikam.", user_id=user_id)
    assert result.status == "failed" and "reach" in result.error, result.error
    with graph.session() as session:
        stored = session.run("MATCH (s:Source {user_id: $u}) RETURN s.raw_content AS c, "
                             "s.embedding IS NULL AS bare, s.extraction_status AS st",
                             u=user_id).data()
    assert stored == [{"c": "Nadia works at Fabrikam.", "bare": True, "st": "failed"}]
    retried = memory.retry_failed(user_id=user_id)
    assert retried.failed == 0
    with graph.session() as session:
        after = session.run("MATCH (s:Source {user_id: $u}) OPTIONAL MATCH (s)-[:MENTIONS]->(e) "
                            "RETURN s.embedding IS NULL AS bare, s.extraction_status AS st, "
                            "collect(e.name) AS mentions", u=user_id).single()
    assert after["bare"] is False and after["st"] == "done"
    assert "Nadia" in after["mentions"]
