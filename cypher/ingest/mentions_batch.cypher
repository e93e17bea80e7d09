// Provenance for a batch of structured records: (Source)-[:MENTIONS]->(node).
// USING INDEX SEEK (here and in every uid lookup of cypher/ingest/): planned while the
// database is young, the planner's statistics can prefer the (user_id) range index or a
// scan of the uid index, i.e. a scan of the whole tenant per row; this query then took
// 19 s instead of 0.1 s per 2,000 records until it was replanned.
UNWIND $rows AS row
MATCH (s:Memory {uid: row.source_uid}) USING INDEX SEEK s:Memory(uid) WHERE s:Source AND s.user_id = $user_id
UNWIND row.uids AS uid
MATCH (n:Memory {uid: uid}) USING INDEX SEEK n:Memory(uid) WHERE n.user_id = $user_id
MERGE (s)-[m:MENTIONS]->(n)
ON CREATE SET m.user_id = $user_id, m.created_at = $now
{{> fragments/told_at node=n source=s}}
RETURN count(m) AS mentions
