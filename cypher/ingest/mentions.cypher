// Provenance: (Source)-[:MENTIONS]->(node) for every node a source created, changed or
// named. MERGE, so linking twice is harmless.
MATCH (s:Memory {uid: $source_uid}) USING INDEX SEEK s:Memory(uid) WHERE s:Source AND s.user_id = $user_id
UNWIND $uids AS uid
MATCH (n:Memory {uid: uid}) USING INDEX SEEK n:Memory(uid) WHERE n.user_id = $user_id
MERGE (s)-[m:MENTIONS]->(n)
ON CREATE SET m.user_id = $user_id, m.created_at = $now
// a node's time is when it was last told about (the latest event time of a source that
// mentions it; a source told late never moves it back): retrieve's recency reads it
// (fusion.recency), as it reads a message's own event time
WITH s, m, n, coalesce(s.event_at, s.created_at) AS told
SET n.told_at = CASE WHEN n:Source OR (n.told_at IS NOT NULL AND n.told_at >= told)
                     THEN n.told_at ELSE told END
RETURN count(m) AS mentions
