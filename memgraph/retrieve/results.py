"""What retrieval returns: results with provenance and a score breakdown that adds up."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from memgraph.graph.values import to_native

Element = Literal["node", "relationship"]


def as_datetime(value: Any) -> datetime | None:
    """A time read by a retrieval query as a Python datetime (UTC). The queries return
    epoch milliseconds: the driver builds each of its DateTime values in Python, ~35 µs
    apiece, which was a third of explore()'s time at a few hundred candidates."""
    if value is None:
        return None
    if isinstance(value, int):
        return datetime.fromtimestamp(value / 1000, UTC)
    return to_native(value)


class Provenance(BaseModel):
    """A source a result came from."""

    model_config = ConfigDict(frozen=True)

    source_uid: str
    external_id: str = ""
    speaker: str = ""
    excerpt: str = ""
    event_at: datetime | None = None
    via: str = ""   # self | MENTIONS | DERIVED_FROM | notes | source_ids | INCLUDES | SUMMARIZES


# what a tier says to a reader: results rank by tier first, then by score (0.743 an answer
# above 0.750 a message); the rest (tier 2) need no word
TIER_NAMES = {0: "the node named", 1: "an answer", 3: "repeats results above"}


class ScoreBreakdown(BaseModel):
    """Why a result ranked where it did. ``terms`` sum to ``final``.

    ``ranks`` holds the 1-based rank in each signal that found it; ``rrf`` is
    sum(w / (rrf_k + rank)); ``adjusted`` is ``rrf`` made answer-shaped (``reasons`` say
    how); ``relevance`` is ``adjusted`` divided by the best ``adjusted`` among the
    candidates (1 for tier 0, 0 for the question's subject); each term is weight x value
    for relevance, recency, importance, and for salience weight x ``fusion.retained``
    (where every memory starts, less how far decay moved it below, in proportion to
    relevance; use keeps a memory from fading, it does not lift it).
    """

    model_config = ConfigDict(frozen=True)

    ranks: dict[str, int]
    signal_scores: dict[str, float]
    rrf: float
    # answer-shaped (memgraph/retrieve/answers.py): rrf plus the evidence a fact carries,
    # halved for a superseded fact or a source a fact above already carries
    adjusted: float = 0.0
    evidence: float = 0.0          # the best RRF among the matching sources a fact carries
    tier: int = 2                  # 0: a bare name's node; 1: the answers; 2: the rest;
    #                                3: what shows only messages shown above it
    layer: str = ""                # fact | entity | summary | episode (vocabulary.layer_of)
    reasons: list[str] = Field(default_factory=list)   # why it ranks where it does
    relevance: float
    salience: float
    recency: float
    importance: float
    terms: dict[str, float]
    final: float
    subject: bool = False   # the query names this node: relevance 0, its episodes boosted

    @property
    def ranked_as(self) -> str:
        """The tier in words ("an answer"), or "" for the rest."""
        return TIER_NAMES.get(self.tier, "")


class Result(BaseModel):
    """One node or relationship found by explore()."""

    model_config = ConfigDict(frozen=True)

    element: Element
    kind: str                      # node label (Person, Source, …) or relationship type
    uid: str
    name: str = ""
    text: str = ""
    state: str = ""
    salience: float = 0.0
    event_at: datetime | None = None
    start: dict[str, str] | None = None   # relationships: {uid, name} of both ends
    end: dict[str, str] | None = None
    valid_from: datetime | None = None    # relationships: when the fact started to hold
    valid_to: datetime | None = None      # ... and stopped (superseded or ended); None: holds
    provenance: list[Provenance] = Field(default_factory=list)
    score: ScoreBreakdown
    key: str = Field("", exclude=True, repr=False)   # elementId, valid for this session only

    @property
    def external_ids(self) -> list[str]:
        return [p.external_id for p in self.provenance if p.external_id]


class TraverseNode(BaseModel):
    model_config = ConfigDict(frozen=True)

    uid: str
    kind: str
    name: str = ""
    text: str = ""
    state: str = ""
    salience: float = 0.0
    depth: int
    path: list[str]                # uids from the start: node, rel, node, rel, …, this node


class TraverseRelationship(BaseModel):
    model_config = ConfigDict(frozen=True)

    uid: str
    type: str
    start_uid: str
    end_uid: str
    description: str = ""
    state: str = ""
    strength: float | None = None
    valid_from: datetime | None = None   # when the fact started to hold (bi-temporal)
    valid_to: datetime | None = None     # when it stopped: superseded or ended
    superseded_by: str = ""              # uid of the relationship that replaced it


class TraverseResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    start: TraverseNode
    nodes: list[TraverseNode]
    relationships: list[TraverseRelationship]
    offset: int
    next_offset: int | None        # pass as ``offset`` for the next page; None at the end


class ContextResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    text: str
    format: Literal["markdown", "xml", "json"]
    memories_used: int
    tokens_used: int
    max_tokens: int
    truncated: bool
    memories: list[Result] = Field(default_factory=list)
    # the external ids of the sources whose words the text holds (context.quoted_ids):
    # what a reader of the text can use; a memory's other sources are only listed by id
    quoted_ids: list[str] = Field(default_factory=list)
