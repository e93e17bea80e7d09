"""The relevant existing graph for one source, found with the graph's own indexes.

Nodes: exact cosine between the source's embedding and the user's semantic nodes, plus
full-text (``memory_text``) hits on the source's words; relationships: the still-valid
ones leaving those nodes. The agent gets them as compact lines with their ids, so it can
refer to existing elements instead of creating twins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from memgraph.graph.connection import Graph
from memgraph.ingest.resolution import SimilaritySearch
from memgraph.ingest.tools import Known
from memgraph.retrieve.filters import in_content_fields
from memgraph.settings import Settings

_LUCENE_WORD = re.compile(r"[A-Za-z0-9][\w'-]{2,}")
_MAX_TERMS = 40


@dataclass
class GraphContext:
    nodes: list[dict[str, object]] = field(default_factory=list)
    relationships: list[dict[str, object]] = field(default_factory=list)

    def known(self) -> list[Known]:
        return ([Known(str(n["uid"]), str(n["kind"]), str(n["name"])) for n in self.nodes]
                + [Known(str(r["uid"]), str(r["type"]), str(r["description"] or ""), True)
                   for r in self.relationships])

    def as_text(self) -> str:
        if not self.nodes:
            return "(nothing known yet about this user)"
        lines = ["Nodes:"]
        for n in self.nodes:
            aliases = f" aka {', '.join(n['aliases'])}" if n.get("aliases") else ""
            desc = f" — {n['description']}" if n.get("description") else ""
            lines.append(f"- id={n['uid']} {n['kind']} {n['name']!r}{aliases}{desc}")
        if self.relationships:
            lines.append("Relationships (still valid):")
            for r in self.relationships:
                lines.append(f"- id={r['uid']} {r['from_name']} -{r['type']}-> {r['to_name']}"
                             + (f" — {r['description']}" if r.get("description") else ""))
        return "\n".join(lines)


def lucene_query(text: str) -> str:
    """The source's words as an OR query, with Lucene syntax stripped, matched in the
    indexed text (not in the tenant's id)."""
    words = list(dict.fromkeys(w.lower() for w in _LUCENE_WORD.findall(text)))[:_MAX_TERMS]
    return in_content_fields(" OR ".join(words) or "memgraphnomatch")


def gather(graph: Graph, settings: Settings, user_id: str, content: str,
           embedding: list[float]) -> GraphContext:
    search = SimilaritySearch.for_tenant(graph, settings, user_id)
    nodes = graph.read("ingest/known_nodes", user_id=user_id, embedding=embedding,
                       text=lucene_query(content), limit=settings.ingest.context_nodes,
                       **search.params())
    if not nodes:
        return GraphContext()
    rels = graph.read("ingest/known_relationships", user_id=user_id,
                      uids=[n["uid"] for n in nodes],
                      limit=settings.ingest.context_relationships)
    return GraphContext(nodes, rels)
