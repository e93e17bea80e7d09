// Used by `memgraph init` when a full-text index has an older definition; v1.cypher
// recreates it. $index: memory_text, relationship_text or summary_text.
DROP INDEX $index IF EXISTS
