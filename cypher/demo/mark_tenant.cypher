// Mark a user as the demo's own (made by `memgraph demo`), so the next tour may reset it.
MERGE (u:User {user_id: $user_id})
ON CREATE SET u.name = $user_id, u.ttl_policy = 'keep_forever', u.created_at = $now
SET u.demo_tour = true
