// A big tenant's own full-text index, on the label of its own vector index (a schema command
// takes no label parameter: cypher.with_identifiers fills it in). The same fields and
// analyzer as `memory_text` (memgraph/graph/schema.py, FULLTEXT_DEFINITIONS): Lucene then
// scores a term by the tenant's own document counts, which the shared index can only
// estimate by counting (fragments/weighted_terms).
CREATE FULLTEXT INDEX $index IF NOT EXISTS FOR (n:{{=label}})
ON EACH [n.name, n.aliases, n.description, n.notes, n.search_text, n.user_id]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
