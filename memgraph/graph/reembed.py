"""Give every memory node without a vector one again (after ``init --recreate-vector-index``).

Recreating the vector index for a new embedder clears every stored vector; this recomputes
them all, not only those the nightly jobs would touch: sources from their ``search_text``
after the message before them in their session (what ingestion embedded), semantic nodes
from name, description and notes (what consolidation embeds), other kinds from their text.
Tenant by tenant (a batch never mixes tenants, also when the embedder is a remote API),
``batch`` nodes per embedder call and transaction, in uid order. Resumable by
construction: the work left is exactly the nodes with no vector, so a run that stops
(crash, Ctrl-C, provider error) is finished by running it again, and ``missing_vectors``
says how much is left.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from memgraph.graph.connection import Graph
from memgraph.ingest.properties import source_vector_text
from memgraph.jobs.consolidate import embedding_text
from memgraph.providers.base import Embedder

Progress = Callable[[int, int], None]   # (re-embedded so far, total at the start)


def missing_vectors(graph: Graph, user_ids: list[str] | None = None) -> dict[str, int]:
    """Nodes without a vector per tenant (every tenant when ``user_ids`` is None)."""
    tenants = user_ids if user_ids is not None else _tenants(graph)
    rows = graph.read("graph/count_missing_vectors", user_ids=tenants)
    return {r["user_id"]: r["nodes"] for r in rows if r["nodes"]}


def reembed_missing(graph: Graph, embedder: Embedder, *, batch: int = 256,
                    progress: Progress | None = None, in_context: bool = True) -> int:
    """Embed every memory node of every tenant that has no vector (a source after the
    message before it when ``in_context``: the setting ``ingest.vector_context``). Returns
    how many."""
    todo = missing_vectors(graph)
    total, done = sum(todo.values()), 0
    for user_id in sorted(todo):
        after = ""
        while True:
            rows = graph.read("graph/missing_vectors", user_id=user_id, after=after,
                              limit=batch)
            if not rows:
                break
            vectors = embedder.embed_batch([node_text(r, in_context) for r in rows])
            graph.write("graph/write_vectors", user_id=user_id,
                        embedding_model=embedder.model_name,
                        rows=[{"uid": r["uid"], "embedding": v}
                              for r, v in zip(rows, vectors, strict=True)])
            done += len(rows)
            after = rows[-1]["uid"]
            if progress is not None:
                progress(done, total)
    return done


def node_text(row: dict[str, Any], in_context: bool = True) -> str:
    """What a node's vector stands for, as the path that first embedded it saw it."""
    if row["kind"] == "Source" and (row["search_text"] or row["raw_content"]):
        return source_vector_text(str(row["search_text"] or row["raw_content"]),
                                  row.get("previous") if in_context else None)
    if row["search_text"]:
        return str(row["search_text"])
    return embedding_text(row["name"], row["description"], [str(n) for n in row["notes"]])


def _tenants(graph: Graph) -> list[str]:
    return [r["user_id"] for r in graph.read("lifecycle/user_ids")]
