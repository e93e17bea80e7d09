// Provenance for a batch of structured records: (Source)-[:MENTIONS]->(node).
UNWIND $rows AS row
MATCH (s:Memory {uid: row.source_uid}) WHERE s:Source AND s.user_id = $user_id
UNWIND row.uids AS uid
MATCH (n:Memory {uid: uid}) WHERE n.user_id = $user_id
MERGE (s)-[m:MENTIONS]->(n)
ON CREATE SET m.user_id = $user_id, m.created_at = $now
RETURN count(m) AS mentions
