// A new HTTP API key of one tenant. Only the SHA-256 of the key is stored (key_hash; the
// key itself is shown once, at creation); `prefix` is its readable start, `name` the label
// people give it, shown as the Browser caption.
MERGE (u:User {user_id: $user_id})
ON CREATE SET u.ttl_policy = 'keep_forever', u.created_at = $now
CREATE (k:ApiKey {uid: $key_id, user_id: $user_id, name: $key_name, prefix: $prefix,
                  key_hash: $key_hash, created_at: $now})
CREATE (u)-[:HAS_KEY]->(k)
RETURN k.uid AS key_id, k.user_id AS user_id, k.name AS name, k.prefix AS prefix,
       k.created_at AS created_at, k.revoked_at AS revoked_at
