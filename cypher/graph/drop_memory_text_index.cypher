// Used by `memgraph init` when `memory_text` has an older definition; v1.cypher recreates it.
DROP INDEX memory_text IF EXISTS
