"""Apply a validated plan: every graph write of one source in ONE transaction.

Reads that may be done before (embedding the new nodes, entity resolution) happen first;
then one ``execute_write`` runs the named queries of ``cypher/ingest/`` in order: lock the
source and check it is not done yet (a concurrent run of the same source), update
resolved nodes, MERGE new ones, reinforce repeated facts, create new facts (ending the
ones they contradict), append notes, link the source, add similarity links, and mark
the source done. Any failure rolls all of it back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import neo4j

from memgraph.graph.connection import Graph, run_in, translate_errors
from memgraph.graph.notes import Note
from memgraph.ingest import properties
from memgraph.ingest.facts import fact_row, write_facts
from memgraph.ingest.plan import NodeOp, Plan, RelOp
from memgraph.ingest.resolution import Candidate, SimilaritySearch, resolve
from memgraph.ingest.results import IngestResult
from memgraph.providers.base import Embedder
from memgraph.providers.embeddings import auto_link_floor
from memgraph.settings import Settings


@dataclass
class WriteContext:
    user_id: str
    now: datetime
    event_at: datetime | None = None
    source_uid: str = ""            # "" for outside-agent tool calls with no source
    # The extraction of source_uid: write nothing if another run of it finished first.
    extraction: bool = False
    llm_calls: int = 0
    tokens_used: int = 0


@dataclass
class _Prepared:
    updates: list[dict[str, Any]] = field(default_factory=list)
    creates: list[dict[str, Any]] = field(default_factory=list)
    resolved_how: dict[str, str] = field(default_factory=dict)
    search: SimilaritySearch | None = None
    fact_vectors: dict[str, list[float]] = field(default_factory=dict)   # by RelOp ref
    embedding_model: str = ""


def embedding_text(op: NodeOp, notes: list[str]) -> str:
    """What a new semantic node's vector stands for (the one recipe: name, description,
    notes)."""
    return properties.node_embedding_text(op.name, op.description, notes)


# How a fact reads as a sentence: "Anna lives in Lisbon".
FACT_PHRASES = {
    "KNOWS": "knows", "FRIEND_OF": "is a friend of", "FAMILY_OF": "is family of",
    "PARTNER_OF": "is the partner of", "COLLEAGUE_OF": "is a colleague of",
    "WORKS_AT": "works at", "HAS_OCCUPATION": "works as", "WORKS_ON": "works on",
    "STUDIES_AT": "studies at",
    "MEMBER_OF": "is a member of", "LIVES_IN": "lives in", "FROM": "is from",
    "VISITED": "visited", "ATTENDED": "attended", "LIKES": "likes", "DISLIKES": "dislikes",
    "INTERESTED_IN": "is interested in", "OWNS": "owns", "USES": "uses",
    "CREATED": "created", "PART_OF": "is part of", "HAS_GOAL": "wants", "AVOIDS": "avoids",
    "EXPERIENCED": "experienced", "RELATED_TO": "is related to",
}


def fact_text(op: RelOp) -> str:
    """What a fact's vector stands for: the fact as a sentence, "Anna lives in Lisbon".
    explore() compares it with the question to rank the facts of the nodes a question
    names. Not the description: the offline extractor's is the whole sentence, which
    often states other facts too ("I live in Vienna and I work at Danube Media"), and
    made a home answer a question about work (docs/retrieval.md); the description is
    matched by the full-text signal."""
    phrase = FACT_PHRASES.get(op.type, op.type.lower().replace("_", " "))
    return f"{op.from_name} {phrase} {op.to_name}".strip()


# A step of the write transaction besides the plan's (the pipeline writes a new source in
# it: memgraph/ingest/pipeline.py); it may raise to roll the whole transaction back.
TransactionStep = Callable[[neo4j.ManagedTransaction], None]


def write_plan(graph: Graph, settings: Settings, embedder: Embedder, plan: Plan,
               ctx: WriteContext, *, first: TransactionStep | None = None,
               last: TransactionStep | None = None, rehearse: bool = False) -> IngestResult:
    """Prepare the plan (reads, embeddings), then write it in one transaction, after
    ``first`` and before ``last`` when given. ``rehearse`` runs the whole transaction
    and rolls it back: the result says what it would have written (a dry run)."""
    prepared = _prepare(graph, settings, embedder, plan, ctx)

    def work(tx: neo4j.ManagedTransaction) -> IngestResult:
        if first is not None:
            first(tx)
        result = _Transaction(tx, settings, ctx, plan).run(prepared)
        if last is not None:
            last(tx)
        if rehearse:
            raise _Rehearsed(result)
        return result

    try:
        with graph.session() as session, translate_errors(settings.neo4j_uri):
            return session.execute_write(work)
    except _AlreadyDone:   # another run of the same source committed first
        return IngestResult(source_uid=ctx.source_uid, status="done", duplicate=True)
    except _Rehearsed as rehearsed:
        rehearsed.result.dry_run = True
        return rehearsed.result


class _AlreadyDone(Exception):
    """Raised inside the write transaction to roll it back: the source is done."""


class _Rehearsed(Exception):
    """Raised inside the write transaction to roll it back: a dry run, whose result the
    transaction computed as if it would commit."""

    def __init__(self, result: IngestResult) -> None:
        super().__init__("dry run")
        self.result = result


def _prepare(graph: Graph, settings: Settings, embedder: Embedder, plan: Plan,
             ctx: WriteContext) -> _Prepared:
    """Embed new nodes and resolve them against the graph (reads, before the write)."""
    prepared = _Prepared()
    new_ops = [op for op in plan.nodes if op.uid is None]
    notes_by_ref: dict[str, list[str]] = {}
    for note in plan.notes:
        notes_by_ref.setdefault(note.target, []).append(note.text)
    texts = [embedding_text(op, notes_by_ref.get(op.ref, [])) for op in new_ops]
    facts = [fact_text(op) for op in plan.relationships]
    # one model call for the new nodes and the facts
    all_vectors = embedder.embed_batch(texts + facts) if texts or facts else []
    vectors = all_vectors[:len(texts)]
    prepared.fact_vectors = dict(zip((op.ref for op in plan.relationships),
                                     all_vectors[len(texts):], strict=True))
    prepared.embedding_model = embedder.model_name
    if new_ops:
        prepared.search = SimilaritySearch.for_tenant(graph, settings, ctx.user_id)
    matches = resolve(graph, ctx.user_id,
                      [Candidate(op.kind, op.name, tuple(op.aliases), vec, op.entity_type)
                       for op, vec in zip(new_ops, vectors, strict=True)],
                      settings.ingest.resolve_similarity,
                      prepared.search) if new_ops else []
    for op in plan.nodes:
        if op.uid is not None:
            prepared.updates.append(_update_row(op, op.uid))
    for op, vector, match in zip(new_ops, vectors, matches, strict=True):
        if match is not None:
            prepared.resolved_how[op.ref] = match.how
            # (a surname alone is no alias: "Mr Park" may be another of the family; the
            # titled name it was said as is: resolution.surnames)
            prepared.updates.append(_update_row(
                op, match.uid, alias="" if match.how == "surname" else op.name))
            continue
        props = properties.semantic_node(
            settings, kind=op.kind, name=op.name, canonical_name=op.canonical_name,
            now=ctx.now, confidence=op.confidence, description=op.description,
            aliases=op.aliases, attributes=op.attributes, entity_type=op.entity_type,
            embedding=vector, embedding_model=embedder.model_name)
        prepared.creates.append({"ref": op.ref, "kind": op.kind.value, "props": props,
                                 "op": op})
    return prepared


def _update_row(op: NodeOp, uid: str, alias: str = "") -> dict[str, Any]:
    aliases = list(dict.fromkeys([*op.aliases, *([alias] if alias else [])]))
    return {"ref": op.ref, "uid": uid, "aliases": aliases, "attributes": op.attributes,
            "description": op.description, "set_description": op.set_description,
            "confidence": op.confidence, "set_confidence": op.set_confidence}


class _Transaction:
    """One run of the write transaction (the driver may retry it from the start)."""

    def __init__(self, tx: neo4j.ManagedTransaction, settings: Settings, ctx: WriteContext,
                 plan: Plan) -> None:
        self.tx, self.settings, self.ctx, self.plan = tx, settings, ctx, plan
        self.result = IngestResult(source_uid=ctx.source_uid, status="done",
                                   llm_calls=ctx.llm_calls, tokens_used=ctx.tokens_used,
                                   refused=list(plan.refused))
        self.node_uid: dict[str, str] = {}
        self.names: dict[str, str] = {}
        self.rel_uid: dict[str, str] = {}

    def _run(self, name: str, **params: Any) -> list[dict[str, Any]]:
        params.setdefault("user_id", self.ctx.user_id)
        params.setdefault("now", self.ctx.now)
        return run_in(self.tx, name, params)

    def run(self, prepared: _Prepared) -> IngestResult:
        if self.ctx.source_uid and self.ctx.extraction:
            claimed = self._run("ingest/claim_source", source_uid=self.ctx.source_uid)
            if claimed and claimed[0]["status"] == "done":
                raise _AlreadyDone
        self._nodes(prepared)
        self._relationships(prepared)
        self._notes()
        touched = list(dict.fromkeys(self.node_uid.values()))
        touched += [self._node(m) for m in self.plan.mentions]
        if self.ctx.source_uid and touched:
            rows = self._run("ingest/mentions", source_uid=self.ctx.source_uid,
                             uids=list(dict.fromkeys(touched)))
            self.result.mentions = rows[0]["mentions"] if rows else 0
        self._auto_links(prepared)
        self.result.ids = {**self.node_uid, **self.rel_uid}
        if self.ctx.source_uid:
            self._run("ingest/finish_source", source_uid=self.ctx.source_uid,
                      llm_calls=self.ctx.llm_calls, tokens_used=self.ctx.tokens_used)
        return self.result

    def _node(self, ident: str) -> str:
        return self.node_uid.get(ident, ident)

    def _nodes(self, prepared: _Prepared) -> None:
        creates = [{k: v for k, v in row.items() if k != "op"} for row in prepared.creates]
        late_updates = []
        for row in self._run("ingest/merge_nodes", rows=creates) if creates else []:
            self.node_uid[row["ref"]] = row["uid"]
            self.names[row["uid"]] = row["name"]
            if row["created"]:
                self.result.nodes_created += 1
                op = next(c["op"] for c in prepared.creates if c["ref"] == row["ref"])
                self.result.learned.append(f"new {op.kind.value}: {op.name}")
            else:   # a concurrent writer (or an earlier row) created it first
                op = next(c["op"] for c in prepared.creates if c["ref"] == row["ref"])
                late_updates.append(_update_row(op, row["uid"]))
        updates = prepared.updates + late_updates
        for row in self._run("ingest/update_nodes", rows=updates) if updates else []:
            self.node_uid[row["ref"]] = row["uid"]
            self.names[row["uid"]] = row["name"]
            self.result.nodes_updated += 1
            how = prepared.resolved_how.get(row["ref"])
            self.result.learned.append(
                f"known {row['name']}" + (f" (matched by {how})" if how else " (updated)"))

    def _relationships(self, prepared: _Prepared) -> None:
        rows: list[dict[str, Any]] = []
        seen: dict[tuple[str, str, str], dict[str, Any]] = {}
        for op in self.plan.relationships:
            row = self._rel_row(op)
            vector = prepared.fact_vectors.get(op.ref)
            if vector is not None:
                row["props"] = {**row["props"], "embedding": vector,
                                "embedding_model": prepared.embedding_model}
            key = (row["from_uid"], row["to_uid"], row["type"])
            if key in seen:
                # one source, one fact; said to be over ("My girlfriend Mei and I broke
                # up"), it is over
                if row["valid_to"] is not None and seen[key]["valid_to"] is None:
                    seen[key]["valid_to"] = row["valid_to"]
                continue
            seen[key] = row
            rows.append(row)
        if not rows:
            return
        plan = write_facts(self._run, self.settings, rows)
        for row, outcome in zip(rows, plan.outcomes, strict=True):
            self.rel_uid[row["ref"]] = outcome.uid
            line = self._describe(row)
            if outcome.reinforced:
                self.result.relationships_reinforced += 1
                self.result.learned.append(f"again: {line} (reinforced)")
                continue
            if outcome.closed:
                self.result.relationships_superseded += 1
                self.result.learned.append(f"{line} (ended: it holds no longer)")
                continue
            self.result.relationships_created += 1
            self.result.relationships_superseded += len(outcome.ended) + (
                outcome.history_of is not None)
            if outcome.ended:
                ended = [f"{kind} {self.names.get(uid) or name or uid}"
                         for kind, uid, name in outcome.ended]
                line += f" (ends {', '.join(ended)})"
            if row["valid_to"] is not None and outcome.history_of is None:
                line += f" (over since {row['valid_to'][:10]})"
            if outcome.history_of is not None:
                kind, uid, name = outcome.history_of
                line += (f" (history: the newer {kind} {self.names.get(uid) or name or uid}"
                         " stays current)")
            self.result.learned.append(line)

    def _rel_row(self, op: RelOp) -> dict[str, Any]:
        props = properties.relationship(
            self.settings, now=self.ctx.now, event_at=self.ctx.event_at,
            confidence=op.confidence, description=op.description, attitude=op.attitude,
            proximity=op.proximity, strength=op.strength, valid_from=op.valid_from,
            valid_to=op.valid_to, source_id=self.ctx.source_uid)
        return {"ref": op.ref, **fact_row(props, rel_type=op.type,
                                          from_uid=self._node(op.from_id),
                                          to_uid=self._node(op.to_id),
                                          source_id=self.ctx.source_uid)}

    def _describe(self, row: dict[str, Any]) -> str:
        return (f"{self.names.get(row['from_uid'], row['from_uid'])} -{row['type']}-> "
                f"{self.names.get(row['to_uid'], row['to_uid'])}")

    def _notes(self) -> None:
        node_notes, rel_notes = [], []
        for op in self.plan.notes:
            note = Note.new(op.text, op.lifetime, self.ctx.now, self.ctx.source_uid)
            if op.on_relationship:
                rel_notes.append({**note.as_params(), "uid": self.rel_uid.get(op.target,
                                                                              op.target)})
            else:
                node_notes.append({**note.as_params(), "uid": self._node(op.target)})
        for name, rows in (("ingest/add_node_notes", node_notes),
                           ("ingest/add_relationship_notes", rel_notes)):
            if rows:
                self.result.notes_added += self._run(name, notes=rows)[0]["written"]

    def _auto_links(self, prepared: _Prepared) -> None:
        created = [self.node_uid[c["ref"]] for c in prepared.creates
                   if c["props"]["uid"] == self.node_uid.get(c["ref"])]
        if not created or self.settings.ingest.max_links <= 0 or prepared.search is None:
            return
        ingest = self.settings.ingest
        props = properties.relationship(self.settings, now=self.ctx.now,
                                        event_at=self.ctx.event_at,
                                        confidence=ingest.default_confidence,
                                        source_id=self.ctx.source_uid)
        props.pop("uid")
        low = auto_link_floor(self.settings, prepared.embedding_model)
        rows = self._run("ingest/auto_link", uids=created, low=low,
                         high=ingest.reinforce_similarity, max_links=ingest.max_links,
                         props=props, **prepared.search.params())
        self.result.links_added = rows[0]["links"] if rows else 0
