// The key with this hash (the uniqueness constraint on ApiKey.key_hash makes it a seek).
MATCH (k:ApiKey {key_hash: $key_hash})
RETURN k.uid AS key_id, k.user_id AS user_id, k.name AS name, k.prefix AS prefix,
       k.created_at AS created_at, k.revoked_at AS revoked_at
