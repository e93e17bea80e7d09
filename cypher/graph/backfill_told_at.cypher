// Migration run by every `memgraph init` (a no-op once done): a node written before it kept
// when it was last told about (`told_at`, set by ingest/mentions) takes it from the sources
// that mention it, so that retrieve's recency reads when it was told, not when it was
// written (docs/retrieval.md, "Session 100").
MATCH (n:Semantic)
WHERE n.told_at IS NULL AND EXISTS { (:Source)-[:MENTIONS]->(n) }
CALL (n) {
  MATCH (s:Source)-[:MENTIONS]->(n)
  WITH n, max(coalesce(s.event_at, s.created_at)) AS told
  SET n.told_at = told
} IN TRANSACTIONS OF 10000 ROWS
