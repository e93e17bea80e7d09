// Entity resolution, step 3: the most similar node of the same kind and user (exact
// cosine over the tenant's nodes; the shared vector index cannot pre-filter by tenant).
// vector.similarity.cosine is normalised to [0, 1]; 2s - 1 is the plain cosine.
UNWIND $rows AS row
CALL (row) {
  MATCH (n:Memory {user_id: $user_id})
  WHERE row.kind IN labels(n) AND n.embedding IS NOT NULL
  WITH n, 2 * vector.similarity.cosine(n.embedding, row.embedding) - 1 AS similarity
  WHERE similarity >= $threshold
  RETURN n.uid AS uid, n.name AS name, similarity
  ORDER BY similarity DESC
  LIMIT 1
}
RETURN row.i AS i, uid, name, similarity
