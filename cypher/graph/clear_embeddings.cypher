// Vectors of the old size cannot go into the new index; they are recomputed on demand.
MATCH (n:Memory) WHERE n.embedding IS NOT NULL
CALL (n) { REMOVE n.embedding SET n.embedding_model = null, n.is_dirty = true }
  IN TRANSACTIONS OF 10000 ROWS
