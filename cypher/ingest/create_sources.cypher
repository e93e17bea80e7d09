// Write Source nodes FIRST (status pending), before any extraction, so raw content is
// never lost. MERGE on the (user_id, idempotency_key) constraint: a source ingested twice
// changes nothing and reports created = false. The ingestion stamps are $now (rows need
// not carry them: one parameter instead of three datetimes per row); row.event_at is ISO-8601
// text parsed here (the driver's datetime encoding costs ~20-40 µs per value in Python,
// the server's parse next to nothing). Session chaining is a separate query in the same
// transaction (ingest/chain_sources).
MERGE (u:User {user_id: $user_id})
ON CREATE SET u.name = $user_id, u.ttl_policy = 'keep_forever', u.created_at = $now
WITH u
UNWIND $rows AS row
MERGE (s:Source:Memory {user_id: $user_id, idempotency_key: row.props.idempotency_key})
ON CREATE SET s += row.props, s.event_at = datetime(row.event_at), s.ingested_at = $now,
              s.created_at = $now, s.updated_at = $now
FOREACH (_ IN CASE WHEN s.uid = row.props.uid THEN [1] ELSE [] END |
  {{> fragments/relabel node=s}}
)
WITH s, row
CALL (s, row) {
  WITH s WHERE s.uid = row.props.uid
  {{> fragments/store_vector element=s key=embedding type=Node}}
  {{> fragments/tenant_label node=s}}
}
RETURN row.props.idempotency_key AS idempotency_key, s.uid AS uid,
       s.uid = row.props.uid AS created, s.extraction_status AS status
