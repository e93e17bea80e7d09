// Revoke one key of one tenant: it stays (for the record) but authenticates no more.
MATCH (k:ApiKey {uid: $key_id, user_id: $user_id})
SET k.revoked_at = coalesce(k.revoked_at, $now)
RETURN k.uid AS key_id, k.user_id AS user_id, k.name AS name, k.prefix AS prefix,
       k.created_at AS created_at, k.revoked_at AS revoked_at
