"""Job 5, reflect / merge duplicates / prune (seed 002).

Reflect: per user and kind, live nodes with embeddings are compared pairwise (numpy, exact
cosine): on a user's first run (or with ``--all``) every pair, afterwards only the nodes
written since the user's last run (``User.dedupe_checked_at``) against all the others, since
older pairs were compared then. Pairs at or above ``lifecycle.duplicate_similarity`` (0.85)
form clusters
(connected components). People and entities must also have names that agree, as in entity
resolution (``may_be_one``: "Tom, my colleague" and "Tim, my colleague" embed alike, and
so do "Barcelona" and "Madrid"); concepts that share a word too ("data engineer", "data
analyst").
Merge: each cluster collapses into its strongest node (salience, then access count, then
the oldest). Per loser, ONE transaction moves its relationships, notes, aliases and counters
to the winner, writes a ``:MergeLog`` (what moved, the loser's labels and properties) and
deletes the loser; ``undo_merge`` restores it from the log.
Prune: live nodes whose salience is below the archival threshold are archived.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import neo4j
import numpy as np

from memgraph import cypher
from memgraph.errors import InvalidInputError, NotFoundError
from memgraph.graph.connection import Graph
from memgraph.graph.names import may_be_one
from memgraph.graph.notes import NEXT_EXPIRY, NOTE_LISTS, next_expiry
from memgraph.graph.vocabulary import (
    LIFECYCLE_LABELS,
    MEMORY_LABEL,
    NAMED_KINDS,
    SEMANTIC_KINDS,
    SEMANTIC_LABEL,
    Kind,
)
from memgraph.jobs.context import JobContext, in_shard
from memgraph.jobs.union_find import UnionFind

COUNTERS = ("access_count", "recall_frequency")
SIMILARITY_BLOCK = 16_000_000   # cosines per numpy block (64 MB of float32)


def similar_pairs(vectors: np.ndarray, threshold: float, among: Sequence[int] | None = None,
                  block: int = SIMILARITY_BLOCK) -> list[tuple[int, int, float]]:
    """(i, j, cosine) for i < j with cosine >= threshold; with ``among``, only the pairs
    with at least one index in it (new nodes against all). Compared in row blocks of at
    most ``block`` cosines, so memory stays flat however many nodes there are."""
    if len(vectors) < 2:
        return []
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    unit = vectors / np.where(norms == 0, 1.0, norms)
    queries = np.arange(len(unit)) if among is None else np.asarray(sorted(among), dtype=int)
    step = max(1, block // len(unit))
    found: dict[tuple[int, int], float] = {}
    for start in range(0, len(queries), step):
        chunk = queries[start:start + step]
        sims = unit[chunk] @ unit.T
        for r, c in zip(*np.nonzero(sims >= threshold), strict=True):
            i, j = int(chunk[r]), int(c)
            if i != j:
                found[(min(i, j), max(i, j))] = float(sims[r, c])
    return [(i, j, sim) for (i, j), sim in sorted(found.items())]


def clusters(rows: Sequence[dict[str, Any]], kind: Kind, threshold: float,
             distinct: frozenset[frozenset[str]] = frozenset()) -> list[list[tuple[int, float]]]:
    """Groups of row indexes; rows arrive strongest first, so each group's first is the
    winner. Each entry carries the best similarity that joined it. ``distinct``: uid pairs
    never to join (their merge was undone)."""
    vectors = np.asarray([r["embedding"] for r in rows], dtype=np.float32)
    sets = UnionFind(range(len(rows)))   # the lower index (the stronger node) stays root
    best: dict[int, float] = {}

    recent = [i for i, row in enumerate(rows) if row.get("recent", True)]
    among = None if len(recent) == len(rows) else recent
    for i, j, sim in similar_pairs(vectors, threshold, among):
        if not may_be_one(rows[i]["name"], rows[j]["name"], named=kind in NAMED_KINDS,
                          types=(rows[i]["entity_type"], rows[j]["entity_type"])):
            continue
        if frozenset((rows[i]["uid"], rows[j]["uid"])) in distinct:
            continue
        best[i], best[j] = max(best.get(i, 0.0), sim), max(best.get(j, 0.0), sim)
        sets.union(i, j)
    groups: dict[int, list[tuple[int, float]]] = {}
    for i in sorted(best):
        groups.setdefault(sets.find(i), []).append((i, best[i]))
    return [sorted(g) for g in groups.values() if len(g) > 1]


def run(ctx: JobContext) -> None:
    cfg = ctx.settings.lifecycle
    users = [r["user_id"] for r in ctx.graph.read("jobs/dedupe_users", user_id=ctx.user_id)
             if in_shard(r["user_id"], ctx.shard)]
    for done, user in enumerate(users):
        since = None if ctx.all_elements else ctx.graph.read(
            "jobs/dedupe_watermark", user_id=user)[0]["since"]
        distinct = frozenset(frozenset((r["winner_uid"], r["loser_uid"])) for r in
                             ctx.graph.read("jobs/undone_merges", user_id=user))
        new = {r["kind"]: r["new"] for r in
               ctx.graph.read("jobs/dedupe_new_nodes", user_id=user, since=since)}
        for kind in SEMANTIC_KINDS:
            if not new.get(kind.value):
                continue
            rows = ctx.graph.read("jobs/dedupe_candidates", user_id=user, kind=kind.value,
                                  since=since, limit=cfg.dedupe_max_nodes_per_kind)
            if len(rows) == cfg.dedupe_max_nodes_per_kind:
                ctx.report.add(capped_kinds=1)   # the weakest beyond the cap were not compared
            ctx.report.add(compared_new=sum(bool(r["recent"]) for r in rows))
            for group in clusters(rows, kind, cfg.duplicate_similarity, distinct):
                ctx.report.add(duplicate_clusters=1)
                winner = rows[group[0][0]]
                for index, similarity in group[1:]:
                    if frozenset((winner["uid"], rows[index]["uid"])) in distinct:
                        continue   # joined through a third node; still declared distinct
                    ctx.checkpoint(f"merge:{rows[index]['uid']}")
                    if ctx.dry_run:
                        ctx.report.add(would_merge=1)
                        continue
                    merge(ctx.graph, user, kind, winner["uid"], rows[index]["uid"],
                          similarity, ctx.as_of, ctx.report.run_id)
                    ctx.report.add(merged=1)
        if not ctx.dry_run:
            ctx.graph.write("jobs/dedupe_mark_checked", user_id=user,
                            checked_at=ctx.report.started_at)
        ctx.tick("dedupe", done + 1, len(users))
    ctx.checkpoint("prune")
    # one shard prunes its own tenants only; otherwise one query for the scope
    scopes = ctx.tenants() if ctx.shard is not None else [ctx.user_id]
    for scope in scopes:
        row = ctx.graph.write("jobs/prune_nodes", user_id=scope,
                              threshold=cfg.archive_below_salience, as_of=ctx.as_of,
                              dry_run=ctx.dry_run)[0]
        ctx.report.add(**{"would_prune" if ctx.dry_run else "pruned": row["pruned"]})


# -- merge and undo ---------------------------------------------------------------------
def _encode(value: Any) -> Any:
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if hasattr(value, "iso_format"):
        return {"$datetime": value.iso_format()}
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, list):
        return [_decode(v) for v in value]
    if isinstance(value, dict) and "$datetime" in value:
        return neo4j.time.DateTime.from_iso_format(value["$datetime"])
    return value


def _props_json(props: dict[str, Any]) -> str:
    return json.dumps({k: _encode(v) for k, v in props.items()})


def _props_from_json(text: str) -> dict[str, Any]:
    return {k: _decode(v) for k, v in json.loads(text).items()}


def _winner_after(winner: dict[str, Any], loser: dict[str, Any]) -> dict[str, Any]:
    names = {str(winner.get(k) or "").lower() for k in ("name", "canonical_name")}
    aliases = list(winner.get("aliases") or [])
    for alias in [loser.get("name"), loser.get("canonical_name"), *(loser.get("aliases") or [])]:
        if alias and alias.lower() not in names and alias not in aliases:
            aliases.append(alias)
    after: dict[str, Any] = {"aliases": aliases,
                             "salience": max(winner.get("salience") or 0.0,
                                             loser.get("salience") or 0.0)}
    for key in NOTE_LISTS:
        after[key] = list(winner.get(key) or []) + list(loser.get(key) or [])
    after[NEXT_EXPIRY] = next_expiry(after["notes_expires_at"])
    for key in COUNTERS:
        after[key] = int(winner.get(key) or 0) + int(loser.get(key) or 0)
    if loser.get("notes"):
        after["is_dirty"] = True   # the winner's description should absorb the new notes
    if not winner.get("description") and loser.get("description"):
        after["description"] = loser["description"]
    # the winner was last told about when either was (the loser's sources now mention it)
    told = [t for t in (winner.get("told_at"), loser.get("told_at")) if t is not None]
    if told:
        after["told_at"] = max(told)
    return after


def merge(graph: Graph, user_id: str, kind: Kind, winner_uid: str, loser_uid: str,
          similarity: float, as_of: datetime, run_id: str) -> str:
    """Merge one loser into its winner in one transaction; return the merge log's id."""
    log_uid = uuid.uuid4().hex

    def work(tx: neo4j.ManagedTransaction) -> str:
        snap = tx.run(cypher.load("jobs/merge_snapshot"), winner_uid=winner_uid,
                      loser_uid=loser_uid, user_id=user_id).single()
        if snap is None:
            raise NotFoundError(f"merge {loser_uid} into {winner_uid}: node gone")
        winner, loser = dict(snap["winner"]), dict(snap["loser"])
        moved = tx.run(cypher.load("jobs/merge_move"), winner_uid=winner_uid,
                       loser_uid=loser_uid, log_uid=log_uid).single()
        after = _winner_after(winner, loser)
        log = {"user_id": user_id, "kind": kind.value, "winner_uid": winner_uid,
               "winner_name": winner.get("name", ""), "loser_uid": loser_uid,
               "loser_name": loser.get("name", ""), "similarity": similarity,
               "merged_at": as_of, "run_id": run_id, "loser_labels": list(snap["labels"]),
               "loser_properties": _props_json(loser),
               "winner_before": _props_json({k: winner.get(k) for k in after}),
               "winner_note_count_after": len(after["notes"]),
               "between": json.dumps([{**b, "properties": {k: _encode(v) for k, v in
                                                           b["properties"].items()}}
                                      for b in snap["between"]]),
               "moved_out": moved["moved_out"], "moved_in": moved["moved_in"]}
        tx.run(cypher.load("jobs/merge_finish"), winner_uid=winner_uid, loser_uid=loser_uid,
               winner_after=after, log_uid=log_uid, log=log).consume()
        return log_uid

    with graph.session() as session:
        return session.execute_write(work)


