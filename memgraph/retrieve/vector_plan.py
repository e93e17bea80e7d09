"""How explore() asks the shared vector index for one tenant's nearest nodes.

The index covers every tenant and cannot pre-filter (Neo4j 5.26), so a tenant holding a
share ``s`` of the index finds about ``s x ann_k`` of its own nodes among ``ann_k``
neighbours. Asking for a fixed multiple wastes time on a big tenant and finds too few for a
small one. The plan sizes ``ann_k`` to the tenant's share (``per_signal / s`` times a safety
factor), and scans a small tenant's vectors exactly instead when the index would have to be
asked for more than ``vector_fetch_max`` neighbours. The explore query still falls back to
the exact scan when fewer than ``k`` of the tenant's nodes survive (a narrow filter, a
tenant that grew since its size was counted), so the plan changes cost, never correctness.

A big tenant may have a vector index of its own (``memgraph/graph/tenant_index.py``):
once it is ready, the plan asks it instead, for ``per_signal`` times the safety factor
(the tenant's share of its own index is whole).

Tenant sizes are counted once per ``tenant_size_ttl_s`` per process (one index count).
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass, replace

from memgraph.graph.connection import Graph
from memgraph.graph.schema import VECTOR_INDEX
from memgraph.retrieve.config import RetrievalConfig

# The quantized index's score differs from the exact cosine score by up to 0.015 on
# MiniLM vectors of a LoCoMo conversation (2,790 neighbours) and by up to 0.011 on the
# tests' (rotated) hashing vectors: within 0.1 of `min_vector_score`, a neighbour is
# checked on its exact score (cypher/fragments/ann_ask.cypher). Sparse vectors break this
# bound (scored 0.19-0.22 too high: memgraph/providers/embeddings.py, HashingEmbedder).
ANN_SCORE_MARGIN = 0.1

# What Neo4j says when a query asks a vector or full-text index that is not there.
NO_SUCH_INDEX = ("no such vector schema index", "no such fulltext schema index")


@dataclass(frozen=True)
class TenantSize:
    tenant: int            # the tenant's memory nodes (summaries apart)
    total: int             # all memory nodes in the shared index
    own_index: str | None  # the tenant's own vector index, once ready
    own_fulltext: str | None = None   # ... and its own full-text index


_sizes: dict[tuple[str, str, str], tuple[float, TenantSize]] = {}
_lock = threading.Lock()


@dataclass(frozen=True)
class VectorPlan:
    ann_k: int           # neighbours asked of the index (at least 1)
    exact_first: bool    # skip the index: score the tenant's vectors exactly
    index: str = VECTOR_INDEX   # the index asked


def _cache_key(graph: Graph, user_id: str) -> tuple[str, str, str]:
    return (graph.settings.neo4j_uri, graph.database or "", user_id)


def tenant_size(graph: Graph, user_id: str, ttl_s: float) -> TenantSize:
    """The tenant's size and index, cached for ``ttl_s`` seconds."""
    key = _cache_key(graph, user_id)
    now = time.monotonic()
    with _lock:
        cached = _sizes.get(key)
    if cached and now - cached[0] < ttl_s:
        return cached[1]
    size = _count(graph, user_id)
    with _lock:
        _sizes[key] = (now, size)
    return size


def _count(graph: Graph, user_id: str) -> TenantSize:
    row = graph.read("retrieve/tenant_size", user_id=user_id)[0]
    return TenantSize(tenant=row["tenant"], total=row["total"], own_index=row["index"],
                      own_fulltext=row["fulltext"])


def forget_tenant_size(graph: Graph, user_id: str) -> None:
    """Count again at the next plan."""
    with _lock:
        _sizes.pop(_cache_key(graph, user_id), None)


def own_index_missing(graph: Graph, user_id: str) -> None:
    """The tenant's own index was not there when asked (given up since this process
    counted, or dropped by hand to be rebuilt): count again, and plan with the shared
    indexes until the next count."""
    size = replace(_count(graph, user_id), own_index=None, own_fulltext=None)
    with _lock:
        _sizes[_cache_key(graph, user_id)] = (time.monotonic(), size)


def plan_vector(graph: Graph, user_id: str, per_signal: int, cfg: RetrievalConfig
                ) -> VectorPlan:
    size = tenant_size(graph, user_id, cfg.tenant_size_ttl_s)
    if size.tenant == 0:
        return VectorPlan(ann_k=per_signal, exact_first=True)
    # the vectors in the index asked: the tenant's alone in its own
    indexed = size.tenant if size.own_index is not None else max(size.total, size.tenant)
    wanted = math.ceil(per_signal * cfg.vector_overfetch * indexed / size.tenant)
    if wanted > cfg.vector_fetch_max and size.tenant <= cfg.exact_scan_max:
        return VectorPlan(ann_k=per_signal, exact_first=True)
    return VectorPlan(ann_k=max(per_signal, min(wanted, cfg.vector_fetch_max)),
                      exact_first=False, index=size.own_index or VECTOR_INDEX)
