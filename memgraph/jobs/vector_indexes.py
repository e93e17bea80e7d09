"""Job 7, vector indexes: a tenant that has grown big gets a vector index (and a full-text
index) of its own.

The shared vector index cannot filter by tenant, so a tenant of more than a few thousand
nodes in a big database is asked for thousands of neighbours, or scored exactly
(``memgraph/retrieve/vector_plan.py``). Each tenant the run covers that has at least
``retrieval.own_vector_index_min_nodes`` memory nodes and holds less than half of the
shared index gets its own, and its own full-text index, whose statistics are the
tenant's (``memgraph/graph/tenant_index.py``; the same as `memgraph vector-index create`;
a tenant that has the first from before there was the second is due again). Last in the
nightly order: the indexes are built on what the other jobs left. A dry run reports who is
due and creates nothing.
"""

from __future__ import annotations

from memgraph.graph.tenant_index import create_own_index, tenants_due
from memgraph.jobs.context import JobContext


def run(ctx: JobContext) -> None:
    due = tenants_due(ctx.graph, ctx.tenants(), ctx.settings.retrieval.own_vector_index_min_nodes)
    ctx.report.add(due=len(due))
    if ctx.dry_run or not due:
        return
    dimensions = ctx.embedder_factory().dimensions
    for done, tenant in enumerate(due):
        ctx.checkpoint(tenant.user_id)
        ctx.tick("vector_indexes", done, len(due))
        made = create_own_index(ctx.graph, tenant.user_id, dimensions)
        ctx.report.add(created=1, nodes_labelled=made.labelled)
    ctx.tick("vector_indexes", len(due), len(due))
