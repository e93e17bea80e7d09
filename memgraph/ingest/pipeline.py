"""Orchestration of one source: validate, embed, extract, write.

    LLM agent:  check input ─▶ embed ─▶ MERGE Source (pending) ─▶ extractor
        ─▶ ToolExecutor (validated plan) ─▶ one write transaction (facts + status done)
    rules:      check input ─▶ embed ─▶ extractor ─▶ ToolExecutor (validated plan)
        ─▶ one write transaction (Source + facts + status done, chained in its session)
    any provider failure ─▶ Source status failed + error, nothing else written
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

import neo4j

from memgraph.errors import DatabaseUnavailableError, MemgraphError, ProviderError
from memgraph.graph.connection import Graph
from memgraph.graph.names import canonical_name
from memgraph.graph.values import to_native
from memgraph.ingest.inputs import check_content
from memgraph.ingest.plan import Plan
from memgraph.ingest.properties import CONTEXT_CHARS, source_vector_text
from memgraph.ingest.results import BulkResult, IngestResult
from memgraph.ingest.source import (
    NewSource,
    SessionTail,
    SourceText,
    chain_sessions,
    embedding_texts,
    merge_sources,
    prepare_source,
    read_session_tails,
    write_sources,
)
from memgraph.ingest.speakers import add_speaker, speaker_keys
from memgraph.ingest.tools import Known, ToolExecutor
from memgraph.ingest.writer import WriteContext, write_plan
from memgraph.providers.base import LLM, Embedder, Usage
from memgraph.settings import Settings
from memgraph.validation import parse_time, without_urls


class _StoredBefore(Exception):
    """Raised inside the write transaction of a source not written yet, to roll it back:
    the same source (its idempotency key) is stored already."""

    def __init__(self, row: dict[str, Any]) -> None:
        super().__init__(row["uid"])
        self.row = row


class Extractor(Protocol):
    """Turns one source into tool calls on ``executor``; returns the LLM usage."""

    def lookup_keys(self, source: SourceText) -> list[str]:
        """The canonical names whose kinds ``extract`` will ask (read with the speaker's,
        in one query)."""
        ...

    def extract(self, source: SourceText, executor: ToolExecutor) -> Usage: ...


class KindsByName:
    """The kind of the tenant's node of each canonical name, read once per name for one
    source: the pipeline reads the speaker's and the extractor's names together."""

    def __init__(self, graph: Graph, user_id: str) -> None:
        self.graph, self.user_id = graph, user_id
        self.known: dict[str, str | None] = {}

    def __call__(self, keys: list[str]) -> dict[str, str]:
        missing = sorted({k for k in keys if k not in self.known})
        if missing:
            rows = self.graph.read("ingest/kinds_by_name", user_id=self.user_id, keys=missing)
            self.known.update(dict.fromkeys(missing))
            self.known.update({r["key"]: r["kind"] for r in rows})
        return {k: kind for k in keys if (kind := self.known.get(k)) is not None}


@dataclass
class Ingestor:
    graph: Graph
    settings: Settings
    embedder: Embedder
    llm: LLM | None = None

    def extractor(self, known_kinds: KindsByName) -> Extractor:
        if self.llm is None:
            from memgraph.ingest.rules import RuleExtractor

            return RuleExtractor(self.settings, known_kinds)
        from memgraph.ingest.llm_extractor import LLMExtractor

        return LLMExtractor(self.graph, self.settings, self.embedder, self.llm)

    def ingest(self, content: str | bytes, *, user_id: str, dry_run: bool = False,
               **fields: Any) -> IngestResult:
        """One source, written and extracted (``store_and_extract``); see ``Memory.ingest``."""
        text = check_content(content, self.settings.ingest.max_content_bytes)
        new = prepare_source(self.settings, content=text, user_id=user_id,
                             now=datetime.now(UTC), **fields)
        return self.store_and_extract(new, dry_run=dry_run)

    def store_and_extract(self, new: NewSource, *, dry_run: bool = False) -> IngestResult:
        """A validated source (``prepare_source``): embedded, written, then extracted.

        With the rule extractor (no LLM) the source is extracted first and written with
        its plan in one transaction: extraction is local and quick, and each transaction
        that changes the full-text or the vector index pays for it again at commit (about
        4 ms each on this machine, however many nodes it changed: docs/ingestion.md,
        "One transaction per message"). With an LLM, which may take seconds and fail, the
        source is stored first, so that nothing said is lost meanwhile.

        ``dry_run`` extracts and writes in one transaction whatever the extractor, and rolls
        it back: nothing is kept (a failed extraction raises instead of being stored)."""
        user_id, session = new.text.user_id, new.text.session_id
        at_once = self.llm is None or dry_run
        # the message this one follows: what it is embedded after, and (rules) what a "she"
        # that opens it may refer to; read here once for both ("" when it opens its session)
        tail: SessionTail | None = None
        known_tails: dict[str, str] = {}
        if at_once and session:
            tail = read_session_tails(self.graph, user_id, [session]).get(session)
            known_tails[session] = tail.search_text if tail else ""
        [vector_text] = embedding_texts(self.graph, self.settings, user_id, [new],
                                        known_tails)
        try:
            new.props["embedding"] = self.embedder.embed(vector_text)
            new.props["embedding_model"] = self.embedder.model_name
            embed_error = None
        except ProviderError as e:
            if dry_run:
                raise
            # Graceful degradation (seed 000): the source is kept without its vector and
            # marked failed; `retry_failed` embeds and extracts it once the embedder is back.
            new.props.pop("embedding", None)
            embed_error = e
        if at_once and embed_error is None:
            return self._write_with_plan(new, tail, dry_run=dry_run)
        row = write_sources(self.graph, user_id, [new], new.props["ingested_at"])[0]
        return self._after_stored(new, row, embed_error)

    def _after_stored(self, new: NewSource, row: dict[str, Any],
                      error: MemgraphError | None = None,
                      usage: Usage | None = None) -> IngestResult:
        """Go on from the row ``write_sources`` returned for ``new``: a new source is
        extracted (or marked failed with ``error``), a stored one left unfinished is
        resumed, a finished one is a duplicate."""
        if row["created"] and error is not None:
            return self._fail(new.text, error, usage or Usage())
        if row["created"]:
            return self.extract(new.text)
        if row["status"] in RESUMABLE:
            return self.resume(new.text.user_id, row["uid"])
        return IngestResult(source_uid=row["uid"], status=row["status"], duplicate=True)

    def _write_with_plan(self, new: NewSource, tail: SessionTail | None, *,
                         dry_run: bool = False) -> IngestResult:
        """Extract a source not written yet, then write it, chained into its session, and
        its plan in one transaction. A source stored before (the same message again) rolls
        it back and goes on as ``store_and_extract`` does after writing; a failed
        extraction or write leaves the source stored and failed, an unexpected error
        leaves it stored and pending, as the two steps do. A ``dry_run`` rolls the
        transaction back, and stores nothing when it fails."""
        source = replace(new.text, previous=tail.content, previous_speaker=tail.speaker,
                         before_previous=tail.before) if tail else new.text
        now = new.props["ingested_at"]
        created: list[dict[str, Any]] = []

        def write_source(tx: neo4j.ManagedTransaction) -> None:
            rows = merge_sources(tx, source.user_id, [new], now)
            if not rows[0]["created"]:
                raise _StoredBefore(rows[0])
            created[:] = rows

        def chain_source(tx: neo4j.ManagedTransaction) -> None:
            chain_sessions(tx, source.user_id, [new], created, now)

        usage = Usage()
        try:
            plan, usage = self._plan(source, previous_read=True)
            return write_plan(self.graph, self.settings, self.embedder, plan,
                              self._context(source, usage),
                              first=write_source, last=chain_source, rehearse=dry_run)
        except _StoredBefore as stored:
            if dry_run:
                return IngestResult(source_uid=stored.row["uid"], status=stored.row["status"],
                                    duplicate=True, dry_run=True)
            return self._after_stored(new, stored.row)
        except DatabaseUnavailableError:
            raise
        except MemgraphError as e:
            if dry_run:
                raise
            row = write_sources(self.graph, source.user_id, [new], now)[0]
            return self._after_stored(new, row, e, getattr(e, "usage", usage))
        except Exception:
            if dry_run:
                raise
            # a fault nobody expected (a bug in a pattern): the message is kept all the
            # same, pending, as when it was written first; `retry_failed` redoes it
            write_sources(self.graph, source.user_id, [new], now)
            raise

    def resume(self, user_id: str, source_uid: str) -> IngestResult:
        """Extract a stored source again (left pending by a crash, or failed): the same
        ingest run again finishes it. Safe while another run is still at it: the write
        transaction locks the source first and writes nothing if it is done by then."""
        [row] = self.graph.read("ingest/stored_source", user_id=user_id,
                                source_uid=source_uid)
        result = self.extract(_source_text(row))
        result.resumed = not result.duplicate
        return result

    def extract(self, source: SourceText) -> IngestResult:
        """Run the extractor on a stored source and write its plan; failures leave the
        Source failed."""
        usage = Usage()
        try:
            plan, usage = self._plan(source)
            return write_plan(self.graph, self.settings, self.embedder, plan,
                              self._context(source, usage))
        except DatabaseUnavailableError:
            raise
        except MemgraphError as e:
            return self._fail(source, e, getattr(e, "usage", usage))

    def _plan(self, source: SourceText, *, previous_read: bool = False) -> tuple[Plan, Usage]:
        """The extractor's validated plan for ``source`` and what its LLM used (reads only).
        The rule extractor reads the messages before it in its session, unless
        ``previous_read`` says the caller did."""
        executor = ToolExecutor(self._lookup(source.user_id),
                                default_confidence=self.settings.ingest.default_confidence)
        known_kinds = KindsByName(self.graph, source.user_id)
        extractor = self.extractor(known_kinds)
        if (self.llm is None and source.session_id and not source.previous
                and not previous_read):
            previous, said_by, before = self._previous_messages(source)
            source = replace(source, previous=previous, previous_speaker=said_by,
                             before_previous=before)
        known_kinds([*speaker_keys(source.speaker), *extractor.lookup_keys(source)])
        add_speaker(source.speaker, executor, known_kinds,
                    self.settings.ingest.rule_confidence)
        usage = extractor.extract(source, executor)
        return executor.plan, usage

    @staticmethod
    def _context(source: SourceText, usage: Usage) -> WriteContext:
        return WriteContext(user_id=source.user_id, now=datetime.now(UTC),
                            event_at=source.event_at, source_uid=source.uid,
                            extraction=True, llm_calls=usage.calls,
                            tokens_used=usage.total_tokens)

    def _previous_messages(self, source: SourceText) -> tuple[str, str, str]:
        """The message before ``source`` in its session, its speaker, and the message
        before that: a "she" that opens the source may be the person the previous message
        was about (or, when it names no one, the one before it), a "your" in it is said to
        that speaker (the rule extractor's pronouns, ingest/rules.py)."""
        rows = self.graph.read("ingest/previous_message", user_id=source.user_id,
                               source_uid=source.uid, chars=CONTEXT_CHARS)
        if not rows:
            return "", "", ""
        row = rows[0]
        return row["content"] or "", row["speaker"] or "", row["before_previous"] or ""

    def _embed_missing(self, rows: list[dict[str, Any]]) -> None:
        """Embed the sources stored while the embedder was down (one call per tenant); if
        it is still down they stay as they are and their extraction fails again."""
        for user_id, missing in _by_tenant([r for r in rows if r.get("needs_embedding")]).items():
            try:
                vectors = self.embedder.embed_batch([
                    source_vector_text(r["search_text"] or r["content"],
                                       r["previous"] if self.settings.ingest.vector_context
                                       else None)
                    for r in missing])
            except ProviderError:
                continue
            self.graph.write("ingest/set_source_embeddings", user_id=user_id,
                             rows=[{"uid": r["uid"], "embedding": v}
                                   for r, v in zip(missing, vectors, strict=True)],
                             embedding_model=self.embedder.model_name)

    def _fail(self, source: SourceText, error: MemgraphError, usage: Usage) -> IngestResult:
        # stored on the source and shown to the tenant: no provider endpoint in it
        message = without_urls(f"{type(error).__name__}: {error}")[:1000]
        self.graph.write("ingest/fail_source", user_id=source.user_id, source_uid=source.uid,
                         error=message, llm_calls=usage.calls, tokens_used=usage.total_tokens,
                         now=datetime.now(UTC))
        return IngestResult(source_uid=source.uid, status="failed", error=message,
                            llm_calls=usage.calls, tokens_used=usage.total_tokens)

    def _lookup(self, user_id: str) -> Callable[[list[str]], dict[str, Known]]:
        def lookup(ids: list[str]) -> dict[str, Known]:
            rows = self.graph.read("ingest/lookup_ids", user_id=user_id, ids=ids)
            found = {r["uid"]: Known(r["uid"], r["kind"], r["name"], r["is_relationship"])
                     for r in rows}
            # What is not a uid may be a node's name: outside agents (MCP, the HTTP API)
            # say "Dana" where the extraction agent says the uid it was shown.
            names = [{"ident": i, "key": canonical_name(i)} for i in ids
                     if i not in found and canonical_name(i)]
            for r in self.graph.read("ingest/lookup_names", user_id=user_id,
                                     names=names) if names else []:
                known = Known(r["uid"], r["kind"], r["name"])
                found[r["ident"]] = found[r["uid"]] = known
            return found
        return lookup

    def retry_failed(self, user_id: str | None = None, limit: int = 10_000) -> BulkResult:
        """Redo extraction of failed (and long-pending) sources; raw content is reused."""
        started = datetime.now(UTC)
        stale = started - timedelta(seconds=self.settings.ingest.retry_pending_after_s)
        rows = self.graph.read("ingest/pending_sources", user_id=user_id, stale_before=stale,
                               limit=limit)
        bulk = BulkResult()
        self._embed_missing(rows)
        for row in rows:
            bulk.add(self.extract(_source_text(row)))
        bulk.created = 0
        bulk.seconds = (datetime.now(UTC) - started).total_seconds()
        return bulk


# Statuses a rerun of the same ingest picks up again: a crash between the Source write
# and the extraction write leaves `pending`; a provider failure leaves `failed`.
RESUMABLE = ("pending", "failed")


def _by_tenant(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        out.setdefault(row["user_id"], []).append(row)
    return out


def _source_text(row: dict[str, Any]) -> SourceText:
    return SourceText(uid=row["uid"], user_id=row["user_id"], content=row["content"],
                      session_id=row["session_id"], speaker=row["speaker"], kind=row["kind"],
                      event_at=parse_time(to_native(row["event_at"])))


