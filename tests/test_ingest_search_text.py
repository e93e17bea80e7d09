"""A source's search text, "speaker (8 May 2023): text": what is full-text indexed AND
embedded, the same whether written by ingest(), by structured records or by the backfill."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import numpy as np
import pytest
from ingest_support import rows, sources

from memgraph.graph.connection import Graph
from memgraph.ingest.properties import source_search_text
from memgraph.memory import Memory

MAY_8 = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


@pytest.mark.parametrize(("speaker", "event_at", "expected"), [
    ("Caroline", MAY_8, "Caroline (8 May 2023): I went hiking."),
    ("", MAY_8, "(8 May 2023) I went hiking."),
    ("Caroline", None, "Caroline: I went hiking."),
    ("", None, "I went hiking."),
    # the date is the UTC date of the event time, whatever the offset it was given in
    ("Caroline", datetime(2023, 5, 8, 23, 30, tzinfo=timezone(timedelta(hours=-2))),
     "Caroline (9 May 2023): I went hiking."),
    ("Caroline", datetime(2024, 12, 31), "Caroline (31 December 2024): I went hiking."),
])
def test_search_text_names_the_speaker_and_the_event_date(speaker, event_at, expected):
    assert source_search_text("I went hiking.", speaker, event_at) == expected


def _embedding(graph: Graph, uid: str) -> np.ndarray:
    return np.array(rows(graph, "MATCH (s:Source {uid: $uid}) RETURN s.embedding AS e",
                         uid=uid)[0]["e"])


def test_ingest_indexes_and_embeds_the_dated_search_text(memory: Memory, user_id: str):
    result = memory.ingest("My sister Anna lives in Lisbon.", user_id=user_id,
                           event_at="2024-03-01T09:00:00Z", speaker="Sam")
    [source] = sources(memory.graph, user_id)
    assert source["search_text"] == "Sam (1 March 2024): My sister Anna lives in Lisbon."
    expected = memory.embedder.embed(source["search_text"])
    assert np.allclose(_embedding(memory.graph, result.source_uid), expected)


def test_a_source_without_event_time_is_dated_by_its_ingestion(memory: Memory, user_id: str):
    memory.ingest("I work at Acme Corp.", user_id=user_id, speaker="Sam")
    [source] = sources(memory.graph, user_id)
    day = source["event_at"].to_native().astimezone(UTC)
    assert source["search_text"] == (f"Sam ({day.day} {day:%B} {day.year}): "
                                     "I work at Acme Corp.")


def test_structured_records_index_and_embed_the_same_text(memory: Memory, user_id: str):
    memory.ingest_records([{"content": "Sam works at Acme", "speaker": "Sam",
                            "event_at": "2023-05-08T13:56:00Z", "session_id": "s"}],
                          user_id=user_id)
    [source] = sources(memory.graph, user_id)
    assert source["search_text"] == "Sam (8 May 2023): Sam works at Acme"
    assert np.allclose(_embedding(memory.graph, source["uid"]),
                       memory.embedder.embed(source["search_text"]))


def test_backfill_writes_what_ingest_writes(memory: Memory, user_id: str):
    """Sources from before `search_text` get it from Cypher, in the Python format."""
    cases = [("Caroline", datetime(2023, 5, 8, 23, 30, tzinfo=timezone(timedelta(hours=-2)))),
             ("", MAY_8), ("Caroline", datetime(2024, 12, 31, tzinfo=UTC))]
    for i, (speaker, event_at) in enumerate(cases):
        rows(memory.graph, "CREATE (:Memory:Source {uid: $uid, user_id: $u, raw_content: $t, "
             "speaker: $speaker, event_at: $at})", uid=f"{user_id}-{i}", u=user_id,
             t=f"turn {i}", speaker=speaker, at=event_at)
    memory.graph.run_autocommit("graph/backfill_search_text", user_id=user_id)
    written = {r["uid"]: r["t"] for r in rows(
        memory.graph, "MATCH (s:Source {user_id: $u}) RETURN s.uid AS uid, "
        "s.search_text AS t", u=user_id)}
    assert written == {f"{user_id}-{i}": source_search_text(f"turn {i}", speaker, event_at)
                       for i, (speaker, event_at) in enumerate(cases)}
