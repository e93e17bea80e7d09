"""Job 3, note cleanup: expired notes leave nodes and relationships, in pure Cypher batches.

Runs after description consolidation, which has already folded the notes into descriptions;
elements still dirty keep their expired notes until they are consolidated. Elements are
found by ``notes_next_expiry`` (the earliest expiry of their notes), which every writer of
notes keeps (``memgraph.graph.notes.next_expiry``), so the cost follows the expired notes.
"""

from __future__ import annotations

from memgraph.jobs.runner import JobContext

UNITS = (("nodes", "lifecycle/cleanup_nodes"),
         ("relationships", "lifecycle/cleanup_relationships"))


def run(ctx: JobContext) -> None:
    cfg = ctx.settings.lifecycle
    params = dict(user_ids=ctx.tenants(), as_of=ctx.as_of, dry_run=ctx.dry_run,
                  batch_size=cfg.batch_size, concurrency=cfg.cleanup_concurrency)
    for done, (unit, query) in enumerate(UNITS):
        ctx.checkpoint(unit)
        ctx.tick("cleanup", done, len(UNITS))
        row = ctx.graph.run_autocommit(query, **params)[0]
        ctx.report.add(**{f"{unit}_cleaned": row["elements"],
                          f"{unit}_notes_removed": row["notes_removed"]})
    ctx.tick("cleanup", len(UNITS), len(UNITS))
