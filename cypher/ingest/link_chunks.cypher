// Link a document's chunks (Sources, found by their idempotency keys) to its Artifact in
// document order; chunks kept from the previous version get their new position.
MATCH (a:Artifact {user_id: $user_id, uri: $uri})
UNWIND $chunks AS chunk
MATCH (s:Source {user_id: $user_id, idempotency_key: chunk.key})
MERGE (a)-[r:HAS_CHUNK]->(s)
ON CREATE SET r.user_id = $user_id, r.created_at = $now
SET r.index = chunk.index, r.section = chunk.section, s.external_id = chunk.external_id
RETURN count(r) AS linked
