"""One memory at a time: read it with its history, correct it, end a fact, delete it.

Every change writes an ``:AuditRecord`` (who, when, what) in the same transaction as the
change itself, so a change and its record land together or not at all. A deletion leaves
no debris: a node goes with its relationships and notes (they are its own properties); a
source or artifact also takes what was learned only from it (``cypher/memories/
deletion_plan.cypher`` says exactly what that is), facts that cited it among others lose it,
its session's NEXT chain is bridged, and facts that a deleted fact had superseded become
current again. Everything is scoped to one tenant: another tenant's uid is "not found".
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal

import neo4j
from pydantic import BaseModel, ConfigDict, Field

from memgraph.errors import ConflictError, InvalidInputError, MemgraphError, NotFoundError
from memgraph.graph.connection import Graph, run_in, translate_errors
from memgraph.graph.models import new_id
from memgraph.graph.names import canonical_name
from memgraph.graph.values import to_native
from memgraph.graph.vocabulary import EPISODIC_KINDS, SEMANTIC_KINDS
from memgraph.ingest.properties import source_vector_text
from memgraph.ingest.tools import MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS
from memgraph.retrieve.results import as_datetime
from memgraph.retrieve.traverse import find_starts
from memgraph.validation import parse_time

if TYPE_CHECKING:
    from memgraph.providers.base import Embedder

MAX_SOURCES = 50        # sources listed with a memory (newest first)
EXCERPT_CHARS = 300     # of each source's raw content
DEFAULT_ACTOR = "python"
Action = Literal["correct", "end_fact", "delete"]


class Note(BaseModel):
    model_config = ConfigDict(frozen=True)

    text: str
    added_at: datetime | None = None
    expires_at: datetime | None = None
    lifetime: str = ""
    source_uid: str = ""


class SourceRef(BaseModel):
    """A source a memory came from."""

    model_config = ConfigDict(frozen=True)

    source_uid: str
    via: str = ""
    event_at: datetime | None = None
    speaker: str = ""
    external_id: str = ""
    agent_id: str = ""
    excerpt: str = ""


class AuditEntry(BaseModel):
    model_config = ConfigDict(frozen=True)

    uid: str
    action: str
    actor: str
    at: datetime | None
    target_uid: str
    target_kind: str
    details: dict[str, Any] = Field(default_factory=dict)


class MemoryRecord(BaseModel):
    """A memory (node or relationship) with its provenance, notes and history.

    ``history`` holds the relationships of a node, ended and superseded ones included (for a
    relationship: the facts it superseded or was superseded by), newest first; ``audit`` the
    corrections made to it."""

    model_config = ConfigDict(frozen=True)

    element: Literal["node", "relationship"]
    uid: str
    kind: str
    name: str = ""
    description: str = ""
    properties: dict[str, Any]
    notes: list[Note] = Field(default_factory=list)
    sources: list[SourceRef] = Field(default_factory=list)
    relationships: list[dict[str, Any]] = Field(default_factory=list)
    mentions: list[dict[str, Any]] = Field(default_factory=list)
    history: list[dict[str, Any]] = Field(default_factory=list)
    audit: list[AuditEntry] = Field(default_factory=list)


class Correction(BaseModel):
    model_config = ConfigDict(frozen=True)

    uid: str
    kind: str
    name_before: str
    name: str
    description_before: str
    description: str
    aliases: list[str]
    audit_uid: str


class FactEnded(BaseModel):
    model_config = ConfigDict(frozen=True)

    uid: str
    type: str
    start: str
    end: str
    valid_from: datetime | None
    valid_to_before: datetime | None
    valid_to: datetime
    audit_uid: str


class Deletion(BaseModel):
    """What a deletion removed (or, with ``dry_run``, would remove)."""

    model_config = ConfigDict(frozen=True)

    uid: str
    kind: str
    nodes: list[str]            # the target and, for a source, what only it supported
    relationships: list[str]    # semantic relationships deleted
    shared: list[str]           # facts that lose the source from their provenance
    notes: int                  # notes deleted with the nodes
    reopened: list[str] = Field(default_factory=list)   # facts current again
    dry_run: bool = False
    audit_uid: str = ""


# -- finding the target ----------------------------------------------------------------
def resolve(graph: Graph, user_id: str, target: str) -> dict[str, Any]:
    """``{uid, kind, name, is_relationship}`` for a uid (node or relationship) or a node's
    unambiguous name; NotFoundError / InvalidInputError otherwise."""
    if not isinstance(target, str) or not target.strip():
        raise InvalidInputError("give a memory's uid or name")
    rows = graph.read("ingest/lookup_ids", user_id=user_id, ids=[target.strip()])
    if rows:
        return rows[0]
    uid = one_node(graph, user_id, target)
    return graph.read("ingest/lookup_ids", user_id=user_id, ids=[uid])[0]


def one_node(graph: Graph, user_id: str, target: str) -> str:
    """The uid of the one node ``target`` (a uid or name) means for this user."""
    try:
        hits = find_starts(graph, user_id, target)
    except NotFoundError:
        raise NotFoundError(f"no memory with uid or name {target!r} for user "
                            f"{user_id!r}") from None
    best = [node for priority, node in hits if priority == hits[0][0]]
    if len(best) > 1:
        listed = ", ".join(f"{n['uid']} ({n['kind']})" for n in best)
        raise InvalidInputError(f"{target!r} names {len(best)} memories: {listed}; "
                                "give a uid")
    return str(best[0]["uid"])


# -- reading -----------------------------------------------------------------------------
def read_memory(graph: Graph, user_id: str, target: str) -> MemoryRecord:
    found = resolve(graph, user_id, target)
    params = {"user_id": user_id, "uid": found["uid"], "max_sources": MAX_SOURCES,
              "excerpt_chars": EXCERPT_CHARS}
    audit = audit_log(graph, user_id, found["uid"])
    if found["is_relationship"]:
        row = graph.read("memories/read_relationship", **params)[0]
        props = plain(row["relationship"])
        return MemoryRecord(
            element="relationship", uid=props["uid"], kind=props["type"],
            name=f"{props['start']['name']} {props['type']} {props['end']['name']}",
            description=props.get("description") or "", properties=_visible(props),
            notes=_notes(props), sources=[SourceRef(**plain(s)) for s in row["sources"]],
            history=[plain(h) for h in row["related_history"]], audit=audit)
    row = graph.read("memories/read_node", **params)[0]
    props = plain(row["node"])
    relationships = [plain(r) for r in row["relationships"]]
    return MemoryRecord(
        element="node", uid=props["uid"], kind=row["kind"], name=props.get("name") or "",
        description=props.get("description") or "", properties=_visible(props),
        notes=_notes(props), sources=[SourceRef(**plain(s)) for s in row["sources"]],
        relationships=[r for r in relationships if r.get("valid_to") is None],
        history=[r for r in relationships if r.get("valid_to") is not None],
        mentions=[plain(m) for m in row["mentions"]], audit=audit)


def audit_log(graph: Graph, user_id: str, target_uid: str | None = None,
              limit: int = 100) -> list[AuditEntry]:
    rows = graph.read("memories/audit_records", user_id=user_id, target_uid=target_uid,
                      limit=limit)
    return [AuditEntry(**{**row, "at": as_datetime(row["at"]),
                          "details": json.loads(row["details"] or "{}")}) for row in rows]


# -- correcting --------------------------------------------------------------------------
def correct_memory(graph: Graph, embedder: Embedder, user_id: str, target: str, *,
                   name: str | None = None, description: str | None = None,
                   actor: str = DEFAULT_ACTOR) -> Correction:
    """Correct a node's name and/or description. The old name stays an alias (mentions of
    it still resolve here); the embedding is recomputed from the corrected text."""
    name = _clean(name, "name", MAX_NAME_CHARS)
    description = _clean(description, "description", MAX_DESCRIPTION_CHARS, allow_empty=True)
    if name is None and description is None:
        raise InvalidInputError("nothing to correct: give a new name and/or description")
    found = resolve(graph, user_id, target)
    if found["is_relationship"] or found["kind"] in EPISODIC_KINDS:
        raise InvalidInputError(
            f"{found['kind']} {found['uid']} cannot be corrected: a source is the record "
            "of what was said (delete it instead) and a fact is ended or deleted")
    current = read_memory(graph, user_id, found["uid"])
    canonical = canonical_name(name) if name is not None else None
    if canonical is not None and found["kind"] in SEMANTIC_KINDS:
        taken = graph.read("memories/name_taken", user_id=user_id, uid=found["uid"],
                           canonical_name=canonical)
        if taken:
            raise ConflictError(f"another {taken[0]['kind']} is already named "
                                f"{taken[0]['name']!r} ({taken[0]['uid']}); the nightly "
                                "dedupe merges duplicates, or delete one of them")
    from memgraph.jobs.consolidate import embedding_text

    text = embedding_text(name if name is not None else current.name,
                          description if description is not None else current.description,
                          [n.text for n in current.notes])
    vector = embedder.embed(text)      # before any write: a provider failure changes nothing
    audit_uid = new_id()

    def work(tx: neo4j.ManagedTransaction) -> dict[str, Any]:
        rows = run_in(tx, "memories/correct_node", {
            "user_id": user_id, "uid": found["uid"], "name": name,
            "canonical_name": canonical, "description": description, "embedding": vector,
            "embedding_model": embedder.model_name, "now": datetime.now(UTC)})
        row = rows[0]
        details = {k: row[k] for k in ("name_before", "name", "description_before",
                                       "description") if row[k] is not None}
        _audit(tx, audit_uid, user_id, actor, "correct", row["uid"], row["kind"],
               f"correct {row['kind']} {row['name']}", details)
        return row

    row = _write(graph, work)
    return Correction(**{k: row[k] or "" for k in ("uid", "kind", "name_before", "name",
                                                   "description_before", "description")},
                      aliases=row["aliases"], audit_uid=audit_uid)


def end_fact(graph: Graph, user_id: str, target: str, *, at: datetime | str | None = None,
             actor: str = DEFAULT_ACTOR) -> FactEnded:
    """End a relationship as of ``at`` (default now): it becomes history, not deleted.
    A time in the future is refused (only a simulation writes the future)."""
    now = datetime.now(UTC)
    moment = parse_time(at, "at") or now
    if moment > now:
        raise InvalidInputError("a fact cannot be ended in the future; end it when it ends")
    found = resolve(graph, user_id, target)
    if not found["is_relationship"]:
        raise InvalidInputError(f"{found['kind']} {found['uid']} is a node: only a fact "
                                "(a relationship) is ended; correct or delete a node")
    current = read_memory(graph, user_id, found["uid"])
    # when it began: valid_from, else when its source says it happened
    began = as_datetime(current.properties.get("valid_from")
                        or current.properties.get("event_at"))
    if began is not None and moment < began:
        raise InvalidInputError(f"the fact began {began.isoformat()}: it cannot end "
                                "before that")
    audit_uid = new_id()

    def work(tx: neo4j.ManagedTransaction) -> dict[str, Any]:
        row = run_in(tx, "memories/end_relationship", {
            "user_id": user_id, "uid": found["uid"], "valid_to": moment, "now": now})[0]
        before = as_datetime(row["valid_to_before"])
        _audit(tx, audit_uid, user_id, actor, "end_fact", row["uid"], row["type"],
               f"end {row['start']} {row['type']} {row['end']}",
               {"valid_to_before": before.isoformat() if before else None,
                "valid_to": moment.isoformat()})
        return row

    row = _write(graph, work)
    return FactEnded(uid=row["uid"], type=row["type"], start=row["start"] or "",
                     end=row["end"] or "", valid_from=as_datetime(row["valid_from"]),
                     valid_to_before=as_datetime(row["valid_to_before"]),
                     valid_to=moment, audit_uid=audit_uid)


# -- deleting ----------------------------------------------------------------------------
def delete_memory(graph: Graph, user_id: str, target: str, *, dry_run: bool = False,
                  actor: str = DEFAULT_ACTOR,
                  embedder: Callable[[], Embedder] | None = None) -> Deletion:
    """Delete one memory (see the module docstring); ``dry_run`` only reports.

    With ``embedder`` (messages are embedded in context: ``ingest.vector_context``), a
    deleted message's words are also in the vector of the message after it
    (``properties.source_vector_text``): that vector is computed again after the message
    before, with ``embedder()``, in the deleting transaction, or cleared if that fails.
    """
    found = resolve(graph, user_id, target)
    uid = found["uid"]
    audit_uid = "" if dry_run else new_id()
    following = [] if dry_run or embedder is None or found["kind"] != "Source" else \
        [_next_vector(r, embedder) for r in graph.read("memories/next_in_session",
                                                        user_id=user_id, uid=uid)]

    def plan(tx: neo4j.ManagedTransaction | None) -> dict[str, Any]:
        if found["is_relationship"]:
            return {"uid": uid, "kind": found["kind"], "nodes": [], "relationships": [uid],
                    "shared": [], "notes": 0}
        params = {"user_id": user_id, "uid": uid}
        rows = (run_in(tx, "memories/deletion_plan", params) if tx is not None
                else graph.read("memories/deletion_plan", **params))
        if not rows:
            raise NotFoundError(f"no memory {uid!r} for user {user_id!r}")
        return rows[0]

    if dry_run:
        return Deletion(**plan(None), dry_run=True)

    def work(tx: neo4j.ManagedTransaction) -> dict[str, Any]:
        p = plan(tx)     # computed again inside the transaction that deletes
        now = datetime.now(UTC)
        scope = {"user_id": user_id, "now": now}
        reopened = run_in(tx, "memories/reopen_superseded",
                          {**scope, "rel_uids": p["relationships"]})[0]["reopened"]
        if p["shared"] or found["kind"] in EPISODIC_KINDS:
            run_in(tx, "memories/strip_source",
                   {**scope, "uid": uid, "shared": p["shared"], "nodes": p["nodes"]})
        run_in(tx, "memories/delete_relationships", {**scope, "rel_uids": p["relationships"]})
        if p["nodes"]:
            run_in(tx, "memories/delete_nodes", {**scope, "uids": p["nodes"]})
        for vector in following:
            run_in(tx, "memories/set_source_vector", {"user_id": user_id, **vector})
        details = {"nodes": len(p["nodes"]), "relationships": len(p["relationships"]),
                   "shared": len(p["shared"]), "notes": p["notes"], "reopened": reopened}
        for vector in following:     # the next message, no longer embedded after it
            details["next_message"] = vector["uid"]
            details["next_vector"] = "cleared" if vector["embedding"] is None else "recomputed"
        _audit(tx, audit_uid, user_id, actor, "delete", uid, p["kind"],
               f"delete {p['kind']} {uid[:8]}", details)
        return {**p, "reopened": reopened}

    return Deletion(**_write(graph, work), audit_uid=audit_uid)


def _next_vector(row: dict[str, Any], embedder: Callable[[], Embedder]) -> dict[str, Any]:
    """The new vector of the message after a deleted one (``set_source_vector``)."""
    vector, model = None, ""
    try:
        chosen = embedder()
        vector = chosen.embed(source_vector_text(row["search_text"], row["previous"]))
        model = chosen.model_name
    except MemgraphError:
        vector = None     # cleared: the deleted words leave with it either way
    return {"uid": row["uid"], "embedding": vector, "embedding_model": model}


# -- helpers -----------------------------------------------------------------------------
def _audit(tx: neo4j.ManagedTransaction, audit_uid: str, user_id: str, actor: str,
           action: Action, target_uid: str, target_kind: str, caption: str,
           details: dict[str, Any]) -> None:
    run_in(tx, "memories/record_audit", {
        "audit_uid": audit_uid, "user_id": user_id, "actor": actor or DEFAULT_ACTOR,
        "action": action, "now": datetime.now(UTC), "target_uid": target_uid,
        "target_kind": target_kind, "caption": caption[:120],
        "details": json.dumps(details, default=str, ensure_ascii=False)})


def _write(graph: Graph, work: Callable[[neo4j.ManagedTransaction], Any]) -> Any:
    with graph.session() as session, translate_errors(graph.settings.neo4j_uri):
        return session.execute_write(work)


def _clean(value: str | None, what: str, limit: int, allow_empty: bool = False) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidInputError(f"{what} must be text")
    text = " ".join(value.split()) if what == "name" else value.strip()
    if not text and not allow_empty:
        raise InvalidInputError(f"{what} is empty")
    if len(text) > limit:
        raise InvalidInputError(f"{what} is longer than {limit} characters")
    return text


_HIDDEN = ("embedding", "summary_embedding", "notes", "notes_added_at", "notes_expires_at",
           "notes_lifetime", "notes_source", "search_text", "session_tail")


def _visible(props: dict[str, Any]) -> dict[str, Any]:
    """Properties worth showing: no vector, notes shown as notes, no nulls."""
    return {k: v for k, v in sorted(props.items()) if k not in _HIDDEN and v is not None
            and k not in ("start", "end", "type", "direction", "other")}


def _notes(props: dict[str, Any]) -> list[Note]:
    texts = props.get("notes") or []
    columns = [props.get(f"notes_{c}") or [] for c in ("added_at", "expires_at", "lifetime",
                                                         "source")]
    notes = []
    for i, text in enumerate(texts):
        added, expires, lifetime, source = (c[i] if i < len(c) else None for c in columns)
        notes.append(Note(text=text, added_at=added, expires_at=expires,
                          lifetime=lifetime or "", source_uid=source or ""))
    return notes


def plain(value: Any) -> Any:
    """Driver values as plain Python: temporal values as datetimes, maps and lists walked."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return to_native(value)
