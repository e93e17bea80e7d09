"""A vector index and a full-text index of one tenant's own, for a big tenant.

The shared index ``memory_embedding`` holds every tenant's vectors and cannot filter by
tenant (Neo4j 5.26). explore() asks it for enough neighbours to keep ``k`` of the
tenant's (``memgraph/retrieve/vector_plan.py``): at 100,000 nodes in a 1M-node graph, 450
to keep 46; at 10,000, 4,000 to keep 40. A tenant with an index of its own is asked for
``k`` times the safety factor.

The shared full-text index ``memory_text`` scores a term by how many of ALL tenants'
memories hold it; explore() turns that into the tenant's own statistics by counting the
term in the tenant and in the index (``memgraph/retrieve/term_weights.py``), a count that
grows with the index: at 100,000 nodes in a 1M-node graph, 5-7 ms for a question's fresh
words. On the same label, a tenant's own full-text index (the fields and analyzer of
``memory_text``) scores by the tenant's statistics as they are, and needs no count
(docs/retrieval.md, "Session 59").

The cost: a second entry per vector and per text, and a label per node, so only big
tenants should have them (``should_have_own_index``).

Giving a tenant its own index (``create_own_index``), each step safe to run again:

1. the marker ``(:TenantVectorIndex {user_id})`` names the label and the index, state
   ``building``: from its commit on, every write of a node's vector also labels the node
   (``cypher/fragments/tenant_label.cypher``);
2. the tenant's nodes are labelled, in batches;
3. the indexes are created on the label, and waited for until ONLINE;
4. the tenant's nodes are labelled again: a write that began before the marker was
   committed and ended after step 2 left its node unlabelled;
5. state ``online``, and the full-text index's name: explore() asks the tenant's indexes
   (other processes within ``retrieval.tenant_size_ttl_s``). A marker written before
   tenants had their own full-text index names none: the tenant is due again
   (``tenants_due``), and running the steps again adds it.

Giving them up (``drop_own_index``): the marker goes first (writes stop labelling and
explore() goes back to the shared indexes), then the indexes, then the labels. Names
derive from the user id, so an interrupted run can be run again without the marker.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from memgraph.graph.connection import Graph

# How long `create_own_index` waits for the index to come ONLINE. At 100,000 vectors of
# 384 dimensions it took 85 s on the 2-core bench machine (docs/retrieval.md).
ONLINE_TIMEOUT_S = 3600


@dataclass(frozen=True)
class TenantIndex:
    user_id: str
    label: str          # the label every memory node of the tenant carries
    index: str          # the vector index on that label
    fulltext: str | None  # the full-text index on it, once ready (None: made before)
    state: str          # 'building' until ready, then 'online'
    created_at: datetime | None = None
    online_at: datetime | None = None
    labelled: int = 0   # nodes labelled by this call (create_own_index)

    def as_dict(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "label": self.label, "index": self.index,
                "fulltext": self.fulltext,
                "state": self.state, "labelled": self.labelled,
                "created_at": self.created_at.isoformat() if self.created_at else None,
                "online_at": self.online_at.isoformat() if self.online_at else None}


def _digest(user_id: str) -> str:
    return hashlib.sha256(user_id.encode("utf-8")).hexdigest()[:16]


def tenant_label(user_id: str) -> str:
    """The tenant's label: from its id's hash, since a user id may hold any character."""
    return f"TenantVectors_{_digest(user_id)}"


def tenant_index_name(user_id: str) -> str:
    return f"memory_embedding_{_digest(user_id)}"


def tenant_fulltext_name(user_id: str) -> str:
    return f"memory_text_{_digest(user_id)}"


def should_have_own_index(tenant_nodes: int, all_nodes: int, min_nodes: int) -> bool:
    """A tenant earns an index of its own at ``min_nodes`` memory nodes, unless it holds
    the shared index nearly alone (then the shared one already answers like its own)."""
    return tenant_nodes >= min_nodes and tenant_nodes * 2 < all_nodes


@dataclass(frozen=True)
class TenantDue:
    user_id: str
    nodes: int   # the tenant's memory nodes
    total: int   # all memory nodes (the shared index)


def tenants_due(graph: Graph, user_ids: list[str], min_nodes: int) -> list[TenantDue]:
    """Those of ``user_ids`` that should have their own indexes and have them not both
    ready, biggest first."""
    ready = {own.user_id for own in own_indexes(graph, None)
             if own.state == "online" and own.fulltext is not None}
    return [TenantDue(user_id=r["user_id"], nodes=r["nodes"], total=r["total"])
            for r in graph.read("graph/tenant_sizes", user_ids=user_ids)
            if r["user_id"] not in ready
            and should_have_own_index(r["nodes"], r["total"], min_nodes)]


def own_indexes(graph: Graph, user_id: str | None) -> list[TenantIndex]:
    """The tenant's own indexes (a list of at most one), or every tenant's for ``None``."""
    return [TenantIndex(user_id=r["user_id"], label=r["label"], index=r["index"],
                        fulltext=r["fulltext"], state=r["state"],
                        created_at=_as_datetime(r["created_at"]),
                        online_at=_as_datetime(r["online_at"]))
            for r in graph.read("graph/tenant_indexes", user_id=user_id)]


def create_own_index(graph: Graph, user_id: str, dimensions: int, *,
                     timeout_s: int = ONLINE_TIMEOUT_S) -> TenantIndex:
    """Give the tenant a vector index and a full-text index of its own (the steps in the
    module's docstring)."""
    label, index = tenant_label(user_id), tenant_index_name(user_id)
    fulltext = tenant_fulltext_name(user_id)
    graph.write("graph/tenant_index_mark", user_id=user_id, label=label, index=index,
                dimensions=dimensions, now=_now())
    labelled = graph.run_autocommit("graph/tenant_index_label", user_id=user_id,
                                    label=label)[0]["labelled"]
    graph.run_schema("graph/tenant_index_create", {"label": label}, index=index,
                     dimensions=dimensions)
    graph.run_schema("graph/tenant_fulltext_create", {"label": label}, index=fulltext)
    for name in (index, fulltext):
        graph.run_autocommit("graph/tenant_index_await", index=name, timeout_s=timeout_s)
    labelled += graph.run_autocommit("graph/tenant_index_label", user_id=user_id,
                                     label=label)[0]["labelled"]
    graph.write("graph/tenant_index_online", user_id=user_id, fulltext=fulltext, now=_now())
    return replace(own_indexes(graph, user_id)[0], labelled=labelled)


def drop_own_index(graph: Graph, user_id: str) -> int:
    """Put the tenant back on the shared indexes. Returns how many nodes were unlabelled."""
    label = tenant_label(user_id)
    graph.write("graph/tenant_index_unmark", user_id=user_id)
    for index in (tenant_index_name(user_id), tenant_fulltext_name(user_id)):
        graph.run_autocommit("graph/drop_index", index=index)
    return graph.run_autocommit("graph/tenant_index_unlabel", user_id=user_id,
                                label=label)[0]["unlabelled"]


def drop_stale_fulltext_indexes(graph: Graph, properties: list[str], analyzer: str) -> int:
    """Give up the tenants' own full-text indexes whose fields or analyzer differ from
    the shared one's (``properties``, ``analyzer``): made before its definition changed.
    Their tenants go back to the shared index, weighed, and are due again (``create``
    run again, or the nightly step, makes the index anew). Returns how many went."""
    stale = [row["name"] for row in graph.read("graph/tenant_fulltext_definitions")
             if sorted(row["properties"]) != sorted(properties)
             or row["analyzer"] != analyzer]
    for name in stale:
        graph.write("graph/tenant_fulltext_forget", index=name)
        graph.run_autocommit("graph/drop_index", index=name)
    return len(stale)


def recreate_own_indexes(graph: Graph, dimensions: int) -> None:
    """After the shared index was recreated for a new embedder: each tenant's index again,
    with the new dimensions (the labels stay)."""
    for own in own_indexes(graph, None):
        graph.run_autocommit("graph/drop_index", index=own.index)
        graph.run_schema("graph/tenant_index_create", {"label": own.label}, index=own.index,
                         dimensions=dimensions)


def _now() -> datetime:
    return datetime.now(UTC)


def _as_datetime(value: Any) -> datetime | None:
    return value.to_native() if hasattr(value, "to_native") else value
