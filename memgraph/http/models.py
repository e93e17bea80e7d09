"""Request bodies. Vocabulary and limits come from the library, never retyped here: kinds,
states, TTL policies and source kinds from their defining modules, k and the token budget
from retrieval. Limits that are settings (content size, traverse depth and page) are
checked by the library itself and come back as 400 like any other bad input."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from memgraph.graph.vocabulary import (
    KindFilterName,
    SensitivityName,
    SourceKindName,
    StateName,
    TtlPolicyName,
    literal,
)
from memgraph.ingest.inputs import MAX_LABEL_CHARS
from memgraph.ingest.tools import MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS
from memgraph.jobs.runner import JOB_NAMES, NIGHTLY
from memgraph.retrieve.context import FORMATS, MAX_TOKENS, MIN_TOKENS
from memgraph.retrieve.explore import MAX_K, MAX_QUERY_CHARS
from memgraph.retrieve.traverse import DIRECTIONS

KindName = KindFilterName
State = StateName
Sensitivity = SensitivityName
TtlPolicy = TtlPolicyName
SourceKind = SourceKindName
Format = literal(FORMATS)
Direction = literal(DIRECTIONS)
JobName = literal((*JOB_NAMES, NIGHTLY))
Label = Field(default=None, max_length=MAX_LABEL_CHARS)


class _Body(BaseModel):
    # Unknown fields are refused (400), so a misspelt filter is never silently ignored.
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    user_id: str | None = Field(
        default=None, description="optional: the key's own tenant; any other is refused (403)")


class IngestBody(_Body):
    content: str = Field(description="the text to remember (up to 100 KB of UTF-8)")
    agent_id: str | None = Field(default=None, max_length=MAX_LABEL_CHARS,
                                 description="the agent of this tenant that writes it")
    session_id: str | None = Field(default=None, max_length=MAX_LABEL_CHARS)
    event_at: str | None = Field(default=None, description="ISO-8601 time it happened")
    kind: SourceKind = "message"
    speaker: str | None = Field(default=None, max_length=MAX_LABEL_CHARS)
    external_id: str | None = Field(default=None, max_length=MAX_LABEL_CHARS)
    metadata: dict[str, Any] | None = Field(
        default=None, description="text, number or boolean values, kept on the source")
    ttl_policy: TtlPolicy = "decay"
    sensitivity: Sensitivity = "normal"
    idempotency_key: str | None = Field(
        default=None, max_length=MAX_LABEL_CHARS,
        description="same key, same source: a retry changes nothing (default: from content)")
    dry_run: bool = Field(
        default=False, description="extract and write in a transaction that is rolled back: "
        "the answer is what would be learned now, and nothing is stored")


class _Filters(_Body):
    kinds: list[KindName] | None = Field(
        default=None, description="only these kinds; 'Relationship' keeps relationships")
    states: list[State] | None = None
    since: str | None = Field(default=None, description="event time from (ISO-8601)")
    until: str | None = Field(default=None, description="event time before (ISO-8601)")
    include_archived: bool = False
    min_salience: float | None = Field(default=None, ge=0.0, le=1.0)
    sensitivity: list[Sensitivity] | None = None
    agent_id: str | None = Field(default=None, max_length=MAX_LABEL_CHARS,
                                 description="only what this agent of the tenant wrote, and "
                                             "what was learnt from it")
    reinforce: bool = Field(default=True, description="count this as a recall; false = read only")

    def options(self) -> dict[str, Any]:
        return self.model_dump(exclude={"user_id", "query", "k", "max_tokens", "format"})


class SearchBody(_Filters):
    query: str = Field(min_length=1, max_length=MAX_QUERY_CHARS)
    k: int | None = Field(default=None, ge=1, le=MAX_K, description="results (default 10)")


class ContextBody(_Filters):
    query: str = Field(min_length=1, max_length=MAX_QUERY_CHARS)
    max_tokens: int = Field(default=1000, ge=MIN_TOKENS, le=MAX_TOKENS)
    format: Format = "markdown"


class RelatedBody(_Body):
    memory_id: str = Field(min_length=1, description="a node's uid, or a name")
    relationship_types: list[str] | None = Field(
        default=None, description="types to follow (default: every semantic type)")
    max_depth: int = Field(default=2, ge=1, description="hops (the library caps it)")
    direction: Direction = "both"
    limit: int = Field(default=50, ge=1, description="nodes per page (the library caps it)")
    offset: int = Field(default=0, ge=0)
    include_archived: bool = False
    reinforce: bool = True


class PatchBody(_Body):
    name: str | None = Field(default=None, min_length=1, max_length=MAX_NAME_CHARS,
                             description="a node's corrected name (the old one stays an alias)")
    description: str | None = Field(default=None, max_length=MAX_DESCRIPTION_CHARS)
    valid_to: str | None = Field(
        default=None, description="end a fact (relationship) as of this ISO-8601 time")
    end: bool = Field(default=False, description="end a fact (relationship) now")
    ttl_policy: TtlPolicy | None = Field(default=None, description="how it is forgotten")


class ConsolidateBody(_Body):
    job: JobName = Field(default=NIGHTLY, description="nightly (every step) or one step")
    dry_run: bool = False
