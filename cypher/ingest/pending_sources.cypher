// Sources of one user (or of all users when $user_id is null) whose extraction failed,
// or that have been pending since before $stale_before (a crash between the Source write
// and the extraction write), oldest first; a source stored while the embedder was down
// has no embedding yet (needs_embedding), and is embedded after the message before it in
// its session (`previous`: properties.source_vector_text).
MATCH (s:Source)
WHERE ($user_id IS NULL OR s.user_id = $user_id)
  AND (s.extraction_status = 'failed'
       OR (s.extraction_status = 'pending' AND s.ingested_at < $stale_before))
RETURN s.uid AS uid, s.user_id AS user_id, s.raw_content AS content,
       s.session_id AS session_id, s.speaker AS speaker, s.event_at AS event_at,
       s.source_kind AS kind, s.embedding IS NULL AS needs_embedding,
       s.search_text AS search_text,
       CASE WHEN s.embedding IS NULL
            THEN [(p:Source)-[:NEXT]->(s) | p.search_text][0] END AS previous
ORDER BY s.ingested_at
LIMIT $limit
