// The existing graph the extraction agent sees: the user's semantic nodes most similar to
// the new source plus full-text hits on its words (memory_text), at most $limit in all.
// Similar nodes as in ingest/similar_nodes: exact over a small tenant's semantic nodes,
// else the tenant's among the vector index's $candidates nearest neighbours.
CALL (){
  CALL () {
    WITH 1 AS one WHERE NOT $by_index
    CALL () {
      MATCH (n:Person {user_id: $user_id}) WHERE n.canonical_name IS NOT NULL RETURN n
      UNION ALL
      MATCH (n:Concept {user_id: $user_id}) WHERE n.canonical_name IS NOT NULL RETURN n
      UNION ALL
      MATCH (n:Entity {user_id: $user_id}) WHERE n.canonical_name IS NOT NULL RETURN n
    }
    WITH n WHERE n.embedding IS NOT NULL
    RETURN n, vector.similarity.cosine(n.embedding, $embedding) AS score
    UNION
    WITH 1 AS one WHERE $by_index
    CALL db.index.vector.queryNodes($vector_index, $candidates, $embedding)
    YIELD node, score
    WITH node AS n, score
    WHERE n.user_id = $user_id AND (n:Person OR n:Concept OR n:Entity)
    RETURN n, score
  }
  WITH n, score WHERE n.state <> 'archived'
  RETURN n, score ORDER BY score DESC LIMIT $limit
  UNION
  // scoped to the tenant inside Lucene (memory_text holds user_id), as in explore
  WITH $text AS terms, $user_id AS tenant_id, $limit * 20 AS hit_limit,
       'memory_text' AS index_name
  {{> fragments/fulltext_own procedure=queryNodes yields=node}}
  UNWIND found AS hit
  WITH hit.e AS n, hit.score AS score
  WHERE n.user_id = $user_id AND (n:Person OR n:Concept OR n:Entity)
    AND n.state <> 'archived'
  RETURN n, 1.0 + score AS score
}
WITH n, max(score) AS score ORDER BY score DESC LIMIT $limit
RETURN n.uid AS uid, [l IN labels(n) WHERE l IN [{{kinds}}]][0] AS kind, n.name AS name,
       n.description AS description, n.aliases AS aliases
