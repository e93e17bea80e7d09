// The tenant's index is ONLINE and every node labelled: explore() may ask it.
MATCH (t:TenantVectorIndex {user_id: $user_id})
SET t.state = 'online', t.online_at = $now
RETURN t.state AS state
