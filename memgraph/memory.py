"""``Memory``: the Python API. The CLI and outside agents call only this."""

from __future__ import annotations

from functools import cached_property
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

from memgraph.errors import InvalidInputError
from memgraph.graph.connection import Graph
from memgraph.graph.schema import SchemaReport, apply_schema, require_schema
from memgraph.graph.tenant_index import (
    TenantDue,
    TenantIndex,
    create_own_index,
    drop_own_index,
    own_indexes,
    tenant_fulltext_name,
    tenant_index_name,
    tenants_due,
)
from memgraph.graph.vocabulary import Sensitivity, SourceKind, TtlPolicy
from memgraph.settings import Settings
from memgraph.validation import check_user_id

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from datetime import datetime
    from os import PathLike
    from typing import IO

    from memgraph.governance import PolicyChange
    from memgraph.ingest.caller_tools import CallerTools
    from memgraph.ingest.pipeline import Ingestor
    from memgraph.ingest.results import BulkResult, FileReport, IngestResult
    from memgraph.jobs.context import JobReport
    from memgraph.keys import ApiKey, NewKey
    from memgraph.memories import AuditEntry, Correction, Deletion, FactEnded, MemoryRecord
    from memgraph.providers.base import LLM, Embedder
    from memgraph.retrieve.results import ContextResult, Result, TraverseResult
    from memgraph.warm_up import WarmUpReport

B = TypeVar("B", bound="BulkResult")


