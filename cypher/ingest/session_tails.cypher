// The last message so far of each of $session_ids (the one marked `session_tail`, as
// chain_sources.cypher picks it): what a new message of that session follows, and is
// embedded after (memgraph/ingest/properties.py: source_vector_text). A session with no
// message yet has no row.
UNWIND $session_ids AS session_id
CALL (session_id) {
  MATCH (p:Source {user_id: $user_id, session_id: session_id, session_tail: true})
  USING INDEX p:Source(user_id, session_id, session_tail)   // as chain_sources says why
  WHERE NOT (p)-[:NEXT]->()
  WITH p ORDER BY p.ingested_at DESC, p.event_at DESC LIMIT 1
  RETURN p.search_text AS search_text
}
RETURN session_id, search_text