def undo_merge(graph: Graph, merge_id: str, user_id: str) -> dict[str, Any]:
    """Restore a merged-away node of ``user_id`` and move its relationships back; return
    what moved. A merge of another user is not found. Chained merges (A absorbed B, then
    C absorbed A) are undone newest first: the older merge's winner must exist again."""
    rows = graph.read("jobs/merge_log", merge_id=merge_id, user_id=user_id)
    if not rows:
        raise NotFoundError(f"no merge {merge_id!r} for user {user_id!r}")
    log = rows[0]["log"]
    if log.get("undone_at") is not None:
        raise InvalidInputError(f"merge {merge_id} was already undone at {log['undone_at']}")
    allowed = {MEMORY_LABEL, SEMANTIC_LABEL, *(k.value for k in Kind), *LIFECYCLE_LABELS}
    labels = list(log["loser_labels"])
    if not set(labels) <= allowed:
        raise InvalidInputError(f"merge {merge_id} names labels outside the allow-list: "
                                f"{labels}")
    loser = _props_from_json(log["loser_properties"])
    restore = _winner_restore(graph, log, loser, user_id)
    between = [{**b, "properties": _props_from_json(json.dumps(b["properties"]))}
               for b in json.loads(log["between"])]
    results = graph.write_many([
        ("jobs/undo_restore_loser", {"labels": labels, "properties": loser}),
        ("jobs/undo_move_back", {"winner_uid": log["winner_uid"], "loser_uid": log["loser_uid"],
                                 "merge_id": merge_id, "between": between,
                                 "winner_restore": restore, "now": datetime.now(UTC)}),
    ])
    moved = results[1][0]
    return {"merge_id": merge_id, "restored_uid": log["loser_uid"],
            "winner_uid": log["winner_uid"], **moved}


