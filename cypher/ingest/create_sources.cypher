// Write Source nodes FIRST (status pending), before any extraction, so raw content is
// never lost. MERGE on the (user_id, idempotency_key) constraint: a source ingested twice
// changes nothing and reports created = false. A new source in a session is chained
// after the session's current last source: (previous)-[:NEXT]->(new), in ingestion order.
// Rows are processed one after another, so a batch chains in its own order.
MERGE (u:User {user_id: $user_id})
ON CREATE SET u.name = $user_id, u.ttl_policy = 'keep_forever', u.created_at = $now
WITH u
UNWIND $rows AS row
CALL (row) {
  MERGE (s:Source:Memory {user_id: $user_id, idempotency_key: row.props.idempotency_key})
  ON CREATE SET s += row.props
  WITH s, s.uid = row.props.uid AS created
  CALL (s, created) {
    WITH s WHERE created AND s.session_id <> ''
    MATCH (p:Source {user_id: $user_id, session_id: s.session_id})
    WHERE p <> s AND NOT (p)-[:NEXT]->()
    WITH s, p ORDER BY p.ingested_at DESC, p.event_at DESC LIMIT 1
    CREATE (p)-[:NEXT {user_id: $user_id, created_at: $now}]->(s)
  }
  RETURN s, created
}
RETURN row.props.idempotency_key AS idempotency_key, s.uid AS uid, created,
       s.extraction_status AS status
