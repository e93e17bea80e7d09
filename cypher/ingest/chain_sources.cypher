// Chain newly written sources into their sessions: (previous)-[:NEXT]->(next).
// $sessions = [{session_id, uids}], uids in ingestion order (computed by the caller per
// batch); each session continues from its current last source, the one marked
// `session_tail` (schema v9: one index seek, not a read of the whole session), and the
// mark moves to the new last one. The tenant's User node is write-locked first (a
// property set and removed: no change is left, the lock is held until commit), so
// concurrent ingests into one session chain one after another and read each other's tail
// instead of forking the chain.
MATCH (u:User {user_id: $user_id})
SET u._chain_lock = true
REMOVE u._chain_lock
WITH u
UNWIND $sessions AS session
CALL (session) {
  // the hint: planned while the mark is rare or absent, the (user_id, session_id) index
  // was chosen, and the mark read on every message of the session
  OPTIONAL MATCH (p:Source {user_id: $user_id, session_id: session.session_id,
                            session_tail: true})
  USING INDEX p:Source(user_id, session_id, session_tail)
  WHERE NOT (p)-[:NEXT]->() AND NOT p.uid IN session.uids
  WITH p ORDER BY p.ingested_at DESC, p.event_at DESC LIMIT 1
  RETURN collect(p.uid) AS tail
}
WITH session, tail + session.uids AS chain
CALL (session, chain) {
  OPTIONAL MATCH (old:Source {user_id: $user_id, session_id: session.session_id,
                              session_tail: true})
  USING INDEX old:Source(user_id, session_id, session_tail)
  WHERE old.uid <> last(chain)
  REMOVE old.session_tail
}
CALL (chain) {
  MATCH (newest:Memory {uid: last(chain)}) USING INDEX SEEK newest:Memory(uid)
  WHERE newest.user_id = $user_id
  SET newest.session_tail = true
}
WITH chain
UNWIND range(0, size(chain) - 2) AS i
MATCH (a:Memory {uid: chain[i]}) USING INDEX SEEK a:Memory(uid) WHERE a.user_id = $user_id
MATCH (b:Memory {uid: chain[i + 1]}) USING INDEX SEEK b:Memory(uid) WHERE b.user_id = $user_id
CREATE (a)-[:NEXT {user_id: $user_id, created_at: $now}]->(b)
RETURN count(*) AS links
