"""The no-LLM path: records that already name their entities and relationships.

Deterministic and fast: records are validated with pydantic, embeddings are taken from
the record when present (else computed in one batch), and each batch of
``settings.ingest.structured_batch_size`` records is written in ONE transaction with
``UNWIND`` queries (the same ``cypher/ingest/`` files as the agent path: sources first,
MERGE on canonical names, reinforcement and supersession of relationships, notes,
MENTIONS). Resolution here is by canonical name of the entity and of its aliases only.
The record format is documented, with an example, in ``docs/ingestion.md``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from itertools import islice
from typing import Any, Literal

import neo4j
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from memgraph import cypher
from memgraph.errors import InvalidInputError
from memgraph.graph.connection import Graph, translate_errors
from memgraph.graph.notes import Note
from memgraph.graph.vocabulary import Kind, relationship_type
from memgraph.ingest import properties
from memgraph.ingest.inputs import SENSITIVITIES, SOURCE_KINDS, check_choice, check_content
from memgraph.ingest.resolution import canonical_name, resolve_by_name
from memgraph.ingest.results import BulkResult
from memgraph.ingest.source import NewSource, prepare_source
from memgraph.providers.embeddings import Embedder
from memgraph.settings import Settings


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class EntityRecord(_Strict):
    name: str = Field(min_length=1, max_length=200)
    kind: Literal["Person", "Concept", "Entity"] = "Entity"
    aliases: list[str] = Field(default_factory=list)
    description: str = ""
    entity_type: str = ""
    attributes: dict[str, str] = Field(default_factory=dict)
    confidence: float = Field(default=0.9, ge=0.0, le=1.0)
    embedding: list[float] | None = None


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
        return relationship_type(value)


class NoteRecord(_Strict):
    target: str = Field(min_length=1, description="an entity name of this record")
    text: str = Field(min_length=1, max_length=2000)
    lifetime: Literal["week", "month", "year", "forever"] = "month"


class StructuredRecord(_Strict):
    content: str
    user_id: str | None = None   # must match the ingesting user when given
    session_id: str | None = None
    event_at: datetime | None = None
    kind: str = "record"
    speaker: str | None = None
    external_id: str | None = None
    sensitivity: str = "normal"
    idempotency_key: str | None = None
    embedding: list[float] | None = None
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
    bulk = BulkResult()
    started = time.perf_counter()
    offset = 0
    for batch in _batches(records, batch_size or settings.ingest.structured_batch_size):
        _Batch(graph, settings, embedder, user_id, bulk).run(batch, offset)
        offset += len(batch)
        if progress is not None:
            progress(len(batch))
    bulk.seconds = time.perf_counter() - started
    return bulk


class _Batch:
    def __init__(self, graph: Graph, settings: Settings, embedder: Embedder, user_id: str,
                 bulk: BulkResult) -> None:
        self.graph, self.settings, self.embedder = graph, settings, embedder
        self.user_id, self.bulk = user_id, bulk
        self.now = datetime.now(UTC)

    def run(self, raw: list[dict[str, Any]], offset: int = 0) -> None:
        records = self._validate(raw, offset)
        if not records:
            return
        sources = self._sources(records)
        nodes = self._nodes(records)
        self._write(records, sources, nodes)

    def _validate(self, raw: list[dict[str, Any]], offset: int) -> list[StructuredRecord]:
        good = []
        for i, item in enumerate(raw):
            try:
                record = StructuredRecord.model_validate(item)
                check_content(record.content, self.settings.ingest.max_content_bytes)
                check_choice(record.kind, SOURCE_KINDS, "kind")
                check_choice(record.sensitivity, SENSITIVITIES, "sensitivity")
                if record.user_id not in (None, self.user_id):
                    raise ValueError(f"record is for user {record.user_id!r}")
                names = {canonical_name(e.name) for e in record.entities}
                for ref in [r.source for r in record.relationships] + \
                        [r.target for r in record.relationships] + \
                        [n.target for n in record.notes]:
                    if canonical_name(ref) not in names:
                        raise ValueError(f"{ref!r} is not one of the record's entities")
                good.append(record)
            except (ValidationError, ValueError, InvalidInputError) as e:
                self.bulk.sources += 1
                self.bulk.failed += 1
                detail = " ".join(str(e).split())[:300]
                self.bulk.errors.append(f"record {offset + i + 1}: {detail}")
        return good

    def _sources(self, records: list[StructuredRecord]) -> list[NewSource]:
        missing = [r.content for r in records if r.embedding is None]
        vectors = iter(self.embedder.embed_batch(missing) if missing else [])
        out = []
        for r in records:
            vector = r.embedding if r.embedding is not None else next(vectors)
            new = prepare_source(
                self.settings, content=r.content, user_id=self.user_id, now=self.now,
                session_id=r.session_id, event_at=r.event_at, kind=r.kind, speaker=r.speaker,
                external_id=r.external_id, sensitivity=r.sensitivity,
                idempotency_key=r.idempotency_key, embedding=vector,
                embedding_model=self.embedder.model_name)
            new.props["extraction_status"] = "done"   # nothing to extract: it is given
            out.append(new)
        return out

    def _nodes(self, records: list[StructuredRecord]) -> dict[tuple[str, str], dict[str, Any]]:
        """One row per distinct (kind, canonical name): an existing uid or a new node."""
        wanted: dict[tuple[str, str], EntityRecord] = {}
        for r in records:
            for e in r.entities:
                wanted.setdefault((e.kind, canonical_name(e.name)), e)
        keys = list(wanted)
        found = resolve_by_name(self.graph, self.user_id,
                                [(Kind(k[0]), wanted[k].name, wanted[k].aliases) for k in keys])
        new = [k for k, uid in zip(keys, found, strict=True) if uid is None]
        texts = [f"{wanted[k].name}. {wanted[k].description}".strip() for k in new
                 if wanted[k].embedding is None]
        vectors = iter(self.embedder.embed_batch(texts) if texts else [])
        rows: dict[tuple[str, str], dict[str, Any]] = {}
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

    def _write(self, records: list[StructuredRecord], sources: list[NewSource],
               nodes: dict[tuple[str, str], dict[str, Any]]) -> None:
        def work(tx: neo4j.ManagedTransaction) -> dict[str, int]:
            return _write_batch(tx, self, records, sources, nodes)

        with self.graph.session() as session, translate_errors(self.settings.neo4j_uri):
            counts = session.execute_write(work)
        self.bulk.sources += len(records)
        self.bulk.created += counts["created"]
        self.bulk.duplicates += len(records) - counts["created"]
        self.bulk.nodes_created += counts["nodes_created"]
        self.bulk.relationships_created += counts["relationships_created"]
        self.bulk.relationships_superseded += counts["relationships_superseded"]


def _write_batch(tx: neo4j.ManagedTransaction, batch: _Batch, records: list[StructuredRecord],
                 sources: list[NewSource],
                 nodes: dict[tuple[str, str], dict[str, Any]]) -> dict[str, int]:
    ingest = batch.settings.ingest

    def run(name: str, **params: Any) -> list[dict[str, Any]]:
        params.update(user_id=batch.user_id, now=batch.now)
        return [r.data() for r in tx.run(cypher.load(name), params)]

    rows = run("ingest/create_sources", rows=[{"props": s.props} for s in sources])
    created = {r["idempotency_key"] for r in rows if r["created"]}
    fresh = [(rec, src) for rec, src in zip(records, sources, strict=True)
             if src.props["idempotency_key"] in created]
    counts = {"created": len(fresh), "nodes_created": 0, "relationships_created": 0,
              "relationships_superseded": 0}
    if not fresh:
        return counts
    used = {(e.kind, canonical_name(e.name)) for rec, _ in fresh for e in rec.entities}
    uid: dict[tuple[str, str], str] = {}
    creates = [nodes[k] for k in used if "props" in nodes[k]]
    updates = [nodes[k] for k in used if "props" not in nodes[k]]
    by_ref = {row["ref"]: k for k, row in nodes.items()}
    for r in run("ingest/merge_nodes", rows=creates) if creates else []:
        uid[by_ref[r["ref"]]] = r["uid"]
        counts["nodes_created"] += int(r["created"])
    for r in run("ingest/update_nodes", rows=updates) if updates else []:
        uid[by_ref[r["ref"]]] = r["uid"]
    rels, notes, mentions = [], [], []
    for rec, src in fresh:
        kinds = {canonical_name(e.name): (e.kind, canonical_name(e.name)) for e in rec.entities}
        source_uid = src.text.uid
        mentions.append({"source_uid": source_uid,
                         "uids": sorted({uid[kinds[k]] for k in kinds})})
        for i, r in enumerate(rec.relationships):
            props = properties.relationship(
                batch.settings, now=batch.now, event_at=src.text.event_at,
                confidence=r.confidence, description=r.description, attitude=r.attitude,
                proximity=r.proximity, strength=r.strength, valid_from=r.valid_from,
                valid_to=r.valid_to, source_id=source_uid)
            rels.append({"ref": f"{source_uid}:{i}", "type": r.type, "props": props,
                         "from_uid": uid[kinds[canonical_name(r.source)]],
                         "to_uid": uid[kinds[canonical_name(r.target)]],
                         "source_id": source_uid})
        for n in rec.notes:
            note = Note.new(n.text, n.lifetime, batch.now, source_uid)
            notes.append({**note.as_params(), "uid": uid[kinds[canonical_name(n.target)]]})
    for wave in _waves(rels):
        done = {r["ref"] for r in run("ingest/reinforce_relationships", rows=wave,
                                      confidence_step=ingest.reinforce_confidence_step,
                                      strength_step=ingest.reinforce_strength_step)}
        rest = [r for r in wave if r["ref"] not in done]
        for r in run("ingest/create_relationships", rows=rest,
                     exclusive_types=list(ingest.exclusive_types),
                     opposites=[list(p) for p in ingest.opposite_types]
                     + [list(reversed(p)) for p in ingest.opposite_types]) if rest else []:
            counts["relationships_created"] += 1
            counts["relationships_superseded"] += len(r["ended"])
    if notes:
        run("ingest/add_node_notes", notes=notes)
    run("ingest/mentions_batch", rows=mentions)
    return counts


def _waves(rels: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Consecutive runs without a repeated fact, in record order: a fact repeated within
    one batch is created by one run and reinforced (or re-created) by a later one."""
    waves: list[list[dict[str, Any]]] = [[]]
    seen: set[tuple[str, str, str]] = set()
    for row in rels:
        key = (row["from_uid"], row["to_uid"], row["type"])
        if key in seen:
            waves.append([])
            seen = set()
        seen.add(key)
        waves[-1].append(row)
    return [w for w in waves if w]
