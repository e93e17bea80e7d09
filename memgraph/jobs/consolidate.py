"""Job 2, description consolidation (seed 001): dirty Person/Concept/Entity nodes and
relationships get a new description synthesised from their description and notes.

Pages of dirty elements are read in (tenant, uid) order: nodes by the (user_id, is_dirty)
index seek per page; relationships, which cannot be indexed that way, by one scan for their
tenants and uids per run and then pages fetched by uid. A page is split by tenant, and each
tenant's chunk (at most WRITE_CHUNK elements) is synthesised (one LLM call per
``lifecycle.consolidate_llm_batch`` elements of that tenant: a prompt never holds two
tenants' notes), re-embedded only where the description changed, and written in ONE
transaction, scoped to the tenant, that clears ``is_dirty``. A crash leaves the rest dirty,
so the next run continues where this one stopped; a failed batch (LLM error, malformed
answer, an answer about elements it was not asked about) is recorded and its elements stay
dirty for the next run.

Besides those accessed recently, every dirty element holding a note past its expiry is
taken (whatever its last access), so its notes are folded in before cleanup removes them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import timedelta
from itertools import groupby
from typing import Any

from memgraph.errors import ProviderError
from memgraph.graph.values import to_native
from memgraph.ingest.properties import node_embedding_text
from memgraph.jobs.context import JobContext
from memgraph.jobs.synthesis import DatedText, DescribeItem

EMBED_TEXT_CHARS = 1000   # seed 001: relationship notes embedding over at most 1000 chars
# Elements re-embedded and written together: one embedder call (the local model embeds 64
# at a time) and one transaction; a crash redoes at most this much synthesis.
WRITE_CHUNK = 64
UNITS = (("nodes", "jobs/write_node_descriptions"),
         ("relationships", "jobs/write_relationship_descriptions"))


def embedding_text(name: str, description: str, notes: Sequence[str]) -> str:
    """What a consolidated element is embedded from: the one recipe of a node's text
    (name, description, notes), capped at EMBED_TEXT_CHARS."""
    return node_embedding_text(name, description, notes, limit=EMBED_TEXT_CHARS)


def run(ctx: JobContext) -> None:
    for unit, write_query in UNITS:
        done = 0
        for rows in _dirty_pages(ctx, unit):
            if ctx.dry_run:
                ctx.report.add(**{f"{unit}_would_consolidate": len(rows)})
                continue
            for user_id, chunk in tenant_chunks(rows, WRITE_CHUNK):
                _consolidate_chunk(ctx, unit, write_query, user_id, chunk)
                done += len(chunk)
                ctx.tick(f"consolidate {unit}", done, None)


def tenant_chunks(rows: Sequence[dict[str, Any]],
                  size: int) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Rows ordered by tenant, cut into chunks of at most ``size`` rows of ONE tenant."""
    for user_id, group in groupby(rows, key=lambda row: row["user_id"]):
        same = list(group)
        for start in range(0, len(same), size):
            yield user_id, same[start:start + size]


def _dirty_pages(ctx: JobContext, unit: str) -> Iterator[list[dict[str, Any]]]:
    """Pages of the tenants' dirty elements in (tenant, uid) order, each read after the
    previous page was written (a checkpoint before each)."""
    cutoff = ctx.as_of - timedelta(days=ctx.settings.lifecycle.consolidate_recent_days)
    tenants = ctx.tenants()
    scope = {"all": ctx.all_elements, "cutoff": cutoff, "as_of": ctx.as_of}
    page = ctx.settings.lifecycle.consolidate_page
    if unit == "nodes":
        after_user, after = "", ""
        done: set[str] = set()   # tenants the cursor has left: their entries are not read
        while True:
            ctx.checkpoint(f"{unit}:{after}")
            rows = ctx.graph.read("jobs/dirty_nodes", after_user=after_user, after=after,
                                  page=page, user_ids=[u for u in tenants if u not in done],
                                  **scope)
            if not rows:
                return
            after_user, after = rows[-1]["user_id"], rows[-1]["uid"]
            done.update(row["user_id"] for row in rows if row["user_id"] != after_user)
            yield rows
    found = ctx.graph.read("jobs/dirty_relationship_uids", user_ids=tenants, **scope)
    for start in range(0, len(found), page):
        ctx.checkpoint(f"{unit}:{found[start]['uid']}")
        for user_id, group in groupby(found[start:start + page], key=lambda r: r["user_id"]):
            rows = ctx.graph.read("jobs/dirty_relationships", user_id=user_id,
                                  uids=[r["uid"] for r in group])
            if rows:
                yield rows


def _consolidate_chunk(ctx: JobContext, unit: str, write_query: str, user_id: str,
                       rows: list[dict[str, Any]]) -> None:
    """Synthesise one tenant's chunk in LLM batches, re-embed what changed in one embedder
    call, write in one transaction scoped to the tenant."""
    items = [_item(row) for row in rows]
    described: dict[str, str] = {}
    llm_batch = ctx.settings.lifecycle.consolidate_llm_batch
    for start in range(0, len(items), llm_batch):
        batch = items[start:start + llm_batch]
        try:
            answer = ctx.synthesiser.describe(batch)
        except ProviderError as e:
            ctx.report.errors.append(f"{unit} {batch[0].key}…: {e}")
            ctx.report.add(**{f"{unit}_failed": len(batch)})
            continue
        missing = [i.key for i in batch if i.key not in answer]
        if missing:
            ctx.report.errors.append(f"{unit}: no description returned for "
                                     f"{', '.join(missing)}")
            ctx.report.add(**{f"{unit}_failed": len(missing)})
        described.update({i.key: answer[i.key] for i in batch if i.key in answer})
    if not described:
        return
    changed = [i for i in items if i.key in described and described[i.key] != i.description]
    vectors = ctx.embedder_factory().embed_batch(
        [embedding_text(i.name, described[i.key], [n.text for n in i.notes]) for i in changed]
    ) if changed else []
    embedding = {i.key: v for i, v in zip(changed, vectors, strict=True)}
    params = [{"uid": i.key, "old_description": i.description, "note_count": len(i.notes),
               "description": described[i.key], "embedding": embedding.get(i.key)}
              for i in items if i.key in described]
    model = ctx.embedder_factory().model_name if changed else ""
    written = ctx.graph.write(write_query, user_id=user_id, rows=params, as_of=ctx.as_of,
                              embedding_model=model)[0]["written"]
    ctx.report.add(**{f"{unit}_consolidated": written, f"{unit}_reembedded": len(changed),
                      f"{unit}_changed_meanwhile": len(params) - written})


def _item(row: dict[str, Any]) -> DescribeItem:
    notes = tuple(sorted((DatedText(text, to_native(at))
                          for text, at in zip(row["notes"], row["notes_added_at"], strict=False)),
                         key=lambda n: n.at))
    return DescribeItem(key=row["uid"], kind=row["kind"], name=row["name"],
                        description=row["description"], notes=notes, user_id=row["user_id"])


