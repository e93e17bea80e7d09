"""Property maps for new nodes and relationships, with seed 001's initial values.

The data model is declared once, by the classes of ``memgraph/graph/models.py`` (which
properties exist, their types, defaults and allowed values; docs/data-model.md, "Where the
model is defined"). Every write path builds its maps here and writes them with Cypher
(``SET n += $props``): the lifecycle's initial values are read from the declaration, and a
test checks that these maps carry exactly the declared properties. Missing-on-purpose:
``last_accessed_at`` and ``last_decayed_at`` start null (seed 001), and Neo4j does not
store nulls. Salience and the decay gradient start at the settings' values (the
declaration's defaults are the settings' defaults).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from memgraph.graph.models import Lifecycle, new_id
from memgraph.graph.vocabulary import Kind, TtlPolicy
from memgraph.settings import Settings

# Seed 001's initial values of a new memory, as the data model declares them.
INITIAL = {name: getattr(Lifecycle, name).default
           for name in ("state", "access_count", "recall_frequency", "last_recall_interval",
                        "ttl_policy")}


def lifecycle(settings: Settings, now: datetime, confidence: float) -> dict[str, Any]:
    return {
        **INITIAL,
        "salience": settings.lifecycle.initial_salience,
        "confidence": round(min(1.0, max(0.0, confidence)), 4),
        "decay_gradient": settings.lifecycle.initial_decay_gradient,
        "created_at": now,
        "updated_at": now,
    }


def empty_notes() -> dict[str, Any]:
    return {"is_dirty": False, "notes": [], "notes_added_at": [], "notes_expires_at": [],
            "notes_lifetime": [], "notes_source": []}


def semantic_node(settings: Settings, *, kind: Kind, name: str, canonical_name: str,
                  now: datetime, confidence: float, description: str = "",
                  aliases: list[str] | None = None, attributes: list[str] | None = None,
                  entity_type: str = "", embedding: list[float] | None = None,
                  embedding_model: str = "", uid: str | None = None) -> dict[str, Any]:
    props: dict[str, Any] = {
        "uid": uid or new_id(), "name": name, "canonical_name": canonical_name,
        "description": description, "importance": 0.5, "aliases": list(aliases or []),
        "attributes": list(attributes or []),
        **lifecycle(settings, now, confidence), **empty_notes(),
    }
    if kind is Kind.ENTITY:
        props["entity_type"] = entity_type
    if embedding is not None:
        props["embedding"] = embedding
        props["embedding_model"] = embedding_model
    return props


def source_node(settings: Settings, *, uid: str, content: str, now: datetime,
                event_at: datetime | None, session_id: str, kind: str, speaker: str,
                external_id: str, sensitivity: str, content_hash: str, idempotency_key: str,
                embedding: list[float] | None, embedding_model: str,
                ttl_policy: str = TtlPolicy.DECAY.value, agent_id: str = "",
                metadata: list[str] | None = None) -> dict[str, Any]:
    props: dict[str, Any] = {
        # A source has no name: its Browser caption is kept out of `name`, which the
        # full-text index `memory_text` searches (docs/retrieval.md, "Captions").
        "uid": uid, "name": "", "caption": source_caption(content, speaker), "description": "",
        "importance": 0.5, "raw_content": content, "sensitivity": sensitivity,
        "search_text": source_search_text(content, speaker, event_at or now),
        "event_at": event_at or now, "ingested_at": now, "session_id": session_id,
        "source_kind": kind, "speaker": speaker, "external_id": external_id,
        "content_hash": content_hash, "idempotency_key": idempotency_key,
        "extraction_status": "pending", "extraction_error": "", "extraction_attempts": 0,
        "llm_calls": 0, "tokens_used": 0, "agent_id": agent_id,
        "metadata": list(metadata or []),
        **lifecycle(settings, now, settings.ingest.default_confidence),
        "ttl_policy": ttl_policy,
    }
    if ttl_policy == TtlPolicy.KEEP_FOREVER:
        props["salience"] = 1.0   # what decay pins it to: true from the first read
    if embedding is not None:
        props["embedding"] = embedding
        props["embedding_model"] = embedding_model
    return props


def artifact_node(settings: Settings, *, uid: str, now: datetime, sensitivity: str,
                  ttl_policy: str) -> dict[str, Any]:
    """What a new Artifact starts with (``cypher/ingest/merge_artifact``: ``$create``); what
    each version of the document rewrites is ``artifact_version``."""
    props: dict[str, Any] = {
        "uid": uid, "importance": 0.5, "raw_content": "", "sensitivity": sensitivity,
        **lifecycle(settings, now, settings.ingest.default_confidence),
        "ttl_policy": ttl_policy,
    }
    if ttl_policy == TtlPolicy.KEEP_FOREVER:
        props["salience"] = 1.0
    return props


def summary_node(settings: Settings, *, uid: str, user_id: str,
                 now: datetime) -> dict[str, Any]:
    """What a new Storyline or Macro starts with (``cypher/jobs/write_storylines``,
    ``write_macros``: ``row.create``); the job sets its title, summary, span and evidence."""
    return {"uid": uid, "user_id": user_id, "importance": 0.5,
            **lifecycle(settings, now, settings.ingest.default_confidence), **empty_notes()}


def artifact_version(*, title: str, uri: str, media_type: str, checksum: str, size: int,
                     sections: list[str], chunk_count: int, embedding: list[float],
                     embedding_model: str) -> dict[str, Any]:
    description = f"document {title!r}, {chunk_count} chunks"
    if sections:
        description += ": " + "; ".join(sections)
    return {"name": title, "uri": uri, "media_type": media_type, "content_hash": checksum,
            "size_bytes": size, "chunk_count": chunk_count, "description": description[:1000],
            "search_text": f"{title}: {description[:1000]}", "embedding": embedding,
            "embedding_model": embedding_model}


def relationship(settings: Settings, *, now: datetime, event_at: datetime | None,
                 confidence: float, description: str = "", attitude: float = 0.0,
                 proximity: float = 0.5, strength: float = 0.5,
                 valid_from: datetime | None = None, valid_to: datetime | None = None,
                 source_id: str = "", uid: str | None = None) -> dict[str, Any]:
    props: dict[str, Any] = {
        "uid": uid or new_id(), "description": description, "attitude": attitude,
        "proximity": proximity, "strength": strength, "event_at": event_at or now,
        "ingested_at": now, "source_ids": [source_id] if source_id else [],
        **lifecycle(settings, now, confidence), **empty_notes(),
    }
    if valid_from is not None:
        props["valid_from"] = valid_from
    if valid_to is not None:
        props["valid_to"] = valid_to
    return props


def node_embedding_text(name: str, description: str, notes: Sequence[str] = (),
                        limit: int | None = None) -> str:
    """What a semantic node's (or a consolidated element's) vector stands for: its name,
    its description, then its notes, the same ingredients entity resolution compares; at
    most ``limit`` characters when given. Every path that embeds a node uses this one
    recipe: ingestion (writer.py, structured.py), consolidation and re-embedding."""
    text = " ".join(part for part in (f"{name}.", description, *notes) if part).strip()
    return text[:limit] if limit is not None else text


def source_search_text(content: str, speaker: str = "", event_at: datetime | None = None
                       ) -> str:
    """What a source is embedded and full-text indexed as: "speaker (8 May 2023): text".

    A turn alone rarely says who said it or when ("I went hiking"), while questions about
    it do ("when did Caroline go hiking?"): with the speaker and the event date in the
    indexed text both the vector and the full-text signal can match them. The date is
    written the way people write it (day, month name, year): on LoCoMo it raised MiniLM's
    R@1 over turns from 15.5 to 21.3 and R@25 from 59.5 to 70.0, more than an ISO prefix
    did (19.4, 61.6; docs/benchmarks.md). ``cypher/graph/backfill_search_text.cypher``
    builds the same text.
    """
    when = f" ({event_date(event_at)})" if event_at is not None else ""
    if speaker:
        return f"{speaker}{when}: {content}"
    return f"({event_date(event_at)}) {content}" if event_at is not None else content


# Of the message before a source, what its vector text carries at most, and what the rule
# extractor reads of it for a pronoun (its last characters): enough for a chat turn or a
# paragraph, while a long predecessor cannot outweigh the source's own words.
CONTEXT_CHARS = 1000


def source_vector_text(search_text: str, previous: str | None = None) -> str:
    """What a source is embedded as: its search text, then the search text of the message
    before it in its session, when there is one.

    A message rarely stands alone: "They were scared but we reassured them" answers "How
    did the kids handle the accident?", and a question asked with the words of the one
    before it matches the answer only through that context. The full-text index keeps the
    source's own words (``search_text``); the vector carries its place in the conversation.
    On LoCoMo's dev split, exact vector scores, R@10 75.9 -> 79.9 and context recall at 500
    tokens 70.1 -> 73.5 (docs/retrieval.md, "A message in its conversation").
    """
    if not previous:
        return search_text
    return f"{search_text} (replying to: {previous[:CONTEXT_CHARS]})"


def event_date(moment: datetime) -> str:
    """A date as people write it, "8 May 2023" (UTC, English month names)."""
    utc = moment.astimezone(UTC) if moment.tzinfo is not None else moment
    return f"{utc.day} {_MONTHS[utc.month - 1]} {utc.year}"


# Fixed English names, not strftime's %B: the locale must not change what is indexed.
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")


CAPTION_CHARS = 48   # what a Browser node's caption shows legibly in two or three lines


def source_caption(content: str, speaker: str = "") -> str:
    """A short caption for Browser (a Source's ``caption``, never indexed): the speaker and
    the first words of the text, cut at a word boundary."""
    text = " ".join(content.split())
    if len(text) > CAPTION_CHARS:
        head = text[:CAPTION_CHARS + 1]
        words = head.rsplit(" ", 1)[0] if " " in head.strip() else head[:CAPTION_CHARS]
        text = words.rstrip(" ,.;:-") + "…"
    return f"{speaker}: {text}" if speaker else text
