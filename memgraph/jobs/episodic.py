"""Job 4, episodic → semantic consolidation (seed 001).

Triggers, for sources at least ``episodic_min_age_days`` old (the age guard applies to every
trigger so the current conversation stays episodic), not archived and already extracted:
1. salience below ``episodic_max_salience`` (0.2);
2. a semantic node mentioned by ``episodic_min_shared_sources`` (5) or more such sources;
3. ``access_count >= episodic_high_access_count`` with salience below the initial salience
   (a frequently referenced detail that is fading).
Triggered sources are clustered by the semantic nodes they share (connected components, one
tenant each). For each cluster and each node it mentions, the synthesiser distils one
insight (LLM batches of ``consolidate_llm_batch`` items, across the clusters of one tenant:
a prompt never holds two tenants' episodes), appended
as a note to the node (``notes_source`` = newest source) with ``DERIVED_FROM`` links to all
the cluster's sources; then the sources are archived. One transaction per cluster: a
crash never leaves a cluster half done, and archived sources are not candidates again.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from memgraph.errors import ProviderError
from memgraph.graph.notes import Lifetime, expires_at
from memgraph.graph.values import to_native
from memgraph.jobs.context import JobContext
from memgraph.jobs.synthesis import DatedText, InsightItem
from memgraph.jobs.union_find import UnionFind


@dataclass
class Cluster:
    user_id: str
    sources: list[dict[str, Any]] = field(default_factory=list)

    def nodes(self) -> dict[str, dict[str, Any]]:
        return {m["uid"]: m for s in self.sources for m in s["mentions"]}


def triggered(rows: list[dict[str, Any]], ctx: JobContext) -> dict[str, str]:
    """Source uid → the first trigger that selects it."""
    cfg = ctx.settings.lifecycle
    reasons: dict[str, str] = {}
    for row in rows:
        salience = row["salience"] if row["salience"] is not None else cfg.initial_salience
        if salience < cfg.episodic_max_salience:
            reasons[row["uid"]] = "low_salience"
        elif (row["access_count"] >= cfg.episodic_high_access_count
              and salience < cfg.initial_salience):
            reasons[row["uid"]] = "frequently_referenced"
    by_node: dict[str, list[str]] = defaultdict(list)
    for row in rows:
        for mention in row["mentions"]:
            by_node[mention["uid"]].append(row["uid"])
    for sources in by_node.values():
        if len(sources) >= cfg.episodic_min_shared_sources:
            for uid in sources:
                reasons.setdefault(uid, "shared_entities")
    return reasons


def cluster(rows: list[dict[str, Any]], chosen: set[str]) -> list[Cluster]:
    """Connected components of chosen sources linked through shared semantic nodes."""
    sets = UnionFind(r["uid"] for r in rows if r["uid"] in chosen)
    first_by_node: dict[tuple[str, str], str] = {}   # (tenant, node): never across tenants
    for row in rows:
        if row["uid"] not in sets:
            continue
        for mention in row["mentions"]:
            other = first_by_node.setdefault((row["user_id"], mention["uid"]), row["uid"])
            sets.union(row["uid"], other)
    groups: dict[str, Cluster] = {}
    for row in rows:
        if row["uid"] in sets:
            groups.setdefault(sets.find(row["uid"]), Cluster(row["user_id"])).sources.append(row)
    return list(groups.values())


def run(ctx: JobContext) -> None:
    cfg = ctx.settings.lifecycle
    cutoff = ctx.as_of - timedelta(days=cfg.episodic_min_age_days)
    rows = ctx.graph.read("jobs/episodic_candidates", user_ids=ctx.tenants(), cutoff=cutoff)
    for row in rows:
        row["at"] = to_native(row["at"])
    reasons = triggered(rows, ctx)
    for reason in reasons.values():
        ctx.report.add(**{f"triggered_{reason}": 1})
    clusters = cluster(rows, set(reasons))
    ctx.report.add(clusters=len(clusters))
    window: list[tuple[int, Cluster, list[InsightItem]]] = []
    for done, group in enumerate(clusters):
        ctx.checkpoint(f"cluster:{group.sources[0]['uid']}")
        if ctx.dry_run:
            ctx.report.add(sources_would_archive=len(group.sources),
                           insights_would_add=len(group.nodes()))
        else:
            if window and window[-1][1].user_id != group.user_id:
                _consolidate(ctx, window)   # the next cluster is another tenant's
                window = []
            window.append((done, group, _items(group)))
            waiting = sum(len(items) for _, _, items in window)
            if waiting >= cfg.consolidate_llm_batch or done == len(clusters) - 1:
                _consolidate(ctx, window)
                window = []
        ctx.tick("episodic", done + 1, len(clusters))


def _items(group: Cluster) -> list[InsightItem]:
    """One insight to write per semantic node the cluster mentions, from the cluster's
    sources that mention it."""
    return [InsightItem(key=uid, node_name=node["name"] or uid, node_kind=node["kind"],
                        sources=tuple(DatedText(s["text"], s["at"]) for s in group.sources
                                      if any(m["uid"] == uid for m in s["mentions"])),
                        user_id=group.user_id)
            for uid, node in group.nodes().items()]


def _consolidate(ctx: JobContext, window: list[tuple[int, Cluster, list[InsightItem]]]) -> None:
    """Insights for a window of one tenant's clusters, asked in LLM batches that may span
    clusters (a node belongs to one cluster only, so keys never clash), then one
    transaction per cluster. A cluster missing any insight stays episodic for the next
    run."""
    items = [item for _, _, cluster_items in window for item in cluster_items]
    insights: dict[str, str] = {}
    batch = ctx.settings.lifecycle.consolidate_llm_batch
    for start in range(0, len(items), batch):
        try:
            insights.update(ctx.synthesiser.insights(items[start:start + batch]))
        except ProviderError as e:
            ctx.report.errors.append(f"insights for {items[start].node_name}…: {e}")
    for index, group, cluster_items in window:
        if any(item.key not in insights for item in cluster_items):
            ctx.report.errors.append(f"cluster {index}: insights missing; retried next run")
            ctx.report.add(clusters_failed=1)
            continue
        _write_cluster(ctx, group, cluster_items, insights)


def _write_cluster(ctx: JobContext, group: Cluster, items: list[InsightItem],
                   insights: dict[str, str]) -> None:
    lifetime = Lifetime(ctx.settings.lifecycle.episodic_insight_lifetime)
    newest = max(group.sources, key=lambda s: s["at"])["uid"]
    source_uids = [s["uid"] for s in group.sources]
    payload = [{"node_uid": item.key, "text": insights[item.key], "latest_source": newest,
                "source_uids": [s["uid"] for s in group.sources
                                if any(m["uid"] == item.key for m in s["mentions"])]}
               for item in items]
    common = dict(user_id=group.user_id, as_of=ctx.as_of, run_id=ctx.report.run_id)
    results = ctx.graph.write_many([
        ("jobs/append_insights", dict(common, insights=payload, lifetime=lifetime.value,
                                      expires_at=expires_at(ctx.as_of, lifetime))),
        ("jobs/archive_sources", dict(common, source_uids=source_uids)),
    ])
    links = results[0][0]["links"] if results[0] else 0
    ctx.report.add(clusters_consolidated=1, insights_added=len(payload),
                   provenance_links=links, sources_archived=results[1][0]["archived"])
