"""traverse(): a bounded breadth-first walk, one query per hop, paginated.

Depth is capped by ``retrieval.max_traverse_depth`` and the page by
``retrieval.max_traverse_limit``; a hop never asks for more than the nodes still needed for
``offset + limit + 1``, so no call reads more than that many nodes. Nodes come in a stable
order (depth, then the strength of the relationship that reached them, then salience, then
uid), so pages do not overlap.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from memgraph.errors import InvalidInputError, NotFoundError
from memgraph.graph.connection import Graph
from memgraph.graph.names import alias_key, canonical_name
from memgraph.graph.vocabulary import RELATIONSHIP_TYPES, STRUCTURAL_TYPES
from memgraph.retrieve.explore import record_recall
from memgraph.retrieve.results import (
    TraverseNode,
    TraverseRelationship,
    TraverseResult,
    as_datetime,
)
from memgraph.settings import Settings

DIRECTIONS = ("out", "in", "both")
MAX_WINDOW = 10_000   # offset + limit: deeper pages than this are refused, not scanned


@dataclass(frozen=True)
class TraverseRequest:
    user_id: str
    start: str
    depth: int
    types: list[str]
    direction: str
    limit: int
    offset: int
    states: list[str]


def check_types(types: Iterable[str] | str | None) -> list[str]:
    """Semantic types by default; structural ones (MENTIONS, NEXT, …) when named."""
    if types is None:
        return list(RELATIONSHIP_TYPES)
    chosen = []
    for text in [types] if isinstance(types, str) else types:
        candidate = re.sub(r"[\s\-]+", "_", str(text).strip()).upper()
        if candidate not in RELATIONSHIP_TYPES and candidate not in STRUCTURAL_TYPES:
            raise InvalidInputError(
                f"unknown relationship type {text!r}; use one of "
                + ", ".join([*RELATIONSHIP_TYPES, *STRUCTURAL_TYPES]))
        chosen.append(candidate)
    if not chosen:
        raise InvalidInputError("types is empty; leave it out to follow every semantic type")
    return chosen


def check_bounds(depth: int, limit: int, offset: int, direction: str,
                 settings: Settings) -> None:
    r = settings.retrieval
    if not isinstance(depth, int) or not 1 <= depth <= r.max_traverse_depth:
        raise InvalidInputError(f"depth must be from 1 to {r.max_traverse_depth}, got {depth!r}")
    if not isinstance(limit, int) or not 1 <= limit <= r.max_traverse_limit:
        raise InvalidInputError(f"limit must be from 1 to {r.max_traverse_limit}, got {limit!r}")
    if not isinstance(offset, int) or offset < 0 or offset + limit > MAX_WINDOW:
        raise InvalidInputError(f"offset must be >= 0 with offset + limit <= {MAX_WINDOW}")
    if direction not in DIRECTIONS:
        raise InvalidInputError(f"direction must be one of {', '.join(DIRECTIONS)}")


def find_start(graph: Graph, user_id: str, start: str) -> tuple[str, dict[str, Any]]:
    row = _start_rows(graph, user_id, start)[0]
    return row["eid"], row["node"]


def find_starts(graph: Graph, user_id: str, start: str) -> list[tuple[int, dict[str, Any]]]:
    """Every node ``start`` may mean, best first, with its match priority (0 uid,
    1 canonical name, 2 name or alias)."""
    return [(row["priority"], row["node"]) for row in _start_rows(graph, user_id, start)]


def _start_rows(graph: Graph, user_id: str, start: str) -> list[dict[str, Any]]:
    if not isinstance(start, str) or not start.strip():
        raise InvalidInputError("start is empty: give a uid or a name")
    text = start.strip()
    names = sorted({text, text.lower(), alias_key(text), canonical_name(text)})
    rows = graph.read("retrieve/traverse_start", user_id=user_id, start=text, names=names)
    if not rows:
        raise NotFoundError(f"no memory with uid or name {start!r} for user {user_id!r}")
    return rows


@dataclass(frozen=True)
class Step:
    eid: str
    node: TraverseNode
    rel_eid: str
    rel: TraverseRelationship


def walk(graph: Graph, req: TraverseRequest) -> tuple[str, TraverseNode, list[Step]]:
    """BFS up to ``offset + limit + 1`` nodes, in page order."""
    start_eid, start_props = find_start(graph, req.user_id, req.start)
    start = _node(start_props, 0, [start_props["uid"]])
    wanted = req.offset + req.limit + 1
    visited = [start_eid]
    paths = {start_eid: start.path}
    steps: list[Step] = []
    frontier = [start_eid]
    for depth in range(1, req.depth + 1):
        if not frontier or len(steps) >= wanted:
            break
        rows = next_hop(graph, req, frontier, visited, wanted - len(steps))
        frontier = []
        for row in rows:
            rel_id = row["rel"].get("uid") or row["rel_eid"]   # structural types have no uid
            path = [*paths[row["parent"]], rel_id, row["node"]["uid"]]
            paths[row["eid"]] = path
            steps.append(Step(row["eid"], _node(row["node"], depth, path), row["rel_eid"],
                              _rel(row["rel"], rel_id)))
            visited.append(row["eid"])
            frontier.append(row["eid"])
    return start_eid, start, steps


def next_hop(graph: Graph, req: TraverseRequest, frontier: list[str], visited: list[str],
             limit: int) -> list[dict[str, Any]]:
    """The unvisited neighbours of ``frontier`` (element ids), strongest first."""
    return graph.read("retrieve/traverse_hop", frontier=frontier, visited=visited,
                      types=req.types, direction=req.direction, states=req.states,
                      user_id=req.user_id, limit=limit)


def traverse(graph: Graph, req: TraverseRequest, *, reinforce: bool,
             settings: Settings) -> TraverseResult:
    start_eid, start, steps = walk(graph, req)
    page = steps[req.offset: req.offset + req.limit]
    more = len(steps) > req.offset + req.limit
    if reinforce:
        items = [{"eid": start_eid, "uid": start.uid}]
        for step in page:
            items.append({"eid": step.eid, "uid": step.node.uid})
            if step.rel.uid != step.rel_eid:          # only semantic relationships
                items.append({"eid": step.rel_eid, "uid": step.rel.uid})
        record_recall(graph, items, req.user_id, datetime.now(UTC), settings.lifecycle,
                      behind=settings.retrieval.reinforce_in_background)
    return TraverseResult(start=start, nodes=[s.node for s in page],
                          relationships=[s.rel for s in page], offset=req.offset,
                          next_offset=req.offset + req.limit if more else None)


def _node(p: dict[str, Any], depth: int, path: list[str]) -> TraverseNode:
    return TraverseNode(uid=p["uid"], kind=p.get("kind") or "", name=p.get("name") or "",
                        text=p.get("raw_content") or p.get("description") or "",
                        state=p.get("state") or "", salience=float(p.get("salience") or 0.0),
                        depth=depth, path=path)


def _rel(p: dict[str, Any], uid: str) -> TraverseRelationship:
    return TraverseRelationship(uid=uid, type=p["type"], start_uid=p.get("start_uid") or "",
                                end_uid=p.get("end_uid") or "",
                                description=p.get("description") or "",
                                state=p.get("state") or "", strength=p.get("strength"),
                                valid_from=as_datetime(p.get("valid_from")),
                                valid_to=as_datetime(p.get("valid_to")),
                                superseded_by=p.get("superseded_by") or "")
