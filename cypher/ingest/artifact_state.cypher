// A document's Artifact for one user (by uri) and its chunks, which a re-ingest compares
// with the new version: the checksum says "unchanged", the chunks' idempotency keys say
// which to keep, create and remove, their status which to resume (pending, failed).
OPTIONAL MATCH (a:Artifact {user_id: $user_id, uri: $uri})
OPTIONAL MATCH (a)-[c:HAS_CHUNK]->(s:Source {user_id: $user_id})
WITH a, c, s ORDER BY c.index
RETURN a.uid AS uid, a.content_hash AS content_hash,
       collect(CASE WHEN s IS NULL THEN null ELSE
         {uid: s.uid, key: s.idempotency_key, status: s.extraction_status,
          index: c.index} END) AS chunks
