// The existing graph the extraction agent sees: the user's semantic nodes most similar to
// the new source (exact cosine over the tenant; the shared vector index cannot pre-filter
// by tenant) plus full-text hits on its words (memory_text), at most $limit in all.
CALL (){
  MATCH (n:Memory {user_id: $user_id})
  WHERE (n:Person OR n:Concept OR n:Entity) AND n.embedding IS NOT NULL
    AND n.state <> 'archived'
  WITH n, vector.similarity.cosine(n.embedding, $embedding) AS score
  ORDER BY score DESC LIMIT $limit
  RETURN n, score
  UNION
  CALL db.index.fulltext.queryNodes('memory_text', $text, {limit: $limit * 20})
  YIELD node, score
  WITH node AS n, score
  WHERE n.user_id = $user_id AND (n:Person OR n:Concept OR n:Entity)
    AND n.state <> 'archived'
  RETURN n, 1.0 + score AS score
}
WITH n, max(score) AS score ORDER BY score DESC LIMIT $limit
RETURN n.uid AS uid, [l IN labels(n) WHERE l <> 'Memory'][0] AS kind, n.name AS name,
       n.description AS description, n.aliases AS aliases
