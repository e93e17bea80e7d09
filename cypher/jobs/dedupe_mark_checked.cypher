// Record that this user's duplicates were looked for as of $checked_at: the wall-clock
// start of the run (not --as-of), so whatever was written during or after the run counts as
// new next time, and a simulated run in the future hides nothing written today.
MERGE (u:User {user_id: $user_id})
ON CREATE SET u.name = $user_id, u.ttl_policy = 'keep_forever', u.created_at = $checked_at
SET u.dedupe_checked_at = $checked_at
