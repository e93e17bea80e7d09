"""A source left pending by a crash is finished by rerunning the same ingest.

The crash is made the way one happens: the Source is written (step 2 of the pipeline,
``write_sources``) and the process dies before the extraction's write transaction.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime

from ingest_support import rows, sources
from support import run_cli

from memgraph.ingest.pipeline import Ingestor
from memgraph.ingest.source import prepare_source, write_sources
from memgraph.memory import Memory

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
