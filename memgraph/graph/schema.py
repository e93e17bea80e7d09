"""Apply and check the versioned graph schema (``cypher/schema/v<N>.cypher``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from neo4j import exceptions as neo4j_errors

from memgraph import cypher
from memgraph.errors import SchemaError
from memgraph.graph.connection import VANISHED_ENTITY, Graph, retrying, translate_errors
from memgraph.graph.tenant_index import drop_stale_fulltext_indexes, recreate_own_indexes
from memgraph.graph.vocabulary import RELATIONSHIP_TYPES

SCHEMA_VERSION = 10
VECTOR_INDEX = "memory_embedding"
FULLTEXT_INDEX = "memory_text"   # the shared full-text index over memory nodes


@dataclass(frozen=True)
class SchemaReport:
    version: int
    previous_version: int | None
    statements_run: int
    changed: bool
    dimensions: int
    reembedded: int = 0        # nodes given a vector again by this run (--reembed)
    missing_vectors: int = 0   # memory nodes still without a vector afterwards
    # Nodes whose vector another model made (model -> nodes): their cosine to this
    # embedder's query vectors means nothing until they are re-embedded.
    other_models: dict[str, int] = field(default_factory=dict)


def recorded_version(graph: Graph) -> tuple[int | None, int | None]:
    row = graph.read("graph/schema_version")[0]
    return row["version"], row["dimensions"]


def vector_index_dimensions(graph: Graph) -> dict[str, int]:
    return {r["name"]: r["dimensions"] for r in graph.read("graph/vector_index_dimensions")}


def check_vector_dimensions(graph: Graph, dimensions: int) -> None:
    """Raise SchemaError when the vector index disagrees with the embedder."""
    existing = vector_index_dimensions(graph).get(VECTOR_INDEX)
    if existing is not None and existing != dimensions:
        raise SchemaError(
            f"vector index {VECTOR_INDEX} has {existing} dimensions but the configured "
            f"embedder produces {dimensions}; run `memgraph init --recreate-vector-index` "
            "(stored vectors are recomputed) or configure the matching embedder")


def apply_schema(graph: Graph, dimensions: int, embedding_model: str,
                 recreate_vector_index: bool = False) -> SchemaReport:
    """Create every constraint and index (idempotent) and record the version."""
    if recreate_vector_index:
        graph.run_autocommit("graph/drop_vector_index")
        graph.run_autocommit("graph/clear_embeddings")
    check_vector_dimensions(graph, dimensions)
    migrate_fulltext_index(graph)
    graph.run_migration("graph/move_source_captions")
    graph.run_migration("graph/backfill_told_at")
    previous, previous_dims = recorded_version(graph)
    before = _schema_objects(graph)
    run = 0
    for version in range(1, SCHEMA_VERSION + 1):
        for statement in cypher.statements(f"schema/v{version}"):
            # Two processes initialising a fresh database at once deadlock on the label
            # locks of the same CREATE ... IF NOT EXISTS, and a migration meets nodes that
            # another process deletes; each statement is idempotent, so it runs again
            # (and finds done what was done).
            with translate_errors(graph.settings.neo4j_uri):
                retrying(lambda statement=statement: _run_statement(graph, statement,
                                                                     dimensions),
                         within_s=graph.settings.transaction_retry_s,
                         also_retry=frozenset({VANISHED_ENTITY}))
            run += 1
    if recreate_vector_index:
        recreate_own_indexes(graph, dimensions)
    graph.run_autocommit("graph/await_indexes")
    offline = [r["name"] for r in graph.read("graph/index_states") if r["state"] != "ONLINE"]
    if offline:
        raise SchemaError(f"indexes not ONLINE after init: {', '.join(offline)}")
    after = _schema_objects(graph)
    changed = before != after or previous != SCHEMA_VERSION or previous_dims != dimensions
    if changed:
        graph.write("graph/record_schema_version", version=SCHEMA_VERSION,
                    dimensions=dimensions, embedding_model=embedding_model)
    return SchemaReport(version=SCHEMA_VERSION, previous_version=previous,
                        statements_run=run, changed=changed, dimensions=dimensions)


# What cypher/schema/ defines for the full-text indexes (node labels, properties, analyzer);
# an index with an older definition is recreated. `user_id` is indexed so that a query is
# scoped to its tenant inside Lucene, not filtered after a cross-tenant top-k. Summaries
# have their own index (v6.cypher); relationship_text lists every semantic type of the
# vocabulary (v1.cypher), so a type added later (HAS_OCCUPATION, v10) recreates it.
# A query's words are matched in the text fields only (retrieve/filters.in_content_fields),
# never in the tenant's id.
NODE_TEXT_FIELDS = ("name", "aliases", "description", "notes", "search_text")
_NODE_TEXT = [*NODE_TEXT_FIELDS, "user_id"]
FULLTEXT_DEFINITIONS: dict[str, tuple[list[str], list[str], str]] = {
    FULLTEXT_INDEX: (["Person", "Concept", "Entity", "Source", "Artifact"], _NODE_TEXT,
                    "english"),
    "summary_text": (["Storyline", "Macro"], _NODE_TEXT, "english"),
    "relationship_text": (list(RELATIONSHIP_TYPES), ["description", "notes", "user_id"],
                          "standard-no-stop-words"),
}


def migrate_fulltext_index(graph: Graph) -> bool:
    """Drop full-text indexes whose definition is older (cypher/schema/ then recreates
    them) and give older sources their `search_text`; a big tenant's own full-text index
    of an older definition is given up (its tenant is due again). Returns whether anything
    changed."""
    changed = False
    for row in graph.read("graph/fulltext_index_definition"):
        labels, properties, analyzer = FULLTEXT_DEFINITIONS[row["name"]]
        if sorted(row["labels"]) == sorted(labels) \
                and sorted(row["properties"]) == sorted(properties) \
                and row["analyzer"] == analyzer:
            continue
        graph.run_autocommit("graph/drop_fulltext_index", index=row["name"])
        if row["name"] == FULLTEXT_INDEX:
            graph.run_migration("graph/backfill_search_text", user_id=None)
        changed = True
    # a big tenant's own full-text index follows the shared one's definition
    _, properties, analyzer = FULLTEXT_DEFINITIONS[FULLTEXT_INDEX]
    return drop_stale_fulltext_indexes(graph, properties, analyzer) > 0 or changed


def require_schema(graph: Graph, dimensions: int) -> None:
    """Refuse to work on a graph that was never initialised or has the wrong vectors."""
    version, _ = recorded_version(graph)
    if version is None:
        raise SchemaError("the graph has no memgraph schema; run `memgraph init`")
    if version < SCHEMA_VERSION:
        raise SchemaError(f"the graph schema is version {version}, this memgraph needs "
                          f"{SCHEMA_VERSION}; run `memgraph init`")
    check_vector_dimensions(graph, dimensions)


# What a CREATE ... IF NOT EXISTS still raises when another process made the same index or
# constraint between its check and its own creation: the statement's work is done.
_ALREADY_MADE = {"Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists",
                 "Neo.ClientError.Schema.IndexAlreadyExists",
                 "Neo.ClientError.Schema.ConstraintAlreadyExists"}


def _run_statement(graph: Graph, statement: str, dimensions: int) -> None:
    try:
        with graph._session() as session:   # the driver's errors, for retrying() to judge
            session.run(statement, {"dimensions": dimensions}).consume()
    except neo4j_errors.ClientError as e:
        if e.code not in _ALREADY_MADE or "IF NOT EXISTS" not in statement.upper():
            raise


def _schema_objects(graph: Graph) -> set[str]:
    indexes = {f"index:{r['name']}" for r in graph.read("graph/index_states")}
    constraints = {f"constraint:{r['name']}" for r in graph.read("graph/constraints")}
    return indexes | constraints
