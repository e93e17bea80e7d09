// Entity resolution, step 3: the most similar node of the same kind and user.
// Small tenants ($by_index false) are scanned exactly: every node of that kind (seek on
// the kind's (user_id, canonical_name) constraint). Large ones ask the shared vector index
// for its $candidates nearest neighbours and keep the tenant's nodes of that kind: the
// index cannot pre-filter by tenant, so this over-fetches and is approximate.
// vector.similarity.cosine and the index score are (1 + cosine) / 2; 2s - 1 is the cosine.
UNWIND $rows AS row
CALL (row) {
  CALL (row) {
    WITH row WHERE NOT $by_index
    CALL (row) {
      MATCH (n:Person {user_id: $user_id})
      WHERE row.kind = 'Person' AND n.canonical_name IS NOT NULL RETURN n
      UNION ALL
      MATCH (n:Concept {user_id: $user_id})
      WHERE row.kind = 'Concept' AND n.canonical_name IS NOT NULL RETURN n
      UNION ALL
      MATCH (n:Entity {user_id: $user_id})
      WHERE row.kind = 'Entity' AND n.canonical_name IS NOT NULL RETURN n
    }
    WITH row, n WHERE n.embedding IS NOT NULL
    RETURN n, 2 * vector.similarity.cosine(n.embedding, row.embedding) - 1 AS similarity
    UNION
    WITH row WHERE $by_index
    CALL db.index.vector.queryNodes($vector_index, $candidates, row.embedding)
    YIELD node, score
    WITH row, node AS n, score WHERE n.user_id = $user_id AND row.kind IN labels(n)
    RETURN n, 2 * score - 1 AS similarity
  }
  WITH n, similarity WHERE similarity >= $threshold
  RETURN n.uid AS uid, n.name AS name, coalesce(n.entity_type, '') AS entity_type,
         similarity
  ORDER BY similarity DESC
  LIMIT 1
}
RETURN row.i AS i, uid, name, entity_type, similarity
