"""Job 1, decay: set-based Cypher over nodes, then relationships, in batches.

The math is ``memgraph.lifecycle.salience`` written in Cypher (``cypher/lifecycle/decay_*``).
Each batch commits on its own; a batch that committed moved its elements' anchor
(``last_decayed_at``) to ``as_of``, so a re-run after a crash decays only the remainder.
"""

from __future__ import annotations

from memgraph.jobs.context import JobContext

UNITS = (("nodes", "lifecycle/decay_nodes"), ("relationships", "lifecycle/decay_relationships"))


def run(ctx: JobContext) -> None:
    cfg = ctx.settings.lifecycle
    params = dict(user_ids=ctx.tenants(), as_of=ctx.as_of, dry_run=ctx.dry_run,
                  base_rate=cfg.base_decay_rate, high_confidence=cfg.high_confidence_candidate,
                  threshold=cfg.archive_below_salience,
                  ephemeral_episodic_days=cfg.ephemeral_episodic_days,
                  ephemeral_semantic_days=cfg.ephemeral_semantic_days,
                  batch_size=cfg.batch_size, concurrency=cfg.job_concurrency)
    for done, (unit, query) in enumerate(UNITS):
        ctx.checkpoint(unit)
        ctx.tick("decay", done, len(UNITS))
        row = ctx.graph.run_autocommit(query, **params)[0]
        ctx.report.add(**{f"{unit}_decayed": row["decayed"], f"{unit}_pinned": row["pinned"],
                          f"{unit}_archived_salience": row["archived_salience"],
                          f"{unit}_archived_ttl": row["archived_ttl"]})
    ctx.tick("decay", len(UNITS), len(UNITS))
