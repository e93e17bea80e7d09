"""The no-LLM path: records that already name their entities and relationships.

Deterministic and fast: records are validated with pydantic, embeddings are taken from
the record when present (else computed in one batch), and each batch of
``settings.ingest.structured_batch_size`` records is written in ONE transaction of a
fixed handful of ``UNWIND`` queries, whatever the batch size: sources (MERGE on the
idempotency constraint), their session chain (computed here, one query), new nodes
(MERGE on the canonical-name constraints) and updated ones, every fact in record order
(reinforce or create + supersede, replayed in ``memgraph/ingest/facts.py`` against the
subjects' still-valid facts), notes, MENTIONS. While batch N is written (a worker
thread: resolution, new-node embeddings, the transaction), batch N+1 is
validated and its sources embedded. Resolution here is by canonical name of the entity
and of its aliases only. The record format is documented in ``docs/ingestion.md``.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import islice
from typing import Annotated, Any

import neo4j
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    TypeAdapter,
    ValidationError,
    field_validator,
)

from memgraph.errors import InvalidInputError
from memgraph.graph.connection import Graph, run_in, translate_errors
from memgraph.graph.names import canonical_name
from memgraph.graph.notes import Note
from memgraph.graph.vocabulary import (
    SENSITIVITIES,
    SOURCE_KINDS,
    TTL_POLICIES,
    Kind,
    Lifetime,
    LifetimeName,
    SemanticKindName,
    Sensitivity,
    SourceKind,
    TtlPolicy,
    relationship_type,
)
from memgraph.ingest import properties
from memgraph.ingest.facts import fact_row, write_facts
from memgraph.ingest.inputs import (
    check_content,
    check_owner,
)
from memgraph.ingest.resolution import resolve_by_name
from memgraph.ingest.results import BulkResult
from memgraph.ingest.source import (
    NewSource,
    embedding_texts,
    merge_and_chain,
    prepare_source,
)
from memgraph.ingest.speakers import SPEAKER_ATTRIBUTES, owner_of
from memgraph.providers.base import Embedder
from memgraph.settings import Settings
from memgraph.validation import check_choice, validation_message

# Records repeat a handful of type spellings and names: normalise each spelling once
# (canonical names are computed ~10 times per record on the way).
_relationship_type = functools.lru_cache(maxsize=1024)(relationship_type)
_canonical = functools.lru_cache(maxsize=65536)(canonical_name)


_FLOATS = TypeAdapter(list[float])


def _vector(value: Any) -> list[float]:
    # pydantic's list[float] costs ~0.2 ms per record of three 384-d vectors (a third of
    # the main thread's time): a list of plain floats, what json.loads gives, is checked
    # in one pass; anything else (ints, strings, ...) is validated as before.
    if type(value) is list and all(type(x) is float for x in value):
        return value
    return _FLOATS.validate_python(value)


Vector = Annotated[list[float], PlainValidator(_vector)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class EntityRecord(_Strict):
    name: str = Field(min_length=1, max_length=200)
    kind: SemanticKindName = Kind.ENTITY.value
    aliases: list[str] = Field(default_factory=list)
    description: str = ""
    entity_type: str = ""
    attributes: dict[str, str] = Field(default_factory=dict)
    confidence: float = Field(default=0.9, ge=0.0, le=1.0)
    embedding: Vector | None = None


class RelationshipRecord(_Strict):
    source: str = Field(min_length=1, description="an entity name of this record")
    target: str = Field(min_length=1)
    type: str
    description: str = ""
    attitude: float = Field(default=0.0, ge=-1.0, le=1.0)
    proximity: float = Field(default=0.5, ge=0.0, le=1.0)
    strength: float = Field(default=0.5, ge=0.0, le=1.0)
    confidence: float = Field(default=0.9, ge=0.0, le=1.0)
    valid_from: datetime | None = None
    valid_to: datetime | None = None

    @field_validator("type")
    @classmethod
    def _known_type(cls, value: str) -> str:
        return _relationship_type(value)


class NoteRecord(_Strict):
    target: str = Field(min_length=1, description="an entity name of this record")
    text: str = Field(min_length=1, max_length=2000)
    lifetime: LifetimeName = Lifetime.MONTH.value


class StructuredRecord(_Strict):
    content: str
    user_id: str | None = None   # must match the ingesting user when given
    session_id: str | None = None
    event_at: datetime | None = None
    kind: str = SourceKind.RECORD.value
    speaker: str | None = None
    external_id: str | None = None
    sensitivity: str = Sensitivity.NORMAL.value
    ttl_policy: str = TtlPolicy.DECAY.value
    idempotency_key: str | None = None
    embedding: Vector | None = None
    entities: list[EntityRecord] = Field(default_factory=list)
    relationships: list[RelationshipRecord] = Field(default_factory=list)
    notes: list[NoteRecord] = Field(default_factory=list)


def _batches(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    it = iter(items)
    while batch := list(islice(it, size)):
        yield batch


def ingest_records(graph: Graph, settings: Settings, embedder: Embedder,
                   records: Iterable[dict[str, Any]], *, user_id: str,
                   batch_size: int | None = None,
                   progress: Callable[[int], None] | None = None) -> BulkResult:
    """Records from Python: a bad one is reported as ``record N`` (1-based)."""
    return ingest_numbered(graph, settings, embedder, enumerate(records, 1), user_id=user_id,
                           batch_size=batch_size, progress=progress, label="record")


def ingest_numbered(graph: Graph, settings: Settings, embedder: Embedder,
                    records: Iterable[tuple[int, dict[str, Any]]], *, user_id: str,
                    batch_size: int | None = None,
                    progress: Callable[[int], None] | None = None,
                    label: str = "line", into: BulkResult | None = None) -> BulkResult:
    """Records with their numbers (a file's line numbers): a bad record is reported as
    ``{label} N`` and counted as failed; the others are written."""
    bulk = into if into is not None else BulkResult()
    started = time.perf_counter()
    size = batch_size or settings.ingest.structured_batch_size
    # One lock around the embedder: both threads embed, and an embedder need not be
    # thread-safe (the torch backend's tokenizer is not).
    embed_lock = threading.Lock()
    writing: tuple[Future[dict[str, int]], _Batch] | None = None
    # session id -> its last message so far: a batch's messages are embedded after it
    # (source.embedding_texts); read from the graph for a session this run has not seen yet
    last: dict[str, str] = {}
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="memgraph-bulk") as pool:
        for raw in _batches(records, size):
            batch = _Batch(graph, settings, embedder, user_id, embed_lock, label, last)
            batch.prepare(raw)      # overlaps the write of the previous batch
            if writing is not None:
                _collect(bulk, *writing, progress)   # batches land in record order
            writing = (pool.submit(batch.write), batch)
        if writing is not None:
            _collect(bulk, *writing, progress)
    bulk.seconds += time.perf_counter() - started
    return bulk


def check_record(settings: Settings, user_id: str, item: Any) -> StructuredRecord:
    """Validate one record for ``user_id``; raise InvalidInputError saying what is wrong."""
    try:
        if not isinstance(item, dict):
            raise ValueError("each line must be a JSON object")
        record = StructuredRecord.model_validate(item)
        check_content(record.content, settings.ingest.max_content_bytes)
        check_choice(record.kind, SOURCE_KINDS, "kind")
        check_choice(record.sensitivity, SENSITIVITIES, "sensitivity")
        check_choice(record.ttl_policy, TTL_POLICIES, "ttl_policy")
        check_owner(record.user_id, user_id)
        names = {_canonical(e.name) for e in record.entities}
        for ref in [r.source for r in record.relationships] + \
                [r.target for r in record.relationships] + \
                [n.target for n in record.notes]:
            if _canonical(ref) not in names:
                raise ValueError(f"{ref!r} is not one of the record's entities")
        return record
    except (ValidationError, ValueError) as e:
        text = validation_message(e, fields=StructuredRecord.model_fields) \
            if isinstance(e, ValidationError) else str(e)
        raise InvalidInputError(" ".join(text.split())[:300]) from e


def _collect(bulk: BulkResult, future: Future[dict[str, int]], batch: _Batch,
             progress: Callable[[int], None] | None) -> None:
    counts = future.result()
    bulk.sources += batch.size
    bulk.failed += len(batch.errors)
    for error in batch.errors:
        bulk.error(error)
    bulk.created += counts["created"]
    bulk.duplicates += len(batch.records) - counts["created"]
    bulk.nodes_created += counts["nodes_created"]
    bulk.relationships_created += counts["relationships_created"]
    bulk.relationships_superseded += counts["relationships_superseded"]
    if progress is not None:
        progress(batch.size)


_NODE_KEY = tuple[str, str]          # (kind, canonical name)


class _Batch:
    def __init__(self, graph: Graph, settings: Settings, embedder: Embedder, user_id: str,
                 embed_lock: threading.Lock, label: str, last: dict[str, str]) -> None:
        self.graph, self.settings, self.embedder = graph, settings, embedder
        self.user_id, self.embed_lock, self.label = user_id, embed_lock, label
        self.last = last
        self.now = datetime.now(UTC)
        self.size = 0
        self.errors: list[str] = []
        self.records: list[StructuredRecord] = []
        self.sources: list[NewSource] = []
        self.pending: list[_Pending] = []

    def _embed(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        with self.embed_lock:
            return self.embedder.embed_batch(texts)

    def prepare(self, raw: list[tuple[int, dict[str, Any]]]) -> None:
        """Validate the records and build their sources (embedded in one call)."""
        self.size = len(raw)
        self.records = self._validate(raw)
        self.sources = self._sources(self.records)
        self.pending = [_pending(self, rec, src)
                        for rec, src in zip(self.records, self.sources, strict=True)]

    def write(self) -> dict[str, int]:
        """Resolve, embed new nodes, write: one transaction (the worker thread)."""
        counts = {"created": 0, "nodes_created": 0, "relationships_created": 0,
                  "relationships_superseded": 0}
        if not self.records:
            return counts
        self._add_speakers()
        nodes = self._nodes(self.records)

        def work(tx: neo4j.ManagedTransaction) -> dict[str, int]:
            return _write_batch(tx, self, nodes)

        with self.graph.session() as session, translate_errors(self.settings.neo4j_uri):
            return session.execute_write(work)

    def _validate(self, raw: list[tuple[int, dict[str, Any]]]) -> list[StructuredRecord]:
        good = []
        for number, item in raw:
            try:
                good.append(check_record(self.settings, self.user_id, item))
            except InvalidInputError as e:
                self.errors.append(f"{self.label} {number}: {e}")
        return good

    def _sources(self, records: list[StructuredRecord]) -> list[NewSource]:
        out = []
        for r in records:
            new = prepare_source(
                self.settings, content=r.content, user_id=self.user_id, now=self.now,
                session_id=r.session_id, event_at=r.event_at, kind=r.kind, speaker=r.speaker,
                external_id=r.external_id, sensitivity=r.sensitivity,
                ttl_policy=r.ttl_policy, idempotency_key=r.idempotency_key, embedding=r.embedding,
                embedding_model=self.embedder.model_name)
            new.props["extraction_status"] = "done"   # nothing to extract: it is given
            out.append(new)
        # embedded as indexed (the search text carries the speaker and the event date),
        # after the message before it in its session (properties.source_vector_text)
        texts = embedding_texts(self.graph, self.settings, self.user_id, out, self.last)
        missing = [(s, t) for s, t in zip(out, texts, strict=True) if "embedding" not in s.props]
        vectors = self._embed([t for _, t in missing])
        for (new, _), vector in zip(missing, vectors, strict=True):
            new.props["embedding"] = vector
            new.props["embedding_model"] = self.embedder.model_name
        return out

    def _add_speakers(self) -> None:
        """A record that names its speaker makes them a Person of the tenant, as a message
        does on the other paths (ingest/speakers.py): the batch's first record of a speaker
        whom no node of the tenant or of the batch is named after gets their Person among
        its entities, and mentions it. Run by the writing thread, after the previous batch
        committed, so a speaker is added once."""
        first: dict[str, tuple[int, str]] = {}
        for i, record in enumerate(self.records):
            owner = owner_of(record.speaker) if record.speaker else None
            if owner is not None:
                first.setdefault(_canonical(owner), (i, owner))
        named = {_canonical(e.name) for r in self.records for e in r.entities}
        unnamed = sorted(key for key in first if key and key not in named)
        if not unnamed:
            return
        existing = {r["key"] for r in self.graph.read("ingest/kinds_by_name",
                                                      user_id=self.user_id, keys=unnamed)}
        for key in unnamed:
            if key in existing:
                continue
            i, owner = first[key]
            self.records[i].entities.append(EntityRecord(
                name=owner, kind=Kind.PERSON.value, attributes=SPEAKER_ATTRIBUTES,
                confidence=self.settings.ingest.rule_confidence))
            self.pending[i].keys.append((Kind.PERSON.value, key))

    def _nodes(self, records: list[StructuredRecord]) -> dict[_NODE_KEY, dict[str, Any]]:
        """One row per distinct (kind, canonical name): an existing uid or a new node."""
        wanted: dict[_NODE_KEY, EntityRecord] = {}
        for r in records:
            for e in r.entities:
                wanted.setdefault((e.kind, _canonical(e.name)), e)
        keys = list(wanted)
        found = resolve_by_name(self.graph, self.user_id,
                                [(Kind(k[0]), wanted[k].name, wanted[k].aliases) for k in keys])
        new = [k for k, uid in zip(keys, found, strict=True) if uid is None]
        vectors = iter(self._embed([
            properties.node_embedding_text(wanted[k].name, wanted[k].description)
            for k in new if wanted[k].embedding is None]))
        rows: dict[_NODE_KEY, dict[str, Any]] = {}
        for key, uid in zip(keys, found, strict=True):
            e = wanted[key]
            attributes = [f"{k}: {v}" for k, v in e.attributes.items()]
            if uid is not None:
                rows[key] = {"ref": "|".join(key), "uid": uid, "aliases": e.aliases,
                             "attributes": attributes, "description": e.description,
                             "set_description": False, "confidence": e.confidence,
                             "set_confidence": False}
                continue
            vector = e.embedding if e.embedding is not None else next(vectors)
            rows[key] = {"ref": "|".join(key), "kind": e.kind, "props": properties.semantic_node(
                self.settings, kind=Kind(e.kind), name=e.name, canonical_name=key[1],
                now=self.now, confidence=e.confidence, description=e.description,
                aliases=e.aliases, attributes=attributes, entity_type=e.entity_type,
                embedding=vector, embedding_model=self.embedder.model_name)}
        return rows


def _write_batch(tx: neo4j.ManagedTransaction, batch: _Batch,
                 nodes: dict[_NODE_KEY, dict[str, Any]]) -> dict[str, int]:
    def run(name: str, **params: Any) -> list[dict[str, Any]]:
        params.update(user_id=batch.user_id, now=batch.now)
        return run_in(tx, name, params)

    rows = merge_and_chain(tx, batch.user_id, batch.sources, batch.now)
    fresh = [p for p, row in zip(batch.pending, rows, strict=True) if row["created"]]
    counts = {"created": len(fresh), "nodes_created": 0, "relationships_created": 0,
              "relationships_superseded": 0}
    if not fresh:
        return counts
    uid = _write_nodes(run, fresh, nodes, counts)
    rels, notes, mentions = _fact_rows(fresh, uid)
    if rels:
        plan = write_facts(run, batch.settings, rels)
        counts["relationships_created"] = plan.created
        counts["relationships_superseded"] = plan.superseded
    if notes:
        run("ingest/add_node_notes", notes=notes)
    run("ingest/mentions_batch", rows=mentions)
    return counts


def _write_nodes(run: Callable[..., list[dict[str, Any]]], fresh: list[_Pending],
                 nodes: dict[_NODE_KEY, dict[str, Any]],
                 counts: dict[str, int]) -> dict[_NODE_KEY, str]:
    """MERGE the new nodes, update the known ones (one query each); their uids by key."""
    used = {key for p in fresh for key in p.keys}
    creates = [nodes[k] for k in used if "props" in nodes[k]]
    updates = [nodes[k] for k in used if "props" not in nodes[k]]
    by_ref = {row["ref"]: k for k, row in nodes.items()}
    uid: dict[_NODE_KEY, str] = {}
    for r in run("ingest/merge_nodes", rows=creates) if creates else []:
        uid[by_ref[r["ref"]]] = r["uid"]
        counts["nodes_created"] += int(r["created"])
    for r in run("ingest/update_nodes", rows=updates) if updates else []:
        uid[by_ref[r["ref"]]] = r["uid"]
    return uid


@dataclass
class _Pending:
    """What a record writes besides its source, built while the previous batch is being
    written: nodes are (kind, canonical name) keys until the transaction knows uids."""

    source_uid: str
    keys: list[_NODE_KEY]
    rels: list[tuple[dict[str, Any], _NODE_KEY, _NODE_KEY]]
    notes: list[tuple[dict[str, Any], _NODE_KEY]]


def _pending(batch: _Batch, rec: StructuredRecord, src: NewSource) -> _Pending:
    keys = {key: (e.kind, key) for e in rec.entities for key in (_canonical(e.name),)}
    source_uid = src.text.uid
    rels = []
    for r in rec.relationships:
        props = properties.relationship(
            batch.settings, now=batch.now, event_at=src.text.event_at,
            confidence=r.confidence, description=r.description, attitude=r.attitude,
            proximity=r.proximity, strength=r.strength, valid_from=r.valid_from,
            valid_to=r.valid_to, source_id=source_uid)
        # the node uids are known once the batch's nodes are written (_fact_rows)
        rels.append((fact_row(props, rel_type=r.type, from_uid="", to_uid="",
                              source_id=source_uid),
                     keys[_canonical(r.source)], keys[_canonical(r.target)]))
    notes = [(Note.new(n.text, n.lifetime, batch.now, source_uid).as_params(),
              keys[_canonical(n.target)]) for n in rec.notes]
    return _Pending(source_uid, list(keys.values()), rels, notes)


def _fact_rows(fresh: list[_Pending], uid: dict[_NODE_KEY, str]
               ) -> tuple[list[dict[str, Any]], ...]:
    """Relationship, note and MENTIONS rows of the new records, in record order."""
    rels, notes, mentions = [], [], []
    for p in fresh:
        mentions.append({"source_uid": p.source_uid, "uids": sorted({uid[k] for k in p.keys})})
        rels.extend({**row, "from_uid": uid[a], "to_uid": uid[b]} for row, a, b in p.rels)
        notes.extend({**note, "uid": uid[key]} for note, key in p.notes)
    return rels, notes, mentions
