"""Documents: a Markdown or text file becomes one Artifact and its chunks as Sources.

    split (chunking.py) ─▶ compare with the stored version (checksum, chunk keys)
        unchanged ─▶ nothing written (chunks left pending or failed are extracted)
        changed   ─▶ ONE transaction: new chunk Sources + Artifact + HAS_CHUNK links
                     + removal of the chunks the new version lost
                  ─▶ each new chunk extracted on its own (a failure is kept, retryable)

A chunk's idempotency key is its user, the document's uri, its text and which occurrence
of that text it is, so an edit re-extracts only the chunks whose text changed; chunks
that stayed are kept with their extracted facts (and move to their new position).
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import neo4j

from memgraph.errors import InvalidInputError
from memgraph.graph.connection import run_in, translate_errors
from memgraph.graph.models import new_id
from memgraph.graph.vocabulary import SENSITIVITIES, TTL_POLICIES, Sensitivity, TtlPolicy
from memgraph.ingest import properties
from memgraph.ingest.chunking import Chunk, split_document
from memgraph.ingest.inputs import (
    content_hash,
    has_control_characters,
)
from memgraph.ingest.pipeline import RESUMABLE, Ingestor
from memgraph.ingest.results import FileReport, IngestResult
from memgraph.ingest.source import NewSource, merge_and_chain, prepare_source
from memgraph.validation import check_choice

Progress = Callable[[int, int | None], None]


@dataclass(frozen=True)
class Document:
    """A document to ingest: its text and where it came from."""

    text: str
    uri: str                      # absolute path, or stdin:<title>: the Artifact's identity
    title: str
    media_type: str = "text/markdown"
    event_at: datetime | None = None


def check_document(text: str, max_bytes: int) -> str:
    size = len(text.encode("utf-8"))
    if size > max_bytes:
        raise InvalidInputError(f"the document is {size:,} bytes, over the {max_bytes:,}-byte "
                                "limit (ingest.max_document_bytes)")
    if not text.strip():
        raise InvalidInputError("the document is empty")
    if has_control_characters(text):
        raise InvalidInputError("the document contains control characters (binary input "
                                "refused)")
    return text


def ingest_document(ingestor: Ingestor, doc: Document, *, user_id: str,
                    sensitivity: str = Sensitivity.NORMAL.value,
                    ttl_policy: str = TtlPolicy.DECAY.value,
                    progress: Progress | None = None) -> FileReport:
    """Store ``doc`` for ``user_id`` as an Artifact with its chunks, then extract them."""
    started = time.perf_counter()
    settings = ingestor.settings
    check_document(doc.text, settings.ingest.max_document_bytes)
    check_choice(sensitivity, SENSITIVITIES, "sensitivity")
    check_choice(ttl_policy, TTL_POLICIES, "ttl_policy")
    report = FileReport(path=doc.uri, format="document")
    checksum = content_hash(doc.text)
    stored = ingestor.graph.read("ingest/artifact_state", user_id=user_id, uri=doc.uri)[0]
    if stored["uid"] is not None and stored["content_hash"] == checksum:
        _resume(ingestor, report, stored, user_id, progress)
    else:
        chunks = split_document(doc.text, settings.ingest.chunk_tokens,
                                settings.ingest.chunk_overlap_tokens)
        if progress is not None:
            progress(0, len(chunks))
        _write_version(ingestor, report, doc, chunks, checksum, stored, user_id=user_id,
                       sensitivity=sensitivity, ttl_policy=ttl_policy, progress=progress)
    report.seconds = time.perf_counter() - started
    return report


def _resume(ingestor: Ingestor, report: FileReport, stored: dict[str, Any], user_id: str,
            progress: Progress | None) -> None:
    """An unchanged document: nothing is written, except the extraction of chunks that an
    earlier run left unfinished (pending after a crash, or failed), as for any source
    ingested again (``Ingestor.resume``)."""
    report.unchanged = True
    report.artifact_uid = stored["uid"]
    if progress is not None:
        progress(0, len(stored["chunks"]))
    for chunk in stored["chunks"]:
        if chunk["status"] in RESUMABLE:
            report.add(ingestor.resume(user_id, chunk["uid"]), f"chunk {chunk['index'] + 1}")
        else:
            report.add(IngestResult(source_uid=chunk["uid"], status=chunk["status"],
                                    duplicate=True))
        if progress is not None:
            progress(1, None)


def _write_version(ingestor: Ingestor, report: FileReport, doc: Document, chunks: list[Chunk],
                   checksum: str, stored: dict[str, Any], *, user_id: str, sensitivity: str,
                   ttl_policy: str, progress: Progress | None) -> None:
    settings, now = ingestor.settings, datetime.now(UTC)
    keys = _chunk_keys(user_id, doc.uri, chunks)
    existing = {c["key"]: c for c in stored["chunks"]}
    label = doc.uri.rsplit("/", 1)[-1] if not doc.uri.startswith("stdin:") else doc.title
    fresh: list[tuple[Chunk, NewSource]] = []
    for chunk, key in zip(chunks, keys, strict=True):
        if key not in existing:
            fresh.append((chunk, prepare_source(
                settings, content=chunk.text, user_id=user_id, now=now, event_at=doc.event_at,
                kind="document", external_id=f"{label}#{chunk.index + 1}",
                sensitivity=sensitivity, idempotency_key=key, ttl_policy=ttl_policy)))
    removed = [c["uid"] for k, c in existing.items() if k not in set(keys)]
    embedder = ingestor.embedder
    sections = list(dict.fromkeys(c.section for c in chunks if c.section))
    version = properties.artifact_version(
        title=doc.title, uri=doc.uri, media_type=doc.media_type, checksum=checksum,
        size=len(doc.text.encode("utf-8")), sections=sections, chunk_count=len(chunks),
        embedding=[], embedding_model=embedder.model_name)
    vectors = embedder.embed_batch([version["search_text"]]
                                   + [new.props["search_text"] for _, new in fresh])
    version["embedding"] = vectors[0]
    for (_, new), vector in zip(fresh, vectors[1:], strict=True):
        new.props["embedding"] = vector
        new.props["embedding_model"] = embedder.model_name
    create = properties.artifact_node(settings, uid=new_id(), now=now,
                                      sensitivity=sensitivity, ttl_policy=ttl_policy)
    links = [{"key": key, "index": c.index, "section": c.section,
              "external_id": f"{label}#{c.index + 1}"} for c, key in zip(chunks, keys,
                                                                        strict=True)]
    event_at = (doc.event_at or now).isoformat()

    def work(tx: neo4j.ManagedTransaction) -> tuple[list[dict[str, Any]], str]:
        rows = merge_and_chain(tx, user_id, [new for _, new in fresh], now)
        params = {"user_id": user_id, "uri": doc.uri, "now": now}
        artifact = run_in(tx, "ingest/merge_artifact", {
            **params, "create": create, "props": version, "event_at": event_at})[0]
        if removed:
            run_in(tx, "ingest/remove_chunks", {**params, "uids": removed})
        run_in(tx, "ingest/link_chunks", {**params, "chunks": links})
        return rows, artifact["uid"]

    with ingestor.graph.session() as session, translate_errors(settings.neo4j_uri):
        rows, report.artifact_uid = session.execute_write(work)
    report.chunks_removed = len(removed)
    created = {row["idempotency_key"]: row for row in rows}
    for chunk, key in zip(chunks, keys, strict=True):
        row = created.get(key)
        if row is not None and row["created"]:
            new = next(n for c, n in fresh if c.index == chunk.index)
            report.add(ingestor.extract(new.text), f"chunk {chunk.index + 1}")
        else:   # kept from the previous version (or written by a concurrent ingest)
            kept = existing.get(key) or row or {}
            report.add(IngestResult(source_uid=kept.get("uid", ""),
                                    status=kept.get("status", "done"), duplicate=True))
        if progress is not None:
            progress(1, None)


def _chunk_keys(user_id: str, uri: str, chunks: list[Chunk]) -> list[str]:
    """Per chunk: user, document, text and occurrence of that text (a repeated paragraph is
    two chunks, not one)."""
    seen: Counter[str] = Counter()
    keys = []
    for chunk in chunks:
        digest = content_hash(chunk.text)
        seen[digest] += 1
        material = "\x1f".join((user_id, "artifact", uri, digest, str(seen[digest])))
        keys.append(hashlib.sha256(material.encode("utf-8")).hexdigest())
    return keys
