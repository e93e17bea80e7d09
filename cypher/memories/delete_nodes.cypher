// Delete memory nodes of one tenant by uid, with every relationship touching them (their
// notes are their own properties and go with them). A source taken out of its session's
// NEXT chain is bridged first: (previous)-[:NEXT]->(next), so the chain stays whole; a
// session's last source hands its `session_tail` mark (schema v9) to the one before it.
UNWIND $uids AS uid
MATCH (n:Memory {uid: uid}) USING INDEX SEEK n:Memory(uid)
WHERE n.user_id = $user_id
CALL (n) {
  MATCH (p:Source)-[:NEXT]->(n)-[:NEXT]->(q:Source)
  CREATE (p)-[:NEXT {user_id: $user_id, created_at: $now}]->(q)
}
CALL (n) {
  MATCH (p:Source)-[:NEXT]->(n) WHERE n.session_tail
  SET p.session_tail = true
}
DETACH DELETE n
RETURN count(*) AS deleted
