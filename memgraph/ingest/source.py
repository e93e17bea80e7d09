"""Writing Source nodes: validated, idempotent, chained per session."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import neo4j

from memgraph.graph.connection import Graph, run_in, translate_errors
from memgraph.graph.models import new_id
from memgraph.graph.vocabulary import (
    SENSITIVITIES,
    SOURCE_KINDS,
    TTL_POLICIES,
    Sensitivity,
    SourceKind,
    TtlPolicy,
)
from memgraph.ingest import properties
from memgraph.ingest.inputs import (
    check_content,
    check_label,
    check_metadata,
    content_hash,
    default_idempotency_key,
)
from memgraph.settings import Settings
from memgraph.validation import check_choice, parse_time


@dataclass(frozen=True)
class SourceText:
    """One source as the extractors see it."""

    uid: str
    user_id: str
    content: str
    session_id: str = ""
    speaker: str = ""
    kind: str = "message"
    event_at: datetime | None = None
    previous: str = ""   # the message before it in its session, read for the rule extractor
    previous_speaker: str = ""   # ... and who sent it: whom a "your" in this one is said to
    before_previous: str = ""   # the message before that one: when ``previous`` names no one


@dataclass(frozen=True)
class NewSource:
    text: SourceText
    props: dict[str, Any]


def prepare_source(settings: Settings, *, content: str | bytes, user_id: str, now: datetime,
                   session_id: str | None = None, event_at: Any = None,
                   kind: str = SourceKind.MESSAGE.value,
                   speaker: str | None = None, external_id: str | None = None,
                   sensitivity: str = Sensitivity.NORMAL.value, idempotency_key: str | None = None,
                   ttl_policy: str = TtlPolicy.DECAY.value, embedding: list[float] | None = None,
                   embedding_model: str = "", agent_id: str | None = None,
                   metadata: dict[str, Any] | None = None) -> NewSource:
    """Validate everything about a source (raises InvalidInputError) and build its node."""
    text = check_content(content, settings.ingest.max_content_bytes)
    check_choice(kind, SOURCE_KINDS, "kind")
    check_choice(sensitivity, SENSITIVITIES, "sensitivity")
    check_choice(ttl_policy, TTL_POLICIES, "ttl_policy")
    moment = parse_time(event_at, "event_at") or now
    session, external = session_id or "", external_id or ""
    key = idempotency_key or default_idempotency_key(user_id, session, text, external)
    uid = new_id()
    props = properties.source_node(
        settings, uid=uid, content=text, now=now, event_at=moment, session_id=session,
        kind=kind, speaker=speaker or "", external_id=external, sensitivity=sensitivity,
        content_hash=content_hash(text), idempotency_key=key, ttl_policy=ttl_policy,
        embedding=embedding, embedding_model=embedding_model,
        agent_id=check_label(agent_id, "agent_id"), metadata=check_metadata(metadata))
    return NewSource(SourceText(uid=uid, user_id=user_id, content=text, session_id=session,
                                speaker=speaker or "", kind=kind, event_at=moment), props)


@dataclass(frozen=True)
class SessionTail:
    """The last message so far of a session, as a new message of it reads it."""

    search_text: str   # what the new message is embedded after (``vector_texts``)
    content: str       # its last ``CONTEXT_CHARS`` characters, for the rule extractor
    speaker: str
    before: str        # the last ``CONTEXT_CHARS`` characters of the message before it


def read_session_tails(graph: Graph, user_id: str,
                       session_ids: Iterable[str]) -> dict[str, SessionTail]:
    """session id -> its last message so far (sessions with none are left out)."""
    wanted = sorted({s for s in session_ids if s})
    if not wanted:
        return {}
    rows = graph.read("ingest/session_tails", user_id=user_id, session_ids=wanted,
                      chars=properties.CONTEXT_CHARS)
    return {r["session_id"]: SessionTail(r["search_text"] or "", r["content"] or "",
                                         r["speaker"] or "", r["before"] or "")
            for r in rows}


def session_tails(graph: Graph, user_id: str, session_ids: Iterable[str]) -> dict[str, str]:
    """session id -> the search text of its last message so far (sessions with none are
    left out)."""
    return {session: tail.search_text
            for session, tail in read_session_tails(graph, user_id, session_ids).items()
            if tail.search_text}


def embedding_texts(graph: Graph, settings: Settings, user_id: str,
                    sources: Sequence[NewSource], last: dict[str, str]) -> list[str]:
    """What each of ``sources`` (in ingestion order) is embedded as: with
    ``ingest.vector_context``, after the message before it in its session (``vector_texts``),
    the sessions not in ``last`` yet read from the graph first; else its search text."""
    if not settings.ingest.vector_context:
        return [source.props["search_text"] for source in sources]
    last.update(session_tails(graph, user_id,
                              {s.text.session_id for s in sources} - last.keys()))
    return vector_texts(sources, last)


def vector_texts(sources: Sequence[NewSource], last: dict[str, str]) -> list[str]:
    """What each of ``sources`` (in ingestion order) is embedded as: after the message
    before it in its session, which is the one before it here, else ``last[session]``.
    ``last`` (session id -> search text) is updated to the sessions' new last messages, so
    the next batch of the same run continues from them."""
    texts = []
    for source in sources:
        session, own = source.text.session_id, source.props["search_text"]
        texts.append(properties.source_vector_text(own, last.get(session) if session else None))
        if session:
            last[session] = own
    return texts


def write_sources(graph: Graph, user_id: str, sources: list[NewSource],
                  now: datetime) -> list[dict[str, Any]]:
    """MERGE the sources and chain the new ones (one transaction); rows say which were
    new and their status."""
    def work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
        return merge_and_chain(tx, user_id, sources, now)

    with graph.session() as session, translate_errors(graph.settings.neo4j_uri):
        return session.execute_write(work)


def merge_and_chain(tx: neo4j.ManagedTransaction, user_id: str, sources: list[NewSource],
                    now: datetime) -> list[dict[str, Any]]:
    """Inside a write transaction: MERGE the sources (one UNWIND), then chain the created
    ones of each session after its last source, in the given order (one query)."""
    rows = merge_sources(tx, user_id, sources, now)
    chain_sessions(tx, user_id, sources, rows, now)
    return rows


def merge_sources(tx: neo4j.ManagedTransaction, user_id: str, sources: list[NewSource],
                  now: datetime) -> list[dict[str, Any]]:
    """Inside a write transaction: MERGE the sources (one UNWIND); a row per source says
    whether it was new, its uid and status."""
    return run_in(tx, "ingest/create_sources",
                  {"user_id": user_id, "now": now, "rows": [_row(s) for s in sources]})


def chain_sessions(tx: neo4j.ManagedTransaction, user_id: str, sources: list[NewSource],
                   rows: list[dict[str, Any]], now: datetime) -> None:
    """Inside the write transaction that created them (``rows``, ``merge_sources``): chain
    the new sources of each session after its last source, in the given order (one
    query). It write-locks the tenant's User node until commit (chain_sources.cypher)."""
    sessions: dict[str, list[str]] = {}
    for source, row in zip(sources, rows, strict=True):
        if row["created"] and source.text.session_id:
            sessions.setdefault(source.text.session_id, []).append(row["uid"])
    if sessions:
        run_in(tx, "ingest/chain_sources",
               {"user_id": user_id, "now": now,
                "sessions": [{"session_id": k, "uids": v} for k, v in sessions.items()]})


# Set by the query: the stamps from $now, event_at from the row's ISO text.
_NOT_IN_PROPS = ("ingested_at", "created_at", "updated_at", "event_at")


def _row(source: NewSource) -> dict[str, Any]:
    return {"props": {k: v for k, v in source.props.items() if k not in _NOT_IN_PROPS},
            "event_at": source.props["event_at"].isoformat()}