class Memory:
    """One connection to one memgraph database, for any number of users."""

    def __init__(self, settings: Settings | None = None, *, graph: Graph | None = None,
                 embedder: Embedder | None = None, llm: LLM | None = None) -> None:
        self.settings = settings or Settings()
        self.graph = graph or Graph.open(self.settings)
        self._embedder = embedder
        self._llm = llm
        self._schema_checked = False

    # -- lifecycle of the object -----------------------------------------------------
    def close(self) -> None:
        """Write the recalls still queued (``flush``), then close the connection."""
        self.graph.close()

    def flush(self) -> None:
        """Wait until the reinforcement of every explore/traverse/context call made so far
        is written (it is written behind the calls: ``retrieval.reinforce_in_background``).
        Queries made through this Memory wait for it anyway; this is for readers beside it."""
        self.graph.behind.wait()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    # -- providers (created lazily: `config show` must not load a model) --------------
    @cached_property
    def embedder(self) -> Embedder:
        if self._embedder is not None:
            return self._embedder
        from memgraph.providers.embeddings import make_embedder

        return make_embedder(self.settings)

    @cached_property
    def llm(self) -> LLM | None:
        if self._llm is not None:
            return self._llm
        from memgraph.providers.llm import make_llm

        return make_llm(self.settings)

    # -- schema -----------------------------------------------------------------------
    def init(self, recreate_vector_index: bool = False, *, reembed: bool = False,
             progress: Callable[[int, int], None] | None = None) -> SchemaReport:
        """Create constraints and indexes (idempotent) and record the schema version.

        ``recreate_vector_index`` (a new embedder size) drops the index, clears every
        vector and re-embeds every memory node, sources included; ``reembed`` only gives
        a vector to the nodes that have none (finishing an interrupted re-embedding).
        ``progress(done, total)`` follows the re-embedding. The report says how many nodes
        are still without a vector."""
        from dataclasses import replace

        from memgraph.errors import MemgraphError
        from memgraph.graph.reembed import missing_vectors, reembed_missing

        report = apply_schema(self.graph, self.embedder.dimensions, self.embedder.model_name,
                              recreate_vector_index=recreate_vector_index)
        self._schema_checked = True
        done = 0
        if recreate_vector_index or reembed:
            try:
                done = reembed_missing(self.graph, self.embedder,
                                       batch=self.settings.embedding_batch_size,
                                       progress=progress,
                                       in_context=self.settings.ingest.vector_context)
            except MemgraphError as e:
                left = sum(missing_vectors(self.graph).values())
                raise type(e)(f"{e}; {left} memory nodes still have no vector: run "
                              "`memgraph init --reembed` to finish") from e
        left = sum(missing_vectors(self.graph).values())
        # Every tenant, on purpose: the schema and the vector index are the database's.
        others = {row["model"]: row["nodes"]
                  for row in self.graph.read("graph/embedding_models", user_id=None)
                  if row["model"] != self.embedder.model_name}
        return replace(report, reembedded=done, missing_vectors=left, other_models=others)

    def warm_up(self) -> WarmUpReport:
        """Plan the common calls' queries on a server that just started, so that the
        first user does not wait for them; nothing is written (memgraph/warm_up.py)."""
        from memgraph.warm_up import warm_up

        return warm_up(self)

    def ensure_schema(self) -> None:
        """Check once per object that the graph was initialised with matching vectors."""
        if not self._schema_checked:
            require_schema(self.graph, self.embedder.dimensions)
            self._schema_checked = True

    def status(self, user_id: str | None = None, *, all_users: bool = False) -> dict[str, Any]:
        """Server version, schema version, node counts per kind and state, and vectors per
        embedding model (more than one model means mixed, incomparable vectors), for one
        user (default: ``settings.default_user``) or, with ``all_users=True``, the whole
        database."""
        user_id = self.scope(user_id, all_users)
        info = self.graph.read("graph/server_info")[0]
        version = self.graph.read("graph/schema_version")[0]
        counts = self.graph.read("graph/counts", user_id=user_id)
        return {
            "user_id": user_id,   # None: the whole database (all_users)
            "neo4j": {"version": info["version"], "edition": info["edition"],
                      "uri": self.settings.neo4j_uri},
            "schema": {"version": version["version"], "dimensions": version["dimensions"]},
            "counts": counts,
            "embedding_models": self.graph.read("graph/embedding_models", user_id=user_id),
            "embedder": self.embedder.model_name,
            # the tenant's own vector index, or every tenant's (all_users)
            "vector_indexes": [own.as_dict() for own in own_indexes(self.graph, user_id)],
        }

    def vector_indexes(self, user_id: str | None = None, *,
                       all_users: bool = False) -> list[TenantIndex]:
        """The tenant's own vector and full-text indexes (an empty list: it uses the shared
        ones), or, with
        ``all_users=True``, every tenant's (docs/operations.md, "A big tenant's own vector
        index")."""
        return own_indexes(self.graph, self.scope(user_id, all_users))

    def create_vector_index(self, user_id: str | None = None) -> TenantIndex:
        """Give one tenant a vector index and a full-text index of its own and wait until
        explore() can ask them
        (``memgraph/graph/tenant_index.py``). Safe to run again, and to run while the
        tenant is written to."""
        from memgraph.retrieve.vector_plan import forget_tenant_size

        self.ensure_schema()
        tenant = self._user(user_id)
        made = create_own_index(self.graph, tenant, self.embedder.dimensions)
        forget_tenant_size(self.graph, tenant)   # this process's explore() asks it now
        return made

    def vector_indexes_due(self) -> list[TenantDue]:
        """Every tenant that should have a vector index of its own and has none ready: at
        least ``retrieval.own_vector_index_min_nodes`` memory nodes, less than half of
        all. Counts every tenant (an all-users operation by nature); the nightly
        ``vector_indexes`` job does the same for the tenants it covers."""
        every_tenant = [r["user_id"] for r in self.graph.read("lifecycle/user_ids")]
        return tenants_due(self.graph, every_tenant,
                           self.settings.retrieval.own_vector_index_min_nodes)

    def drop_vector_index(self, user_id: str | None = None) -> int:
        """Put one tenant back on the shared vector and full-text indexes; returns the
        nodes unlabelled."""
        from memgraph.retrieve.vector_plan import forget_tenant_size

        tenant = self._user(user_id)
        unlabelled = drop_own_index(self.graph, tenant)
        forget_tenant_size(self.graph, tenant)   # nor the index that went
        return unlabelled

    def forget_user(self, user_id: str, *, dry_run: bool = False) -> int:
        """Delete every node of one user and every relationship touching them (no debris).
        Returns how many memory nodes there were."""
        user_id = check_user_id(user_id)
        before = sum(row["nodes"] for row in self.graph.read("graph/counts", user_id=user_id))
        if not dry_run:
            # its own indexes first: nothing to update while the nodes go
            for index in (tenant_index_name(user_id), tenant_fulltext_name(user_id)):
                self.graph.run_autocommit("graph/drop_index", index=index)
            self.graph.run_autocommit("graph/delete_user", user_id=user_id)
        return before

    # -- ingestion (memgraph/ingest; docs/ingestion.md) --------------------------------
    @cached_property
    def _ingestor(self) -> Ingestor:
        from memgraph.ingest.pipeline import Ingestor

        return Ingestor(self.graph, self.settings, self.embedder, self.llm)

    def _user(self, user_id: str | None) -> str:
        """The tenant a call is for (the default user when none is named), checked
        against the documented user-id rule (memgraph/validation.py) before any query."""
        return check_user_id(self.settings.default_user if user_id is None else user_id)

    def scope(self, user_id: str | None, all_users: bool = False) -> str | None:
        """The tenant a call covers: ``user_id``, or the default user when it is missing;
        ``None`` (every tenant) only for an explicit ``all_users=True``. "All users" is a
        choice, never the absence of a user."""
        if not all_users:
            return self._user(user_id)
        if user_id:
            raise InvalidInputError(f"give a user ({user_id!r}) or all users, not both")
        return None

    def ingest(self, content: str | bytes, *, user_id: str | None = None,
               session_id: str | None = None, event_at: datetime | str | None = None,
               kind: str = SourceKind.MESSAGE.value, speaker: str | None = None,
               external_id: str | None = None, sensitivity: str = Sensitivity.NORMAL.value,
               idempotency_key: str | None = None,
               ttl_policy: str = TtlPolicy.DECAY.value, agent_id: str | None = None,
               metadata: dict[str, Any] | None = None, dry_run: bool = False) -> IngestResult:
        """Store one source and extract what it says into the graph: with the LLM agent
        (the Source node stored first), or the offline rules when no LLM is configured
        (the Source and what it teaches in one transaction). ``ttl_policy``
        governs the Source (seed 001): ``decay``, ``ephemeral`` (archived at 30 days) or
        ``keep_forever`` (never fades). ``agent_id`` records which agent of the tenant wrote
        it; ``metadata`` (text, number or boolean values) is kept on the Source.
        ``dry_run`` extracts and writes in a transaction that is rolled back: the result
        says what would have been learned (``learned``, the counts), and nothing is kept:
        no source, node, fact or reinforcement (with an LLM, its call is made)."""
        from memgraph.ingest.inputs import check_content

        # refused before the schema check and before any model is loaded
        check_content(content, self.settings.ingest.max_content_bytes)
        self.ensure_schema()
        return self._ingestor.ingest(
            content, user_id=self._user(user_id), session_id=session_id, event_at=event_at,
            kind=kind, speaker=speaker, external_id=external_id, sensitivity=sensitivity,
            idempotency_key=idempotency_key, ttl_policy=ttl_policy, agent_id=agent_id,
            metadata=metadata, dry_run=dry_run)

    def ingest_records(self, records: Iterable[dict[str, Any]], *, user_id: str | None = None,
                       batch_size: int | None = None,
                       progress: Callable[[int], None] | None = None) -> BulkResult:
        """Structured records (entities and relationships already named), no LLM, batched
        with UNWIND; see docs/ingestion.md for the record format."""
        from memgraph.ingest.structured import ingest_records

        self.ensure_schema()
        tenant = self._user(user_id)
        result = ingest_records(self.graph, self.settings, self.embedder, records,
                                user_id=tenant, batch_size=batch_size, progress=progress)
        return self._index_if_due(tenant, result)

    def ingest_file(self, path: str | PathLike[str] | IO[bytes], *, user_id: str | None = None,
                    format: str = "auto", strict: bool = False, session_id: str | None = None,
                    batch_size: int | None = None, title: str | None = None,
                    event_at: datetime | str | None = None,
                    sensitivity: str = Sensitivity.NORMAL.value,
                    ttl_policy: str = TtlPolicy.DECAY.value,
                    progress: Callable[[int, int | None], None] | None = None) -> FileReport:
        """Ingest a file: ``path`` (``"-"`` = stdin) or a binary stream. ``format``:
        ``jsonl`` (one source per line), ``structured`` (records naming their entities),
        ``document`` (Markdown/text, chunked into Sources of one Artifact) or ``auto``
        (by suffix, else by content). A bad line is counted as failed with its line number
        and the rest goes on; ``strict`` validates every line first and writes nothing if
        one is bad. ``progress(done, total)`` is called as items finish. See
        docs/ingestion.md, "Files"."""
        from memgraph.ingest.files import FileOptions, ingest_file

        self.ensure_schema()
        options = FileOptions(user_id=self._user(user_id), session_id=session_id,
                              strict=strict, batch_size=batch_size, title=title,
                              event_at=event_at, sensitivity=sensitivity,
                              ttl_policy=ttl_policy)
        report = ingest_file(self._ingestor, path, options, format=format, progress=progress)
        return self._index_if_due(options.user_id, report)

    def _index_if_due(self, user_id: str, result: B) -> B:
        """After a bulk ingest that wrote something: give the tenant its own vector index if
        it is now due for one (``retrieval.own_vector_index_on_bulk_ingest``). What was
        ingested stays whatever happens here; an index not made is the nightly
        ``vector_indexes`` job's to make."""
        from memgraph.errors import MemgraphError

        if not self.settings.retrieval.own_vector_index_on_bulk_ingest or not result.created:
            return result
        if not tenants_due(self.graph, [user_id],
                           self.settings.retrieval.own_vector_index_min_nodes):
            return result
        try:
            result.vector_index = self.create_vector_index(user_id).index
        except MemgraphError as e:
            result.vector_index = f"not made ({e}); the nightly vector_indexes job retries"
        return result

    def ingest_document(self, text: str, *, title: str, user_id: str | None = None,
                        uri: str | None = None, event_at: datetime | str | None = None,
                        sensitivity: str = Sensitivity.NORMAL.value,
                        ttl_policy: str = TtlPolicy.DECAY.value) -> FileReport:
        """Ingest a document given as text (any size up to ``ingest.max_document_bytes``):
        one Artifact named ``uri`` (default ``doc:<title>``; the same uri again replaces the
        previous version's chunks), its chunks as Sources, each extracted."""
        from memgraph.ingest.documents import Document, ingest_document
        from memgraph.validation import parse_time

        self.ensure_schema()
        doc = Document(text=text, uri=uri or f"doc:{title}", title=title,
                       event_at=parse_time(event_at, "event_at"))
        return ingest_document(self._ingestor, doc, user_id=self._user(user_id),
                               sensitivity=sensitivity, ttl_policy=ttl_policy)

    def retry_failed(self, user_id: str | None = None, *,
                     all_users: bool = False) -> BulkResult:
        """Redo the extraction of sources that failed (or were left pending by a crash) of
        one user (default: ``settings.default_user``), or of every user with
        ``all_users=True``."""
        self.ensure_schema()
        return self._ingestor.retry_failed(self.scope(user_id, all_users))

    def tools(self, user_id: str | None = None) -> CallerTools:
        """The extraction agent's typed tools for an outside agent: ``.schemas`` (OpenAI
        function format) and ``.call(name, arguments)``, scoped to one user."""
        from memgraph.ingest.caller_tools import CallerTools

        self.ensure_schema()
        return CallerTools(self._ingestor, self._user(user_id))

    # -- retrieval (memgraph/retrieve; docs/retrieval.md) ------------------------------
    def explore(self, query: str, *, user_id: str | None = None, k: int | None = None,
                reinforce: bool = True, **options: Any) -> list[Result]:
        """Hybrid search. Options: kinds, since, until, states, include_archived,
        min_salience, sensitivity, config (a RetrievalConfig), vector (precomputed)."""
        from memgraph.retrieve.api import explore_memory

        return explore_memory(self, query, user_id=self._user(user_id), k=k, reinforce=reinforce,
                              **options)

    def traverse(self, start: str, *, user_id: str | None = None, depth: int = 2,
                 reinforce: bool = True, **options: Any) -> TraverseResult:
        """Bounded walk from a uid or name. Options: types, direction, limit, offset,
        states, include_archived."""
        from memgraph.retrieve.api import traverse_memory

        return traverse_memory(self, start, user_id=self._user(user_id), depth=depth,
                               reinforce=reinforce, **options)

    def context(self, query: str, *, user_id: str | None = None, max_tokens: int = 1000,
                format: str = "markdown", **options: Any) -> ContextResult:
        """Prompt-ready memory text within ``max_tokens``; options as for explore()."""
        from memgraph.retrieve.api import context_memory

        return context_memory(self, query, user_id=self._user(user_id), max_tokens=max_tokens,
                              format=format, **options)

    # -- one memory: read, correct, end, delete (memgraph/memories.py) -----------------
    def get(self, target: str, *, user_id: str | None = None) -> MemoryRecord:
        """A memory (a node's uid or name, a relationship's uid) with its properties,
        notes, sources, relationships (ended ones as history) and audit records."""
        from memgraph.memories import read_memory

        return read_memory(self.graph, self._user(user_id), target)

    def correct(self, target: str, *, name: str | None = None,
                description: str | None = None, user_id: str | None = None,
                actor: str = "python") -> Correction:
        """Correct a node's name and/or description; the old name stays an alias."""
        from memgraph.memories import correct_memory

        self.ensure_schema()
        return correct_memory(self.graph, self.embedder, self._user(user_id), target,
                              name=name, description=description, actor=actor)

    def end_fact(self, target: str, *, at: datetime | str | None = None,
                 user_id: str | None = None, actor: str = "python") -> FactEnded:
        """End a relationship as of ``at`` (default now): history, not deleted."""
        from memgraph.memories import end_fact

        return end_fact(self.graph, self._user(user_id), target, at=at, actor=actor)

    def delete(self, target: str, *, user_id: str | None = None, dry_run: bool = False,
               actor: str = "python") -> Deletion:
        """Delete one memory: a node with its relationships and notes, a relationship, or a
        source with what was learned only from it (see memgraph/memories.py)."""
        from memgraph.memories import delete_memory

        return delete_memory(self.graph, self._user(user_id), target, dry_run=dry_run,
                             actor=actor,
                             embedder=(lambda: self.embedder)
                             if self.settings.ingest.vector_context else None)

    def audit(self, *, user_id: str | None = None, target: str | None = None,
              limit: int = 100) -> list[AuditEntry]:
        """Audit records of corrections and deletions, newest first."""
        from memgraph.memories import audit_log

        return audit_log(self.graph, self._user(user_id), target, limit)

    # -- HTTP API keys (memgraph/keys.py) ------------------------------------------------
    def create_api_key(self, user_id: str, name: str = "") -> NewKey:
        """A new key for ``user_id``; its ``token`` is shown this once, only a hash is kept."""
        from memgraph.keys import create_key

        return create_key(self.graph, user_id, name)

    def api_keys(self, user_id: str) -> list[ApiKey]:
        from memgraph.keys import list_keys

        return list_keys(self.graph, user_id)

    def revoke_api_key(self, user_id: str, key_id: str) -> ApiKey:
        from memgraph.keys import revoke_key

        return revoke_key(self.graph, user_id, key_id)

    # -- nightly jobs (memgraph/jobs; docs/lifecycle.md) --------------------------------
    def set_ttl_policy(self, target: str, policy: str, *,
                       user_id: str | None = None) -> PolicyChange:
        """Governance: ``keep_forever`` (pin), ``ephemeral`` or ``decay`` for one memory,
        named by uid or name (a relationship by uid); see ``memgraph.governance``."""
        from memgraph.governance import set_ttl_policy

        return set_ttl_policy(self.graph, self._user(user_id), target, policy)

    def run_job(self, name: str, *, user_id: str | None = None, all_users: bool = False,
                dry_run: bool = False, as_of: datetime | None = None, simulate: bool = False,
                all_elements: bool = False, shard: tuple[int, int] | None = None,
                **hooks: Any) -> JobReport:
        """Run decay | consolidate | cleanup | episodic | dedupe | storylines |
        vector_indexes | nightly (all of them, in that order) for one user
        (default: ``settings.default_user``) or, with ``all_users=True``, for every user.

        ``as_of`` in the future is refused unless ``dry_run`` or ``simulate``: a simulation
        runs for one user named explicitly and moves that user's clocks to ``as_of`` for
        good (the demo does this on its own user). ``shard=(k, n)`` makes an all-users run
        worker k of n: it covers the tenants whose id hashes to k (each tenant in exactly
        one shard), under its own lock. Hooks: progress, fault."""
        from memgraph.jobs.runner import run_job
        from memgraph.jobs.synthesis import make_synthesiser

        if simulate and not user_id and not all_users:
            raise InvalidInputError("a simulation names the user it moves forward in time "
                                    "(--user); the default user is never simulated on")
        return run_job(name, graph=self.graph, settings=self.settings,
                       embedder_factory=lambda: self.embedder,
                       synthesiser=make_synthesiser(self.llm, self.settings),
                       user_id=self.scope(user_id, all_users), all_users=all_users,
                       dry_run=dry_run, as_of=as_of, simulate=simulate,
                       all_elements=all_elements, shard=shard, **hooks)

    def job_history(self, *, user_id: str | None = None, all_users: bool = False,
                    limit: int = 20) -> list[dict[str, Any]]:
        """Recent job runs of one user (default: ``settings.default_user``), or of every
        scope, all-users runs included, with ``all_users=True``; newest first."""
        from memgraph.jobs.runner import history

        return history(self.graph, self.scope(user_id, all_users), limit=limit)

    def merges(self, *, user_id: str | None = None, all_users: bool = False,
               limit: int = 50) -> list[dict[str, Any]]:
        """Duplicate merges of one user (default: ``settings.default_user``), or of every
        user with ``all_users=True``; newest first."""
        from memgraph.jobs.dedupe import merge_logs

        return merge_logs(self.graph, self.scope(user_id, all_users), limit)

    def undo_merge(self, merge_id: str, *, user_id: str | None = None) -> dict[str, Any]:
        """Undo one merge of one user (default: ``settings.default_user``): a merge of any
        other user is not found. Chained merges are undone newest first."""
        from memgraph.jobs.dedupe import undo_merge

        return undo_merge(self.graph, merge_id, self._user(user_id))
