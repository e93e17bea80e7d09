// The tenant's indexes are ONLINE and every node labelled: explore() may ask them
// (`fulltext`: its own full-text index; a marker written before tenants had one has none,
// and `memgraph vector-index create` makes it).
MATCH (t:TenantVectorIndex {user_id: $user_id})
SET t.state = 'online', t.online_at = $now, t.fulltext = $fulltext
RETURN t.state AS state
