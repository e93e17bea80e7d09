"""Node and relationship classes (neomodel), one per kind in seed 001: the data model,
declared once.

They say which properties each kind has, their types, defaults and allowed values (the
allowed values from ``graph/vocabulary.py``). The library writes and reads with the named
Cypher queries in ``cypher/``: ``ingest/properties.py`` builds every new element's map,
taking the lifecycle's initial values from here, and tests check that those maps carry
exactly these properties and that these classes round-trip every property on a real
graph. Nothing binds these classes to a driver behind the caller's back: to use them from
Python, call ``Graph.use_for_models()`` (neomodel keeps one global connection). Why this
split: docs/data-model.md, "Where the model is defined".
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import ClassVar
from uuid import uuid4

from neomodel import (
    ArrayProperty,
    BooleanProperty,
    DateTimeNeo4jFormatProperty,
    FloatProperty,
    IntegerProperty,
    RelationshipTo,
    StringProperty,
    StructuredNode,
    StructuredRel,
)

from memgraph.graph.vocabulary import (
    LIFECYCLE_LABELS,
    SEMANTIC_LABEL,
    SENSITIVITIES,
    STATES,
    TTL_POLICIES,
    Sensitivity,
    SourceKind,
    State,
    TtlPolicy,
)

STATE_CHOICES = {s: s for s in STATES}
TTL_POLICY_CHOICES = {p: p for p in TTL_POLICIES}
SENSITIVITY_CHOICES = {s: s for s in SENSITIVITIES}
EXTRACTION_STATUSES = {s: s for s in ("pending", "done", "failed", "skipped")}


def new_id() -> str:
    return uuid4().hex


def utcnow() -> datetime:
    return datetime.now(UTC)


class Lifecycle:
    """Seed 001's lifecycle properties, with its initial values."""

    state = StringProperty(default=State.CANDIDATE.value, choices=STATE_CHOICES, index=False)
    salience = FloatProperty(default=0.5)
    confidence = FloatProperty(default=0.7)
    access_count = IntegerProperty(default=0)
    recall_frequency = IntegerProperty(default=0)
    last_accessed_at = DateTimeNeo4jFormatProperty()
    last_recall_interval = FloatProperty(default=0.0)   # days between the last two recalls
    decay_gradient = FloatProperty(default=1.0)
    ttl_policy = StringProperty(default=TtlPolicy.DECAY.value, choices=TTL_POLICY_CHOICES)
    last_decayed_at = DateTimeNeo4jFormatProperty()     # decay is applied from here on
    created_at = DateTimeNeo4jFormatProperty(default=utcnow)
    updated_at = DateTimeNeo4jFormatProperty(default=utcnow)


class Notes:
    """Notes as parallel lists; see ``memgraph.graph.notes``."""

    is_dirty = BooleanProperty(default=False)
    notes = ArrayProperty(StringProperty(), default=list)
    notes_added_at = ArrayProperty(DateTimeNeo4jFormatProperty(), default=list)
    notes_expires_at = ArrayProperty(DateTimeNeo4jFormatProperty(), default=list)
    notes_lifetime = ArrayProperty(StringProperty(), default=list)
    notes_source = ArrayProperty(StringProperty(), default=list)
    # The earliest notes_expires_at, absent without notes; note cleanup seeks by it.
    notes_next_expiry = DateTimeNeo4jFormatProperty()


class User(StructuredNode):
    """The owner of a memory (the tenant). Never decays."""

    user_id = StringProperty(required=True, unique_index=True)
    name = StringProperty()
    ttl_policy = StringProperty(default=TtlPolicy.KEEP_FOREVER.value, choices=TTL_POLICY_CHOICES)
    created_at = DateTimeNeo4jFormatProperty(default=utcnow)
    # when the dedupe job last looked for this user's duplicates (it then compares only
    # nodes written since)
    dedupe_checked_at = DateTimeNeo4jFormatProperty()


class SemanticRel(StructuredRel, Lifecycle, Notes):
    """A typed relationship between semantic nodes (bi-temporal, with notes)."""

    uid = StringProperty(default=new_id)
    user_id = StringProperty(required=True)
    description = StringProperty(default="")
    attitude = FloatProperty(default=0.0)     # -1 hostile/negative … +1 warm/positive
    proximity = FloatProperty(default=0.5)    # 0 distant … 1 close
    strength = FloatProperty(default=0.5)     # 0 weak … 1 strong evidence/bond
    valid_from = DateTimeNeo4jFormatProperty()   # when it became true (event time)
    valid_to = DateTimeNeo4jFormatProperty()     # when it stopped being true
    event_at = DateTimeNeo4jFormatProperty()     # when the source says it happened
    ingested_at = DateTimeNeo4jFormatProperty(default=utcnow)  # when memgraph learned it
    superseded_by = StringProperty()          # id of the relationship that replaced this one
    supersedes = StringProperty()
    source_ids = ArrayProperty(StringProperty(), default=list)
    embedding = ArrayProperty(FloatProperty())
    embedding_model = StringProperty()
    # a RELATED_TO written by similarity alone (ingestion's Zettelkasten links), not a
    # fact anything said: explore() never ranks it as an answer
    auto_linked = BooleanProperty()


