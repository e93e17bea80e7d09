// One page (by uid) of a tenant's memory nodes without a vector: what `memgraph init
// --recreate-vector-index` cleared and has not re-embedded yet (also after a crash). A
// Storyline's or Macro's vector is `summary_embedding` (schema v6). A source comes with the
// message before it in its session (`previous`), after which it is embedded.
MATCH (n:Memory {user_id: $user_id})
WHERE coalesce(n.embedding, n.summary_embedding) IS NULL AND n.uid > $after
WITH n ORDER BY n.uid LIMIT $limit
RETURN n.uid AS uid, [l IN labels(n) WHERE l IN [{{kinds}}]][0] AS kind,
       coalesce(n.name, '') AS name, coalesce(n.description, '') AS description,
       coalesce(n.notes, []) AS notes, n.search_text AS search_text,
       n.raw_content AS raw_content,
       CASE WHEN n:Source THEN [(p:Source)-[:NEXT]->(n) | p.search_text][0] END AS previous
