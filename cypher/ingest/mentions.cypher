// Provenance: (Source)-[:MENTIONS]->(node) for every node a source created, changed or
// named. MERGE, so linking twice is harmless.
MATCH (s:Memory {uid: $source_uid}) USING INDEX SEEK s:Memory(uid) WHERE s:Source AND s.user_id = $user_id
UNWIND $uids AS uid
MATCH (n:Memory {uid: uid}) USING INDEX SEEK n:Memory(uid) WHERE n.user_id = $user_id
MERGE (s)-[m:MENTIONS]->(n)
ON CREATE SET m.user_id = $user_id, m.created_at = $now
{{> fragments/told_at node=n source=s}}
RETURN count(m) AS mentions
