"""A message is embedded in its conversation: its vector text is its own search text, then
the search text of the message before it in its session ("They were scared" replies to
"How did the kids handle the accident?"). The full-text index keeps its own words only.
The same text whichever path wrote the vector: ingest(), structured records across
batches, the retry after an embedder outage, re-embedding; and deleting a message takes
its words out of the next message's vector too."""

from __future__ import annotations

import numpy as np
import pytest
from ingest_support import rows

from memgraph.errors import ProviderError
from memgraph.graph.connection import Graph
from memgraph.graph.reembed import node_text
from memgraph.ingest.properties import CONTEXT_CHARS, source_vector_text
from memgraph.memories import delete_memory
from memgraph.memory import Memory
from memgraph.providers.openai_compat import OpenAIEmbedder

ACCIDENT = "How did the kids handle the accident?"
SCARED = "They were scared but we reassured them."
TOUGH = "They're tough kids."


def test_a_message_is_embedded_after_the_one_before_it():
    assert source_vector_text("Mel: They were scared.") == "Mel: They were scared."
    assert source_vector_text("Mel: They were scared.", "Caro: How did they handle it?") \
        == "Mel: They were scared. (replying to: Caro: How did they handle it?)"


def test_a_long_message_before_cannot_outweigh_the_messages_own_words():
    text = source_vector_text("Mel: Yes.", "x" * (3 * CONTEXT_CHARS))
    assert text.startswith("Mel: Yes. (replying to: ")
    assert text.count("x") == CONTEXT_CHARS


def _sources(graph: Graph, user_id: str) -> dict[str, dict]:
    found = rows(graph, "MATCH (s:Source {user_id: $u}) RETURN s.raw_content AS content, "
                 "s.uid AS uid, s.search_text AS search_text, s.embedding AS embedding",
                 u=user_id)
    return {r["content"]: r for r in found}


def _embedded_after(memory: Memory, stored: dict[str, dict], content: str,
                    previous: str | None) -> bool:
    own = stored[content]
    before = stored[previous]["search_text"] if previous else None
    expected = memory.embedder.embed(source_vector_text(own["search_text"], before))
    alone = memory.embedder.embed(own["search_text"])
    return own["embedding"] is not None and bool(np.allclose(own["embedding"], expected)) \
        and (previous is None or not np.allclose(own["embedding"], alone))


def test_ingest_embeds_each_message_after_the_one_before_it_in_its_session(
        memory: Memory, user_id: str):
    memory.ingest(ACCIDENT, user_id=user_id, session_id="trip", speaker="Caroline")
    memory.ingest(SCARED, user_id=user_id, session_id="trip", speaker="Melanie")
    memory.ingest(TOUGH, user_id=user_id, session_id="other", speaker="Melanie")
    memory.ingest("No session here.", user_id=user_id, speaker="Melanie")
    stored = _sources(memory.graph, user_id)
    assert _embedded_after(memory, stored, ACCIDENT, None)
    assert _embedded_after(memory, stored, SCARED, ACCIDENT)
    # the first message of a session, and a message without one, stand alone
    assert _embedded_after(memory, stored, TOUGH, None)
    assert _embedded_after(memory, stored, "No session here.", None)
    # what the full-text index searches is the message's own text
    assert ACCIDENT not in stored[SCARED]["search_text"]


def test_structured_records_are_embedded_after_the_message_before_across_batches(
        memory: Memory, user_id: str):
    memory.ingest(ACCIDENT, user_id=user_id, session_id="trip", speaker="Caroline")
    contents = [SCARED, TOUGH, "Glad they are fine.", "Me too."]
    records = [{"content": c, "session_id": "trip", "speaker": s}
               for c, s in zip(contents, ["Melanie", "Melanie", "Caroline", "Melanie"],
                               strict=True)]
    memory.ingest_records(records, user_id=user_id, batch_size=2)
    stored = _sources(memory.graph, user_id)
    for before, content in zip([ACCIDENT, *contents], contents, strict=False):
        assert _embedded_after(memory, stored, content, before), content