def _winner_restore(graph: Graph, log: dict[str, Any], loser: dict[str, Any],
                    user_id: str) -> dict[str, Any]:
    """The winner's properties with the loser's contribution taken out; notes written after
    the merge are kept, counters keep what accrued since."""
    before = _props_from_json(log["winner_before"])
    now = graph.read("jobs/merge_snapshot_winner", uid=log["winner_uid"], user_id=user_id)
    if not now:
        later = graph.read("jobs/merge_absorbing", uid=log["winner_uid"], user_id=user_id)
        if later:
            raise InvalidInputError(
                f"merge {log['uid']}: its winner {log['winner_name']!r} was itself merged "
                f"away later (merge {later[0]['merge_id']}); undo that merge first")
        raise NotFoundError(f"the merge's winner {log['winner_uid']} no longer exists")
    current = now[0]["winner"]
    restore: dict[str, Any] = {"aliases": before.get("aliases") or [], "is_dirty": True}
    merged_count = int(log["winner_note_count_after"])
    for key in NOTE_LISTS:
        restore[key] = list(before.get(key) or []) + list(current.get(key) or [])[merged_count:]
    restore[NEXT_EXPIRY] = next_expiry(restore["notes_expires_at"])
    for key in COUNTERS:
        restore[key] = max(0, int(current.get(key) or 0) - int(loser.get(key) or 0))
    if "description" in before:
        restore["description"] = before["description"] or ""
    return restore


def merge_logs(graph: Graph, user_id: str | None, limit: int = 50) -> list[dict[str, Any]]:
    """Recent merges of one user, or of every user (``user_id=None``, the caller's explicit
    all-users choice), newest first."""
    return graph.read("jobs/merge_logs", user_id=user_id, limit=limit)
