"""Warm-up: plan memgraph's queries on a server that just started, before a user waits.

Neo4j compiles its own code (JIT) and plans each query the first time it runs, and keeps
the plans until it stops or a schema change empties its cache. Right after a start, on the
2-core development machine, the first explore() took 13-22 s (its candidate query alone
15-16.5 s to plan) and the first ingest 5.5-17 s; the next ones 0.1-0.3 s
(docs/operations.md, "After a start: warm-up").

``warm_up`` makes the common calls once, for real, so their plans are cached: the schema
check, explore() and context() with their provenance and reinforcement, ingest, traverse
and status. It runs them on tenants no user can have (``WARM_UP_TENANTS``: a user id
starts with a letter or a digit), one for each size class of the user ids the database
holds, and writes nothing: the reads find nothing there, the ingest is a dry run and the
reinforcement matches nothing, both rolled back. It never loads a model or calls an LLM:
its vectors come from the hashing embedder at the index's size (a plan does not depend on
the vectors' values, but the server plans a query again for a list or text parameter of
another order of size, so the warm-up asks with the sizes the common calls have).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from memgraph.errors import NotFoundError
from memgraph.graph.connection import run_in
from memgraph.graph.schema import recorded_version, require_schema

if TYPE_CHECKING:
    from memgraph.memory import Memory

# The server plans a query again for a text or list parameter of another size class
# (length 0, 1, 2-10, 11-100, 101-1,000, ...; a map's values are not sized), and every
# query names its tenant: the warm-up plans once for each class of the user ids the
# database holds ("sam" and an e-mail address are two), on a tenant id of that class that
# no user can have. A database with no user yet gets the short ids' class.
WARM_UP_TENANTS = {1: "_", 10: "_warm-up", 100: "_warm-up-for-long-ids",
                   1000: "_warm-up-for-very-long-ids" + "_" * 80}
DEFAULT_CLASSES = [10]
# Messages that make the ingest write every kind of thing it writes (people, a place, an
# employer, facts, notes, mentions, a session to chain into), one short and one long.
WARM_UP_MESSAGES = ("I moved to Porto.",
                    "My sister Anna moved to Lisbon last May. She works at Lisbon "
                    "Children's Hospital, loves surfing and has a dog named Bo; my "
                    "friends Tom and Sara visited her there with their son Leo.")
WARM_UP_QUESTION = "Where does Anna live now?"


@dataclass
class WarmUpReport:
    """Seconds per step (over the tenants it planned for), in the order they ran, and in
    all; the reserved tenant ids it used, one per size class of the database's user ids."""

    steps: dict[str, float] = field(default_factory=dict)
    seconds: float = 0.0
    tenants: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"tenants": self.tenants, "steps": self.steps, "seconds": self.seconds}


def warm_up(memory: Memory) -> WarmUpReport:
    """Run the common calls' queries once for each size class of the database's user
    ids, on the reserved tenant of that class; nothing is written. Raises ``SchemaError``
    when the graph has no memgraph schema yet."""
    from memgraph.memory import Memory
    from memgraph.providers.embeddings import HashingEmbedder

    graph = memory.graph
    report = WarmUpReport()
    started = began = time.perf_counter()
    _, dimensions = recorded_version(graph)
    require_schema(graph, dimensions or 0)   # no schema: refused before its size is used
    classes = graph.read("graph/user_id_size_classes")[0]["classes"] or DEFAULT_CLASSES
    report.tenants = [WARM_UP_TENANTS[size] for size in sorted(classes)]
    report.steps["schema"] = round(time.perf_counter() - began, 3)
    # no model is loaded: a plan does not depend on the vectors' values
    warm = Memory(memory.settings, graph=graph, embedder=HashingEmbedder(dimensions or 0))
    for tenant in report.tenants:
        for name, run in _steps(warm, tenant):
            began = time.perf_counter()
            run()
            report.steps[name] = round(report.steps.get(name, 0.0)
                                       + time.perf_counter() - began, 3)
    report.seconds = round(time.perf_counter() - started, 3)
    return report


def _steps(warm: Memory, tenant: str) -> list[tuple[str, Callable[[], object]]]:
    """The common calls' queries for ``tenant``, named by the call they serve."""
    from memgraph.ingest.pipeline import Ingestor
    from memgraph.retrieve.api import context_memory, explore_memory
    from memgraph.retrieve.config import RetrievalConfig
    from memgraph.retrieve.explore import ExploreRequest, provenance_params, reinforce_step
    from memgraph.retrieve.filters import build_filters, parse_states
    from memgraph.retrieve.traverse import TraverseRequest, check_types, find_starts, next_hop

    graph, settings = warm.graph, warm.settings
    vector = warm.embedder.embed_query(WARM_UP_QUESTION)
    config = RetrievalConfig.from_settings(settings)

    def explore() -> None:
        explore_memory(warm, WARM_UP_QUESTION, user_id=tenant, reinforce=False,
                       vector=vector)

    def context() -> None:
        context_memory(warm, WARM_UP_QUESTION, user_id=tenant, reinforce=False,
                       vector=vector)

    def provenance() -> None:
        # an empty tenant ranks nothing, so neither call asked for provenance: ask as they
        # would (its items are in a map: one plan for any number of them)
        request = ExploreRequest(user_id=tenant, query=WARM_UP_QUESTION, vector=vector,
                                 k=settings.retrieval.default_k, filters=build_filters(),
                                 config=config)
        items = [{"eid": f"{tenant}-{i}", "uid": f"{tenant}-{i}", "element": "node",
                  "found": [tenant], "cites": config.provenance_per_result}
                 for i in range(settings.retrieval.default_k)]
        graph.read_now("retrieve/provenance", **provenance_params(request, items))

    def reinforce() -> None:
        # a recall of explore()'s default k results: it matches nothing on this tenant,
        # and its transaction is rolled back all the same
        items = [{"eid": f"{tenant}-{i}", "uid": f"{tenant}-{i}"}
                 for i in range(settings.retrieval.default_k)]
        params = reinforce_step(items, tenant, datetime.now(UTC), settings.lifecycle)
        with graph.session() as session:
            tx = session.begin_transaction()
            try:
                run_in(tx, "retrieve/reinforce", params)
            finally:
                tx.rollback()

    def ingest() -> None:
        ingestor = Ingestor(graph, settings, warm.embedder, llm=None)
        for message in WARM_UP_MESSAGES:
            ingestor.ingest(message, user_id=tenant, speaker="Sam", session_id=tenant,
                            dry_run=True)

    def traverse() -> None:
        with suppress(NotFoundError):   # the tenant holds nothing to start from
            find_starts(graph, tenant, "Anna")
        walk = TraverseRequest(user_id=tenant, start="Anna", depth=2,
                               types=check_types(None), direction="both", limit=50,
                               offset=0, states=parse_states(None, False))
        # the first hop goes from the start alone, the next from a few nodes at once
        next_hop(graph, walk, [tenant], [tenant], 51)
        few = [f"{tenant}-{i}" for i in range(3)]
        next_hop(graph, walk, few, [tenant, *few], 48)

    def status() -> None:
        graph.read("graph/server_info")
        graph.read("graph/counts", user_id=tenant)
        graph.read("graph/embedding_models", user_id=tenant)

    return [("explore", explore), ("context", context), ("provenance", provenance),
            ("reinforce", reinforce), ("ingest", ingest), ("traverse", traverse),
            ("status", status)]
