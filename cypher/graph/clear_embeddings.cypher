// Vectors of the old size cannot go into the new index: cleared here, then recomputed by
// memgraph/graph/reembed.py (every node, sources included), not by the nightly jobs.
MATCH (n:Memory) WHERE coalesce(n.embedding, n.summary_embedding) IS NOT NULL
CALL (n) { REMOVE n.embedding, n.summary_embedding SET n.embedding_model = null }
  IN TRANSACTIONS OF 10000 ROWS
