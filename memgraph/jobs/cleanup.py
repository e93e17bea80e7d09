"""Job 3, note cleanup: expired notes leave nodes and relationships, in pure Cypher batches.

Runs after description consolidation, which has already folded the expiring notes into
descriptions where it could (it takes every dirty element holding an expired note, whatever
its last access). Forgetting is exact: an expired note goes whatever the element's dirty
flag (docs/lifecycle.md, "Exact forgetting"). Elements are
found by ``notes_next_expiry`` (the earliest expiry of their notes), which every writer of
notes keeps (``memgraph.graph.notes.next_expiry``), so the cost follows the expired notes.

Nodes and relationships are cleaned at the same time, in two sessions: they are disjoint
elements (no shared locks) with separate full-text indexes, and each unit keeps one core
busy, so on two cores the pair takes little more than the slower of the two
(measured: docs/benchmarks.md, "Nightly jobs"). Each unit still commits batch by batch, so a crash
leaves only committed batches behind and the next run cleans the rest.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from memgraph.jobs.context import JobContext

UNITS = (("nodes", "lifecycle/cleanup_nodes"),
         ("relationships", "lifecycle/cleanup_relationships"))


def run(ctx: JobContext) -> None:
    cfg = ctx.settings.lifecycle
    params = dict(user_ids=ctx.tenants(), as_of=ctx.as_of, dry_run=ctx.dry_run,
                  batch_size=cfg.batch_size, concurrency=cfg.cleanup_concurrency)
    ctx.checkpoint("nodes and relationships")
    ctx.tick("cleanup", 0, len(UNITS))
    with ThreadPoolExecutor(max_workers=len(UNITS)) as pool:
        futures = [pool.submit(ctx.graph.run_autocommit, query, **params)
                   for _, query in UNITS]
        rows = [future.result()[0] for future in futures]   # re-raises a unit's error
    for (unit, _), row in zip(UNITS, rows, strict=True):
        ctx.report.add(**{f"{unit}_cleaned": row["elements"],
                          f"{unit}_notes_removed": row["notes_removed"]})
    ctx.tick("cleanup", len(UNITS), len(UNITS))
