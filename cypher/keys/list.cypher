// The API keys of one tenant, newest first (never their hashes).
MATCH (k:ApiKey {user_id: $user_id})
RETURN k.uid AS key_id, k.user_id AS user_id, k.name AS name, k.prefix AS prefix,
       k.created_at AS created_at, k.revoked_at AS revoked_at
ORDER BY k.created_at DESC