def test_deleting_a_message_takes_its_words_out_of_the_next_messages_vector(
        memory: Memory, user_id: str):
    for content in (ACCIDENT, SCARED, TOUGH):
        memory.ingest(content, user_id=user_id, session_id="trip", speaker="Melanie")
    stored = _sources(memory.graph, user_id)
    assert _embedded_after(memory, stored, TOUGH, SCARED)
    deletion = memory.delete(stored[SCARED]["uid"], user_id=user_id)
    after = _sources(memory.graph, user_id)
    assert SCARED not in after
    assert _embedded_after(memory, after, TOUGH, ACCIDENT)
    # the audit record says which other memory the deletion changed
    [record] = [a for a in memory.audit(user_id=user_id) if a.uid == deletion.audit_uid]
    assert record.details["next_message"] == stored[TOUGH]["uid"]
    assert record.details["next_vector"] == "recomputed"


def test_a_deletion_clears_the_next_vector_when_the_embedder_fails(memory: Memory,
                                                                    user_id: str):
    for content in (ACCIDENT, SCARED, TOUGH):
        memory.ingest(content, user_id=user_id, session_id="trip", speaker="Melanie")
    stored = _sources(memory.graph, user_id)

    def down():
        raise ProviderError("embedder unreachable")

    deletion = delete_memory(memory.graph, user_id, stored[SCARED]["uid"], embedder=down)
    assert deletion.nodes == [stored[SCARED]["uid"]]
    [record] = [a for a in memory.audit(user_id=user_id) if a.uid == deletion.audit_uid]
    assert record.details["next_vector"] == "cleared"
    after = _sources(memory.graph, user_id)
    # gone from the vector either way; `memgraph init --reembed` gives it one again
    assert after[TOUGH]["embedding"] is None
    assert _embedded_after(memory, after, ACCIDENT, None)


def test_a_message_stored_while_the_embedder_was_down_is_embedded_after_the_one_before(
        memory: Memory, graph: Graph, user_id: str):
    memory.ingest(ACCIDENT, user_id=user_id, session_id="trip", speaker="Caroline")
    down = OpenAIEmbedder("text-embedding-3-small", base_url="http://127.0.0.1:9/v1",
                          api_key="sk-test", dimensions=384, max_retries=0, timeout_s=2)
    offline = Memory(memory.settings, graph=graph, embedder=down)   # shares the driver
    assert offline.ingest(SCARED, user_id=user_id, session_id="trip",
                          speaker="Melanie").status == "failed"
    assert _sources(graph, user_id)[SCARED]["embedding"] is None
    assert memory.retry_failed(user_id=user_id).failed == 0
    assert _embedded_after(memory, _sources(graph, user_id), SCARED, ACCIDENT)


@pytest.mark.parametrize("cleared", [SCARED, TOUGH])
def test_re_embedding_computes_what_ingestion_embedded(memory: Memory, user_id: str,
                                                       cleared: str):
    for content in (ACCIDENT, SCARED, TOUGH):
        memory.ingest(content, user_id=user_id, session_id="trip", speaker="Melanie")
    stored = _sources(memory.graph, user_id)
    # what `init --recreate-vector-index` does to every vector, here to one
    rows(memory.graph, "MATCH (s:Source {uid: $uid}) REMOVE s.embedding RETURN 1 AS done",
         uid=stored[cleared]["uid"])
    [row] = memory.graph.read("graph/missing_vectors", user_id=user_id, after="", limit=10)
    assert np.allclose(memory.embedder.embed(node_text(row)), stored[cleared]["embedding"])


def test_with_vector_context_off_each_message_is_embedded_alone(memory: Memory, graph: Graph,
                                                                 user_id: str):
    settings = memory.settings.model_copy(update={
        "ingest": memory.settings.ingest.model_copy(update={"vector_context": False})})
    alone = Memory(settings, graph=graph, embedder=memory.embedder)   # shares the driver
    alone.ingest(ACCIDENT, user_id=user_id, session_id="trip", speaker="Caroline")
    alone.ingest(SCARED, user_id=user_id, session_id="trip", speaker="Melanie")
    alone.ingest_records([{"content": TOUGH, "session_id": "trip", "speaker": "Melanie"}],
                         user_id=user_id)
    stored = _sources(graph, user_id)
    for content in (ACCIDENT, SCARED, TOUGH):
        assert np.allclose(stored[content]["embedding"],
                           memory.embedder.embed(stored[content]["search_text"])), content
    # nothing of a deleted message is in the next one's vector: it is left as it is
    alone.delete(stored[SCARED]["uid"], user_id=user_id)
    assert np.allclose(_sources(graph, user_id)[TOUGH]["embedding"], stored[TOUGH]["embedding"])

