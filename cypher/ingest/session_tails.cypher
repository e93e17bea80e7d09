// The last message so far of each of $session_ids (the one marked `session_tail`, as
// chain_sources.cypher picks it): what a new message of that session follows, and is
// embedded after (memgraph/ingest/properties.py: source_vector_text). A session with no
// message yet has no row. Also the last $chars characters of that message, its speaker,
// and the last $chars of the message before it: what the rule extractor reads of the
// message a new one follows (as previous_message.cypher reads it of a stored source), so
// that a message extracted before it is written needs no other read.
UNWIND $session_ids AS session_id
CALL (session_id) {
  MATCH (p:Source {user_id: $user_id, session_id: session_id, session_tail: true})
  USING INDEX p:Source(user_id, session_id, session_tail)   // as chain_sources says why
  WHERE NOT (p)-[:NEXT]->()
  WITH p ORDER BY p.ingested_at DESC, p.event_at DESC LIMIT 1
  RETURN p.search_text AS search_text, right(p.raw_content, $chars) AS content,
         p.speaker AS speaker,
         [(b:Source)-[:NEXT]->(p) WHERE b.user_id = $user_id
          | right(b.raw_content, $chars)][0] AS before
}
RETURN session_id, search_text, content, speaker, before
