// Used by `memgraph init --recreate-vector-index` after the embedder changed.
DROP INDEX memory_embedding IF EXISTS