class MentionsRel(StructuredRel):
    user_id = StringProperty(required=True)
    created_at = DateTimeNeo4jFormatProperty(default=utcnow)


class Memory(StructuredNode, Lifecycle):
    """Every memory node carries the ``Memory`` label (one vector and full-text index)."""

    # State and salience band as labels, for Browser's style sheet (schema v3): derived from
    # the properties by the write paths, so optional here.
    __optional_labels__: ClassVar[list[str]] = list(LIFECYCLE_LABELS)

    uid = StringProperty(unique_index=True, default=new_id)
    user_id = StringProperty(required=True)
    name = StringProperty(default="")
    description = StringProperty(default="")
    importance = FloatProperty(default=0.5)
    embedding = ArrayProperty(FloatProperty())
    embedding_model = StringProperty()


class Semantic(Memory, Notes):
    __abstract_node__ = True
    # The name key's label (schema v2): optional, because twins from before v2 lack it.
    __optional_labels__: ClassVar[list[str]] = [SEMANTIC_LABEL, *LIFECYCLE_LABELS]
    canonical_name = StringProperty(required=True)
    aliases = ArrayProperty(StringProperty(), default=list)
    attributes = ArrayProperty(StringProperty(), default=list)   # "key: value" lines

    related = RelationshipTo("Semantic", "RELATED_TO", model=SemanticRel)


class Person(Semantic):
    pass


class Concept(Semantic):
    pass


class Entity(Semantic):
    entity_type = StringProperty(default="")   # organisation, place, object, event, …


class Episodic(Memory):
    __abstract_node__ = True
    sensitivity = StringProperty(default=Sensitivity.NORMAL.value, choices=SENSITIVITY_CHOICES)
    raw_content = StringProperty(default="")   # kept for ever, even when archived
    search_text = StringProperty(default="")   # "speaker (8 May 2023): text", indexed
    event_at = DateTimeNeo4jFormatProperty()
    ingested_at = DateTimeNeo4jFormatProperty(default=utcnow)


class Source(Episodic):
    # A source has no `name` (""): its Browser caption, "speaker: first words", is kept
    # here, out of the full-text index, where it would count the first words twice.
    caption = StringProperty(default="")
    session_id = StringProperty(default="")
    source_kind = StringProperty(default=SourceKind.MESSAGE.value)   # message | document | record
    speaker = StringProperty(default="")
    external_id = StringProperty(default="")          # e.g. a conversation turn id
    agent_id = StringProperty(default="")             # the agent that wrote it (seed 000)
    metadata = ArrayProperty(StringProperty(), default=list)   # "key: value" lines
    content_hash = StringProperty(required=True)
    idempotency_key = StringProperty(required=True)
    extraction_status = StringProperty(default="pending", choices=EXTRACTION_STATUSES)
    extraction_error = StringProperty(default="")
    extraction_attempts = IntegerProperty(default=0)
    llm_calls = IntegerProperty(default=0)
    tokens_used = IntegerProperty(default=0)

    mentions = RelationshipTo("Semantic", "MENTIONS", model=MentionsRel)


class Artifact(Episodic):
    """A whole document (issue 11's "Document"); its chunks are Sources (HAS_CHUNK)."""

    uri = StringProperty(default="")          # absolute path, or stdin:<title>
    media_type = StringProperty(default="")   # text/markdown | text/plain
    content_hash = StringProperty(default="")  # sha256 of the text: unchanged = nothing to do
    size_bytes = IntegerProperty(default=0)
    chunk_count = IntegerProperty(default=0)


class Summary(Memory, Notes):
    """What the storylines job writes (memgraph/jobs/storylines.py): a title (``name``), a
    synthesised summary (``description``), the subject and time span it covers, and the
    hash of the evidence it was written from (unchanged evidence: nothing to redo)."""

    __abstract_node__ = True
    summary_key = StringProperty(default="")     # the episode (or subject) it stands for
    subject_uid = StringProperty(default="")
    evidence_hash = StringProperty(default="")
    span_start = DateTimeNeo4jFormatProperty()
    span_end = DateTimeNeo4jFormatProperty()


class Storyline(Summary):
    """An episode in a subject's story: its sources (INCLUDES) over a time span."""

    fact_uids = ArrayProperty(StringProperty(), default=list)   # relationships learnt in it
    includes = RelationshipTo("Source", "INCLUDES")


class Macro(Summary):
    """A subject's lasting summary over its Storylines (SUMMARIZES)."""

    summarizes = RelationshipTo("Storyline", "SUMMARIZES")
