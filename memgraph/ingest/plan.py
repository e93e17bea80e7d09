"""A validated plan: what one source's accepted tool calls will write, in one transaction.

Tool calls refer to nodes and relationships either by the id of an existing element
(shown to the agent in its context) or by the ``ref`` of one created in the same source;
the writer turns refs into ids inside the transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from memgraph.graph.notes import Lifetime
from memgraph.graph.vocabulary import Kind


@dataclass
class NodeOp:
    ref: str
    kind: Kind
    name: str
    canonical_name: str
    aliases: list[str] = field(default_factory=list)
    description: str = ""
    attributes: list[str] = field(default_factory=list)   # "key: value"
    entity_type: str = ""
    confidence: float = 0.7
    uid: str | None = None            # set: update this existing node (update_node)
    set_description: bool = False     # update_node replaces the description
    set_confidence: bool = False


@dataclass
class RelOp:
    ref: str
    from_id: str                      # an existing uid or a node ref
    to_id: str
    type: str
    description: str = ""
    attitude: float = 0.0
    proximity: float = 0.5
    strength: float = 0.5
    confidence: float = 0.7
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    from_name: str = ""               # the two ends' names, for the fact's statement
    to_name: str = ""


@dataclass
class NoteOp:
    target: str                       # an existing uid or a node / relationship ref
    on_relationship: bool
    text: str
    lifetime: Lifetime


@dataclass
class Plan:
    nodes: list[NodeOp] = field(default_factory=list)
    relationships: list[RelOp] = field(default_factory=list)
    notes: list[NoteOp] = field(default_factory=list)
    mentions: list[str] = field(default_factory=list)   # uids or node refs
    refused: list[str] = field(default_factory=list)
    accepted_calls: int = 0

    @property
    def empty(self) -> bool:
        return not (self.nodes or self.relationships or self.notes or self.mentions)
